//! testlib's standard checkers run in the host's process
//! (`testlib::run_in_process`) end exactly as their binaries do: the same
//! exit code and the same report, byte for byte, on outputs of every kind
//! (accepted, wrong, malformed, too short, too long, dirty, and a broken
//! answer, which is the jury's fault), one after another in one process.

use std::path::Path;
use std::process::Command;

use checkers::standard;
use testlib::run_in_process;

/// (output, answer) pairs that reach every branch the families share.
const CASES: &[(&str, &str)] = &[
    ("1 2 3\n", "1 2 3\n"),
    ("1 2 4\n", "1 2 3\n"),
    ("1 2\n", "1 2 3\n"),
    ("1 2 3 4\n", "1 2 3\n"),
    ("5\n", "5\n"),
    ("5\n6\n", "5\n"),
    ("-0\n", "0\n"),
    ("007\n", "7\n"),
    ("x\n", "1\n"),
    ("", "1\n"),
    ("1\n", "x\n"),
    ("1.5\n", "1.5000001\n"),
    ("1.5\n", "1.6\n"),
    ("1e9\n", "1000000000\n"),
    ("YES\n", "YES\n"),
    ("yes\n", "YES\n"),
    ("NO\n", "YES\n"),
    ("maybe\n", "YES\n"),
    ("abc def\n", "abc  def\n"),
    ("a b\nc\n", "a b\nc\n"),
    ("a b\nc\n", "a b\nd\n"),
    ("Case #1: 5\nCase #2: 6\n", "Case #1: 5\nCase #2: 6\n"),
    ("Case #1: 5\nCase #2: 7\n", "Case #1: 5\nCase #2: 6\n"),
    ("Case 1: 5\n", "Case #1: 5\n"),
    ("1 2 3 4 5 6 7\n", "1 2 3 4 5 6 7\n"),
    ("9223372036854775808\n", "1\n"),
];

#[test]
fn every_standard_checker_ends_in_process_as_its_binary_does() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("input.txt");
    std::fs::write(&input, "1\n").unwrap();
    let mut compared = 0;
    for name in standard::NAMES {
        let binary = binary(name);
        let main = standard::main_of(name).unwrap();
        for (i, (output, answer)) in CASES.iter().enumerate() {
            let out = dir.path().join(format!("{i}.out"));
            let ans = dir.path().join(format!("{i}.ans"));
            std::fs::write(&out, output).unwrap();
            std::fs::write(&ans, answer).unwrap();
            let paths = [&input, &out, &ans].map(|p| p.to_str().unwrap().to_string());
            let spawned = Command::new(&binary)
                .args(&paths)
                .env_remove("TESTLIB_RS_MAX_FILE_SIZE")
                .output()
                .unwrap();
            let mut args = vec![name.to_string()];
            args.extend(paths);
            let exit = run_in_process(args, main);
            let shown = |report: &[u8]| String::from_utf8_lossy(report).into_owned();
            assert_eq!(
                (exit.code, shown(&exit.report)),
                (spawned.status.code().unwrap(), shown(&spawned.stderr)),
                "{name} on output {output:?}, answer {answer:?}"
            );
            compared += 1;
        }
    }
    assert_eq!(compared, standard::NAMES.len() * CASES.len());
    for name in standard::NAMES {
        assert!(standard::main_of(name).is_some(), "{name}");
    }
}

/// The binary cargo built for the checker `name`.
fn binary(name: &str) -> std::path::PathBuf {
    let test = std::env::current_exe().unwrap();
    let dir = test.parent().unwrap().parent().unwrap();
    let path = dir.join(name);
    assert!(Path::new(&path).exists(), "{} not built", path.display());
    path
}

#[test]
fn a_checker_that_returns_without_a_verdict_fails_as_a_spawned_one_does() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file.txt");
    std::fs::write(&file, "1\n").unwrap();
    let file = file.to_str().unwrap().to_string();
    let args = vec!["silent".to_string(), file.clone(), file.clone(), file];
    let exit = run_in_process(args.clone(), || {
        testlib::register_checker();
    });
    assert_eq!(exit.code, 3);
    let report = String::from_utf8_lossy(&exit.report);
    assert_eq!(report, "FAIL Checker must end with quit or quitf call.\n");
    let exit = run_in_process(args, || {});
    assert_eq!(exit.code, 3);
    assert!(String::from_utf8_lossy(&exit.report).contains("Call register-function"));
    // The next run starts afresh.
    let exit = run_in_process(vec!["wcmp".into()], standard::main_of("wcmp").unwrap());
    assert_eq!(exit.code, 3, "{}", String::from_utf8_lossy(&exit.report));
}
