//! `judge verify [PROBLEM...]`: every solution keeps its folder's promise.

use anyhow::Result;

use crate::base::pool::Stop;
use crate::cli::VerifyArgs;
use crate::core::jury::{Arena, Jury};
use crate::core::testset;
use crate::core::verify;
use crate::model::event::{EventKind, Events};
use crate::model::expect;
use crate::model::kit::Kit;
use crate::model::results::report::{Report, VerifyReport};
use crate::model::verdict::Verdict;
use crate::service::statement;

/// Verifies the named problems (all when none is named); true if and only
/// if every solution got its expected verdict.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &VerifyArgs) -> Result<bool> {
    let building = kit.lock_builds(events)?;
    let problems = jury.prepare(kit, &args.problems, false, events)?;
    for problem in &problems {
        expect::refuse_strays(problem, &kit.languages())?;
    }
    let mut built = Vec::new();
    for problem in &problems {
        let tests = testset::build(kit, jury, problem, events)?.0;
        statement::check(problem, &tests)?;
        built.push(tests);
    }
    drop(building);
    let network = jury.admit_submissions()?;
    let mut rows = Vec::new();
    for (problem, tests) in problems.iter().zip(&built) {
        let checker = jury.checker(problem)?;
        let arena = Arena::new(problem, tests, &checker, kit.work_dir().join("runs"));
        events.emit(EventKind::judging(problem, tests));
        let solutions: Vec<verify::Promised> = (expect::promises(problem)?.into_iter())
            .map(|(source, expect)| {
                let shown = source.strip_prefix(&problem.solutions).unwrap_or(&source);
                verify::Promised {
                    shown: shown.display().to_string(),
                    source,
                    expect,
                }
            })
            .collect();
        let judged = verify::verify_solutions(jury, &arena, &solutions, events)?;
        for (mut row, solution) in judged.into_iter().zip(&solutions) {
            if args.both_pythons && row.compile_error.is_none() {
                let other = verify::under_other(
                    jury,
                    &arena,
                    &solution.source,
                    row.verdict,
                    Stop::Never,
                    events,
                )?;
                if let Some(other) = other.filter(|o| o.differs) {
                    row.warnings.push(format!(
                        "under {}: {} (the first judging gave {})",
                        other.interpreter, other.verdict, row.verdict
                    ));
                }
            }
            rows.push(row);
        }
    }
    let all_ok = rows.iter().all(|r| r.ok);
    let verdict = if all_ok { Verdict::Ac } else { Verdict::Fail };
    let report = Report::Verify(VerifyReport {
        verdict,
        network_isolated: network,
        isolation: jury.isolation(),
        solutions: rows,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(all_ok)
}
