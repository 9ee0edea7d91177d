//! Checker for nim: `Second` or `First i x` per case, any winning move
//! accepted. Each answer is judged from the game's rules (checkers::nim); the
//! jury's answer is judged the same way, and a wrong one is the jury's FAIL.
use checkers::nim::{judge, read_answer};
use testlib::prelude::*;

fn main() {
    let Checker { inf, ouf, ans } = register_checker();
    let t = inf.read_int();
    let mut piles = Vec::new();
    for case in 1..=t {
        let n = inf.read_int();
        piles.clear();
        piles.extend((0..n).map(|_| inf.read_unsigned_long()));
        let jury = read_answer(&ans)
            .unwrap_or_else(|e| quitf!(FAIL, "case {case}: the jury's answer: {e}"));
        if let Err(e) = judge(&piles, jury) {
            quitf!(FAIL, "case {case}: the jury's answer is wrong: {e}");
        }
        let found = read_answer(&ouf).unwrap_or_else(|e| quitf!(PE, "case {case}: {e}"));
        if let Err(e) = judge(&piles, found) {
            quitf!(WA, "case {case}: {e}");
        }
    }
    quitf!(OK, "{t} case(s)");
}
