//! `icpc-default`, the checker an imported ICPC package without a custom
//! output validator gets, judges as the format's default validator does
//! without flags: tokens equal up to ASCII case, white space free.

use testkit::certify::{Checker, check};

const DEFAULT: Checker = Checker::Rust(env!("CARGO_BIN_EXE_icpc-default"));

#[test]
fn tokens_are_compared_ignoring_case_and_layout() {
    let answer = "Possible\n3 4\n";
    let cases = [
        ("the same", answer, 0),
        ("another case", "POSSIBLE 3\n\n 4", 0),
        ("no final newline", "possible\n3 4", 0),
        ("a different token", "Possible\n3 5\n", 1),
        ("a number written otherwise", "Possible\n3 4.0\n", 1),
        ("a token missing", "Possible\n3\n", 1),
        ("a token more", "Possible\n3 4 5\n", 1),
        ("empty", "", 1),
    ];
    for (what, output, code) in cases {
        let run = check(&DEFAULT, "1\n", output, answer);
        assert_eq!(run.code, code, "{what}: {run:?}");
    }
}
