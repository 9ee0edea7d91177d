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
//! A run in namespaces of its own (`Launch::namespaces`: a PID namespace
//! and the mount namespace that gives it its own `/proc`) starts under an
//! init: a process cloned the same way, PID 1 of the new namespace, which
//! mounts `/proc`, starts the run and waits for it. The run must not be
//! PID 1 itself: the kernel drops the signals a PID 1 sends itself (a
//! failed `assert`'s `abort`, `kill(0, ...)`), and it would adopt every
//! orphan. The init never unblocks a signal, never allocates, and touches
//! nothing of the judge but its own stack and the word it leaves the run's
//! wait status in; killing it kills the whole namespace.

use std::cell::RefCell;
use std::ffi::{CStr, CString, c_void};
use std::io;
use std::marker::PhantomData;
use std::os::fd::RawFd;
use std::ptr;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::layer::InChild;

/// The child's stack: its steps are a few system calls deep.
const STACK_BYTES: usize = 64 << 10;

/// A child stack, mapped once for each thread that starts runs (a thread
/// waits for its child, so one is enough), with a page below it that no
/// one may touch: a child that overflowed it would die of SIGSEGV rather
/// than write over the judge's memory.
struct Stack {
    base: *mut c_void,
    len: usize,
}

impl Stack {
    fn map() -> io::Result<Stack> {
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
    fn top(&self) -> *mut c_void {
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
    /// The stack of a run's init, which lives as long as the run: taken
    /// for a run and given back once its init is reaped.
    static INIT_STACK: RefCell<Option<Stack>> = const { RefCell::new(None) };
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
struct Shared<'a> {
    launch: &'a Launch<'a>,
    argv: Vec<*const libc::c_char>,
    envp: Vec<*const libc::c_char>,
    /// The error that stopped the child before `execve`, 0 if none.
    error: i32,
    /// The child's parent, as the child sees it: the judge, or its init
    /// (PID 1). Another is an orphan's: the parent died before the child
    /// asked to die with it.
    parent: libc::pid_t,
}

/// A run that started: the pid of its leader (the program, or its init),
/// and what its init holds until it is reaped.
pub struct Started {
    pub pid: libc::pid_t,
    init: Option<Init>,
    /// Reaped on the thread that started it (the init's stack is its).
    _thread: PhantomData<*const ()>,
}

impl Started {
    /// The run's wait status, given its leader's, once the leader is
    /// reaped: the program's, as its init kept it; the init's own (killed)
    /// if the program never ended before the init.
    pub fn status(&self, leader: i32) -> i32 {
        match &self.init {
            Some(init) => match init.status.load(Ordering::Acquire) {
                0 => leader,
                kept => kept as u32 as i32,
            },
            None => leader,
        }
    }
}

/// What a run's init uses for as long as it lives.
struct Init {
    pid: libc::pid_t,
    stack: Option<Stack>,
    /// The program's wait status, with bit 32 set once kept; 0 until then.
    status: Box<AtomicU64>,
}

impl Drop for Init {
    /// Gives the stack back once the init is sure to be gone: reaped, or
    /// killed and reaped here.
    fn drop(&mut self) {
        // SAFETY: `info` is written by the kernel; `pid` is our child
        // until reaped, so its pid cannot be another's.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
            if self.pid > 0 && libc::waitid(libc::P_PID, self.pid as u32, &mut info, flags) == 0 {
                libc::kill(self.pid, libc::SIGKILL);
                let mut status = 0;
                while libc::waitpid(self.pid, &mut status, 0) < 0
                    && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
                {
                }
            }
        }
        let stack = self.stack.take();
        INIT_STACK.with_borrow_mut(|free| *free = free.take().or(stack));
    }
}

/// Starts the run `launch` describes; returns once it runs the program.
/// An error before the program ran (a step failed, no such program) is
/// returned, its child reaped.
pub fn spawn(launch: &Launch) -> io::Result<Started> {
    let nul = |list: &[CString]| -> Vec<*const libc::c_char> {
        (list.iter().map(|s| s.as_ptr()))
            .chain([ptr::null()])
            .collect()
    };
    let mut shared = Shared {
        launch,
        argv: nul(launch.argv),
        envp: nul(launch.envp),
        error: 0,
        // SAFETY: `getpid` has no preconditions.
        parent: unsafe { libc::getpid() },
    };
    if launch.namespaces != 0 {
        shared.parent = 1;
        return spawn_under_init(&mut shared, false);
    }
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
                (&raw mut shared).cast(),
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
            init: None,
            _thread: PhantomData,
        })
    })
}

/// Whether this process may start runs in `namespaces` of their own (the
/// init clones, mounts `/proc` and ends without starting anything).
pub fn namespaces_work(namespaces: libc::c_int) -> bool {
    let launch = Launch {
        program: c"/",
        argv: &[],
        envp: &[],
        stdio: [0, 1, 2],
        cwd: None,
        caught: &[],
        steps: &[],
        namespaces,
    };
    let mut shared = Shared {
        launch: &launch,
        argv: vec![ptr::null()],
        envp: vec![ptr::null()],
        error: 0,
        parent: 1,
    };
    spawn_under_init(&mut shared, true).is_ok()
}

/// What the init reads: given by `spawn_under_init`, valid until the init
/// reports.
struct InitArg<'a, 'b> {
    shared: *mut Shared<'a>,
    /// Where the run's stack starts.
    run_stack: *mut c_void,
    /// The write end of the pipe the init reports on (`c_int` errno, 0
    /// once the program runs).
    report: RawFd,
    status: &'b AtomicU64,
    /// Only try the namespaces: report and end before starting the run.
    probe: bool,
    /// The judge's pid: the init's parent.
    judge: libc::pid_t,
}

/// Starts `shared`'s run under an init of its own namespaces.
fn spawn_under_init(shared: &mut Shared, probe: bool) -> io::Result<Started> {
    let mut init = Init {
        pid: 0,
        stack: INIT_STACK.with_borrow_mut(|free| free.take()),
        status: Box::new(AtomicU64::new(0)),
    };
    let init_top = match &mut init.stack {
        Some(stack) => stack.top(),
        None => init.stack.insert(Stack::map()?).top(),
    };
    let run_stack = STACK.with_borrow_mut(|stack| -> io::Result<*mut c_void> {
        Ok(match stack {
            Some(stack) => stack.top(),
            None => stack.insert(Stack::map()?).top(),
        })
    })?;
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    let [read, write] = fds;
    let flags = libc::CLONE_VM | libc::SIGCHLD | shared.launch.namespaces;
    let mut arg = InitArg {
        shared,
        run_stack,
        report: write,
        status: &init.status,
        probe,
        // SAFETY: `getpid` has no preconditions.
        judge: unsafe { libc::getpid() },
    };
    // SAFETY: as in `spawn`; the init's stack is its own until it is
    // reaped (`Init::drop`), `arg` lives until the init reports (the read
    // below), and the init takes a copy of the descriptors it reports on.
    let pid = unsafe {
        let mut all: libc::sigset_t = std::mem::zeroed();
        let mut before: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut before);
        let pid = libc::clone(run_init, init_top, flags, (&raw mut arg).cast());
        let e = io::Error::last_os_error();
        libc::pthread_sigmask(libc::SIG_SETMASK, &before, ptr::null_mut());
        libc::close(write);
        if pid < 0 {
            libc::close(read);
            return Err(e);
        }
        pid
    };
    init.pid = pid;
    let mut report = [0u8; 4];
    let mut got = 0;
    while got < report.len() {
        // SAFETY: reads into the rest of `report`.
        let n = unsafe { libc::read(read, report[got..].as_mut_ptr().cast(), report.len() - got) };
        match n {
            0 => break,
            n if n > 0 => got += n as usize,
            _ if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted => {}
            _ => break,
        }
    }
    // SAFETY: we own this descriptor.
    unsafe { libc::close(read) };
    let error = match got == report.len() {
        true => i32::from_ne_bytes(report),
        // The init died before it could say: it was killed.
        false => libc::ECHILD,
    };
    if error != 0 {
        return Err(io::Error::from_raw_os_error(error)); // `init` reaps it.
    }
    Ok(Started {
        pid,
        init: Some(init),
        _thread: PhantomData,
    })
}

/// The init: PID 1 of the run's namespaces. System calls only; every
/// signal stays blocked (SIGKILL from the judge still ends it, and with it
/// the namespace).
extern "C" fn run_init(arg: *mut c_void) -> libc::c_int {
    // SAFETY: `arg` is the `InitArg` of `spawn_under_init`, alive until the
    // report; what outlives it is copied first.
    let (shared, run_stack, report, status, probe, judge) = unsafe {
        let arg = &*arg.cast::<InitArg>();
        let status = arg.status as *const AtomicU64;
        (
            arg.shared,
            arg.run_stack,
            arg.report,
            status,
            arg.probe,
            arg.judge,
        )
    };
    if let Err(e) = own_proc(judge) {
        fail(report, e);
    }
    if probe {
        say(report, 0);
        // SAFETY: as above.
        unsafe { libc::_exit(0) }
    }
    // SAFETY: the run clones from the init as from the judge in `spawn`
    // (`shared` is alive: the judge waits for the report).
    let pid = unsafe {
        libc::clone(
            child,
            run_stack,
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            shared.cast(),
        )
    };
    if pid < 0 {
        fail(report, io::Error::last_os_error());
    }
    // SAFETY: as above.
    let error = unsafe { (*shared).error };
    let mut wait = 0;
    if error != 0 {
        // SAFETY: reaps the run that failed.
        unsafe { libc::waitpid(pid, &mut wait, 0) };
        fail(report, io::Error::from_raw_os_error(error));
    }
    // Nothing of the judge's open files stays with the init: a pipe end
    // held here would keep the judge from seeing its end.
    // SAFETY: plain system calls on our own copy of the descriptors.
    unsafe {
        if report > 0 {
            libc::syscall(libc::SYS_close_range, 0u32, report as u32 - 1, 0u32);
        }
        libc::syscall(libc::SYS_close_range, report as u32 + 1, u32::MAX, 0u32);
    }
    say(report, 0);
    // SAFETY: our descriptor; then waits for our child (no signal can
    // interrupt: all are blocked); `status` lives until this init is
    // reaped (`Init`).
    unsafe {
        libc::close(report);
        if libc::waitpid(pid, &mut wait, libc::__WALL) == pid {
            (*status).store(1 << 32 | wait as u32 as u64, Ordering::Release);
        }
        libc::_exit(0)
    }
}

/// The caller's parent, as the judge's `/proc` shows it (an init's
/// `getppid` is 0: its parent is outside its namespace); before the init
/// mounts its own. System calls on a buffer of the stack only.
fn parent() -> io::Result<libc::pid_t> {
    let mut stat = [0u8; 512];
    // SAFETY: reads into `stat` from a descriptor opened here.
    let len = unsafe {
        let fd = libc::open(
            c"/proc/self/stat".as_ptr(),
            libc::O_RDONLY | libc::O_CLOEXEC,
        );
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        let len = libc::read(fd, stat.as_mut_ptr().cast(), stat.len());
        libc::close(fd);
        len.max(0) as usize
    };
    // `pid (name) state ppid ...`: the name may hold anything but ends at
    // the last `)`.
    let stat = &stat[..len];
    let after = stat.iter().rposition(|&b| b == b')').unwrap_or(0);
    let ppid = (stat.iter().skip(after + 4))
        .take_while(|b| b.is_ascii_digit())
        .fold(0, |n: libc::pid_t, b| n * 10 + libc::pid_t::from(b - b'0'));
    Ok(ppid)
}

/// The init tells the judge `error` (0: the program runs).
fn say(report: RawFd, error: i32) {
    let bytes = error.to_ne_bytes();
    // SAFETY: writes from a local buffer to the init's copy of the pipe.
    unsafe { libc::write(report, bytes.as_ptr().cast(), bytes.len()) };
}

/// The init tells the judge why the run could not start, and ends.
fn fail(report: RawFd, error: io::Error) -> ! {
    say(report, error.raw_os_error().unwrap_or(libc::EINVAL));
    // SAFETY: ends the init alone.
    unsafe { libc::_exit(127) }
}

/// Has the init die with the thread that started it (`judge` is its
/// process), then makes the init's `/proc` the new PID namespace's, seen
/// from a mount namespace of its own (made private first, so that nothing
/// reaches the judge's), with the init's own entry covered: the init
/// shares the judge's memory, so `/proc/1/cmdline` would be the judge's.
fn own_proc(judge: libc::pid_t) -> io::Result<()> {
    let check = |r: libc::c_int| match r < 0 {
        true => Err(io::Error::last_os_error()),
        false => Ok(()),
    };
    let hidden = libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC;
    // SAFETY: a plain system call.
    unsafe {
        check(libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0))?;
    }
    // A judge that died before that would never send the signal.
    if parent()? != judge {
        return Err(io::Error::from_raw_os_error(libc::ESRCH));
    }
    // SAFETY: system calls on static C strings.
    unsafe {
        check(libc::mount(
            ptr::null(),
            c"/".as_ptr(),
            ptr::null(),
            libc::MS_REC | libc::MS_PRIVATE,
            ptr::null(),
        ))?;
        check(libc::mount(
            c"proc".as_ptr(),
            c"/proc".as_ptr(),
            c"proc".as_ptr(),
            hidden,
            ptr::null(),
        ))?;
        check(libc::mount(
            c"none".as_ptr(),
            c"/proc/1".as_ptr(),
            c"tmpfs".as_ptr(),
            hidden | libc::MS_RDONLY,
            c"size=4k,nr_inodes=1,mode=0".as_ptr().cast(),
        ))
    }
}

/// The child: system calls only, then `execve`; a failure is written to
/// `Shared::error` and the child exits.
extern "C" fn child(arg: *mut c_void) -> libc::c_int {
    // SAFETY: `arg` is the `Shared` of `spawn`, alive while it waits.
    let shared = unsafe { &mut *arg.cast::<Shared>() };
    let error = prepare(shared.launch, shared.parent)
        .err()
        .unwrap_or_else(|| {
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

/// Everything between the clone and `execve`.
fn prepare(launch: &Launch, parent: libc::pid_t) -> io::Result<()> {
    let check = |r: libc::c_int| match r < 0 {
        true => Err(io::Error::last_os_error()),
        false => Ok(()),
    };
    // SAFETY: wrappers of single system calls, on descriptors, a path and
    // signal sets that outlive the child's use of them.
    unsafe {
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

#[cfg(test)]
mod tests {
    use std::io::{Read, Seek};
    use std::os::fd::AsRawFd;
    use std::time::{Duration, Instant};

    use super::*;

    fn c(s: &str) -> CString {
        CString::new(s).unwrap()
    }

    /// Runs `argv` with `steps`, its stdout in a file; its wait status and
    /// what it wrote.
    fn run(argv: &[&str], env: &[&str], steps: &[InChild]) -> io::Result<(i32, String)> {
        run_in(0, argv, env, steps)
    }

    /// `run` in `namespaces` of its own.
    fn run_in(
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
        let started = spawn(&Launch {
            program: &argv[0],
            argv: &argv,
            envp: &envp,
            stdio: [null.as_raw_fd(), out.as_raw_fd(), null.as_raw_fd()],
            cwd: Some(&cwd),
            caught: &[libc::SIGINT],
            steps,
            namespaces,
        })?;
        let mut status = 0;
        // SAFETY: reaps our own child.
        assert_eq!(
            unsafe { libc::waitpid(started.pid, &mut status, 0) },
            started.pid
        );
        let status = started.status(status);
        let mut text = String::new();
        out.seek(std::io::SeekFrom::Start(0)).unwrap();
        out.read_to_string(&mut text).unwrap();
        Ok((status, text.replace(dir.path().to_str().unwrap(), "<cwd>")))
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

    #[test]
    fn the_parent_read_in_proc_is_the_parent() {
        // SAFETY: `getppid` has no preconditions.
        assert_eq!(parent().unwrap(), unsafe { libc::getppid() });
    }

    /// As root (or inside a user namespace where the judge is): the run
    /// sees only itself and its children, signals itself as anywhere else,
    /// and what it leaves behind ends with it.
    #[test]
    fn a_run_in_a_pid_namespace_sees_only_itself() {
        const PID: libc::c_int = libc::CLONE_NEWPID | libc::CLONE_NEWNS;
        if !namespaces_work(PID) {
            eprintln!("skipped: no PID namespace here");
            return;
        }
        let script = "echo $$; ls /proc | grep -c '^[0-9]'; cat /proc/1/cmdline; echo; exit 4";
        let (status, out) = run_in(PID, &["/bin/sh", "-c", script], &[], &[]).unwrap();
        assert!(
            libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 4,
            "{status:x}"
        );
        // The init (1, its entry covered), itself (2), `ls` and `grep`.
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "2", "{out}");
        assert!(lines[1].parse::<u32>().unwrap() <= 4, "{out}");
        assert_eq!(
            lines[2], "",
            "the init's command line is the judge's: {out}"
        );

        // A PID 1 would drop the signals it sends itself.
        let (status, _) = run_in(PID, &["/bin/sh", "-c", "kill -ABRT $$"], &[], &[]).unwrap();
        assert!(libc::WIFSIGNALED(status) && libc::WTERMSIG(status) == libc::SIGABRT);

        // A child left running ends with the run: `sleep`'s stdout is the
        // file, which stays open for as long as it lives.
        let started = Instant::now();
        let (status, _) = run_in(PID, &["/bin/sh", "-c", "sleep 30 & exit 0"], &[], &[]).unwrap();
        assert_eq!(status, 0);
        assert!(started.elapsed() < Duration::from_secs(10));
        // SAFETY: polls for any child left.
        let left = unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) };
        assert!(left <= 0, "an unreaped child: {left}");

        // A step that fails is the error, as without namespaces.
        let refuse: InChild = Box::new(|| Err(io::Error::from_raw_os_error(libc::EPERM)));
        let e = run_in(PID, &["/bin/true"], &[], &[refuse]).unwrap_err();
        assert_eq!(e.raw_os_error(), Some(libc::EPERM));
        let e = run_in(PID, &["/no/such/program"], &[], &[]).unwrap_err();
        assert_eq!(e.raw_os_error(), Some(libc::ENOENT));
    }
}
