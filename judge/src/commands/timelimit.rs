//! `judge timelimit PROBLEM`: measure the accepted and the too-slow
//! solutions and propose a time limit (the rule: `core/timelimit.rs`);
//! `--write` sets it in problem.toml when it holds.

use std::time::Duration;

use anyhow::{Result, bail};

use crate::base::fsutil;
use crate::cli::TimelimitArgs;
use crate::core::jury::{Arena, Jury};
use crate::core::testset;
use crate::core::timelimit::{self, millis};
use crate::model::edit::Edit;
use crate::model::event::{EventKind, Events};
use crate::model::expect::{self, Expect};
use crate::model::kit::Kit;
use crate::model::results::report::{Report, TimelimitReport};
use crate::model::verdict::Verdict;

/// Proposes a time limit; true if and only if it holds for every solution.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &TimelimitArgs) -> Result<bool> {
    let (problem, tests) = testset::one(kit, jury, &args.problem, events)?;
    let checker = jury.checker(&problem)?;
    jury.admit_submissions()?;
    let promises = expect::promises(&problem)?;
    let of = |verdict| -> Vec<_> {
        (promises.iter())
            .filter(|(_, e)| *e == Expect::Verdict(verdict))
            .map(|(file, _)| timelimit::shown(&problem.solutions, file))
            .collect()
    };
    let accepted = of(Verdict::Ac);
    if accepted.is_empty() {
        bail!("{}: no accepted solution to measure", problem.name);
    }
    let mut arena = Arena::new(&problem, &tests, &checker, kit.work_dir().join("runs"));
    let (mut timed, noise) = timelimit::accepted(jury, &mut arena, &accepted, args.runs, events)?;
    let (proposed, slowest) = timelimit::propose(&mut timed);
    let slow = of(Verdict::Tle);
    timed.extend(timelimit::too_slow(
        jury, &mut arena, &slow, proposed, events,
    )?);

    let holds = timed.iter().all(|t| t.problem.is_none());
    let written = args.write && holds;
    if written {
        write_limit(&problem.config.path, proposed)?;
    }
    let report = Report::Timelimit(TimelimitReport {
        verdict: if holds { Verdict::Ac } else { Verdict::Fail },
        problem: problem.name.clone(),
        current_ms: millis(problem.limits.time),
        proposed_ms: millis(proposed),
        rule: timelimit::rule(slowest),
        runs: args.runs,
        noise_ms: millis(noise),
        solutions: timed,
        written,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(holds)
}

/// Sets `time_limit_ms` in the problem.toml at `path`, its comments and
/// layout kept.
fn write_limit(path: &std::path::Path, limit: Duration) -> Result<()> {
    let mut edit = Edit::read(path)?;
    edit.set_time_limit(millis(limit));
    fsutil::write_atomic(path, edit.text().as_bytes())?;
    Ok(())
}
