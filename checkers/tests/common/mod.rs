//! Shared by the certification tests: running a checker binary on texts,
//! and reporting how many states were checked.

#![allow(dead_code)]

use std::io::Write;
use std::process::Command;

/// A checker's verdict: its exit code and its message.
#[derive(Debug)]
pub struct Verdict {
    pub code: i32,
    pub message: String,
}

impl Verdict {
    /// Asserts the exit code (0 OK, 1 WA, 2 PE, 3 FAIL) and that the message
    /// contains `part`.
    pub fn expect(&self, code: i32, part: &str) {
        assert_eq!(self.code, code, "exit code of: {}", self.message);
        assert!(
            self.message.contains(part),
            "{:?} does not contain {part:?}",
            self.message
        );
    }
}

/// Runs `checker input output answer` on the given texts.
pub fn check(checker: &str, input: &str, output: &str, answer: &str) -> Verdict {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        ("input.txt", input),
        ("output.txt", output),
        ("answer.txt", answer),
    ];
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let out = Command::new(checker)
        .args(files.map(|(name, _)| dir.path().join(name)))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    Verdict {
        code: out.status.code().unwrap_or(-1),
        message: String::from_utf8_lossy(&out.stderr).trim().to_string(),
    }
}

/// Prints how many states a certification checked, past the test harness's
/// output capture, so that it shows in every run.
pub fn report(problem: &str, what: &str) {
    let mut err = std::io::stderr().lock();
    writeln!(err, "certified {problem}: {what}").unwrap();
}
