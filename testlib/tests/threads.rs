//! A verdict raised on another thread ends the program exactly as on the
//! main thread: the global streams, the output's blame and the dirt check are
//! shared by all threads (`examples/thread-quit.rs`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds the example (in this test's target directory and profile) and
/// returns its path.
fn program() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile = exe.parent().and_then(Path::parent).unwrap();
    let mut cmd = Command::new(option_env!("CARGO").unwrap_or("cargo"));
    cmd.args([
        "build",
        "--quiet",
        "-p",
        "testlib-rs",
        "--example",
        "thread-quit",
    ]);
    cmd.arg("--target-dir").arg(profile.parent().unwrap());
    if profile.file_name().is_some_and(|n| n == "release") {
        cmd.arg("--release");
    }
    assert!(cmd.status().unwrap().success(), "cannot build thread-quit");
    profile.join("examples").join("thread-quit")
}

/// Runs the checker on `output` against the answer `4`, its verdict raised
/// on the main thread or a spawned one: (exit code, stdout, stderr).
fn run(program: &Path, output: &str, thread: &str) -> (i32, String, String) {
    let dir = tempfile::tempdir().unwrap();
    for (name, content) in [("in", "1\n"), ("out", output), ("ans", "4\n")] {
        std::fs::write(dir.path().join(name), content).unwrap();
    }
    let result = Command::new(program)
        .args(["in", "out", "ans"])
        .current_dir(dir.path())
        .env("THREAD", thread)
        .env_remove("TESTLIB_RS_PROTOCOL")
        .output()
        .unwrap();
    (
        result.status.code().unwrap(),
        String::from_utf8(result.stdout).unwrap(),
        String::from_utf8(result.stderr).unwrap(),
    )
}

#[test]
fn verdicts_on_a_spawned_thread_are_the_main_threads() {
    let program = program();
    let cases = [
        ("4\n", 0, "ok answer is 4\n"),
        ("5\n", 1, "wrong answer expected 4, found 5\n"),
        (
            "x\n",
            2,
            "wrong output format Expected integer, but \"x\" found\n",
        ),
        (
            "4 extra\n",
            2,
            "wrong output format Extra information in the output file\n",
        ),
    ];
    for (output, code, stderr) in cases {
        let expected = (code, String::new(), stderr.to_string());
        assert_eq!(run(&program, output, "main"), expected, "main, {output:?}");
        assert_eq!(
            run(&program, output, "spawned"),
            expected,
            "spawned, {output:?}"
        );
    }
}
