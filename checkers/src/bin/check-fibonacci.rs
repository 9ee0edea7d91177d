//! Checker for fibonacci: `Second`, or `First x` with any winning first move
//! x. The output is judged by the rules (checkers::fibonacci), the jury's
//! answer only cross-checked: an answer that breaks the rules is FAIL.
use checkers::fibonacci::{Claim, Game};
use testlib::prelude::*;

/// Reads an integer token; anything else is PE naming the case.
fn read_number<T: std::str::FromStr>(stream: &InStream, case: i32, what: &str) -> T {
    let token = stream.read_token();
    let digits = token.iter().all(|&c| c.is_ascii_digit() || c == b'-');
    match std::str::from_utf8(&token)
        .ok()
        .filter(|_| digits)
        .and_then(|s| s.parse().ok())
    {
        Some(value) => value,
        None => stream.quit(
            PE,
            format_args!("case {case}: expected {what}, found {}", compress(&token)),
        ),
    }
}

/// Reads one case's claim; a malformed one is PE (FAIL in the answer).
fn read_claim(stream: &InStream, case: i32) -> Claim {
    let word = stream.read_token();
    match word.as_slice() {
        b"Second" => Claim::Second,
        b"First" => Claim::First(read_number(stream, case, "x")),
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
