//! `judge stress PROBLEM FILE`: random tests from the problem's generator,
//! answered by another solution (the reference, or a brute force), until
//! FILE is not accepted on one of them (对拍); that test is then shrunk to
//! the smallest input FILE still fails on, and with `--save` added to the
//! problem's test plan.

use std::time::{Duration, Instant};

use anyhow::Result;

use crate::cli::StressArgs;
use crate::core::jury::{Arena, Jury};
use crate::core::plan::{self, Found};
use crate::core::round::{Round, Seeds, with_seed};
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::results::report::{Report, StressFailure, StressReport};
use crate::model::verdict::Verdict;

/// Stresses the file; true if and only if it was accepted on every test.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &StressArgs) -> Result<bool> {
    let building = kit.lock_builds(events)?;
    let problem = jury
        .prepare(kit, std::slice::from_ref(&args.problem), false, events)?
        .remove(0);
    let (generator, gen_args) = problem.stress_generator(&args.generator_args)?;
    let against = problem.stress_against(args.against.as_deref())?;
    let generator = jury.program(&generator)?;
    let validators = jury.needed_validators(&problem, "stress")?;
    let checker = jury.checker(&problem)?;
    let graders = problem.graders.as_ref();
    let other = jury.solution(graders, &against, false)?;
    let solution = jury.solution(graders, &args.file, true)?;
    drop(building);
    jury.admit_submissions()?;

    let dir = jury.run_dir(kit, &problem, "stress")?;
    let mut arena = Arena::new(&problem, &[], &checker, dir.path().to_path_buf());
    arena.identical_agrees = true;
    let round = Round {
        jury,
        arena: &arena,
        validators: &validators,
        other: &other,
        solution: &solution,
        dir: dir.path(),
    };
    let deadline = args
        .time
        .map(|s| Instant::now() + Duration::from_secs_f64(s.max(0.0)));
    let started = Instant::now();
    let (iterations, found) = round.search(
        &generator,
        &gen_args,
        Seeds {
            first: args.seed,
            count: args.iterations,
            deadline,
        },
        events,
    )?;
    let elapsed = started.elapsed();
    let failure = match found {
        None => None,
        Some((seed, failed)) => {
            let command = format!(
                "{} {}",
                generator.name,
                with_seed(&gen_args, seed).join(" ")
            );
            let example = if args.no_shrink {
                failed.shown(None)
            } else {
                round.shrink(failed, problem.cases, events)?
            };
            let saved = if args.save {
                let what = Found {
                    solution: &args.file,
                    seed,
                    command: &command,
                };
                Some(plan::add_test(
                    kit,
                    &problem,
                    &validators,
                    jury,
                    &example,
                    &what,
                )?)
            } else {
                None
            };
            Some(StressFailure {
                seed,
                generator: command,
                example,
                saved,
            })
        }
    };
    let report = Report::Stress(StressReport {
        verdict: failure.as_ref().map_or(Verdict::Ac, |f| f.example.verdict),
        problem: problem.name.clone(),
        solution: args.file.display().to_string(),
        against: kit.shown(&against),
        iterations,
        elapsed,
        failure,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(report.accepted())
}
