//! `judge timelimit PROBLEM`: measure the accepted and the too-slow
//! solutions and propose a time limit, by the rule BAPCtools' `bt
//! time_limit` follows, at a finer step:
//!
//! - the limit is twice the slowest accepted test's CPU time (the most over
//!   `--runs` runs of every accepted solution), rounded up to 100 ms;
//! - a too-slow solution must be slower than the limit on some test (an
//!   error otherwise), and should be slower than 1.5 times it (a warning
//!   otherwise: the margin judges keep for a slower machine); it runs with
//!   2.25 times the limit, so that it ends.

use std::collections::BTreeSet;
use std::time::Duration;

use crate::model::edit::Edit;
use anyhow::{Context, Result, bail};

use crate::base::pool::Stop;
use crate::cli::TimelimitArgs;
use crate::core::jury::{Arena, Jury};
use crate::core::testset;
use crate::model::event::{EventKind, Events};
use crate::model::expect::{self, Expect};
use crate::model::kit::Kit;
use crate::model::results::TestOutcome;
use crate::model::results::report::{Report, Timed, TimelimitReport};
use crate::model::verdict::Verdict;

/// The limit over the slowest accepted time.
const AC_TO_LIMIT: f64 = 2.0;
/// The margin a too-slow solution should keep above the limit.
const LIMIT_TO_TLE: f64 = 1.5;
/// The step limits are rounded up to.
const STEP: Duration = Duration::from_millis(100);

/// Proposes a time limit; true if and only if it holds for every solution.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &TimelimitArgs) -> Result<bool> {
    let (problem, tests) = testset::one(kit, jury, &args.problem, events)?;
    let checker = jury.checker(&problem)?;
    jury.admit_submissions()?;
    let promises = expect::promises(&problem)?;
    let of = |verdict| {
        (promises.iter())
            .filter(move |(_, e)| *e == Expect::Verdict(verdict))
            .map(|(file, _)| file)
    };
    let accepted: Vec<_> = of(Verdict::Ac).collect();
    if accepted.is_empty() {
        bail!("{}: no accepted solution to measure", problem.name);
    }
    let limits = problem.limits;
    let shown = |file: &std::path::Path| {
        let rel = file.strip_prefix(&problem.solutions).unwrap_or(file);
        rel.display().to_string()
    };
    let mut arena = Arena::new(&problem, &tests, &checker, kit.work_dir().join("runs"));

    // The accepted solutions, with room to show how slow they are.
    arena.set_time_limit((limits.time * 4).max(Duration::from_secs(4)));
    let mut timed = Vec::new();
    let mut noise = Duration::ZERO;
    for file in &accepted {
        let name = shown(file);
        let program = jury
            .compile(file, true)
            .with_context(|| format!("cannot build {name}"))?;
        let mut runs: Vec<Vec<TestOutcome>> = Vec::new();
        for _ in 0..args.runs {
            runs.push(
                jury.judge(&arena, &program, &name, Stop::Never, events)?
                    .outcomes,
            );
        }
        for (i, _) in tests.iter().enumerate() {
            let times = runs.iter().filter_map(|r| r.get(i)).map(|o| o.cpu);
            let (lo, hi) = (times.clone().min(), times.max());
            noise = noise.max(hi.unwrap_or_default() - lo.unwrap_or_default());
        }
        let failed = runs.iter().flatten().find(|o| !o.verdict.is_accepted());
        let (slowest_test, slowest) = slowest_of(runs.iter().flatten());
        timed.push(Timed {
            solution: name,
            expected: Verdict::Ac,
            slowest_test,
            slowest_ms: millis(slowest),
            margin: 0.0,
            problem: failed.map(|o| {
                format!(
                    "{} on test {} (with {} ms to run): {}",
                    o.verdict,
                    o.name,
                    millis(arena.limits.time),
                    o.message
                )
            }),
        });
    }
    let slowest_accepted = (timed.iter())
        .map(|t| Duration::from_millis(t.slowest_ms))
        .max()
        .unwrap_or_default();
    let proposed = round_up(slowest_accepted.mul_f64(AC_TO_LIMIT));
    for t in &mut timed {
        t.margin = ratio(proposed, Duration::from_millis(t.slowest_ms));
    }

    // The too-slow solutions, up to their first failure, with a timeout.
    let timeout = proposed.mul_f64(LIMIT_TO_TLE * LIMIT_TO_TLE);
    arena.set_time_limit(timeout);
    let none = BTreeSet::new();
    for file in of(Verdict::Tle) {
        let name = shown(file);
        let program = jury
            .compile(file, true)
            .with_context(|| format!("cannot build {name}"))?;
        let stop = Stop::AtFirstFailure { except: &none };
        let mut outcomes = jury.judge(&arena, &program, &name, stop, events)?.outcomes;
        // A run stopped at the timeout took at least that long, even one
        // that waited rather than computed (an interaction never flushed).
        for o in outcomes.iter_mut().filter(|o| o.verdict == Verdict::Tle) {
            o.cpu = o.cpu.max(timeout);
        }
        let (slowest_test, slowest) = slowest_of(outcomes.iter());
        let first = outcomes.iter().find(|o| !o.verdict.is_accepted());
        let problem = match first {
            Some(o) if o.verdict != Verdict::Tle => Some(format!(
                "{} on test {} before it ran out of time: {}",
                o.verdict, o.name, o.message
            )),
            Some(_) => None,
            None if slowest <= proposed => Some(format!(
                "accepted within the proposed {} ms",
                millis(proposed)
            )),
            None if slowest <= proposed.mul_f64(LIMIT_TO_TLE) => Some(format!(
                "within {LIMIT_TO_TLE}× the proposed limit: a slower machine may accept it"
            )),
            None => None,
        };
        timed.push(Timed {
            solution: name,
            expected: Verdict::Tle,
            slowest_test,
            slowest_ms: millis(slowest),
            margin: ratio(slowest, proposed),
            problem,
        });
    }

    let holds = timed.iter().all(|t| t.problem.is_none());
    let written = args.write && holds;
    if written {
        write_limit(&problem.config.path, proposed)?;
    }
    let report = Report::Timelimit(TimelimitReport {
        verdict: if holds { Verdict::Ac } else { Verdict::Fail },
        problem: problem.name.clone(),
        current_ms: millis(limits.time),
        proposed_ms: millis(proposed),
        rule: format!(
            "{AC_TO_LIMIT} × the slowest accepted test ({} ms), rounded up to {} ms; \
             too-slow solutions above it, by {LIMIT_TO_TLE}×",
            millis(slowest_accepted),
            millis(STEP)
        ),
        runs: args.runs,
        noise_ms: millis(noise),
        solutions: timed,
        written,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(holds)
}

/// The slowest of `outcomes` (a run stopped at its limit counts it whole).
fn slowest_of<'a>(outcomes: impl Iterator<Item = &'a TestOutcome>) -> (Option<String>, Duration) {
    outcomes
        .map(|o| (Some(o.name.clone()), o.cpu))
        .max_by_key(|(_, cpu)| *cpu)
        .unwrap_or((None, Duration::ZERO))
}

/// `time` rounded up to the [`STEP`] (one step at least).
fn round_up(time: Duration) -> Duration {
    let steps = time.as_nanos().div_ceil(STEP.as_nanos()).max(1);
    STEP * steps as u32
}

fn ratio(a: Duration, b: Duration) -> f64 {
    let r = a.as_secs_f64() / b.as_secs_f64().max(1e-3);
    (r * 100.0).round() / 100.0
}

fn millis(d: Duration) -> u64 {
    d.as_millis().try_into().unwrap_or(u64::MAX)
}

/// Sets `time_limit_ms` in the problem.toml at `path`, its comments and
/// layout kept.
fn write_limit(path: &std::path::Path, limit: Duration) -> Result<()> {
    let mut edit = Edit::read(path)?;
    edit.set_time_limit(millis(limit));
    crate::base::fsutil::write_atomic(path, edit.text().as_bytes())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_round_up_to_the_step() {
        let ms = Duration::from_millis;
        assert_eq!(round_up(ms(0)), ms(100));
        assert_eq!(round_up(ms(100)), ms(100));
        assert_eq!(round_up(ms(101)), ms(200));
        assert_eq!(round_up(ms(2 * 523)), ms(1100));
    }
}
