//! `judge contest DIR [PROBLEM...]`: a mock contest judged as LemonLime and
//! Arbiter judge one: every contestant's submission of every problem,
//! each problem's as one batch (compiled first, then judged on the pool,
//! judgings kept so that a stopped contest goes on where it was), into
//! standings of contestants × problems with totals and ranks.

use anyhow::Result;

use crate::cli::ContestArgs;
use crate::core::contest::{self, Submission};
use crate::core::jury::{self, Arena, Jury};
use crate::core::standings;
use crate::core::testset;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::problem::Problem;
use crate::model::results::Test;
use crate::model::results::report::{
    BatchVerdict, ContestCell, ContestProblem, ContestReport, Contestant, Report,
};
use crate::model::verdict::{Score, Verdict};

/// Judges the contest; true if and only if every contestant's every
/// submission was accepted.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &ContestArgs) -> Result<bool> {
    let names = kit.select(&args.problems)?;
    let (dir, layout) = contest::contestants_dir(&args.dir)?;
    let found = contest::submissions(kit, &dir, &names)?;
    let building = kit.lock_builds(events)?;
    let problems = jury.prepare(kit, &names, false, events)?;
    let mut built = Vec::new();
    for problem in &problems {
        built.push(testset::build(kit, jury, problem, events)?.0);
    }
    drop(building);
    let network = jury.admit_submissions()?;
    let options = standings::Options {
        fail_fast: args.fail_fast,
        both_pythons: false,
        rejudge: args.rejudge,
    };
    let mut cells: Vec<Vec<ContestCell>> = found.iter().map(|_| Vec::new()).collect();
    let mut summary = Vec::new();
    for (p, (problem, tests)) in problems.iter().zip(&built).enumerate() {
        let submitted: Vec<&Submission> = found.iter().map(|(_, s)| &s[p]).collect();
        let (column, max_score) = judged(kit, jury, (problem, tests), &submitted, options, events)?;
        summary.push(ContestProblem {
            name: problem.name.clone(),
            max_score,
            submitted: column.iter().filter(|c| c.judged.is_some()).count(),
            accepted: column.iter().filter(|c| accepted(c)).count(),
        });
        for (row, cell) in cells.iter_mut().zip(column) {
            row.push(cell);
        }
    }
    let report = Report::Contest(ContestReport {
        verdict: verdict(&cells),
        contestants_dir: dir.display().to_string(),
        layout,
        max_total: contest::total(summary.iter().filter_map(|p| p.max_score)),
        problems: summary,
        contestants: ranked(found.into_iter().map(|(name, _)| name).zip(cells)),
        network_isolated: network,
        isolation: jury.isolation(),
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(report.accepted())
}

/// One problem's column: each contestant's submission judged (the files
/// found, as one batch), or why there is none; and the most it scores.
fn judged(
    kit: &Kit,
    jury: &Jury,
    (problem, tests): (&Problem, &[Test]),
    submitted: &[&Submission],
    options: standings::Options,
    events: &mut Events,
) -> Result<(Vec<ContestCell>, Option<Score>)> {
    let checker = jury.checker(problem)?;
    let arena = Arena::new(problem, tests, &checker, kit.work_dir().join("runs"));
    events.emit(EventKind::judging(problem, tests));
    let files: Vec<_> = submitted
        .iter()
        .filter_map(|s| s.as_ref().ok().cloned())
        .collect();
    let mut rows = match files.is_empty() {
        true => Vec::new(),
        false => standings::judge(kit, jury, problem, &arena, &files, options, events)?,
    }
    .into_iter();
    let column = submitted
        .iter()
        .map(|s| ContestCell {
            problem: problem.name.clone(),
            missing: s.as_ref().err().cloned(),
            judged: s.as_ref().ok().and_then(|_| rows.next()),
        })
        .collect();
    Ok((column, jury::unjudged_scores(&arena).1))
}

/// Whether the cell holds an accepted judging.
fn accepted(cell: &ContestCell) -> bool {
    cell.judged
        .as_ref()
        .is_some_and(|r| r.verdict.is_accepted())
}

/// `FAIL` if the kit failed on a submission, `AC` if every contestant
/// submitted every problem and each was accepted, else `REJECTED`.
fn verdict(cells: &[Vec<ContestCell>]) -> BatchVerdict {
    let all = cells.iter().flatten();
    let verdicts = all.map(|c| c.judged.as_ref().map_or(Verdict::Ce, |r| r.verdict));
    BatchVerdict::of(verdicts)
}

/// The contestants best first (by total, then by name), ranked.
fn ranked(rows: impl Iterator<Item = (String, Vec<ContestCell>)>) -> Vec<Contestant> {
    let mut contestants: Vec<Contestant> = rows
        .map(|(name, problems)| Contestant {
            total: contest::total(problems.iter().filter_map(|c| c.judged.as_ref()?.score)),
            name,
            rank: 0,
            problems,
        })
        .collect();
    contestants.sort_by(|a, b| {
        (b.total.0.total_cmp(&a.total.0))
            .then_with(|| crate::model::results::by_name(&a.name, &b.name))
    });
    let totals: Vec<Score> = contestants.iter().map(|c| c.total).collect();
    for (contestant, rank) in contestants.iter_mut().zip(contest::ranks(&totals)) {
        contestant.rank = rank;
    }
    contestants
}
