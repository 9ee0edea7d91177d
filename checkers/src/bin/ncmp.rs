//! ncmp: compares ordered sequences of signed 64-bit integers.
use testlib::prelude::*;

fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let mut n: i64 = 0;
    let mut first = String::new();
    while !ans.seek_eof() && !ouf.seek_eof() {
        n += 1;
        let j = ans.read_long();
        let p = ouf.read_long();
        if j != p {
            quitf!(
                WA,
                "{n}{} numbers differ - expected: '{j}', found: '{p}'",
                english_ending(n)
            );
        }
        if n <= 5 {
            if !first.is_empty() {
                first.push(' ');
            }
            first.push_str(&j.to_string());
        }
    }
    let mut extra_in_ans: i64 = 0;
    while !ans.seek_eof() {
        ans.read_long();
        extra_in_ans += 1;
    }
    let mut extra_in_ouf: i64 = 0;
    while !ouf.seek_eof() {
        ouf.read_long();
        extra_in_ouf += 1;
    }
    if extra_in_ans > 0 {
        quitf!(
            WA,
            "Answer contains longer sequence [length = {}], but output contains {n} elements",
            n + extra_in_ans
        );
    }
    if extra_in_ouf > 0 {
        quitf!(
            WA,
            "Output contains longer sequence [length = {}], but answer contains {n} elements",
            n + extra_in_ouf
        );
    }
    if n <= 5 {
        quitf!(OK, "{n} number(s): \"{}\"", compress(first.as_bytes()));
    }
    quitf!(OK, "{n} numbers");
}
