//! caseicmp: compares `Case i: <int64>` lines, one number per test case.
use testlib::prelude::*;

/// Reads `Case 1: a`, `Case 2: b`, ...; a malformed header is `bad`.
fn read_cases(stream: &InStream) -> Vec<i64> {
    let mut values = Vec::new();
    let mut case: i64 = 1;
    while !stream.seek_eof() {
        checkers::stock::read_case_header(stream, case, false);
        values.push(stream.read_long());
        case += 1;
    }
    values
}

pub fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let ja = read_cases(&ans);
    let pa = read_cases(&ouf);
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
