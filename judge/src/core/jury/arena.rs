//! What judging any solution of one problem needs ([`Arena`]), and the
//! files each of its tests makes.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Result;

use super::tail;
use crate::base::fsutil;
use crate::core::rules::{self, Checked};
use crate::core::scratch::Place;
use crate::model::problem::{Files, Graders, Problem, ProgramSpec};
use crate::model::program::{Program, Protocol};
use crate::model::results::{STDERR_BYTES, Test, TestOutcome, last_lines};
use crate::model::verdict::{Group, Verdicting};
use sandbox::Limits;

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
    /// Where solutions read their tests and write their answers.
    pub files: &'a Files,
    /// How a solution's verdict comes from its tests'.
    pub verdicting: Verdicting,
    /// The graders solutions are compiled with.
    pub graders: Option<&'a Graders>,
    /// The most passes of a multi-pass problem; 1 for any other.
    pub passes: u32,
}

/// How much of a checker's message is read.
pub(super) const MESSAGE_BYTES: usize = 4096;

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
            files: &problem.files,
            verdicting: problem.verdicting,
            graders: problem.graders.as_ref(),
            passes: problem.passes,
        }
    }
}

/// The `main` of `problem`'s checker if it is one of testlib's standard
/// checkers, called as a spawned one would be: in testlib's protocol, with
/// no flags, and no environment of the judge's that a spawned checker would
/// not see (the protocol, the file-size limit).
pub(super) fn standard_checker(problem: &Problem) -> Option<fn()> {
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
pub(super) const BATCH_FILES: &[&str] = &["out", "err", "chk", "chk.out", "feedback"];

/// The files an interactive test makes: the solution's output and error
/// stream, the interactor's output, message and stdout, its feedback
/// folder.
pub(super) const INTERACTIVE_FILES: &[&str] =
    &["out", "err", "tout", "int.err", "int.out", "feedback"];

/// The end of a test: the files of a test passed are removed (unless
/// `keep_all`: kept to check again with another checker), those of any
/// other test are kept for the user to read.
pub(super) fn settle(
    place: Place,
    name: &str,
    files: &[&str],
    mut outcome: TestOutcome,
    keep_all: bool,
) -> TestOutcome {
    if outcome.verdict.is_accepted() && !keep_all {
        place.forget(name, files);
        return outcome;
    }
    let kept = match place.keep(name, files) {
        Ok(()) => place.kept,
        Err(e) => {
            outcome.message = format!("{} (its files could not be kept: {e})", outcome.message);
            place.scratch
        }
    };
    if !outcome.verdict.is_accepted() {
        let err = kept.join(format!("{name}.err"));
        outcome.stderr = tail(&err, STDERR_BYTES as u64).and_then(|(bytes, _)| last_lines(&bytes));
        outcome.kept = Some(kept.display().to_string());
    }
    outcome
}

/// Checks an output with a standard checker's `main` in the judge's
/// process, called with the arguments the spawned `checker` would get; its
/// report is the checker's message, kept as `<name>.chk` for a test not
/// passed.
pub(super) fn check_in_process(
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
pub(super) fn fresh_dir(dir: &Path) -> Result<()> {
    match std::fs::remove_dir_all(dir) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(fsutil::naming(dir, e).into()),
        _ => Ok(fsutil::create_dir_all(dir)?),
    }
}
