//! `judge stress PROBLEM FILE`: random tests from the problem's generator,
//! answered by another solution (the reference, or a brute force), until
//! FILE is not accepted on one of them (对拍).

use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};

use crate::cli::StressArgs;
use crate::event::{EventKind, Events};
use crate::fsutil;
use crate::jury::{Arena, Jury, read_head};
use crate::kit::Kit;
use crate::pool::Stop;
use crate::problem::SEED;
use crate::program::Program;
use crate::report::schema::{Report, SCHEMA, StressFailure, StressReport};
use crate::testset::Test;
use crate::verdict::Verdict;

/// How much of each file the report shows.
const SHOWN_BYTES: usize = 1 << 16;

/// Stresses the file; true if and only if it was accepted on every test.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &StressArgs) -> Result<bool> {
    let building = kit.lock_builds(events)?;
    let problem = kit
        .prepare(std::slice::from_ref(&args.problem), false)?
        .remove(0);
    let (generator, gen_args) = match (&problem.stress, args.generator_args.is_empty()) {
        (_, false) => match &problem.generator {
            Some(g) => (g.clone(), args.generator_args.clone()),
            None => bail!("{} has no default generator to give --gen to", problem.name),
        },
        (Some(stress), true) => (stress.generator.clone(), stress.args.clone()),
        (None, true) => bail!(
            "{} has no [stress] table in its problem.toml: give the generator's arguments with --gen",
            problem.name
        ),
    };
    let against = match (&args.against, &problem.stress) {
        (Some(file), _) => file.clone(),
        (None, Some(stress)) => stress.against.clone(),
        (None, None) => problem.reference.clone(),
    };
    let sandbox = jury.sandbox();
    let generator = kit.program(&generator, sandbox)?;
    let validator = kit.program(&problem.validator, sandbox)?;
    let checker = kit.program(&problem.checker, sandbox)?;
    let other = kit.compiler.compile(sandbox, &against, false)?;
    let solution = kit.compiler.compile(sandbox, &args.file, true)?;
    drop(building);
    jury.isolate_network();

    let work = kit.work_dir().join("stress").join(&problem.name);
    fsutil::create_dir_all(&work)?;
    let dir = tempfile::Builder::new().prefix("run-").tempdir_in(&work)?;
    let round = Round {
        jury,
        arena: Arena::new(&problem, &[], &checker, dir.path().to_path_buf()),
        generator: &generator,
        gen_args: &gen_args,
        validator: &validator,
        other: &other,
        solution: &solution,
        dir: dir.path(),
    };
    let deadline = args
        .time
        .map(|s| Instant::now() + Duration::from_secs_f64(s.max(0.0)));
    let started = Instant::now();
    // Tests are tried a batch at a time, in parallel; within a batch the
    // first failure in seed order is the one reported.
    let batch = 4 * jury.pool().jobs() as u64;
    let mut iterations = 0;
    let mut failure = None;
    let none = BTreeSet::new();
    while failure.is_none() && !crate::sandbox::interrupted() {
        let left = match deadline {
            Some(deadline) if Instant::now() >= deadline => 0,
            Some(_) => batch,
            None => batch.min(args.iterations - iterations),
        };
        if left == 0 {
            break;
        }
        let seeds: Vec<u64> = (0..left).map(|i| args.seed + iterations + i).collect();
        let results = jury.pool().run(
            &seeds,
            Stop::AtFirstFailure { except: &none },
            |&seed| round.try_seed(seed),
            |result| !matches!(result, Ok(None)),
            |_| {},
        );
        for result in results.into_iter().flatten() {
            iterations += 1;
            if let Some(found) = result? {
                failure = Some(found);
                break;
            }
        }
    }
    let verdict = failure.as_ref().map_or(Verdict::Ac, |(v, _)| *v);
    let failure = failure.map(|(_, f)| f);
    let report = Report::Stress(StressReport {
        schema: SCHEMA,
        command: "stress",
        verdict,
        problem: problem.name.clone(),
        solution: args.file.display().to_string(),
        against: shown_path(&against, &kit.root),
        iterations,
        elapsed: started.elapsed(),
        failure,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(report.verdict().is_accepted())
}

/// A path for people: relative to the kit when inside it.
fn shown_path(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// What every test of one `judge stress` run needs.
struct Round<'a> {
    jury: &'a Jury<'a>,
    arena: Arena<'a>,
    generator: &'a Program,
    gen_args: &'a [String],
    validator: &'a Program,
    other: &'a Program,
    solution: &'a Program,
    dir: &'a Path,
}

impl Round<'_> {
    /// Makes the test of `seed`, answers it with the other solution and
    /// judges the solution on it: `None` if accepted (its files are then
    /// removed), else its verdict and what makes it again.
    fn try_seed(&self, seed: u64) -> Result<Option<(Verdict, StressFailure)>> {
        let name = seed.to_string();
        let test = Test {
            name: name.clone(),
            input: self.dir.join(format!("{name}.in")),
            answer: self.dir.join(format!("{name}.ans")),
            group: None,
            sample: false,
            targets: Vec::new(),
        };
        let args: Vec<String> = self
            .gen_args
            .iter()
            .map(|a| a.replace(SEED, &name))
            .collect();
        let jury = self.jury;
        jury.generate(self.generator, &args, &test.input, self.dir, &name)?;
        jury.validate(self.validator, &test.input, None, self.dir, &name)?;
        let limits = self.arena.limits;
        jury.answer(
            self.other,
            &test.input,
            &test.answer,
            limits,
            self.dir,
            &name,
        )?;
        let outcome = jury.judge_test(&self.arena, self.solution, &test, self.dir);
        if outcome.verdict.is_accepted() {
            for ext in ["in", "ans", "gen.err", "val", "val.err", "ref.err"] {
                let _ = std::fs::remove_file(self.dir.join(format!("{name}.{ext}")));
            }
            return Ok(None);
        }
        let failure = StressFailure {
            seed,
            generator: format!("{} {}", self.generator.name, args.join(" ")),
            input: read_head(&test.input, SHOWN_BYTES),
            output: read_head(&outcome.output, SHOWN_BYTES),
            answer: read_head(&test.answer, SHOWN_BYTES),
            message: outcome.message,
        };
        Ok(Some((outcome.verdict, failure)))
    }
}
