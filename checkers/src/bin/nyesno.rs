//! nyesno: compares sequences of YES and NO, case-insensitively.
use testlib::prelude::*;

pub fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let (mut index, mut yes_count, mut no_count): (i64, i64, i64) = (0, 0, 0);
    let mut pa = Vec::new();
    while !ans.seek_eof() && !ouf.seek_eof() {
        index += 1;
        let ja = ans.read_token().to_ascii_uppercase();
        pa = ouf.read_token().to_ascii_uppercase();
        let nth = format!("{index}{}", english_ending(index));
        if ja != b"YES" && ja != b"NO" {
            quitf!(
                FAIL,
                "YES or NO expected in answer, but {} found [{nth} token]",
                compress(&ja)
            );
        }
        match pa.as_slice() {
            b"YES" => yes_count += 1,
            b"NO" => no_count += 1,
            _ => quitf!(
                PE,
                "YES or NO expected, but {} found [{nth} token]",
                compress(&pa)
            ),
        }
        if ja != pa {
            quitf!(
                WA,
                "expected {}, found {} [{nth} token]",
                compress(&ja),
                compress(&pa)
            );
        }
    }
    let mut extra_in_ans: i64 = 0;
    while !ans.seek_eof() {
        ans.read_token();
        extra_in_ans += 1;
    }
    let mut extra_in_ouf: i64 = 0;
    while !ouf.seek_eof() {
        ouf.read_token();
        extra_in_ouf += 1;
    }
    if extra_in_ans > 0 {
        quitf!(
            WA,
            "Answer contains longer sequence [length = {}], but output contains {index} elements",
            index + extra_in_ans
        );
    }
    if extra_in_ouf > 0 {
        quitf!(
            WA,
            "Output contains longer sequence [length = {}], but answer contains {index} elements",
            index + extra_in_ouf
        );
    }
    match index {
        0 => quitf!(OK, "Empty output"),
        1 => quitf!(OK, "{}", compress(&pa)),
        _ => quitf!(
            OK,
            "{index} token(s): yes count is {yes_count}, no count is {no_count}"
        ),
    }
}
