//! Judging solutions: a test, a solution on every test, the solutions of
//! a problem on one pool, and checking an output in its checker's
//! protocol.

use std::collections::HashMap;

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};

use crate::base::fsutil;
use crate::base::pool::{Progress, Series, Stop};
use crate::core::rules::{self, Checked};
use crate::core::scratch::Place;
use crate::model::event::{EventKind, Events};
use crate::model::program::{BuildError, Program, Protocol};
use crate::model::results::{SolutionRun, Test, TestOutcome};
use crate::model::verdict::{self, Score, Verdict};
use sandbox::{Access, Limits, RunSpec};

use super::arena::{
    Arena, BATCH_FILES, IN_PROCESS_BYTES, INTERACTIVE_FILES, MESSAGE_BYTES, check_in_process,
    fresh_dir, settle,
};
use super::{Jury, files, read_head};

/// A test's outcome takes its checked verdict; a rejection in a
/// multi-pass problem's later pass says which.
fn take(outcome: &mut TestOutcome, pass: u32, checked: Checked) {
    outcome.verdict = checked.verdict;
    outcome.message = match (pass, checked.verdict) {
        (1, _) | (_, Verdict::Ac) => checked.message,
        (pass, _) => format!("pass {pass}: {}", checked.message),
    };
    outcome.points = checked.points;
    outcome.partial = checked.partial;
}

/// How the white space of an accepted `output` differs from the
/// `answer`'s (`rules::spacing_note`); not looked at past 16 MiB.
fn spacing_of(output: &Path, answer: &Path) -> Option<String> {
    const MOST: u64 = 16 << 20;
    let small = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.len() <= MOST);
    if !small(output) || !small(answer) {
        return None;
    }
    let (output, answer) = (std::fs::read(output).ok()?, std::fs::read(answer).ok()?);
    rules::spacing_note(&output, &answer)
}

/// What follows a pass of a test.
enum Pass {
    /// The test's outcome.
    Done(Checked),
    /// A multi-pass problem's next pass, on this input.
    Next(PathBuf),
}

/// After pass `pass` of test `name`, checked `checked`: the next pass
/// where the checker accepted it and wrote `nextpass.in` (taken from its
/// feedback folder, which stays; `work` made afresh), else the outcome;
/// asking for a pass too many, or with a rejection, is the jury's fault.
/// `Err` where the next pass cannot be prepared.
fn after_pass(
    arena: &Arena,
    (place, name): (Place, &str),
    (pass, checked): (u32, Checked),
    work: &Path,
) -> Result<Pass, String> {
    let next = place.scratch.join(format!("{name}.feedback/nextpass.in"));
    if arena.passes < 2 || !next.is_file() {
        return Ok(Pass::Done(checked));
    }
    let checker = &arena.checker.name;
    Ok(Pass::Done(match checked.verdict {
        Verdict::Ac if pass < arena.passes => {
            let input = place.scratch.join(format!("{name}.pass{}.in", pass + 1));
            let _ = std::fs::remove_dir_all(work);
            let taken = std::fs::rename(&next, &input);
            taken
                .and_then(|()| fsutil::create_dir_all(work))
                .map_err(|e| format!("cannot prepare pass {}: {e}", pass + 1))?;
            return Ok(Pass::Next(input));
        }
        Verdict::Ac => rules::too_many_passes(checker, arena.passes),
        _ => rules::next_pass_of_a_rejection(checker, checked),
    }))
}

/// Limits for the checker: it must never be the bottleneck nor be blamed.
pub(super) fn checker_limits() -> Limits {
    Limits::new(Duration::from_secs(30), 4 << 30, 64 << 20)
}

impl Jury<'_> {
    /// Runs `checker` on an output, in its protocol; `scratch` receives
    /// its message as `<name>.chk` (and a Kattis validator's feedback
    /// folder as `<name>.feedback/`).
    pub fn check(
        &self,
        checker: &Program,
        input: &Path,
        output: &Path,
        answer: &Path,
        scratch: &Path,
        name: &str,
    ) -> Checked {
        let message = scratch.join(format!("{name}.chk"));
        let stdout = scratch.join(format!("{name}.chk.out"));
        let feedback = scratch.join(format!("{name}.feedback"));
        let (args, stdin) = match checker.protocol {
            Protocol::Testlib => ([input, output, answer], None),
            Protocol::Kattis => {
                if let Err(e) = fsutil::create_dir_all(&feedback) {
                    return failed(format!("cannot prepare the feedback folder: {e}"));
                }
                (
                    [input, answer, feedback.as_path()],
                    Some(output.to_path_buf()),
                )
            }
            Protocol::Cms => ([input, answer, output], None),
        };
        let run = self.sandbox.run(&RunSpec {
            argv: checker.argv(args.map(Path::as_os_str)),
            stdin,
            stdout: stdout.clone(),
            stderr: Some(message.clone()),
            cwd: Some(scratch.to_path_buf()),
            limits: checker_limits(),
            access: Access::new([], scratch),
            interactive: None,
        });
        let run = match run {
            Ok(run) => run,
            Err(e) => return failed(format!("cannot run the checker {}: {e}", checker.name)),
        };
        let what = format!("the checker {}", checker.name);
        let limits = checker_limits();
        said(
            &what,
            &limits,
            checker.protocol,
            &run,
            &message,
            &stdout,
            &feedback,
        )
    }

    /// Runs the solution on one test under the problem's limits, then the
    /// checker on its output; `dir` is the solution's working folder.
    pub fn judge_test(
        &self,
        arena: &Arena,
        solution: &Program,
        test: &Test,
        place: Place,
    ) -> TestOutcome {
        let name = &test.name;
        let mut outcome = TestOutcome {
            name: name.clone(),
            verdict: Verdict::Fail,
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            memory_bytes: 0,
            message: String::new(),
            note: None,
            group: test.group.clone(),
            points: None,
            partial: None,
            output: place.kept_file(name, "out"),
            stderr: None,
            kept: None,
        };
        // A fresh working folder of its own, the only one it may write in.
        let work = place.scratch_file(name, "d");
        if let Err(e) = std::fs::create_dir(&work).or_else(|_| {
            // Left by an earlier run that was killed: made afresh.
            let _ = std::fs::remove_dir_all(&work);
            fsutil::create_dir_all(&work)
        }) {
            outcome.message = format!("cannot prepare the run: {e}");
            return outcome;
        }
        if arena.interactive {
            return self.judge_interactively(arena, solution, test, place, &work, outcome);
        }
        // A multi-pass problem's next pass runs on the input the checker
        // wrote (`nextpass.in` in its feedback folder, kept between passes).
        let mut input = test.input.clone();
        for pass in 1..=arena.passes {
            let checked = match self.run_pass(arena, solution, (test, &input), place, &work) {
                Ok((run, checked)) => {
                    outcome.cpu = outcome.cpu.max(run.cpu);
                    outcome.wall = outcome.wall.max(run.wall);
                    outcome.memory_bytes = outcome.memory_bytes.max(run.peak_memory_bytes);
                    checked
                }
                Err(message) => Checked {
                    verdict: Verdict::Fail,
                    message,
                    points: None,
                    partial: None,
                },
            };
            match after_pass(arena, (place, name), (pass, checked), &work) {
                Ok(Pass::Next(next)) => input = next,
                Ok(Pass::Done(checked)) => {
                    take(&mut outcome, pass, checked);
                    break;
                }
                Err(message) => {
                    outcome.message = message;
                    return settle(place, name, BATCH_FILES, outcome, false);
                }
            }
        }
        let _ = std::fs::remove_dir_all(&work);
        if outcome.verdict.is_accepted() && arena.passes == 1 && !arena.identical_agrees {
            outcome.note = spacing_of(&place.scratch_file(name, "out"), &test.answer);
        }
        settle(place, name, BATCH_FILES, outcome, arena.keep_outputs)
    }

    /// One run of a batch solution on `input` (the test's, or a multi-pass
    /// problem's next) in its fresh working folder `work`, and its check:
    /// the run, and its verdict; `Err` where it could not run.
    fn run_pass(
        &self,
        arena: &Arena,
        solution: &Program,
        (test, input): (&Test, &Path),
        place: Place,
        work: &Path,
    ) -> Result<(sandbox::RunOutcome, Checked), String> {
        let name = &test.name;
        let output = place.scratch_file(name, "out");
        let stdin = files::stdin_of(arena.files, input, work)
            .map_err(|e| format!("cannot put the test in the run's folder: {e}"))?;
        let spec = RunSpec {
            argv: solution.argv(Vec::<String>::new()),
            stdin,
            stdout: files::stdout_of(arena.files, &output),
            stderr: Some(place.scratch_file(name, "err")),
            cwd: Some(work.to_path_buf()),
            limits: arena.limits,
            access: Access::new(solution.reads.clone(), work).untrusted(),
            interactive: None,
        };
        let mut run = self.sandbox.run(&spec);
        if let Ok(first) = &run
            && rules::rerun_alone(first, &arena.limits)
        {
            run = self.sandbox.run_alone(&spec);
        }
        let written = files::collect(arena.files, work, &output);
        let run = run.map_err(|e| format!("cannot run the solution: {e}"))?;
        if let Some((verdict, message)) = rules::classify(&run, &arena.limits) {
            let checked = Checked {
                verdict,
                message,
                points: None,
                partial: None,
            };
            return Ok((run, checked));
        }
        let checked = match written {
            Ok(size) => {
                let bytes = size.unwrap_or(run.output_bytes);
                self.check_output(arena, (test, input), &output, bytes, place)
            }
            Err(why) => rules::no_output_file(why),
        };
        Ok((run, checked))
    }

    /// Checks a solution's `output` of `test`: accepted at once where it is
    /// the other solution's answer to the byte (`stress`), else by the
    /// checker, in the judge's process where it is a standard one and the
    /// output (of `output_bytes`) is small.
    fn check_output(
        &self,
        arena: &Arena,
        (test, input): (&Test, &Path),
        output: &Path,
        output_bytes: u64,
        place: Place,
    ) -> Checked {
        let name = &test.name;
        let files = (input, output, test.answer.as_path());
        match arena.checker_in_process {
            _ if arena.identical_agrees && fsutil::same_bytes(output, &test.answer) => {
                rules::agrees_identically()
            }
            Some(main) if output_bytes <= IN_PROCESS_BYTES => {
                check_in_process(main, arena.checker, files, place, name)
            }
            _ => self.check(
                arena.checker,
                input,
                output,
                &test.answer,
                place.scratch,
                name,
            ),
        }
    }

    /// [`Jury::judge_test`] on an interactive problem: the solution plays
    /// against the interactor; for a test it does not pass, the transcript
    /// is kept as its output (`<test>.transcript`).
    fn judge_interactively(
        &self,
        arena: &Arena,
        solution: &Program,
        test: &Test,
        place: Place,
        work: &Path,
        mut outcome: TestOutcome,
    ) -> TestOutcome {
        let name = &test.name;
        let mut input = test.input.clone();
        let mut pass = 1;
        let transcript = loop {
            let played = self.interact(
                solution,
                arena.checker,
                &input,
                &place.scratch_file(name, "tout"),
                Some(&test.answer),
                arena.limits,
                work,
                place.scratch,
                name,
            );
            let _ = std::fs::remove_dir_all(work);
            let (run, checked, transcript) = match played {
                Ok(played) => played,
                Err(e) => {
                    outcome.message = format!("cannot play the test: {e}");
                    return settle(place, name, INTERACTIVE_FILES, outcome, false);
                }
            };
            outcome.cpu = outcome.cpu.max(run.cpu);
            outcome.wall = outcome.wall.max(run.wall);
            outcome.memory_bytes = outcome.memory_bytes.max(run.peak_memory_bytes);
            match after_pass(arena, (place, name), (pass, checked), work) {
                Ok(Pass::Next(next)) => (input, pass) = (next, pass + 1),
                Ok(Pass::Done(checked)) => {
                    take(&mut outcome, pass, checked);
                    break transcript;
                }
                Err(message) => {
                    outcome.message = message;
                    return settle(place, name, INTERACTIVE_FILES, outcome, false);
                }
            }
        };
        outcome.output = place.kept_file(name, "transcript");
        if !outcome.verdict.is_accepted()
            && let Err(e) = fsutil::write_atomic(&outcome.output, transcript.render().as_bytes())
        {
            outcome.message = format!(
                "{} (the transcript could not be kept: {e})",
                outcome.message
            );
        }
        settle(place, name, INTERACTIVE_FILES, outcome, false)
    }

    /// Judges `solution` on the arena's tests in parallel, stopping as
    /// `stop` says; events report each test in order.
    pub fn judge(
        &self,
        arena: &Arena,
        solution: &Program,
        shown: &str,
        stop: Stop,
        events: &mut Events,
    ) -> Result<SolutionRun> {
        let mut judged = None;
        let entry = Entry {
            arena,
            solution,
            shown,
            stop,
        };
        self.judge_all(&[entry], events, |_, run, _| {
            judged = Some(run);
            Ok(())
        })?;
        judged.context("a solution judged gave no run")
    }

    /// Judges several solutions, each on its arena's tests (a contest's:
    /// of several problems), all their tests on the one pool: a class's
    /// files keep every worker busy, where judging them in turn idles the
    /// workers at the end of each file. Events report each solution and
    /// its tests in order, and `judged` gets each solution's run, in
    /// order, as soon as it is complete.
    pub fn judge_all(
        &self,
        entries: &[Entry],
        events: &mut Events,
        mut judged: impl FnMut(usize, SolutionRun, &mut Events) -> Result<()>,
    ) -> Result<()> {
        let dirs = entry_dirs(entries);
        // Another judge run judging the same solution would share its
        // folder: it waits for this one. Locks are taken in name order, so
        // two runs never wait for each other.
        for e in entries {
            fsutil::create_dir_all(&e.arena.work)?;
        }
        let mut locked: Vec<&PathBuf> = dirs.iter().collect();
        locked.sort();
        let mut held = Vec::new();
        for dir in locked {
            let lock = dir.with_extension("lock");
            held.push(fsutil::lock(&lock, || {
                events.emit(EventKind::Waiting { lock: &lock })
            })?);
            fresh_dir(dir)?;
        }
        // The runs work in the scratch folder, in a folder named as theirs.
        let scratches: Vec<PathBuf> = match &self.scratch {
            Some(scratch) => (dirs.iter())
                .map(|dir| scratch.path().join(dir.file_name().unwrap_or_default()))
                .collect(),
            None => dirs.clone(),
        };
        for scratch in scratches.iter().filter(|s| !dirs.contains(s)) {
            fresh_dir(scratch)?;
        }
        // Under verdict rules of their own (samples ignored, the worst
        // error, accepted by a group) a failure decides nothing yet: every
        // test is judged.
        let series: Vec<Series> = (entries.iter())
            .map(|e| Series {
                len: e.arena.tests.len(),
                stop: match e.arena.verdicting == verdict::Verdicting::default() {
                    true => e.stop,
                    false => Stop::Never,
                },
            })
            .collect();
        let mut outcomes = Vec::new();
        let mut failure = Ok(());
        self.pool.run_series(
            &series,
            |g, j| {
                let place = Place {
                    scratch: &scratches[g],
                    kept: &dirs[g],
                };
                let arena = entries[g].arena;
                self.judge_test(arena, entries[g].solution, &arena.tests[j], place)
            },
            |outcome| !outcome.verdict.is_accepted(),
            |progress| match progress {
                Progress::Opened(g) => announce(entries[g].arena, entries[g].shown, events),
                Progress::Finished(_, _, outcome) => {
                    events.emit(EventKind::TestFinished { outcome });
                    outcomes.push(outcome.clone());
                }
                Progress::Closed(g) => {
                    let arena = entries[g].arena;
                    let outcomes = std::mem::take(&mut outcomes);
                    let run = SolutionRun {
                        solution: entries[g].shown.to_string(),
                        verdict: verdict(arena, &outcomes),
                        score: score(arena, &outcomes),
                        max_score: max_score(arena, &outcomes),
                        outcomes,
                        compile_error: None,
                    };
                    events.emit(EventKind::SolutionFinished {
                        run: &run,
                        tests: arena.tests,
                    });
                    if failure.is_ok() {
                        failure = judged(g, run, events);
                    }
                }
            },
        );
        failure
    }

    /// Compiles the solution at `source` and judges it; a compilation
    /// error is the verdict CE with the compiler's message.
    pub fn judge_source(
        &self,
        arena: &Arena,
        source: &Path,
        shown: &str,
        stop: Stop,
        events: &mut Events,
    ) -> Result<SolutionRun> {
        match self.solution(arena.graders, source, true) {
            Ok(solution) => self.judge(arena, &solution, shown, stop, events),
            Err(BuildError::Compile { output, .. }) => {
                Ok(self.not_compiled(arena, shown, output, events))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// The run of a solution that did not compile: the verdict CE with the
    /// compiler's message (`output`), told as judged.
    pub fn not_compiled(
        &self,
        arena: &Arena,
        shown: &str,
        output: String,
        events: &mut Events,
    ) -> SolutionRun {
        announce(arena, shown, events);
        let run = SolutionRun {
            solution: shown.to_string(),
            verdict: verdict::NOT_COMPILED,
            outcomes: Vec::new(),
            compile_error: Some(output),
            score: score(arena, &[]),
            max_score: max_score(arena, &[]),
        };
        events.emit(EventKind::SolutionFinished {
            run: &run,
            tests: arena.tests,
        });
        run
    }
}

/// Each entry's folder, under its arena's: a program given twice (two
/// files of the same content) gets a second folder, numbered.
fn entry_dirs(entries: &[Entry]) -> Vec<PathBuf> {
    let mut seen = HashMap::new();
    (entries.iter())
        .map(|e| {
            let id = &e.solution.identity[..e.solution.identity.len().min(12)];
            let problem = e.arena.problem;
            let again = (seen.entry((problem, id)).and_modify(|n| *n += 1)).or_insert(0usize);
            let name = match again {
                0 => format!("{problem}-{id}"),
                n => format!("{problem}-{id}-{n}"),
            };
            e.arena.work.join(name)
        })
        .collect()
}

/// A solution [`Jury::judge_all`] judges: the arena it is judged in, the
/// program, how it is shown, and where its judging stops.
pub struct Entry<'a> {
    pub arena: &'a Arena<'a>,
    pub solution: &'a Program,
    pub shown: &'a str,
    pub stop: Stop<'a>,
}

/// What a checker or an interactor (`what`, run under `limits`) said, read
/// in its protocol from what it wrote: its stderr (`message`), its stdout
/// (CMS's score) and a Kattis feedback folder. One stopped at its limit is
/// the kit's failure, said as such.
#[allow(clippy::too_many_arguments)]
pub(super) fn said(
    what: &str,
    limits: &Limits,
    protocol: Protocol,
    run: &sandbox::RunOutcome,
    message: &Path,
    stdout: &Path,
    feedback: &Path,
) -> Checked {
    if let Some(stopped) = rules::stopped_at_limit(what, run, limits) {
        return failed(stopped);
    }
    match protocol {
        Protocol::Testlib => rules::from_checker(run, &read_head(message, MESSAGE_BYTES)),
        Protocol::Kattis => {
            let score = std::fs::read_to_string(feedback.join("score.txt")).ok();
            let judged = read_head(&feedback.join("judgemessage.txt"), MESSAGE_BYTES);
            rules::from_kattis(run, &judged, score.as_deref())
        }
        Protocol::Cms => rules::from_cms(
            run,
            &read_head(stdout, MESSAGE_BYTES),
            &read_head(message, MESSAGE_BYTES),
        ),
    }
}

/// A check that could not be done: the kit's fault.
pub(super) fn failed(message: String) -> Checked {
    Checked {
        verdict: Verdict::Fail,
        message,
        points: None,
        partial: None,
    }
}

/// Tells that judging `shown` starts.
pub(super) fn announce(arena: &Arena, shown: &str, events: &mut Events) {
    events.emit(EventKind::SolutionStarted {
        problem: arena.problem,
        solution: shown,
        tests: arena.tests,
    });
}

/// The verdict of the judged tests (see [`verdict::Verdicting`]).
pub(super) fn verdict(arena: &Arena, outcomes: &[TestOutcome]) -> Verdict {
    let judged = crate::model::results::scored(arena.tests, outcomes);
    arena.verdicting.verdict(arena.groups, &judged)
}

/// The score of the judged tests (see [`verdict::score`]).
pub(super) fn score(arena: &Arena, outcomes: &[TestOutcome]) -> Option<Score> {
    let all: Vec<Option<&str>> = arena.tests.iter().map(|t| t.group.as_deref()).collect();
    let judged = crate::model::results::scored(arena.tests, outcomes);
    Some(verdict::score(arena.groups, &all, &judged))
}

/// The score and most score of a file judged on no test (one that did not
/// compile).
pub fn unjudged_scores(arena: &Arena) -> (Option<Score>, Option<Score>) {
    (score(arena, &[]), max_score(arena, &[]))
}

/// The most the judged tests' solution can score (see [`verdict::max_score`]).
pub(super) fn max_score(arena: &Arena, outcomes: &[TestOutcome]) -> Option<Score> {
    let judged = crate::model::results::scored(arena.tests, outcomes);
    verdict::max_score(arena.groups, &judged)
}
