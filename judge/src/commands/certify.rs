//! `judge certify PROBLEM`: the exhaustive agreement check. The problem's
//! generator writes every small input up to the bounds of its `[certify]`
//! table; the reference and the brute force both answer it, and the
//! checker judges each one's output against the other's answer (on an
//! interactive problem, both play every input against the interactor). A
//! disagreement is shrunk and reported as `judge stress` reports one.

use std::collections::BTreeMap;
use std::time::Instant;

use anyhow::{Context, Result, bail};

use crate::cli::CertifyArgs;
use crate::core::jury::{Arena, Jury};
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::problem::Problem;
use crate::model::results::report::{CertifyFailure, CertifyReport, Report};
use crate::model::verdict::Verdict;

use crate::core::round::Round;

/// Certification judges answers, not speed: both solutions get this many
/// times the time limit.
const TIME_FACTOR: u32 = 10;

/// Certifies the problem; true if and only if the two solutions and the
/// checker agree on every input.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &CertifyArgs) -> Result<bool> {
    let building = kit.lock_builds(events)?;
    let problem = jury
        .prepare(kit, std::slice::from_ref(&args.problem), false, events)?
        .remove(0);
    let Some(reference_path) = problem.reference.clone() else {
        bail!(
            "judge certify checks the reference solution, and {} names none",
            problem.name
        );
    };
    let Some(certify) = &problem.certify else {
        bail!(
            "{} has no [certify] table in its problem.toml: it names the generator's exhaustive mode and its bounds",
            problem.name
        );
    };
    let values = bound_values(&args.bounds, &certify.bounds)?;
    let gen_args = certify.args_with(&values);
    let against = args.against.clone().unwrap_or(certify.against.clone());
    let generator = jury.program(&certify.generator)?;
    let validators = jury.needed_validators(&problem, "certify")?;
    let checker = jury.checker(&problem)?;
    let graders = problem.graders.as_ref();
    let reference = jury.solution(graders, &reference_path, false)?;
    let brute_force = jury.solution(graders, &against, false)?;
    drop(building);
    jury.admit_submissions()?;

    let dir = jury.run_dir(kit, &problem, "certify")?;
    let mut arena = Arena::new(&problem, &[], &checker, dir.path().to_path_buf());
    arena.set_time_limit(problem.limits.time * TIME_FACTOR);
    let round = |solution, other| Round {
        jury,
        arena: &arena,
        validators: &validators,
        other,
        solution,
        dir: dir.path(),
    };
    // Each way round: the reference judged against the brute force's
    // answer, then the brute force against the reference's.
    let forward = round(&reference, &brute_force);
    let backward = round(&brute_force, &reference);

    let started = Instant::now();
    let input_path = dir.path().join("all.in");
    jury.generate(&generator, &gen_args, &input_path, dir.path(), "all")?;
    let input = std::fs::read_to_string(&input_path)
        .with_context(|| format!("the generator {} wrote no text", generator.name))?;
    let cases = count_cases(&problem, &input);
    let mut failure = None;
    for (round, solution, other) in [
        (&forward, &reference_path, &against),
        (&backward, &against, &reference_path),
    ] {
        if let Some(failed) = round.try_input("all", &input)? {
            let example = if args.no_shrink {
                failed.shown(None)
            } else {
                round.shrink(failed, problem.cases, events)?
            };
            failure = Some(CertifyFailure {
                solution: kit.shown(solution),
                against: kit.shown(other),
                example,
            });
            break;
        }
    }
    let report = Report::Certify(CertifyReport {
        verdict: failure.as_ref().map_or(Verdict::Ac, |f| f.example.verdict),
        problem: problem.name.clone(),
        generator: format!("{} {}", generator.name, gen_args.join(" ")),
        reference: kit.shown(&reference_path),
        brute_force: kit.shown(&against),
        cases,
        elapsed: started.elapsed(),
        failure,
        interactive: problem.interactive,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(report.accepted())
}

/// The bounds' values: `NAME=VALUE` from the command line over the table's
/// defaults; a name the table does not declare is an error.
fn bound_values(
    given: &[String],
    declared: &BTreeMap<String, u64>,
) -> Result<BTreeMap<String, u64>> {
    let mut values = declared.clone();
    for text in given {
        let parsed = text
            .split_once('=')
            .and_then(|(name, value)| Some((name, value.parse::<u64>().ok()?)));
        let Some((name, value)) = parsed else {
            bail!("--bound {text}: expected NAME=VALUE with a whole number, as in --bound n=20");
        };
        let Some(slot) = values.get_mut(name) else {
            let names: Vec<&str> = declared.keys().map(String::as_str).collect();
            bail!(
                "--bound {text}: the problem's bounds are {}",
                if names.is_empty() {
                    "none".to_string()
                } else {
                    names.join(", ")
                }
            );
        };
        *slot = value;
    }
    Ok(values)
}

/// The number of cases of the input: its first line, for a problem that
/// declares its cases; else the input is one case.
fn count_cases(problem: &Problem, input: &str) -> u64 {
    let first = input.lines().next().unwrap_or("").trim();
    match problem.cases {
        Some(_) => first.parse().unwrap_or(1),
        None => 1,
    }
}
