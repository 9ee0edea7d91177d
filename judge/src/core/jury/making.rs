//! Making a test: its input generated, validated (or rejected, for an
//! input that must be invalid), and answered by the reference (on an
//! interactive problem, by playing it against the interactor).

use std::ffi::OsStr;
use std::path::Path;
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::base::fsutil;
use crate::core::interact::{self, Transcript};
use crate::core::rules::{self, Checked};
use crate::model::problem::Files;
use crate::model::program::{Program, Protocol};
use sandbox::{Access, Exit, Limits, RunSpec};

use super::arena::fresh_dir;
use super::judging::said;
use super::{Jury, REFERENCE_TIME_FACTOR, files, interactor_limits, last_lines, tool_limits};

/// What answers a test: a solution (the reference, or another one in
/// `stress`), on an interactive problem by playing against the interactor.
#[derive(Clone, Copy, Debug)]
pub struct Answerer<'p> {
    pub solution: &'p Program,
    pub interactor: Option<&'p Program>,
    /// Where to keep the play as an ICPC `.interaction` file (the samples
    /// of an interactive problem, which statements and packages show).
    pub dialogue: Option<&'p Path>,
    /// Where the solution reads the test and writes its answer.
    pub files: &'p Files,
}

impl Jury<'_> {
    /// Runs a trusted tool, which succeeds with exit code `success`; its
    /// failure is an error naming `what` with the end of its stderr (or of
    /// its stdout, where some validators write).
    fn run_tool(&self, what: &str, spec: RunSpec, success: i32) -> Result<()> {
        let stderr = spec.stderr.clone();
        let outcome = self
            .sandbox
            .run(&spec)
            .with_context(|| format!("cannot run {what}"))?;
        // Over a limit: said as such (a generator that writes without end
        // is stopped at its output limit, one that loops at its time).
        if let Some(stopped) = rules::stopped_at_limit(what, &outcome, &spec.limits) {
            bail!("{stopped}");
        }
        if outcome.exit != Exit::Code(success) || outcome.wall_timeout {
            let mut message = stderr.map(|f| last_lines(&f)).unwrap_or_default();
            if message.trim().is_empty() {
                message = last_lines(&spec.stdout);
            }
            bail!(
                "{what} ended with {}: {}",
                outcome.describe(),
                message.trim()
            );
        }
        Ok(())
    }

    /// Runs `generator` with `args`; its output becomes `input`, atomically:
    /// what it prints, or the `testcase.in` it writes in its working folder
    /// (a BAPCtools generator called with `{name}`; the file wins, as in
    /// `bt generate`). `scratch` receives its stderr as `<name>.gen.err`.
    pub fn generate(
        &self,
        generator: &Program,
        args: &[String],
        input: &Path,
        scratch: &Path,
        name: &str,
    ) -> Result<()> {
        self.generate_answered(generator, args, (input, None), scratch, name)?;
        Ok(())
    }

    /// [`Jury::generate`], and where `answer` is given, the answer the
    /// generator writes beside the input (`testcase.ans`, as a BAPCtools
    /// generator may) kept there: whether it wrote one.
    pub fn generate_answered(
        &self,
        generator: &Program,
        args: &[String],
        (input, answer): (&Path, Option<&Path>),
        scratch: &Path,
        name: &str,
    ) -> Result<bool> {
        let tmp = fsutil::temp_file_in(input.parent().unwrap_or(Path::new(".")))?;
        let work = scratch.join(format!("{name}.gen"));
        let _ = std::fs::remove_dir_all(&work);
        fsutil::create_dir_all(&work)?;
        self.run_tool(
            &format!("the generator {}", generator.name),
            RunSpec {
                argv: generator.argv(args),
                stdin: None,
                stdout: tmp.path().to_path_buf(),
                stderr: Some(scratch.join(format!("{name}.gen.err"))),
                cwd: Some(work.clone()),
                limits: tool_limits(),
                access: Access::new([], &work),
                interactive: None,
            },
            0,
        )?;
        let written = work.join("testcase.in");
        if written.is_file() {
            std::fs::copy(&written, tmp.path())?;
        }
        let answered = work.join("testcase.ans");
        let answered = match answer {
            Some(answer) if answered.is_file() => {
                let bytes = std::fs::read(&answered).map_err(|e| fsutil::naming(&answered, e))?;
                fsutil::write_atomic(answer, &bytes)?;
                true
            }
            _ => false,
        };
        let _ = std::fs::remove_dir_all(&work);
        fsutil::persist(tmp, input)?;
        Ok(answered)
    }

    /// Runs a package's own tool at import (Kodsport's `generator.sh`, over
    /// the kit's testdata_tools), a trusted program as a generator is:
    /// `argv` in `cwd`, reading and writing under `work` only, where its
    /// output goes (`tool.out`, `tool.err`).
    pub fn run_package_tool(
        &self,
        what: &str,
        argv: &[String],
        cwd: &Path,
        work: &Path,
    ) -> Result<()> {
        self.run_tool(
            what,
            RunSpec {
                argv: argv.iter().map(Into::into).collect(),
                stdin: None,
                stdout: work.join("tool.out"),
                stderr: Some(work.join("tool.err")),
                cwd: Some(cwd.to_path_buf()),
                limits: tool_limits(),
                access: Access::new([], work),
                interactive: None,
            },
            0,
        )
    }

    /// Runs a trusted program of the setter's (`judge lab --conjecture`)
    /// on `input`, its output to `output`; anything but exit 0 is an error
    /// naming `what`.
    pub fn consult(
        &self,
        what: &str,
        program: &Program,
        (input, output): (&Path, &Path),
        scratch: &Path,
    ) -> Result<()> {
        self.run_tool(
            what,
            RunSpec {
                argv: program.argv(Vec::<String>::new()),
                stdin: Some(input.to_path_buf()),
                stdout: output.to_path_buf(),
                stderr: Some(scratch.join("stderr")),
                cwd: Some(scratch.to_path_buf()),
                limits: tool_limits(),
                access: Access::new([], scratch),
                interactive: None,
            },
            0,
        )
    }

    /// Runs each of `validators` on `input`, in its protocol: testlib's
    /// gets `--testset tests [--group G]` and exits 0 on a valid input, a
    /// Kattis input validator gets no argument of its own and exits 42, a
    /// CMS task's (task-maker's) gets the input's path and exits 0;
    /// `extra` (the test's `validator_args`) comes after. The first that
    /// rejects it is the error.
    pub fn validate(
        &self,
        validators: &[Program],
        input: &Path,
        (group, extra): (Option<&str>, &[String]),
        scratch: &Path,
        name: &str,
    ) -> Result<()> {
        for validator in validators {
            let (spec, valid) = Self::validation(validator, input, (group, extra), scratch, name)?;
            self.run_tool(&format!("the validator {}", validator.name), spec, valid)?;
        }
        Ok(())
    }

    /// Runs `validators` on `input`, which must be invalid: why the first
    /// that rejects it does (its message), or `None` if every one accepts
    /// it. A validator that crashes or hangs is an error.
    pub fn rejects(
        &self,
        validators: &[Program],
        input: &Path,
        (group, extra): (Option<&str>, &[String]),
        scratch: &Path,
        name: &str,
    ) -> Result<Option<String>> {
        for validator in validators {
            let (spec, valid) = Self::validation(validator, input, (group, extra), scratch, name)?;
            let stderr = spec.stderr.clone();
            let outcome = (self.sandbox.run(&spec))
                .with_context(|| format!("cannot run the validator {}", validator.name))?;
            match outcome.exit {
                Exit::Code(code) if !outcome.wall_timeout && code == valid => continue,
                Exit::Code(_) if !outcome.wall_timeout => {
                    let said = stderr.map(|f| last_lines(&f)).unwrap_or_default();
                    let said = said.trim();
                    return Ok(Some(match validators.len() {
                        1 => said.to_string(),
                        _ => format!("{}: {said}", validator.name),
                    }));
                }
                _ => bail!(
                    "the validator {} ended with {} on {}",
                    validator.name,
                    outcome.describe(),
                    input.display()
                ),
            }
        }
        Ok(None)
    }

    /// How `validator` is run on `input`, and the exit code that says
    /// valid.
    fn validation(
        validator: &Program,
        input: &Path,
        (group, extra): (Option<&str>, &[String]),
        scratch: &Path,
        name: &str,
    ) -> Result<(RunSpec, i32)> {
        let (mut args, valid): (Vec<&OsStr>, i32) = match validator.protocol {
            Protocol::Testlib => {
                let mut args = vec!["--testset", "tests"];
                if let Some(group) = group {
                    args.extend(["--group", group]);
                }
                (args.into_iter().map(OsStr::new).collect(), 0)
            }
            Protocol::Kattis => (vec![], 42),
            // task-maker's, for CMS tasks: the input's path, then the test's
            // arguments (its subtask's number); exit 0 if valid.
            Protocol::Cms => (vec![input.as_os_str()], 0),
        };
        args.extend(extra.iter().map(OsStr::new));
        let spec = RunSpec {
            argv: validator.argv(args),
            stdin: Some(input.to_path_buf()),
            stdout: scratch.join(format!("{name}.val")),
            stderr: Some(scratch.join(format!("{name}.val.err"))),
            cwd: Some(scratch.to_path_buf()),
            limits: tool_limits(),
            access: Access::new([], scratch),
            interactive: None,
        };
        Ok((spec, valid))
    }

    /// Runs the reference solution on `input` to make `answer` (written
    /// atomically); returns its CPU time. Its limits are the problem's with
    /// ten times the time.
    pub fn answer(
        &self,
        answerer: Answerer,
        input: &Path,
        answer: &Path,
        limits: Limits,
        scratch: &Path,
        name: &str,
    ) -> Result<Duration> {
        let reference = answerer.solution;
        if let Some(interactor) = answerer.interactor {
            let dialogue = answerer.dialogue;
            return self.answer_interactively(
                reference, interactor, input, answer, dialogue, limits, scratch, name,
            );
        }
        let tmp = fsutil::temp_file_in(answer.parent().unwrap_or(Path::new(".")))?;
        let errors = scratch.join(format!("{name}.ref.err"));
        // A folder of its own where it reads and writes files.
        let work = match answerer.files.standard() {
            true => scratch.to_path_buf(),
            false => {
                let dir = scratch.join(format!("{name}.ref"));
                fresh_dir(&dir)?;
                dir
            }
        };
        let run = self
            .sandbox
            .run(&RunSpec {
                argv: reference.argv(Vec::<String>::new()),
                stdin: files::stdin_of(answerer.files, input, &work)?,
                stdout: files::stdout_of(answerer.files, tmp.path()),
                stderr: Some(errors.clone()),
                cwd: Some(work.clone()),
                limits: limits.with_time_factor(REFERENCE_TIME_FACTOR),
                access: Access::new([], &work),
                interactive: None,
            })
            .with_context(|| format!("cannot run the reference solution {}", reference.name))?;
        let written = files::collect(answerer.files, &work, tmp.path());
        if !answerer.files.standard() {
            let _ = std::fs::remove_dir_all(&work);
        }
        if let (true, Err(why)) = (run.is_success(), written) {
            bail!(
                "the reference solution {} on {}: {why}",
                reference.name,
                input.display()
            );
        }
        if !run.is_success() {
            bail!(
                "the reference solution {} failed on {} ({}, {} ms): {}",
                reference.name,
                input.display(),
                run.describe(),
                run.cpu.as_millis(),
                last_lines(&errors).trim()
            );
        }
        fsutil::persist(tmp, answer)?;
        Ok(run.cpu)
    }

    /// The answer of an interactive test: what the interactor writes (its
    /// `output` file) while the reference plays it, which the reference
    /// must win. Both get ten times the time limit.
    #[allow(clippy::too_many_arguments)]
    fn answer_interactively(
        &self,
        reference: &Program,
        interactor: &Program,
        input: &Path,
        answer: &Path,
        dialogue: Option<&Path>,
        limits: Limits,
        scratch: &Path,
        name: &str,
    ) -> Result<Duration> {
        let limits = limits.with_time_factor(REFERENCE_TIME_FACTOR);
        // The interactor writes in its own folder only.
        let tout = scratch.join(format!("{name}.tout"));
        let played = self.interact(
            reference, interactor, input, &tout, None, limits, scratch, scratch, name,
        );
        let (run, checked, transcript) = match played {
            Ok(played) => played,
            Err(e) => bail!(
                "cannot play {} with the reference solution {}: {e}",
                input.display(),
                reference.name
            ),
        };
        if !checked.verdict.is_accepted() {
            let text = transcript.render();
            let tail: Vec<&str> = text.lines().rev().take(12).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            bail!(
                "the reference solution {} did not win {} ({}: {}); the end of the \
                 transcript:\n{}",
                reference.name,
                input.display(),
                checked.verdict,
                checked.message,
                tail.join("\n")
            );
        }
        let written = std::fs::read(&tout).map_err(|e| fsutil::naming(&tout, e))?;
        if let Some(path) = dialogue {
            if transcript.truncated {
                bail!(
                    "{}: a sample's play is shown in the statement, but this one is \
                     longer than 1 MiB",
                    input.display()
                );
            }
            fsutil::write_atomic(path, transcript.dialogue().as_bytes())?;
        }
        fsutil::write_atomic(answer, &written)?;
        let _ = std::fs::remove_file(&tout);
        Ok(run.cpu)
    }

    /// Plays one interactive test: `solution` (in `work`, under `limits`)
    /// against `interactor`, called in its protocol: testlib's gets
    /// `input`, writes `output` and reads `answer` when there is one; a
    /// Kattis interactive validator (an ICPC interactor, or one built on
    /// DOMjudge's testlib.h) gets `input answer feedback_dir` and writes no
    /// `output`. Its message and stderr go to `scratch`. The solution's
    /// run, the verdict, and the transcript.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn interact(
        &self,
        solution: &Program,
        interactor: &Program,
        input: &Path,
        output: &Path,
        answer: Option<&Path>,
        limits: Limits,
        work: &Path,
        scratch: &Path,
        name: &str,
    ) -> Result<(sandbox::RunOutcome, Checked, Transcript)> {
        let message = scratch.join(format!("{name}.int.err"));
        let stdout = scratch.join(format!("{name}.int.out"));
        let feedback = scratch.join(format!("{name}.feedback"));
        let fifos = interact::Fifos {
            from_user: scratch.join(format!("{name}.from-user")),
            to_user: scratch.join(format!("{name}.to-user")),
        };
        let args = interactor_args(interactor, (input, output, answer), &feedback, &fifos)?;
        let cms = interactor.protocol == Protocol::Cms;
        let jury = RunSpec {
            argv: interactor.argv(args),
            stdin: cms.then(|| input.to_path_buf()),
            stdout: stdout.clone(),
            stderr: Some(message.clone()),
            cwd: Some(scratch.to_path_buf()),
            limits: interactor_limits(limits),
            access: Access::new([], scratch),
            interactive: None,
        };
        let player = RunSpec {
            argv: solution.argv(Vec::<String>::new()),
            stdin: None,
            stdout: scratch.join(format!("{name}.out")),
            stderr: Some(scratch.join(format!("{name}.err"))),
            cwd: Some(work.to_path_buf()),
            limits,
            access: Access::new([], work).untrusted(),
            interactive: None,
        };
        let fifos = cms.then_some(&fifos);
        let play = |alone| {
            let (player, jury) = (player.clone(), jury.clone());
            interact::run(
                &*self.sandbox,
                player,
                jury,
                (limits.output_bytes, alone),
                fifos,
            )
        };
        let mut played = play(false)?;
        // Out of time with CPU time to spare: played again with no other
        // run beside it, from a clean start, as a batch run is.
        if let Ok(first) = &played.solution
            && rules::rerun_alone(first, &limits)
        {
            fresh_dir(work)?;
            if feedback.is_dir() {
                fresh_dir(&feedback)?;
            }
            played = play(true)?;
        }
        let run = played.solution?;
        let jury_run = played
            .interactor
            .map_err(|e| anyhow::anyhow!("cannot run the interactor {}: {e}", interactor.name))?;
        let checked = rules::from_interaction(
            &run,
            played.transcript.solution_bytes,
            &limits,
            said(
                // Said after "the interactor failed: ".
                &interactor.name,
                &interactor_limits(limits),
                interactor.protocol,
                &jury_run,
                &message,
                &stdout,
                &feedback,
            ),
            played.transcript.jury_ended_first(),
        );
        Ok((run, checked, played.transcript))
    }
}

/// The arguments of `interactor` in its protocol, for the test's `input`,
/// the `output` it writes and the `answer` it reads: testlib's get
/// `input output [answer]`, a Kattis validator `input answer feedback_dir`
/// (the folder made here), a CMS manager its two FIFOs.
fn interactor_args<'a>(
    interactor: &Program,
    (input, output, answer): (&'a Path, &'a Path, Option<&'a Path>),
    feedback: &'a Path,
    fifos: &'a interact::Fifos,
) -> Result<Vec<&'a std::ffi::OsStr>> {
    Ok(match (interactor.protocol, answer) {
        (Protocol::Testlib, _) => {
            let mut args = vec![input.as_os_str(), output.as_os_str()];
            args.extend(answer.map(Path::as_os_str));
            args
        }
        (Protocol::Kattis, Some(answer)) => {
            fsutil::create_dir_all(feedback)?;
            vec![input.as_os_str(), answer.as_os_str(), feedback.as_os_str()]
        }
        // A Communication manager: the test on stdin, the verdict on
        // stdout, the solution over two FIFOs.
        (Protocol::Cms, _) => vec![fifos.from_user.as_os_str(), fifos.to_user.as_os_str()],
        (Protocol::Kattis, None) => bail!(
            "the interactor {} cannot be played here: the kit plays Kattis interactors \
             on a test with an answer",
            interactor.name
        ),
    })
}
