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

/// The line an interactor writes last to `tout` when it accepts a whole
/// session (`accepted: 3 game(s) won`). A checker that runs after the
/// interactor (Polygon's) accepts only an output ending in the answer's
/// line, so a judge that drops the interactor and checks the solution's
/// own output rejects every run instead of accepting it.
pub fn verdict_line(games: i32) -> String {
    format!("accepted: {games} game(s) won")
}

/// An interactor's end once the contestant won every game: its last read
/// (anything more is PE; waiting for the end of the output also lets the
/// interactor end last, as the judges want), the verdict line in `tout`,
/// and OK.
pub fn won_session(ouf: &InStream, tout: &mut impl std::io::Write, games: i32) -> ! {
    if !ouf.seek_eof() {
        let extra = ouf.read_token();
        quitf!(PE, "extra output after the last game: {}", compress(&extra));
    }
    writeln!(tout, "{}", verdict_line(games)).ok();
    quitf!(OK, "{games} game(s) won");
}
