//! `judge stress PROBLEM FILE`: random tests from the problem's generator,
//! answered by another solution (the reference, or a brute force), until
//! FILE is not accepted on one of them (对拍); that test is then shrunk to
//! the smallest input FILE still fails on, and with `--save` added to the
//! problem's test plan.

use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::cli::StressArgs;
use crate::event::{EventKind, Events};
use crate::fsutil;
use crate::jury::{Answerer, Arena, Jury, read_head};
use crate::kit::Kit;
use crate::pool::Stop;
use crate::problem::{Problem, SEED};
use crate::program::Program;
use crate::results::Test;
use crate::results::report::{
    Counterexample, Report, SCHEMA, Shrinking, StressFailure, StressReport,
};
use crate::shrink::{self, Cases};
use crate::verdict::Verdict;
use sandbox::Limits;

use super::save;

/// How much of each file the report shows.
const SHOWN_BYTES: usize = 1 << 16;

/// The most candidates one shrinking tries: a failure that takes the whole
/// time limit each time (TLE) must not keep the command busy for hours.
const SHRINK_BUDGET: usize = 2000;

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
    let generator = kit.program(&generator, jury)?;
    let validator = kit.program(&problem.validator, jury)?;
    let checker = kit.program(&problem.checker, jury)?;
    let other = kit.compile(&against, false, jury)?;
    let solution = kit.compile(&args.file, true, jury)?;
    drop(building);
    jury.isolate_network();

    let dir = work_dir(kit, &problem, "stress")?;
    let mut arena = Arena::new(&problem, &[], &checker, dir.path().to_path_buf());
    arena.identical_agrees = true;
    let round = Round {
        jury,
        arena: &arena,
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
    let mut found = None;
    let none = BTreeSet::new();
    while found.is_none() && !crate::jury::interrupted() {
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
            |&seed| round.try_seed(&generator, &gen_args, seed),
            |result| !matches!(result, Ok(None)),
            |_| {},
        );
        for (result, &seed) in results.into_iter().zip(&seeds) {
            let Some(result) = result else { break };
            iterations += 1;
            if let Some(failed) = result? {
                found = Some((seed, failed));
                break;
            }
        }
        events.emit(EventKind::Stressed {
            tests: iterations,
            elapsed: started.elapsed(),
        });
    }
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
                let what = save::Found {
                    solution: &args.file,
                    seed,
                    command: &command,
                };
                Some(save::add_test(
                    kit, &problem, &validator, jury, &example, &what,
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
        schema: SCHEMA,
        command: "stress",
        verdict: failure.as_ref().map_or(Verdict::Ac, |f| f.example.verdict),
        problem: problem.name.clone(),
        solution: args.file.display().to_string(),
        against: shown_path(&against, &kit.root),
        iterations,
        elapsed,
        failure,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(report.verdict().is_accepted())
}

/// A fresh folder for one run of `command` under the kit's work folder.
pub(super) fn work_dir(kit: &Kit, problem: &Problem, command: &str) -> Result<tempfile::TempDir> {
    let work = kit.work_dir().join(command).join(&problem.name);
    fsutil::create_dir_all(&work)?;
    Ok(tempfile::Builder::new().prefix("run-").tempdir_in(&work)?)
}

/// The arguments with `{seed}` replaced.
fn with_seed(args: &[String], seed: u64) -> Vec<String> {
    let seed = seed.to_string();
    args.iter().map(|a| a.replace(SEED, &seed)).collect()
}

/// A path for people: relative to the kit when inside it.
pub(super) fn shown_path(path: &Path, root: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The start of a text, as much as reports show.
fn read_head_of(text: &str) -> String {
    let mut end = SHOWN_BYTES;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].to_string()
}

/// A test the solution failed, read into memory (its files are gone):
/// the whole input, which shrinking starts from, and the head of the rest.
#[derive(Clone, Debug)]
pub(super) struct Failed {
    pub verdict: Verdict,
    pub input: String,
    pub output: String,
    pub answer: String,
    pub message: String,
}

impl Failed {
    /// As the report shows it.
    pub fn shown(self, shrinking: Option<Shrinking>) -> Counterexample {
        let mut input = self.input;
        if input.len() > SHOWN_BYTES {
            input = read_head_of(&input);
        }
        Counterexample {
            verdict: self.verdict,
            input,
            output: self.output,
            answer: self.answer,
            message: self.message,
            shrinking,
        }
    }
}

/// What every test of one run needs: the solution judged, the other one
/// that answers, the validator that keeps shrunk inputs valid.
pub(super) struct Round<'a> {
    pub jury: &'a Jury<'a>,
    pub arena: &'a Arena<'a>,
    pub validator: &'a Program,
    pub other: &'a Program,
    pub solution: &'a Program,
    pub dir: &'a Path,
}

impl Round<'_> {
    /// The test named `name` in the round's folder.
    fn test(&self, name: &str) -> Test {
        Test {
            name: name.to_string(),
            input: self.dir.join(format!("{name}.in")),
            answer: self.dir.join(format!("{name}.ans")),
            group: None,
            sample: false,
            targets: Vec::new(),
        }
    }

    /// Makes the test of `seed` and judges the solution on it: `None` if
    /// accepted. Only a test that fails is validated (a spawn fewer for
    /// every other one): what is reported or shrunk is always valid.
    fn try_seed(&self, generator: &Program, args: &[String], seed: u64) -> Result<Option<Failed>> {
        let name = seed.to_string();
        let test = self.test(&name);
        let jury = self.jury;
        let validate = || {
            jury.validate(self.validator, &test.input, None, self.dir, &name)
                .with_context(|| format!("the test of seed {seed} is not valid"))
        };
        jury.generate(
            generator,
            &with_seed(args, seed),
            &test.input,
            self.dir,
            &name,
        )?;
        if let Err(e) = self.answer(&test) {
            validate()?;
            return Err(e);
        }
        let failed = self.judge(&test, true);
        if failed.is_some() {
            validate()?;
        }
        self.forget(&name);
        Ok(failed)
    }

    /// The other solution's answer to the test.
    pub fn answer(&self, test: &Test) -> Result<()> {
        let limits: Limits = self.arena.limits;
        let answerer = Answerer {
            solution: self.other,
            interactor: self.arena.interactive.then_some(self.arena.checker),
            dialogue: None,
        };
        self.jury.answer(
            answerer,
            &test.input,
            &test.answer,
            limits,
            self.dir,
            &test.name,
        )?;
        Ok(())
    }

    /// Judges the solution on an answered test; its files are removed
    /// unless `keep`.
    pub fn judge(&self, test: &Test, keep: bool) -> Option<Failed> {
        let outcome = self
            .jury
            .judge_test(self.arena, self.solution, test, self.dir);
        let failed = (!outcome.verdict.is_accepted()).then(|| Failed {
            verdict: outcome.verdict,
            input: read_head(&test.input, usize::MAX),
            output: read_head(&outcome.output, SHOWN_BYTES),
            answer: read_head(&test.answer, SHOWN_BYTES),
            message: outcome.message,
        });
        if !keep {
            self.forget(&test.name);
        }
        failed
    }

    /// Removes every file of the test named `name`.
    fn forget(&self, name: &str) {
        let exts = [
            "in", "ans", "out", "err", "chk", "chk.out", "gen.err", "val", "val.err", "ref.err",
        ];
        for ext in exts {
            let _ = std::fs::remove_file(self.dir.join(format!("{name}.{ext}")));
        }
        let _ = std::fs::remove_dir_all(self.dir.join(format!("{name}.feedback")));
    }

    /// Writes `input` as the test named `name`, validates it, has the
    /// other solution answer it and judges the solution on it: `None` if
    /// accepted.
    pub fn try_input(&self, name: &str, input: &str) -> Result<Option<Failed>> {
        let test = self.test(name);
        fsutil::write_atomic(&test.input, input.as_bytes())?;
        let ready = self
            .jury
            .validate(self.validator, &test.input, None, self.dir, name)
            .and_then(|()| self.answer(&test));
        if let Err(e) = ready {
            self.forget(name);
            return Err(e);
        }
        Ok(self.judge(&test, false))
    }

    /// Judges the solution on `input`, a candidate of shrinking: the
    /// failure if it fails as `like` did, `None` if it passes, fails
    /// otherwise, or is not a valid input the other solution answers.
    fn try_candidate(&self, name: &str, input: &str, like: Verdict) -> Option<Failed> {
        let failed = self.try_input(name, input).ok().flatten();
        failed.filter(|f| f.verdict == like)
    }

    /// Shrinks a failing test to the smallest input found that still fails
    /// with the same verdict, trying candidates `--jobs` at a time.
    pub fn shrink(
        &self,
        failed: Failed,
        cases: Option<Cases>,
        events: &mut Events,
    ) -> Result<Counterexample> {
        let like = failed.verdict;
        let original = failed.input.clone();
        let pool = self.jury.pool();
        let none = BTreeSet::new();
        let mut tried = 0;
        let mut bytes = original.len();
        let shrunk = shrink::shrink(
            &original,
            failed,
            cases,
            pool.jobs(),
            SHRINK_BUDGET,
            |inputs| {
                if crate::jury::interrupted() {
                    bail!("interrupted");
                }
                let named: Vec<(String, &String)> = inputs
                    .iter()
                    .enumerate()
                    .map(|(i, input)| (format!("shrink-{}", tried + i), input))
                    .collect();
                tried += inputs.len();
                let results = pool.run(
                    &named,
                    Stop::AtFirstFailure { except: &none },
                    |(name, input)| self.try_candidate(name, input, like),
                    Option::is_some,
                    |_| {},
                );
                for (i, result) in results.into_iter().enumerate() {
                    let Some(result) = result else { break };
                    if let Some(failed) = result {
                        bytes = failed.input.len();
                        events.emit(EventKind::Shrinking { tried, bytes });
                        return Ok(Some((i, failed)));
                    }
                }
                events.emit(EventKind::Shrinking { tried, bytes });
                Ok(None)
            },
        )?;
        let shrinking = Shrinking {
            tried: shrunk.tried,
            kept: shrunk.kept,
            original_bytes: original.len(),
        };
        Ok(shrunk.failure.shown(Some(shrinking)))
    }
}
