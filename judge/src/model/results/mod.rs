//! What the kit's work produces, one home at the bottom of the judge:
//! the built tests, the outcome of each test and of each solution, what
//! `verify` found, what a build did, and the reports the commands end
//! with ([`report`]). The core fills them in; events and reporters only
//! read them, so they import this module and it imports neither.

mod lab;
pub mod report;

use std::path::{Path, PathBuf};
use std::time::Duration;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::model::verdict::{Score, Scored, Verdict};

/// The variable that turns sandbox layers off, which reports name.
/// The environment variable that turns layers of containment off on
/// purpose (the sandbox's `LAYERS_OFF_ENV`).
pub const LAYERS_OFF_ENV: &str = "JUDGE_SANDBOX_OFF";

/// Where a test's play is kept, beside its answer (`<test>.interaction`):
/// for the samples of an interactive problem.
pub fn interaction_of(answer: &Path) -> PathBuf {
    answer.with_extension("interaction")
}

/// Names (files, contestants) in the order people expect: letters
/// whatever their case, numbers by value (`alice`, `Bob`, `s2`, `s10`);
/// names that differ only in case, by byte.
pub fn by_name(a: &str, b: &str) -> std::cmp::Ordering {
    alphanumeric_sort::compare_str(a.to_lowercase(), b.to_lowercase()).then_with(|| a.cmp(b))
}

/// A built test, ready to judge.
#[derive(Clone, Debug)]
pub struct Test {
    pub name: String,
    pub input: PathBuf,
    pub answer: PathBuf,
    pub group: Option<String>,
    pub sample: bool,
    /// Solutions this test must reject.
    pub targets: Vec<String>,
    /// Its own points in a group scored `each`.
    pub points: Option<f64>,
}

/// The judged tests (`outcomes` of `tests`) as the scoring rule sees them.
pub fn scored<'a>(tests: &'a [Test], outcomes: &'a [TestOutcome]) -> Vec<Scored<'a>> {
    let by_name: std::collections::HashMap<&str, &Test> =
        tests.iter().map(|t| (t.name.as_str(), t)).collect();
    (outcomes.iter())
        .map(|o| {
            let test = by_name.get(o.name.as_str());
            Scored {
                group: o.group.as_deref(),
                sample: test.is_some_and(|t| t.sample),
                verdict: o.verdict,
                points: o.points,
                worth: test.and_then(|t| t.points),
            }
        })
        .collect()
}

impl Test {
    /// Returns true if and only if the test aims at `solution` (its path
    /// under `solutions/<problem>/`, as `targets` names it).
    pub fn aims_at(&self, solution: &str) -> bool {
        self.targets.iter().any(|t| t == solution)
    }
}

/// What a build of one problem did.
#[derive(Clone, Debug, Default, Serialize, JsonSchema)]
pub struct BuildSummary {
    pub problem: String,
    pub tests: usize,
    pub generated: usize,
    pub validated: usize,
    pub answered: usize,
    /// The reference solution's largest CPU time over the tests it answered.
    #[serde(rename = "reference_max_time_ms", serialize_with = "millis")]
    #[schemars(with = "u64")]
    pub reference_max_time: Duration,
    /// Of the generated tests an imported package also stores, how many
    /// came out equal to the package's input, byte for byte.
    pub regenerated_equal: usize,
    /// The tests whose regenerated input differs from the package's.
    pub regenerated_different: Vec<String>,
    /// The inputs of `[[invalid]]` the validator rejected (all of them: one
    /// it accepts fails the build).
    pub invalid_rejected: usize,
    /// The programs that do not compile on this machine, whose tests the
    /// package's stored files stand in for.
    pub not_compiled: Vec<NotCompiled>,
}

/// A generator or reference of an imported package that does not compile
/// here (another judge's compiler, say), whose tests all store what it
/// would have made.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct NotCompiled {
    pub program: String,
    /// The first line of what the compiler said.
    pub error: String,
    /// The tests whose stored input (or answer) stands in for its work.
    pub tests: usize,
}

/// What happened on one test.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TestOutcome {
    pub name: String,
    pub verdict: Verdict,
    /// CPU time of the solution.
    #[serde(
        rename = "time_ms",
        serialize_with = "millis",
        deserialize_with = "from_millis"
    )]
    #[schemars(with = "u64")]
    pub cpu: Duration,
    #[serde(
        rename = "wall_ms",
        serialize_with = "millis",
        deserialize_with = "from_millis"
    )]
    #[schemars(with = "u64")]
    pub wall: Duration,
    #[serde(
        rename = "memory_kib",
        serialize_with = "kib",
        deserialize_with = "from_kib"
    )]
    #[schemars(with = "u64")]
    pub memory_bytes: u64,
    /// The checker's message, or why the run failed.
    pub message: String,
    /// For an accepted test whose output has the answer's tokens: how its
    /// white space differs from the answer's (see `rules::spacing_note`).
    #[serde(default)]
    pub note: Option<String>,
    pub group: Option<String>,
    /// The points a scoring checker gave.
    pub points: Option<f64>,
    /// The code of a partially correct answer.
    pub partial: Option<u32>,
    /// The solution's output (kept for tests that are not accepted).
    #[serde(skip)]
    pub output: PathBuf,
    /// For a test not accepted: the last lines the solution wrote to its
    /// error stream (see [`last_lines`]), if it wrote any.
    #[serde(default)]
    pub stderr: Option<String>,
    /// For a test not accepted: where its files are kept, `<test>.out`,
    /// `<test>.err` and the checker's, in that folder.
    #[serde(default)]
    pub kept: Option<String>,
}

/// At most this many of the last lines of a failing run's error stream
/// are shown...
pub const STDERR_LINES: usize = 10;
/// ... read from at most this many of its last bytes, each line cut to
/// [`STDERR_LINE_CHARS`] characters.
pub const STDERR_BYTES: usize = 2048;
pub const STDERR_LINE_CHARS: usize = 200;

/// One line on the accepted tests of `outcomes` whose white space is
/// unlike the answer's (each test's `note`): how many, the first one's
/// note and name; None if there are none.
pub fn spacing_summary(outcomes: &[TestOutcome]) -> Option<String> {
    let noted: Vec<&TestOutcome> = outcomes.iter().filter(|o| o.note.is_some()).collect();
    let first = noted.first()?;
    Some(format!(
        "{} accepted test(s) with {} (test {} first): a judge that compares exactly would reject them",
        noted.len(),
        first.note.as_deref().unwrap_or_default(),
        first.name
    ))
}

/// The end of what a run wrote to its error stream (`tail`, its last
/// [`STDERR_BYTES`] bytes at most), as it can be shown anywhere: its last
/// [`STDERR_LINES`] lines that are not blank, each cut to
/// [`STDERR_LINE_CHARS`] characters, invalid UTF-8 replaced and control
/// characters (an escape sequence, a carriage return) escaped; None if
/// nothing is left.
pub fn last_lines(tail: &[u8]) -> Option<String> {
    let tail = &tail[tail.len().saturating_sub(STDERR_BYTES)..];
    let text = String::from_utf8_lossy(tail);
    let lines: Vec<String> = (text.lines())
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let mut shown: String = (line.chars().take(STDERR_LINE_CHARS))
                .map(|c| match c.is_control() && c != '\t' {
                    true => c.escape_default().to_string(),
                    false => c.to_string(),
                })
                .collect();
            if line.chars().count() > STDERR_LINE_CHARS {
                shown.push('…');
            }
            shown
        })
        .collect();
    let last = &lines[lines.len().saturating_sub(STDERR_LINES)..];
    (!last.is_empty()).then(|| last.join("\n"))
}

/// One solution's run over a problem's tests.
#[derive(Clone, Debug)]
pub struct SolutionRun {
    /// The solution as shown to the user.
    pub solution: String,
    /// The first verdict that is not AC, in test order.
    pub verdict: Verdict,
    /// The tests judged, in order.
    pub outcomes: Vec<TestOutcome>,
    /// The compiler's message, for a solution that does not compile.
    pub compile_error: Option<String>,
    pub score: Option<Score>,
    /// The most it could score, on a problem with groups.
    pub max_score: Option<Score>,
}

impl SolutionRun {
    /// How many of the judged tests were accepted.
    pub fn passed(&self) -> usize {
        (self.outcomes.iter())
            .filter(|o| o.verdict.is_accepted())
            .count()
    }

    /// The slowest judged test's CPU time.
    pub fn slowest(&self) -> Duration {
        self.outcomes
            .iter()
            .map(|o| o.cpu)
            .max()
            .unwrap_or_default()
    }

    /// The outcome on the test named `name`, if it was judged.
    pub fn outcome(&self, name: &str) -> Option<&TestOutcome> {
        self.outcomes.iter().find(|o| o.name == name)
    }
}

/// What a brute force's folder promises, as reports write it: never a
/// wrong answer where it finishes.
pub const BRUTE_FORCE_PROMISE: &str = "no WA";

/// The verdict of one test aimed at a solution.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Aimed {
    pub test: String,
    pub verdict: Verdict,
}

/// Something a feature of the kit needs, as `judge doctor` found it.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct Requirement {
    /// What is needed: a program, a file, fonts.
    pub what: String,
    /// What breaks without it: the commands, or the tests.
    pub needed_by: String,
    /// Where it is (and its version, where it says one); `None`: missing.
    pub found: Option<String>,
    /// How to get it, when it is missing.
    pub fix: Option<String>,
}

/// One file of `judge test`'s standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Standing {
    /// The file, as given or found under a folder given.
    pub solution: String,
    /// `CE` also for a file the kit cannot compile at all: an extension no
    /// language has, a file it cannot read (`compile_error` says why).
    pub verdict: Verdict,
    pub score: Option<Score>,
    pub max_score: Option<Score>,
    /// The tests accepted, of the `tests` judged on.
    pub passed: usize,
    pub tests: usize,
    /// The slowest test's CPU time.
    #[serde(
        rename = "max_time_ms",
        serialize_with = "millis",
        deserialize_with = "from_millis"
    )]
    #[schemars(with = "u64")]
    pub max_time: Duration,
    /// The first test not accepted, with the checker's first line.
    pub first_failure: Option<Failure>,
    /// The compiler's first lines, or why the file was not compiled.
    pub compile_error: Option<String>,
    /// Each judged test, in order.
    pub results: Vec<TestOutcome>,
    /// Whether the row is the last judging's: neither the file (as built)
    /// nor the tests, checker and limits changed since.
    pub cached: bool,
    /// The file judged again under its language's other interpreter
    /// (`--both-pythons`).
    pub other: Option<OtherJudging>,
}

/// A file judged again under its language's other interpreter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct OtherJudging {
    /// `pypy3`.
    pub interpreter: String,
    pub verdict: Verdict,
    pub score: Option<Score>,
    /// Whether it is another verdict than the first judging's.
    pub differs: bool,
    pub tests: Vec<TestOutcome>,
}

impl OtherJudging {
    /// How `solution` judged under `interpreter` is shown.
    pub fn shown(solution: &str, interpreter: &str) -> String {
        format!("{solution} under {interpreter}")
    }

    /// `run` of the file under `interpreter`, compared with the verdict
    /// `first` judged.
    pub fn of(interpreter: String, run: SolutionRun, first: Verdict) -> OtherJudging {
        OtherJudging {
            interpreter,
            differs: run.verdict != first,
            verdict: run.verdict,
            score: run.score,
            tests: run.outcomes,
        }
    }
}

/// The first test a solution failed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Failure {
    pub test: String,
    pub verdict: Verdict,
    pub message: String,
    /// The last lines of the run's error stream (see [`last_lines`]).
    #[serde(default)]
    pub stderr: Option<String>,
    /// Where the test's files are kept.
    #[serde(default)]
    pub kept: Option<String>,
}

impl Standing {
    /// The row of a judged (or not compiled) solution, of `tests` tests.
    pub fn of(run: SolutionRun, tests: usize) -> Standing {
        let first_failure = (run.outcomes.iter())
            .find(|o| !o.verdict.is_accepted())
            .map(|o| Failure {
                test: o.name.clone(),
                verdict: o.verdict,
                message: o.message.lines().next().unwrap_or("").to_string(),
                stderr: o.stderr.clone(),
                kept: o.kept.clone(),
            });
        Standing {
            passed: run.passed(),
            tests,
            max_time: run.slowest(),
            first_failure,
            compile_error: run.compile_error.map(|e| first_lines(&e, 10)),
            solution: run.solution,
            verdict: run.verdict,
            score: run.score,
            max_score: run.max_score,
            results: run.outcomes,
            cached: false,
            other: None,
        }
    }

    /// The row of a file that could not be compiled at all, and why; it
    /// scores what a judging of no test does (`scores`).
    pub fn refused(
        solution: String,
        reason: String,
        tests: usize,
        (score, max_score): (Option<Score>, Option<Score>),
    ) -> Standing {
        Standing {
            solution,
            verdict: crate::model::verdict::NOT_COMPILED,
            score,
            max_score,
            passed: 0,
            tests,
            max_time: Duration::ZERO,
            first_failure: None,
            compile_error: Some(reason),
            results: Vec::new(),
            cached: false,
            other: None,
        }
    }
}

/// The first `n` lines of `text`.
fn first_lines(text: &str, n: usize) -> String {
    text.lines().take(n).collect::<Vec<_>>().join("\n")
}

/// `verify`'s finding on one solution.
#[derive(Clone, Debug, PartialEq, Serialize, JsonSchema)]
pub struct VerifyRow {
    pub problem: String,
    /// The solution, relative to `solutions/<problem>/`.
    pub solution: String,
    /// What its folder promises: a verdict, or `no WA` for a brute force.
    pub expected: String,
    pub verdict: Verdict,
    pub score: Option<Score>,
    /// Returns true if and only if it kept its folder's promise.
    pub ok: bool,
    /// The first test it did not pass.
    pub failed_test: Option<String>,
    /// The tests aimed at it, with its verdict on each.
    pub aimed: Vec<Aimed>,
    /// Every way it broke its promise.
    pub problems: Vec<String>,
    /// The problem's number of tests.
    pub tests: usize,
    /// The tests it was judged on.
    pub judged: usize,
    /// The tests it ran to the end within the limits (its output checked).
    pub finished: usize,
    pub compile_error: Option<String>,
    /// Its outcome on each test it was judged on, in test order (the
    /// tests of `judge test`'s report).
    pub results: Vec<TestOutcome>,
    /// Timing it kept its promise by too little to trust on another
    /// machine: an accepted solution over half the limit, a too-slow one
    /// that finishes within twice it (with the times a rerun measured).
    pub warnings: Vec<String>,
}

impl VerifyRow {
    /// Returns true if and only if the solution is a brute force.
    pub fn is_brute_force(&self) -> bool {
        self.expected == BRUTE_FORCE_PROMISE
    }
}

/// Something a judge will lose or change when it imports a problem of the
/// package, said in the report so that nothing is lost silently.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Warning {
    pub problem: String,
    /// The judge, or the judge's importer, that loses it.
    pub judge: &'static str,
    pub message: String,
}

/// How a sandbox contains runs, layer by layer, as reports show it
/// (`judge doctor`, `--json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Isolation {
    /// How every process of a run is found and killed at its end:
    /// `cgroup-v1`, `cgroup-v2`, or `reaper` (its session and descendants,
    /// the judge adopting orphans).
    pub processes: String,
    /// How the file system is confined: `landlock-<ABI>`, or `none`.
    pub files: String,
    /// How memory is capped: `cgroup`, or `watcher` (sampled, killed over).
    pub memory: String,
    /// The network of runs: `isolated` (an empty namespace) or `shared`.
    pub network: String,
    /// Who runs submissions: `nobody` (the judge is root), or `judge`.
    pub user: String,
    /// What a submission sees of the machine's processes: `namespace` (a
    /// PID namespace and `/proc` of its own: itself and its children only)
    /// or `all`.
    pub pids: String,
    /// The layers turned off on purpose by `JUDGE_SANDBOX_OFF` (`cgroup`,
    /// `landlock`, `network`, `user`, `pid`); absent when none is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub off: Vec<String>,
    /// Why a layer this machine lacks is missing, one line a layer
    /// (`cgroup: cgroup v1: …; cgroup v2: …`); absent when none is.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<String>,
}

/// A duration as whole milliseconds (`time_ms`, `wall_ms`).
pub fn millis<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(d.as_millis().try_into().unwrap_or(u64::MAX))
}

/// A duration read back from whole milliseconds.
pub fn from_millis<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
    u64::deserialize(d).map(Duration::from_millis)
}

/// A size in bytes read back from whole KiB.
pub fn from_kib<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    u64::deserialize(d).map(|k| k.saturating_mul(1024))
}

/// A size in bytes as whole KiB (`memory_kib`).
pub fn kib<S: Serializer>(bytes: &u64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_u64(bytes / 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The last lines that are not blank, each cut, control characters
    /// escaped, invalid UTF-8 replaced; nothing for an empty stream.
    #[test]
    fn a_runs_last_lines_are_bounded_and_escaped() {
        assert_eq!(last_lines(b""), None);
        assert_eq!(last_lines(b"\n  \n"), None);
        let said = last_lines(b"first\n\x1b[31mred\r\n\xff end\n\n").unwrap();
        assert_eq!(said, "first\n\\u{1b}[31mred\n\u{fffd} end");
        let many: String = (1..=30).map(|i| format!("line {i}\n")).collect();
        let shown = last_lines(many.as_bytes()).unwrap();
        assert_eq!(shown.lines().count(), STDERR_LINES);
        assert!(shown.starts_with("line 21\n") && shown.ends_with("line 30"));
        let long = "x".repeat(STDERR_LINE_CHARS + 5);
        let cut = last_lines(long.as_bytes()).unwrap();
        assert_eq!(cut.chars().count(), STDERR_LINE_CHARS + 1);
        assert!(cut.ends_with('…'));
        // Only the last bytes are read: the start of a huge stream is gone.
        let huge = format!("start\n{}\nend\n", "y".repeat(10 * STDERR_BYTES));
        assert!(!last_lines(huge.as_bytes()).unwrap().contains("start"));
    }
}
