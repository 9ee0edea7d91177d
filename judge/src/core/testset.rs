//! Building a problem's tests: generate (or copy) each input, validate it,
//! and answer it with the reference solution.
//!
//! Every step is keyed by content hashes — of the generator binary and its
//! arguments, of the input, of the validator, of the reference — and recorded
//! in `tests/<name>.meta`, so an unchanged tree redoes nothing. Every file
//! appears atomically (written aside, then renamed), and a test's record is
//! written only once the test is complete, so an interrupted build leaves no
//! half-written test and the next build resumes where it stopped.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use serde::{Deserialize, Serialize};

use crate::base::fsutil::{self, write_atomic};
use crate::base::pool::Stop;
use crate::core::jury::{Answerer, Jury};
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::problem::{Problem, ProgramSpec, TestSource, TestSpec};
use crate::model::program::{BuildError, Program};
use crate::model::results::{BuildSummary, NotCompiled, Test};

/// What `tests/<name>.meta` records about a finished test.
#[derive(Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(default)]
struct Meta {
    recipe: String,
    /// A manual test's source file, by size and time: unchanged, its
    /// content hash in `recipe` is not computed again.
    source_stamp: Option<(u64, u128)>,
    input_hash: String,
    /// What the generator made, when the input is the package's instead.
    generated_hash: String,
    input_stamp: Option<(u64, u128)>,
    validated: String,
    answer: String,
    answer_stamp: Option<(u64, u128)>,
    /// The answer is the one the generator wrote.
    generator_answered: bool,
}

/// The programs a build needs.
struct Programs {
    /// Empty for an imported problem without any: its tests go unvalidated.
    validators: Vec<Program>,
    /// None when every test stores its answer and the problem names none.
    reference: Option<Program>,
    /// The interactor the reference plays against, on an interactive
    /// problem.
    interactor: Option<Program>,
    /// Each generator; None for one that does not compile here, whose
    /// tests all store their inputs.
    generators: Vec<(ProgramSpec, Option<Program>)>,
    /// The solutions that answer some tests instead of the reference.
    answerers: Vec<(PathBuf, Program)>,
}

impl Programs {
    fn generator(&self, spec: &ProgramSpec) -> &Program {
        let found = self.generators.iter().find(|(s, _)| s == spec);
        let found = found.expect("every generator of the plan is prepared");
        (found.1.as_ref()).expect("the tests of a generator that does not compile are stored")
    }

    /// `test` as the build makes it: a generated test whose generator does
    /// not compile here is the input the package stores.
    fn as_built(&self, test: &TestSpec) -> TestSpec {
        match &test.source {
            TestSource::Generated { generator, .. }
                if self
                    .generators
                    .iter()
                    .any(|(s, p)| s == generator && p.is_none()) =>
            {
                TestSpec {
                    source: TestSource::File(test.stored.clone().expect("checked in `programs`")),
                    stored: None,
                    ..test.clone()
                }
            }
            _ => test.clone(),
        }
    }

    /// The solution that answers `test`: its own, else the reference.
    fn answerer(&self, test: &TestSpec) -> &Program {
        match &test.answerer {
            Some(path) => {
                let found = self.answerers.iter().find(|(p, _)| p == path);
                &found.expect("every answerer of the plan is prepared").1
            }
            None => (self.reference.as_ref())
                .expect("a problem without a reference stores every answer"),
        }
    }
}

fn key(parts: &[&str]) -> String {
    let mut h = blake3::Hasher::new();
    for p in parts {
        h.update(p.as_bytes());
        h.update(b"\0");
    }
    h.finalize().to_hex().to_string()
}

/// What building one test did.
#[derive(Default)]
struct Work {
    generated: bool,
    validated: bool,
    answered: bool,
    reference_time: Duration,
    /// Whether the input equals the one the package stores, if it stores one.
    same_as_stored: Option<bool>,
}

/// Builds one test: each step is redone only when what it depends on changed.
fn build_test(
    jury: &Jury,
    problem: &Problem,
    programs: &Programs,
    test: &TestSpec,
    scratch: &Path,
) -> Result<Work> {
    let dir = problem.tests_dir();
    let input = dir.join(format!("{}.in", test.name));
    let old: Meta = std::fs::read(dir.join(format!("{}.meta", test.name)))
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default();
    // The input the package stores for a generated test: compared with
    // the generator's, and used in its place where they differ.
    let stored_hash = test.stored.as_deref().map(fsutil::hash_file).transpose()?;
    let mut meta = Meta::default();
    meta.recipe = recipe(test, programs, &old, stored_hash.as_deref(), &mut meta)?;
    // A new input is made aside and takes the old one's place only once it
    // is validated and answered: a build that fails keeps the last good
    // test whole, and the input that failed stays there to be looked at
    // (the next build removes it).
    // An answer the generator wrote is made again with the input.
    let answer = dir.join(format!("{}.ans", test.name));
    let remade = !(old.recipe == meta.recipe
        && old.input_stamp.is_some()
        && fsutil::stamp(&input) == old.input_stamp
        && !(old.generator_answered && fsutil::stamp(&answer) != old.answer_stamp));
    let mut b = Building {
        test,
        made: match remade {
            true => dir.join(format!("{}.in.new", test.name)),
            false => input,
        },
        answer,
        remade,
        old,
        meta,
        work: Work::default(),
    };
    b.make(jury, programs, scratch)?;
    if let (Some(stored), Some(hash)) = (&test.stored, stored_hash) {
        b.keep_stored(stored, hash)?;
    }
    b.validate(jury, programs, scratch)?;
    match &test.answer {
        _ if b.meta.generator_answered => b.generated_answer()?,
        Some(stored) => b.copy_answer(stored)?,
        None => b.answer(jury, problem, programs, scratch)?,
    }
    finish(test, &dir, b.remade, b.meta, &b.old, b.work)
}

/// What makes a test's input, as a key: a manual test's content (not
/// hashed again while its file's stamp is the same), or the generator, its
/// arguments and the input the package stores.
fn recipe(
    test: &TestSpec,
    programs: &Programs,
    old: &Meta,
    stored_hash: Option<&str>,
    meta: &mut Meta,
) -> Result<String> {
    Ok(match &test.source {
        TestSource::File(path) => {
            meta.source_stamp = fsutil::stamp(path);
            if meta.source_stamp.is_some() && meta.source_stamp == old.source_stamp {
                old.recipe.clone()
            } else {
                key(&["file", &fsutil::hash_file(path)?])
            }
        }
        TestSource::Generated { generator, args } => {
            let mut parts = vec!["generated", programs.generator(generator).identity.as_str()];
            parts.extend(args.iter().map(String::as_str));
            parts.extend(stored_hash);
            key(&parts)
        }
    })
}

/// One test being built: where its input is made, its records before and
/// now, and what was done.
struct Building<'a> {
    test: &'a TestSpec,
    /// The input: a fresh one beside the old when `remade`, else the old.
    made: PathBuf,
    answer: PathBuf,
    remade: bool,
    old: Meta,
    meta: Meta,
    work: Work,
}

impl Building<'_> {
    /// Makes the input where it changed: a manual test copied, or
    /// generated.
    fn make(&mut self, jury: &Jury, programs: &Programs, scratch: &Path) -> Result<()> {
        if !self.remade {
            self.meta.input_hash = self.old.input_hash.clone();
            self.meta.generator_answered = self.old.generator_answered;
            return Ok(());
        }
        let (test, made) = (self.test, &self.made);
        match &test.source {
            TestSource::File(path) => {
                let bytes = std::fs::read(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                write_atomic(made, &bytes)?;
            }
            TestSource::Generated { generator, args } => {
                let generator = programs.generator(generator);
                let answer = new_answer(&self.answer);
                let answer = test.generator_answers.then_some(answer.as_path());
                self.meta.generator_answered =
                    jury.generate_answered(generator, args, (made, answer), scratch, &test.name)?;
            }
        }
        self.meta.input_hash = fsutil::hash_file(made)?;
        self.work.generated = true;
        Ok(())
    }

    /// Compares the generated input with the one the package stores (of
    /// hash `stored_hash`), which takes its place where they differ.
    fn keep_stored(&mut self, stored: &Path, stored_hash: String) -> Result<()> {
        self.meta.generated_hash = match self.remade {
            true => self.meta.input_hash.clone(),
            false => self.old.generated_hash.clone(),
        };
        let same = stored_hash == self.meta.generated_hash;
        self.work.same_as_stored = Some(same);
        if !same && self.remade {
            // The package's input is the one its judges used, and the one
            // its answer is for: the difference is reported, not judged.
            let bytes = std::fs::read(stored).map_err(|e| fsutil::naming(stored, e))?;
            write_atomic(&self.made, &bytes)?;
            self.meta.input_hash = stored_hash;
            // What the generator answered is for its own input.
            if self.meta.generator_answered {
                let _ = std::fs::remove_file(new_answer(&self.answer));
                self.meta.generator_answered = false;
            }
        }
        Ok(())
    }

    /// Validates the input (as its group, with its arguments) where it, a
    /// validator or those changed.
    fn validate(&mut self, jury: &Jury, programs: &Programs, scratch: &Path) -> Result<()> {
        let validators = &programs.validators;
        if validators.is_empty() {
            return Ok(());
        }
        let test = self.test;
        let group = test.group.as_deref();
        let mut parts: Vec<&str> = validators.iter().map(|v| v.identity.as_str()).collect();
        parts.push(&self.meta.input_hash);
        parts.push(group.unwrap_or(""));
        parts.extend(test.validator_args.iter().map(String::as_str));
        self.meta.validated = key(&parts);
        if self.meta.validated != self.old.validated {
            let made = &self.made;
            let args = (group, test.validator_args.as_slice());
            (jury.validate(validators, made, args, scratch, &test.name))
                .with_context(|| self.validating())?;
            self.work.validated = true;
        }
        Ok(())
    }

    /// What an input the validator rejects is: the setter's own file where
    /// the input is one (not its copy among the tests), with what to do if
    /// it has Windows line ends; else the input made.
    fn validating(&self) -> String {
        let written = match (&self.test.source, &self.test.stored) {
            (TestSource::File(path), _) => Some(path),
            (_, Some(stored)) if self.work.same_as_stored == Some(false) => Some(stored),
            _ => None,
        };
        match written {
            Some(path) => fsutil::windows_line_ends(path)
                .unwrap_or_else(|| format!("validating {}", path.display())),
            None => format!("validating {}", self.made.display()),
        }
    }

    /// The answer the generator wrote (beside the new input, or kept from
    /// the last build).
    fn generated_answer(&mut self) -> Result<()> {
        self.meta.answer = match self.remade {
            true => key(&["generator", &fsutil::hash_file(&new_answer(&self.answer))?]),
            false => self.old.answer.clone(),
        };
        self.work.answered |= self.remade;
        Ok(())
    }

    /// An imported test's answer: the package's, as it is.
    fn copy_answer(&mut self, stored: &Path) -> Result<()> {
        self.meta.answer = key(&["stored", &fsutil::hash_file(stored)?]);
        if self.meta.answer != self.old.answer
            || fsutil::stamp(&self.answer) != self.old.answer_stamp
        {
            let bytes = std::fs::read(stored).map_err(|e| fsutil::naming(stored, e))?;
            write_atomic(&self.answer, &bytes)?;
            self.work.answered = true;
        }
        Ok(())
    }

    /// The reference's answer (played against the interactor on an
    /// interactive problem, an interactive sample's play kept for the
    /// statement and packages), made again where anything it depends on
    /// changed.
    fn answer(
        &mut self,
        jury: &Jury,
        problem: &Problem,
        programs: &Programs,
        scratch: &Path,
    ) -> Result<()> {
        let interactor = programs.interactor.as_ref();
        let reference = programs.answerer(self.test);
        let input = &self.meta.input_hash;
        self.meta.answer = match interactor {
            Some(i) => key(&[&reference.identity, input, &i.identity]),
            None => key(&[&reference.identity, input]),
        };
        let dialogue = (interactor.is_some() && self.test.sample)
            .then(|| crate::model::results::interaction_of(&self.answer));
        let stale = self.meta.answer != self.old.answer
            || self.old.answer_stamp.is_none()
            || fsutil::stamp(&self.answer) != self.old.answer_stamp
            || dialogue.as_ref().is_some_and(|d| !d.is_file());
        if stale {
            let answerer = Answerer {
                solution: reference,
                interactor,
                dialogue: dialogue.as_deref(),
                files: &problem.files,
            };
            let (made, answer, name) = (&self.made, &self.answer, &self.test.name);
            let limits = problem.limits.into();
            self.work.reference_time =
                jury.answer(answerer, made, answer, limits, scratch, name)?;
            self.work.answered = true;
        }
        Ok(())
    }
}

/// Puts a remade input in place and records the finished test.
fn finish(
    test: &TestSpec,
    dir: &Path,
    remade: bool,
    mut meta: Meta,
    old: &Meta,
    work: Work,
) -> Result<Work> {
    let input = dir.join(format!("{}.in", test.name));
    let answer = dir.join(format!("{}.ans", test.name));
    if remade && meta.generator_answered {
        let fresh = new_answer(&answer);
        std::fs::rename(&fresh, &answer).map_err(|e| fsutil::naming(&answer, e))?;
    }
    meta.answer_stamp = fsutil::stamp(&answer);
    if remade {
        let fresh = dir.join(format!("{}.in.new", test.name));
        std::fs::rename(&fresh, &input).map_err(|e| fsutil::naming(&input, e))?;
    }
    meta.input_stamp = fsutil::stamp(&input);
    if meta != *old {
        let meta_path = dir.join(format!("{}.meta", test.name));
        write_atomic(&meta_path, &serde_json::to_vec_pretty(&meta)?)?;
    }
    Ok(work)
}

/// Where the answer a generator writes waits beside the old one until its
/// test is built whole.
fn new_answer(answer: &Path) -> PathBuf {
    answer.with_extension("ans.new")
}

/// The problem named `name`, loaded, with its tests built under the kit's
/// build lock (released once they are): what a command on one problem
/// judges on.
pub fn one(
    kit: &Kit,
    jury: &Jury,
    name: &str,
    events: &mut Events,
) -> Result<(Problem, Vec<Test>)> {
    let _building = kit.lock_builds(events)?;
    let problem = jury
        .prepare(kit, std::slice::from_ref(&name.to_string()), false, events)?
        .remove(0);
    let (tests, _) = build(kit, jury, &problem, events)?;
    Ok((problem, tests))
}

/// Runs the validators on each input that must be invalid
/// (`[[invalid]]`): one they all accept is an error naming the file and
/// why it is invalid. Returns how many were rejected.
fn rejected(jury: &Jury, problem: &Problem, programs: &Programs, scratch: &Path) -> Result<usize> {
    let validators = &programs.validators;
    if validators.is_empty() {
        return Ok(0);
    }
    for (i, invalid) in problem.invalid.iter().enumerate() {
        let name = format!("invalid-{}", i + 1);
        let said = jury.rejects(validators, &invalid.input, (None, &[]), scratch, &name)?;
        if said.is_none() {
            let who = match validators.len() {
                1 => "the validator accepts",
                _ => "every validator accepts",
            };
            bail!(
                "{}: {who} it, but it is invalid: {} (problem.toml's `[[invalid]]`)",
                invalid.input.display(),
                invalid.reason
            );
        }
    }
    Ok(problem.invalid.len())
}

/// Removes files in the tests folder that no longer belong to the plan
/// (old tests, files left by an interrupted build).
fn remove_stale(problem: &Problem) -> Result<()> {
    let names: BTreeSet<&str> = problem.tests.iter().map(|t| t.name.as_str()).collect();
    for path in fsutil::files_in(&problem.tests_dir())? {
        let file = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (stem, ext) = file.split_once('.').unwrap_or((&file, ""));
        if !["in", "ans", "meta", "interaction"].contains(&ext) || !names.contains(stem) {
            std::fs::remove_file(&path).map_err(|e| fsutil::naming(&path, e))?;
        }
    }
    Ok(())
}

/// The tests of a problem, as built (without building).
pub fn tests_of(problem: &Problem) -> Vec<Test> {
    let dir = problem.tests_dir();
    problem
        .tests
        .iter()
        .map(|t| Test {
            name: t.name.clone(),
            input: dir.join(format!("{}.in", t.name)),
            answer: dir.join(format!("{}.ans", t.name)),
            group: t.group.clone(),
            sample: t.sample,
            targets: t.targets.clone(),
            points: t.points,
        })
        .collect()
}

/// `made`, or None where it is a program that does not compile and each of
/// the `tests` that need it stores what it would make (`stored`): those
/// files then stand in for it, and `not_compiled` says so.
fn or_stand_in(
    made: Result<Program>,
    (tests, stored): (usize, bool),
    not_compiled: &mut Vec<NotCompiled>,
) -> Result<Option<Program>> {
    let error = match made {
        Ok(program) => return Ok(Some(program)),
        Err(error) => error,
    };
    match error.downcast_ref::<BuildError>() {
        Some(BuildError::Compile { path, output }) if stored => {
            let first = output.lines().find(|l| !l.trim().is_empty());
            not_compiled.push(NotCompiled {
                program: path.display().to_string(),
                error: first.unwrap_or("").trim().to_string(),
                tests,
            });
            Ok(None)
        }
        _ => Err(error),
    }
}

/// The programs `problem`'s build runs, compiled or found, and those that
/// do not compile here but whose tests store what they would make.
fn programs(jury: &Jury, problem: &Problem) -> Result<(Programs, Vec<NotCompiled>)> {
    let mut not_compiled = Vec::new();
    let mut generators: Vec<(ProgramSpec, Option<Program>)> = Vec::new();
    for test in &problem.tests {
        if let TestSource::Generated { generator, .. } = &test.source
            && !generators.iter().any(|(s, _)| s == generator)
        {
            let made = (problem.tests.iter()).filter(|t| {
                matches!(&t.source, TestSource::Generated { generator: g, .. } if g == generator)
            });
            let needs = (
                made.clone().count(),
                made.clone().all(|t| t.stored.is_some()),
            );
            let program = or_stand_in(jury.program(generator), needs, &mut not_compiled)?;
            generators.push((generator.clone(), program));
        }
    }
    // Where every test stores its answer, the reference answers none.
    let answered = !problem.interactive
        && (problem.tests.iter()).all(|t| t.answer.is_some() && t.answerer.is_none());
    let mut answerers: Vec<(PathBuf, Program)> = Vec::new();
    for path in problem.tests.iter().filter_map(|t| t.answerer.as_ref()) {
        if !answerers.iter().any(|(p, _)| p == path) {
            answerers.push((
                path.clone(),
                jury.solution(problem.graders.as_ref(), path, false)?,
            ));
        }
    }
    let reference = match &problem.reference {
        Some(reference) => or_stand_in(
            (jury.solution(problem.graders.as_ref(), reference, false)).map_err(Into::into),
            (problem.tests.len(), answered),
            &mut not_compiled,
        )?,
        None => None,
    };
    let programs = Programs {
        answerers,
        validators: jury.validators(problem)?,
        reference,
        interactor: match problem.interactive {
            true => Some(jury.checker(problem)?),
            false => None,
        },
        generators,
    };
    Ok((programs, not_compiled))
}

/// A build stopped partway by Ctrl-C or SIGTERM (`main.rs` says so). It
/// resumes: compiled programs and whole tests are kept (each written
/// aside, then renamed; a test recorded only once complete).
#[derive(Debug)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            "what was built is kept: run the same command again and it goes on from where \
             it stopped",
        )
    }
}

/// Builds every test of `problem` that is missing or out of date, in
/// parallel; the first failing test (in order) stops the build, and what
/// was built is kept, which the error says.
pub fn build(
    kit: &Kit,
    jury: &Jury,
    problem: &Problem,
    events: &mut Events,
) -> Result<(Vec<Test>, BuildSummary)> {
    build_tests(kit, jury, problem, events).map_err(|e| match crate::core::jury::interrupted() {
        true => e.context(Interrupted),
        false => e,
    })
}

fn build_tests(
    kit: &Kit,
    jury: &Jury,
    problem: &Problem,
    events: &mut Events,
) -> Result<(Vec<Test>, BuildSummary)> {
    let (programs, not_compiled) = programs(jury, problem)?;
    let plan: Vec<TestSpec> = problem.tests.iter().map(|t| programs.as_built(t)).collect();
    fsutil::create_dir_all(&problem.tests_dir())?;
    remove_stale(problem)?;
    let scratch = jury.temp_dir(&kit.work_dir().join("scratch").join(&problem.name))?;
    let scratch = scratch.path();

    let name = problem.name.as_str();
    events.emit(EventKind::BuildStarted {
        problem: name,
        tests: problem.tests.len(),
    });
    let results = jury.pool().run(
        &plan,
        Stop::AtFirstFailure {
            except: &BTreeSet::new(),
        },
        |test| build_test(jury, problem, &programs, test, scratch),
        Result::is_err,
        |i, _| {
            events.emit(EventKind::TestBuilt {
                problem: name,
                test: &plan[i].name,
            })
        },
    );
    let mut summary = BuildSummary {
        problem: problem.name.clone(),
        tests: problem.tests.len(),
        not_compiled,
        ..BuildSummary::default()
    };
    for (test, result) in plan.iter().zip(results) {
        let Some(result) = result else { continue };
        let w = result.map_err(|e| {
            anyhow!(
                "{}: {}: {e:#}\n(the tests built so far are kept: once this is fixed, run the \
                 same command again and it goes on from where it stopped)",
                problem.name,
                test.describe()
            )
        })?;
        summary.generated += usize::from(w.generated);
        summary.validated += usize::from(w.validated);
        summary.answered += usize::from(w.answered);
        summary.reference_max_time = summary.reference_max_time.max(w.reference_time);
        match w.same_as_stored {
            Some(true) => summary.regenerated_equal += 1,
            Some(false) => summary.regenerated_different.push(test.name.clone()),
            None => {}
        }
    }
    summary.invalid_rejected = rejected(jury, problem, &programs, scratch)?;
    events.emit(EventKind::BuildFinished {
        problem: name,
        summary: &summary,
    });
    Ok((tests_of(problem), summary))
}
