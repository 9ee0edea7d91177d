//! Reading the tokens of the problem checkers' answers.
use testlib::prelude::*;

/// Reads an integer token of type `T`; anything else is PE naming the case
/// (FAIL when `stream` is the jury's answer).
pub fn number<T: std::str::FromStr>(stream: &InStream, case: i32, what: &str) -> T {
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
