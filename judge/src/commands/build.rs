//! `judge build [PROBLEM...]`: build the programs, then every problem's tests.

use anyhow::Result;

use crate::cli::BuildArgs;
use crate::core::jury::Jury;
use crate::core::testset;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::results::report::{BuildReport, Report};
use crate::model::verdict::Verdict;
use crate::service::statement;

/// Builds the named problems (all when none is named).
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &BuildArgs) -> Result<bool> {
    let _building = kit.lock_builds(events)?;
    let mut problems = Vec::new();
    for problem in &jury.prepare(kit, &args.problems, args.force, events)? {
        let (tests, summary) = testset::build(kit, jury, problem, events)?;
        statement::check(problem, &tests)?;
        problems.push(summary);
    }
    let report = Report::Build(BuildReport {
        verdict: Verdict::Ac,
        problems,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(true)
}
