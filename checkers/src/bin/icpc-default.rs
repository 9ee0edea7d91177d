//! icpc-default: the ICPC default output validator without flags (the one a
//! package without `validation: custom` gets): the tokens of the output and
//! the answer are equal, ignoring ASCII case and how white space is laid
//! out.
use testlib::prelude::*;

fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let mut n: i64 = 0;
    let (mut j, mut p) = (Vec::new(), Vec::new());
    while !ans.seek_eof() && !ouf.seek_eof() {
        n += 1;
        ans.read_token_to(&mut j);
        ouf.read_token_to(&mut p);
        if !j.eq_ignore_ascii_case(&p) {
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
    quitf!(OK, "{n} tokens");
}
