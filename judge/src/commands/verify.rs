//! `judge verify [PROBLEM...]`: every solution keeps its folder's promise.

use anyhow::Result;

use crate::cli::VerifyArgs;
use crate::event::{EventKind, Events};
use crate::expect;
use crate::jury::{Arena, Jury};
use crate::kit::Kit;
use crate::pool::Stop;
use crate::report::html::{self, Column, Matrix};
use crate::results::report::{Report, VerifyReport};
use crate::statement;
use crate::testset;
use crate::verdict::Verdict;

/// Verifies the named problems (all when none is named); true if and only
/// if every solution got its expected verdict.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &VerifyArgs) -> Result<bool> {
    let building = kit.lock_builds(events)?;
    let problems = kit.prepare(&args.problems, false, events)?;
    for problem in &problems {
        expect::refuse_strays(problem, &kit.compiler)?;
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
        let checker = kit.checker(problem, jury)?;
        let arena = Arena::new(problem, tests, &checker, kit.work_dir().join("runs"));
        let solutions: Vec<expect::Promised> = (expect::promises(problem)?.into_iter())
            .map(|(source, expect)| {
                let shown = source.strip_prefix(&problem.solutions).unwrap_or(&source);
                expect::Promised {
                    shown: shown.display().to_string(),
                    source,
                    expect,
                }
            })
            .collect();
        let judged = expect::verify_solutions(jury, &kit.compiler, &arena, &solutions, events)?;
        for (mut row, solution) in judged.into_iter().zip(&solutions) {
            if args.both_pythons && row.compile_error.is_none() {
                let other = expect::under_other(
                    jury,
                    &kit.compiler,
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
    if let Some(path) = &args.html {
        let matrices: Vec<Matrix> = (problems.iter().zip(&built))
            .map(|(problem, tests)| Matrix {
                problem: &problem.name,
                time_limit: problem.limits.time,
                groups: &problem.groups,
                tests,
                columns: (rows.iter())
                    .filter(|r| r.problem == problem.name)
                    .map(Column::verified)
                    .collect(),
            })
            .collect();
        html::write(path, &html::render("judge verify", verdict, &matrices))?;
    }
    let report = Report::Verify(VerifyReport {
        verdict,
        network_isolated: network,
        isolation: jury.isolation(),
        solutions: rows,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(all_ok)
}
