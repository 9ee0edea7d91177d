//! The jury: the one home of the protocols. It runs a generator (arguments
//! in, a test on stdout), a validator (the input on stdin, exit 0 if valid),
//! the reference solution (to make an answer), a submission on a set of
//! tests, and a checker (`checker input output answer`, its exit code read
//! by [`rules::from_checker`]). Every command does these through the jury
//! and its [`Sandbox`]; nothing else starts a checker or a reference.

use std::collections::HashMap;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::base::fsutil;
use crate::base::pool::{Pool, Progress, Series, Stop};
use crate::core::cargo::Cargo;
use crate::core::compile::Compiler;
use crate::core::interact::{self, Transcript};
use crate::core::rules::{self, Checked};
use crate::core::scratch::{Place, Scratch};
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::problem::{Problem, ProgramSpec};
use crate::model::program::{BuildError, Program, Protocol};
use crate::model::results::{Isolation, SolutionRun, Test, TestOutcome};
use crate::model::verdict::{self, Group, Score, Verdict};
use sandbox::{Access, Exit, Limits, Network, RunSpec, Sandbox};

/// What judging any solution of one problem needs.
pub struct Arena<'a> {
    pub problem: &'a str,
    pub tests: &'a [Test],
    /// The checker, or an interactive problem's interactor.
    pub checker: &'a Program,
    /// Whether solutions talk to the interactor (`checker`).
    pub interactive: bool,
    pub limits: Limits,
    pub groups: &'a [Group],
    /// Whether a wrong solution needs a test aimed at it (problem.toml's
    /// `targets_required`).
    pub targets_required: bool,
    /// The folder under which each solution gets its working folder.
    pub work: PathBuf,
    /// Accept an output identical byte for byte to the answer without
    /// running the checker. Only where the answer is another solution's
    /// output (`stress`): comparing two solutions, identical outputs agree
    /// whatever the checker; a test's answer made by the reference is
    /// always checked.
    pub identical_agrees: bool,
    /// Keep every output of a batch solution, the accepted ones too (they
    /// are deleted by default, to keep the disk small): to check them
    /// again with another checker.
    pub keep_outputs: bool,
    /// The checker's `main`, where it is one of testlib's standard checkers
    /// (problem.toml's `checker = "ncmp"`, which the kit builds from its
    /// testlib-rs and packages ship as testlib's own): an output of at most
    /// [`IN_PROCESS_BYTES`] is checked in the judge's process instead of by
    /// a spawned checker, with the same verdict and message.
    pub checker_in_process: Option<fn()>,
}

/// How much of a checker's message is read.
const MESSAGE_BYTES: usize = 4096;

/// The largest output a standard checker checks in the judge's process:
/// checks there take turns (testlib's state is process-wide), so a large
/// one would hold up the other workers.
pub const IN_PROCESS_BYTES: u64 = 1 << 20;

impl<'a> Arena<'a> {
    /// The arena of `problem` with its built `tests` and its `checker`;
    /// solutions work under `work`.
    pub fn new(
        problem: &'a Problem,
        tests: &'a [Test],
        checker: &'a Program,
        work: PathBuf,
    ) -> Arena<'a> {
        Arena {
            problem: &problem.name,
            tests,
            checker,
            interactive: problem.interactive,
            limits: problem.limits.into(),
            groups: &problem.groups,
            targets_required: problem.targets_required,
            work,
            identical_agrees: false,
            keep_outputs: false,
            checker_in_process: standard_checker(problem),
        }
    }
}

/// The `main` of `problem`'s checker if it is one of testlib's standard
/// checkers, called as a spawned one would be: in testlib's protocol, with
/// no flags, and no environment of the judge's that a spawned checker would
/// not see (the protocol, the file-size limit).
fn standard_checker(problem: &Problem) -> Option<fn()> {
    let ProgramSpec::Cargo(name) = &problem.checker else {
        return None;
    };
    let plain = !problem.interactive
        && problem.checker_protocol == Protocol::Testlib
        && problem.checker_args.is_empty()
        && std::env::var_os(testlib::PROTOCOL_ENV).is_none()
        && std::env::var_os(testlib::MAX_FILE_SIZE_ENV).is_none();
    plain.then(|| checkers::standard::main_of(name)).flatten()
}

impl Arena<'_> {
    /// Judges with `time` of CPU per test (the wall limit to match), the
    /// problem's other limits kept: `judge timelimit` measures with room.
    pub fn set_time_limit(&mut self, time: Duration) {
        let l = self.limits;
        self.limits = Limits::new(time, l.memory_bytes, l.output_bytes);
    }
}

/// The files a batch test makes, `<test>.<ext>`: the solution's output
/// and error stream, the checker's message and output, a Kattis
/// validator's feedback folder.
const BATCH_FILES: &[&str] = &["out", "err", "chk", "chk.out", "feedback"];

/// The files an interactive test makes: the solution's output and error
/// stream, the interactor's output, message and stdout, its feedback
/// folder.
const INTERACTIVE_FILES: &[&str] = &["out", "err", "tout", "int.err", "int.out", "feedback"];

/// The end of a test: the files of a test passed are removed (unless
/// `keep_all`: kept to check again with another checker), those of any
/// other test are kept for the user to read.
fn settle(
    place: Place,
    name: &str,
    files: &[&str],
    mut outcome: TestOutcome,
    keep_all: bool,
) -> TestOutcome {
    if outcome.verdict.is_accepted() && !keep_all {
        place.forget(name, files);
    } else if let Err(e) = place.keep(name, files) {
        outcome.message = format!("{} (its files could not be kept: {e})", outcome.message);
    }
    outcome
}

/// Checks an output with a standard checker's `main` in the judge's
/// process, called with the arguments the spawned `checker` would get; its
/// report is the checker's message, kept as `<name>.chk` for a test not
/// passed.
fn check_in_process(
    main: fn(),
    checker: &Program,
    (input, output, answer): (&Path, &Path, &Path),
    place: Place,
    name: &str,
) -> Checked {
    let argv = checker.argv([input, output, answer].map(Path::as_os_str));
    let args = (argv.iter().map(|a| a.to_string_lossy().into_owned())).collect();
    let exit = testlib::run_in_process(args, main);
    let head = &exit.report[..exit.report.len().min(MESSAGE_BYTES)];
    let checked = rules::from_checker(
        &sandbox::RunOutcome::exited(exit.code),
        &String::from_utf8_lossy(head),
    );
    if !checked.verdict.is_accepted() {
        let _ = std::fs::write(place.scratch_file(name, "chk"), &exit.report);
    }
    checked
}

/// Makes `dir` empty: removes it with what it holds, and makes it again.
fn fresh_dir(dir: &Path) -> Result<()> {
    match std::fs::remove_dir_all(dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(fsutil::naming(dir, e).into()),
        _ => Ok(fsutil::create_dir_all(dir)?),
    }
}

/// Limits for the checker: it must never be the bottleneck nor be blamed.
fn checker_limits() -> Limits {
    Limits::new(Duration::from_secs(30), 4 << 30, 64 << 20)
}

/// What answers a test: a solution (the reference, or another one in
/// `stress`), on an interactive problem by playing against the interactor.
#[derive(Clone, Copy, Debug)]
pub struct Answerer<'p> {
    pub solution: &'p Program,
    pub interactor: Option<&'p Program>,
    /// Where to keep the play as an ICPC `.interaction` file (the samples
    /// of an interactive problem, which statements and packages show).
    pub dialogue: Option<&'p Path>,
}

/// Limits for an interactor playing against a solution under `limits`: it
/// must outlast the solution (which it waits for), and never be blamed
/// for a loaded machine (its wall limit, twice its time, is twenty times
/// the solution's time limit, and the solution's wall is derived from its
/// time alone).
fn interactor_limits(limits: Limits) -> Limits {
    let time = limits.time.saturating_mul(10).max(Duration::from_secs(10));
    Limits::new(time, 4 << 30, 1 << 30)
}

/// Limits for the trusted tools (generators, validators): generous.
fn tool_limits() -> Limits {
    Limits::new(Duration::from_secs(20), 4 << 30, 1 << 30)
}

/// The reference gets this many times the time limit: a loaded machine
/// must not cut it short.
const REFERENCE_TIME_FACTOR: u32 = 10;

/// The start of a text file, as text.
pub fn read_head(path: &Path, limit: usize) -> String {
    let bytes = std::fs::read(path).unwrap_or_default();
    String::from_utf8_lossy(&bytes[..bytes.len().min(limit)]).into_owned()
}

/// The last lines of a program's stderr, for an error message.
fn last_lines(path: &Path) -> String {
    // Only the file's end is read: a program that wrote a gigabyte on one
    // line must not make a gigabyte of error message.
    const TAIL: u64 = 4096;
    let Ok(mut file) = std::fs::File::open(path) else {
        return String::new();
    };
    let len = file.metadata().map_or(0, |m| m.len());
    let mut bytes = Vec::new();
    if file.seek(SeekFrom::Start(len.saturating_sub(TAIL))).is_ok() {
        let _ = file.take(TAIL).read_to_end(&mut bytes);
    }
    let text = String::from_utf8_lossy(&bytes);
    let lines: Vec<&str> = text.lines().collect();
    let tail = lines[lines.len().saturating_sub(20)..].join("\n");
    match len > TAIL {
        true => format!("...{tail}"),
        false => tail,
    }
}

/// A problem's limits as the sandbox runs a solution under them (its wall
/// limit the sandbox's rule).
impl From<crate::model::problem::Limits> for Limits {
    fn from(l: crate::model::problem::Limits) -> Limits {
        Limits::new(l.time, l.memory_bytes, l.output_bytes)
    }
}

/// Returns true if and only if the judge was asked to stop (Ctrl-C,
/// SIGTERM): every run has been killed, and the command ends with 130.
pub fn interrupted() -> bool {
    sandbox::interrupted()
}

/// The judging service over one sandbox and one pool of workers: the only
/// way the kit runs a program of a problem or a submission, or compiles
/// one.
pub struct Jury<'s> {
    sandbox: Box<dyn Sandbox + 's>,
    pool: Pool,
    /// Where runs keep their files while they run, if not in the runs
    /// folders themselves (`scratch.rs`).
    scratch: Option<Scratch>,
    /// Whether submissions are refused where no control group caps their
    /// memory (a contained native sandbox, no `--unsafe-no-memory-cap`).
    needs_memory_cap: bool,
    /// Compiles sources (solutions, source checkers) by judge.toml's
    /// languages; none without a kit.
    compiler: Compiler,
    /// Builds the kit's checkers, validators and generators.
    cargo: Cargo,
}

/// How the command line asked runs to be contained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Containment {
    /// Every layer the machine allows (but those `JUDGE_SANDBOX_OFF`
    /// turns off); submissions refused without a memory cap unless
    /// `uncapped_memory` (`--unsafe-no-memory-cap`).
    Full { uncapped_memory: bool },
    /// The limits only (`--isolation none`).
    None,
}

impl<'s> Jury<'s> {
    /// A jury that runs programs in `sandbox`, `jobs` at a time; it
    /// compiles nothing until it is given a kit ([`Jury::for_kit`]).
    pub fn new(sandbox: impl Sandbox + 's, jobs: usize) -> Jury<'s> {
        Jury::boxed(Box::new(sandbox), jobs)
    }

    fn boxed(sandbox: Box<dyn Sandbox + 's>, jobs: usize) -> Jury<'s> {
        let nowhere = std::env::temp_dir().join("judge-no-kit");
        Jury {
            sandbox,
            pool: Pool::new(jobs),
            scratch: None,
            needs_memory_cap: false,
            compiler: Compiler::new(Default::default(), nowhere.clone()),
            cargo: Cargo::new(&nowhere, &nowhere),
        }
    }

    /// The same jury, compiling with `kit`'s languages and building its
    /// cargo programs.
    pub fn for_kit(self, kit: &Kit) -> Jury<'s> {
        Jury {
            compiler: Compiler::new(kit.languages(), kit.build_cache()),
            cargo: Cargo::new(&kit.root, &kit.target),
            ..self
        }
    }

    /// The same jury, compiling with `compiler`.
    pub fn with_compiler(self, compiler: Compiler) -> Jury<'s> {
        Jury { compiler, ..self }
    }

    /// A jury over this machine's sandbox, for `kit` (whose files runs
    /// must not reach), contained as `containment` says.
    pub fn native(kit: &Kit, jobs: usize, containment: Containment) -> Result<Jury<'static>> {
        let layers = match containment {
            Containment::Full { .. } => sandbox::Containment::Full {
                off: sandbox::LayersOff::from_env()?,
            },
            Containment::None => sandbox::Containment::None,
        };
        let jury = Jury {
            scratch: Scratch::in_memory(),
            needs_memory_cap: containment
                == Containment::Full {
                    uncapped_memory: false,
                },
            ..Jury::boxed(sandbox::native(&kit.root, layers)?, jobs)
        };
        Ok(jury.for_kit(kit))
    }

    /// The compiler of judge.toml's languages.
    pub fn compiler(&self) -> &Compiler {
        &self.compiler
    }

    /// The kit's cargo programs.
    pub fn cargo(&self) -> &Cargo {
        &self.cargo
    }

    /// A fresh folder for the files of one command's runs, removed when
    /// dropped: in the scratch folder, or else under `dir`.
    pub fn temp_dir(&self, dir: &Path) -> Result<tempfile::TempDir> {
        let parent = match &self.scratch {
            Some(scratch) => scratch.path(),
            None => {
                fsutil::create_dir_all(dir)?;
                dir
            }
        };
        let made = tempfile::Builder::new().prefix("run-").tempdir_in(parent);
        Ok(made.map_err(|e| fsutil::naming(parent, e))?)
    }

    /// Compiles `source` (or finds it compiled), the compiler contained
    /// like any run; `untrusted` for a submission.
    pub fn compile(&self, source: &Path, untrusted: bool) -> Result<Program, BuildError> {
        (self.compiler).compile(source, untrusted, |spec| self.sandbox.run(spec))
    }

    /// Compiles the submission `source` for its language's other
    /// interpreter (PyPy for Python), if it has one: its name and program.
    pub fn compile_other(&self, source: &Path) -> Result<Option<(String, Program)>, BuildError> {
        (self.compiler).compile_other(source, |spec| self.sandbox.run(spec))
    }

    /// Compiles a trusted program of several files, `entry` the one run,
    /// as [`Jury::compile`] compiles one.
    pub fn assemble(&self, entry: &Path, beside: &[PathBuf]) -> Result<Program, BuildError> {
        (self.compiler).assemble(entry, beside, |spec| self.sandbox.run(spec))
    }

    /// Builds a program folder (`build`, then `run`) in the sandbox, once.
    pub fn build_folder(&self, folder: &Path) -> Result<Program, BuildError> {
        (self.compiler).build_folder(folder, |spec| self.sandbox.run(spec))
    }

    /// The worker pool.
    pub fn pool(&self) -> Pool {
        self.pool
    }

    /// How the sandbox contains runs, as reports show it.
    pub fn isolation(&self) -> Isolation {
        let i = self.sandbox.isolation();
        Isolation {
            processes: i.processes,
            files: i.files,
            memory: i.memory,
            network: i.network,
            user: i.user,
            pids: i.pids,
            off: i.off,
            missing: i.missing,
        }
    }

    /// Cuts the submissions that follow off from the network, if possible;
    /// true if they are.
    pub fn isolate_network(&self) -> bool {
        self.sandbox.isolate_network() == Network::Isolated
    }

    /// Readies the sandbox for submissions, before any worker starts: cuts
    /// them off from the network (true if it could), and refuses to go on
    /// where no control group caps their memory, unless the user chose so
    /// (`--unsafe-no-memory-cap`, `--isolation none`, or
    /// `JUDGE_SANDBOX_OFF=cgroup`): the watcher that samples memory
    /// instead can be outrun for a moment by a fast allocation.
    pub fn admit_submissions(&self) -> Result<bool> {
        let network = self.isolate_network();
        let isolation = self.sandbox.isolation();
        let chosen = isolation.off.iter().any(|layer| layer == "cgroup");
        if self.needs_memory_cap && !isolation.memory_capped() && !chosen {
            let why = isolation.missing.iter().find(|m| m.starts_with("cgroup: "));
            bail!(
                "no control group can cap the memory of submissions here ({}); \
                 run the judge as root, or alone in a cgroup v2 scope delegated to you \
                 (systemd-run --user --scope -p Delegate=yes judge …), or say \
                 --unsafe-no-memory-cap to judge with memory sampled every 5 ms",
                why.map_or("none found", |m| m.trim_start_matches("cgroup: "))
            );
        }
        Ok(network)
    }

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
        let _ = std::fs::remove_dir_all(&work);
        Ok(fsutil::persist(tmp, input)?)
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

    /// Runs `validator` on `input`, in its protocol: testlib's gets
    /// `--testset tests [--group G]` and exits 0 on a valid input, a Kattis
    /// input validator gets no argument of its own and exits 42; `extra`
    /// (the test's `validator_args`) comes after.
    pub fn validate(
        &self,
        validator: &Program,
        input: &Path,
        (group, extra): (Option<&str>, &[String]),
        scratch: &Path,
        name: &str,
    ) -> Result<()> {
        let (spec, valid) = Self::validation(validator, input, (group, extra), scratch, name)?;
        self.run_tool(&format!("the validator {}", validator.name), spec, valid)
    }

    /// Runs `validator` on `input`, which must be invalid: why it rejects
    /// it (its message), or `None` if it accepts it. A validator that
    /// crashes or hangs is an error.
    pub fn rejects(
        &self,
        validator: &Program,
        input: &Path,
        (group, extra): (Option<&str>, &[String]),
        scratch: &Path,
        name: &str,
    ) -> Result<Option<String>> {
        let (spec, valid) = Self::validation(validator, input, (group, extra), scratch, name)?;
        let stderr = spec.stderr.clone();
        let outcome = self
            .sandbox
            .run(&spec)
            .with_context(|| format!("cannot run the validator {}", validator.name))?;
        match outcome.exit {
            Exit::Code(code) if !outcome.wall_timeout && code == valid => Ok(None),
            Exit::Code(_) if !outcome.wall_timeout => Ok(Some(
                stderr
                    .map(|f| last_lines(&f))
                    .unwrap_or_default()
                    .trim()
                    .to_string(),
            )),
            _ => bail!(
                "the validator {} ended with {} on {}",
                validator.name,
                outcome.describe(),
                input.display()
            ),
        }
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
        let (mut args, valid) = match validator.protocol {
            Protocol::Testlib => {
                let mut args = vec!["--testset", "tests"];
                if let Some(group) = group {
                    args.extend(["--group", group]);
                }
                (args, 0)
            }
            Protocol::Kattis => (vec![], 42),
            Protocol::Cms => bail!(
                "the validator {}: CMS has no validator protocol (a validator speaks testlib's \
                 or Kattis's)",
                validator.name
            ),
        };
        args.extend(extra.iter().map(String::as_str));
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
        let run = self
            .sandbox
            .run(&RunSpec {
                argv: reference.argv(Vec::<String>::new()),
                stdin: Some(input.to_path_buf()),
                stdout: tmp.path().to_path_buf(),
                stderr: Some(errors.clone()),
                cwd: Some(scratch.to_path_buf()),
                limits: limits.with_time_factor(REFERENCE_TIME_FACTOR),
                access: Access::new([], scratch),
                interactive: None,
            })
            .with_context(|| format!("cannot run the reference solution {}", reference.name))?;
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
    fn interact(
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
        let args = match (interactor.protocol, answer) {
            (Protocol::Testlib, _) => {
                let mut args = vec![input.as_os_str(), output.as_os_str()];
                args.extend(answer.map(Path::as_os_str));
                args
            }
            (Protocol::Kattis, Some(answer)) => {
                fsutil::create_dir_all(&feedback)?;
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
        };
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
        let played = interact::run(&*self.sandbox, player, jury, limits.output_bytes, fifos)?;
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
        let output = place.scratch_file(name, "out");
        let mut outcome = TestOutcome {
            name: name.clone(),
            verdict: Verdict::Fail,
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            memory_bytes: 0,
            message: String::new(),
            group: test.group.clone(),
            points: None,
            partial: None,
            output: place.kept_file(name, "out"),
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
        let spec = RunSpec {
            argv: solution.argv(Vec::<String>::new()),
            stdin: Some(test.input.clone()),
            stdout: output.clone(),
            stderr: Some(place.scratch_file(name, "err")),
            cwd: Some(work.clone()),
            limits: arena.limits,
            access: Access::new([], &work).untrusted(),
            interactive: None,
        };
        let mut run = self.sandbox.run(&spec);
        if let Ok(first) = &run
            && rules::rerun_alone(first, &arena.limits)
        {
            run = self.sandbox.run_alone(&spec);
        }
        let _ = std::fs::remove_dir_all(&work);
        let run = match run {
            Ok(run) => run,
            Err(e) => {
                outcome.message = format!("cannot run the solution: {e}");
                return settle(place, name, BATCH_FILES, outcome, false);
            }
        };
        outcome.cpu = run.cpu;
        outcome.wall = run.wall;
        outcome.memory_bytes = run.peak_memory_bytes;
        if let Some((verdict, message)) = rules::classify(&run, &arena.limits) {
            outcome.verdict = verdict;
            outcome.message = message;
            return settle(place, name, BATCH_FILES, outcome, arena.keep_outputs);
        }
        let small = || run.output_bytes <= IN_PROCESS_BYTES;
        let identical = || arena.identical_agrees && fsutil::same_bytes(&output, &test.answer);
        let files = (
            test.input.as_path(),
            output.as_path(),
            test.answer.as_path(),
        );
        let checked = match arena.checker_in_process {
            _ if identical() => rules::agrees_identically(),
            Some(main) if small() => check_in_process(main, arena.checker, files, place, name),
            _ => self.check(
                arena.checker,
                &test.input,
                &output,
                &test.answer,
                place.scratch,
                name,
            ),
        };
        outcome.verdict = checked.verdict;
        outcome.message = checked.message;
        outcome.points = checked.points;
        outcome.partial = checked.partial;
        settle(place, name, BATCH_FILES, outcome, arena.keep_outputs)
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
        let played = self.interact(
            solution,
            arena.checker,
            &test.input,
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
        outcome.cpu = run.cpu;
        outcome.wall = run.wall;
        outcome.memory_bytes = run.peak_memory_bytes;
        outcome.verdict = checked.verdict;
        outcome.message = checked.message;
        outcome.points = checked.points;
        outcome.partial = checked.partial;
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
            solution,
            shown,
            stop,
        };
        self.judge_all(arena, &[entry], events, |_, run, _| {
            judged = Some(run);
            Ok(())
        })?;
        judged.context("a solution judged gave no run")
    }

    /// Judges several solutions on the arena's tests, all their tests on
    /// the one pool: a class's files keep every worker busy, where judging
    /// them in turn idles the workers at the end of each file. Events
    /// report each solution and its tests in order, and `judged` gets each
    /// solution's run, in order, as soon as it is complete.
    pub fn judge_all(
        &self,
        arena: &Arena,
        entries: &[Entry],
        events: &mut Events,
        mut judged: impl FnMut(usize, SolutionRun, &mut Events) -> Result<()>,
    ) -> Result<()> {
        // One folder per entry: a program given twice (two files of the
        // same content) gets a second folder, numbered.
        let mut seen = HashMap::new();
        let dirs: Vec<PathBuf> = (entries.iter())
            .map(|e| {
                let id = &e.solution.identity[..e.solution.identity.len().min(12)];
                let again = seen.entry(id).and_modify(|n| *n += 1).or_insert(0usize);
                let name = match again {
                    0 => format!("{}-{id}", arena.problem),
                    n => format!("{}-{id}-{n}", arena.problem),
                };
                arena.work.join(name)
            })
            .collect();
        // Another judge run judging the same solution would share its
        // folder: it waits for this one. Locks are taken in name order, so
        // two runs never wait for each other.
        fsutil::create_dir_all(&arena.work)?;
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
        let series: Vec<Series> = (entries.iter())
            .map(|e| Series {
                len: arena.tests.len(),
                stop: e.stop,
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
                self.judge_test(arena, entries[g].solution, &arena.tests[j], place)
            },
            |outcome| !outcome.verdict.is_accepted(),
            |progress| match progress {
                Progress::Opened(g) => announce(arena, entries[g].shown, events),
                Progress::Finished(_, _, outcome) => {
                    events.emit(EventKind::TestFinished { outcome });
                    outcomes.push(outcome.clone());
                }
                Progress::Closed(g) => {
                    let outcomes = std::mem::take(&mut outcomes);
                    let run = SolutionRun {
                        solution: entries[g].shown.to_string(),
                        verdict: verdict::overall(outcomes.iter().map(|o| o.verdict)),
                        score: score(arena, &outcomes),
                        max_score: verdict::max_score(arena.groups),
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
        match self.compile(source, true) {
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
            max_score: verdict::max_score(arena.groups),
        };
        events.emit(EventKind::SolutionFinished {
            run: &run,
            tests: arena.tests,
        });
        run
    }
}

/// A solution [`Jury::judge_all`] judges: the program, how it is shown,
/// and where its judging stops.
pub struct Entry<'a> {
    pub solution: &'a Program,
    pub shown: &'a str,
    pub stop: Stop<'a>,
}

/// What a checker or an interactor (`what`, run under `limits`) said, read
/// in its protocol from what it wrote: its stderr (`message`), its stdout
/// (CMS's score) and a Kattis feedback folder. One stopped at its limit is
/// the kit's failure, said as such.
#[allow(clippy::too_many_arguments)]
fn said(
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
fn failed(message: String) -> Checked {
    Checked {
        verdict: Verdict::Fail,
        message,
        points: None,
        partial: None,
    }
}

/// Tells that judging `shown` starts.
fn announce(arena: &Arena, shown: &str, events: &mut Events) {
    events.emit(EventKind::SolutionStarted {
        problem: arena.problem,
        solution: shown,
        tests: arena.tests,
    });
}

/// The score of the judged tests (see [`verdict::score`]).
fn score(arena: &Arena, outcomes: &[TestOutcome]) -> Option<Score> {
    let all: Vec<Option<&str>> = arena.tests.iter().map(|t| t.group.as_deref()).collect();
    let judged = crate::model::results::scored(arena.tests, outcomes);
    verdict::score(arena.groups, &all, &judged)
}

#[cfg(test)]
mod tests {
    #[test]
    fn reports_name_the_sandbox_s_own_switch() {
        assert_eq!(
            crate::model::results::LAYERS_OFF_ENV,
            sandbox::LAYERS_OFF_ENV
        );
    }
}
