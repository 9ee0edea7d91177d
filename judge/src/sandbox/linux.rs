//! The Linux sandbox: limits, kill and measurement for one run.
//!
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
//! This is the only module with `unsafe` code. `docs/running.md` explains
//! the choices and what is not contained.

use std::ffi::OsString;
use std::fs::File;
use std::io;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{Exit, Network, RunOutcome, RunSpec, Sandbox};

/// Runs programs as children of the kit, each in its own process group.
#[derive(Clone, Copy, Debug, Default)]
pub struct LinuxSandbox;

impl Sandbox for LinuxSandbox {
    fn run(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        run(spec)
    }

    /// Moves the calling thread — and so every process and thread it
    /// starts afterwards — into a new, empty network namespace, once. The
    /// cost is paid once, not per run (a namespace per run costs ~3 ms).
    fn isolate_network(&self) -> Network {
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

/// An error that names the file it is about.
fn naming(path: &Path) -> impl FnOnce(io::Error) -> io::Error + '_ {
    move |e| io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

fn open_read(path: Option<&Path>) -> io::Result<File> {
    let path = path.unwrap_or(Path::new("/dev/null"));
    File::open(path).map_err(naming(path))
}

fn open_write(path: Option<&Path>) -> io::Result<File> {
    match path {
        Some(p) => File::create(p).map_err(naming(p)),
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
fn run(spec: &RunSpec) -> io::Result<RunOutcome> {
    let (program, args) = spec
        .argv
        .split_first()
        .ok_or_else(|| io::Error::other("empty command"))?;
    let mut cmd = Command::new(program);
    cmd.args(args)
        .stdin(Stdio::from(open_read(spec.stdin.as_deref())?))
        .stdout(Stdio::from(open_write(Some(&spec.stdout))?))
        .stderr(Stdio::from(open_write(spec.stderr.as_deref())?))
        .env_clear()
        .envs(base_env())
        .process_group(0);
    if let Some(dir) = &spec.cwd {
        cmd.current_dir(dir);
    }
    let limits = spec.limits;
    // RLIMIT_CPU has one-second granularity: a backstop one second past the
    // limit (SIGXCPU, then SIGKILL a second later); the verdict uses rusage.
    let cpu_soft = limits.time.as_secs().saturating_add(2);
    let file_size = limits.output_bytes.saturating_add(1);
    let stack = limits.memory_bytes.max(64 << 20);
    // SAFETY: the closure runs between fork and exec and only calls setrlimit.
    unsafe {
        cmd.pre_exec(move || {
            set_limit(libc::RLIMIT_CPU, cpu_soft, cpu_soft.saturating_add(1))?;
            set_limit(libc::RLIMIT_FSIZE, file_size, file_size)?;
            set_limit(libc::RLIMIT_CORE, 0, 0)?;
            set_limit(libc::RLIMIT_STACK, stack, stack)?;
            Ok(())
        });
    }
    let start = Instant::now();
    let child = cmd.spawn().map_err(naming(Path::new(program)))?;
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
