//! Checker for bash: one word per case, `First` or `Second`, as the answer.
use testlib::prelude::*;

fn main() {
    let Checker { inf, ouf, ans } = register_checker();
    let t = inf.read_int();
    for case in 1..=t {
        let expected = ans.read_token_matching("First|Second", "answer");
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
    quitf!(OK, "{t} cases");
}
