//! The probe checker's modes, shared by `probe` and `probe_ueof`: each mode,
//! chosen by the environment variable `PROBE`, exercises one piece of the
//! verdict machinery (vectors `probes/<mode>-<n>`). Modes that only quit read
//! nothing from the output, so any output left over turns them into PE.

use testlib::prelude::*;

/// Registers the checker and plays the mode `PROBE` names.
pub fn run() {
    let Checker { inf, ouf, ans } = register_checker();
    let mode = std::env::var("PROBE").unwrap_or_default();
    match mode.as_str() {
        "pc5" => quitf!(pc(5), "partial 5"),
        "pc0" => quitf!(pc(0), "partial zero"),
        "pc200" => quitf!(pc(200), "partial big"),
        "dirt" => quitf!(DIRT, "dirty"),
        "ueof" => quitf!(UNEXPECTED_EOF, "ueof"),
        "points-int" => quitp!(50, "int points"),
        "points-double" => quitp!(12.5, "double points"),
        "points-double-nomsg" => quitp!(1.0 / 3.0),
        "points-zero" => quitp!(0.0, "zero"),
        "points-neg" => quitp!(-1.0, "negative"),
        "points-big" => quitp!(2e6, "big"),
        "pointsinfo-space" => quitpi("a b", "info"),
        "ouf-ensuref" => ouf.ensure(false, format!("ouf ensure {}", 1)),
        "ans-ensuref" => ans.ensure(false, format!("ans ensure {}", 2)),
        "inf-quitf-wa" => inf.quit(WA, "inf wa"),
        "ans-quitf-wa" => ans.quit(WA, "ans wa"),
        "ans-quitf-pe" => ans.quit(PE, "ans pe"),
        "ouf-quitf-pe" => ouf.quit(PE, "ouf pe"),
        "global-ensuref" => ensuref!(false, "global ensure {}", "x"),
        "ensure-macro" => ensure!(1 + 1 == 3),
        "quitif" => quitif!(true, WA, "yes {}", 7),
        "trim" => quitf!(WA, "  padded message \t\n"),
        "empty-msg" => quitf!(OK, ""),
        "long-msg" => quitf!(WA, "{}", "z".repeat(40_000)),
        "testcase-wa" => {
            set_test_case(3);
            quitf!(WA, "bad")
        }
        "testcase-ok1" | "testcase-ok3" => {
            set_test_case(if mode == "testcase-ok1" { 1 } else { 3 });
            quitf!(OK, "fine")
        }
        "testcase-bracket" => {
            set_test_case(2);
            quitf!(WA, "x [a=1]")
        }
        "ebf-int" => expected_but_found(WA, 10, 20, ""),
        "ebf-str" => expected_but_found(WA, "abc", "abd", format!("line {}", 3)),
        "ebf-double" => expected_but_found(WA, 1.5, 2.25, ""),
        "fall-off" => return,
        "default" => {}
        other => read(other, &ouf, &ans),
    }
    quitf!(OK, "probe default");
}

/// The modes that read the output (or the answer): each ends the run
/// itself, or falls to the default verdict.
fn read(mode: &str, ouf: &InStream, ans: &InStream) {
    match mode {
        "readint-range-ouf" => {
            ouf.read_int_in(1..=3, "k");
        }
        "readint-range-ouf-noname" => {
            ouf.read_int_in(1..=3, "");
        }
        "readint-range-ans" => {
            ans.read_int_in(1..=3, "k");
        }
        "readint-range-big" => {
            ouf.read_long_in(1..=1_000_000_000_000_000_000, "x");
        }
        "readints-ouf" => {
            ouf.read_ints(3, 1..=3, "a");
        }
        "readtoken-pattern" => {
            ouf.read_token_matching("[a-z]+", "s");
        }
        "readline-pattern" => {
            ouf.read_line_matching("NO SOLUTION", "s");
        }
        "readline-pattern-escaped" => {
            ouf.read_line_matching("NO\\ SOLUTION", "s");
            quitf!(OK, "matched")
        }
        "readdouble-range" => {
            ouf.read_double_in(0.0..=1.0, "p");
        }
        "readstrictdouble" => {
            ouf.read_strict_double_in(0.0..=10.0, 1, 2, "p");
        }
        "readeoln-ouf" => {
            ouf.read_token();
            ouf.read_eoln();
            quitf!(OK, "eoln ok")
        }
        "readspace-ouf" => {
            ouf.read_token();
            ouf.read_space();
        }
        "readeof-ouf" => {
            ouf.read_token();
            ouf.read_eof();
            quitf!(OK, "eof ok")
        }
        "readword-ouf-eof" => {
            ouf.read_word();
            ouf.read_word();
        }
        "readint-ouf-eof" => {
            ouf.read_int();
        }
        other => quitf!(FAIL, "unknown probe mode '{other}'"),
    }
}
