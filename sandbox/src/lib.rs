//! The seam between deciding and running: [`Sandbox`] runs one program
//! under limits and says what happened; it decides nothing.
//!
//! Everything the kit starts while judging or building tests — compilers,
//! generators, validators, reference solutions, submissions, checkers —
//! goes through a `Sandbox`. [`native`] gives this machine's implementation
//! ([`linux::LinuxSandbox`]); [`fake::FakeSandbox`] plays scripted outcomes,
//! so that the verdict rules, the worker pool and `verify` are tested
//! without starting a single process. A new sandbox is one more file here
//! implementing the trait, chosen in [`native`]; a new layer of the Linux
//! sandbox is one more file implementing [`layer::Layer`].
//!
//! This crate holds every `unsafe` block of the kit: the system calls
//! that contain, limit, kill and measure a run.

#[cfg(target_os = "linux")]
mod cgroup;
#[cfg(target_os = "linux")]
pub mod cpu;
pub mod exchange;
pub mod fake;
#[cfg(target_os = "linux")]
mod home;
pub mod host;
#[cfg(target_os = "linux")]
mod landlock;
#[cfg(target_os = "linux")]
pub mod layer;
#[cfg(target_os = "linux")]
pub mod linux;
#[cfg(target_os = "linux")]
mod pidns;
#[cfg(target_os = "linux")]
mod reaper;
#[cfg(target_os = "linux")]
mod rlimits;
#[cfg(target_os = "linux")]
mod session;
#[cfg(target_os = "linux")]
mod spawn;
#[cfg(target_os = "linux")]
mod user;

use std::ffi::OsString;
use std::io;
use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use exchange::Exchange;

/// The limits of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time (user + system) allowed; more is a time limit exceeded.
    pub time: Duration,
    /// Wall-clock time after which the run is killed.
    pub wall: Duration,
    /// Peak resident memory allowed; more is a memory limit exceeded.
    pub memory_bytes: u64,
    /// Largest output file allowed; more is an output limit exceeded.
    pub output_bytes: u64,
}

impl Limits {
    /// Limits for `time` of CPU: the wall limit is max(2 × time, time + 1 s),
    /// which catches a sleeping program without calling a busy machine's
    /// slowness a time limit.
    pub fn new(time: Duration, memory_bytes: u64, output_bytes: u64) -> Limits {
        let wall = time
            .saturating_mul(2)
            .max(time.saturating_add(Duration::from_secs(1)));
        Limits {
            time,
            wall,
            memory_bytes,
            output_bytes,
        }
    }

    /// The same limits with `factor` times the time (for a reference
    /// solution, which a loaded machine must not cut short).
    pub fn with_time_factor(&self, factor: u32) -> Limits {
        Limits::new(
            self.time.saturating_mul(factor),
            self.memory_bytes,
            self.output_bytes,
        )
    }
}

/// One run: the command, its files and its limits.
#[derive(Clone, Debug)]
pub struct RunSpec {
    /// The program and its arguments.
    pub argv: Vec<OsString>,
    /// The file on stdin (`/dev/null` when absent).
    pub stdin: Option<PathBuf>,
    /// The file that receives stdout (created or truncated).
    pub stdout: PathBuf,
    /// The file that receives stderr (`/dev/null` when absent).
    pub stderr: Option<PathBuf>,
    /// The working directory (the current one when absent).
    pub cwd: Option<PathBuf>,
    pub limits: Limits,
    /// What the run may touch, and whether its code is the kit's own.
    pub access: Access,
    /// The run's part in an interactive exchange, if it has one.
    pub interactive: Option<Interactive>,
}

/// A run's part in an interactive exchange: both runs' wall limits grow
/// with the messages passed, and the solution's run is stopped once the
/// exchange is idle (see [`exchange`]).
#[derive(Clone, Debug)]
pub struct Interactive {
    /// Pipes in place of the stdin and stdout files (a CMS manager has
    /// none: it opens the FIFOs its arguments name).
    pub pipes: Option<Pipes>,
    pub exchange: Exchange,
    /// Whether the run ends once the exchange is idle: the solution's.
    pub stop_when_idle: bool,
}

/// The ends of two pipes a run gets as its stdin and stdout instead of
/// files: an interactive run talks to the interactor through the judge.
/// The sandbox takes them when it starts the run, so the judge keeps no
/// copy and the other side sees the end of the stream when the run ends
/// (or, if the run never starts, when the spec is dropped).
#[derive(Clone, Debug, Default)]
pub struct Pipes(Arc<Mutex<Option<(OwnedFd, OwnedFd)>>>);

impl Pipes {
    pub fn new(stdin: OwnedFd, stdout: OwnedFd) -> Pipes {
        Pipes(Arc::new(Mutex::new(Some((stdin, stdout)))))
    }

    /// The stdin and stdout ends, the first time only.
    pub fn take(&self) -> Option<(OwnedFd, OwnedFd)> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

/// What a run may touch in the file system besides the system itself (its
/// libraries, the toolchains), and whether its code is the kit's own.
#[derive(Clone, Debug, Default)]
pub struct Access {
    /// Files and folders it may read and execute: its own program, and the
    /// files its arguments name.
    pub read: Vec<PathBuf>,
    /// Folders it may read and write: its working folder.
    pub write: Vec<PathBuf>,
    /// Code the kit did not write (a submission, or its compilation): it
    /// runs as an unprivileged user where the sandbox can arrange it.
    pub untrusted: bool,
}

impl Access {
    /// A run that may read `read` and write in `work`.
    pub fn new(read: impl IntoIterator<Item = PathBuf>, work: &Path) -> Access {
        Access {
            read: read.into_iter().collect(),
            write: vec![work.to_path_buf()],
            untrusted: false,
        }
    }

    /// The same, for code the kit did not write.
    pub fn untrusted(mut self) -> Access {
        self.untrusted = true;
        self
    }
}

/// How the program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this code.
    Code(i32),
    /// It was killed by this signal.
    Signal(i32),
}

impl Exit {
    /// `exit code 3`, `killed by SIGSEGV`.
    pub fn describe(self) -> String {
        match self {
            Exit::Code(code) => format!("exit code {code}"),
            Exit::Signal(signal) => format!("killed by {}", signal_name(signal)),
        }
    }
}

/// What happened in one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunOutcome {
    pub exit: Exit,
    /// User + system CPU time of the program (and the children it reaped).
    pub cpu: Duration,
    /// Wall-clock time from spawn to exit.
    pub wall: Duration,
    /// Peak resident memory.
    pub peak_memory_bytes: u64,
    /// True if and only if the sandbox stopped it by the clock: at the
    /// wall limit, or early, its exchange idle (`idle`).
    pub wall_timeout: bool,
    /// True if and only if it was stopped because its interactive exchange
    /// was idle for [`exchange::IDLE_LIMIT`].
    pub idle: bool,
    /// Size of the output file when the run ended.
    pub output_bytes: u64,
    /// True if and only if the sandbox stopped it for holding more memory
    /// than its cap (where it can cap memory).
    pub memory_capped: bool,
}

impl RunOutcome {
    /// The outcome of a program that exited with `code` having run
    /// elsewhere (in the judge's own process): nothing measured.
    pub fn exited(code: i32) -> RunOutcome {
        RunOutcome {
            exit: Exit::Code(code),
            cpu: Duration::ZERO,
            wall: Duration::ZERO,
            peak_memory_bytes: 0,
            wall_timeout: false,
            idle: false,
            output_bytes: 0,
            memory_capped: false,
        }
    }

    /// Returns true if and only if the program exited with code 0 by itself.
    pub fn is_success(&self) -> bool {
        self.exit == Exit::Code(0) && !self.wall_timeout
    }

    /// `exit code 3`, `killed by SIGSEGV`, `killed at the wall limit`.
    pub fn describe(&self) -> String {
        if self.idle {
            "stopped idle".to_string()
        } else if self.wall_timeout {
            "killed at the wall limit".to_string()
        } else {
            self.exit.describe()
        }
    }
}

/// How the programs run after [`Sandbox::isolate_network`] reach the network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Network {
    /// In a new, empty network namespace (no interface but a down loopback).
    Isolated,
    /// As the kit itself: the sandbox could not cut them off.
    Shared,
}

/// What a sandbox contains, layer by layer (`judge doctor`, and `--json`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Isolation {
    /// How every process of a run is found and killed at its end:
    /// `cgroup-v1`, `cgroup-v2`, or `reaper` (its session and descendants,
    /// the judge adopting orphans).
    pub processes: String,
    /// How the file system is confined: `landlock-<ABI>`, or `none`.
    pub files: String,
    /// How memory is capped: `cgroup`, or `watcher` (sampled, killed over).
    pub memory: String,
    /// The network of runs: `isolated` (an empty namespace) or `shared`.
    pub network: String,
    /// Who runs submissions: `nobody` (the judge is root), or `judge`.
    pub user: String,
    /// What a submission sees of the machine's processes: `namespace` (a
    /// PID namespace and `/proc` of its own: itself and its children only)
    /// or `all`.
    pub pids: String,
    /// The layers turned off on purpose ([`LAYERS_OFF_ENV`]).
    pub off: Vec<String>,
    /// Why a layer this machine lacks is missing, one line a layer
    /// (`cgroup: cgroup v1: …; cgroup v2: …`).
    pub missing: Vec<String>,
}

impl Isolation {
    /// Returns true if and only if a run's memory is capped at once (by a
    /// control group), not only sampled and killed over by the watcher,
    /// which a run that allocates fast or forks can outpace for a moment.
    pub fn memory_capped(&self) -> bool {
        self.memory == "cgroup"
    }
}

/// Runs programs under limits.
pub trait Sandbox: Send + Sync {
    /// Runs one program under its limits and reaps it; no process it
    /// started survives. An `Err` means it could not be started at all
    /// (or the judge is being interrupted).
    fn run(&self, spec: &RunSpec) -> io::Result<RunOutcome>;

    /// Runs one program while no other run of this sandbox runs: for a
    /// second look at a time limit that a loaded machine may have caused.
    fn run_alone(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        self.run(spec)
    }

    /// Cuts every run that follows off from the network, if this sandbox
    /// can; says what it achieved. Called once, before submissions run
    /// (an unprivileged judge also makes there the user namespace its
    /// submissions' PID namespaces need).
    fn isolate_network(&self) -> Network;

    /// What this sandbox contains.
    fn isolation(&self) -> Isolation;
}

/// A borrowed sandbox runs as the one it borrows (a test's fake, shared).
impl<S: Sandbox + ?Sized> Sandbox for &S {
    fn run(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        (**self).run(spec)
    }

    fn run_alone(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        (**self).run_alone(spec)
    }

    fn isolate_network(&self) -> Network {
        (**self).isolate_network()
    }

    fn isolation(&self) -> Isolation {
        (**self).isolation()
    }
}

/// Returns true if and only if the judge was asked to stop (Ctrl-C,
/// SIGTERM) since a native sandbox was made: the command then ends with
/// status 130 once its runs are killed and its temporary files removed.
pub fn interrupted() -> bool {
    #[cfg(target_os = "linux")]
    return linux::interrupted();
    #[cfg(not(target_os = "linux"))]
    false
}

/// How much containment runs get.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Containment {
    /// Every layer this machine allows, but those turned off on purpose.
    Full { off: LayersOff },
    /// The limits only: a session to kill a run by, the resource limits,
    /// the watcher of CPU time and memory; no control group, no Landlock,
    /// no other user, no network namespace. For trusted programs on a
    /// machine of one's own, and to measure what containment costs.
    None,
}

impl Default for Containment {
    fn default() -> Containment {
        Containment::Full {
            off: LayersOff::default(),
        }
    }
}

/// The environment variable that turns layers off on purpose: a comma-
/// separated list of [`LayersOff::NAMES`] (`JUDGE_SANDBOX_OFF=landlock,user`).
/// So that every fallback the sandbox has runs, and is tested, on any
/// machine; `judge doctor` then says what still holds.
pub const LAYERS_OFF_ENV: &str = "JUDGE_SANDBOX_OFF";

/// Layers turned off on purpose, even where the machine allows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayersOff {
    /// No control group: the reaper finds a run's processes, `RLIMIT_NPROC`
    /// caps them, the watcher caps memory.
    pub cgroup: bool,
    /// No Landlock: the file system is not confined.
    pub landlock: bool,
    /// No network namespace: runs share the machine's network.
    pub network: bool,
    /// No user change: a root judge runs submissions as root.
    pub user: bool,
    /// No PID namespace: submissions see every process of the machine.
    pub pid: bool,
}

impl LayersOff {
    /// The layers that can be turned off, as [`LAYERS_OFF_ENV`] names them.
    pub const NAMES: [&'static str; 5] = ["cgroup", "landlock", "network", "user", "pid"];

    /// Reads a list such as `landlock,user` (blanks and empty items are
    /// ignored); an unknown name is an error that lists the known ones.
    pub fn parse(list: &str) -> Result<LayersOff, String> {
        let mut off = LayersOff::default();
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name {
                "cgroup" => off.cgroup = true,
                "landlock" => off.landlock = true,
                "network" => off.network = true,
                "user" => off.user = true,
                "pid" => off.pid = true,
                _ => {
                    return Err(format!(
                        "{LAYERS_OFF_ENV}: unknown layer '{name}' (expected a comma-separated list of {})",
                        Self::NAMES.join(", ")
                    ));
                }
            }
        }
        Ok(off)
    }

    /// The layers [`LAYERS_OFF_ENV`] turns off (none when it is not set).
    pub fn from_env() -> io::Result<LayersOff> {
        match std::env::var(LAYERS_OFF_ENV) {
            Ok(list) => Self::parse(&list).map_err(io::Error::other),
            Err(std::env::VarError::NotPresent) => Ok(LayersOff::default()),
            Err(std::env::VarError::NotUnicode(_)) => {
                Err(io::Error::other(format!("{LAYERS_OFF_ENV}: not UTF-8")))
            }
        }
    }

    /// The names of the layers turned off, in [`LayersOff::NAMES`] order.
    pub fn names(&self) -> Vec<String> {
        let flags = [
            self.cgroup,
            self.landlock,
            self.network,
            self.user,
            self.pid,
        ];
        Self::NAMES
            .iter()
            .zip(flags)
            .filter(|(_, off)| *off)
            .map(|(name, _)| name.to_string())
            .collect()
    }
}

/// This machine's sandbox, for the kit at `kit_root` (whose files runs
/// must not reach).
pub fn native(kit_root: &Path, containment: Containment) -> io::Result<Box<dyn Sandbox>> {
    #[cfg(target_os = "linux")]
    return Ok(Box::new(linux::LinuxSandbox::new(kit_root, containment)?));
    #[cfg(not(target_os = "linux"))]
    Err(io::Error::other(
        "the kit has no sandbox for this operating system (Linux only)",
    ))
}

/// The name of a signal (`SIGSEGV`), or its number.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => return format!("signal {signal}"),
    };
    name.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_limits_saturate_instead_of_overflowing() {
        let limits = Limits::new(Duration::MAX, u64::MAX, u64::MAX);
        assert_eq!(limits.wall, Duration::MAX);
        assert_eq!(limits.with_time_factor(10).time, Duration::MAX);
        let one = Limits::new(Duration::from_millis(300), 1, 1);
        assert_eq!(one.wall, Duration::from_millis(1300));
        assert_eq!(Limits::new(Duration::from_secs(3), 1, 1).wall.as_secs(), 6);
    }

    #[test]
    fn exits_are_described() {
        assert_eq!(Exit::Signal(libc::SIGSEGV).describe(), "killed by SIGSEGV");
        assert_eq!(Exit::Code(3).describe(), "exit code 3");
        assert_eq!(signal_name(64), "signal 64");
    }

    #[test]
    fn layers_are_turned_off_by_name() {
        let off = LayersOff::parse(" landlock, user ,").unwrap();
        assert!(off.landlock && off.user && !off.cgroup && !off.network);
        assert_eq!(off.names(), ["landlock", "user"]);
        assert_eq!(LayersOff::parse("").unwrap(), LayersOff::default());
        let all = LayersOff::parse(&LayersOff::NAMES.join(",")).unwrap();
        assert_eq!(all.names(), LayersOff::NAMES);
        let error = LayersOff::parse("landlock,seccomp").unwrap_err();
        assert!(
            error.contains("JUDGE_SANDBOX_OFF: unknown layer 'seccomp'"),
            "{error}"
        );
        assert!(error.contains("cgroup, landlock, network, user"), "{error}");
    }
}
