//! `judge timelimit`'s measurements and rule, by the rule BAPCtools' `bt
//! time_limit` follows, at a finer step:
//!
//! - the limit is twice the slowest accepted test's CPU time (the most over
//!   `--runs` runs of every accepted solution), rounded up to 100 ms;
//! - a too-slow solution must be slower than the limit on some test (an
//!   error otherwise), and should be slower than 1.5 times it (a warning
//!   otherwise: the margin judges keep for a slower machine); it runs with
//!   2.25 times the limit, so that it ends.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};

use crate::base::pool::Stop;
use crate::core::jury::{Arena, Jury};
use crate::model::event::Events;
use crate::model::results::TestOutcome;
use crate::model::results::report::Timed;
use crate::model::verdict::Verdict;

/// The limit over the slowest accepted time.
pub const AC_TO_LIMIT: f64 = 2.0;
/// The margin a too-slow solution should keep above the limit.
pub const LIMIT_TO_TLE: f64 = 1.5;
/// The step limits are rounded up to.
pub const STEP: Duration = Duration::from_millis(100);

/// What the accepted solutions took: each one's slowest test over `runs`
/// runs of every test (with room: 4× the limit, 4 s at least), and the
/// noise, the largest difference between two runs of one test.
pub fn accepted(
    jury: &Jury,
    arena: &mut Arena,
    files: &[(PathBuf, String)],
    runs: u32,
    events: &mut Events,
) -> Result<(Vec<Timed>, Duration)> {
    let limit = arena.limits.time;
    arena.set_time_limit((limit * 4).max(Duration::from_secs(4)));
    let mut timed = Vec::new();
    let mut noise = Duration::ZERO;
    for (file, name) in files {
        let program = (jury.solution(arena.graders, file, true))
            .with_context(|| format!("cannot build {name}"))?;
        let mut all: Vec<Vec<TestOutcome>> = Vec::new();
        for _ in 0..runs {
            all.push(
                jury.judge(arena, &program, name, Stop::Never, events)?
                    .outcomes,
            );
        }
        for i in 0..arena.tests.len() {
            let times = all.iter().filter_map(|r| r.get(i)).map(|o| o.cpu);
            let (lo, hi) = (times.clone().min(), times.max());
            noise = noise.max(hi.unwrap_or_default() - lo.unwrap_or_default());
        }
        let failed = all.iter().flatten().find(|o| !o.verdict.is_accepted());
        let (slowest_test, slowest) = slowest_of(all.iter().flatten());
        timed.push(Timed {
            solution: name.clone(),
            expected: Verdict::Ac,
            slowest_test,
            slowest_ms: millis(slowest),
            margin: 0.0,
            problem: failed.map(|o| {
                let ms = millis(arena.limits.time);
                let (verdict, test, message) = (o.verdict, &o.name, &o.message);
                format!("{verdict} on test {test} (with {ms} ms to run): {message}")
            }),
        });
    }
    Ok((timed, noise))
}

/// The limit the accepted solutions' times propose: [`AC_TO_LIMIT`] times
/// the slowest, rounded up to the [`STEP`]; each one's margin below it.
pub fn propose(timed: &mut [Timed]) -> (Duration, Duration) {
    let slowest = (timed.iter())
        .map(|t| Duration::from_millis(t.slowest_ms))
        .max()
        .unwrap_or_default();
    let proposed = round_up(slowest.mul_f64(AC_TO_LIMIT));
    for t in timed {
        t.margin = ratio(proposed, Duration::from_millis(t.slowest_ms));
    }
    (proposed, slowest)
}

/// What the too-slow solutions took, up to their first failure, with a
/// timeout of [`LIMIT_TO_TLE`]² times the `proposed` limit, and whether
/// each is slow enough.
pub fn too_slow(
    jury: &Jury,
    arena: &mut Arena,
    files: &[(PathBuf, String)],
    proposed: Duration,
    events: &mut Events,
) -> Result<Vec<Timed>> {
    let timeout = proposed.mul_f64(LIMIT_TO_TLE * LIMIT_TO_TLE);
    arena.set_time_limit(timeout);
    let none = BTreeSet::new();
    let mut timed = Vec::new();
    for (file, name) in files {
        let program = (jury.solution(arena.graders, file, true))
            .with_context(|| format!("cannot build {name}"))?;
        let stop = Stop::AtFirstFailure { except: &none };
        let mut outcomes = jury.judge(arena, &program, name, stop, events)?.outcomes;
        // A run stopped at the timeout took at least that long, even one
        // that waited rather than computed (an interaction never flushed).
        for o in outcomes.iter_mut().filter(|o| o.verdict == Verdict::Tle) {
            o.cpu = o.cpu.max(timeout);
        }
        let (slowest_test, slowest) = slowest_of(outcomes.iter());
        let first = outcomes.iter().find(|o| !o.verdict.is_accepted());
        timed.push(Timed {
            solution: name.clone(),
            expected: Verdict::Tle,
            slowest_test,
            slowest_ms: millis(slowest),
            margin: ratio(slowest, proposed),
            problem: slow_enough(first, slowest, proposed),
        });
    }
    Ok(timed)
}

/// What is wrong with a too-slow solution whose first failure is `first`
/// and slowest test took `slowest`, if anything.
fn slow_enough(
    first: Option<&TestOutcome>,
    slowest: Duration,
    proposed: Duration,
) -> Option<String> {
    match first {
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
    }
}

/// The rule, in words, for a slowest accepted test of `slowest`.
pub fn rule(slowest: Duration) -> String {
    format!(
        "{AC_TO_LIMIT} × the slowest accepted test ({} ms), rounded up to {} ms; too-slow \
         solutions above it, by {LIMIT_TO_TLE}×",
        millis(slowest),
        millis(STEP)
    )
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

/// Whole milliseconds.
pub fn millis(d: Duration) -> u64 {
    d.as_millis().try_into().unwrap_or(u64::MAX)
}

/// A solution's file, and how reports show it (its path under the
/// problem's solutions).
pub fn shown(solutions: &Path, file: &Path) -> (PathBuf, String) {
    let rel = file.strip_prefix(solutions).unwrap_or(file);
    (file.to_path_buf(), rel.display().to_string())
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
