//! `judge stress` and `judge certify` on the kit's own problems: the
//! write-up's rule survives thousands of random games, one classic mistake
//! per problem is caught and shrunk to a few small games, a solution that
//! crashes or runs out of time only on some games is shrunk too, and every
//! problem certifies.

use std::process::{Command, Stdio};

use serde_json::Value;
use testkit::paths::root;

/// Runs `judge --json ARGS` in the kit; returns the exit status and report.
fn judge(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .arg("--json")
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let report = serde_json::from_str(&text).unwrap_or_else(|e| {
        panic!(
            "judge {args:?}: {e}: stdout {text:?}, stderr {}",
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap(), report)
}

/// The shrunk input's games (its first line) and its largest number.
fn games_and_largest(input: &str) -> (u64, u64) {
    let games = input.lines().next().unwrap().trim().parse().unwrap();
    let largest = input
        .split_ascii_whitespace()
        .map(|t| t.parse::<u64>().unwrap())
        .max()
        .unwrap();
    (games, largest)
}

/// Asserts that `report` is a failure with `verdict`, shrunk to at most 3
/// games whose numbers are all under 100.
fn assert_shrunk_small(report: &Value, verdict: &str) {
    assert_eq!(report["verdict"], verdict, "{report:#}");
    let failure = &report["failure"];
    let input = failure["input"].as_str().unwrap();
    let (games, largest) = games_and_largest(input);
    assert!(games <= 3 && largest < 100, "{report:#}");
    let shrinking = &failure["shrinking"];
    assert!(
        shrinking["tried"].as_u64() >= shrinking["kept"].as_u64(),
        "{report:#}"
    );
}

#[test]
fn the_write_up_rule_passes_thousands_of_random_games() {
    let (code, report) = judge(&[
        "stress",
        "subtraction",
        "solutions/subtraction/accepted/subtraction.cpp",
        "--iterations",
        "3000",
    ]);
    assert_eq!((code, &report["verdict"]), (0, &Value::from("AC")));
    assert_eq!(report["iterations"], 3000);
    assert_eq!(
        report["against"],
        "solutions/subtraction/brute_force/subtraction_search.rs"
    );
}

#[test]
fn one_classic_mistake_per_problem_is_caught_and_shrunk_to_a_few_small_games() {
    for (problem, wrong) in [
        ("subtraction", "last_multiple.cpp"),
        ("bash", "mod_m.cpp"),
        ("nim", "precedence.cpp"),
        ("anti-nim", "all_big.cpp"),
        ("wythoff", "three_order.cpp"),
        ("fibonacci", "largest_term.rs"),
        ("merge-piles", "no_single_stone.cpp"),
        ("circle", "strict_less.rs"),
    ] {
        let file = format!("solutions/{problem}/wrong_answer/{wrong}");
        let (code, report) = judge(&["stress", problem, &file]);
        assert_eq!(code, 1, "{problem}: {report:#}");
        assert_shrunk_small(&report, "WA");
        // The seed and the command make the original test again.
        let failure = &report["failure"];
        let seed = failure["seed"].as_u64().unwrap();
        assert!(
            failure["generator"]
                .as_str()
                .unwrap()
                .ends_with(&format!("-index={seed}")),
            "{report:#}"
        );
    }
}

/// A correct bash solution (n mod (m + 1) ≠ 0 wins) with a fault on the
/// games where `fault` holds.
fn faulty_bash(fault: &str, action: &str) -> String {
    format!(
        "#include <cstdio>\n#include <cstdlib>\nint main() {{\n    int t; scanf(\"%d\", &t);\n    while (t--) {{\n        long long n, m; scanf(\"%lld %lld\", &n, &m);\n        if ({fault}) {{ {action} }}\n        puts(n % (m + 1) ? \"First\" : \"Second\");\n    }}\n}}\n"
    )
}

#[test]
fn a_solution_that_crashes_or_times_out_only_on_some_games_is_shrunk() {
    let dir = tempfile::tempdir().unwrap();
    let crash = dir.path().join("crash_on_7.cpp");
    let crashing = "fprintf(stderr, \"no move from %lld\\n\", n); abort();";
    std::fs::write(&crash, faulty_bash("n % 10 == 7", crashing)).unwrap();
    let (code, report) = judge(&["stress", "bash", crash.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_shrunk_small(&report, "RE");
    let input = report["failure"]["input"].as_str().unwrap();
    assert_eq!(games_and_largest(input).0, 1, "{report:#}");
    // The crash in its own words, on the shrunk game.
    let stderr = report["failure"]["stderr"].as_str().unwrap_or_default();
    assert!(
        stderr.starts_with("no move from ") && stderr.ends_with('7'),
        "{report:#}"
    );

    let slow = dir.path().join("slow_on_3.cpp");
    std::fs::write(&slow, faulty_bash("m % 10 == 3", "for (;;) {}")).unwrap();
    let (code, report) = judge(&["stress", "bash", slow.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_shrunk_small(&report, "TLE");
    let input = report["failure"]["input"].as_str().unwrap();
    assert_eq!(games_and_largest(input).0, 1, "{report:#}");
}

#[test]
fn every_problem_certifies_and_a_wrong_brute_force_is_caught() {
    for problem in [
        "bash",
        "nim",
        "anti-nim",
        "wythoff",
        "fibonacci",
        "merge-piles",
        "circle",
        "subtraction",
    ] {
        let (code, report) = judge(&["certify", problem]);
        assert_eq!(
            (code, &report["verdict"]),
            (0, &Value::from("AC")),
            "{report:#}"
        );
        assert!(report["cases"].as_u64() >= Some(9999), "{report:#}");
        assert!(report["failure"].is_null());
    }
    // A "brute force" with the last-multiple slip disagrees with the
    // reference; the disagreement is shrunk from 91200 games to one.
    let (code, report) = judge(&[
        "certify",
        "subtraction",
        "--against",
        "solutions/subtraction/wrong_answer/last_multiple.cpp",
    ]);
    assert_eq!(code, 1);
    assert_shrunk_small(&report, "WA");
    let failure = &report["failure"];
    assert_eq!(games_and_largest(failure["input"].as_str().unwrap()).0, 1);
    assert_eq!(
        failure["solution"],
        "solutions/subtraction/accepted/subtraction.rs"
    );
    // Smaller bounds, from the command line.
    let (code, report) = judge(&[
        "certify",
        "subtraction",
        "--bound",
        "b=10",
        "--bound",
        "n=30",
    ]);
    assert_eq!(code, 0);
    assert!(report["cases"].as_u64() < Some(91200), "{report:#}");
}
