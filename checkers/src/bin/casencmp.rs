//! casencmp: compares `Case i: <int64> <int64> ...` test cases, one sequence per case.
use testlib::prelude::*;

/// Reads the rest of test case `case` (`[Case] <case>: <numbers>`) up to the
/// next `Case`, which it consumes and notes in `preread`; a malformed header
/// is `bad`.
fn read_case(stream: &InStream, bad: Outcome, case: i64, preread: &mut bool) -> Vec<i64> {
    if !*preread {
        let word = stream.read_token();
        if word != b"Case" {
            quitf!(
                bad,
                "Expected 'Case' but found '{}' [test case {case}]",
                compress(&word)
            );
        }
    }
    let label = format!("{case}:");
    let number = stream.read_token();
    if number != label.as_bytes() {
        quitf!(
            bad,
            "Expected '{label}' but found '{}' [test case {case}]",
            compress(&number)
        );
    }
    let mut values = Vec::new();
    while !stream.seek_eof() {
        let token = stream.read_token();
        if token == b"Case" {
            *preread = true;
            break;
        }
        values.push(parse_long(stream, &token));
    }
    values
}

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
    let Checker { ouf, ans, .. } = register_checker();
    let mut case: i64 = 0;
    let (mut ans_preread, mut ouf_preread) = (false, false);
    while !ans.seek_eof() {
        case += 1;
        let ja = read_case(&ans, FAIL, case, &mut ans_preread);
        let pa = read_case(&ouf, PE, case, &mut ouf_preread);
        if ja != pa {
            quitf!(
                WA,
                "Sequences differ: jury has {}, but participant has {} [test case {case}]",
                describe(&ja),
                describe(&pa)
            );
        }
    }
    quitf!(OK, "{case} test cases(s)");
}
