//! caseicmp: compares `Case i: <int64>` lines, one number per test case.
use testlib::prelude::*;

/// Reads `Case 1: a`, `Case 2: b`, ...; a malformed header is `bad`.
fn read_cases(stream: &InStream, bad: Outcome) -> Vec<i64> {
    let mut values = Vec::new();
    let mut case: i64 = 1;
    while !stream.seek_eof() {
        let word = stream.read_token();
        if word != b"Case" {
            quitf!(
                bad,
                "Expected 'Case' but found '{}' [test case {case}]",
                compress(&word)
            );
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
        values.push(stream.read_long());
        case += 1;
    }
    values
}

fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let ja = read_cases(&ans, FAIL);
    let pa = read_cases(&ouf, PE);
    for (i, (j, p)) in ja.iter().zip(&pa).enumerate() {
        quitif!(j != p, WA, "Expected {j} found {p} [test case {}]", i + 1);
    }
    quitif!(
        ja.len() != pa.len(),
        PE,
        "Expected {} test case(s) but found {}",
        ja.len(),
        pa.len()
    );
    let shown = if ja.len() <= 5 {
        join(&ja, " ")
    } else {
        format!(
            "{} ... {}",
            join(&ja[..3], " "),
            join(&ja[ja.len() - 2..], " ")
        )
    };
    quitf!(OK, "{} case(s): {shown}", ja.len());
}
