//! `judge verify`'s judging: each solution judged as its folder's promise
//! needs (`model/expect.rs`), on the one pool, and whether it keeps it,
//! with warnings where it keeps it by too little.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::base::fsutil;
use crate::base::pool::Stop;
use crate::core::jury::{Arena, Entry, Jury};
use crate::core::scratch::Place;
use crate::model::event::{EventKind, Events};
use crate::model::expect::Expect;
use crate::model::program::BuildError;
use crate::model::results::{OtherJudging, SolutionRun, Test, VerifyRow};
use crate::model::verdict::Verdict;

/// `file` judged again under its language's other interpreter, if it has
/// one, and whether the verdict differs from `first`.
pub fn under_other(
    jury: &Jury,
    arena: &Arena,
    file: &Path,
    first: Verdict,
    stop: Stop,
    events: &mut Events,
) -> Result<Option<OtherJudging>> {
    // A grader problem's submission runs only with its grader.
    if arena.graders.is_some() {
        return Ok(None);
    }
    let Some((interpreter, program)) = jury.compile_other(file)? else {
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
        match jury.solution(arena.graders, &s.source, true) {
            Ok(program) => compiled.push((i, program)),
            Err(BuildError::Compile { output, .. }) => failed.push((i, output)),
            Err(e) => return Err(e.into()),
        }
    }
    let entries: Vec<Entry> = (compiled.iter())
        .map(|(i, program)| Entry {
            arena,
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
    jury.judge_all(&entries, events, |g, run, events| {
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
    solution: &crate::model::program::Program,
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
