//! Judging a solution: run it on every test under the limits, check each
//! output with the checker (testlib protocol), in parallel, and hand the
//! results back in test order.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use serde::Serialize;

use crate::program::Program;
use crate::sandbox::{self, Exit, Limits, RunOutcome, RunSpec};
use crate::testset::Test;
use crate::verdict::Verdict;

/// What happened on one test.
#[derive(Clone, Debug, Serialize)]
pub struct TestOutcome {
    pub name: String,
    pub verdict: Verdict,
    /// CPU time of the solution.
    #[serde(rename = "time_ms", serialize_with = "as_millis")]
    pub cpu: Duration,
    #[serde(rename = "wall_ms", serialize_with = "as_millis")]
    pub wall: Duration,
    #[serde(rename = "memory_kib", serialize_with = "as_kib")]
    pub memory_bytes: u64,
    /// The checker's message, or why the run failed.
    pub message: String,
    pub group: Option<String>,
    /// The solution's output (kept for tests that are not accepted).
    #[serde(skip)]
    pub output: PathBuf,
}

fn as_millis<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(d.as_millis() as u64)
}

fn as_kib<S: serde::Serializer>(b: &u64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(b / 1024)
}

/// Everything one judging needs.
pub struct Judging<'a> {
    pub solution: &'a Program,
    pub checker: &'a Program,
    pub tests: &'a [Test],
    pub limits: Limits,
    pub jobs: usize,
    /// Stop after the first test that is not accepted (in test order).
    pub fail_fast: bool,
    /// Where outputs and messages are written.
    pub work: PathBuf,
}

/// Limits for the checker: it must never be the bottleneck nor be blamed.
fn checker_limits() -> Limits {
    Limits::new(Duration::from_secs(30), 4 << 30, 64 << 20)
}

/// The verdict of a run that did not end normally, per runner.md's rules:
/// TLE by CPU time or the wall clock, OLE, MLE by peak memory, then RE.
pub fn classify(outcome: &RunOutcome, limits: &Limits) -> Option<(Verdict, String)> {
    if outcome.wall_timeout {
        return Some((
            Verdict::Tle,
            format!(
                "{} ms of CPU time; killed at the wall limit after {} ms",
                outcome.cpu.as_millis(),
                outcome.wall.as_millis()
            ),
        ));
    }
    if outcome.cpu > limits.time || outcome.exit == Exit::Signal(libc::SIGXCPU) {
        return Some((
            Verdict::Tle,
            format!("{} ms of CPU time", outcome.cpu.as_millis()),
        ));
    }
    if outcome.exit == Exit::Signal(libc::SIGXFSZ) || outcome.output_bytes > limits.output_bytes {
        return Some((
            Verdict::Ole,
            format!("output exceeds {} bytes", limits.output_bytes),
        ));
    }
    if outcome.peak_memory_bytes > limits.memory_bytes {
        return Some((
            Verdict::Mle,
            format!("peak memory {} MiB", outcome.peak_memory_bytes >> 20),
        ));
    }
    match outcome.exit {
        Exit::Code(0) => None,
        Exit::Code(code) => Some((Verdict::Re, format!("exit code {code}"))),
        Exit::Signal(signal) => {
            let hint = if signal == libc::SIGSEGV {
                " (bad memory access or stack overflow)"
            } else {
                ""
            };
            Some((
                Verdict::Re,
                format!("killed by {}{hint}", sandbox::signal_name(signal)),
            ))
        }
    }
}

/// The verdict a testlib checker's exit code stands for: 0 OK, 1 WA, 2 PE,
/// 7 points; 3 (FAIL) and anything else is the kit's fault.
pub fn checker_verdict(outcome: &RunOutcome) -> Verdict {
    if outcome.wall_timeout {
        return Verdict::Fail;
    }
    match outcome.exit {
        Exit::Code(0) | Exit::Code(7) => Verdict::Ac,
        Exit::Code(1) => Verdict::Wa,
        Exit::Code(2) => Verdict::Pe,
        _ => Verdict::Fail,
    }
}

fn read_message(path: &PathBuf) -> String {
    let text = std::fs::read(path).unwrap_or_default();
    let text = String::from_utf8_lossy(&text[..text.len().min(2000)]);
    text.trim().to_string()
}

/// Runs the solution and the checker on one test.
pub fn judge_test(j: &Judging, test: &Test) -> TestOutcome {
    let output = j.work.join(format!("{}.out", test.name));
    let errors = j.work.join(format!("{}.err", test.name));
    let mut result = TestOutcome {
        name: test.name.clone(),
        verdict: Verdict::Fail,
        cpu: Duration::ZERO,
        wall: Duration::ZERO,
        memory_bytes: 0,
        message: String::new(),
        group: test.group.clone(),
        output: output.clone(),
    };
    let run = sandbox::run(&RunSpec {
        argv: j.solution.argv(Vec::<String>::new()),
        stdin: Some(test.input.clone()),
        stdout: output.clone(),
        stderr: Some(errors.clone()),
        cwd: Some(j.work.clone()),
        env: Vec::new(),
        limits: j.limits,
    });
    let run = match run {
        Ok(run) => run,
        Err(e) => {
            result.message = format!("cannot start the solution: {e}");
            return result;
        }
    };
    result.cpu = run.cpu;
    result.wall = run.wall;
    result.memory_bytes = run.peak_memory_bytes;
    if let Some((verdict, message)) = classify(&run, &j.limits) {
        result.verdict = verdict;
        result.message = message;
        return result;
    }
    let message_file = j.work.join(format!("{}.chk", test.name));
    let check = sandbox::run(&RunSpec {
        argv: j.checker.argv([
            test.input.as_os_str(),
            output.as_os_str(),
            test.answer.as_os_str(),
        ]),
        stdin: None,
        stdout: j.work.join(format!("{}.chk.out", test.name)),
        stderr: Some(message_file.clone()),
        cwd: Some(j.work.clone()),
        env: Vec::new(),
        limits: checker_limits(),
    });
    match check {
        Ok(check) => {
            result.verdict = checker_verdict(&check);
            result.message = read_message(&message_file);
            if result.verdict == Verdict::Fail && result.message.is_empty() {
                result.message = match check.exit {
                    Exit::Signal(s) => {
                        format!("the checker was killed by {}", sandbox::signal_name(s))
                    }
                    Exit::Code(c) => format!("the checker exited with code {c}"),
                };
            }
        }
        Err(e) => result.message = format!("cannot start the checker {}: {e}", j.checker.name),
    }
    result
}

/// Judges every test (in parallel), calling `on_result` in test order as
/// results become available. With `fail_fast`, tests after the first
/// failure (in test order) are not run.
pub fn judge(j: &Judging, mut on_result: impl FnMut(&TestOutcome)) -> Vec<TestOutcome> {
    let _ = std::fs::create_dir_all(&j.work);
    let n = j.tests.len();
    let next = AtomicUsize::new(0);
    let first_failure = AtomicUsize::new(usize::MAX);
    let (tx, rx) = mpsc::channel::<(usize, TestOutcome)>();
    let mut done: Vec<Option<TestOutcome>> = (0..n).map(|_| None).collect();
    let mut emitted = 0;
    std::thread::scope(|s| {
        for _ in 0..j.jobs.clamp(1, n.max(1)) {
            let tx = tx.clone();
            let (next, first_failure) = (&next, &first_failure);
            s.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= n || (j.fail_fast && i > first_failure.load(Ordering::SeqCst)) {
                        break;
                    }
                    let outcome = judge_test(j, &j.tests[i]);
                    if !outcome.verdict.is_accepted() {
                        first_failure.fetch_min(i, Ordering::SeqCst);
                    }
                    if tx.send((i, outcome)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for (i, outcome) in rx {
            if outcome.verdict.is_accepted() {
                // Accepted outputs are not needed any more: keep the disk small.
                for ext in ["out", "err", "chk", "chk.out"] {
                    let _ = std::fs::remove_file(j.work.join(format!("{}.{ext}", outcome.name)));
                }
            }
            done[i] = Some(outcome);
            while emitted < n {
                match &done[emitted] {
                    Some(o) => on_result(o),
                    None => break,
                }
                emitted += 1;
            }
        }
    });
    done.into_iter().flatten().collect()
}

/// The score of a run on a problem with groups: each group earns its points
/// if and only if all its tests were judged and accepted.
pub fn score(groups: &[(String, u32)], tests: &[Test], outcomes: &[TestOutcome]) -> u32 {
    groups
        .iter()
        .filter(|(name, _)| {
            tests
                .iter()
                .filter(|t| t.group.as_deref() == Some(name))
                .all(|t| {
                    outcomes
                        .iter()
                        .any(|o| o.name == t.name && o.verdict.is_accepted())
                })
        })
        .map(|(_, points)| points)
        .sum()
}
