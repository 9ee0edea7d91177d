//! `judge test PROBLEM FILE...`: judge one solution on every test, or
//! several (files, folders of them) into standings, a row per file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::base::fsutil;
use crate::base::pool::Stop;
use crate::cli::{SortBy, TestArgs};
use crate::core::jury::{Arena, Entry, Jury};
use crate::core::testset;
use crate::core::verify;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::problem::Problem;
use crate::model::program::{self, BuildError, Program};
use crate::model::results::report::{Report, StandingsReport, TestReport};
use crate::model::results::{OtherJudging, SolutionRun, Standing, Test};
use crate::model::verdict::Verdict;
use crate::report::csv;
use crate::report::html::{self, Column, Matrix};

/// Judges the files on the problem; true if and only if every file is
/// accepted on every test.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &TestArgs) -> Result<bool> {
    let (problem, tests) = testset::one(kit, jury, &args.problem, events)?;
    let tests = match args.samples {
        true => samples(&problem, tests)?,
        false => tests,
    };
    let checker = jury.checker(&problem)?;
    let arena = Arena::new(&problem, &tests, &checker, kit.work_dir().join("runs"));
    let report = match args.standings() {
        false => tested(jury, events, args, &arena, &problem)?,
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
    jury: &Jury,
    events: &mut Events,
    args: &TestArgs,
    arena: &Arena,
    problem: &Problem,
) -> Result<Report> {
    let none = BTreeSet::new();
    let network = jury.admit_submissions()?;
    let file = &args.files[0];
    let shown = file.display().to_string();
    let stop = || stop(args.fail_fast, &none);
    let run = jury.judge_source(arena, file, &shown, stop(), events)?;
    let other = match args.both_pythons && run.compile_error.is_none() {
        true => verify::under_other(jury, arena, file, run.verdict, stop(), events)?,
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
        let other = (report.other.as_ref()).map(|o| Column::other(&report.solution, o));
        let columns = std::iter::once(Column::tested(&report, target.as_deref()))
            .chain(other)
            .collect();
        let title = format!("judge test {} {}", problem.name, report.solution);
        page(path, &title, report.verdict, problem, arena.tests, columns)?;
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
    let network = jury.admit_submissions()?;
    let (files, ignored) = solutions(kit, &args.files)?;
    let batch = Batch {
        judged: Judged {
            dir: kit.work_dir().join("standings"),
            tests: tests_key(problem, arena.tests, arena.checker, args.fail_fast)?,
        },
        shown: files.iter().map(|f| f.display().to_string()).collect(),
        tests: arena.tests.len(),
    };
    let built = build(kit, jury, &files, args.both_pythons)?;
    let (mut rows, pending) = batch.known(built, args.rejudge, events);
    batch.judge(jury, arena, &pending, args.fail_fast, &mut rows, events)?;

    let mut rows: Vec<Standing> = rows.into_iter().flatten().collect();
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
        let columns = (report.solutions.iter())
            .flat_map(|row| {
                let other = (row.other.as_ref()).map(|o| Column::other(&row.solution, o));
                std::iter::once(Column::standing(row)).chain(other)
            })
            .collect();
        let title = format!("judge test {}", problem.name);
        page(path, &title, report.verdict, problem, arena.tests, columns)?;
    }
    Ok(Report::Standings(report))
}

/// The files of the standings: how each is shown, the rows judged before,
/// and the number of tests.
struct Batch {
    judged: Judged,
    shown: Vec<String>,
    tests: usize,
}

/// A program of the standings to judge, and the files (indices) that are
/// it.
struct Pending {
    key: String,
    built: Built,
    files: Vec<usize>,
}

/// What entry of the judging of the standings is which program.
enum Role<'a> {
    /// `pending[k]`'s program.
    Program(usize),
    /// The same file under its language's other interpreter.
    Other(usize, &'a str),
}

impl Batch {
    /// The rows known without judging (files not compiled, and those
    /// judged before), and the programs left to judge, each once (two files
    /// of the same content share a judging).
    fn known(
        &self,
        built: Vec<Result<Built, String>>,
        rejudge: bool,
        events: &mut Events,
    ) -> (Vec<Option<Standing>>, Vec<Pending>) {
        let mut rows: Vec<Option<Standing>> = vec![None; built.len()];
        let mut pending: Vec<Pending> = Vec::new();
        for (i, built) in built.into_iter().enumerate() {
            let built = match built {
                Ok(built) => built,
                Err(reason) => {
                    let row = Standing::refused(self.shown[i].clone(), reason, self.tests);
                    events.emit(EventKind::StandingRow { row: &row });
                    rows[i] = Some(row);
                    continue;
                }
            };
            let key = self.judged.key(&built);
            if let Some(row) = self.judged.load(&key).filter(|_| !rejudge) {
                let row = Standing {
                    solution: self.shown[i].clone(),
                    cached: true,
                    ..row
                };
                events.emit(EventKind::StandingRow { row: &row });
                rows[i] = Some(row);
            } else if let Some(same) = pending.iter_mut().find(|p| p.key == key) {
                same.files.push(i);
            } else {
                pending.push(Pending {
                    key,
                    built,
                    files: vec![i],
                });
            }
        }
        (rows, pending)
    }

    /// Judges the programs left, all on the one pool: each, and right
    /// after it the same file under its other interpreter where asked.
    /// Each row is kept, and told, as soon as it is complete.
    fn judge(
        &self,
        jury: &Jury,
        arena: &Arena,
        pending: &[Pending],
        fail_fast: bool,
        rows: &mut [Option<Standing>],
        events: &mut Events,
    ) -> Result<()> {
        let none = BTreeSet::new();
        let others: Vec<Option<String>> = (pending.iter())
            .map(|p| {
                let (interpreter, _) = p.built.other.as_ref()?;
                Some(OtherJudging::shown(&self.shown[p.files[0]], interpreter))
            })
            .collect();
        let mut entries = Vec::new();
        let mut roles = Vec::new();
        for (k, p) in pending.iter().enumerate() {
            let (program, other) = (&p.built.program, &p.built.other);
            let shown = &self.shown[p.files[0]];
            entries.push(Entry {
                solution: program,
                shown,
                stop: stop(fail_fast, &none),
            });
            roles.push(Role::Program(k));
            if let (Some((interpreter, program)), Some(shown)) = (other, &others[k]) {
                entries.push(Entry {
                    solution: program,
                    shown,
                    stop: stop(fail_fast, &none),
                });
                roles.push(Role::Other(k, interpreter));
            }
        }
        let mut firsts: Vec<Option<SolutionRun>> = vec![None; pending.len()];
        jury.judge_all(arena, &entries, events, |e, run, events| {
            let (k, row) = match roles[e] {
                Role::Program(k) if pending[k].built.other.is_some() => {
                    firsts[k] = Some(run);
                    return Ok(());
                }
                Role::Program(k) => (k, Standing::of(run, self.tests)),
                Role::Other(k, interpreter) => {
                    let first = (firsts[k].take()).context("judged under the other first")?;
                    let other = OtherJudging::of(interpreter.to_string(), run, first.verdict);
                    let row = Standing {
                        other: Some(other),
                        ..Standing::of(first, self.tests)
                    };
                    (k, row)
                }
            };
            self.judged.store(&pending[k].key, &row)?;
            for &i in &pending[k].files {
                let row = Standing {
                    solution: self.shown[i].clone(),
                    ..row.clone()
                };
                events.emit(EventKind::StandingRow { row: &row });
                rows[i] = Some(row);
            }
            Ok(())
        })
    }
}

/// A file of the batch, built: its program, and under its language's
/// other interpreter when asked.
struct Built {
    program: Program,
    other: Option<(String, Program)>,
}

/// Builds every file, on the pool: compiling is most of a class's work. A
/// file that does not compile, or cannot be, has the reason instead
/// (`Err`).
fn build(
    kit: &Kit,
    jury: &Jury,
    files: &[PathBuf],
    both_pythons: bool,
) -> Result<Vec<Result<Built, String>>> {
    let built = jury.pool().run(
        files,
        Stop::Never,
        |file| {
            if let Some(reason) = refusal(kit, file) {
                return Ok(Err(reason));
            }
            let built = jury.compile(file, true).and_then(|program| {
                let other = match both_pythons {
                    true => jury.compile_other(file)?,
                    false => None,
                };
                Ok(Built { program, other })
            });
            match built {
                Err(BuildError::Compile { output, .. }) => Ok(Err(output)),
                built => Ok(Ok(built?)),
            }
        },
        |_| false,
        |_, _| {},
    );
    built.into_iter().flatten().collect()
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
    /// The key of a file's judging (and under its language's other
    /// interpreter, when asked).
    fn key(&self, built: &Built) -> String {
        let other = (built.other.as_ref()).map_or("", |(_, o)| o.identity.as_str());
        let text = format!("{}\0{}\0{other}", self.tests, built.program.identity);
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

/// Writes the page of `columns` (a file's, or the standings') on the
/// problem's `tests` to `path`.
fn page(
    path: &Path,
    title: &str,
    verdict: Verdict,
    problem: &Problem,
    tests: &[Test],
    columns: Vec<Column>,
) -> Result<()> {
    let matrix = Matrix {
        problem: &problem.name,
        time_limit: problem.limits.time,
        groups: &problem.groups,
        tests,
        columns,
    };
    html::write(path, &html::render(title, verdict, &[matrix]))
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
    let languages = kit.languages();
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
            if program::language_of(&languages, &file).is_err() {
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
    if let Err(e) = program::language_of(&kit.languages(), file) {
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
