//! `judge contest DIR [PROBLEM...]`: a mock contest judged as LemonLime and
//! Arbiter judge one: every contestant's submission of every problem
//! (each problem's compiled first, then all of them judged on the one
//! pool, judgings kept so that a stopped contest goes on where it was),
//! into standings of contestants × problems with totals and ranks.

use std::path::PathBuf;

use anyhow::Result;

use crate::cli::ContestArgs;
use crate::core::contest::{self, Submission};
use crate::core::jury::{self, Arena, Jury};
use crate::core::standings;
use crate::core::testset;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::problem::Problem;
use crate::model::results::Standing;
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
    let checkers = (problems.iter())
        .map(|p| jury.checker(p))
        .collect::<Result<Vec<_>>>()?;
    let arenas: Vec<Arena> = (problems.iter().zip(&built).zip(&checkers))
        .map(|((problem, tests), checker)| {
            Arena::new(problem, tests, checker, kit.work_dir().join("runs"))
        })
        .collect();
    // Each problem's files, in the contestants' order.
    let files: Vec<Vec<PathBuf>> = (0..problems.len())
        .map(|p| {
            let submitted = found.iter().map(|(_, s)| s[p].as_ref().ok().cloned());
            submitted.flatten().collect()
        })
        .collect();
    for (problem, tests) in problems.iter().zip(&built) {
        events.emit(EventKind::judging(problem, tests));
    }
    let batches: Vec<(&Problem, &Arena, &[PathBuf])> = (problems.iter().zip(&arenas).zip(&files))
        .map(|((problem, arena), files)| (problem, arena, &files[..]))
        .collect();
    let judged = standings::judge_problems(kit, jury, &batches, options, events)?;
    let mut cells: Vec<Vec<ContestCell>> = found.iter().map(|_| Vec::new()).collect();
    let mut summary = Vec::new();
    for (p, (rows, arena)) in judged.into_iter().zip(&arenas).enumerate() {
        let submitted: Vec<&Submission> = found.iter().map(|(_, s)| &s[p]).collect();
        let column = column(&problems[p], &submitted, rows);
        summary.push(ContestProblem {
            name: problems[p].name.clone(),
            max_score: jury::unjudged_scores(arena).1,
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

/// One problem's column: each contestant's submission judged (`rows`,
/// one per file found, in the contestants' order), or why there is none.
fn column(problem: &Problem, submitted: &[&Submission], rows: Vec<Standing>) -> Vec<ContestCell> {
    let mut rows = rows.into_iter();
    (submitted.iter())
        .map(|s| ContestCell {
            problem: problem.name.clone(),
            missing: s.as_ref().err().cloned(),
            judged: s.as_ref().ok().and_then(|_| rows.next()),
        })
        .collect()
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
