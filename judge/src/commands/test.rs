//! `judge test PROBLEM FILE...`: judge one solution on every test, or
//! several (files, folders of them) into standings, a row per file.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{Result, bail};

use crate::cli::{SortBy, TestArgs};
use crate::core::jury::{Arena, Jury};
use crate::core::standings;
use crate::core::testset;
use crate::core::verify;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::problem::Problem;
use crate::model::program::BuildError;
use crate::model::results::report::{BatchVerdict, Report, StandingsReport, TestReport};
use crate::model::results::{Standing, Test, by_name};

/// Judges the files on the problem; true if and only if every file is
/// accepted on every test.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &TestArgs) -> Result<bool> {
    // One file that cannot be judged (a mistyped path) is said before the
    // tests are built, which may take long.
    if let [file] = &args.files[..]
        && !args.standings()
    {
        if !file.exists() {
            return Err(BuildError::not_found(file).into());
        }
        jury.compiler().language_of(file)?;
    }
    let (problem, tests) = testset::one(kit, jury, &args.problem, events)?;
    let tests = match args.samples {
        true => samples(&problem, tests)?,
        false => tests,
    };
    let checker = jury.checker(&problem)?;
    let arena = Arena::new(&problem, &tests, &checker, kit.work_dir().join("runs"));
    events.emit(EventKind::judging(&problem, &tests));
    let report = match args.standings() {
        false => tested(jury, events, args, &arena, &problem)?,
        true => standings(kit, jury, events, args, &arena, &problem)?,
    };
    events.emit(EventKind::Finished { report: &report });
    Ok(report.accepted())
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
    let stop = || standings::stop(args.fail_fast, &none);
    let run = jury.judge_source(arena, file, &shown, stop(), events)?;
    let other = match args.both_pythons && run.compile_error.is_none() {
        true => verify::under_other(jury, arena, file, run.verdict, stop(), events)?,
        false => None,
    };
    Ok(Report::Test(TestReport {
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
        target: target_of(file, problem),
    }))
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
    let (files, ignored) = standings::files(kit, &args.files)?;
    let options = standings::Options {
        fail_fast: args.fail_fast,
        both_pythons: args.both_pythons,
        rejudge: args.rejudge,
    };
    let mut rows = standings::judge(kit, jury, problem, arena, &files, options, events)?;
    sort(&mut rows, args.sort);
    Ok(Report::Standings(StandingsReport {
        verdict: BatchVerdict::of(rows.iter().map(|r| r.verdict)),
        accepted: rows.iter().filter(|r| r.verdict.is_accepted()).count(),
        files: rows.len(),
        problem: problem.name.clone(),
        sort: format!("{:?}", args.sort).to_lowercase(),
        samples_only: args.samples,
        network_isolated: network,
        isolation: jury.isolation(),
        solutions: rows,
        ignored,
    }))
}

/// The problem's sample tests, for `--samples`.
fn samples(problem: &Problem, tests: Vec<Test>) -> Result<Vec<Test>> {
    let samples: Vec<Test> = tests.into_iter().filter(|t| t.sample).collect();
    if samples.is_empty() {
        bail!("{}: no sample tests to judge on", problem.name);
    }
    Ok(samples)
}

/// `file`'s path under the problem's solutions folder, as `targets` names
/// a solution, if it lives there.
fn target_of(file: &Path, problem: &Problem) -> Option<String> {
    let file = std::fs::canonicalize(file).ok()?;
    let dir = std::fs::canonicalize(&problem.solutions).ok()?;
    Some(file.strip_prefix(dir).ok()?.display().to_string())
}

/// Orders the standings: by file name (as people order names), or best
/// score first (then most tests passed, then those that ran before those
/// that did not compile, then the fastest), name breaking ties.
fn sort(rows: &mut [Standing], by: SortBy) {
    rows.sort_by(|a, b| {
        let by_name = by_name(&a.solution, &b.solution);
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
