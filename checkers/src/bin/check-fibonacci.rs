//! Checker for fibonacci: `Second`, or `First x` with any winning first move
//! x. The output is judged by the rules (checkers::fibonacci), the jury's
//! answer only cross-checked: an answer that breaks the rules is FAIL.
use checkers::fibonacci::{Claim, Game};
use checkers::read;
use testlib::prelude::*;

/// Reads one case's claim; a malformed one is PE (FAIL in the answer).
fn read_claim(stream: &InStream, case: i32) -> Claim {
    let word = stream.read_token();
    match word.as_slice() {
        b"Second" => Claim::Second,
        b"First" => Claim::First(read::number(stream, case, "x")),
        _ => stream.quit(
            PE,
            format_args!(
                "case {case}: expected First or Second, found {}",
                compress(&word)
            ),
        ),
    }
}

fn main() {
    let Checker { inf, ouf, ans } = register_checker();
    let game = Game::new();
    let t = inf.read_int();
    for case in 1..=t {
        let n = inf.read_unsigned_long();
        let jury = read_claim(&ans, case);
        if let Err(why) = game.judge(n, &jury) {
            quitf!(
                FAIL,
                "case {case}: the jury's answer breaks the rules: {why}"
            );
        }
        if let Err(why) = game.judge(n, &read_claim(&ouf, case)) {
            quitf!(WA, "case {case}: {why}");
        }
    }
    quitf!(OK, "{t} case(s)");
}
