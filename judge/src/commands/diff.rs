//! `judge diff A B`: what differs between two problems.

use anyhow::Result;

use crate::cli::DiffArgs;
use crate::core::jury::Jury;
use crate::core::testset;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::results::report::{DiffReport, Report};
use crate::model::verdict::Verdict;
use crate::service::compare;

/// Builds both problems' tests and compares them; true if and only if
/// nothing differs.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &DiffArgs) -> Result<bool> {
    let building = kit.lock_builds(events)?;
    let problems = jury.prepare(kit, &[args.a.clone(), args.b.clone()], false, events)?;
    let mut built = Vec::new();
    for problem in &problems {
        built.push(testset::build(kit, jury, problem, events)?.0);
    }
    drop(building);
    let differences = compare::compare((&problems[0], &built[0]), (&problems[1], &built[1]))?;
    let same = differences.is_empty();
    let report = Report::Diff(DiffReport {
        verdict: if same { Verdict::Ac } else { Verdict::Wa },
        a: args.a.clone(),
        b: args.b.clone(),
        tests: built[0].len().min(built[1].len()),
        differences,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(same)
}
