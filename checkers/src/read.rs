//! Reading the tokens of the checkers' answers and the interactors' contestants.
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

/// An interactor's last read: the contestant must stop after the last game,
/// so anything more is PE. Waiting for the end of its output also lets the
/// interactor end last, as the judges want.
pub fn end_of_session(ouf: &InStream) {
    if !ouf.seek_eof() {
        let extra = ouf.read_token();
        quitf!(PE, "extra output after the last game: {}", compress(&extra));
    }
}
