//! `judge test PROBLEM FILE...`: judge one solution on every test, or
//! several (files, folders of them) into standings, a row per file.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use crate::cli::{SortBy, TestArgs};
use crate::event::{EventKind, Events};
use crate::expect;
use crate::fsutil;
use crate::jury::{Arena, Entry, Jury};
use crate::kit::Kit;
use crate::pool::Stop;
use crate::problem::Problem;
use crate::program::{BuildError, Program};
use crate::report::csv;
use crate::report::html::{self, Column, Matrix};
use crate::results::report::{Report, StandingsReport, TestReport};
use crate::results::{OtherJudging, Standing, Test};
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
        let label = match &report.other {
            Some(o) => OtherJudging::shown(&report.solution, &o.interpreter),
            None => String::new(),
        };
        let other = report.other.as_ref().map(|o| Column::other(&label, o));
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
    let none = BTreeSet::new();
    let network = jury.isolate_network();
    let (files, ignored) = solutions(kit, &args.files)?;
    let judged = Judged {
        dir: kit.work_dir().join("standings"),
        tests: tests_key(problem, arena.tests, arena.checker, args.fail_fast)?,
    };
    let built = build(kit, jury, &files, args.both_pythons)?;
    let shown: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    let tests = arena.tests.len();

    // Rows known without judging: files not compiled, and those judged
    // before; the programs left are judged together, each once (two files
    // of the same content share a judging).
    let mut rows: Vec<Option<Standing>> = vec![None; files.len()];
    let mut pending: Vec<Pending> = Vec::new();
    for (i, built) in built.into_iter().enumerate() {
        let Built { program, other } = match built {
            Ok(built) => built,
            Err(reason) => {
                let row = Standing::refused(shown[i].clone(), reason, tests);
                events.emit(EventKind::StandingRow { row: &row });
                rows[i] = Some(row);
                continue;
            }
        };
        let key = judged.key(&program, other.as_ref().map(|o| &o.1));
        if let Some(row) = judged.load(&key).filter(|_| !args.rejudge) {
            let row = Standing {
                solution: shown[i].clone(),
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
                program,
                other,
                files: vec![i],
            });
        }
    }
    // Each program, and right after it the same file under its other
    // interpreter where there is one: entry k judges `pending[judging[k]]`.
    let others: Vec<String> = (pending.iter())
        .map(|p| match &p.other {
            Some((interpreter, _)) => OtherJudging::shown(&shown[p.files[0]], interpreter),
            None => String::new(),
        })
        .collect();
    let mut entries = Vec::new();
    let mut judging = Vec::new();
    for (k, p) in pending.iter().enumerate() {
        let programs = [
            Some((&p.program, &shown[p.files[0]])),
            (p.other.as_ref()).map(|(_, program)| (program, &others[k])),
        ];
        for (solution, shown) in programs.into_iter().flatten() {
            entries.push(Entry {
                solution,
                shown,
                stop: stop(args.fail_fast, &none),
            });
            judging.push(k);
        }
    }
    let mut first = None;
    jury.judge_all(arena, &entries, events, |e, run, events| {
        let k = judging[e];
        let row = match (first.take(), &pending[k].other) {
            (None, Some(_)) => {
                first = Some(run);
                return Ok(());
            }
            (None, None) => Standing::of(run, tests),
            (Some(first), other) => {
                let interpreter = other.as_ref().map(|o| o.0.clone()).unwrap_or_default();
                let other = OtherJudging::of(interpreter, run, first.verdict);
                Standing {
                    other: Some(other),
                    ..Standing::of(first, tests)
                }
            }
        };
        judged.store(&pending[k].key, &row)?;
        for &i in &pending[k].files {
            let row = Standing {
                solution: shown[i].clone(),
                ..row.clone()
            };
            events.emit(EventKind::StandingRow { row: &row });
            rows[i] = Some(row);
        }
        Ok(())
    })?;

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
        let labels: Vec<String> = (report.solutions.iter())
            .map(|r| match &r.other {
                Some(o) => OtherJudging::shown(&r.solution, &o.interpreter),
                None => String::new(),
            })
            .collect();
        let columns = (report.solutions.iter().zip(&labels))
            .flat_map(|(row, label)| {
                let other = row.other.as_ref().map(|o| Column::other(label, o));
                std::iter::once(Column::standing(row)).chain(other)
            })
            .collect();
        let title = format!("judge test {}", problem.name);
        page(path, &title, report.verdict, problem, arena.tests, columns)?;
    }
    Ok(Report::Standings(report))
}

/// A program of the standings to judge, and the files (indices) that are
/// it.
struct Pending {
    key: String,
    program: Program,
    /// Its other interpreter and the program under it (`--both-pythons`).
    other: Option<(String, Program)>,
    files: Vec<usize>,
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
            let built = jury.compile(&kit.compiler, file, true).and_then(|program| {
                let other = match both_pythons {
                    true => jury.compile_other(&kit.compiler, file)?,
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
    /// The key of `solution`'s judging (and under `other`, its language's
    /// other interpreter, when asked).
    fn key(&self, solution: &Program, other: Option<&Program>) -> String {
        let other = other.map_or("", |o| o.identity.as_str());
        let text = format!("{}\0{}\0{other}", self.tests, solution.identity);
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
