//! casencmp: compares `Case i: <int64> <int64> ...` test cases, one sequence per case.
use testlib::prelude::*;

/// The token as an integer, as testlib parses a C string: the text ends at
/// the first NUL byte, and an empty text is 0.
/// testlib converts `token.c_str()`: the number ends at the first NUL, so a
/// token that starts with NUL is the empty text, which is no integer.
fn parse_long(stream: &InStream, token: &[u8]) -> i64 {
    let text = token.split(|&b| b == 0).next().unwrap_or_default();
    testlib::parse_i64(text).unwrap_or_else(|| {
        stream.quit(
            PE,
            format_args!("Expected integer, but \"{}\" found", compress(text)),
        )
    })
}

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

pub fn main() {
    checkers::stock::compare_cases(|stream, token| parse_long(stream, &token), describe)
}
