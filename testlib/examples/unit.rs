//! testlib's in-process unit tests (upstream/004-unit): eight groups of
//! checks on the helpers, the options, `InStream` over strings, patterns and
//! integer parsing. Each negative case must end in a FAIL verdict (exit code
//! 3), caught in-process; its message goes to stderr.
use std::io::Write;

use testlib::{
    InStream, Pattern, catch_exit, has_opt, inf, join, opt, opt_at, opt_or, split, tokenize,
};

/// Requires `f` to end with a verdict whose exit code is `code`, and prints
/// the verdict as testlib does before it throws.
fn ensure_exit<T>(code: i32, f: impl FnOnce() -> T) {
    let exit = catch_exit(f).err().expect("expected a verdict");
    std::io::stderr().write_all(&exit.report).unwrap();
    assert_eq!(exit.code, code, "expected exit code {code}");
}

fn string_stream(content: &[u8]) -> InStream {
    InStream::from_string(&inf(), content)
}

fn test_join() {
    let extremes = [i64::MIN, 2, i64::MAX];
    assert_eq!(
        join(extremes, " "),
        "-9223372036854775808 2 9223372036854775807"
    );
    assert_eq!(
        join(extremes, ","),
        "-9223372036854775808,2,9223372036854775807"
    );
    assert_eq!(join(Vec::<i32>::new(), " "), "");
    assert_eq!(join(["ok"], " "), "ok");
    assert_eq!(join(["ok"; 4], " "), "ok ok ok ok");
    assert_eq!(join(["ok", "test"], " "), "ok test");
}

fn test_split() {
    assert_eq!(split(" ab  b rrrr", " "), ["", "ab", "", "b", "rrrr"]);
    assert_eq!(split(" ab  b rrrr ", " "), ["", "ab", "", "b", "rrrr", ""]);
    assert_eq!(
        split(" ab  b rrrr  ", " "),
        ["", "ab", "", "b", "rrrr", "", ""]
    );
    assert_eq!(split("", ","), [""]);
}

fn test_tokenize() {
    assert_eq!(tokenize(" a  b", " "), ["a", "b"]);
    assert_eq!(
        tokenize(" best code\t4ever   now!   ", " \t"),
        ["best", "code", "4ever", "now!"]
    );
    assert_eq!(tokenize("abacabacaba", "ac"), ["b", "b", "b"]);
    assert!(tokenize("", ",").is_empty());
}

/// The options of generators/gen-array-with-opt, parsed from `args`.
fn gen_array_opts(args: &str) -> [i32; 6] {
    let mut argv = vec!["./gen-array-with-opt"];
    argv.extend(split(args, " "));
    testlib::prepare_opts(&argv);
    let parsed = [
        opt("test-count"),
        opt("sum-n"),
        opt_or("min-n", 1),
        opt_or("min-value", 1),
        opt_or("max-value", 1_000_000_000),
        opt_or("value-bias", 0),
    ];
    testlib::ensure_no_unused_opts();
    parsed
}

fn test_opts() {
    testlib::suppress_ensure_no_unused_opts();
    testlib::prepare_opts(&["test"]);
    assert!(!has_opt("a"));
    ensure_exit(3, || opt_at::<i32>(1));

    testlib::prepare_opts(&[
        "test",
        "-a",
        "-2147483648",
        "-f1",
        "0",
        "-f2",
        "1",
        "-f3",
        "true",
        "-f4",
        "false",
        "--test=me=me",
        "--d=-17.125",
        "--ex=3e6",
    ]);
    for key in ["a", "f1", "f2", "f3", "f4", "test", "d", "ex"] {
        assert!(has_opt(key), "{key}");
    }
    for key in ["f", "f5", "true", "0", "1", "-a", "--test"] {
        assert!(!has_opt(key), "{key}");
    }
    assert_eq!(opt::<i32>("a"), i32::MIN);
    assert!(!opt::<bool>("f1") && opt::<bool>("f2") && opt::<bool>("f3") && !opt::<bool>("f4"));
    assert_eq!(opt::<String>("test"), "me=me");
    assert_eq!(opt::<f64>("d"), -17.125);
    assert_eq!(opt::<i32>("ex"), 3_000_000);
    assert_eq!(opt::<i64>("ex"), 3_000_000);
    ensure_exit(3, || opt::<i16>("ex"));
    assert_eq!(opt_at::<i32>(2), i32::MIN);
    assert_eq!(opt_at::<String>(13), "--ex=3e6");
    ensure_exit(3, || opt_at::<String>(-1));
    assert_eq!(opt_at::<String>(0), "test");
    ensure_exit(3, || opt_at::<bool>(2));
    ensure_exit(3, || opt_at::<i32>(3));
    ensure_exit(3, || opt_at::<i32>(14));
    ensure_exit(3, || opt::<u64>("a"));

    for bad in [
        "",
        "-test-count 3",
        "-test-count 3 -sum-n 10 -min-val 1",
        "-test-count 3 -sum-n 10 -min-value 1 -max-val 20",
        "-test-count 3 -sum-n 10 -min-length 3 -min-value 10 -max-value 20",
        "-test-count 3 -sum-n 10 -min-n 3 -min-value 10 -max-value 20 -bias-value 3",
    ] {
        ensure_exit(3, || gen_array_opts(bad));
    }
    assert_eq!(
        gen_array_opts("-test-count 3 -sum-n 10"),
        [3, 10, 1, 1, 1_000_000_000, 0]
    );
    assert_eq!(
        gen_array_opts("-test-count 3 -sum-n 10 -min-value 10"),
        [3, 10, 1, 10, 1_000_000_000, 0]
    );
    assert_eq!(
        gen_array_opts(
            "-test-count 5 -sum-n 100 -min-n 3 -min-value 10 -max-value 20 -value-bias -3"
        ),
        [5, 100, 3, 10, 20, -3]
    );
}

fn test_instream() {
    let s = string_stream(b"this 100500 the test 123\n\n");
    assert_eq!(s.read_word(), b"this");
    assert_eq!(s.read_int(), 100500);
    assert_eq!(s.read_token(), b"the");
    assert_eq!(s.read_line(), b" test 123");
    assert_eq!(s.read_line(), b"");
    assert!(s.eof());
    ensure_exit(3, || s.read_word());
    ensure_exit(3, || string_stream(b"").read_word());

    let s = string_stream(b"3\n10 20 30\n");
    assert_eq!(s.read_int_in(1..=3, "n"), 3);
    assert_eq!(s.read_ints(3, 10..=30, "a"), [10, 20, 30]);

    ensure_exit(3, || string_stream(b"1").read_int_in(0..=0, "n"));
    ensure_exit(3, || {
        string_stream(b"abacaba").read_token_matching("[abc]{6}", "n")
    });
    assert_eq!(
        string_stream(b"abacaba").read_token_matching("[abc]{7}", "s"),
        b"abacaba"
    );
    let words = "a|test|abacaba|ok|abac";
    assert_eq!(
        string_stream(b"abacaba").read_token_matching(words, "s"),
        b"abacaba"
    );
    for bad in ["abacab", "abacabaa", "abacaba!"] {
        ensure_exit(3, || {
            string_stream(bad.as_bytes()).read_token_matching(words, "n")
        });
    }
    string_stream(b"1 2 3 4 1").read_ints(5, 1..=4, "a");
    ensure_exit(3, || string_stream(b"1 2 3 4 1").read_ints(5, 1..=3, "a"));
    let token = string_stream(b"\t\t100500\t").read_token_matching("[0-9]{1,6}", "n");
    assert_eq!(token, b"100500");

    let s = string_stream(b"\xEF\xBB\xBFcontent");
    s.skip_bom();
    assert_eq!(s.read_word(), b"content");
    assert!(s.eof());
    let s = string_stream(b"\xEFcontent");
    s.skip_bom();
    assert_eq!(s.read_char(), Some(0xEF));
    assert_eq!(s.read_word(), b"content");
}

fn test_pattern() {
    let cases: [(&str, &[&str], &[&str]); 8] = [
        ("a", &["a"], &["", "b"]),
        ("[^0-9]*", &["", "wertyuiop(*&^%$#@!~", "?><"], &["?>3<"]),
        (
            "id-([ac]|b{2})",
            &["id-a", "id-c", "id-bb"],
            &["id-aa", "id-cb", "id-b"],
        ),
        (
            "[0-9][a-z]{1,3}.[!]{0,2}",
            &["4me.!", "0z.", "9ttt.!!", "7oe."],
            &["4me.!!!", "rz.", "9A.!!", "7oe"],
        ),
        ("No solution", &[], &["No solution"]),
        ("No\\ solution", &["No solution"], &[]),
        ("((aa|ba)|(ac|dd))|yes", &[], &["No solution"]),
        (
            "oo(x(aa|ba)|y(ac|dd))|yes",
            &["ooxba", "ooyac", "ooydd", "ooxaa", "yes"],
            &["", "ooxbaydd", "ooyes", "oo", "ooyaa", "ooxac", "ooyddd"],
        ),
    ];
    for (source, matching, other) in cases {
        let p = Pattern::new(source);
        for s in matching {
            assert!(p.matches(s.as_bytes()), "{source} ~ {s}");
        }
        for s in other {
            assert!(!p.matches(s.as_bytes()), "{source} !~ {s}");
        }
    }
}

fn test_string_to_long_long() {
    let accepted = [
        ("1234567891", 1234567891),
        ("-47292722921111", -47292722921111),
        ("0", 0),
        ("9223372036854775807", i64::MAX),
        ("-9223372036854775808", i64::MIN),
    ];
    for (s, v) in accepted {
        assert_eq!(inf().parse_long(s), v);
    }
    for s in [
        "",
        "-",
        "+",
        "00",
        "0123",
        "+123",
        "09223372036854775807",
        "9223372036854775808",
        "-09223372036854775808",
        "-9223372036854775809",
        "1 ",
        " 1",
        "1 2",
        "-0",
        "--0",
        "123-",
    ] {
        ensure_exit(3, || inf().parse_long(s));
    }
}

fn test_string_to_unsigned_long_long() {
    let accepted = [
        ("123", 123),
        ("0", 0),
        ("7", 7),
        ("18446744073709551615", u64::MAX),
        ("9876543216540001000", 9876543216540001000),
    ];
    for (s, v) in accepted {
        assert_eq!(inf().parse_unsigned_long(s), v);
    }
    for s in [
        "",
        "-",
        "-1",
        "+",
        "00",
        "0123",
        "+123",
        "18446744073709551616",
        "18446744073709551617",
        "36893488147419103232",
        "1 ",
        " 1",
        "1 2",
        "-0",
        "--0",
        "-00",
    ] {
        ensure_exit(3, || inf().parse_unsigned_long(s));
    }
}

fn main() {
    testlib::disable_finalize_guard();
    let tests: [(&str, fn()); 8] = [
        ("join", test_join),
        ("split", test_split),
        ("tokenize", test_tokenize),
        ("opts", test_opts),
        ("instream", test_instream),
        ("pattern", test_pattern),
        ("stringToLongLong", test_string_to_long_long),
        (
            "stringToUnsignedLongLong",
            test_string_to_unsigned_long_long,
        ),
    ];
    for (name, test) in tests {
        print!("{:<100}", format!("Running test '{name}'"));
        test();
        println!("OK");
    }
    println!("\nSUCCESS {} tests passed.", tests.len());
}
