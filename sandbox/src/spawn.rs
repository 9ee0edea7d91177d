//! Starting a run without copying the judge: `clone(CLONE_VM |
//! CLONE_VFORK)`, as `posix_spawn` does, instead of `fork`.
//!
//! `fork` copies the judge's page tables, and then every page either side
//! writes faults to be copied: 40% of the judge's own time a tiny test.
//! Here the child runs on a stack of its own in the judge's memory while
//! the thread that started it waits (`CLONE_VFORK`), until it calls
//! `execve` or exits. So the child may only make system calls: no
//! allocation, no lock, no panic, and none of the C library's wrappers
//! that act on every thread of the process it believes it is (`setuid`,
//! `setgid` and `setgroups` signal the judge's threads): the layers' steps
//! make those as raw system calls. Signals are blocked from before the clone until the
//! `execve`: a handler of the judge must never run in the child.
//!
//! A run in namespaces of its own (`Launch::namespaces`) is started by
//! the init of its thread's home instead (`home.rs`), whose child it is.

use std::cell::RefCell;
use std::ffi::{CStr, CString, c_void};
use std::io;
use std::os::fd::RawFd;
use std::ptr;

use crate::layer::InChild;

/// The child's stack: its steps are a few system calls deep.
const STACK_BYTES: usize = 64 << 10;

/// A child stack, mapped once for each thread that starts runs (a thread
/// waits for its child, so one is enough), with a page below it that no
/// one may touch: a child that overflowed it would die of SIGSEGV rather
/// than write over the judge's memory.
pub(crate) struct Stack {
    base: *mut c_void,
    len: usize,
}

impl Stack {
    pub(crate) fn map() -> io::Result<Stack> {
        // SAFETY: `sysconf` has no preconditions.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as usize;
        let len = STACK_BYTES + page;
        // SAFETY: a fresh private mapping; its lowest page made untouchable.
        unsafe {
            let base = libc::mmap(
                ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
                -1,
                0,
            );
            if base == libc::MAP_FAILED {
                return Err(io::Error::last_os_error());
            }
            let stack = Stack { base, len };
            if libc::mprotect(base, page, libc::PROT_NONE) != 0 {
                return Err(io::Error::last_os_error());
            }
            Ok(stack)
        }
    }

    /// Where the child's stack starts: its highest address (it grows down;
    /// page-aligned, so aligned as every ABI asks).
    pub(crate) fn top(&self) -> *mut c_void {
        // SAFETY: one past the end of the mapping.
        unsafe { self.base.cast::<u8>().add(self.len).cast() }
    }
}

impl Drop for Stack {
    fn drop(&mut self) {
        // SAFETY: unmaps what `map` mapped; no child runs on it any more.
        unsafe { libc::munmap(self.base, self.len) };
    }
}

thread_local! {
    static STACK: RefCell<Option<Stack>> = const { RefCell::new(None) };
}

/// Everything the child needs, made beforehand.
pub struct Launch<'a> {
    /// The program's path, as `execve` takes it.
    pub program: &'a CStr,
    /// The arguments, the program's name first.
    pub argv: &'a [CString],
    /// `KEY=value` pairs: the whole environment.
    pub envp: &'a [CString],
    /// What becomes the run's stdin, stdout and stderr.
    pub stdio: [RawFd; 3],
    /// Its working folder.
    pub cwd: Option<&'a CStr>,
    /// The signals the judge catches: set back to their default.
    pub caught: &'a [libc::c_int],
    /// The layers' steps, in order, after the working folder.
    pub steps: &'a [InChild],
    /// `CLONE_NEW*` flags: namespaces of its own, under an init (with
    /// `CLONE_NEWPID`, which needs `CLONE_NEWNS` for its `/proc`).
    pub namespaces: libc::c_int,
}

/// What the child reads and what it says back (in the judge's memory).
pub(crate) struct Shared<'a> {
    launch: &'a Launch<'a>,
    argv: Vec<*const libc::c_char>,
    envp: Vec<*const libc::c_char>,
    /// The CPUs of the judge's thread that asked for the run, for a child
    /// its home's init clones (a pinned worker's runs share its CPU,
    /// `cpu.rs`).
    cpus: Option<libc::cpu_set_t>,
    /// The error that stopped the child before `execve`, 0 if none.
    pub(crate) error: i32,
    /// The child's parent, as the child sees it: the judge, or the init of
    /// its PID namespace (1). Another is an orphan's: the parent died before
    /// the child asked to die with it.
    parent: libc::pid_t,
}

/// A run that started: the pid of its program.
pub struct Started {
    pub pid: libc::pid_t,
    /// Whether it is the child of its thread's home's init (else of the
    /// judge).
    pub in_home: bool,
}

impl<'a> Shared<'a> {
    /// What the child of `launch` reads, its parent the judge.
    pub(crate) fn new(launch: &'a Launch<'a>) -> Shared<'a> {
        let nul = |list: &[CString]| -> Vec<*const libc::c_char> {
            (list.iter().map(|s| s.as_ptr()))
                .chain([ptr::null()])
                .collect()
        };
        Shared {
            launch,
            argv: nul(launch.argv),
            envp: nul(launch.envp),
            cpus: None,
            error: 0,
            // SAFETY: `getpid` has no preconditions.
            parent: unsafe { libc::getpid() },
        }
    }

    /// The same, for a child of the init of its PID namespace (1), which
    /// another thread's CPUs may not be this one's: it takes this one's.
    pub(crate) fn in_namespace(launch: &'a Launch<'a>) -> Shared<'a> {
        let mut shared = Shared::new(launch);
        shared.parent = 1;
        // SAFETY: an all-zero set is valid; the kernel fills it.
        shared.cpus = unsafe {
            let mut cpus: libc::cpu_set_t = std::mem::zeroed();
            let size = std::mem::size_of::<libc::cpu_set_t>();
            (libc::sched_getaffinity(0, size, &mut cpus) == 0).then_some(cpus)
        };
        shared
    }
}

/// Starts the run `launch` describes, a child of the calling thread (one
/// in namespaces of its own is its home's, `home::start`); returns once it
/// runs the program. An error before the program ran (a step failed, no
/// such program) is returned, its child reaped.
pub fn spawn(launch: &Launch) -> io::Result<Started> {
    clone_child(&mut Shared::new(launch))
}

/// Reaps a run this thread started (not in a home: `home::reap`) that has
/// ended, or was killed: its wait status and what it used.
pub fn reap(started: &Started) -> io::Result<(i32, libc::rusage)> {
    let mut status = 0;
    // SAFETY: `rusage` is filled by the kernel.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: reaps our own child; the out-pointers are valid.
        let r = unsafe { libc::wait4(started.pid, &mut status, 0, &mut usage) };
        if r == started.pid {
            return Ok((status, usage));
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
}

/// Clones the child that runs `shared`'s program, on this thread's stack.
fn clone_child(shared: &mut Shared) -> io::Result<Started> {
    STACK.with_borrow_mut(|stack| {
        let top = match stack {
            Some(stack) => stack.top(),
            None => stack.insert(Stack::map()?).top(),
        };
        // SAFETY: an all-zero `sigset_t` is a valid set to fill; `clone`
        // gets a stack and an argument that outlive the child's use of
        // them (this thread is suspended until it calls `execve` or exits).
        let pid = unsafe {
            let mut all: libc::sigset_t = std::mem::zeroed();
            let mut before: libc::sigset_t = std::mem::zeroed();
            libc::sigfillset(&mut all);
            libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut before);
            let pid = libc::clone(
                child,
                top,
                libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
                (shared as *mut Shared).cast(),
            );
            let e = io::Error::last_os_error();
            libc::pthread_sigmask(libc::SIG_SETMASK, &before, ptr::null_mut());
            if pid < 0 {
                return Err(e);
            }
            pid
        };
        if shared.error != 0 {
            let mut status = 0;
            // SAFETY: reaps the child that failed.
            unsafe { libc::waitpid(pid, &mut status, 0) };
            return Err(io::Error::from_raw_os_error(shared.error));
        }
        Ok(Started {
            pid,
            in_home: false,
        })
    })
}

/// The child: system calls only, then `execve`; a failure is written to
/// `Shared::error` and the child exits.
pub(crate) extern "C" fn child(arg: *mut c_void) -> libc::c_int {
    // SAFETY: `arg` is the `Shared` of `spawn`, alive while it waits.
    let shared = unsafe { &mut *arg.cast::<Shared>() };
    let error = prepare(shared).err().unwrap_or_else(|| {
        // SAFETY: the lists are NUL-terminated arrays of C strings.
        unsafe {
            libc::execve(
                shared.launch.program.as_ptr(),
                shared.argv.as_ptr(),
                shared.envp.as_ptr(),
            );
        }
        io::Error::last_os_error()
    });
    shared.error = error.raw_os_error().unwrap_or(libc::EINVAL);
    // SAFETY: ends the child alone (it is a process of its own).
    unsafe { libc::_exit(127) }
}

/// Everything between the clone and `execve`: first onto `shared`'s CPUs
/// (if its thread's home's init clones it).
fn prepare(shared: &Shared) -> io::Result<()> {
    let (launch, parent) = (shared.launch, shared.parent);
    let check = |r: libc::c_int| match r < 0 {
        true => Err(io::Error::last_os_error()),
        false => Ok(()),
    };
    // SAFETY: wrappers of single system calls, on descriptors, a path and
    // signal sets that outlive the child's use of them.
    unsafe {
        if let Some(cpus) = &shared.cpus {
            let size = std::mem::size_of::<libc::cpu_set_t>();
            check(libc::sched_setaffinity(0, size, cpus))?;
        }
        for (target, fd) in launch.stdio.into_iter().enumerate() {
            let target = target as RawFd;
            match fd == target {
                // Already in place: only let it survive `execve`.
                true => check(libc::fcntl(fd, libc::F_SETFD, 0))?,
                false => check(libc::dup2(fd, target))?,
            }
        }
        if let Some(cwd) = launch.cwd {
            check(libc::chdir(cwd.as_ptr()))?;
        }
        let mut default: libc::sigaction = std::mem::zeroed();
        default.sa_sigaction = libc::SIG_DFL;
        // SIGPIPE too: Rust ignores it, and an ignored signal stays
        // ignored across `execve`.
        for &signal in launch.caught.iter().chain(&[libc::SIGPIPE]) {
            check(libc::sigaction(signal, &default, ptr::null_mut()))?;
        }
    }
    for step in launch.steps {
        step()?;
    }
    // SAFETY: as above.
    unsafe {
        // After the layers' steps: a change of user clears it.
        check(libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0))?;
        if libc::getppid() != parent {
            return Err(io::Error::from_raw_os_error(libc::ESRCH));
        }
        let mut empty: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut empty);
        check(libc::sigprocmask(
            libc::SIG_SETMASK,
            &empty,
            ptr::null_mut(),
        ))
    }
}

/// What the tests of starting runs share.
#[cfg(test)]
pub(crate) mod support {
    use std::io::{Read, Seek};
    use std::os::fd::AsRawFd;

    use super::*;

    fn c(s: &str) -> CString {
        CString::new(s).unwrap()
    }

    /// Runs `argv` in `namespaces` with `steps`, its stdout in a file, by
    /// `start` and `reap`; its wait status and what it wrote.
    pub fn run_with(
        start: impl FnOnce(&Launch) -> io::Result<Started>,
        reap: impl FnOnce(&Started) -> io::Result<(i32, libc::rusage)>,
        namespaces: libc::c_int,
        argv: &[&str],
        env: &[&str],
        steps: &[InChild],
    ) -> io::Result<(i32, String)> {
        let dir = tempfile::tempdir().unwrap();
        let mut out = tempfile::tempfile().unwrap();
        let null = std::fs::File::open("/dev/null").unwrap();
        let argv: Vec<CString> = argv.iter().map(|a| c(a)).collect();
        let envp: Vec<CString> = env.iter().map(|a| c(a)).collect();
        let cwd = c(dir.path().to_str().unwrap());
        let started = start(&Launch {
            program: &argv[0],
            argv: &argv,
            envp: &envp,
            stdio: [null.as_raw_fd(), out.as_raw_fd(), null.as_raw_fd()],
            cwd: Some(&cwd),
            caught: &[libc::SIGINT],
            steps,
            namespaces,
        })?;
        let (status, _) = reap(&started)?;
        let mut text = String::new();
        out.seek(std::io::SeekFrom::Start(0)).unwrap();
        out.read_to_string(&mut text).unwrap();
        Ok((status, text.replace(dir.path().to_str().unwrap(), "<cwd>")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `argv` with `steps`, its stdout in a file; its wait status and
    /// what it wrote.
    fn run(argv: &[&str], env: &[&str], steps: &[InChild]) -> io::Result<(i32, String)> {
        support::run_with(spawn, reap, 0, argv, env, steps)
    }

    #[test]
    fn the_run_gets_its_arguments_environment_folder_and_stdout() {
        let (status, out) = run(
            &[
                "/bin/sh",
                "-c",
                "pwd; echo \"$FOO\" \"$1\"; exit 3",
                "sh",
                "one",
            ],
            &["FOO=bar"],
            &[],
        )
        .unwrap();
        assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 3);
        assert_eq!(out, "<cwd>\nbar one\n");
    }

    #[test]
    fn the_run_starts_with_no_signal_blocked_and_sigpipe_at_its_default() {
        let (_, out) = run(
            &["/bin/grep", "-E", "^Sig(Blk|Ign)", "/proc/self/status"],
            &[],
            &[],
        )
        .unwrap();
        let mask = |name: &str| {
            let line = out.lines().find(|l| l.starts_with(name)).unwrap();
            u64::from_str_radix(line.rsplit('\t').next().unwrap(), 16).unwrap()
        };
        assert_eq!(mask("SigBlk"), 0, "{out}");
        // Rust ignores SIGPIPE in the judge; the run must not inherit that.
        assert_eq!(mask("SigIgn") & 1 << (libc::SIGPIPE - 1), 0, "{out}");
        let (status, _) = run(&["/bin/sh", "-c", "kill -PIPE $$; exit 0"], &[], &[]).unwrap();
        assert!(libc::WIFSIGNALED(status) && libc::WTERMSIG(status) == libc::SIGPIPE);
    }

    #[test]
    fn a_failed_step_or_a_missing_program_is_the_error() {
        let refuse: InChild = Box::new(|| Err(io::Error::from_raw_os_error(libc::EPERM)));
        let e = run(&["/bin/true"], &[], &[refuse]).unwrap_err();
        assert_eq!(e.raw_os_error(), Some(libc::EPERM));
        let e = run(&["/no/such/program"], &[], &[]).unwrap_err();
        assert_eq!(e.raw_os_error(), Some(libc::ENOENT));
        // The children that failed were reaped.
        // SAFETY: polls for any child left.
        let left = unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) };
        assert!(left <= 0, "an unreaped child: {left}");
    }
}
