//! Running untrusted programs: limits, kill, measurement.
//!
//! The recipe (see `shared/specs/runner.md`):
//! * stdin, stdout and stderr are files, never pipes, so a chatty program
//!   cannot block on a full pipe and `RLIMIT_FSIZE` bounds its output;
//! * the child gets its own process group and, before `exec`, rlimits for
//!   CPU time (a backstop), file size, core dumps and the stack;
//! * the wall clock is watched with a pidfd, which also catches a program
//!   that sleeps instead of computing;
//! * the whole group is killed with SIGKILL *before* the leader is reaped
//!   (the unreaped zombie pins the group id, so no pid can be reused), which
//!   leaves no descendant behind;
//! * CPU time and peak memory come from the leader's `wait4` rusage.
//!
//! This is the only module with `unsafe` code.

use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

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
    /// Limits for `time` of CPU and `memory_bytes`: the wall limit is
    /// max(2 × time, time + 1 s), which catches a sleeping program without
    /// calling a busy machine's slowness a time limit.
    pub fn new(time: Duration, memory_bytes: u64, output_bytes: u64) -> Limits {
        let wall = (time * 2).max(time + Duration::from_secs(1));
        Limits {
            time,
            wall,
            memory_bytes,
            output_bytes,
        }
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
    /// Extra environment variables, on top of a minimal reproducible set.
    pub env: Vec<(OsString, OsString)>,
    pub limits: Limits,
}

/// How the program ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this code.
    Code(i32),
    /// It was killed by this signal.
    Signal(i32),
}

/// What happened in one run.
#[derive(Clone, Debug)]
pub struct RunOutcome {
    pub exit: Exit,
    /// User + system CPU time of the program (and the children it reaped).
    pub cpu: Duration,
    /// Wall-clock time from spawn to exit.
    pub wall: Duration,
    /// Peak resident memory (`ru_maxrss`).
    pub peak_memory_bytes: u64,
    /// True if and only if we killed it at the wall limit.
    pub wall_timeout: bool,
    /// Size of the output file when the run ended.
    pub output_bytes: u64,
}

impl RunOutcome {
    /// Returns true if and only if the program exited with code 0.
    pub fn is_success(&self) -> bool {
        self.exit == Exit::Code(0)
    }
}

/// The environment every run gets: enough for compilers and interpreters,
/// nothing from the user's shell that could change a program's behaviour.
fn base_env() -> Vec<(OsString, OsString)> {
    let mut env = vec![
        ("LANG".into(), "C.UTF-8".into()),
        ("LC_ALL".into(), "C.UTF-8".into()),
    ];
    for key in ["PATH", "HOME", "TMPDIR", "SYSTEMROOT"] {
        if let Some(v) = std::env::var_os(key) {
            env.push((key.into(), v));
        }
    }
    env
}

/// Sets a resource limit; used between fork and exec, so it only calls
/// `setrlimit` (async-signal-safe, no allocation).
fn set_limit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) -> io::Result<()> {
    let lim = libc::rlimit {
        rlim_cur: soft,
        rlim_max: hard,
    };
    // SAFETY: `setrlimit` reads the struct we pass and nothing else.
    if unsafe { libc::setrlimit(resource, &lim) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

fn open_read(path: Option<&Path>) -> io::Result<File> {
    File::open(path.unwrap_or(Path::new("/dev/null")))
}

fn open_write(path: Option<&Path>) -> io::Result<File> {
    match path {
        Some(p) => File::create(p),
        None => File::options().write(true).open("/dev/null"),
    }
}

/// Waits until `pid` exits or `timeout` passes; returns false on timeout.
fn wait_exit(pid: libc::pid_t, timeout: Duration) -> bool {
    // SAFETY: plain syscall; a negative result means pidfds are unavailable.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as i32;
    let deadline = Instant::now() + timeout;
    if pidfd >= 0 {
        let exited = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let mut pfd = libc::pollfd {
                fd: pidfd,
                events: libc::POLLIN,
                revents: 0,
            };
            let ms = left.as_millis().min(i32::MAX as u128) as i32 + 1;
            // SAFETY: `pfd` is a valid pollfd for the duration of the call.
            let r = unsafe { libc::poll(&mut pfd, 1, ms) };
            if r > 0 {
                break true;
            }
            if r == 0 && Instant::now() >= deadline {
                break false;
            }
            if r < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
                break false;
            }
        };
        // SAFETY: we own this descriptor.
        unsafe { libc::close(pidfd) };
        return exited;
    }
    // Old kernels: look, without reaping, every millisecond.
    loop {
        // SAFETY: `info` is written by the kernel; WNOWAIT leaves the child unreaped.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as u32,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            )
        };
        // SAFETY: reading the pid field of a siginfo filled by waitid.
        if r == 0 && unsafe { info.si_pid() } == pid {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Runs one program under its limits; no process it started survives.
/// An `Err` means the program could not be started at all.
pub fn run(spec: &RunSpec) -> io::Result<RunOutcome> {
    let (program, args) = spec
        .argv
        .split_first()
        .ok_or_else(|| io::Error::other("empty command"))?;
    let mut cmd = Command::new(program);
    cmd.args(args)
        .stdin(Stdio::from(open_read(spec.stdin.as_deref())?))
        .stdout(Stdio::from(File::create(&spec.stdout)?))
        .stderr(Stdio::from(open_write(spec.stderr.as_deref())?))
        .env_clear()
        .envs(base_env())
        .envs(spec.env.iter().map(|(k, v)| (k, v)))
        .process_group(0);
    if let Some(dir) = &spec.cwd {
        cmd.current_dir(dir);
    }
    let limits = spec.limits;
    // RLIMIT_CPU has one-second granularity: a backstop one second past the
    // limit (SIGXCPU, then SIGKILL a second later); the verdict uses rusage.
    let cpu_soft = limits.time.as_secs() + 2;
    let stack = limits.memory_bytes.max(64 << 20);
    // SAFETY: the closure runs between fork and exec and only calls setrlimit.
    unsafe {
        cmd.pre_exec(move || {
            set_limit(libc::RLIMIT_CPU, cpu_soft, cpu_soft + 1)?;
            set_limit(
                libc::RLIMIT_FSIZE,
                limits.output_bytes + 1,
                limits.output_bytes + 1,
            )?;
            set_limit(libc::RLIMIT_CORE, 0, 0)?;
            set_limit(libc::RLIMIT_STACK, stack, stack)?;
            Ok(())
        });
    }
    let start = Instant::now();
    let child = cmd.spawn()?;
    let pid = child.id() as libc::pid_t;
    // `child` is never waited on by std: we reap it with wait4 for rusage.
    drop(child);

    let exited = wait_exit(pid, limits.wall);
    // Kill the whole group whether or not the leader exited: this stops a
    // timed-out program and any descendant it left behind.
    // SAFETY: `pid` is our unreaped child, so its group id cannot be reused.
    unsafe { libc::killpg(pid, libc::SIGKILL) };
    let mut status = 0;
    // SAFETY: `rusage` is filled by the kernel.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: reaps our own child; `status` and `usage` are valid out-pointers.
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
    let wall = start.elapsed();
    let exit = if libc::WIFSIGNALED(status) {
        Exit::Signal(libc::WTERMSIG(status))
    } else {
        Exit::Code(libc::WEXITSTATUS(status))
    };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    Ok(RunOutcome {
        exit,
        cpu: tv(usage.ru_utime) + tv(usage.ru_stime),
        wall,
        peak_memory_bytes: usage.ru_maxrss as u64 * 1024,
        wall_timeout: !exited,
        output_bytes: std::fs::metadata(&spec.stdout)
            .map(|m| m.len())
            .unwrap_or(0),
    })
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

/// How submissions are cut off from the network.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Network {
    /// In a new, empty network namespace (no interface but a down loopback).
    Isolated,
    /// Not isolated: the namespace could not be created (not root, or the
    /// container forbids it).
    Shared,
}

/// Moves the calling thread — and so every process and thread it starts
/// afterwards — into a new, empty network namespace, once. Call it from the
/// main thread after compiling and before starting workers; the cost is
/// paid once, not per run (a namespace per run would cost ~3 ms each).
pub fn isolate_network() -> Network {
    // SAFETY: `geteuid` has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        return Network::Shared;
    }
    // SAFETY: `unshare` only changes this thread's namespaces.
    if unsafe { libc::unshare(libc::CLONE_NEWNET) } == 0 {
        Network::Isolated
    } else {
        Network::Shared
    }
}
