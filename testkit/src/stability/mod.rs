//! The stability measure (issue 47): the kit's solutions of every verdict
//! and C programs at and across the limits, each judged round after round
//! (`judge --json test PROBLEM FILE...`, one call a problem a round),
//! quietly or beside a CPU hog ([`Hog`]); what each judging gave
//! ([`Record`]), then the verdicts that flipped and how late the CPU limit
//! was enforced ([`summary`]). `judge/tests/stability.rs` and
//! `judge/benches/stability.rs` share it.

mod cases;
mod hog;
pub mod summary;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

pub use hog::Hog;

use crate::kit::Kit;
use crate::run::wait;
use crate::{paths, schema};

/// Every judge call must end within this, hog or not.
const WATCHDOG: Duration = Duration::from_secs(5 * 60);

/// One file judged, and what it must get.
#[derive(Clone, Debug)]
pub struct Case {
    /// `problem/file`, for the reports.
    pub name: String,
    /// The file as the judge is given it, from where it runs.
    file: String,
    /// The verdict it must get every time, if one.
    pub expected: Option<&'static str>,
    /// The problem's time limit.
    pub limit_ms: u64,
}

/// The files of one problem, judged in one call.
struct Batch {
    /// Where the judge runs: the kit's root, else the throw-away kit.
    at_root: bool,
    problem: String,
    flags: Vec<&'static str>,
    cases: Vec<Case>,
}

/// One test of a judging.
#[derive(Clone, Debug)]
pub struct TestRun {
    pub name: String,
    pub verdict: String,
    pub time_ms: u64,
    pub message: String,
}

/// One judging of a file.
#[derive(Clone, Debug)]
pub struct Judging {
    pub verdict: String,
    /// The first failing test and the checker's or the judge's message,
    /// empty when accepted.
    pub failure: String,
    pub tests: Vec<TestRun>,
}

/// Every judging of every case, in the cases' order.
pub type Record = Vec<(Case, Vec<Judging>)>;

/// The kits and the files judged in them, ready to judge: the kit's own
/// problems (at its root) and a throw-away kit whose problem "sum" holds
/// the C programs at its limits.
pub struct Stability {
    kit: Kit,
    batches: Vec<Batch>,
}

impl Default for Stability {
    fn default() -> Stability {
        Stability::new()
    }
}

impl Stability {
    /// Makes the throw-away kit and builds both kits' tests (and the kit's
    /// programs), so that the rounds only judge.
    pub fn new() -> Stability {
        Stability::judging(cases::KIT_SOLUTIONS)
    }

    /// The same, with the kit's long interactive plays too (nim-play's
    /// accepted solution: thousands of messages a test, seconds beside the
    /// hog), for the bench.
    pub fn with_long_plays() -> Stability {
        Stability::judging(&[cases::KIT_SOLUTIONS, cases::LONG_PLAYS].concat())
    }

    /// The throw-away kit's cases and the kit's `solutions`.
    fn judging(solutions: &[(&'static str, &[&str])]) -> Stability {
        let kit = Kit::builder().languages(&["c"]).inputs(1).create();
        let limit_ms = time_limit_ms(kit.dir(), "sum");
        let mut sum = Vec::new();
        for (name, source, expected) in cases::sum_programs(limit_ms, memory_mib(kit.dir())) {
            kit.write(&format!("cases/{name}"), &source);
            sum.push(Case {
                name: format!("sum/{name}"),
                file: format!("cases/{name}"),
                expected,
                limit_ms,
            });
        }
        let mut batches = Vec::new();
        for (problem, files) in solutions {
            let limit_ms = time_limit_ms(&paths::root(), problem);
            let cases = (files.iter())
                .map(|file| Case {
                    name: format!("{problem}/{file}"),
                    file: format!("solutions/{problem}/{file}"),
                    expected: cases::verdict_of_folder(file),
                    limit_ms,
                })
                .collect();
            batches.push(Batch {
                at_root: true,
                problem: problem.to_string(),
                flags: vec!["--fail-fast"],
                cases,
            });
        }
        batches.push(Batch {
            at_root: false,
            problem: "sum".to_string(),
            flags: Vec::new(),
            cases: sum,
        });
        crate::guess::add_to(&kit, cases::GUESS_PLAN, &[cases::GUESS_TEST]);
        kit.write("problems/guess/interactor.c", &cases::patient_interactor());
        kit.write("cases/linear_guess.c", cases::LINEAR_GUESS);
        batches.push(Batch {
            at_root: false,
            problem: "guess".to_string(),
            flags: Vec::new(),
            cases: [
                "cases/linear_guess.c",
                "solutions/guess/accepted/binary_search.c",
            ]
            .map(|file| Case {
                name: format!("guess/{}", file.rsplit('/').next().unwrap_or(file)),
                file: file.to_string(),
                expected: Some("AC"),
                limit_ms: 300,
            })
            .to_vec(),
        });
        let stability = Stability { kit, batches };
        let mut problems: Vec<&str> = solutions.iter().map(|(p, _)| *p).collect();
        problems.sort_unstable();
        problems.dedup();
        stability.build(&paths::judge(), &problems);
        stability
    }

    /// Builds the tests of the kit's `problems` and of "sum" with `judge`.
    fn build(&self, judge: &Path, problems: &[&str]) {
        let mut args = vec!["build"];
        args.extend_from_slice(problems);
        for (at_root, args) in [(true, &args[..]), (false, &["build"][..])] {
            let (code, report) = self.json(judge, at_root, args);
            assert_eq!(code, 0, "judge {args:?}: {report:#}");
        }
    }

    /// An empty record of every case.
    pub fn record(&self) -> Record {
        let cases = self.batches.iter().flat_map(|b| b.cases.iter().cloned());
        cases.map(|case| (case, Vec::new())).collect()
    }

    /// Judges every case once with the judge binary `judge` (each
    /// problem's files in one call), adding each judging to `record`.
    pub fn round(&self, judge: &Path, record: &mut Record) {
        for batch in &self.batches {
            let mut args = vec!["test", batch.problem.as_str(), "--rejudge"];
            args.extend(batch.flags.iter().copied());
            args.extend(batch.cases.iter().map(|c| c.file.as_str()));
            let (code, report) = self.json(judge, batch.at_root, &args);
            assert!(matches!(code, 0 | 1), "judge {args:?}: {report:#}");
            for case in &batch.cases {
                let judging = judging_of(&report, &case.file);
                let seen = record.iter_mut().find(|(c, _)| c.name == case.name);
                seen.unwrap().1.push(judging);
            }
        }
    }

    /// Runs `judge --json --jobs 2 ARGS` at the kit's root or in the
    /// throw-away kit; the document must follow the schema.
    fn json(&self, judge: &Path, at_root: bool, args: &[&str]) -> (i32, Value) {
        let mut cmd = Command::new(judge);
        cmd.args(["--json", "--jobs", "2"]).args(args);
        match at_root {
            true => cmd.current_dir(paths::root()),
            false => (cmd.current_dir(self.kit.dir())).env("CARGO_TARGET_DIR", &self.kit.target),
        };
        cmd.env("NO_COLOR", "1").env("NO_PROGRESS", "1");
        let child = (cmd.stdin(Stdio::null()).stdout(Stdio::piped()))
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let run = wait(child, args, Instant::now(), WATCHDOG);
        let report: Value = serde_json::from_str(&run.stdout).unwrap_or_else(|e| {
            panic!(
                "judge {args:?}: {e}: stdout {:?}, stderr {:?}",
                run.stdout, run.stderr
            )
        });
        schema::assert_documented(&report);
        (run.code.unwrap_or(-1), report)
    }
}

/// The judging of `file` in a report: a standings report's row, or the
/// report of one file.
fn judging_of(report: &Value, file: &str) -> Judging {
    let text = |v: &Value| v.as_str().unwrap_or("").to_string();
    let Some(rows) = report["solutions"].as_array() else {
        return one_judging(report);
    };
    let row = (rows.iter())
        .find(|r| r["solution"].as_str().is_some_and(|s| s.ends_with(file)))
        .unwrap_or_else(|| panic!("no row for {file}: {report:#}"));
    let failure = match &row["first_failure"] {
        Value::Null => String::new(),
        f => format!("test {}: {}", text(&f["test"]), text(&f["message"])),
    };
    Judging {
        verdict: text(&row["verdict"]),
        failure,
        tests: test_runs(&row["results"]),
    }
}

/// The judging in the report of one file.
fn one_judging(report: &Value) -> Judging {
    let tests = test_runs(&report["tests"]);
    let failure = (tests.iter().find(|t| t.verdict != "AC"))
        .map(|t| format!("test {}: {}", t.name, t.message))
        .unwrap_or_default();
    Judging {
        verdict: report["verdict"].as_str().unwrap_or("").to_string(),
        failure,
        tests,
    }
}

/// The tests of a judging, from its results.
fn test_runs(results: &Value) -> Vec<TestRun> {
    let text = |v: &Value| v.as_str().unwrap_or("").to_string();
    (results.as_array().into_iter().flatten())
        .map(|t| TestRun {
            name: text(&t["name"]),
            verdict: text(&t["verdict"]),
            time_ms: t["time_ms"].as_u64().unwrap_or(0),
            message: text(&t["message"]),
        })
        .collect()
}

/// A key of `[defaults]` in the kit's judge.toml at `kit`.
fn default_of(kit: &Path, key: &str) -> Option<u64> {
    let text = std::fs::read_to_string(kit.join("judge.toml")).ok()?;
    let toml: toml::Table = text.parse().ok()?;
    toml.get("defaults")?
        .get(key)?
        .as_integer()
        .map(|v| v as u64)
}

/// The time limit of `problem` in the kit at `kit`: its problem.toml's,
/// else the kit's default, else the judge's (1 s).
pub fn time_limit_ms(kit: &Path, problem: &str) -> u64 {
    let file = kit.join("problems").join(problem).join("problem.toml");
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let own = (text.parse::<toml::Table>().ok())
        .and_then(|t| t.get("time_limit_ms").and_then(|v| v.as_integer()));
    (own.map(|v| v as u64))
        .or_else(|| default_of(kit, "time_limit_ms"))
        .unwrap_or(1000)
}

/// The kit's default memory limit (256 MiB unless judge.toml says).
fn memory_mib(kit: &Path) -> u64 {
    default_of(kit, "memory_limit_mib").unwrap_or(256)
}
