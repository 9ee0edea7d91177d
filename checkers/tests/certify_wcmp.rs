//! The kit's C++ `wcmp` (`checkers/cpp/wcmp.cpp`, exported to Polygon as
//! the checker of the problems whose answer is unique) gives testlib's
//! `wcmp` verdict — the kit's Rust `wcmp`, certified against testlib by the
//! vectors — on every shape of output: the same tokens whatever the
//! whitespace, a different token, a different case, fewer or more tokens,
//! and empty files.

use testkit::certify::{self, Checker, check};

const RUST: Checker = Checker::Rust(env!("CARGO_BIN_EXE_wcmp"));
const CPP: Checker = Checker::Cpp("wcmp");

#[test]
#[ignore = "slow tier: C++ twins on testlib.h"]
fn the_cpp_wcmp_judges_like_testlibs() {
    let answer = "First\nSecond\nFirst\n";
    let outputs = [
        ("the same", answer),
        ("other whitespace", "  First Second\r\n\tFirst"),
        ("no final newline", "First\nSecond\nFirst"),
        ("a different token", "First\nFirst\nFirst\n"),
        ("a different case", "first\nSecond\nFirst\n"),
        ("a token missing", "First\nSecond\n"),
        ("a token more", "First\nSecond\nFirst\nSecond\n"),
        ("empty", ""),
        ("only whitespace", " \n\n"),
    ];
    let mut compared = 0;
    for (what, output) in outputs {
        let rust = check(&RUST, "3\n", output, answer);
        let cpp = check(&CPP, "3\n", output, answer);
        assert_eq!(rust.code, cpp.code, "{what}: Rust {rust:?}, C++ {cpp:?}");
        compared += 1;
    }
    // An empty answer: only an empty output is right.
    for output in ["", "\n", "First\n"] {
        let rust = check(&RUST, "0\n", output, "");
        let cpp = check(&CPP, "0\n", output, "");
        assert_eq!(rust.code, cpp.code, "{output:?} against nothing");
        compared += 1;
    }
    certify::report(
        "wcmp",
        &format!(
            "{} agrees with {} on {compared} outputs",
            CPP.describe(),
            RUST.describe()
        ),
    );
}
