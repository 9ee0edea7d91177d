//! Reading never panics: arbitrary bytes (NUL, 0xFF, huge tokens, no final
//! newline, CR LF, a byte order mark) fed to every reader, strict and lenient,
//! from memory and from files, can only end in a verdict.

use std::io::Write;

use proptest::prelude::*;
use testlib::{InStream, Role, catch_exit};

/// Bytes that exercise the grammars: digits, signs, points, exponents,
/// blanks of every kind, NUL, 0xFF, the BOM's bytes and a few letters.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        4 => prop::sample::select(b"0123456789".to_vec()),
        2 => prop::sample::select(b" \t\r\n".to_vec()),
        1 => prop::sample::select(b"-+.eEaz!\\".to_vec()),
        1 => prop::sample::select(vec![0u8, 0xFF, 0xEF, 0xBB, 0xBF, 0x0B, 0x0C, 0x11]),
        1 => any::<u8>(),
    ]
}

fn input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => prop::collection::vec(interesting_byte(), 0..80),
        // A huge token, to hit the token-length limit.
        1 => (1usize..300).prop_map(|n| vec![b'7'; n]),
    ]
}

/// One read, as a checker, validator or interactor would make it.
#[derive(Clone, Debug)]
enum Op {
    Int,
    Long,
    IntIn(i32, i32),
    Unsigned,
    Double,
    StrictDouble(usize, usize),
    Token,
    TokenMatching,
    Line,
    LineMatching,
    Ints(usize),
    PlainLongs(usize),
    Eoln,
    Eof,
    Space,
    Char,
    SeekEof,
    SeekEoln,
    Bom,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        Just(Op::Int),
        Just(Op::Long),
        (-5i32..5, 0i32..100).prop_map(|(a, b)| Op::IntIn(a, b)),
        Just(Op::Unsigned),
        Just(Op::Double),
        (0usize..3, 0usize..4).prop_map(|(a, b)| Op::StrictDouble(a, a + b)),
        Just(Op::Token),
        Just(Op::TokenMatching),
        Just(Op::Line),
        Just(Op::LineMatching),
        (0usize..4).prop_map(Op::Ints),
        (0usize..40).prop_map(Op::PlainLongs),
        Just(Op::Eoln),
        Just(Op::Eof),
        Just(Op::Space),
        Just(Op::Char),
        Just(Op::SeekEof),
        Just(Op::SeekEoln),
        Just(Op::Bom),
    ]
}

fn apply(s: &InStream, op: &Op) {
    match op {
        Op::Int => drop(s.read_int()),
        Op::Long => drop(s.read_long()),
        Op::IntIn(lo, hi) => drop(s.read_int_in(*lo..=*hi, "n")),
        Op::Unsigned => drop(s.read_unsigned_long()),
        Op::Double => drop(s.read_double()),
        Op::StrictDouble(lo, hi) => drop(s.read_strict_double_in(-1e9..=1e9, *lo, *hi, "x")),
        Op::Token => drop(s.read_token()),
        Op::TokenMatching => drop(s.read_token_matching("[0-9a-z]{1,5}", "s")),
        Op::Line => drop(s.read_line()),
        Op::LineMatching => drop(s.read_line_matching("[0-9 ]*", "l")),
        Op::Ints(n) => drop(s.read_ints(*n, -100..=100, "a")),
        Op::PlainLongs(n) => {
            let mut out = vec![0; *n];
            let read = s.hold().read_plain_longs(&mut out);
            assert!(read <= *n);
        }
        Op::Eoln => s.read_eoln(),
        Op::Eof => s.read_eof(),
        Op::Space => s.read_space(),
        Op::Char => drop(s.read_char()),
        Op::SeekEof => drop(s.seek_eof()),
        Op::SeekEoln => drop(s.seek_eoln()),
        Op::Bom => s.skip_bom(),
    }
}

/// Runs the reads; a panic escapes `catch_exit` and fails the test, a verdict
/// must be one of testlib's.
fn only_verdicts(s: &InStream, ops: &[Op]) -> Result<(), TestCaseError> {
    match catch_exit(|| ops.iter().for_each(|op| apply(s, op))) {
        Ok(()) => Ok(()),
        Err(exit) => {
            prop_assert!(matches!(exit.code, 1..=3), "exit code {}", exit.code);
            let report = String::from_utf8_lossy(&exit.report);
            prop_assert!(
                ["wrong answer ", "wrong output format ", "FAIL "]
                    .iter()
                    .any(|p| report.starts_with(p)),
                "unexpected report {report:?}"
            );
            Ok(())
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn string_streams_end_only_in_verdicts(
        bytes in input(),
        ops in prop::collection::vec(op(), 1..12),
        strict in any::<bool>(),
        role in prop::sample::select(vec![Role::Input, Role::Output, Role::Answer]),
    ) {
        let s = InStream::from_bytes(bytes, "fuzz", role);
        s.set_strict(strict);
        s.set_max_token_length(64);
        only_verdicts(&s, &ops)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn file_streams_end_only_in_verdicts(
        bytes in input(),
        ops in prop::collection::vec(op(), 1..12),
        strict in any::<bool>(),
    ) {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        file.write_all(&bytes).unwrap();
        let path = file.path().to_str().unwrap().to_string();
        let s = match catch_exit(|| InStream::open(&path, Role::Output)) {
            Ok(s) => s,
            Err(exit) => return Err(TestCaseError::fail(format!("opening failed: {}", exit.code))),
        };
        s.set_strict(strict);
        s.set_max_token_length(64);
        only_verdicts(&s, &ops)?;
    }
}

#[test]
fn a_missing_output_file_is_a_presentation_error() {
    let exit = catch_exit(|| InStream::open("/nonexistent/out.txt", Role::Output))
        .err()
        .unwrap();
    assert_eq!(exit.code, 2);
    assert_eq!(
        exit.report,
        b"wrong output format Output file not found: \"/nonexistent/out.txt\"\n"
    );
}

#[test]
fn blame_depends_on_the_stream() {
    for (role, code, report) in [
        (
            Role::Output,
            2,
            "wrong output format Expected integer, but \"x\" found\n",
        ),
        (
            Role::Answer,
            3,
            "FAIL Expected integer, but \"x\" found (ans)\n",
        ),
        (
            Role::Input,
            3,
            "FAIL Expected integer, but \"x\" found (ans)\n",
        ),
    ] {
        let s = InStream::from_bytes(b"x\n".to_vec(), "ans", role);
        let exit = catch_exit(|| s.read_long()).err().unwrap();
        assert_eq!(
            (exit.code, String::from_utf8(exit.report).unwrap()),
            (code, report.to_string())
        );
    }
}
