//! wcmp: compares sequences of tokens, byte for byte.
use testlib::prelude::*;

pub fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let mut n: i64 = 0;
    let (mut j, mut p) = (Vec::new(), Vec::new());
    while !ans.seek_eof() && !ouf.seek_eof() {
        n += 1;
        ans.read_token_to(&mut j);
        ouf.read_token_to(&mut p);
        if j != p {
            quitf!(
                WA,
                "{n}{} words differ - expected: '{}', found: '{}'",
                english_ending(n),
                compress(&j),
                compress(&p)
            );
        }
    }
    if !ans.seek_eof() {
        quitf!(WA, "Unexpected EOF in the participants output");
    }
    if !ouf.seek_eof() {
        quitf!(WA, "Participant output contains extra tokens");
    }
    if n == 1 {
        quitf!(OK, "\"{}\"", compress(&j));
    }
    quitf!(OK, "{n} tokens");
}
