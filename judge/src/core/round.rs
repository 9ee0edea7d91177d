//! The core of `judge stress` and `judge certify` (对拍): a round judges
//! one solution on inputs another solution answers (a generator's random
//! tests, by seed, or one given input), and shrinks a failing input to the
//! smallest one found that still fails the same way.

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result, bail};

use crate::base::fsutil;
use crate::base::pool::Stop;
use crate::base::shrink::{self, Cases};
use crate::core::jury::{Answerer, Arena, Jury, read_head};
use crate::core::scratch::Place;
use crate::model::event::{EventKind, Events};
use crate::model::problem::SEED;
use crate::model::program::Program;
use crate::model::results::Test;
use crate::model::results::report::{Counterexample, Shrinking};
use crate::model::verdict::Verdict;

/// How much of each file the report shows.
const SHOWN_BYTES: usize = 1 << 16;

/// The most candidates one shrinking tries: a failure that takes the whole
/// time limit each time (TLE) must not keep the command busy for hours.
const SHRINK_BUDGET: usize = 2000;

/// The arguments with `{seed}` replaced.
pub fn with_seed(args: &[String], seed: u64) -> Vec<String> {
    let seed = seed.to_string();
    args.iter().map(|a| a.replace(SEED, &seed)).collect()
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
pub struct Failed {
    pub verdict: Verdict,
    pub input: String,
    pub output: String,
    pub answer: String,
    pub message: String,
    /// The end of the solution's error stream.
    pub stderr: Option<String>,
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
            stderr: self.stderr,
            shrinking,
        }
    }
}

/// Which seeds a search tries: `count` from `first` on, or as many as fit
/// before `deadline`.
#[derive(Clone, Copy, Debug)]
pub struct Seeds {
    pub first: u64,
    pub count: u64,
    pub deadline: Option<Instant>,
}

/// What every test of one run needs: the solution judged, the other one
/// that answers, the validators that keep shrunk inputs valid.
pub struct Round<'a> {
    pub jury: &'a Jury<'a>,
    pub arena: &'a Arena<'a>,
    pub validators: &'a [Program],
    pub other: &'a Program,
    pub solution: &'a Program,
    pub dir: &'a Path,
}

impl Round<'_> {
    /// Tries the tests `generator` makes with `args` for each seed until
    /// the solution fails one: how many were judged, and the first failure
    /// in seed order. Tests are tried a batch at a time, in parallel.
    pub fn search(
        &self,
        generator: &Program,
        args: &[String],
        seeds: Seeds,
        events: &mut Events,
    ) -> Result<(u64, Option<(u64, Failed)>)> {
        let started = Instant::now();
        let pool = self.jury.pool();
        let batch = 4 * pool.jobs() as u64;
        let mut iterations = 0;
        let none = BTreeSet::new();
        while !crate::core::jury::interrupted() {
            let left = match seeds.deadline {
                Some(deadline) if Instant::now() >= deadline => 0,
                Some(_) => batch,
                None => batch.min(seeds.count - iterations),
            };
            if left == 0 {
                break;
            }
            let batch: Vec<u64> = (0..left).map(|i| seeds.first + iterations + i).collect();
            let results = pool.run(
                &batch,
                Stop::AtFirstFailure { except: &none },
                |&seed| self.try_seed(generator, args, seed),
                |result| !matches!(result, Ok(None)),
                |_, _| {},
            );
            for (result, &seed) in results.into_iter().zip(&batch) {
                let Some(result) = result else { break };
                iterations += 1;
                if let Some(failed) = result? {
                    events.emit(EventKind::Stressed {
                        tests: iterations,
                        elapsed: started.elapsed(),
                    });
                    return Ok((iterations, Some((seed, failed))));
                }
            }
            events.emit(EventKind::Stressed {
                tests: iterations,
                elapsed: started.elapsed(),
            });
        }
        Ok((iterations, None))
    }

    /// The test named `name` in the round's folder.
    fn test(&self, name: &str) -> Test {
        Test {
            name: name.to_string(),
            input: self.dir.join(format!("{name}.in")),
            answer: self.dir.join(format!("{name}.ans")),
            group: None,
            sample: false,
            targets: Vec::new(),
            points: None,
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
            jury.validate(self.validators, &test.input, (None, &[]), self.dir, &name)
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
        let limits = self.arena.limits;
        let answerer = Answerer {
            solution: self.other,
            interactor: self.arena.interactive.then_some(self.arena.checker),
            dialogue: None,
            files: self.arena.files,
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
            .judge_test(self.arena, self.solution, test, Place::at(self.dir));
        let failed = (!outcome.verdict.is_accepted()).then(|| Failed {
            verdict: outcome.verdict,
            input: read_head(&test.input, usize::MAX),
            output: read_head(&outcome.output, SHOWN_BYTES),
            answer: read_head(&test.answer, SHOWN_BYTES),
            message: outcome.message,
            stderr: outcome.stderr,
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
            .validate(self.validators, &test.input, (None, &[]), self.dir, name)
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
                if crate::core::jury::interrupted() {
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
                    |_, _| {},
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
