//! casencmp: compares `Case i: <int64> <int64> ...` test cases, one sequence per case.
use testlib::prelude::*;

/// The token as an integer, as testlib parses a C string: the text ends at
/// the first NUL byte, and an empty text is 0.
fn parse_long(stream: &InStream, token: &[u8]) -> i64 {
    let text = token.split(|&b| b == 0).next().unwrap_or_default();
    match std::str::from_utf8(text) {
        Ok("") => 0,
        Ok(text) => stream.parse_long(text),
        Err(_) => stream.quit(
            PE,
            format!("Expected integer, but \"{}\" found", compress(text)),
        ),
    }
}

/// `"a b c" [size=3]`, with only the first three and last two of a long sequence.
fn describe(values: &[i64]) -> String {
    let shown = if values.len() <= 5 {
        join(values, " ")
    } else {
        let n = values.len();
        format!(
            "{} ... {}",
            join(&values[..3], " "),
            join(&values[n - 2..], " ")
        )
    };
    format!("\"{shown}\" [size={}]", values.len())
}

fn main() {
    checkers::stock::compare_cases(|stream, token| parse_long(stream, &token), describe)
}
