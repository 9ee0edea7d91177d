//! casewcmp: compares `Case i: <token> <token> ...` test cases, one token sequence per case.
use testlib::prelude::*;

/// Reads the rest of test case `case` (`[Case] <case>: <tokens>`) up to the
/// next `Case`, which it consumes and notes in `preread`; a malformed header
/// is `bad`.
fn read_case(stream: &InStream, bad: Outcome, case: i64, preread: &mut bool) -> Vec<Vec<u8>> {
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
    let mut tokens = Vec::new();
    while !stream.seek_eof() {
        let token = stream.read_token();
        if token == b"Case" {
            *preread = true;
            break;
        }
        tokens.push(token);
    }
    tokens
}

/// `"a b c" [size=3]`, the tokens compressed.
fn describe(tokens: &[Vec<u8>]) -> String {
    format!(
        "\"{}\" [size={}]",
        compress(&tokens.join(&b' ')),
        tokens.len()
    )
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
