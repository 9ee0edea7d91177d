//! The JSON reports, schema 2: the typed document each command ends with.
//!
//! `--json` prints exactly one [`Document`] on stdout: the schema's number,
//! the command's name, then its report. Their shape is generated from these
//! types into `docs/report.schema.json` (JSON Schema; `judge/tests/schema.rs`
//! fails when the file is not what the types say) and shown, with an example
//! per command, in the guide (`book/src/json.md`); the tests check every
//! command's output against that file. Adding a field is a change of the documented schema;
//! removing or changing one needs a new schema number.

use std::time::Duration;

use schemars::JsonSchema;
use serde::{Serialize, Serializer};

use super::{
    BuildSummary, Isolation, OtherJudging, Requirement, Standing, TestOutcome, VerifyRow, Warning,
    millis,
};
use crate::model::verdict::{Score, Verdict};

/// The version of the reports' shape.
pub const SCHEMA: u32 = 2;

/// What `--json` prints: the schema's number, then the command's report,
/// its `command` first.
#[derive(Debug, Serialize, JsonSchema)]
#[schemars(title = "judge --json report")]
pub struct Document<'a> {
    pub schema: SchemaVersion,
    #[serde(flatten)]
    pub report: &'a Report,
}

impl Document<'_> {
    /// The document of `report`.
    pub fn of(report: &Report) -> Document<'_> {
        Document {
            schema: SchemaVersion,
            report,
        }
    }
}

/// The schema's number, [`SCHEMA`], in every document.
#[derive(Clone, Copy, Debug)]
pub struct SchemaVersion;

impl Serialize for SchemaVersion {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(SCHEMA)
    }
}

impl JsonSchema for SchemaVersion {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SchemaVersion".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "const": SCHEMA,
            "description": "The version of the reports' shape: fields may be added within it, never removed or changed."
        })
    }
}

/// The report a command ends with; `command` names it.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(tag = "command", rename_all = "lowercase")]
pub enum Report {
    Build(BuildReport),
    Test(TestReport),
    /// `judge test` of several files.
    #[serde(rename = "test")]
    Standings(StandingsReport),
    Contest(ContestReport),
    Verify(VerifyReport),
    Check(CheckReport),
    Package(PackageReport),
    Doctor(DoctorReport),
    Stress(StressReport),
    Certify(CertifyReport),
    Statement(StatementReport),
    New(NewReport),
    Import(ImportReport),
    Diff(DiffReport),
    Timelimit(TimelimitReport),
    Validate(ValidateReport),
    Lab(LabReport),
}

impl Report {
    /// Whether everything the command judged was accepted (its exit code).
    pub fn accepted(&self) -> bool {
        match self {
            Report::Standings(r) => r.verdict == BatchVerdict::Ac,
            Report::Contest(r) => r.verdict == BatchVerdict::Ac,
            _ => self.verdict().is_some_and(Verdict::is_accepted),
        }
    }

    /// The overall verdict, where there is one: a batch of files has none
    /// (see [`BatchVerdict`]).
    pub fn verdict(&self) -> Option<Verdict> {
        Some(match self {
            Report::Build(r) => r.verdict,
            Report::Test(r) => r.verdict,
            Report::Standings(_) | Report::Contest(_) => return None,
            Report::Verify(r) => r.verdict,
            Report::Check(r) => r.verdict,
            Report::Package(r) => r.verdict,
            Report::Doctor(r) => r.verdict,
            Report::Stress(r) => r.verdict,
            Report::Certify(r) => r.verdict,
            Report::Statement(r) => r.verdict,
            Report::New(r) => r.verdict,
            Report::Import(r) => r.verdict,
            Report::Diff(r) => r.verdict,
            Report::Timelimit(r) => r.verdict,
            Report::Validate(r) => r.verdict,
            Report::Lab(r) => r.verdict,
        })
    }
}

/// What a batch of files came to. Each file has its verdict; the batch
/// only says whether all were accepted, and `FAIL` only where the kit
/// failed on one (a checker that crashed), never for a file's own fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
pub enum BatchVerdict {
    /// Every file was accepted.
    #[serde(rename = "AC")]
    Ac,
    /// Every file was judged, and some were not accepted.
    #[serde(rename = "REJECTED")]
    Rejected,
    /// The kit failed on a file.
    #[serde(rename = "FAIL")]
    Fail,
}

impl BatchVerdict {
    /// The batch's verdict from its files'.
    pub fn of(verdicts: impl IntoIterator<Item = Verdict>) -> BatchVerdict {
        let mut all = BatchVerdict::Ac;
        for verdict in verdicts {
            match verdict {
                Verdict::Fail => return BatchVerdict::Fail,
                Verdict::Ac => {}
                _ => all = BatchVerdict::Rejected,
            }
        }
        all
    }

    /// `AC`, `REJECTED` or `FAIL`.
    pub fn as_str(self) -> &'static str {
        match self {
            BatchVerdict::Ac => "AC",
            BatchVerdict::Rejected => "REJECTED",
            BatchVerdict::Fail => "FAIL",
        }
    }
}

/// `judge build`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct BuildReport {
    /// Always `AC`: a build that fails is an error, not a report.
    pub verdict: Verdict,
    pub problems: Vec<BuildSummary>,
}

/// `judge test`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TestReport {
    pub verdict: Verdict,
    pub problem: String,
    pub solution: String,
    pub score: Option<Score>,
    pub max_score: Option<Score>,
    pub compile_error: Option<String>,
    pub network_isolated: bool,
    /// How the submission was contained.
    pub isolation: Isolation,
    pub tests: Vec<TestOutcome>,
    /// The same file under its language's other interpreter
    /// (`--both-pythons`), if asked for and the language has one.
    pub other: Option<OtherJudging>,
    /// The file's path under `solutions/<problem>/`, as tests' `targets`
    /// name it, if it lives there (the page marks the tests aimed at it).
    #[serde(skip)]
    pub target: Option<String>,
}

/// `judge test` of several files (or a folder): the standings.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StandingsReport {
    /// `AC` if every file was accepted, `FAIL` if the kit failed on one,
    /// else `REJECTED`.
    pub verdict: BatchVerdict,
    /// How many files were accepted, of `files`.
    pub accepted: usize,
    pub files: usize,
    pub problem: String,
    /// The order of `solutions`: by `name` or by `score` (best first).
    pub sort: String,
    /// Whether only the samples were judged (`--samples`).
    pub samples_only: bool,
    pub network_isolated: bool,
    /// How the submissions were contained.
    pub isolation: Isolation,
    pub solutions: Vec<Standing>,
    /// Files under the folders given that are no source (notes, data,
    /// builds): not judged.
    pub ignored: Vec<String>,
}

/// `judge contest`: contestants × problems.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ContestReport {
    /// `AC` if every submission was accepted, `FAIL` if the kit failed on
    /// one, else `REJECTED` (a missing submission is not accepted).
    pub verdict: BatchVerdict,
    /// The folder of the contestants' folders.
    pub contestants_dir: String,
    pub layout: ContestLayout,
    /// The problems, in judge.toml's order, and the most each scores.
    pub problems: Vec<ContestProblem>,
    /// The most a contestant scores: the problems' most, summed.
    pub max_total: Score,
    /// Best first (rank, then name).
    pub contestants: Vec<Contestant>,
    pub network_isolated: bool,
    /// How the submissions were contained.
    pub isolation: Isolation,
}

/// Where a contestant's submission of problem `p` lies in their folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ContestLayout {
    /// LemonLime's `source/` folder: `<contestant>/<p>.<ext>` or
    /// `<contestant>/<p>/<p>.<ext>`.
    Lemonlime,
    /// Arbiter's `players/` folder, laid out the same way.
    Arbiter,
    /// The folder given holds the contestants' folders.
    Plain,
}

/// A problem of the contest.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ContestProblem {
    pub name: String,
    pub max_score: Option<Score>,
    /// Submissions found, and accepted.
    pub submitted: usize,
    pub accepted: usize,
}

/// A contestant's line of the standings, and their judgings.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Contestant {
    pub name: String,
    /// 1 for the best total; equal totals share a rank, and the next rank
    /// counts them all (1, 2, 2, 4).
    pub rank: usize,
    pub total: Score,
    /// A cell per problem, in the problems' order.
    pub problems: Vec<ContestCell>,
}

/// A contestant's submission of one problem, as judged.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ContestCell {
    pub problem: String,
    /// Why there is no judging: no file for the problem, or more than one.
    pub missing: Option<String>,
    /// The judging: the file, its verdict, score and first failure.
    pub judged: Option<Standing>,
}

/// `judge verify`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct VerifyReport {
    /// `AC` if every solution kept its folder's promise, else `FAIL`.
    pub verdict: Verdict,
    pub network_isolated: bool,
    /// How the submissions were contained.
    pub isolation: Isolation,
    pub solutions: Vec<VerifyRow>,
}

/// `judge check`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CheckReport {
    pub verdict: Verdict,
    pub message: String,
    pub checker: String,
    pub points: Option<f64>,
    pub partial: Option<u32>,
}

/// `judge stress`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StressReport {
    /// `AC` if the two solutions agreed on every test, else the verdict of
    /// the first disagreement.
    pub verdict: Verdict,
    pub problem: String,
    pub solution: String,
    /// The solution whose answers were the reference.
    pub against: String,
    /// Tests judged.
    pub iterations: u64,
    #[serde(rename = "elapsed_ms", serialize_with = "millis")]
    #[schemars(with = "u64")]
    pub elapsed: Duration,
    /// The first test where the solution was not accepted.
    pub failure: Option<StressFailure>,
}

/// A test `judge stress` found, and how to make it again.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StressFailure {
    pub seed: u64,
    /// The generator and its arguments, as a command line: it makes the
    /// test as found, before shrinking.
    pub generator: String,
    #[serde(flatten)]
    pub example: Counterexample,
    /// The manual test `--save` wrote, relative to the kit.
    pub saved: Option<String>,
}

/// `judge certify`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CertifyReport {
    /// `AC` if the reference, the brute force and the checker agreed on
    /// every input, else the verdict of the disagreement.
    pub verdict: Verdict,
    pub problem: String,
    /// The generator command that writes every input up to the bounds.
    pub generator: String,
    pub reference: String,
    pub brute_force: String,
    /// The cases checked (the first line of the input, for a problem that
    /// declares its cases; else 1).
    pub cases: u64,
    #[serde(rename = "elapsed_ms", serialize_with = "millis")]
    #[schemars(with = "u64")]
    pub elapsed: Duration,
    pub failure: Option<CertifyFailure>,
    /// Whether an interactor, not a checker, judged (for the text).
    #[serde(skip)]
    pub interactive: bool,
}

/// Where the reference and the brute force disagree.
#[derive(Debug, Serialize, JsonSchema)]
pub struct CertifyFailure {
    /// The solution whose output the checker did not accept, and the one
    /// whose output was the answer.
    pub solution: String,
    pub against: String,
    #[serde(flatten)]
    pub example: Counterexample,
}

/// An input a solution fails on, with what it printed.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct Counterexample {
    pub verdict: Verdict,
    /// The input (shrunk, when shrinking ran).
    pub input: String,
    /// What the solution printed, and what the other one printed.
    pub output: String,
    pub answer: String,
    pub message: String,
    /// The last lines of the solution's error stream on it
    /// (`results::last_lines`).
    pub stderr: Option<String>,
    /// How the input was shrunk; absent with `--no-shrink`.
    pub shrinking: Option<Shrinking>,
}

/// What shrinking did.
#[derive(Clone, Copy, Debug, Serialize, JsonSchema)]
pub struct Shrinking {
    /// Candidate inputs tried, and how many were kept (each failed the
    /// same way and was smaller).
    pub tried: usize,
    pub kept: usize,
    /// The size of the input before shrinking.
    pub original_bytes: usize,
}

/// `judge package`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct PackageReport {
    /// Always `AC`: an export that fails is an error, not a report.
    pub verdict: Verdict,
    pub format: &'static str,
    /// Where it was written (absolute).
    pub out: String,
    /// The problems it holds, in order.
    pub problems: Vec<String>,
    /// What the judges that read the format will lose or change.
    pub warnings: Vec<Warning>,
}

/// `judge statement`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct StatementReport {
    /// Always `AC`: a statement that cannot be rendered is an error.
    pub verdict: Verdict,
    /// The problems it holds, in order (several: a contest booklet).
    pub problems: Vec<String>,
    /// The language's code (`en`).
    pub lang: String,
    /// `html` or `pdf`.
    pub format: &'static str,
    /// Where it was written (absolute).
    pub out: String,
}

/// `judge doctor`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DoctorReport {
    /// `AC`: the report itself never fails, whatever is missing.
    pub verdict: Verdict,
    pub isolation: Isolation,
    /// What each feature needs, found or missing.
    pub requirements: Vec<Requirement>,
}

/// `judge new`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct NewReport {
    /// Always `AC`: a problem that cannot be created is an error.
    pub verdict: Verdict,
    pub problem: String,
    /// The problem it copies, if any (`--from`).
    pub from: Option<String>,
    /// The files created, relative to the kit, sorted.
    pub files: Vec<String>,
    /// The commands to run next, in order.
    pub next: Vec<String>,
}

/// `judge import`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ImportReport {
    /// Always `AC`: a package that cannot be imported is an error.
    pub verdict: Verdict,
    pub problem: String,
    /// The package, as given.
    pub from: String,
    /// Its format, as `--format` names it.
    pub format: String,
    pub tests: usize,
    pub solutions: usize,
    /// Where the tests come from.
    pub test_sources: TestSources,
    /// What became of each file of the package.
    pub files: FileAccount,
    /// The languages of the submissions, and what this machine lacks to
    /// judge them.
    pub languages: Vec<LanguageUse>,
    /// What the import decided (the reference, a default limit, files kept
    /// unused).
    pub notes: Vec<String>,
    /// What it left out (with `--lossy`).
    pub warnings: Vec<String>,
    /// The commands to run next, in order.
    pub next: Vec<String>,
}

/// Where an imported problem's tests come from (a test counts once).
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct TestSources {
    /// Inputs the package stores, used as they are.
    pub stored: usize,
    /// Inputs its recipes make, made again and compared with the stored.
    pub generated: usize,
    /// Inputs only its recipes make (the package stores none).
    pub recipe: usize,
    /// The tests whose answer the reference makes (none stored, none
    /// the generator writes, no other solution named to answer).
    pub answered_by_reference: usize,
    /// The samples among them.
    pub samples: usize,
}

/// What became of each file of an imported package.
#[derive(Debug, Default, Serialize, JsonSchema)]
pub struct FileAccount {
    /// The package's files.
    pub package: usize,
    /// Those problem.toml uses: tests, answers, jury programs and the files
    /// beside or under them.
    pub used: usize,
    /// The submissions placed in `solutions/`.
    pub submissions: usize,
    /// Kept in `package/` as they are, unused by the kit (statements,
    /// scripts, documentation).
    pub unused: Vec<String>,
    /// Files of the submissions' folders left out: a hidden file
    /// (`.gitkeep`), or a submission `--lossy` dropped (the warnings say
    /// which, and why).
    pub left_out: usize,
}

/// A language of an imported problem's submissions.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LanguageUse {
    /// Its name in judge.toml.
    pub language: String,
    /// How many submissions are in it.
    pub files: usize,
    /// The program this machine lacks to judge them, and how to get it.
    pub missing: Option<String>,
}

/// `judge timelimit`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct TimelimitReport {
    /// `AC` when the proposal holds: every accepted solution accepted, and
    /// every too-slow one above the limit; else `FAIL`.
    pub verdict: Verdict,
    pub problem: String,
    /// The limit problem.toml sets now, and the proposed one.
    pub current_ms: u64,
    pub proposed_ms: u64,
    /// How it was reached, in words.
    pub rule: String,
    /// Each accepted solution ran this many times on every test.
    pub runs: u32,
    /// The largest difference between two runs of one accepted solution on
    /// one test: the noise of this machine.
    pub noise_ms: u64,
    pub solutions: Vec<Timed>,
    /// Whether problem.toml now says the proposed limit (`--write`).
    pub written: bool,
}

/// One solution as `timelimit` measured it.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Timed {
    pub solution: String,
    /// `AC` or `TLE`: its folder's promise.
    pub expected: Verdict,
    /// Its slowest test, and that test's CPU time (the most over the runs);
    /// a run stopped at the limit it was given counts that limit.
    pub slowest_test: Option<String>,
    pub slowest_ms: u64,
    /// The proposed limit over its slowest time (an accepted solution's
    /// room), or its slowest time over the limit (a too-slow one's).
    pub margin: f64,
    /// What is wrong, if anything.
    pub problem: Option<String>,
}

/// `judge validate`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ValidateReport {
    /// `AC` when every input is valid and every mutation rejected; else
    /// `WA`.
    pub verdict: Verdict,
    pub problem: String,
    pub inputs: Vec<Validated>,
    /// Whether invalid inputs were made from the valid ones (`--mutate`).
    pub mutated: bool,
    /// Whether the validator logged its reads (testlib-rs does), so that
    /// each bounded value was also mutated.
    pub reads_logged: bool,
    /// How many invalid inputs were made.
    pub mutations: usize,
    /// The mutations the validator accepted (or crashed on).
    pub accepted: Vec<Accepted>,
}

/// An input the validator ran on.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Validated {
    pub input: String,
    pub valid: bool,
    /// Why it is invalid: the validator's last lines, and where the input
    /// has Windows line ends (CRLF), how to make them Unix ones.
    pub message: Option<String>,
}

/// A mutation of a valid input that the validator did not reject.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Accepted {
    /// The valid input it was made from.
    pub input: String,
    /// The line it changed (from 1).
    pub line: usize,
    /// What it changed.
    pub mutation: String,
    /// `accepted`, or how the validator failed on it.
    pub how: String,
}

/// `judge lab`: a game's table and what it proves.
#[derive(Debug, Serialize, JsonSchema)]
pub struct LabReport {
    /// `AC`, or `WA` when `--conjecture` disagrees with the table (bad
    /// parameters are an error, not a report).
    pub verdict: Verdict,
    /// The family's name, as `judge lab` takes it (the kit's:
    /// `subtraction`, `bash`, `octal`, `wythoff`, `fibonacci`, `circle`,
    /// `nim`, `merge-piles`).
    pub family: String,
    /// The game's parameters in words (`moves 1,3,4`, `code 0.77`, `k 3`).
    pub game: String,
    /// The moves of a subtraction game (Bash's too), smallest first.
    pub moves: Option<Vec<usize>>,
    /// The code of an octal game.
    pub code: Option<String>,
    /// `normal` or `misere`.
    pub play: String,
    /// The positions tabulated: `0..upto` (two piles: `upto` × `upto`).
    pub upto: usize,
    /// Without `--upto`: the most positions the table could grow to while
    /// no period was proven (it doubles from the family's first bound);
    /// `upto` equal to it and `proven` false is a budget run out. `null`
    /// with `--upto`, which is tabulated as asked.
    pub budget: Option<usize>,
    /// Each position's outcome, `P` (the player to move loses) or `N`: one
    /// heap or pile per character (Fibonacci Nim: the first player's, each
    /// pile; two piles: empty, see `p_pairs`).
    pub outcomes: String,
    /// The Grundy values (`--sg`, and always for octal games).
    pub grundy: Option<Vec<u32>>,
    /// The period and preperiod of `outcomes` (of `grundy` when given),
    /// only when a theorem carries the table to every position (`proven`).
    pub preperiod: Option<usize>,
    pub period: Option<usize>,
    pub proven: bool,
    /// What proves it, or why nothing does.
    pub proof: String,
    /// The gaps between the P-positions of one period (`[2, 5]`).
    pub gaps: Option<Vec<usize>>,
    /// The P-positions tabulated (one heap or pile each).
    pub p_positions: Vec<usize>,
    /// A two-pile game's P-positions `(a, b)`, `a ≤ b`.
    pub p_pairs: Vec<[usize; 2]>,
    /// A game on several heaps: its P-positions, each its heaps smallest
    /// first, by tokens then heaps.
    pub p_heaps: Vec<Vec<u64>>,
    /// The circle's (n, k) plane: for each k from 1 to K, the first
    /// player's outcome on circles of 0 to 199 tokens (at most `upto`),
    /// `P` or `N`.
    pub plane: Vec<String>,
    /// The sweep (`--sweep`), its parameters in order, and a row per
    /// parameter set, in order.
    pub sweep: Option<String>,
    pub parameters: Vec<String>,
    pub sets: Vec<SweepRow>,
    /// `--conjecture`: the program compared with the table.
    pub conjecture: Option<Box<ConjectureReport>>,
    /// How the picture is laid out, and what the table spans in words
    /// (`positions 0..30`): the family's, for the terminal and the plot.
    #[serde(skip)]
    pub layout: games::table::Layout,
    #[serde(skip)]
    pub span: Option<String>,
}

/// A conjecture compared with the table.
#[derive(Debug, Serialize, JsonSchema)]
pub struct ConjectureReport {
    /// The program, as given.
    pub program: String,
    /// What it prints for a case: `period` or `outcome` (`P` or `N`).
    pub predicts: String,
    /// What a case's line holds (`a c b`, `a c b n`, `n`, `a b`,
    /// `k h1 … hk`).
    pub case: String,
    /// The cases compared, and the sets left out because the table proves
    /// no period for them.
    pub compared: usize,
    pub skipped: usize,
    /// The cases where the program and the table differ.
    pub disagreements: usize,
    /// The first of them, and the smallest case the shrinker found that
    /// still disagrees (trying `tried` cases).
    pub first: Option<Disagreement>,
    pub shrunk: Option<Disagreement>,
    pub tried: usize,
}

/// A case where a conjecture and the table differ.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Disagreement {
    /// The case's line, as the program read it.
    pub case: String,
    /// The table's answer, and the program's.
    pub table: String,
    pub conjecture: String,
}

/// One parameter set of a sweep, tabulated.
#[derive(Debug, Serialize, JsonSchema)]
pub struct SweepRow {
    /// Each parameter's value.
    pub values: std::collections::BTreeMap<String, i64>,
    pub moves: Vec<usize>,
    /// The outcomes of its first 200 positions (`P` or `N`), the
    /// P-positions among them, and with `--sg` their Grundy values (the
    /// period is then the values').
    pub outcomes: String,
    pub p_positions: Vec<usize>,
    pub grundy: Option<Vec<u32>>,
    pub preperiod: Option<usize>,
    pub period: Option<usize>,
    pub proven: bool,
    pub gaps: Option<Vec<usize>>,
    /// The gaps as the seeds write them (`2/5`), or `none` when no period
    /// was proven.
    pub pattern: String,
    /// The gaps written with the parameters where a gap is one of them
    /// plus or minus 0 to 2 (`a+1/a+1/5`), or `none`: the rows are grouped
    /// by it, so that sets with one rule show together.
    pub shape: String,
}

/// `judge diff`.
#[derive(Debug, Serialize, JsonSchema)]
pub struct DiffReport {
    /// `AC` when the two problems are the same, `WA` when anything differs.
    pub verdict: Verdict,
    pub a: String,
    pub b: String,
    /// The tests compared (the smaller plan's).
    pub tests: usize,
    pub differences: Vec<Difference>,
}

/// One thing two problems hold differently.
#[derive(Debug, Serialize, JsonSchema)]
pub struct Difference {
    /// What (`time limit`, `test 03 input`, `solution accepted/a.cpp`).
    pub what: String,
    /// How the first problem has it, and the second.
    pub a: String,
    pub b: String,
}
