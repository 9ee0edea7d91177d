//! `judge validate`: the validator on the tests or on files, and with
//! `--mutate` on invalid inputs made from each valid one. A lax validator
//! is caught accepting them; the kit's ten validators reject every one.

use std::process::Command;

use serde_json::Value;

use testkit::kit::Kit;
use testkit::paths::root;

/// The mutations the report says were accepted.
fn accepted(report: &Value) -> Vec<String> {
    (report["accepted"].as_array().expect("accepted").iter())
        .map(|a| a["mutation"].as_str().unwrap().to_string())
        .collect()
}

/// The sum kit's validator reads with scanf: it lets a leading zero, a
/// plus sign, two spaces and a trailing empty line through, and notices a
/// CRLF line end or a token too many.
#[test]
fn a_lax_validator_is_caught_accepting_mutations() {
    let kit = Kit::new();
    let (code, report) = kit.json(&["validate", "sum", "--mutate"]);
    assert_eq!(code, 1, "{report}");
    assert_eq!(report["verdict"], "WA");
    assert_eq!(report["reads_logged"], false, "a C validator logs no reads");
    let tests = report["inputs"].as_array().unwrap();
    assert!(tests.iter().all(|t| t["valid"] == true), "{report}");
    let accepted = accepted(&report);
    for lax in [
        "the first token with a leading zero",
        "the first token with a plus sign",
        "two spaces between tokens",
        "an empty line at the end of the file",
    ] {
        assert!(accepted.iter().any(|a| a == lax), "{lax}: {accepted:?}");
    }
    for strict in ["a CRLF line end", "a token too many at the end of the line"] {
        assert!(
            !accepted.iter().any(|a| a == strict),
            "{strict}: {accepted:?}"
        );
    }
    let all = report["accepted"].as_array().unwrap();
    let spaces = (all.iter())
        .find(|a| a["mutation"] == "two spaces between tokens")
        .unwrap();
    assert_eq!(
        (&spaces["line"], &spaces["how"]),
        (&1.into(), &"accepted".into())
    );
    let empty = (all.iter())
        .find(|a| a["mutation"] == "an empty line at the end of the file")
        .unwrap();
    assert_eq!(empty["line"], 2, "the line after the last: {empty}");

    // On the terminal: a line per accepted mutation, and the counts.
    let run = kit.judge(&["validate", "sum", "--mutate"]);
    assert!(
        run.stdout.contains("ACCEPTED  problems/sum/tests/"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("mutations made"), "{}", run.stdout);

    // Files: each valid or not, with the validator's message.
    kit.write("bad.in", "1 -2\n");
    kit.write("good.in", "1 2\n");
    let (code, files) = kit.json(&["validate", "sum", "good.in", "bad.in"]);
    assert_eq!(code, 1);
    let valid: Vec<bool> = (files["inputs"].as_array().unwrap().iter())
        .map(|i| i["valid"] == true)
        .collect();
    assert_eq!(valid, [true, false], "{files}");
    let message = files["inputs"][1]["message"].as_str().unwrap_or_default();
    assert!(message.contains("non-negative"), "{message}");
    let (code, _) = kit.json(&["validate", "sum", "good.in"]);
    assert_eq!(code, 0);
}

/// Runs the judge at the kit's root, as a setter does: its report.
fn validate_at_root(args: &[&str]) -> (i32, Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["--json", "validate"])
        .args(args)
        .current_dir(root())
        .env("NO_PROGRESS", "1")
        .output()
        .unwrap();
    let report = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|_| panic!("{args:?}: {}", String::from_utf8_lossy(&out.stderr)));
    (out.status.code().unwrap_or(-1), report)
}

/// A testlib-rs validator logs its reads: each bounded value of a sample
/// is put just outside its bounds, and the case count off by one.
#[test]
fn a_testlib_rs_validator_has_its_bounded_values_mutated() {
    let (code, report) = validate_at_root(&["nim", "problems/nim/samples/1.in", "--mutate"]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["reads_logged"], true);
    assert!(accepted(&report).is_empty());
    // What was made is in the report's count; the kinds are the unit
    // tests' (`mutate.rs`): here, that the log gave bounds to mutate.
    let made = report["mutations"].as_u64().unwrap();
    assert!(made >= 20, "{report}");
}

/// Every valid test of the kit's ten problems, mutated: each validator
/// rejects every mutation.
#[test]
#[ignore = "slow tier: about 5,000 validator runs"]
fn the_ten_validators_reject_every_mutation() {
    let problems = std::fs::read_dir(root().join("problems")).unwrap();
    let mut names: Vec<String> = (problems.flatten())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 10, "{names:?}");
    for name in &names {
        let (code, report) = validate_at_root(&[name, "--mutate"]);
        assert_eq!((code, accepted(&report)), (0, vec![]), "{name}: {report}");
        assert_eq!(report["reads_logged"], true, "{name}");
        assert!(report["mutations"].as_u64().unwrap() > 100, "{name}");
    }
}
