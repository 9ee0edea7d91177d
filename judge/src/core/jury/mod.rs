//! The jury: the one home of the protocols. It runs a generator (arguments
//! in, a test on stdout), a validator (the input on stdin, exit 0 if valid),
//! the reference solution (to make an answer), a submission on a set of
//! tests, and a checker (`checker input output answer`, its exit code read
//! by [`rules::from_checker`]). Every command does these through the jury
//! and its [`Sandbox`]; nothing else starts a checker or a reference.
//!
//! The jury is a folder: this file holds the jury itself (its sandbox,
//! pool, compiler and cargo, and the limits its programs run under);
//! [`arena`] what judging one problem's solutions needs; [`files`] where a
//! solution reads its test and writes its answer; [`making`] the
//! making of a test (generating, validating, answering); [`judging`] the
//! judging of solutions and the checking of their outputs.

mod arena;
mod files;
mod judging;
mod making;

pub use arena::Arena;
pub use judging::{Entry, unjudged_scores};
pub use making::Answerer;

use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Result, bail};

use crate::base::fsutil;
use crate::base::pool::Pool;
use crate::core::cargo::Cargo;
use crate::core::compile::Compiler;
use crate::core::scratch::Scratch;
use crate::model::kit::Kit;
use crate::model::problem::Graders;
use crate::model::program::{BuildError, Program};
use crate::model::results::Isolation;
use sandbox::{Limits, Network, Sandbox};

/// Limits for an interactor playing against a solution under `limits`: it
/// must outlast the solution (which it waits for), and never be blamed
/// for a loaded machine (its wall limit, twice its time, is twenty times
/// the solution's time limit, and the solution's wall is derived from its
/// time alone).
pub(super) fn interactor_limits(limits: Limits) -> Limits {
    let time = limits.time.saturating_mul(10).max(Duration::from_secs(10));
    Limits::new(time, 4 << 30, 1 << 30)
}

/// Limits for the trusted tools (generators, validators): generous.
pub(super) fn tool_limits() -> Limits {
    Limits::new(Duration::from_secs(20), 4 << 30, 1 << 30)
}

/// The reference gets this many times the time limit: a loaded machine
/// must not cut it short.
pub(super) const REFERENCE_TIME_FACTOR: u32 = 10;

/// The start of a text file, as text.
pub fn read_head(path: &Path, limit: usize) -> String {
    let bytes = std::fs::read(path).unwrap_or_default();
    String::from_utf8_lossy(&bytes[..bytes.len().min(limit)]).into_owned()
}

/// The last `most` bytes of the file at `path` (only the end is read: a
/// program that wrote a gigabyte on one line must not make a gigabyte of
/// message), and whether there was more before them; None if it cannot be
/// read.
pub(super) fn tail(path: &Path, most: u64) -> Option<(Vec<u8>, bool)> {
    let mut file = std::fs::File::open(path).ok()?;
    let len = file.metadata().ok()?.len();
    file.seek(SeekFrom::Start(len.saturating_sub(most))).ok()?;
    let mut bytes = Vec::new();
    file.take(most).read_to_end(&mut bytes).ok()?;
    Some((bytes, len > most))
}

/// The last lines of a program's stderr, for an error message.
pub(super) fn last_lines(path: &Path) -> String {
    const TAIL: u64 = 4096;
    let Some((bytes, cut)) = tail(path, TAIL) else {
        return String::new();
    };
    let text = String::from_utf8_lossy(&bytes);
    let lines: Vec<&str> = text.lines().collect();
    let last = lines[lines.len().saturating_sub(20)..].join("\n");
    match cut {
        true => format!("...{last}"),
        false => last,
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

    /// Compiles the solution `source` of a problem, with its grader for
    /// the source's language where the problem has graders (a language
    /// without one is a compile error, as on the judges that have them).
    pub fn solution(
        &self,
        graders: Option<&Graders>,
        source: &Path,
        untrusted: bool,
    ) -> Result<Program, BuildError> {
        let Some(graders) = graders else {
            return self.compile(source, untrusted);
        };
        let (language, _) = self.compiler.language_of(source)?;
        let Some(grader) = graders.files.get(language) else {
            let languages: Vec<&str> = graders.files.keys().map(String::as_str).collect();
            return Err(BuildError::Compile {
                path: source.to_path_buf(),
                output: format!(
                    "the problem's graders are for {} only: no {language} grader to compile \
                     the submission with",
                    languages.join(", ")
                ),
            });
        };
        let name = graders.submission.as_deref();
        (self.compiler).with_grader(source, (grader, name), |spec| self.sandbox.run(spec))
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
