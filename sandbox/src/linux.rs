//! The Linux sandbox: containment, limits, kill and measurement for one
//! run. What contains a run is a list of layers (`layer.rs`), each
//! detected once at start-up where the machine allows it (`judge doctor`
//! shows them; `docs/running.md` explains each and what is left open
//! where one is missing):
//!
//! * `session.rs`: a session of its own, killed whole at the end;
//! * `cgroup.rs`: a control group per worker holding every process of the
//!   run, capping its memory and processes, summing its CPU time; or,
//!   without control groups, `reaper.rs`: the judge adopts and hunts down
//!   its descendants, and the sandbox samples their memory every few
//!   milliseconds, killing the run once over its cap;
//! * `rlimits.rs`: CPU time (a backstop), file size, core dumps, stack,
//!   and without control groups the number of processes;
//! * `user.rs`: as root, a submission runs as `nobody`;
//! * `landlock.rs`: the run may touch only the system, its program and
//!   its own working folder.
//!
//! What every run gets besides: stdin, stdout and stderr are files opened
//! by the judge, never pipes (the run gets descriptors, not paths, and
//! `RLIMIT_FSIZE` bounds its output; an interactive run gets pipes to the
//! judge instead, `Interactive::pipes`, and the judge bounds what it relays);
//! every other descriptor is closed at `exec`; it dies with the thread
//! that started it (`PR_SET_PDEATHSIG`); the wall clock is watched with a
//! pidfd; Ctrl-C and SIGTERM wake every wait, kill every live run, and no
//! new run starts. CPU time is the most any layer saw (the control group
//! over all processes of the run, or the leader's `wait4` rusage, or the
//! samples); peak memory is `ru_maxrss` or the samples'.

use std::collections::{BTreeMap, HashMap};
use std::ffi::{CString, OsStr, OsString};
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex, RwLock};
use std::time::{Duration, Instant};

use crate::Pipes;
use crate::cgroup::{Cgroups, MAX_PROCESSES, memory_cap};
use crate::exchange::Waiter;
use crate::home;
use crate::landlock::Landlock;
use crate::layer::{InChild, Layer, Measured, Run};
use crate::pidns::PidNamespace;
use crate::reaper::{self, Reaper};
use crate::rlimits::Rlimits;
use crate::session::Session;
use crate::spawn::{self, Launch, Started};
use crate::user::{NOBODY, Nobody};
use crate::{
    Containment, Exit, Interactive, Isolation, LayersOff, Network, RunOutcome, RunSpec, Sandbox,
};

/// How often the memory of a run is sampled where no control group caps it.
const SAMPLE: Duration = Duration::from_millis(5);

/// The most wall limits a run's wall limit grows by for the time it waited
/// for a CPU: a run on a machine that never gives it one still ends.
const MOST_WAITED: u32 = 3;

/// The signals the judge catches (to stop cleanly); a run starts with
/// their default action.
const CAUGHT: [libc::c_int; 2] = [libc::SIGINT, libc::SIGTERM];

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
        for signal in CAUGHT {
            // A second signal ends the judge at once (runs die with it:
            // PR_SET_PDEATHSIG); the first one stops it cleanly.
            signal_hook::flag::register_conditional_shutdown(signal, 130, INTERRUPTED.clone())?;
            signal_hook::flag::register(signal, INTERRUPTED.clone())?;
            signal_hook::low_level::pipe::register(signal, write.try_clone()?)?;
        }
        Ok(Interrupt { read })
    }
}

/// Runs programs as children of the kit, contained by every layer this
/// machine allows.
pub struct LinuxSandbox {
    /// The layers in effect, in the order they act.
    layers: Vec<Box<dyn Layer>>,
    /// Each program run so far: its path, and whether any user may run it.
    programs: Mutex<HashMap<OsString, (Option<PathBuf>, bool)>>,
    interrupt: Option<Interrupt>,
    /// Runs share it; a run alone holds it exclusively.
    alone: RwLock<()>,
    network: Mutex<Network>,
    /// Whether `isolate_network` has made the judge's namespaces (or
    /// tried).
    namespaces_made: AtomicBool,
    /// Whether runs are contained (`Containment::Full`).
    contained: bool,
    /// The layers turned off on purpose.
    off: LayersOff,
    /// Why a layer the machine lacks is missing (`cgroup: …`).
    missing: Vec<String>,
}

impl LinuxSandbox {
    /// Detects what this machine allows, for the kit at `kit_root`; with
    /// `Containment::None`, only the session and the resource limits.
    pub fn new(kit_root: &Path, containment: Containment) -> io::Result<LinuxSandbox> {
        let mut sandbox = LinuxSandbox {
            layers: vec![Box::new(Session)],
            programs: Mutex::new(HashMap::new()),
            interrupt: Interrupt::install().ok(),
            alone: RwLock::new(()),
            network: Mutex::new(Network::Shared),
            namespaces_made: AtomicBool::new(false),
            contained: containment != Containment::None,
            off: LayersOff::default(),
            missing: Vec::new(),
        };
        match containment {
            Containment::Full { off } => {
                let (layers, missing) = Self::containing(kit_root, off);
                sandbox.layers.extend(layers);
                sandbox.off = off;
                sandbox.missing = missing;
            }
            Containment::None => sandbox.layers.push(Box::new(Rlimits::new(None))),
        }
        Ok(sandbox)
    }

    /// The layers after the session, every one this machine allows and
    /// `off` does not turn off; and why those the machine lacks are missing.
    fn containing(kit_root: &Path, off: LayersOff) -> (Vec<Box<dyn Layer>>, Vec<String>) {
        // SAFETY: `geteuid` has no preconditions.
        let root = unsafe { libc::geteuid() } == 0;
        let mut layers: Vec<Box<dyn Layer>> = Vec::new();
        let mut missing = Vec::new();
        let cgroups = match off.cgroup {
            true => None,
            false => Cgroups::detect()
                .map_err(|why| missing.push(format!("cgroup: {why}")))
                .ok(),
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
        match cgroups {
            Some(cgroups) => layers.push(Box::new(cgroups)),
            None if reaper::make_subreaper() => layers.push(Box::new(Reaper::default())),
            None => {}
        }
        layers.push(Box::new(Rlimits::new(process_cap)));
        if root && !off.user {
            layers.push(Box::new(Nobody));
        }
        if !off.landlock
            && let Some(landlock) = Landlock::detect(kit_root)
        {
            layers.push(Box::new(landlock));
        }
        if !off.pid {
            layers.push(Box::new(PidNamespace::default()));
        }
        (layers, missing)
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
    /// The run's processes used more CPU time than the limit.
    CpuLimit,
    /// Its interactive exchange was idle for `exchange::IDLE_LIMIT`.
    Idle,
    MemoryCap,
    Interrupted,
}

/// What the judge watches of a run: its processes' memory together (their
/// peak, and against a cap where no control group caps it) and their CPU
/// time.
struct Watch {
    /// Without a control group: the memory over which the run is killed.
    cap: Option<u64>,
    /// The init that adopts the run's orphans, where it is not the judge
    /// (whose other children are not the run's): its descendants are.
    adopter: Option<libc::pid_t>,
    peak_memory: u64,
    /// The last CPU time seen of each process of the run.
    cpu: BTreeMap<libc::pid_t, Duration>,
    /// Whether the last look saw the run busy: a process ready to run, or
    /// more CPU time than the look before.
    busy: bool,
    /// How long each process of the run has waited for a CPU while ready
    /// to run.
    queued: BTreeMap<libc::pid_t, Duration>,
}

impl Watch {
    fn new(cap: Option<u64>) -> Watch {
        Watch {
            cap,
            adopter: None,
            peak_memory: 0,
            cpu: BTreeMap::new(),
            busy: true,
            queued: BTreeMap::new(),
        }
    }

    /// Looks at the run led by `pid`; true if it is over its cap.
    fn look(&mut self, pid: libc::pid_t) -> bool {
        // The run and its orphans are the init's children, where it has one.
        let tree = match self.adopter {
            Some(init) => reaper::descendants(init),
            None => {
                let mut tree = reaper::descendants(pid);
                tree.push(pid);
                tree
            }
        };
        let seen = reaper::sample(&tree);
        self.peak_memory = self.peak_memory.max(seen.memory_bytes);
        let before = self.cpu();
        self.cpu.extend(seen.cpu);
        self.queued.extend(seen.queued);
        self.busy = seen.ready || self.cpu() > before;
        self.cap.is_some_and(|cap| seen.memory_bytes > cap)
    }

    /// The CPU time of every process seen, each its own.
    fn cpu(&self) -> Duration {
        self.cpu.values().sum()
    }

    /// The time the run's processes waited for a CPU, together.
    fn queued(&self) -> Duration {
        self.queued.values().sum()
    }
}

/// Waits until `pid` exits, the wall limit passes, the judge is
/// interrupted, the run's processes have used more CPU time than the limit
/// (seen at each sample: the kernel stops one process at its limit,
/// `rlimits.rs`, the samples all of them), or (when watched) they hold more
/// memory than their cap. The wall limit does not count the time the run
/// waited for a CPU while ready to run (up to [`MOST_WAITED`] wall limits):
/// a loaded machine's, not the run's. In an interactive exchange, each
/// sample that sees the run busy stirs the exchange, the wall limit grows
/// with the messages passed and with what both sides and the relays
/// waited for a CPU, and a run that stops when idle ends once the exchange
/// is.
fn wait_for(
    pid: libc::pid_t,
    (cpu, wall): (Duration, Duration),
    interrupt: Option<&Interrupt>,
    interactive: Option<&Interactive>,
    watch: &mut Watch,
) -> Waited {
    // SAFETY: plain syscall; a negative result means pidfds are unavailable.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as i32;
    let start = Instant::now();
    // A side's start is something happening: the other may have waited
    // for it (a solution played again alone waits for the other runs to
    // end while its interactor, which needs no turn, already runs).
    if let Some(interactive) = interactive {
        interactive.exchange.stir();
    }
    let most_waited = wall.saturating_mul(MOST_WAITED);
    let allowance = |watch: &Watch| match interactive {
        Some(i) => {
            (i.exchange.allowance()).saturating_add(i.exchange.waited_in_all().min(most_waited))
        }
        None => watch.queued().min(most_waited),
    };
    let waited = loop {
        let deadline = start + wall.saturating_add(allowance(watch));
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
        if watch.cpu() > cpu {
            break Waited::CpuLimit;
        }
        if let Some(interactive) = interactive {
            if watch.busy {
                interactive.exchange.stir();
            }
            let exchange = &interactive.exchange;
            match interactive.stop_when_idle {
                true => {
                    exchange.waited(Waiter::Solution, watch.queued());
                    let relays = reaper::queued_threads(&exchange.relays());
                    exchange.waited(Waiter::Relays, relays);
                }
                false => exchange.waited(Waiter::Jury, watch.queued()),
            }
            if interactive.stop_when_idle && interactive.exchange.idle_stop() {
                break Waited::Idle;
            }
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

    /// Watches the run `pid` until it ends or runs out of its limits (its
    /// memory sampled where no control group caps it; the orphans it
    /// leaves in its namespaces are its home's init's).
    fn watch(&self, pid: libc::pid_t, spec: &RunSpec, namespaces: i32) -> (Watch, Waited) {
        let limits = spec.limits;
        let memory_capped = self.layers.iter().any(|l| l.caps_memory());
        let mut watch = Watch::new((!memory_capped).then(|| memory_cap(limits.memory_bytes)));
        watch.adopter = (namespaces != 0).then(home::home_init).flatten();
        let waited = wait_for(
            pid,
            (limits.time, limits.wall),
            self.interrupt.as_ref(),
            spec.interactive.as_ref(),
            &mut watch,
        );
        // The interactor gone, its solution can deadlock on nothing.
        if let Some(interactive) = spec.interactive.as_ref().filter(|i| !i.stop_when_idle) {
            interactive.exchange.jury_ended();
        }
        (watch, waited)
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
        let work = spec.cwd.as_deref();

        // The files of the run, opened by the judge: the run gets descriptors.
        let pipes = spec.interactive.as_ref().and_then(|i| i.pipes.as_ref());
        let [stdin, stdout, stderr] = open_stdio(spec, pipes)?;

        // Every layer prepares the run.
        let (resolved, public_program) = self.program(program);
        let run = Run {
            spec,
            args,
            program: resolved.as_deref(),
            public_program,
        };
        let mut armed = (self.layers.iter())
            .map(|layer| layer.arm(&run))
            .collect::<io::Result<Vec<_>>>()?;
        let in_child: Vec<InChild> = armed.iter().filter_map(|a| a.in_child()).collect();
        let namespaces = armed.iter().fold(0, |flags, a| flags | a.namespaces());

        let launch_error = |e| naming(Path::new(program))(e);
        let resolved =
            resolved.ok_or_else(|| launch_error(io::Error::from_raw_os_error(libc::ENOENT)))?;
        let ExecStrings {
            program: program_c,
            argv,
            envp,
            cwd,
        } = exec_strings(&resolved, program, args, work)?;
        let mut steps = in_child;
        steps.push(Box::new(last_step));
        let launch = Launch {
            program: &program_c,
            argv: &argv,
            envp: &envp,
            stdio: [stdin.as_raw_fd(), stdout.as_raw_fd(), stderr.as_raw_fd()],
            cwd: cwd.as_deref(),
            caught: &CAUGHT,
            steps: &steps,
            namespaces,
        };

        let full_before = FULL_SEEN.load(Ordering::SeqCst);
        let start = Instant::now();
        let mut started = None;
        let mut spawn = || {
            Ok(started
                .insert(start_run(&launch).map_err(launch_error)?)
                .pid)
        };
        // Failing here, the armed layers give back what they took.
        let pid = spawn_through(&self.layers, &mut spawn)?;
        let started = started.ok_or_else(|| io::Error::other("the run was not started"))?;
        // Pipes close now (their ends are the run's); files are kept to
        // see their file system's room once the run is over.
        drop(stdin);
        let mut outputs = Vec::new();
        match pipes {
            Some(_) => drop(stdout),
            None => outputs.push((spec.stdout.as_path(), stdout)),
        }
        if let Some(path) = &spec.stderr {
            outputs.push((path.as_path(), stderr));
        }

        let (watch, waited) = self.watch(pid, spec, namespaces);

        // Kill everything of the run, the program itself too, before the
        // program is reaped: its unreaped zombie pins its pid and session.
        for layer in &mut armed {
            layer.kill(pid);
        }
        let (status, usage) = reap_run(&started)?;
        let wall = start.elapsed();
        let mut measured = measured(&usage, &watch, &waited);
        for layer in &mut armed {
            layer.reaped(pid, &mut measured);
        }
        drop(armed);
        if matches!(waited, Waited::Interrupted) {
            return Err(Self::interrupted_error());
        }
        check_room(&outputs, spec.access.untrusted, full_before)?;
        Ok(outcome(
            status,
            &measured,
            wall,
            waited,
            spec,
            pipes.is_some(),
        ))
    }
}

/// What a run came to: how it exited (`status`), what it used, how its
/// wait ended, and how much it wrote (none counted through `piped`
/// streams: the relay bounds those).
fn outcome(
    status: libc::c_int,
    measured: &Measured,
    wall: Duration,
    waited: Waited,
    spec: &RunSpec,
    piped: bool,
) -> RunOutcome {
    let exit = if libc::WIFSIGNALED(status) {
        Exit::Signal(libc::WTERMSIG(status))
    } else {
        Exit::Code(libc::WEXITSTATUS(status))
    };
    RunOutcome {
        exit,
        cpu: measured.cpu,
        wall,
        peak_memory_bytes: measured.peak_memory_bytes,
        wall_timeout: matches!(waited, Waited::WallLimit | Waited::Idle),
        idle: matches!(waited, Waited::Idle),
        output_bytes: match piped {
            true => 0,
            false => std::fs::metadata(&spec.stdout).map_or(0, |m| m.len()),
        },
        memory_capped: measured.memory_capped,
    }
}

/// What a run used, by the kernel's count (`usage`) and the watcher's,
/// the larger of each.
fn measured(usage: &libc::rusage, watch: &Watch, waited: &Waited) -> Measured {
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let largest_process_bytes = usage.ru_maxrss as u64 * 1024;
    Measured {
        cpu: (tv(usage.ru_utime) + tv(usage.ru_stime)).max(watch.cpu()),
        peak_memory_bytes: largest_process_bytes.max(watch.peak_memory),
        largest_process_bytes,
        memory_capped: matches!(waited, Waited::MemoryCap),
    }
}

/// The run's standard input, output and error: its pipes where it plays
/// through the judge, else its files.
fn open_stdio(spec: &RunSpec, pipes: Option<&Pipes>) -> io::Result<[File; 3]> {
    let (stdin, stdout) = match pipes.and_then(|p| p.take()) {
        Some((stdin, stdout)) => (File::from(stdin), File::from(stdout)),
        None => (
            open_read(spec.stdin.as_deref())?,
            open_write(Some(&spec.stdout))?,
        ),
    };
    Ok([stdin, stdout, open_write(spec.stderr.as_deref())?])
}

/// What `execve` takes, as C strings.
struct ExecStrings {
    /// The program: its resolved path.
    program: CString,
    /// The arguments: the program as given, then the others.
    argv: Vec<CString>,
    /// The environment of the run.
    envp: Vec<CString>,
    /// The folder it works in.
    cwd: Option<CString>,
}

/// What `execve` takes to run `resolved` (given as `program`) with `args`
/// in `work`.
fn exec_strings(
    resolved: &Path,
    program: &OsStr,
    args: &[OsString],
    work: Option<&Path>,
) -> io::Result<ExecStrings> {
    let program_c = c_string(resolved.as_os_str())?;
    let argv = std::iter::once(program)
        .chain(args.iter().map(|a| a.as_os_str()))
        .map(c_string)
        .collect::<io::Result<Vec<_>>>()?;
    let envp = (base_env(work).into_iter())
        .map(|(key, value)| {
            let mut pair = key;
            pair.push("=");
            pair.push(value);
            c_string(&pair)
        })
        .collect::<io::Result<Vec<_>>>()?;
    let cwd = work.map(|dir| c_string(dir.as_os_str())).transpose()?;
    Ok(ExecStrings {
        program: program_c,
        argv,
        envp,
        cwd,
    })
}

/// Refuses a run whose `outputs` (path, file) met a full file system, or
/// that ran while another run of this judge met one (`full_before`: the
/// count when it started): its output may be cut short.
fn check_room(outputs: &[(&Path, File)], untrusted: bool, full_before: u64) -> io::Result<()> {
    // A root judge's trusted programs write as root; submissions as
    // `nobody` (or, with that layer off, as root: the stricter room).
    // SAFETY: `geteuid` has no preconditions.
    let writer_is_root = !untrusted && unsafe { libc::geteuid() } == 0;
    for (path, file) in outputs {
        let full = out_of_room(file, writer_is_root);
        if full {
            FULL_SEEN.fetch_add(1, Ordering::SeqCst);
        }
        // Another run saw a file system full while this one ran: this
        // one's writes may have failed too, though the room is back (the
        // other's files removed).
        if full || FULL_SEEN.load(Ordering::SeqCst) != full_before {
            return Err(io::Error::new(
                io::ErrorKind::StorageFull,
                format!(
                    "{}: No space left on device (a file system was full while the run wrote: its output may be cut short)",
                    path.display()
                ),
            ));
        }
    }
    Ok(())
}

/// How many times a run ended with the file system of its output out of
/// room ([`out_of_room`]), in this judge.
static FULL_SEEN: AtomicU64 = AtomicU64::new(0);

/// Returns true if and only if the file system of `file` is (nearly) out
/// of room for its writer: less than min(32 MiB, 3% of its size) left to
/// root (`writer_is_root`) or to other users. A program that writes to a
/// full file system gets ENOSPC, which most ignore (stdio says nothing):
/// its output is cut short, and only the room left shows it. The margin
/// is ext4's: root meets ENOSPC with up to 2% (at most 16 MiB) still free,
/// kept for its own metadata.
fn out_of_room(file: &File, writer_is_root: bool) -> bool {
    // SAFETY: `stat` is filled by the kernel from an open descriptor.
    let mut stat: libc::statvfs = unsafe { std::mem::zeroed() };
    if unsafe { libc::fstatvfs(file.as_raw_fd(), &mut stat) } != 0 || stat.f_blocks == 0 {
        return false;
    }
    let free = match writer_is_root {
        true => stat.f_bfree,
        false => stat.f_bavail,
    };
    let margin = (32 << 20) / stat.f_frsize.max(1) as u64;
    let margin = margin.min(stat.f_blocks as u64 * 3 / 100);
    (free as u64) < margin.max(1)
}

/// The last step of every run, after the layers': every other descriptor
/// the judge holds closes at `execve` (then `spawn.rs` has the run die
/// with the thread that started it).
fn last_step() -> io::Result<()> {
    // SAFETY: a plain system call, no pointer.
    unsafe {
        libc::syscall(
            libc::SYS_close_range,
            3u32,
            u32::MAX,
            libc::CLOSE_RANGE_CLOEXEC,
        );
    }
    Ok(())
}

/// A path or an argument as a C string; one holding a NUL byte is an error.
fn c_string(s: &std::ffi::OsStr) -> io::Result<CString> {
    CString::new(s.as_bytes()).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}: a NUL byte in a command line", s.to_string_lossy()),
        )
    })
}

/// Starts `launch`: the calling thread's child, or its home's init's where
/// the run has namespaces of its own.
fn start_run(launch: &Launch) -> io::Result<Started> {
    match launch.namespaces {
        0 => spawn::spawn(launch),
        _ => home::start(launch),
    }
}

/// Reaps `started` as it was started: its wait status and what it used.
fn reap_run(started: &Started) -> io::Result<(i32, libc::rusage)> {
    match started.in_home {
        true => home::reap(),
        false => spawn::reap(started),
    }
}

/// Starts a run through every layer that wraps the spawn, in order.
fn spawn_through(
    layers: &[Box<dyn Layer>],
    spawn: &mut dyn FnMut() -> io::Result<libc::pid_t>,
) -> io::Result<libc::pid_t> {
    match layers.split_first() {
        None => spawn(),
        Some((layer, rest)) => layer.spawn(&mut || spawn_through(rest, spawn)),
    }
}

impl Sandbox for LinuxSandbox {
    /// An interactor's run takes no share of the lock: its solution's run
    /// holds one for the pair. Taking a second could wait behind a run
    /// alone that is waiting for the solution's share (a waiting writer
    /// goes first), while the solution waits for the interactor: it would
    /// be stopped idle.
    fn run(&self, spec: &RunSpec) -> io::Result<RunOutcome> {
        let interactor = spec.interactive.as_ref().is_some_and(|i| !i.stop_when_idle);
        let _shared = (!interactor).then(|| self.alone.read().unwrap_or_else(|e| e.into_inner()));
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
    /// thread only, which it has before its workers start). An
    /// unprivileged judge enters that user namespace for its submissions'
    /// PID namespaces (`pidns.rs`) too, the network layer off or not.
    fn isolate_network(&self) -> Network {
        let mut network = self.network.lock().unwrap_or_else(|e| e.into_inner());
        if !self.contained || self.namespaces_made.swap(true, Ordering::SeqCst) {
            return *network;
        }
        // SAFETY: `geteuid` has no preconditions.
        let root = unsafe { libc::geteuid() } == 0;
        let cut = !self.off.network;
        let user = !root && (cut || !self.off.pid);
        // SAFETY: the judge has one thread now, as the caller promises.
        let entered = !user || unsafe { enter_user_namespace() };
        // SAFETY: `unshare` only changes this process's namespaces.
        if entered && cut && unsafe { libc::unshare(libc::CLONE_NEWNET) } == 0 {
            *network = Network::Isolated;
        }
        if user || *network == Network::Isolated {
            // A home made before has the old namespaces.
            home::namespaces_changed();
        }
        *network
    }

    fn isolation(&self) -> Isolation {
        let network = *self.network.lock().unwrap_or_else(|e| e.into_inner());
        let mut isolation = Isolation {
            processes: "session".to_string(),
            files: "none".to_string(),
            memory: "watcher".to_string(),
            network: match network {
                Network::Isolated => "isolated",
                Network::Shared => "shared",
            }
            .to_string(),
            user: "judge".to_string(),
            pids: "all".to_string(),
            off: self.off.names(),
            missing: self.missing.clone(),
        };
        for layer in &self.layers {
            layer.isolation(&mut isolation);
        }
        isolation
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
    // A thread the judge joined may not have left the kernel yet (joining
    // waits for its stack to be free, not for its exit to end), and the
    // kernel refuses a new user namespace to a process of two threads
    // (EINVAL): give such a thread a moment, rather than judge without
    // the namespace.
    let deadline = Instant::now() + Duration::from_millis(500);
    loop {
        // SAFETY: a plain unshare.
        if unsafe { libc::unshare(libc::CLONE_NEWUSER) } == 0 {
            break;
        }
        let busy = io::Error::last_os_error().raw_os_error() == Some(libc::EINVAL);
        if !busy || Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let write = |path: &str, text: String| std::fs::write(path, text).is_ok();
    write("/proc/self/setgroups", "deny".to_string())
        && write("/proc/self/uid_map", format!("0 {uid} 1"))
        && write("/proc/self/gid_map", format!("0 {gid} 1"))
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;
    use std::time::Duration;

    use super::*;
    use crate::{Access, Limits};

    /// A run of `argv` in `dir` for `time` of CPU time, writing to `out`
    /// there.
    fn spec_in(dir: &Path, argv: &[&str], time: Duration, out: &str) -> RunSpec {
        RunSpec {
            argv: argv.iter().map(|a| a.into()).collect(),
            stdin: None,
            stdout: dir.join(out),
            stderr: None,
            cwd: Some(dir.to_path_buf()),
            limits: Limits::new(time, 64 << 20, 1 << 20),
            access: Access::new([], dir),
            interactive: None,
        }
    }

    /// The network interfaces an untrusted run sees, from its `/proc`.
    fn interfaces(sandbox: &LinuxSandbox, dir: &Path) -> Vec<String> {
        let out = dir.join("dev");
        let spec = RunSpec {
            argv: vec!["/bin/cat".into(), "/proc/net/dev".into()],
            stdin: None,
            stdout: out.clone(),
            stderr: None,
            cwd: Some(dir.to_path_buf()),
            limits: Limits::new(Duration::from_secs(2), 64 << 20, 1 << 20),
            access: Access::new([], dir).untrusted(),
            interactive: None,
        };
        let outcome = sandbox.run(&spec).unwrap();
        assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
        let text = std::fs::read_to_string(out).unwrap();
        (text.lines().skip(2))
            .filter_map(|line| Some(line.split(':').next()?.trim().to_string()))
            .collect()
    }

    /// The kernel stops a program past its CPU limit (SIGPROF, from its
    /// interval timer) where the judge's samples do not: here there are
    /// none to look (a sandbox whose samples wait on a lock the test holds
    /// would be the same; a run's samples cannot be turned off, so the
    /// timer is tested alone, in the child's own steps).
    #[test]
    fn the_kernel_stops_a_busy_program_past_its_cpu_limit() {
        let limit = Duration::from_millis(300);
        let timer = crate::rlimits::timer_for(limit);
        assert_eq!(timer, Duration::from_millis(415));
        let (status, usage) = busy_loop_under(Rlimits::new(None), limit);
        assert!(libc::WIFSIGNALED(status), "{status:x}");
        assert_eq!(libc::WTERMSIG(status), libc::SIGPROF);
        let cpu = Duration::new(
            usage.ru_utime.tv_sec as u64,
            usage.ru_utime.tv_usec as u32 * 1000,
        ) + Duration::new(
            usage.ru_stime.tv_sec as u64,
            usage.ru_stime.tv_usec as u32 * 1000,
        );
        assert!(cpu > limit && cpu < timer * 2, "{cpu:?}");
    }

    /// A busy loop, started with the steps of `rlimits` for `limit` and
    /// nothing watching it: its wait status and resource use.
    fn busy_loop_under(rlimits: Rlimits, limit: Duration) -> (i32, libc::rusage) {
        let dir = tempfile::tempdir().unwrap();
        let spec = spec_in(
            dir.path(),
            &["/bin/sh", "-c", "while :; do :; done"],
            limit,
            "out",
        );
        let run = Run {
            spec: &spec,
            args: &spec.argv[1..],
            program: Some(Path::new("/bin/sh")),
            public_program: true,
        };
        let armed = rlimits.arm(&run).unwrap();
        let steps: Vec<InChild> = armed.in_child().into_iter().collect();
        let argv: Vec<CString> = spec.argv.iter().map(|a| c_string(a).unwrap()).collect();
        let null = File::open("/dev/null").unwrap();
        let launch = Launch {
            program: &argv[0],
            argv: &argv,
            envp: &[],
            stdio: [null.as_raw_fd(), null.as_raw_fd(), null.as_raw_fd()],
            cwd: None,
            caught: &CAUGHT,
            steps: &steps,
            namespaces: 0,
        };
        let started = spawn::spawn(&launch).unwrap();
        spawn::reap(&started).unwrap()
    }

    /// The judge's samples stop a busy program at its CPU limit, before the
    /// kernel's timer (set past it).
    #[test]
    fn the_judge_stops_a_busy_program_at_its_cpu_limit() {
        let dir = tempfile::tempdir().unwrap();
        let sandbox = LinuxSandbox::new(dir.path(), Containment::None).unwrap();
        let busy = ["/bin/sh", "-c", "while :; do :; done"];
        let spec = spec_in(dir.path(), &busy, Duration::from_millis(300), "out");
        let outcome = sandbox.run(&spec).unwrap();
        assert!(outcome.cpu > Duration::from_millis(300), "{outcome:?}");
        assert!(!outcome.wall_timeout, "{outcome:?}");
    }

    /// An interactor starts while a run alone waits for its solution's run
    /// to end: it must not wait behind the run alone, or its solution,
    /// waiting for it, is stopped idle.
    #[test]
    fn an_interactor_does_not_wait_behind_a_run_alone() {
        let dir = tempfile::tempdir().unwrap();
        let sandbox = LinuxSandbox::new(dir.path(), Containment::None).unwrap();
        let exchange = crate::Exchange::new();
        let (to_solution_read, to_solution_write) = std::io::pipe().unwrap();
        let (from_solution_read, from_solution_write) = std::io::pipe().unwrap();
        let spec = |script: &str, out: &str| {
            spec_in(
                dir.path(),
                &["/bin/sh", "-c", script],
                Duration::from_secs(3),
                out,
            )
        };
        let mut solution = spec("read line; exit 0", "solution");
        solution.interactive = Some(Interactive {
            pipes: Some(Pipes::new(
                to_solution_read.into(),
                from_solution_write.into(),
            )),
            exchange: exchange.clone(),
            stop_when_idle: true,
        });
        let mut interactor = spec("echo hello", "interactor");
        interactor.interactive = Some(Interactive {
            pipes: Some(Pipes::new(
                from_solution_read.into(),
                to_solution_write.into(),
            )),
            exchange,
            stop_when_idle: false,
        });
        let alone = spec("true", "alone");
        let outcome = std::thread::scope(|scope| {
            let solution = scope.spawn(|| sandbox.run(&solution));
            std::thread::sleep(Duration::from_millis(200));
            scope.spawn(|| sandbox.run_alone(&alone));
            std::thread::sleep(Duration::from_millis(200));
            scope.spawn(|| sandbox.run(&interactor));
            solution.join().unwrap().unwrap()
        });
        assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
        assert!(!outcome.idle, "{outcome:?}");
    }

    /// A solution that starts late (played again alone, it waited for the
    /// other runs while its interactor already ran, quiet) is not stopped
    /// idle at once: its start is something happening.
    #[test]
    fn a_solution_that_starts_late_is_not_stopped_idle_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let sandbox = LinuxSandbox::new(dir.path(), Containment::None).unwrap();
        let exchange = crate::Exchange::new();
        let mut spec = spec_in(
            dir.path(),
            &["/bin/sh", "-c", "sleep 0.3"],
            Duration::from_secs(2),
            "out",
        );
        spec.interactive = Some(Interactive {
            pipes: None,
            exchange: exchange.clone(),
            stop_when_idle: true,
        });
        std::thread::sleep(crate::exchange::IDLE_LIMIT + Duration::from_millis(100));
        let outcome = sandbox.run(&spec).unwrap();
        assert!(!outcome.idle, "{outcome:?}");
        assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
    }

    /// The wall limit of an interactive run grows by the time the sides
    /// and the relays waited for a CPU: here 1 s said of the relays lets a
    /// 1.5 s sleep outlive a wall limit of 1.1 s.
    #[test]
    fn an_interactive_runs_wall_limit_grows_by_what_the_exchange_waited() {
        let dir = tempfile::tempdir().unwrap();
        let sandbox = LinuxSandbox::new(dir.path(), Containment::None).unwrap();
        let exchange = crate::Exchange::new();
        let mut spec = spec_in(
            dir.path(),
            &["/bin/sleep", "1.5"],
            Duration::from_millis(100),
            "out",
        );
        spec.interactive = Some(Interactive {
            pipes: None,
            exchange: exchange.clone(),
            stop_when_idle: false,
        });
        assert_eq!(spec.limits.wall, Duration::from_millis(1100));
        let cut = sandbox.run(&spec).unwrap();
        assert!(cut.wall_timeout, "{cut:?}");
        exchange.waited(Waiter::Relays, Duration::from_secs(1));
        let outcome = sandbox.run(&spec).unwrap();
        assert_eq!(outcome.exit, Exit::Code(0), "{outcome:?}");
        assert!(!outcome.wall_timeout, "{outcome:?}");
    }

    /// A thread's home made before the judge cut its network (by a run, a
    /// report's probe) is not used after: its spawner thread would start
    /// submissions in the machine's network.
    #[test]
    fn submissions_after_the_network_cut_have_no_network_whatever_ran_before() {
        // SAFETY: `geteuid` has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            eprintln!("skipped: not root");
            return;
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
        let sandbox = LinuxSandbox::new(dir.path(), Containment::default()).unwrap();
        let before = interfaces(&sandbox, dir.path());
        if home::home_init().is_none() {
            eprintln!("skipped: no PID namespace here");
            return;
        }
        assert!(before.len() > 1, "the machine's interfaces: {before:?}");
        // This thread only: a root judge's network namespace is its
        // thread's, and the threads it starts after.
        assert_eq!(sandbox.isolate_network(), Network::Isolated);
        assert_eq!(interfaces(&sandbox, dir.path()), ["lo"]);
    }
}
