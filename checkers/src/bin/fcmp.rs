//! fcmp: compares files line by line, each line byte for byte.
use testlib::prelude::*;

fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let mut n: i64 = 0;
    let mut last = Vec::new();
    while !ans.eof() {
        let j = ans.read_line();
        if j.is_empty() && ans.eof() {
            break;
        }
        let p = ouf.read_line();
        n += 1;
        if j != p {
            quitf!(
                WA,
                "{n}{} lines differ - expected: '{}', found: '{}'",
                english_ending(n),
                compress(&j),
                compress(&p)
            );
        }
        last = j;
    }
    if n == 1 {
        quitf!(OK, "single line: '{}'", compress(&last));
    }
    quitf!(OK, "{n} lines");
}
