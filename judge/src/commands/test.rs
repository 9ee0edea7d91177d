//! `judge test PROBLEM FILE...`: judge one solution on every test, or
//! several (files, folders of them) into standings, a row per file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use crate::cli::{SortBy, TestArgs};
use crate::event::{EventKind, Events};
use crate::expect;
use crate::fsutil;
use crate::jury::{Arena, Jury};
use crate::kit::Kit;
use crate::pool::Stop;
use crate::problem::Problem;
use crate::program::{BuildError, Program};
use crate::report::csv;
use crate::report::html::{self, Column, Matrix};
use crate::results::report::{Report, StandingsReport, TestReport};
use crate::results::{Standing, Test};
use crate::testset;
use crate::verdict::Verdict;

/// Judges the files on the problem; true if and only if every file is
/// accepted on every test.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &TestArgs) -> Result<bool> {
    let (problem, tests) = testset::one(kit, jury, &args.problem, events)?;
    let tests = match args.samples {
        true => samples(&problem, tests)?,
        false => tests,
    };
    let checker = kit.checker(&problem, jury)?;
    let arena = Arena::new(&problem, &tests, &checker, kit.work_dir().join("runs"));
    let report = match args.standings() {
        false => tested(kit, jury, events, args, &arena, &problem)?,
        true => standings(kit, jury, events, args, &arena, &problem)?,
    };
    events.emit(EventKind::Finished { report: &report });
    Ok(report.verdict().is_accepted())
}

/// Where to stop judging a file: at its first failure with `--fail-fast`.
fn stop(fail_fast: bool, none: &BTreeSet<usize>) -> Stop<'_> {
    match fail_fast {
        true => Stop::AtFirstFailure { except: none },
        false => Stop::Never,
    }
}

/// One file judged (and again under its other interpreter with
/// `--both-pythons`).
fn tested(
    kit: &Kit,
    jury: &Jury,
    events: &mut Events,
    args: &TestArgs,
    arena: &Arena,
    problem: &Problem,
) -> Result<Report> {
    let none = BTreeSet::new();
    let network = jury.isolate_network();
    let file = &args.files[0];
    let shown = file.display().to_string();
    let stop = || stop(args.fail_fast, &none);
    let run = jury.judge_source(&kit.compiler, arena, file, &shown, stop(), events)?;
    let other = match args.both_pythons && run.compile_error.is_none() {
        true => expect::under_other(
            jury,
            &kit.compiler,
            arena,
            file,
            run.verdict,
            stop(),
            events,
        )?,
        false => None,
    };
    let report = TestReport {
        verdict: run.verdict,
        problem: problem.name.clone(),
        solution: shown,
        score: run.score,
        max_score: run.max_score,
        compile_error: run.compile_error,
        network_isolated: network,
        isolation: jury.isolation(),
        tests: run.outcomes,
        other,
    };
    if let Some(path) = &args.html {
        let target = target_of(file, problem);
        let columns = vec![Column::tested(&report, target.as_deref())];
        let title = format!("judge test {} {}", problem.name, report.solution);
        let page = html::render(
            &title,
            report.verdict,
            &[matrix(problem, arena.tests, columns)],
        );
        html::write(path, &page)?;
    }
    Ok(Report::Test(report))
}

/// Several files judged into standings.
fn standings(
    kit: &Kit,
    jury: &Jury,
    events: &mut Events,
    args: &TestArgs,
    arena: &Arena,
    problem: &Problem,
) -> Result<Report> {
    let none = BTreeSet::new();
    let network = jury.isolate_network();
    let (files, ignored) = solutions(kit, &args.files)?;
    let batch = Batch {
        kit,
        jury,
        arena,
        judged: Judged {
            dir: kit.work_dir().join("standings"),
            tests: tests_key(problem, arena.tests, arena.checker, args.fail_fast)?,
        },
        rejudge: args.rejudge,
    };
    let mut rows = Vec::new();
    for (file, built) in files.iter().zip(batch.build(&files)?) {
        let row = batch.standing(file, built, stop(args.fail_fast, &none), events)?;
        events.emit(EventKind::StandingRow { row: &row });
        rows.push(row);
    }
    sort(&mut rows, args.sort);
    let report = StandingsReport {
        verdict: match rows.iter().all(|r| r.verdict.is_accepted()) {
            true => Verdict::Ac,
            false => Verdict::Fail,
        },
        problem: problem.name.clone(),
        sort: format!("{:?}", args.sort).to_lowercase(),
        samples_only: args.samples,
        network_isolated: network,
        isolation: jury.isolation(),
        solutions: rows,
        ignored,
    };
    if let Some(path) = &args.csv {
        csv::write(path, &report.solutions)?;
    }
    if let Some(path) = &args.html {
        let columns = report.solutions.iter().map(Column::standing).collect();
        let title = format!("judge test {}", problem.name);
        let page = html::render(
            &title,
            report.verdict,
            &[matrix(problem, arena.tests, columns)],
        );
        html::write(path, &page)?;
    }
    Ok(Report::Standings(report))
}

/// What judging the files of the standings needs.
struct Batch<'a> {
    kit: &'a Kit,
    jury: &'a Jury<'a>,
    arena: &'a Arena<'a>,
    judged: Judged,
    rejudge: bool,
}

/// A file of the batch, built: its program, or why it has none.
enum Built {
    Program(Program),
    Refused(String),
}

impl Batch<'_> {
    /// Builds every file, on the pool: compiling is most of a class's
    /// work, and each file's tests are then judged on the pool in turn.
    fn build(&self, files: &[PathBuf]) -> Result<Vec<Built>> {
        let built = self.jury.pool().run(
            files,
            Stop::Never,
            |file| self.built(file),
            |_| false,
            |_| {},
        );
        built.into_iter().flatten().collect()
    }

    fn built(&self, file: &Path) -> Result<Built> {
        if let Some(reason) = refusal(self.kit, file) {
            return Ok(Built::Refused(reason));
        }
        match self.jury.compile(&self.kit.compiler, file, true) {
            Ok(solution) => Ok(Built::Program(solution)),
            Err(BuildError::Compile { output, .. }) => Ok(Built::Refused(output)),
            Err(e) => Err(e.into()),
        }
    }

    /// The row of `file`: judged, found judged before (unless
    /// `--rejudge`), or why it was not compiled.
    fn standing(
        &self,
        file: &Path,
        built: Built,
        stop: Stop,
        events: &mut Events,
    ) -> Result<Standing> {
        let shown = file.display().to_string();
        let tests = self.arena.tests.len();
        let solution = match built {
            Built::Program(solution) => solution,
            Built::Refused(reason) => return Ok(Standing::refused(shown, reason, tests)),
        };
        let key = self.judged.key(&solution);
        if let Some(row) = self.judged.load(&key).filter(|_| !self.rejudge) {
            return Ok(Standing {
                solution: shown,
                cached: true,
                ..row
            });
        }
        let run = self
            .jury
            .judge(self.arena, &solution, &shown, stop, events)?;
        let row = Standing::of(run, tests);
        self.judged.store(&key, &row)?;
        Ok(row)
    }
}

/// The rows judged before, by the solution as built and what it was
/// judged on: an unchanged file is not judged again, and a batch that was
/// interrupted goes on where it stopped.
struct Judged {
    dir: PathBuf,
    /// The tests (names, groups, the inputs' and answers' content), the
    /// checker, the limits and the groups' scoring, hashed.
    tests: String,
}

impl Judged {
    fn key(&self, solution: &Program) -> String {
        let text = format!("{}\0{}", self.tests, solution.identity);
        blake3::hash(text.as_bytes()).to_hex()[..32].to_string()
    }

    fn load(&self, key: &str) -> Option<Standing> {
        let bytes = std::fs::read(self.dir.join(format!("{key}.json"))).ok()?;
        serde_json::from_slice(&bytes).ok()
    }

    fn store(&self, key: &str, row: &Standing) -> Result<()> {
        fsutil::create_dir_all(&self.dir)?;
        let path = self.dir.join(format!("{key}.json"));
        fsutil::write_atomic(&path, &serde_json::to_vec(row)?)?;
        Ok(())
    }
}

/// What a judging depends on besides the solution: the tests, the checker
/// (and its arguments), the limits, the groups, and `--fail-fast`.
fn tests_key(
    problem: &Problem,
    tests: &[Test],
    checker: &Program,
    fail_fast: bool,
) -> Result<String> {
    let mut hasher = blake3::Hasher::new();
    let settings = format!(
        "standing 1\0{}\0{:?}\0{:?}\0{:?}\0{:?}\0{fail_fast}\0",
        checker.identity, checker.protocol, checker.trailing, problem.limits, problem.groups
    );
    hasher.update(settings.as_bytes());
    for test in tests {
        let about = format!("{}\0{:?}\0{:?}\0", test.name, test.group, test.points);
        hasher.update(about.as_bytes());
        hasher.update(fsutil::hash_file(&test.input)?.as_bytes());
        hasher.update(fsutil::hash_file(&test.answer)?.as_bytes());
    }
    Ok(hasher.finalize().to_hex().to_string())
}

/// The problem's sample tests, for `--samples`.
fn samples(problem: &Problem, tests: Vec<Test>) -> Result<Vec<Test>> {
    let samples: Vec<Test> = tests.into_iter().filter(|t| t.sample).collect();
    if samples.is_empty() {
        bail!("{}: no sample tests to judge on", problem.name);
    }
    Ok(samples)
}

/// The page's matrix of `columns` on the problem's `tests`.
fn matrix<'a>(problem: &'a Problem, tests: &'a [Test], columns: Vec<Column<'a>>) -> Matrix<'a> {
    Matrix {
        problem: &problem.name,
        time_limit: problem.limits.time,
        groups: &problem.groups,
        tests,
        columns,
    }
}

/// `file`'s path under the problem's solutions folder, as `targets` names
/// a solution, if it lives there.
fn target_of(file: &Path, problem: &Problem) -> Option<String> {
    let file = std::fs::canonicalize(file).ok()?;
    let dir = std::fs::canonicalize(&problem.solutions).ok()?;
    Some(file.strip_prefix(dir).ok()?.display().to_string())
}

/// The files to judge, in the order given (a folder's in name order,
/// each once), and the files under the folders that no language has.
fn solutions(kit: &Kit, given: &[PathBuf]) -> Result<(Vec<PathBuf>, Vec<String>)> {
    let mut files = Vec::new();
    let mut ignored = Vec::new();
    let mut seen = BTreeSet::new();
    for path in given {
        if !path.is_dir() {
            if seen.insert(std::fs::canonicalize(path).unwrap_or(path.clone())) {
                files.push(path.clone());
            }
            continue;
        }
        let walk = walkdir::WalkDir::new(path)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
        for entry in walk {
            let entry = entry.map_err(fsutil::walk_error)?;
            if !entry.file_type().is_file() {
                continue;
            }
            let file = entry.into_path();
            if kit.compiler.language_of(&file).is_err() {
                ignored.push(file.display().to_string());
            } else if seen.insert(std::fs::canonicalize(&file).unwrap_or(file.clone())) {
                files.push(file);
            }
        }
    }
    if files.is_empty() {
        let named: Vec<String> = given.iter().map(|p| p.display().to_string()).collect();
        bail!(
            "{}: no file in a language of judge.toml to judge{}",
            named.join(", "),
            match ignored.is_empty() {
                true => String::new(),
                false => format!(" (only {})", ignored.join(", ")),
            }
        );
    }
    Ok((files, ignored))
}

/// Why `file` cannot be compiled at all, if it cannot: a row of the
/// standings, not the end of the batch.
fn refusal(kit: &Kit, file: &Path) -> Option<String> {
    if let Err(e) = kit.compiler.language_of(file) {
        return Some(e.to_string());
    }
    std::fs::File::open(file)
        .err()
        .map(|e| format!("cannot read {}: {e}", file.display()))
}

/// Orders the standings: by file name, or best score first (then most
/// tests passed, then those that ran before those that did not compile,
/// then the fastest), name breaking ties.
fn sort(rows: &mut [Standing], by: SortBy) {
    rows.sort_by(|a, b| {
        let by_name = a.solution.cmp(&b.solution);
        match by {
            SortBy::Name => by_name,
            SortBy::Score => {
                let score = |r: &Standing| r.score.map_or(0.0, |s| s.0);
                (score(b).total_cmp(&score(a)))
                    .then(b.passed.cmp(&a.passed))
                    .then(a.results.is_empty().cmp(&b.results.is_empty()))
                    .then(a.max_time.cmp(&b.max_time))
                    .then(by_name)
            }
        }
    });
}
