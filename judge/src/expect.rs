//! What each folder of `solutions/<problem>/` promises about the solutions
//! in it, how `verify` judges them to find out, and whether they keep it.
//!
//! * `accepted/`: AC on every test.
//! * `wrong_answer/`, `presentation_error/`, `time_limit_exceeded/`,
//!   `memory_limit_exceeded/`, `runtime_error/`: that verdict overall (the
//!   first that is not AC), and that verdict on every test aimed at the
//!   solution (`targets` in problem.toml) — at least one test must aim at
//!   it, so the tests provably catch the mistake it stands for.
//! * `brute_force/`: it may run out of time or memory (or crash for it) on
//!   big tests, but wherever it finishes its answer is accepted, and it
//!   finishes the first test. It is judged on every test up to the first
//!   it fails, then only on the tests whose input is smaller than that
//!   one's: a bigger one would only run out again.
//! * `partially_accepted/`: judged on every test of a problem with groups;
//!   it scores more than nothing and less than the most (ICPC's folder).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use crate::event::{EventKind, Events};
use crate::fsutil;
use crate::jury::{Arena, Entry, Jury};
use crate::pool::Stop;
use crate::problem::Problem;
use crate::program::{BuildError, Compiler};
use crate::results::OtherJudging;
use crate::results::{Aimed, BRUTE_FORCE_PROMISE, SolutionRun, Test, VerifyRow};
use crate::scratch::Place;
use crate::verdict::{Verdict, Verdicts};

/// What a folder promises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// This overall verdict, and on every test aimed at the solution.
    Verdict(Verdict),
    /// A brute force: never a wrong answer where it finishes.
    BruteForce,
    /// A score above 0 and below the most a solution can score.
    Partial,
    /// One of these overall verdicts (problem.toml's `[expected]`, as an
    /// imported package promises: Polygon's `rejected`, DOMjudge's
    /// `@EXPECTED_RESULTS@`).
    OneOf(Verdicts),
}

/// The folders `verify` knows, in the order it judges them.
pub const FOLDERS: [(&str, Expect); 8] = [
    ("accepted", Expect::Verdict(Verdict::Ac)),
    ("partially_accepted", Expect::Partial),
    ("wrong_answer", Expect::Verdict(Verdict::Wa)),
    ("presentation_error", Expect::Verdict(Verdict::Pe)),
    ("time_limit_exceeded", Expect::Verdict(Verdict::Tle)),
    ("memory_limit_exceeded", Expect::Verdict(Verdict::Mle)),
    ("runtime_error", Expect::Verdict(Verdict::Re)),
    ("brute_force", Expect::BruteForce),
];

impl Expect {
    /// How the folder's promise is written in reports.
    pub fn describe(self) -> String {
        match self {
            Expect::Verdict(v) => v.as_str().to_string(),
            Expect::BruteForce => BRUTE_FORCE_PROMISE.to_string(),
            Expect::Partial => "a partial score".to_string(),
            Expect::OneOf(set) => set.describe(),
        }
    }

    /// Which tests to judge: everything for accepted solutions; for a
    /// wrong solution, up to its first failure plus the tests aimed at it
    /// (`aimed`: their indices); for a brute force, up to its first failure
    /// plus the tests with a smaller input (`sizes`: each test's, in bytes).
    pub fn stop<'a>(self, aimed: &'a BTreeSet<usize>, sizes: &'a [u64]) -> Stop<'a> {
        match self {
            Expect::BruteForce => Stop::Smaller { sizes },
            Expect::Verdict(Verdict::Ac) | Expect::Partial => Stop::Never,
            Expect::OneOf(set) if set.contains(Verdict::Ac) => Stop::Never,
            Expect::Verdict(_) | Expect::OneOf(_) => Stop::AtFirstFailure { except: aimed },
        }
    }

    /// Compares a solution's run (`shown`: its path under the solutions
    /// folder) with the promise.
    pub fn verify(
        self,
        problem: &str,
        targets_required: bool,
        shown: &str,
        tests: &[Test],
        run: &SolutionRun,
    ) -> VerifyRow {
        let mut problems = Vec::new();
        let mut aimed = Vec::new();
        let failed = run.outcomes.iter().find(|o| !o.verdict.is_accepted());
        let finished = run
            .outcomes
            .iter()
            .filter(|o| o.verdict.is_checked())
            .count();
        match self {
            Expect::Verdict(v) => {
                if run.verdict != v {
                    problems.push(format!("expected {}", self.describe()));
                }
                if v != Verdict::Ac && run.compile_error.is_none() {
                    for test in tests.iter().filter(|t| t.aims_at(shown)) {
                        let verdict = run.outcome(&test.name).map_or(Verdict::Fail, |o| o.verdict);
                        if verdict != v {
                            problems.push(format!("test {} aimed at it gave {verdict}", test.name));
                        }
                        aimed.push(Aimed {
                            test: test.name.clone(),
                            verdict,
                        });
                    }
                    if aimed.is_empty() && targets_required {
                        problems.push("no test aims at it (`targets` in problem.toml)".to_string());
                    }
                }
            }
            Expect::OneOf(set) => {
                if !set.contains(run.verdict) {
                    problems.push(format!("expected {}", set.describe()));
                }
            }
            Expect::Partial => match (run.score, run.max_score) {
                (Some(score), Some(most)) if score.0 > 0.0 && score.0 < most.0 => {}
                (_, Some(most)) => {
                    problems.push(format!("expected a score above 0 and below {}", most.0))
                }
                (_, None) => problems.push("a partial score needs groups".to_string()),
            },
            Expect::BruteForce => {
                if let Some(o) = run.outcomes.iter().find(|o| {
                    o.verdict.is_checked() && !o.verdict.is_accepted() || o.verdict == Verdict::Fail
                }) {
                    problems.push(format!("test {} gave {}", o.name, o.verdict));
                }
                match run.outcomes.first() {
                    Some(o) if o.verdict.is_accepted() => {}
                    Some(o) => problems.push(format!("the first test gave {}", o.verdict)),
                    None => problems.push(format!("expected {}", self.describe())),
                }
            }
        }
        VerifyRow {
            problem: problem.to_string(),
            solution: shown.to_string(),
            expected: self.describe(),
            verdict: run.verdict,
            score: run.score,
            ok: problems.is_empty(),
            failed_test: failed.map(|o| o.name.clone()),
            aimed,
            problems,
            tests: tests.len(),
            judged: run.outcomes.len(),
            finished,
            compile_error: run.compile_error.clone(),
            results: run.outcomes.clone(),
            warnings: Vec::new(),
        }
    }
}

/// Every solution `verify` judges with its promise: the files of the
/// verdict folders (but hidden ones), in their order, each with its folder's promise unless
/// `[expected]` names it; then the solutions `[expected]` names elsewhere.
pub fn promises(problem: &Problem) -> Result<Vec<(PathBuf, Expect)>> {
    let mut all = Vec::new();
    for (folder, expect) in FOLDERS {
        for file in fsutil::files_in(&problem.solutions.join(folder))? {
            // A hidden file (`.gitkeep`) is no solution.
            if fsutil::file_name(&file).starts_with('.') {
                continue;
            }
            let shown = file.strip_prefix(&problem.solutions).unwrap_or(&file);
            let shown = shown.to_string_lossy().into_owned();
            let expect = problem
                .expected
                .get(&shown)
                .map_or(expect, |v| Expect::OneOf(*v));
            all.push((file, expect));
        }
    }
    for (shown, verdicts) in &problem.expected {
        let file = problem.solutions.join(shown);
        if !all.iter().any(|(f, _)| *f == file) {
            all.push((file, Expect::OneOf(*verdicts)));
        }
    }
    Ok(all)
}

/// Refuses what `verify` would otherwise pass over without a word: a
/// folder under the problem's solutions that promises nothing (a misspelt
/// `wrong_anwser/`), a file outside the verdict folders, and a file in no
/// language of judge.toml, unless `[expected]` names it. Hidden files and
/// folders (`.gitkeep`) are not solutions.
pub fn refuse_strays(problem: &Problem, compiler: &Compiler) -> Result<()> {
    let known: Vec<&str> = FOLDERS.iter().map(|(folder, _)| *folder).collect();
    let expected = |prefix: &str| problem.expected.keys().any(|k| k.starts_with(prefix));
    let walk = walkdir::WalkDir::new(&problem.solutions)
        .min_depth(1)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !e.file_name().to_string_lossy().starts_with('.'));
    for entry in walk {
        let entry = entry.map_err(fsutil::walk_error)?;
        let path = entry.path();
        let rel = path.strip_prefix(&problem.solutions).unwrap_or(path);
        let rel = rel.to_string_lossy().replace('\\', "/");
        let folder = rel.split('/').next().unwrap_or_default();
        let verdict_folder = known.contains(&folder);
        if entry.file_type().is_dir() {
            if entry.depth() == 1 && !verdict_folder && !expected(&format!("{rel}/")) {
                bail!(
                    "{}: not a verdict folder, so `judge verify` would never judge what it \
                     holds (the folders are {}; a solution elsewhere needs its promise in \
                     problem.toml's `[expected]`)",
                    path.display(),
                    known.join(", ")
                );
            }
            continue;
        }
        let judged = verdict_folder && entry.depth() == 2;
        if !judged && !expected(&rel) {
            bail!(
                "{}: not directly in a verdict folder ({}), so `judge verify` would never judge \
                 it (or name it in problem.toml's `[expected]`)",
                path.display(),
                known.join(", ")
            );
        }
        if let Err(e) = compiler.language_of(path) {
            bail!("{e}: `judge verify` cannot judge it");
        }
    }
    Ok(())
}

/// `file` judged again under its language's other interpreter, if it has
/// one, and whether the verdict differs from `first`.
pub fn under_other(
    jury: &Jury,
    compiler: &Compiler,
    arena: &Arena,
    file: &Path,
    first: Verdict,
    stop: Stop,
    events: &mut Events,
) -> Result<Option<OtherJudging>> {
    let Some((interpreter, program)) = jury.compile_other(compiler, file)? else {
        return Ok(None);
    };
    let shown = OtherJudging::shown(&file.display().to_string(), &interpreter);
    let run = jury.judge(arena, &program, &shown, stop, events)?;
    Ok(Some(OtherJudging::of(interpreter, run, first)))
}

/// Each test's input size in bytes (0 where it cannot be read: the run
/// will say why), which orders tests for a brute force ([`Expect::stop`]).
pub fn input_sizes(tests: &[Test]) -> Vec<u64> {
    (tests.iter())
        .map(|t| std::fs::metadata(&t.input).map_or(0, |m| m.len()))
        .collect()
}

/// One solution `verify` judges: its file, how it is shown (its path
/// under the solutions folder) and its folder's promise.
pub struct Promised {
    pub source: PathBuf,
    pub shown: String,
    pub expect: Expect,
}

/// Judges each solution as its promise needs and says whether it keeps
/// it: every solution of the problem on the one pool, so the workers stay
/// busy from one solution to the next; the rows, and the events, come in
/// the order of `solutions`.
pub fn verify_solutions(
    jury: &Jury,
    compiler: &Compiler,
    arena: &Arena,
    solutions: &[Promised],
    events: &mut Events,
) -> Result<Vec<VerifyRow>> {
    let sizes = input_sizes(arena.tests);
    let aimed: Vec<BTreeSet<usize>> = (solutions.iter())
        .map(|s| {
            (arena.tests.iter().enumerate())
                .filter(|(_, t)| t.aims_at(&s.shown))
                .map(|(i, _)| i)
                .collect()
        })
        .collect();
    // Compiled first; a compilation error is a row of its own, in order.
    let mut compiled = Vec::new();
    let mut failed = Vec::new();
    for (i, s) in solutions.iter().enumerate() {
        match jury.compile(compiler, &s.source, true) {
            Ok(program) => compiled.push((i, program)),
            Err(BuildError::Compile { output, .. }) => failed.push((i, output)),
            Err(e) => return Err(e.into()),
        }
    }
    let entries: Vec<Entry> = (compiled.iter())
        .map(|(i, program)| Entry {
            solution: program,
            shown: &solutions[*i].shown,
            stop: solutions[*i].expect.stop(&aimed[*i], &sizes),
        })
        .collect();
    let mut rows = Vec::new();
    let mut failed = failed.into_iter().peekable();
    // The rows of the solutions that did not compile, up to `before`.
    let mut not_compiled = |before: usize, rows: &mut Vec<VerifyRow>, events: &mut Events| {
        while let Some((i, output)) = failed.next_if(|(i, _)| *i < before) {
            let s = &solutions[i];
            let run = jury.not_compiled(arena, &s.shown, output, events);
            let row = s.row(arena, &run);
            events.emit(EventKind::SolutionVerified { row: &row });
            rows.push(row);
        }
    };
    not_compiled(
        compiled.first().map_or(usize::MAX, |c| c.0),
        &mut rows,
        events,
    );
    jury.judge_all(arena, &entries, events, |g, run, events| {
        let (i, program) = &compiled[g];
        let s = &solutions[*i];
        let mut row = s.row(arena, &run);
        if row.ok {
            row.warnings = timing_warnings(jury, arena, program, s.expect, &run);
        }
        events.emit(EventKind::SolutionVerified { row: &row });
        rows.push(row);
        let next = compiled.get(g + 1).map_or(usize::MAX, |c| c.0);
        not_compiled(next, &mut rows, events);
        Ok(())
    })?;
    not_compiled(usize::MAX, &mut rows, events);
    Ok(rows)
}

impl Promised {
    /// Whether `run` keeps the promise.
    fn row(&self, arena: &Arena, run: &SolutionRun) -> VerifyRow {
        (self.expect).verify(
            arena.problem,
            arena.targets_required,
            &self.shown,
            arena.tests,
            run,
        )
    }
}

/// What a solution's times say about its promise on a slower machine: an
/// accepted solution whose slowest test takes over half the limit, and a
/// too-slow one that finishes its first timed-out test within twice the
/// limit. The test is run again (with twice the limit for the too-slow
/// one), and both times are given: the difference is this machine's noise.
fn timing_warnings(
    jury: &Jury,
    arena: &Arena,
    solution: &crate::program::Program,
    expect: Expect,
    run: &SolutionRun,
) -> Vec<String> {
    let limit = arena.limits.time;
    let ms = |d: std::time::Duration| d.as_millis();
    let again = |test: &str, arena: &Arena| {
        let test = arena.tests.iter().find(|t| t.name == test)?;
        let dir = arena.work.join(format!("{}-rerun", arena.problem));
        fsutil::create_dir_all(&dir).ok()?;
        let outcome = jury.judge_test(arena, solution, test, Place::at(&dir));
        let _ = std::fs::remove_dir_all(&dir);
        Some(outcome)
    };
    match expect {
        Expect::Verdict(Verdict::Ac) => {
            let Some(slowest) = run.outcomes.iter().max_by_key(|o| o.cpu) else {
                return Vec::new();
            };
            if slowest.cpu * 2 <= limit {
                return Vec::new();
            }
            let rerun = again(&slowest.name, arena).map_or(String::new(), |o| {
                let noise = ms(o.cpu.abs_diff(slowest.cpu));
                format!(" (again: {} ms; noise {noise} ms)", ms(o.cpu))
            });
            vec![format!(
                "test {} takes {} ms{rerun}, over half the {} ms limit: a slower judge may \
                 time it out",
                slowest.name,
                ms(slowest.cpu),
                ms(limit)
            )]
        }
        Expect::Verdict(Verdict::Tle) => {
            let Some(first) = run.outcomes.iter().find(|o| o.verdict == Verdict::Tle) else {
                return Vec::new();
            };
            let mut doubled = Arena {
                work: arena.work.clone(),
                ..*arena
            };
            doubled.set_time_limit(limit * 2);
            match again(&first.name, &doubled) {
                Some(o) if o.verdict != Verdict::Tle => vec![format!(
                    "test {} finishes in {} ms with twice the {} ms limit: a faster judge may \
                     accept it",
                    first.name,
                    ms(o.cpu),
                    ms(limit)
                )],
                _ => Vec::new(),
            }
        }
        _ => Vec::new(),
    }
}
