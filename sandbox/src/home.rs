//! A home for one judge thread's runs in namespaces of their own (a PID
//! namespace, and the mount namespace whose `/proc` shows it): made once
//! (made for each run, they cost it 0.46 ms: the mounts, then the
//! teardown), emptied after each run.
//!
//! Its PID 1 is an init that shares the judge's memory and table of
//! descriptors (as a run does until `execve`). It mounts `/proc` and covers
//! its own entry, then waits for signals: it reaps the orphans it adopts,
//! and does what the judge's thread asks in the home's [`Slot`] — start a
//! run, reap it, kill everything else in the namespace. So a run is the
//! init's child, as under isolate: its parent is visible (`getppid` is 1),
//! and beyond its reach (the kernel drops the signals a process sends the
//! init of its own namespace, which handles none), and `kill(-1, ...)`
//! reaches only the run's own processes.
//!
//! A run must not be PID 1 itself: the kernel drops the signals a PID 1
//! sends itself (a failed `assert`'s `abort`, `kill(0, ...)`), and it would
//! adopt every orphan. The init reaps the orphans as they end, but not the
//! run: it stays a zombie, its pid and session pinned, until the judge has
//! killed what is left of it, and the init keeps its status for the judge.
//!
//! The init has no thread of its own: it and the runs it starts (until
//! their `execve`) use the C library's thread data, `errno` among it, of
//! the judge's thread that made it. That thread waits for every answer with
//! raw system calls only (`raw`), touching none of it; and the init, between
//! questions, makes raw system calls only.

use std::cell::{RefCell, UnsafeCell};
use std::ffi::c_void;
use std::io;
use std::os::fd::{FromRawFd, OwnedFd};
use std::ptr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use crate::spawn::{Launch, Shared, Stack, Started, child};

thread_local! {
    /// The namespaces this thread's runs start in, made at its first run
    /// that has them and kept until the thread ends.
    static HOME: RefCell<Option<Home>> = const { RefCell::new(None) };
}

/// How many times the judge changed its own namespaces (its network):
/// a home made before is in the old ones.
static CHANGES: AtomicU64 = AtomicU64::new(0);

/// The inits of every thread's home: children of the judge that are no
/// run's.
static INITS: Mutex<Vec<libc::pid_t>> = Mutex::new(Vec::new());

/// A question's state, the word both sides wait on.
const IDLE: u32 = 0;
const ASKED: u32 = 1;
const DONE: u32 = 2;

/// The questions: the first is the init's own start.
const BOOT: u32 = 0;
const START: u32 = 1;
const REAP: u32 = 2;
const SWEEP: u32 = 3;

/// What the judge's thread asks of its home's init and what the init
/// answers, in the judge's memory. `state` orders the rest: the judge
/// writes a question, then `ASKED`; the init writes its answer, then
/// `DONE`. Each field is written by one side while the other waits.
struct Slot {
    state: AtomicU32,
    op: UnsafeCell<u32>,
    /// The judge's pid (the init dies with it), and the top of the stack
    /// the init starts runs on: fixed when the home is made.
    judge: libc::pid_t,
    run_stack: usize,
    /// START: the address of the run's `Shared`; the answer: the run's pid
    /// in the namespace and its pidfd (in the judge's table of descriptors).
    shared: UnsafeCell<usize>,
    pid: UnsafeCell<libc::pid_t>,
    pidfd: UnsafeCell<libc::c_int>,
    /// The run's wait status and what it used, once `reaped` (by a sweep
    /// or by REAP); REAP's answer.
    status: UnsafeCell<libc::c_int>,
    usage: UnsafeCell<libc::rusage>,
    reaped: UnsafeCell<bool>,
    /// Why the question failed (an errno), 0 if it did not.
    error: UnsafeCell<i32>,
}

/// PID namespace and mounts, kept for one thread's runs.
struct Home {
    namespaces: libc::c_int,
    /// `CHANGES` when it was made.
    changes: u64,
    init: libc::pid_t,
    /// The init's stack and its runs', in use for as long as it lives
    /// (unmapped after `drop` has reaped it).
    _stacks: [Stack; 2],
    slot: Box<Slot>,
}

/// Starts the run `launch` describes in this thread's home for its
/// namespaces, made first if there is none (or the one there is cannot
/// take it); returns once it runs the program.
pub fn start(launch: &Launch) -> io::Result<Started> {
    let namespaces = launch.namespaces;
    let mut shared = Shared::in_namespace(launch);
    HOME.with_borrow_mut(|home| {
        // A home whose init is gone (killed with the judge's thread, or by
        // the machine), or made before the judge changed its namespaces,
        // takes no runs: the next is made.
        let changed = CHANGES.load(Ordering::SeqCst);
        if home
            .as_ref()
            .is_some_and(|h| h.namespaces != namespaces || h.changes != changed || !h.alive())
        {
            *home = None;
        }
        let home = match home {
            Some(home) => home,
            None => home.insert(Home::make(namespaces)?),
        };
        home.start(&mut shared)
    })
}

/// Reaps the run this thread started in its home, once it has ended: its
/// wait status and what it used.
pub fn reap() -> io::Result<(i32, libc::rusage)> {
    HOME.with_borrow(|home| {
        let home = home.as_ref().ok_or_else(gone)?;
        home.ask(REAP)?;
        // SAFETY: written by the init before it answered.
        unsafe { Ok((*home.slot.status.get(), *home.slot.usage.get())) }
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

/// Kills every process in this thread's home but its init (and reaps them,
/// but the run, which the judge reaps): at the end of each run, so that the
/// next finds none.
pub fn sweep() {
    HOME.with_borrow_mut(|home| {
        if home.as_ref().is_some_and(|home| home.ask(SWEEP).is_err()) {
            // Its init is gone, and with it the namespace.
            *home = None;
        }
    })
}

/// The init of this thread's home, if it has one: the run and its orphans
/// are its children.
pub fn home_init() -> Option<libc::pid_t> {
    HOME.with_borrow(|home| home.as_ref().map(|home| home.init))
}

/// Says that the judge changed its namespaces: the homes made before are
/// made again at their next run.
pub fn namespaces_changed() {
    CHANGES.fetch_add(1, Ordering::SeqCst);
}

/// Whether `pid` is the init of a thread's home.
pub fn is_home_init(pid: libc::pid_t) -> bool {
    INITS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .contains(&pid)
}

fn gone() -> io::Error {
    io::Error::other("the init of the run's PID namespace is gone")
}

impl Home {
    fn make(namespaces: libc::c_int) -> io::Result<Home> {
        let changes = CHANGES.load(Ordering::SeqCst);
        let stacks = [Stack::map()?, Stack::map()?];
        let slot = Box::new(Slot {
            state: AtomicU32::new(ASKED),
            op: UnsafeCell::new(BOOT),
            // SAFETY: `getpid` has no preconditions.
            judge: unsafe { libc::getpid() },
            run_stack: stacks[1].top() as usize,
            shared: UnsafeCell::new(0),
            pid: UnsafeCell::new(0),
            pidfd: UnsafeCell::new(-1),
            status: UnsafeCell::new(0),
            // SAFETY: an all-zero rusage is valid.
            usage: UnsafeCell::new(unsafe { std::mem::zeroed() }),
            reaped: UnsafeCell::new(false),
            error: UnsafeCell::new(0),
        });
        let flags = libc::CLONE_VM | libc::CLONE_FILES | libc::SIGCHLD | namespaces;
        // The init is listed before any other thread can ask: another
        // thread's reaper that finds it among the judge's children waits
        // for the list (`is_home_init`), and so never kills it as an orphan.
        let mut inits = INITS.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: the init runs on a stack of the home's, with the slot,
        // both of which live until `drop` has reaped it; every signal is
        // blocked across the clone, so the init starts with all blocked.
        let pid = unsafe {
            let mut all: libc::sigset_t = std::mem::zeroed();
            let mut before: libc::sigset_t = std::mem::zeroed();
            libc::sigfillset(&mut all);
            libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut before);
            let arg = (&*slot as *const Slot).cast_mut().cast();
            let pid = libc::clone(init_main, stacks[0].top(), flags, arg);
            let e = io::Error::last_os_error();
            libc::pthread_sigmask(libc::SIG_SETMASK, &before, ptr::null_mut());
            if pid < 0 {
                return Err(e);
            }
            pid
        };
        inits.push(pid);
        drop(inits);
        let home = Home {
            namespaces,
            changes,
            init: pid,
            _stacks: stacks,
            slot,
        };
        // Its answer to BOOT; failing, the drop kills and reaps it.
        home.answer()?;
        Ok(home)
    }

    /// Starts a run: the init clones it, and answers once it runs its
    /// program (or failed to).
    fn start(&self, shared: &mut Shared) -> io::Result<Started> {
        // SAFETY: the init reads it only while this thread waits.
        unsafe { *self.slot.shared.get() = shared as *mut Shared as usize };
        self.ask(START)?;
        // SAFETY: written by the init before it answered.
        let pidfd = unsafe { OwnedFd::from_raw_fd(*self.slot.pidfd.get()) };
        match pid_of(&pidfd) {
            Ok(pid) => Ok(Started { pid, in_home: true }),
            // A run the judge cannot watch is killed at once.
            Err(e) => {
                let _ = self.ask(SWEEP).and_then(|()| self.ask(REAP));
                Err(e)
            }
        }
    }

    /// Asks the init `op` and waits for its answer.
    fn ask(&self, op: u32) -> io::Result<()> {
        // SAFETY: the init reads it only once `state` says ASKED.
        unsafe { *self.slot.op.get() = op };
        self.slot.state.store(ASKED, Ordering::SeqCst);
        // SAFETY: signals our own child, with a raw system call (see the
        // module's comment).
        let sent = unsafe {
            raw::syscall5(
                libc::SYS_kill,
                self.init as usize,
                libc::SIGUSR1 as usize,
                0,
                0,
                0,
            )
        };
        if sent != 0 {
            self.slot.state.store(IDLE, Ordering::SeqCst);
            return Err(gone());
        }
        self.answer()
    }

    /// Waits until the init answers the question asked: raw system calls
    /// only, for the init and the run it starts may use this thread's
    /// `errno` meanwhile.
    fn answer(&self) -> io::Result<()> {
        let tick = libc::timespec {
            tv_sec: 0,
            tv_nsec: 20_000_000,
        };
        while self.slot.state.load(Ordering::SeqCst) != DONE {
            // SAFETY: waits on a word of ours while it is ASKED, at most a
            // tick.
            unsafe {
                raw::syscall5(
                    libc::SYS_futex,
                    self.slot.state.as_ptr() as usize,
                    (libc::FUTEX_WAIT | libc::FUTEX_PRIVATE_FLAG) as usize,
                    ASKED as usize,
                    &raw const tick as usize,
                    0,
                );
            }
            if self.slot.state.load(Ordering::SeqCst) != DONE && !self.alive() {
                self.slot.state.store(IDLE, Ordering::SeqCst);
                return Err(gone());
            }
        }
        self.slot.state.store(IDLE, Ordering::SeqCst);
        // SAFETY: written by the init before it answered.
        match unsafe { *self.slot.error.get() } {
            0 => Ok(()),
            error => Err(io::Error::from_raw_os_error(error)),
        }
    }

    /// Whether its init still lives (or at least has not ended), asked
    /// with a raw system call.
    fn alive(&self) -> bool {
        // SAFETY: `info` is written by the kernel; the init is our child
        // until reaped, so its pid cannot be another's.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT | libc::__WALL;
            raw::syscall5(
                libc::SYS_waitid,
                libc::P_PID as usize,
                self.init as usize,
                &raw mut info as usize,
                flags as usize,
                0,
            ) == 0
                && info.si_pid() == 0
        }
    }
}

impl Drop for Home {
    /// Kills the init, and so the namespace, and reaps it before its
    /// stacks are unmapped and its slot freed.
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

/// The pid, in the judge's namespace, of the process `pidfd` refers to.
fn pid_of(pidfd: &OwnedFd) -> io::Result<libc::pid_t> {
    use std::os::fd::AsRawFd;
    let path = format!("/proc/self/fdinfo/{}", pidfd.as_raw_fd());
    let info = std::fs::read_to_string(&path)?;
    (info.lines())
        .find_map(|line| line.strip_prefix("Pid:")?.trim().parse().ok())
        .filter(|&pid: &libc::pid_t| pid > 0)
        .ok_or_else(|| io::Error::other(format!("{path}: no live process")))
}

impl Slot {
    /// The init answers: `error` (0 if none), then DONE, and wakes the
    /// judge's thread.
    fn answer(&self, error: i32) {
        // SAFETY: the judge reads it only once `state` says DONE.
        unsafe { *self.error.get() = error };
        self.state.store(DONE, Ordering::SeqCst);
        // SAFETY: wakes the judge's thread waiting on the word.
        unsafe {
            raw::syscall5(
                libc::SYS_futex,
                self.state.as_ptr() as usize,
                (libc::FUTEX_WAKE | libc::FUTEX_PRIVATE_FLAG) as usize,
                1,
                0,
                0,
            );
        }
    }

    /// START, in the init: clones the run on the home's run stack, with no
    /// exit signal and a pidfd for the judge; returns once it runs its
    /// program (`CLONE_VFORK`). Its error, 0 if none.
    fn start(&self) -> i32 {
        // SAFETY: the run's `Shared`, alive while the judge's thread waits;
        // the clone's stack and the pidfd's place are the home's. The C
        // library's wrapper may set `errno`: the judge's thread waits.
        unsafe {
            let shared = *self.shared.get() as *mut Shared;
            let flags = libc::CLONE_VM | libc::CLONE_VFORK | libc::CLONE_PIDFD | libc::SIGCHLD;
            let stack = self.run_stack as *mut c_void;
            let pid = libc::clone(child, stack, flags, shared.cast(), self.pidfd.get());
            if pid < 0 {
                return io::Error::last_os_error()
                    .raw_os_error()
                    .unwrap_or(libc::EAGAIN);
            }
            let error = (*shared).error;
            if error != 0 {
                wait(pid, ptr::null_mut(), libc::__WALL, ptr::null_mut());
                raw::syscall5(libc::SYS_close, *self.pidfd.get() as usize, 0, 0, 0, 0);
                return error;
            }
            *self.pid.get() = pid;
            *self.reaped.get() = false;
            0
        }
    }

    /// REAP, in the init: the run's status, reaped now if a sweep has not
    /// (it has ended, or was killed); then there is no run.
    fn reap(&self) -> i32 {
        // SAFETY: the pid is the init's child; the out-pointers are the
        // slot's, the judge's thread waiting.
        unsafe {
            let error = match *self.reaped.get() {
                true => 0,
                false => {
                    let r = wait(
                        *self.pid.get(),
                        self.status.get(),
                        libc::__WALL,
                        self.usage.get(),
                    );
                    if r < 0 { -r as i32 } else { 0 }
                }
            };
            *self.pid.get() = 0;
            error
        }
    }

    /// SWEEP, in the init: as PID 1 of the namespace, `kill(-1)` reaches
    /// every process in it but this one, and nothing outside; then it
    /// reaps every child (each killed process's children are adopted
    /// before it can be reaped) until there is none, keeping the run's
    /// status.
    fn sweep(&self) -> i32 {
        // SAFETY: raw system calls; the out-pointers are on the stack, and
        // the slot's while the judge's thread waits.
        unsafe {
            raw::syscall5(
                libc::SYS_kill,
                -1isize as usize,
                libc::SIGKILL as usize,
                0,
                0,
                0,
            );
            loop {
                let mut status = 0;
                let mut usage: libc::rusage = std::mem::zeroed();
                let pid = wait(-1, &mut status, libc::__WALL, &mut usage);
                if pid <= 0 {
                    return 0;
                }
                if pid == *self.pid.get() as isize && !*self.reaped.get() {
                    (*self.status.get(), *self.usage.get()) = (status, usage);
                    *self.reaped.get() = true;
                }
            }
        }
    }

    /// Reaps every orphan that has ended, never the run: it stays a zombie
    /// until the judge has killed what is left of it (and the orphans that
    /// end after it wait for the sweep).
    fn reap_orphans(&self) {
        loop {
            // SAFETY: `info` is written by the kernel; `WNOWAIT` looks
            // without reaping, then only an orphan is reaped.
            unsafe {
                let mut info: libc::siginfo_t = std::mem::zeroed();
                let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT | libc::__WALL;
                let r = raw::syscall5(
                    libc::SYS_waitid,
                    libc::P_ALL as usize,
                    0,
                    &raw mut info as usize,
                    flags as usize,
                    0,
                );
                let pid = info.si_pid();
                if r != 0 || pid == 0 || pid == *self.pid.get() {
                    return;
                }
                wait(pid, ptr::null_mut(), libc::__WALL, ptr::null_mut());
            }
        }
    }
}

/// `wait4`, raw, in the init: the pid reaped, 0 for none yet (`WNOHANG`),
/// or a negative errno.
///
/// # Safety
/// The out-pointers are null or valid.
unsafe fn wait(pid: libc::pid_t, status: *mut i32, flags: i32, usage: *mut libc::rusage) -> isize {
    // SAFETY: as the caller promises.
    unsafe {
        raw::syscall5(
            libc::SYS_wait4,
            pid as usize,
            status as usize,
            flags as usize,
            usage as usize,
            0,
        )
    }
}

/// The init of a home: PID 1 of its namespaces. Every signal stays blocked
/// (SIGKILL from the judge still ends it, and with it the namespace); it
/// waits for SIGCHLD, to reap the orphans it adopted, and SIGUSR1, which
/// the judge's thread sends once it has asked in the slot (a process of the
/// namespace may send it too: the slot, not the signal, says what is asked).
extern "C" fn init_main(arg: *mut c_void) -> libc::c_int {
    // SAFETY: `arg` is the home's slot, which lives until the init is reaped.
    let slot = unsafe { &*arg.cast::<Slot>() };
    let booted = match own_proc(slot.judge) {
        Ok(()) => 0,
        Err(e) => e.raw_os_error().unwrap_or(libc::EINVAL),
    };
    slot.answer(booted);
    if booted != 0 {
        // SAFETY: ends the init alone.
        unsafe { libc::_exit(127) }
    }
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
        unsafe {
            raw::syscall5(
                libc::SYS_rt_sigtimedwait,
                &raw const set as usize,
                0,
                0,
                8,
                0,
            )
        };
        slot.reap_orphans();
        if slot.state.load(Ordering::SeqCst) != ASKED {
            continue;
        }
        // SAFETY: written by the judge's thread before it asked.
        let error = match unsafe { *slot.op.get() } {
            START => slot.start(),
            REAP => slot.reap(),
            SWEEP => slot.sweep(),
            _ => libc::EINVAL,
        };
        slot.answer(error);
    }
}

/// System calls that return the kernel's result (a negative errno on
/// failure) and never write `errno`.
mod raw {
    /// `syscall(number, a, b, c, d, e)`.
    ///
    /// # Safety
    /// As the system call asks of its arguments.
    #[cfg(target_arch = "x86_64")]
    pub unsafe fn syscall5(
        number: libc::c_long,
        a: usize,
        b: usize,
        c: usize,
        d: usize,
        e: usize,
    ) -> isize {
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
                in("r8") e,
                lateout("rcx") _,
                lateout("r11") _,
                options(nostack),
            );
        }
        result
    }

    /// `syscall(number, a, b, c, d, e)`.
    ///
    /// # Safety
    /// As the system call asks of its arguments.
    #[cfg(target_arch = "aarch64")]
    pub unsafe fn syscall5(
        number: libc::c_long,
        a: usize,
        b: usize,
        c: usize,
        d: usize,
        e: usize,
    ) -> isize {
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
                in("x4") e,
                options(nostack),
            );
        }
        result
    }

    /// `syscall(number, a, b, c, d, e)`, through the C library elsewhere
    /// (which may then write `errno`).
    ///
    /// # Safety
    /// As the system call asks of its arguments.
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    pub unsafe fn syscall5(
        number: libc::c_long,
        a: usize,
        b: usize,
        c: usize,
        d: usize,
        e: usize,
    ) -> isize {
        // SAFETY: as the caller promises.
        let r = unsafe { libc::syscall(number, a, b, c, d, e) as isize };
        match r {
            -1 => -(std::io::Error::last_os_error().raw_os_error().unwrap_or(0) as isize),
            r => r,
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layer::InChild;
    use crate::spawn::support;

    /// Runs `argv` with `steps` in this thread's home for `namespaces`,
    /// then sweeps it; its wait status and what it wrote.
    fn run_in(
        namespaces: libc::c_int,
        argv: &[&str],
        env: &[&str],
        steps: &[InChild],
    ) -> io::Result<(i32, String)> {
        let ran = support::run_with(start, |_| reap(), namespaces, argv, env, steps);
        sweep();
        ran
    }

    /// As root (or inside a user namespace where the judge is): the run
    /// sees only itself and its children, its parent is the namespace's
    /// init, which it cannot kill, it signals itself as anywhere else, and
    /// what it leaves behind ends with it.
    #[test]
    fn a_run_in_a_pid_namespace_sees_only_itself() {
        const PID: libc::c_int = libc::CLONE_NEWPID | libc::CLONE_NEWNS;
        if !namespaces_work(PID) {
            eprintln!("skipped: no PID namespace here");
            return;
        }
        let script = "echo $$ $PPID; kill -KILL $PPID; kill -KILL -1; ls /proc | grep -c '^[0-9]'; cat /proc/1/cmdline; echo; exit 4";
        let (status, out) = run_in(PID, &["/bin/sh", "-c", script], &[], &[]).unwrap();
        assert!(
            libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 4,
            "{status:x}"
        );
        // Itself (2) under the init (1, its entry covered), and the init,
        // itself, `ls` and `grep` in `/proc`.
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "2 1", "{out}");
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

    #[test]
    fn the_parent_read_in_proc_is_the_parent() {
        // SAFETY: `getppid` has no preconditions.
        assert_eq!(parent().unwrap(), unsafe { libc::getppid() });
    }

    #[test]
    fn raw_system_calls_return_the_kernels_answer() {
        // SAFETY: plain system calls.
        unsafe {
            let me = raw::syscall5(libc::SYS_getpid, 0, 0, 0, 0, 0);
            assert_eq!(me, libc::getpid() as isize);
            let bad = raw::syscall5(libc::SYS_close, -1isize as usize, 0, 0, 0, 0);
            assert_eq!(bad, -(libc::EBADF as isize));
        }
    }
}
