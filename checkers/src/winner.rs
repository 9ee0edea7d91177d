//! The checker for problems whose answer is one word per case, `First` or
//! `Second` (bash, anti-nim, merge-piles, circle, subtraction): each case is
//! compared with the jury's answer, and the first difference names its case.

use testlib::prelude::*;

/// Checks a `First`/`Second` output against the answer; `T` is the first
/// number of the input.
pub fn check() -> ! {
    let Checker { inf, ouf, ans } = register_checker();
    let t = inf.read_int();
    let word = Pattern::new("First|Second");
    for case in 1..=t {
        let expected = ans.read_token_matching(&word, "answer");
        let found = ouf.read_token();
        if found != b"First" && found != b"Second" {
            quitf!(
                PE,
                "case {case}: expected First or Second, found {}",
                compress(&found)
            );
        }
        if found != expected {
            quitf!(
                WA,
                "case {case}: expected {}, found {}",
                Bytes(&expected),
                Bytes(&found)
            );
        }
    }
    quitf!(OK, "{t} case(s)");
}
