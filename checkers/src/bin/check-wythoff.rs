//! Checker for wythoff: `Second`, or `First k` and the k positions that win,
//! in order. The output is judged by the rules (checkers::wythoff), the
//! jury's answer only cross-checked: an answer that breaks the rules is FAIL.
use checkers::read;
use checkers::wythoff::{Claim, MAX_MOVES, judge, winning_moves};
use testlib::prelude::*;

/// Reads one case's claim for piles (a, b); a malformed one is PE (FAIL in
/// the answer).
fn read_claim(stream: &InStream, case: i32, (a, b): (u64, u64)) -> Claim {
    let word = stream.read_token();
    match word.as_slice() {
        b"Second" => Claim::Second,
        b"First" => {
            let k: i64 = read::number(stream, case, "the number of moves");
            if k < 0 || k > MAX_MOVES as i64 {
                let expected = match winning_moves(a, b).len() {
                    0 => "Second".to_string(),
                    m => format!("First {m}"),
                };
                stream.quit(
                    WA,
                    format_args!(
                        "case {case}: First {k}, but a position has 1 to {MAX_MOVES} winning \
                         moves; expected {expected}"
                    ),
                );
            }
            let moves = (0..k)
                .map(|_| {
                    (
                        read::number(stream, case, "x"),
                        read::number(stream, case, "y"),
                    )
                })
                .collect();
            Claim::First(moves)
        }
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
    let t = inf.read_int();
    for case in 1..=t {
        let (a, b) = (inf.read_unsigned_long(), inf.read_unsigned_long());
        let jury = read_claim(&ans, case, (a, b));
        if let Err(why) = judge(a, b, &jury) {
            quitf!(
                FAIL,
                "case {case}: the jury's answer breaks the rules: {why}"
            );
        }
        if let Err(why) = judge(a, b, &read_claim(&ouf, case, (a, b))) {
            quitf!(WA, "case {case}: {why}");
        }
    }
    quitf!(OK, "{t} case(s)");
}
