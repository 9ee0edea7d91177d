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
//! and the mount namespace that gives it its own `/proc`) starts in its
//! thread's home (`Home`): namespaces made at the thread's first such run,
//! under an init (PID 1, cloned the same way) that outlives the runs and
//! is asked to kill what each left (`sweep`). The run must not be PID 1
//! itself: the kernel drops the signals a PID 1 sends itself (a failed
//! `assert`'s `abort`, `kill(0, ...)`), and it would adopt every orphan.
//! The init never unblocks a signal, never allocates, and touches nothing
//! of the judge but its own stack and the word it answers a sweep in;
//! killing it kills the whole namespace.

use std::cell::RefCell;
use std::ffi::{CStr, CString, c_void};
use std::io;
use std::os::fd::RawFd;
use std::os::fd::{AsRawFd, OwnedFd};
use std::ptr;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};
use std::sync::{Mutex, mpsc};

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
    /// The namespaces this thread's runs start in, made at its first run
    /// that has them and kept until the thread ends.
    static HOME: RefCell<Option<Home>> = const { RefCell::new(None) };
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
    /// The mount namespace the child enters first (its `/proc` shows the
    /// PID namespace it was cloned into), -1 for none.
    mounts: RawFd,
    /// The CPUs of the judge's thread that asked for the run, for a child
    /// another thread clones (a pinned worker's runs share its CPU,
    /// `cpu.rs`).
    cpus: Option<libc::cpu_set_t>,
    /// The error that stopped the child before `execve`, 0 if none.
    error: i32,
    /// The child's parent, as the child sees it: the judge, or 0 for a
    /// judge outside its PID namespace. Another is an orphan's: the parent
    /// died before the child asked to die with it.
    parent: libc::pid_t,
}

/// A run that started: the pid of its program, a child of the thread that
/// started it.
pub struct Started {
    pub pid: libc::pid_t,
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
        mounts: -1,
        cpus: None,
        error: 0,
        // SAFETY: `getpid` has no preconditions.
        parent: unsafe { libc::getpid() },
    };
    if launch.namespaces == 0 {
        return clone_child(&mut shared);
    }
    HOME.with_borrow_mut(|home| {
        // A home whose init is gone (killed with the judge's thread, or by
        // the machine), or made before the judge changed its namespaces,
        // takes no runs: the next is made.
        let changed = CHANGES.load(Ordering::SeqCst);
        if home.as_ref().is_some_and(|h| {
            h.namespaces != launch.namespaces || h.changes != changed || !h.alive()
        }) {
            *home = None;
        }
        let home = match home {
            Some(home) => home,
            None => home.insert(Home::make(launch.namespaces)?),
        };
        shared.mounts = home.mounts.as_raw_fd();
        shared.parent = 0;
        // SAFETY: an all-zero set is valid; the kernel fills it.
        shared.cpus = unsafe {
            let mut cpus: libc::cpu_set_t = std::mem::zeroed();
            let size = std::mem::size_of::<libc::cpu_set_t>();
            (libc::sched_getaffinity(0, size, &mut cpus) == 0).then_some(cpus)
        };
        home.spawner.start(&mut shared)
    })
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
        Ok(Started { pid })
    })
}

/// Whether this thread may start runs in `namespaces` of their own: it
/// makes its home for them.
pub fn namespaces_work(namespaces: libc::c_int) -> bool {
    HOME.with_borrow_mut(|home| {
        home.is_some()
            || Home::make(namespaces)
                .map(|made| *home = Some(made))
                .is_ok()
    })
}

/// Kills every process in this thread's home but its init, and waits until
/// they are gone: at the end of each run, so that the next finds none.
pub fn sweep() {
    HOME.with_borrow_mut(|home| {
        if home.as_ref().is_some_and(|home| !home.sweep()) {
            // Its init is gone, and with it the namespace.
            *home = None;
        }
    })
}

/// The init of this thread's home, if it has one: the run's orphans are
/// its children.
pub fn home_init() -> Option<libc::pid_t> {
    HOME.with_borrow(|home| home.as_ref().map(|home| home.init))
}

/// How many times the judge changed its own namespaces (its network):
/// a home made before has a spawner in the old ones.
static CHANGES: AtomicU64 = AtomicU64::new(0);

/// Says that the judge changed its namespaces: the homes made before are
/// made again at their next run.
pub fn namespaces_changed() {
    CHANGES.fetch_add(1, Ordering::SeqCst);
}

/// The inits of every thread's home: children of the judge that are no
/// run's.
static INITS: Mutex<Vec<libc::pid_t>> = Mutex::new(Vec::new());

/// Whether `pid` is the init of a thread's home.
pub fn is_home_init(pid: libc::pid_t) -> bool {
    INITS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .contains(&pid)
}

/// A PID namespace and the mount namespace whose `/proc` shows it, where
/// the runs of one thread start one after another: made once (made for
/// each run, they cost it 0.46 ms: the mounts, then the teardown), emptied
/// after each run (`sweep`). Its PID 1 is an init that shares the judge's memory
/// (as a run does until `execve`): it mounts `/proc`, covers its own
/// entry, then only reaps the orphans it adopts and, when asked, kills
/// every other process of the namespace. Its runs are started by a thread
/// of the judge inside the PID namespace (`Spawner`), so a run is the
/// judge's child, measured by `wait4` as any other; its parent is outside
/// the namespace (`getppid` is 0).
struct Home {
    namespaces: libc::c_int,
    /// `CHANGES` when it was made.
    changes: u64,
    init: libc::pid_t,
    /// The init's stack, in use for as long as it lives (unmapped after
    /// `drop` has reaped it).
    _stack: Stack,
    /// The mount namespace, entered by each run.
    mounts: OwnedFd,
    /// The thread that starts the runs, inside the PID namespace.
    spawner: Spawner,
    /// Set by the init once a sweep is done (a futex word).
    swept: Box<AtomicU32>,
}

/// A thread of the judge whose children start in a home's PID namespace
/// (`setns` changes where the calling thread's children start, and an
/// unprivileged judge could not change it back to its own): it clones
/// each run of the home's thread on its behalf, so that the run is the
/// judge's child, reaped and measured by `wait4` as any other.
struct Spawner {
    /// The address of a run's `Shared`; `None` ends the thread.
    requests: mpsc::SyncSender<Option<usize>>,
    replies: mpsc::Receiver<io::Result<Started>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Spawner {
    /// Starts the thread; it enters the PID namespace `pids` first.
    fn new(pids: OwnedFd) -> io::Result<Spawner> {
        let (requests, take) = mpsc::sync_channel::<Option<usize>>(0);
        let (answer, replies) = mpsc::sync_channel(0);
        let thread = std::thread::Builder::new()
            .name("spawner".into())
            .spawn(move || {
                // SAFETY: changes where this thread's children start.
                let entered = match unsafe { libc::setns(pids.as_raw_fd(), libc::CLONE_NEWPID) } {
                    0 => Ok(()),
                    _ => Err(io::Error::last_os_error().raw_os_error()),
                };
                drop(pids);
                while let Ok(Some(address)) = take.recv() {
                    let started = match entered {
                        // SAFETY: the address of the `Shared` of `spawn`,
                        // whose thread waits for this reply.
                        Ok(()) => clone_child(unsafe { &mut *(address as *mut Shared) }),
                        Err(e) => Err(io::Error::from_raw_os_error(e.unwrap_or(libc::EINVAL))),
                    };
                    if answer.send(started).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Spawner {
            requests,
            replies,
            thread: Some(thread),
        })
    }

    /// Starts `shared`'s run from the spawner's thread.
    fn start(&self, shared: &mut Shared) -> io::Result<Started> {
        let gone = || io::Error::other("the thread that starts runs in their namespaces is gone");
        let address = shared as *mut Shared as usize;
        self.requests.send(Some(address)).map_err(|_| gone())?;
        self.replies.recv().map_err(|_| gone())?
    }
}

impl Drop for Spawner {
    fn drop(&mut self) {
        let _ = self.requests.send(None);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// What the init reads at its start, until it reports.
struct InitArg {
    report: RawFd,
    judge: libc::pid_t,
    swept: *const AtomicU32,
}

impl Home {
    fn make(namespaces: libc::c_int) -> io::Result<Home> {
        let changes = CHANGES.load(Ordering::SeqCst);
        let open = |path: &str| -> io::Result<OwnedFd> { Ok(std::fs::File::open(path)?.into()) };
        let stack = Stack::map()?;
        let swept = Box::new(AtomicU32::new(0));
        let mut fds = [0; 2];
        // SAFETY: `fds` has room for the two descriptors.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return Err(io::Error::last_os_error());
        }
        let [read, write] = fds;
        let mut arg = InitArg {
            report: write,
            // SAFETY: `getpid` has no preconditions.
            judge: unsafe { libc::getpid() },
            swept: &*swept,
        };
        let flags = libc::CLONE_VM | libc::SIGCHLD | namespaces;
        // The init is listed before any other thread can ask: another
        // thread's reaper that finds it among the judge's children waits
        // for the list (`is_home_init`), and so never kills it as an orphan.
        let mut inits = INITS.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: as in `clone_child`; the init's stack is the home's, and
        // lives until the init is reaped (`Drop`); `arg` lives until the
        // init reports (the read below), and the init takes a copy of the
        // descriptors it reports on.
        let pid = unsafe {
            let mut all: libc::sigset_t = std::mem::zeroed();
            let mut before: libc::sigset_t = std::mem::zeroed();
            libc::sigfillset(&mut all);
            libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut before);
            let pid = libc::clone(init_main, stack.top(), flags, (&raw mut arg).cast());
            let e = io::Error::last_os_error();
            libc::pthread_sigmask(libc::SIG_SETMASK, &before, ptr::null_mut());
            libc::close(write);
            if pid < 0 {
                libc::close(read);
                return Err(e);
            }
            pid
        };
        inits.push(pid);
        drop(inits);
        let mut report = [0u8; 4];
        let mut got = 0;
        while got < report.len() {
            // SAFETY: reads into the rest of `report`.
            let n =
                unsafe { libc::read(read, report[got..].as_mut_ptr().cast(), report.len() - got) };
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
        let namespace = |kind: &str| open(&format!("/proc/{pid}/ns/{kind}"));
        let made = match error {
            0 => namespace("mnt").and_then(|mounts| Ok((mounts, Spawner::new(namespace("pid")?)?))),
            _ => Err(io::Error::from_raw_os_error(error)),
        };
        let home = |(mounts, spawner)| Home {
            namespaces,
            changes,
            init: pid,
            _stack: stack,
            mounts,
            spawner,
            swept,
        };
        match made {
            Ok(made) => Ok(home(made)),
            Err(e) => {
                // SAFETY: kills and reaps our own child.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                    libc::waitpid(pid, ptr::null_mut(), libc::__WALL);
                }
                INITS
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .retain(|&p| p != pid);
                Err(e)
            }
        }
    }

    /// Whether its init still lives (or at least has not been reaped and
    /// has not ended).
    fn alive(&self) -> bool {
        // SAFETY: `info` is written by the kernel; the init is our child
        // until reaped, so its pid cannot be another's.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT | libc::__WALL;
            libc::waitid(libc::P_PID, self.init as u32, &mut info, flags) == 0 && info.si_pid() == 0
        }
    }

    /// Asks the init to kill every other process of the namespace and
    /// waits until it has (their zombies reaped); false if the init is
    /// gone.
    fn sweep(&self) -> bool {
        self.swept.store(0, Ordering::SeqCst);
        // SAFETY: signals our own child.
        if unsafe { libc::kill(self.init, libc::SIGUSR1) } != 0 {
            return false;
        }
        let tick = libc::timespec {
            tv_sec: 0,
            tv_nsec: 20_000_000,
        };
        while self.swept.load(Ordering::SeqCst) == 0 {
            // SAFETY: waits on a word of ours while it is 0, at most a tick.
            unsafe {
                libc::syscall(
                    libc::SYS_futex,
                    self.swept.as_ptr(),
                    libc::FUTEX_WAIT | libc::FUTEX_PRIVATE_FLAG,
                    0u32,
                    &tick,
                );
            }
            if self.swept.load(Ordering::SeqCst) == 0 && !self.alive() {
                return false;
            }
        }
        true
    }
}

impl Drop for Home {
    /// Kills the init, and so the namespace, and reaps it before its
    /// stack is unmapped.
    fn drop(&mut self) {
        // SAFETY: the init is our child until reaped here.
        unsafe {
            libc::kill(self.init, libc::SIGKILL);
            while libc::waitpid(self.init, ptr::null_mut(), libc::__WALL) < 0
                && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
            {}
        }
        INITS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|&p| p != self.init);
    }
}

/// The init of a home: PID 1 of its namespaces. Every signal stays blocked
/// (SIGKILL from the judge still ends it, and with it the namespace); it
/// waits for the two it serves. It shares the judge's memory and, having
/// no thread of its own, the C library's `errno` of the judge's thread
/// that made it: after its start it makes its system calls raw (`raw`),
/// so that none of its failures is seen by the judge.
extern "C" fn init_main(arg: *mut c_void) -> libc::c_int {
    // SAFETY: `arg` is the `InitArg` of `Home::make`, alive until the
    // report; what outlives it is copied first.
    let (report, judge, swept) = unsafe {
        let arg = &*arg.cast::<InitArg>();
        (arg.report, arg.judge, arg.swept)
    };
    if let Err(e) = own_proc(judge) {
        fail(report, e);
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
    // SAFETY: our descriptor.
    unsafe { libc::close(report) };
    // SAFETY: a signal set on the stack, given to the kernel.
    let set = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, libc::SIGCHLD);
        libc::sigaddset(&mut set, libc::SIGUSR1);
        set
    };
    loop {
        // SAFETY: waits for one of `set` (the kernel's set is 8 bytes).
        let signal =
            unsafe { raw::syscall4(libc::SYS_rt_sigtimedwait, &raw const set as usize, 0, 0, 8) };
        // Reaps every adopted orphan that ended.
        // SAFETY: no out-pointers.
        while unsafe {
            raw::syscall4(
                libc::SYS_wait4,
                -1isize as usize,
                0,
                (libc::WNOHANG | libc::__WALL) as usize,
                0,
            )
        } > 0
        {}
        if signal == libc::SIGUSR1 as isize {
            // SAFETY: as PID 1 of the namespace, `kill(-1)` reaches every
            // process in it but this one, and nothing outside; then waits
            // for every child (each killed process's children are adopted
            // before it can be reaped) until there is none.
            unsafe {
                raw::syscall4(
                    libc::SYS_kill,
                    -1isize as usize,
                    libc::SIGKILL as usize,
                    0,
                    0,
                );
                while raw::syscall4(
                    libc::SYS_wait4,
                    -1isize as usize,
                    0,
                    libc::__WALL as usize,
                    0,
                ) > 0
                {}
                (*swept).store(1, Ordering::SeqCst);
                raw::syscall4(
                    libc::SYS_futex,
                    (*swept).as_ptr() as usize,
                    (libc::FUTEX_WAKE | libc::FUTEX_PRIVATE_FLAG) as usize,
                    1,
                    0,
                );
            }
        }
    }
}

/// System calls that return the kernel's result (a negative errno on
/// failure) and never write `errno`.
mod raw {
    /// `syscall(number, a, b, c, d)`.
    ///
    /// # Safety
    /// As the system call asks of its arguments.
    #[cfg(target_arch = "x86_64")]
    pub unsafe fn syscall4(number: libc::c_long, a: usize, b: usize, c: usize, d: usize) -> isize {
        let result: isize;
        // SAFETY: the x86-64 system call convention; the caller answers
        // for the arguments.
        unsafe {
            std::arch::asm!(
                "syscall",
                inlateout("rax") number as isize => result,
                in("rdi") a,
                in("rsi") b,
                in("rdx") c,
                in("r10") d,
                lateout("rcx") _,
                lateout("r11") _,
                options(nostack),
            );
        }
        result
    }

    /// `syscall(number, a, b, c, d)`.
    ///
    /// # Safety
    /// As the system call asks of its arguments.
    #[cfg(target_arch = "aarch64")]
    pub unsafe fn syscall4(number: libc::c_long, a: usize, b: usize, c: usize, d: usize) -> isize {
        let result: isize;
        // SAFETY: the AArch64 system call convention; the caller answers
        // for the arguments.
        unsafe {
            std::arch::asm!(
                "svc 0",
                in("x8") number,
                inlateout("x0") a as isize => result,
                in("x1") b,
                in("x2") c,
                in("x3") d,
                options(nostack),
            );
        }
        result
    }

    /// `syscall(number, a, b, c, d)`, through the C library elsewhere.
    ///
    /// # Safety
    /// As the system call asks of its arguments.
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    pub unsafe fn syscall4(number: libc::c_long, a: usize, b: usize, c: usize, d: usize) -> isize {
        // SAFETY: as the caller promises.
        unsafe { libc::syscall(number, a, b, c, d) as isize }
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

/// Everything between the clone and `execve`: first into `shared`'s mount
/// namespace (if any), whose `/proc` is the child's PID namespace's, and
/// onto its CPUs.
fn prepare(shared: &Shared) -> io::Result<()> {
    let (launch, parent) = (shared.launch, shared.parent);
    let check = |r: libc::c_int| match r < 0 {
        true => Err(io::Error::last_os_error()),
        false => Ok(()),
    };
    // SAFETY: wrappers of single system calls, on descriptors, a path and
    // signal sets that outlive the child's use of them.
    unsafe {
        if shared.mounts >= 0 {
            check(libc::setns(shared.mounts, libc::CLONE_NEWNS))?;
        }
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

#[cfg(test)]
mod tests {
    use std::io::{Read, Seek};
    use std::os::fd::AsRawFd;

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
        if namespaces != 0 {
            sweep();
        }
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
        let (status, _) = run_in(PID, &["/bin/sh", "-c", "sleep 30 & exit 0"], &[], &[]).unwrap();
        assert_eq!(status, 0);
        let init = home_init().unwrap();
        let adopted =
            std::fs::read_to_string(format!("/proc/{init}/task/{init}/children")).unwrap();
        assert_eq!(adopted.trim(), "", "left in the namespace after the run");
        // The next run in the same namespaces sees no other process.
        let (_, out) = run_in(
            PID,
            &["/bin/sh", "-c", "ls /proc | grep -c '^[0-9]'"],
            &[],
            &[],
        )
        .unwrap();
        assert!(out.trim().parse::<u32>().unwrap() <= 4, "{out}");
        // SAFETY: polls for any child left.
        let left = unsafe { libc::waitpid(-1, std::ptr::null_mut(), libc::WNOHANG) };
        assert!(left <= 0, "an unreaped child: {left}");

        // On the CPUs of the thread that asked, not of the spawner's.
        let pinned = crate::cpu::pin_thread().unwrap();
        let (_, out) = run_in(
            PID,
            &["/bin/grep", "Cpus_allowed_list", "/proc/self/status"],
            &[],
            &[],
        )
        .unwrap();
        assert_eq!(
            out.split_whitespace().nth(1),
            Some(&*pinned.cpu().to_string()),
            "{out}"
        );
        drop(pinned);

        // A step that fails is the error, as without namespaces.
        let refuse: InChild = Box::new(|| Err(io::Error::from_raw_os_error(libc::EPERM)));
        let e = run_in(PID, &["/bin/true"], &[], &[refuse]).unwrap_err();
        assert_eq!(e.raw_os_error(), Some(libc::EPERM));
        let e = run_in(PID, &["/no/such/program"], &[], &[]).unwrap_err();
        assert_eq!(e.raw_os_error(), Some(libc::ENOENT));
    }
}
