//! The Linux sandbox: containment, limits, kill and measurement for one
//! run, in layers that each work where the machine allows them, detected
//! once at start-up (`judge doctor` shows them; `docs/running.md` explains
//! each and what is left open where one is missing).
//!
//! For every run:
//! * stdin, stdout and stderr are files opened by the judge, never pipes:
//!   the run gets descriptors, not paths, and `RLIMIT_FSIZE` bounds its
//!   output; every other descriptor it inherited is closed at `exec`. An
//!   interactive run gets pipes to the judge instead of stdin and stdout
//!   (`RunSpec::pipes`), and the judge bounds what it relays;
//! * it leads a session of its own and dies with the thread that started
//!   it (`PR_SET_PDEATHSIG`); rlimits (never above the judge's own hard
//!   limits) bound CPU time as a backstop, file size, core dumps, stack;
//! * processes: a control group per worker holds every process of the run
//!   (see `cgroup.rs`), or, without control groups, the judge adopts and
//!   hunts down its descendants (`reaper.rs`); either way none survives;
//! * memory: capped by the control group, or sampled every few
//!   milliseconds and the run killed once over its cap;
//! * files: Landlock confines the run to the system, its program and its
//!   own working folder (`landlock.rs`);
//! * as root, a submission whose program `nobody` can reach runs as
//!   `nobody`;
//! * the wall clock is watched with a pidfd; Ctrl-C and SIGTERM wake every
//!   wait, kill every live run, and no new run starts;
//! * CPU time is the control group's, over all processes of the run, or
//!   the leader's `wait4` rusage; peak memory is `ru_maxrss`.
//!
//! This module and its siblings are the only code with `unsafe`.

use std::collections::{BTreeMap, HashMap};
use std::ffi::{CString, OsString};
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock, Mutex, RwLock};
use std::time::{Duration, Instant};

use crate::cgroup::{Cgroups, Version};
use crate::landlock::{self, Prepared};
use crate::reaper::{self, Reaper};
use crate::{Exit, Isolation, Network, RunOutcome, RunSpec, Sandbox};

/// The most processes a run may have at once (threads count).
const MAX_PROCESSES: u64 = 256;

/// How often the memory of a run is sampled where no control group caps it.
const SAMPLE: Duration = Duration::from_millis(5);

/// The user submissions run as when the judge is root.
const NOBODY: (libc::uid_t, libc::gid_t) = (65534, 65534);

/// The judge's own hard limits, which no run's limits may exceed (a
/// `setrlimit` above them fails, and every spawn with it).
#[derive(Clone, Copy, Debug)]
struct HardLimits {
    cpu: u64,
    fsize: u64,
    stack: u64,
    nproc: u64,
}

fn hard_limit(resource: libc::__rlimit_resource_t) -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `lim` is a valid out-pointer.
    if unsafe { libc::getrlimit(resource, &mut lim) } != 0 {
        return libc::RLIM_INFINITY;
    }
    lim.rlim_max
}

/// Set by the first SIGINT or SIGTERM.
static INTERRUPTED: LazyLock<Arc<AtomicBool>> = LazyLock::new(Arc::default);

/// Returns true if and only if the judge was asked to stop.
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// The read end of a pipe that SIGINT and SIGTERM write to; never drained,
/// so once readable it wakes every wait.
struct Interrupt {
    read: OwnedFd,
}

impl Interrupt {
    fn install() -> io::Result<Interrupt> {
        let mut fds = [0; 2];
        // SAFETY: `fds` has room for the two descriptors.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC | libc::O_NONBLOCK) } != 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: both descriptors were just made and are ours.
        let (read, write) = unsafe {
            use std::os::fd::FromRawFd;
            (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1]))
        };
        let write = File::from(write);
        for signal in [libc::SIGINT, libc::SIGTERM] {
            // A second signal ends the judge at once (runs die with it:
            // PR_SET_PDEATHSIG); the first one stops it cleanly.
            signal_hook::flag::register_conditional_shutdown(signal, 130, INTERRUPTED.clone())?;
            signal_hook::flag::register(signal, INTERRUPTED.clone())?;
            signal_hook::low_level::pipe::register(signal, write.try_clone()?)?;
        }
        Ok(Interrupt { read })
    }
}

/// A folder or file a ruleset grants, and the inode it held then (device,
/// inode number).
type Granted = (PathBuf, u64, u64);

/// Runs programs as children of the kit, contained as far as the machine
/// allows.
pub struct LinuxSandbox {
    /// What runs may read besides their own files: the system, the
    /// toolchains (opened once).
    system: landlock::System,
    /// Each program run so far: its path, and whether `nobody` may run it.
    programs: Mutex<HashMap<OsString, (Option<PathBuf>, bool)>>,
    /// The rulesets of trusted programs, by what they grant.
    rulesets: Mutex<HashMap<Vec<Granted>, Arc<Prepared>>>,
    landlock: Option<i32>,
    cgroups: Option<Cgroups>,
    /// Without control groups: the judge adopts and hunts down orphans.
    reaper: Option<Reaper>,
    /// As root: the user submissions run as.
    run_user: Option<(libc::uid_t, libc::gid_t)>,
    hard: HardLimits,
    /// Without control groups: the `RLIMIT_NPROC` of runs.
    process_cap: Option<u64>,
    interrupt: Option<Interrupt>,
    /// Runs share it; a run alone holds it exclusively.
    alone: RwLock<()>,
    network: Mutex<Network>,
}

impl LinuxSandbox {
    /// Detects what this machine allows, for the kit at `kit_root`.
    pub fn new(kit_root: &Path) -> io::Result<LinuxSandbox> {
        // SAFETY: `geteuid` has no preconditions.
        let root = unsafe { libc::geteuid() } == 0;
        let cgroups = Cgroups::detect();
        let reaper = match cgroups {
            Some(_) => None,
            None => reaper::make_subreaper().then(Reaper::default),
        };
        // Without control groups, RLIMIT_NPROC caps the processes. It
        // counts all of the user's: the cap is what the user has now plus
        // a run's share for each core (runs at once share the room).
        let process_cap = cgroups.is_none().then(|| {
            // SAFETY: `geteuid` has no preconditions.
            let uid = if root {
                NOBODY.0
            } else {
                unsafe { libc::geteuid() }
            };
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
            reaper::tasks_of(uid) + MAX_PROCESSES * cores
        });
        Ok(LinuxSandbox {
            system: landlock::System::open(&landlock::system_paths(kit_root)),
            programs: Mutex::new(HashMap::new()),
            rulesets: Mutex::new(HashMap::new()),
            landlock: landlock::abi_version(),
            cgroups,
            reaper,
            run_user: root.then_some(NOBODY),
            hard: HardLimits {
                cpu: hard_limit(libc::RLIMIT_CPU),
                fsize: hard_limit(libc::RLIMIT_FSIZE),
                stack: hard_limit(libc::RLIMIT_STACK),
                nproc: hard_limit(libc::RLIMIT_NPROC),
            },
            process_cap,
            interrupt: Interrupt::install().ok(),
            alone: RwLock::new(()),
            network: Mutex::new(Network::Shared),
        })
    }
}

/// The environment every run gets: enough for compilers and interpreters,
/// nothing from the user's shell that could change a program's behaviour;
/// temporary files go to the run's own folder.
fn base_env(work: Option<&Path>) -> Vec<(OsString, OsString)> {
    let mut env = vec![
        ("LANG".into(), "C.UTF-8".into()),
        ("LC_ALL".into(), "C.UTF-8".into()),
    ];
    for key in ["PATH", "HOME", "SYSTEMROOT"] {
        if let Some(v) = std::env::var_os(key) {
            env.push((key.into(), v));
        }
    }
    match work {
        Some(dir) => env.push(("TMPDIR".into(), dir.as_os_str().to_os_string())),
        None => {
            if let Some(v) = std::env::var_os("TMPDIR") {
                env.push(("TMPDIR".into(), v));
            }
        }
    }
    env
}

/// Sets a resource limit; between fork and exec, so only `setrlimit`.
fn set_limit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) -> io::Result<()> {
    let lim = libc::rlimit {
        rlim_cur: soft.min(hard),
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

/// The absolute path of a command, as `exec` would find it on `PATH`.
fn resolve(program: &OsString) -> Option<PathBuf> {
    let path = Path::new(program);
    if path.components().count() > 1 {
        return Some(path.to_path_buf());
    }
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(path))
        .find(|p| p.is_file())
}

/// Returns true if and only if any user may reach and run `path`: every
/// folder above it searchable by others, the file readable and executable.
fn reachable_by_others(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    if meta.permissions().mode() & 0o005 != 0o005 {
        return false;
    }
    path.ancestors()
        .skip(1)
        .all(|dir| std::fs::metadata(dir).is_ok_and(|m| m.permissions().mode() & 0o001 != 0))
}

/// Why a run ended, as the wait saw it.
enum Waited {
    Exited,
    WallLimit,
    MemoryCap,
    Interrupted,
}

/// What the judge watches of a run: its processes' memory together (their
/// peak, and against a cap where no control group caps it) and their CPU
/// time.
struct Watch {
    /// Without a control group: the memory over which the run is killed.
    cap: Option<u64>,
    peak_memory: u64,
    /// The last CPU time seen of each process of the run.
    cpu: BTreeMap<libc::pid_t, Duration>,
}

impl Watch {
    fn new(cap: Option<u64>) -> Watch {
        Watch {
            cap,
            peak_memory: 0,
            cpu: BTreeMap::new(),
        }
    }

    /// Looks at the run led by `pid`; true if it is over its cap.
    fn look(&mut self, pid: libc::pid_t) -> bool {
        let mut tree = reaper::descendants(pid);
        tree.push(pid);
        let seen = reaper::sample(&tree);
        self.peak_memory = self.peak_memory.max(seen.memory_bytes);
        self.cpu.extend(seen.cpu);
        self.cap.is_some_and(|cap| seen.memory_bytes > cap)
    }

    /// The CPU time of every process seen, each its own.
    fn cpu(&self) -> Duration {
        self.cpu.values().sum()
    }
}

/// Waits until `pid` exits, the wall limit passes, the judge is
/// interrupted, or (when watched) the run's processes hold more memory
/// than their cap.
fn wait_for(
    pid: libc::pid_t,
    wall: Duration,
    interrupt: Option<&Interrupt>,
    watch: &mut Watch,
) -> Waited {
    // SAFETY: plain syscall; a negative result means pidfds are unavailable.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as i32;
    let deadline = Instant::now() + wall;
    let waited = loop {
        let now = Instant::now();
        if now >= deadline {
            break Waited::WallLimit;
        }
        let mut left = deadline - now;
        left = left.min(SAMPLE);
        let mut fds = [
            libc::pollfd {
                fd: pidfd,
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: interrupt.map_or(-1, |i| i.read.as_raw_fd()),
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        let ms = left.as_millis().min(i32::MAX as u128) as i32 + 1;
        // SAFETY: `fds` is valid for the call; negative fds are ignored.
        let r = unsafe { libc::poll(fds.as_mut_ptr(), 2, ms) };
        if r < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            break Waited::WallLimit;
        }
        if fds[1].revents != 0 {
            break Waited::Interrupted;
        }
        if fds[0].revents != 0 || (pidfd < 0 && has_exited(pid)) {
            break Waited::Exited;
        }
        if watch.look(pid) {
            break Waited::MemoryCap;
        }
    };
    if pidfd >= 0 {
        // SAFETY: we own this descriptor.
        unsafe { libc::close(pidfd) };
    }
    waited
}

/// Returns true if and only if the child `pid` has ended (not reaping it).
fn has_exited(pid: libc::pid_t) -> bool {
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
    r == 0 && unsafe { info.si_pid() } == pid
}

/// The memory cap of a run: its limit and an eighth more (at least
/// 32 MiB), so that a program within its limit is never stopped while one
/// far over it is stopped at once.
fn memory_cap(limit: u64) -> u64 {
    limit.saturating_add((limit / 8).max(32 << 20))
}

impl LinuxSandbox {
    fn interrupted_error() -> io::Error {
        io::Error::new(io::ErrorKind::Interrupted, "interrupted")
    }

    /// Where `program` is, and whether `nobody` may run it; looked up once.
    fn program(&self, program: &OsString) -> (Option<PathBuf>, bool) {
        let mut programs = self.programs.lock().unwrap_or_else(|e| e.into_inner());
        programs
            .entry(program.clone())
            .or_insert_with(|| {
                let path = resolve(program);
                let reachable = path.as_deref().is_some_and(reachable_by_others);
                (path, reachable)
            })
            .clone()
    }

    /// The Landlock ruleset of a run: the system, its program (`resolved`),
    /// what `spec` grants, and the files its arguments name (a checker's
    /// input, output and answer; an interpreter's script: the kit chose
    /// them). A trusted program gets the folders of those files instead,
    /// so that its ruleset, the same test after test, is made once.
    fn ruleset(
        &self,
        spec: &RunSpec,
        resolved: Option<PathBuf>,
        args: &[OsString],
    ) -> io::Result<Arc<Prepared>> {
        let mut read = spec.access.read.clone();
        read.extend(resolved);
        let named = args
            .iter()
            .map(Path::new)
            .filter(|p| p.is_absolute() && p.exists());
        match spec.access.untrusted {
            true => read.extend(named.map(Path::to_path_buf)),
            false => read.extend(named.filter_map(Path::parent).map(Path::to_path_buf)),
        }
        let mut write = spec.access.write.clone();
        write.extend(spec.cwd.clone());
        for paths in [&mut read, &mut write] {
            paths.sort();
            paths.dedup();
        }
        let prepare = || {
            landlock::prepare(&self.system, &read, &write)
                .map(Arc::new)
                .map_err(io::Error::other)
        };
        if spec.access.untrusted {
            return prepare();
        }
        // Rules hold inodes, not paths: a folder made again is another key.
        let key: Vec<Granted> = read
            .iter()
            .chain(&write)
            .map(|p| {
                let meta = std::fs::metadata(p);
                let (dev, ino) = meta.map_or((0, 0), |m| (m.dev(), m.ino()));
                (p.clone(), dev, ino)
            })
            .collect();
        let mut cache = self.rulesets.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(found) = cache.get(&key) {
            return Ok(found.clone());
        }
        let made = prepare()?;
        // Each holds a descriptor: keep a few.
        if cache.len() >= 32 {
            cache.clear();
        }
        cache.insert(key, made.clone());
        Ok(made)
    }

    /// Runs `spec`; no process it started survives.
    fn run_contained(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        if interrupted() {
            return Err(Self::interrupted_error());
        }
        let (program, args) = spec
            .argv
            .split_first()
            .ok_or_else(|| io::Error::other("empty command"))?;
        let limits = spec.limits;
        let work = spec.cwd.as_deref();

        // The files of the run, opened by the judge: the run gets descriptors.
        let (stdin, stdout) = match spec.pipes.as_ref().and_then(|p| p.take()) {
            Some((stdin, stdout)) => (File::from(stdin), File::from(stdout)),
            None => (
                open_read(spec.stdin.as_deref())?,
                open_write(Some(&spec.stdout))?,
            ),
        };
        let stderr = open_write(spec.stderr.as_deref())?;

        // Who runs it.
        let (resolved, reachable) = self.program(program);
        let user = self.run_user.filter(|_| spec.access.untrusted && reachable);
        if let (Some((uid, gid)), Some(dir)) = (user, work) {
            let path = CString::new(dir.as_os_str().as_bytes()).map_err(io::Error::other)?;
            // SAFETY: `path` is a valid C string.
            if unsafe { libc::chown(path.as_ptr(), uid, gid) } != 0 {
                return Err(naming(dir)(io::Error::last_os_error()));
            }
        }

        // What it may touch.
        let ruleset: Option<Arc<Prepared>> = match self.landlock {
            Some(_) => Some(self.ruleset(spec, resolved, args)?),
            None => None,
        };

        // Its control group, capped for this run.
        let mut slot = match &self.cgroups {
            Some(cgroups) => Some(cgroups.take()?),
            None => None,
        };
        // The slot's open `cgroup.procs` files, which the child joins by.
        let join_fds: Vec<i32> = match &mut slot {
            Some(slot) => slot.prepare(memory_cap(limits.memory_bytes), MAX_PROCESSES)?,
            None => Vec::new(),
        };
        let cpu_before = match (&slot, &self.cgroups) {
            (Some(slot), Some(c)) if c.version() == Version::V2 => slot.cpu_v2(),
            _ => Duration::ZERO,
        };

        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::from(stdin))
            .stdout(Stdio::from(stdout))
            .stderr(Stdio::from(stderr))
            .env_clear()
            .envs(base_env(work));
        if let Some(dir) = work {
            cmd.current_dir(dir);
        }
        // RLIMIT_CPU has one-second granularity: a backstop one second past
        // the limit (SIGXCPU, then SIGKILL a second later).
        let hard = self.hard;
        let process_cap = self.process_cap;
        let cpu = limits.time.as_secs().saturating_add(2).min(hard.cpu);
        let fsize = limits.output_bytes.saturating_add(1).min(hard.fsize);
        let stack = limits.memory_bytes.max(64 << 20).min(hard.stack);
        let ruleset_fd = ruleset.as_deref().map(Prepared::raw_fd);
        // SAFETY: the closure runs between fork and exec and only makes
        // system calls (no allocation: `join_fds` is built beforehand and
        // only read).
        unsafe {
            cmd.pre_exec(move || {
                // A session of its own: it cannot join the judge's group.
                if libc::setsid() < 0 {
                    return Err(io::Error::last_os_error());
                }
                for fd in &join_fds {
                    if libc::write(*fd, b"0".as_ptr().cast(), 1) != 1 {
                        return Err(io::Error::last_os_error());
                    }
                }
                set_limit(libc::RLIMIT_CPU, cpu, cpu.saturating_add(1).min(hard.cpu))?;
                set_limit(libc::RLIMIT_FSIZE, fsize, fsize)?;
                set_limit(libc::RLIMIT_CORE, 0, 0)?;
                set_limit(libc::RLIMIT_STACK, stack, stack)?;
                if let Some(cap) = process_cap {
                    set_limit(libc::RLIMIT_NPROC, cap, cap.min(hard.nproc))?;
                }
                if let Some((uid, gid)) = user
                    && (libc::setgroups(0, std::ptr::null()) != 0
                        || libc::setgid(gid) != 0
                        || libc::setuid(uid) != 0)
                {
                    return Err(io::Error::last_os_error());
                }
                // After the change of user, which clears it.
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                    return Err(io::Error::last_os_error());
                }
                if let Some(fd) = ruleset_fd {
                    landlock::restrict_self(fd)?;
                }
                // Every other descriptor the judge holds closes at exec.
                libc::syscall(
                    libc::SYS_close_range,
                    3u32,
                    u32::MAX,
                    libc::CLOSE_RANGE_CLOEXEC,
                );
                Ok(())
            });
        }

        let start = Instant::now();
        let mut spawn = || -> io::Result<(std::process::Child, libc::pid_t)> {
            let child = cmd.spawn().map_err(naming(Path::new(program)))?;
            let pid = child.id() as libc::pid_t;
            Ok((child, pid))
        };
        let spawned = match &self.reaper {
            Some(reaper) => reaper.spawn(spawn),
            None => spawn().map(|(child, _)| child),
        };
        drop(ruleset);
        let child = match spawned {
            Ok(child) => child,
            Err(e) => {
                if let (Some(slot), Some(cgroups)) = (slot, &self.cgroups) {
                    slot.kill_all();
                    cgroups.give(slot);
                }
                return Err(e);
            }
        };
        let pid = child.id() as libc::pid_t;
        // `child` is never waited on by std: we reap it with wait4.
        drop(child);

        let cap = self
            .cgroups
            .is_none()
            .then(|| memory_cap(limits.memory_bytes));
        let mut watch = Watch::new(cap);
        let waited = wait_for(pid, limits.wall, self.interrupt.as_ref(), &mut watch);

        // Kill everything of the run, the program itself too, before the
        // program is reaped: its unreaped zombie pins its pid and session.
        // SAFETY: `pid` is our unreaped child; its session id is its pid.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
            libc::kill(-pid, libc::SIGKILL);
        }
        if let Some(slot) = &slot {
            slot.kill_all();
        }
        let mut status = 0;
        // SAFETY: `rusage` is filled by the kernel.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        loop {
            // SAFETY: reaps our own child; the out-pointers are valid.
            let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
            if r == pid {
                break;
            }
            let err = io::Error::last_os_error();
            if err.kind() != io::ErrorKind::Interrupted {
                return Err(err);
            }
        }
        if let Some(reaper) = &self.reaper {
            reaper.finish(pid);
        }
        let wall = start.elapsed();
        let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
        let mut cpu = tv(usage.ru_utime) + tv(usage.ru_stime);
        let mut peak_memory = usage.ru_maxrss as u64 * 1024;
        cpu = cpu.max(watch.cpu());
        peak_memory = peak_memory.max(watch.peak_memory);
        let mut memory_capped = matches!(waited, Waited::MemoryCap);
        if let (Some(mut slot), Some(cgroups)) = (slot, &self.cgroups) {
            let seen = slot.usage(cpu_before);
            cpu = cpu.max(seen.cpu);
            memory_capped |= seen.oom_kills > 0;
            cgroups.give(slot);
        }
        if matches!(waited, Waited::Interrupted) {
            return Err(Self::interrupted_error());
        }
        let exit = if libc::WIFSIGNALED(status) {
            Exit::Signal(libc::WTERMSIG(status))
        } else {
            Exit::Code(libc::WEXITSTATUS(status))
        };
        Ok(RunOutcome {
            exit,
            cpu,
            wall,
            peak_memory_bytes: peak_memory,
            wall_timeout: matches!(waited, Waited::WallLimit),
            output_bytes: match spec.pipes {
                Some(_) => 0,
                None => std::fs::metadata(&spec.stdout).map_or(0, |m| m.len()),
            },
            memory_capped,
        })
    }
}

impl Sandbox for LinuxSandbox {
    fn run(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        let _shared = self.alone.read().unwrap_or_else(|e| e.into_inner());
        self.run_contained(spec)
    }

    fn run_alone(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        let _only = self.alone.write().unwrap_or_else(|e| e.into_inner());
        self.run_contained(spec)
    }

    /// Moves the judge — and so every process it starts afterwards — into
    /// a new, empty network namespace, once (a namespace per run would cost
    /// ~3 ms each): as root directly; otherwise inside a new user namespace
    /// of its own, where it is root (this needs the judge to have one
    /// thread only, which it has before its workers start).
    fn isolate_network(&self) -> Network {
        let mut network = self.network.lock().unwrap_or_else(|e| e.into_inner());
        if *network == Network::Isolated {
            return *network;
        }
        // SAFETY: `unshare` only changes this process's namespaces.
        let isolated = unsafe {
            if libc::geteuid() == 0 {
                libc::unshare(libc::CLONE_NEWNET) == 0
            } else {
                enter_user_namespace() && libc::unshare(libc::CLONE_NEWNET) == 0
            }
        };
        if isolated {
            *network = Network::Isolated;
        }
        *network
    }

    fn isolation(&self) -> Isolation {
        let processes = match self.cgroups.as_ref().map(Cgroups::version) {
            Some(Version::V1) => "cgroup-v1",
            Some(Version::V2) => "cgroup-v2",
            None if self.reaper.is_some() => "reaper",
            None => "session",
        };
        Isolation {
            processes: processes.to_string(),
            files: match self.landlock {
                Some(abi) => format!("landlock-{abi}"),
                None => "none".to_string(),
            },
            memory: if self.cgroups.is_some() {
                "cgroup"
            } else {
                "watcher"
            }
            .to_string(),
            network: match *self.network.lock().unwrap_or_else(|e| e.into_inner()) {
                Network::Isolated => "isolated",
                Network::Shared => "shared",
            }
            .to_string(),
            user: if self.run_user.is_some() {
                "nobody"
            } else {
                "judge"
            }
            .to_string(),
        }
    }
}

/// Moves the judge into a new user namespace where it is root (its own
/// user and group mapped to 0), so that it may make a network namespace.
///
/// # Safety
/// The process must have a single thread.
unsafe fn enter_user_namespace() -> bool {
    // SAFETY: as the caller promises.
    let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
    // SAFETY: a plain unshare.
    if unsafe { libc::unshare(libc::CLONE_NEWUSER) } != 0 {
        return false;
    }
    let write = |path: &str, text: String| std::fs::write(path, text).is_ok();
    write("/proc/self/setgroups", "deny".to_string())
        && write("/proc/self/uid_map", format!("0 {uid} 1"))
        && write("/proc/self/gid_map", format!("0 {gid} 1"))
}
