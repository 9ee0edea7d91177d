//! `judge test PROBLEM FILE`: judge one solution on every test.

use std::collections::BTreeSet;

use anyhow::Result;

use crate::cli::TestArgs;
use crate::event::{EventKind, Events};
use crate::jury::{Arena, Jury};
use crate::kit::Kit;
use crate::pool::Stop;
use crate::report::html::{self, Column, Matrix};
use crate::results::report::{Report, TestReport};
use crate::testset;

/// Judges the file on the problem; true if and only if every test is accepted.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &TestArgs) -> Result<bool> {
    let building = kit.lock_builds(events)?;
    let problem = kit
        .prepare(std::slice::from_ref(&args.problem), false)?
        .remove(0);
    let (tests, _) = testset::build(kit, jury, &problem, events)?;
    drop(building);
    let checker = kit.checker(&problem, jury)?;
    let network = jury.isolate_network();
    let arena = Arena::new(&problem, &tests, &checker, kit.work_dir().join("runs"));
    let none = BTreeSet::new();
    let stop = if args.fail_fast {
        Stop::AtFirstFailure { except: &none }
    } else {
        Stop::Never
    };
    let shown = args.file.display().to_string();
    let run = jury.judge_source(&kit.compiler, &arena, &args.file, &shown, stop, events)?;
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
    };
    if let Some(path) = &args.html {
        // `targets` names a solution by its path under the problem's folder.
        let target = std::fs::canonicalize(&args.file)
            .ok()
            .zip(std::fs::canonicalize(&problem.solutions).ok())
            .and_then(|(file, dir)| Some(file.strip_prefix(dir).ok()?.display().to_string()));
        let matrix = Matrix {
            problem: &problem.name,
            time_limit: problem.limits.time,
            groups: &problem.groups,
            tests: &tests,
            columns: vec![Column::tested(&report, target.as_deref())],
        };
        let title = format!("judge test {} {}", problem.name, report.solution);
        html::write(path, &html::render(&title, report.verdict, &[matrix]))?;
    }
    let report = Report::Test(report);
    events.emit(EventKind::Finished { report: &report });
    Ok(report.verdict().is_accepted())
}
