//! Control groups: one per worker, reused run after run, holding every
//! process of a run — whatever it does, a forked child or a process that
//! left its session is still in it. Through it a run's memory is capped
//! (an allocation far over the limit is stopped at once), its processes
//! are counted and capped, its CPU time is summed over all its processes,
//! and at its end every process of it is killed.
//!
//! Two layouts: cgroup v1 with writable `memory`, `pids`, `cpuacct` and
//! `freezer` hierarchies (root on hybrid systems, as here), or a delegated
//! cgroup v2 subtree with the `memory` and `pids` controllers. Detected
//! once at start-up; without either, the Linux sandbox falls back to
//! tracking descendants itself (`reaper.rs`) and watching their memory.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::fd::AsRawFd;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::Isolation;
use crate::layer::{Armed, InChild, Layer, Measured, Run};

/// The cgroup layout in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    V1,
    V2,
}

/// The folders of one worker's cgroup, and the files read and written at
/// every run, kept open (opening and closing them at each run cost more
/// system calls than the run itself makes).
#[derive(Debug)]
pub struct Slot {
    version: Version,
    /// v1: memory, pids, cpuacct, freezer; v2: the one folder.
    dirs: Vec<PathBuf>,
    /// The memory cap's kill count when the run started (it only grows).
    oom_kills_before: u64,
    /// The caps last set (memory, processes): set again only if changed.
    caps: Option<(u64, u64)>,
    /// `cgroup.procs` of each hierarchy, written by a new run's process.
    join: Vec<File>,
    /// v1 `memory.oom_control`, v2 `memory.events`.
    events: File,
    /// v1 `cpuacct.usage`, v2 `cpu.stat`.
    cpu: File,
    /// v1 `memory.max_usage_in_bytes`, v2 `memory.peak`: the most memory
    /// the group held at once, reset at each run's start (None where the
    /// kernel cannot reset it: a v2 peak before Linux 6.12).
    peak: Option<File>,
}

/// What the cgroup saw of a run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Usage {
    /// CPU time of all its processes.
    pub cpu: Duration,
    /// How many of its processes the memory cap killed.
    pub oom_kills: u64,
    /// The most memory it held at once, every page once (None: unknown).
    pub peak_memory_bytes: Option<u64>,
}

/// The control groups of one judge process.
#[derive(Debug)]
pub struct Cgroups {
    version: Version,
    /// Where this judge's cgroups are made, per hierarchy.
    parents: Vec<PathBuf>,
    free: Mutex<Vec<Slot>>,
    made: Mutex<usize>,
}

const V1_CONTROLLERS: [&str; 4] = ["memory", "pids", "cpuacct", "freezer"];

fn write_file(path: &Path, value: &str) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).open(path)?;
    file.write_all(value.as_bytes())
}

fn read_file(path: &Path) -> io::Result<String> {
    let mut text = String::new();
    File::open(path)?.read_to_string(&mut text)?;
    Ok(text)
}

/// A fresh folder name for this judge's cgroups.
fn own_name() -> String {
    format!("qushizi-judge-{}", std::process::id())
}

/// Removes the cgroups of judges that are no longer running (left by a
/// judge that was killed), so that they do not pile up.
fn sweep(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name.strip_prefix("qushizi-judge-") else {
            continue;
        };
        if Path::new("/proc").join(pid).exists() {
            continue;
        }
        if let Ok(slots) = std::fs::read_dir(entry.path()) {
            for slot in slots.flatten() {
                if slot.path().is_dir() {
                    let _ = std::fs::remove_dir(slot.path());
                }
            }
        }
        let _ = std::fs::remove_dir(entry.path());
    }
}

/// Where this process's control groups are, as the kernel says:
/// `/proc/self/cgroup` (its path in each hierarchy) and
/// `/proc/self/mountinfo` (where each hierarchy is mounted).
#[derive(Debug, Default)]
struct Host {
    /// v1: controller → this process's cgroup folder in its hierarchy.
    v1: Vec<(String, PathBuf)>,
    /// v2: this process's cgroup folder in the unified hierarchy.
    v2: Option<PathBuf>,
}

impl Host {
    /// Joins each hierarchy's mount point with this process's path in it.
    /// A hybrid host mounts v2 beside the v1 hierarchies (here at
    /// `/sys/fs/cgroup/unified`), so the mount point is read, not assumed.
    fn read(own: &str, mountinfo: &str) -> Host {
        let mut host = Host::default();
        for line in mountinfo.lines() {
            // `id parent dev root mount-point options… - type source super`
            let Some((fields, tail)) = line.split_once(" - ") else {
                continue;
            };
            let mut tail = tail.split_whitespace();
            let (kind, _, options) = (tail.next(), tail.next(), tail.next().unwrap_or(""));
            let Some(mount) = fields.split_whitespace().nth(4).map(unescape) else {
                continue;
            };
            let path_in = |wanted: &dyn Fn(&str) -> bool| {
                own.lines().find_map(|l| {
                    let mut parts = l.splitn(3, ':');
                    let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
                    let path = path.trim_start_matches('/');
                    wanted(controllers).then(|| match path.is_empty() {
                        true => mount.clone(),
                        false => mount.join(path),
                    })
                })
            };
            match kind {
                Some("cgroup2") => host.v2 = path_in(&|c: &str| c.is_empty()),
                Some("cgroup") => {
                    for controller in options.split(',').filter(|o| V1_CONTROLLERS.contains(o)) {
                        let has = |c: &str| c.split(',').any(|x| x == controller);
                        if let Some(dir) = path_in(&has) {
                            host.v1.push((controller.to_string(), dir));
                        }
                    }
                }
                _ => {}
            }
        }
        host
    }

    fn v1_dir(&self, controller: &str) -> Option<&Path> {
        self.v1
            .iter()
            .find_map(|(c, dir)| (c == controller).then_some(dir.as_path()))
    }

    fn detect_v1(&self) -> Result<Cgroups, String> {
        let mut parents = Vec::new();
        for controller in V1_CONTROLLERS {
            let parent = self
                .v1_dir(controller)
                .ok_or_else(|| format!("no {controller} hierarchy mounted"))?;
            sweep(parent);
            let mine = parent.join(own_name());
            make_dir(&mine)?;
            parents.push(mine);
        }
        Ok(Cgroups {
            version: Version::V1,
            parents,
            free: Mutex::new(Vec::new()),
            made: Mutex::new(0),
        })
    }

    fn detect_v2(&self) -> Result<Cgroups, String> {
        let own = self.v2.as_ref().ok_or("not mounted")?;
        let failed = |path: &Path, e: io::Error| format!("{}: {e}", path.display());
        let read = |name: &str| {
            let path = own.join(name);
            read_file(&path).map_err(|e| failed(&path, e))
        };
        let has = |text: &str, controller: &str| text.split_whitespace().any(|c| c == controller);
        let enabled = read("cgroup.subtree_control")?;
        if !(has(&enabled, "memory") && has(&enabled, "pids")) {
            let available = read("cgroup.controllers")?;
            for controller in ["memory", "pids"] {
                if has(&available, controller) {
                    continue;
                }
                return Err(match self.v1_dir(controller) {
                    Some(_) => format!(
                        "{}: no {controller} controller (a hybrid host: cgroup v1 holds it)",
                        own.display()
                    ),
                    None => format!("{}: no {controller} controller", own.display()),
                });
            }
            // Delegated to the judge (systemd-run --user --scope -p
            // Delegate=yes): a cgroup that holds processes may not enable
            // controllers for its children, so the judge moves itself into
            // a leaf of its own first, then enables them.
            let leaf = own.join(format!("qushizi-self-{}", std::process::id()));
            make_dir(&leaf)?;
            let procs = leaf.join("cgroup.procs");
            write_file(&procs, "0").map_err(|e| failed(&procs, e))?;
            let control = own.join("cgroup.subtree_control");
            write_file(&control, "+memory +pids").map_err(|e| {
                format!(
                    "{} (the judge shares its delegated cgroup with other processes: start it alone, systemd-run --user --scope -p Delegate=yes judge …)",
                    failed(&control, e)
                )
            })?;
        }
        sweep(own);
        let mine = own.join(own_name());
        make_dir(&mine)?;
        let control = mine.join("cgroup.subtree_control");
        write_file(&control, "+memory +pids").map_err(|e| failed(&control, e))?;
        Ok(Cgroups {
            version: Version::V2,
            parents: vec![mine],
            free: Mutex::new(Vec::new()),
            made: Mutex::new(0),
        })
    }
}

/// A mount point as `mountinfo` writes it, blanks and backslashes escaped
/// in octal (`\040`).
fn unescape(field: &str) -> PathBuf {
    let mut bytes = Vec::new();
    let raw = field.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        let octal = raw.get(i + 1..i + 4).and_then(|d| {
            let text = std::str::from_utf8(d).ok()?;
            u8::from_str_radix(text, 8).ok()
        });
        match (raw[i], octal) {
            (b'\\', Some(byte)) => {
                bytes.push(byte);
                i += 4;
            }
            (byte, _) => {
                bytes.push(byte);
                i += 1;
            }
        }
    }
    use std::os::unix::ffi::OsStringExt;
    PathBuf::from(std::ffi::OsString::from_vec(bytes))
}

/// Makes this judge's folder in a hierarchy (or finds it made).
fn make_dir(dir: &Path) -> Result<(), String> {
    match std::fs::create_dir(dir) {
        Err(e) if !dir.is_dir() => Err(format!("{}: {e}", dir.display())),
        _ => Ok(()),
    }
}

impl Cgroups {
    /// The cgroups this process may use: v1 hierarchies it can write, or
    /// a v2 subtree delegated to it with memory and pids; else why not,
    /// for each layout (`judge doctor` says it, and a judge that would run
    /// submissions without a memory cap refuses with it).
    pub fn detect() -> Result<Cgroups, String> {
        let own = read_file(Path::new("/proc/self/cgroup")).unwrap_or_default();
        let mounts = read_file(Path::new("/proc/self/mountinfo")).unwrap_or_default();
        let host = Host::read(&own, &mounts);
        let v1 = match host.detect_v1() {
            Ok(cgroups) => return Ok(cgroups),
            Err(why) => why,
        };
        host.detect_v2()
            .map_err(|v2| format!("cgroup v1: {v1}; cgroup v2: {v2}"))
    }

    /// A cgroup for one run: a free one, or a new one.
    pub fn take(&self) -> io::Result<Slot> {
        if let Some(slot) = self.free.lock().unwrap_or_else(|e| e.into_inner()).pop() {
            return Ok(slot);
        }
        let n = {
            let mut made = self.made.lock().unwrap_or_else(|e| e.into_inner());
            *made += 1;
            *made
        };
        let dirs: Vec<PathBuf> = self
            .parents
            .iter()
            .map(|p| p.join(format!("w{n}")))
            .collect();
        for dir in &dirs {
            std::fs::create_dir(dir).or_else(|e| match e.kind() {
                io::ErrorKind::AlreadyExists => Ok(()),
                _ => Err(e),
            })?;
        }
        let read = |i: usize, name: &str| File::open(dirs[i].join(name));
        let (events, cpu) = match self.version {
            // V1_CONTROLLERS: memory, pids, cpuacct, freezer.
            Version::V1 => (
                read(0, "memory.oom_control")?,
                OpenOptions::new()
                    .read(true)
                    .write(true)
                    .open(dirs[2].join("cpuacct.usage"))?,
            ),
            Version::V2 => (read(0, "memory.events")?, read(0, "cpu.stat")?),
        };
        let joined: &[usize] = match self.version {
            Version::V1 => &[0, 1, 2, 3],
            Version::V2 => &[0],
        };
        let join = joined
            .iter()
            .map(|&i| {
                OpenOptions::new()
                    .write(true)
                    .open(dirs[i].join("cgroup.procs"))
            })
            .collect::<io::Result<Vec<File>>>()?;
        let peak = match self.version {
            Version::V1 => "memory.max_usage_in_bytes",
            Version::V2 => "memory.peak",
        };
        let peak = OpenOptions::new()
            .read(true)
            .write(true)
            .open(dirs[0].join(peak));
        let mut slot = Slot {
            version: self.version,
            dirs,
            oom_kills_before: 0,
            caps: None,
            join,
            events,
            cpu,
            peak: peak.ok(),
        };
        slot.oom_kills_before = slot.oom_kills();
        Ok(slot)
    }

    /// Gives back a cgroup whose run is over (it holds no process).
    pub fn give(&self, slot: Slot) {
        self.free
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(slot);
    }
}

impl Drop for Cgroups {
    fn drop(&mut self) {
        let slots = std::mem::take(&mut *self.free.lock().unwrap_or_else(|e| e.into_inner()));
        for slot in slots {
            for dir in slot.dirs {
                let _ = std::fs::remove_dir(dir);
            }
        }
        for parent in &self.parents {
            let _ = std::fs::remove_dir(parent);
        }
    }
}

/// Reads a whole control file from its start: mostly one system call.
fn read_at_start(file: &File) -> String {
    use std::os::unix::fs::FileExt;
    let mut text = Vec::new();
    let mut buffer = [0u8; 4096];
    while let Ok(n) = file.read_at(&mut buffer, text.len() as u64) {
        if n == 0 {
            break;
        }
        text.extend_from_slice(&buffer[..n]);
    }
    String::from_utf8_lossy(&text).into_owned()
}

impl Slot {
    fn dir(&self, controller: &str) -> &Path {
        match self.version {
            Version::V2 => &self.dirs[0],
            Version::V1 => {
                let i = V1_CONTROLLERS
                    .iter()
                    .position(|c| *c == controller)
                    .unwrap_or(0);
                &self.dirs[i]
            }
        }
    }

    /// Sets the caps of the next run (memory in bytes, processes) and
    /// resets the counters; returns the descriptors the run's process
    /// writes `0` into to join (open already, so the child only writes).
    pub fn prepare(&mut self, memory_cap: u64, max_processes: u64) -> io::Result<Vec<i32>> {
        if self.caps != Some((memory_cap, max_processes)) {
            self.set_caps(memory_cap, max_processes)?;
            self.caps = Some((memory_cap, max_processes));
        }
        use std::os::unix::fs::FileExt;
        if self.version == Version::V1 {
            self.cpu.write_at(b"0", 0)?;
        }
        // v1 takes 0; a v2 peak is reset by any write to its descriptor. One
        // that cannot be reset would say an earlier run's peak: not used.
        if (self.peak.as_ref()).is_some_and(|peak| peak.write_at(b"0", 0).is_err()) {
            self.peak = None;
        }
        Ok(self.join.iter().map(|f| f.as_raw_fd()).collect())
    }

    fn set_caps(&self, memory_cap: u64, max_processes: u64) -> io::Result<()> {
        let memory = self.dir("memory");
        match self.version {
            Version::V1 => {
                // The swap limit (memory + swap) may only be raised above the
                // memory limit: set them in the order that keeps it above.
                let memsw = memory.join("memory.memsw.limit_in_bytes");
                let limit = memory.join("memory.limit_in_bytes");
                let cap = memory_cap.to_string();
                if write_file(&limit, &cap).is_err() {
                    let _ = write_file(&memsw, &cap);
                    write_file(&limit, &cap)?;
                }
                let _ = write_file(&memsw, &cap);
            }
            Version::V2 => {
                write_file(&memory.join("memory.max"), &memory_cap.to_string())?;
                let _ = write_file(&memory.join("memory.swap.max"), "0");
            }
        }
        write_file(
            &self.dir("pids").join("pids.max"),
            &max_processes.to_string(),
        )
    }

    fn oom_kills(&self) -> u64 {
        read_at_start(&self.events)
            .lines()
            .find_map(|l| {
                let (k, v) = l.split_once(' ')?;
                (k == "oom_kill").then(|| v.trim().parse().ok())?
            })
            .unwrap_or(0)
    }

    /// What the cgroup saw of the run since [`Slot::prepare`]. A v2
    /// cgroup's CPU time counts from its creation: pass what it was then.
    pub fn usage(&mut self, cpu_before: Duration) -> Usage {
        let cpu = match self.version {
            Version::V1 => {
                Duration::from_nanos(read_at_start(&self.cpu).trim().parse().unwrap_or(0))
            }
            Version::V2 => self.cpu_v2().saturating_sub(cpu_before),
        };
        // The next run counts its kills from here.
        let oom_kills = self.oom_kills();
        let before = std::mem::replace(&mut self.oom_kills_before, oom_kills);
        let peak = self.peak.as_ref();
        Usage {
            cpu,
            oom_kills: oom_kills.saturating_sub(before),
            peak_memory_bytes: peak.and_then(|peak| read_at_start(peak).trim().parse().ok()),
        }
    }

    /// A v2 cgroup's CPU time so far (`usage_usec` of `cpu.stat`).
    pub fn cpu_v2(&self) -> Duration {
        let usec = read_at_start(&self.cpu)
            .lines()
            .find_map(|l| l.strip_prefix("usage_usec "))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or(0);
        Duration::from_micros(usec)
    }

    /// The processes in the cgroup.
    fn pids(&self) -> Vec<libc::pid_t> {
        // Opened afresh: a list read again through one descriptor can come
        // back empty.
        read_file(&self.dir("pids").join("cgroup.procs"))
            .unwrap_or_default()
            .lines()
            .filter_map(|l| l.trim().parse().ok())
            .collect()
    }

    /// Kills every process in the cgroup and waits (briefly) until none is
    /// left: frozen first where a freezer exists, so that none can fork
    /// while the others are killed.
    pub fn kill_all(&self) {
        match self.version {
            Version::V2 => {
                let _ = write_file(&self.dirs[0].join("cgroup.kill"), "1");
            }
            Version::V1 => {
                // Mostly nothing is left once the program and its session
                // are killed: then freezing would only cost time.
                if self.pids().is_empty() {
                    return;
                }
                let freezer = self.dir("freezer").join("freezer.state");
                let frozen = write_file(&freezer, "FROZEN").is_ok();
                for pid in self.pids() {
                    // SAFETY: `kill` has no memory preconditions.
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                }
                if frozen {
                    let _ = write_file(&freezer, "THAWED");
                }
            }
        }
        // Killed processes leave once the kernel has torn them down.
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let left = self.pids();
            if left.is_empty() || Instant::now() > deadline {
                break;
            }
            for pid in left {
                // SAFETY: as above.
                unsafe { libc::kill(pid, libc::SIGKILL) };
            }
            std::thread::sleep(Duration::from_micros(200));
        }
    }
}

/// The memory cap of a run: its limit and an eighth more (at least
/// 32 MiB), so that a program within its limit is never stopped while one
/// far over it is stopped at once.
pub fn memory_cap(limit: u64) -> u64 {
    limit.saturating_add((limit / 8).max(32 << 20))
}

/// The memory cap of a run's control group: the run's cap, and room for
/// its output and error stream (at most the output limit each). A control
/// group counts the pages of the files its processes write as its memory,
/// and those on a memory file system (the judge's scratch, `/dev/shm`)
/// cannot be written back to free them: without the room, a large correct
/// output would be stopped as if it were memory.
fn group_memory_cap(limits: &crate::Limits) -> u64 {
    memory_cap(limits.memory_bytes).saturating_add(limits.output_bytes.saturating_mul(2))
}

/// The most processes a run may have at once (threads count).
pub const MAX_PROCESSES: u64 = 256;

/// One run in a worker's cgroup.
struct InCgroup<'a> {
    cgroups: &'a Cgroups,
    /// Given back when the run is over.
    slot: Option<Slot>,
    /// The slot's open `cgroup.procs` files, which the child joins by.
    join: Vec<i32>,
    /// A v2 cgroup's CPU time before the run.
    cpu_before: Duration,
    killed: bool,
}

impl Layer for Cgroups {
    fn isolation(&self, isolation: &mut Isolation) {
        isolation.processes = match self.version {
            Version::V1 => "cgroup-v1",
            Version::V2 => "cgroup-v2",
        }
        .to_string();
        isolation.memory = "cgroup".to_string();
    }

    fn caps_memory(&self) -> bool {
        true
    }

    fn arm<'a>(&'a self, run: &Run) -> io::Result<Box<dyn Armed + 'a>> {
        let mut slot = self.take()?;
        let join = slot.prepare(group_memory_cap(&run.spec.limits), MAX_PROCESSES)?;
        let cpu_before = match self.version {
            Version::V2 => slot.cpu_v2(),
            Version::V1 => Duration::ZERO,
        };
        Ok(Box::new(InCgroup {
            cgroups: self,
            slot: Some(slot),
            join,
            cpu_before,
            killed: false,
        }))
    }
}

impl Armed for InCgroup<'_> {
    fn in_child(&self) -> Option<InChild> {
        let join = self.join.clone();
        Some(Box::new(move || {
            for fd in &join {
                // SAFETY: writes one byte from a static buffer to a
                // descriptor the judge holds open.
                if unsafe { libc::write(*fd, b"0".as_ptr().cast(), 1) } != 1 {
                    return Err(io::Error::last_os_error());
                }
            }
            Ok(())
        }))
    }

    fn kill(&mut self, _: libc::pid_t) {
        if let Some(slot) = &self.slot {
            slot.kill_all();
        }
        self.killed = true;
    }

    fn reaped(&mut self, _: libc::pid_t, measured: &mut Measured) {
        if let Some(slot) = &mut self.slot {
            let seen = slot.usage(self.cpu_before);
            measured.cpu = measured.cpu.max(seen.cpu);
            measured.memory_capped |= seen.oom_kills > 0;
            // The watcher sums each process's resident pages, so a page
            // that forked processes share copy-on-write counts once for
            // each of them; the group counts it once. Its count leaves out
            // the shared libraries already cached for other processes: no
            // less than the largest process, then.
            if let Some(group) = seen.peak_memory_bytes {
                let floor = group.max(measured.largest_process_bytes);
                measured.peak_memory_bytes = measured.peak_memory_bytes.min(floor);
            }
        }
    }
}

impl Drop for InCgroup<'_> {
    /// Gives the cgroup back, empty (a run that never started, or failed
    /// on the way, is killed here).
    fn drop(&mut self) {
        if let Some(slot) = self.slot.take() {
            if !self.killed {
                slot.kill_all();
            }
            self.cgroups.give(slot);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `mountinfo` line for a cgroup hierarchy mounted at `at`.
    fn mount(at: &Path, kind: &str, options: &str) -> String {
        let at = at.display().to_string().replace(' ', "\\040");
        format!("30 25 0:26 / {at} rw,nosuid - {kind} cgroup rw,{options}\n")
    }

    fn write(path: &Path, text: &str) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// A hybrid host as this one: the four v1 hierarchies the judge needs,
    /// and the unified hierarchy beside them with no controller.
    fn hybrid(root: &Path) -> (String, String) {
        let mut mounts = String::new();
        let mut own = String::from("0::/\n");
        for (i, controller) in V1_CONTROLLERS.iter().enumerate() {
            mounts += &mount(&root.join(controller), "cgroup", controller);
            own += &format!("{}:{controller}:/session\n", i + 1);
        }
        mounts += &mount(&root.join("unified"), "cgroup2", "nsdelegate");
        write(&root.join("unified/cgroup.controllers"), "\n");
        write(&root.join("unified/cgroup.subtree_control"), "\n");
        (own, mounts)
    }

    #[test]
    fn a_hybrid_host_without_writable_v1_says_v2_cannot_cap_memory() {
        let root = tempfile::tempdir().unwrap();
        let (own, mounts) = hybrid(root.path());
        // The v1 folders the judge would make under are missing, as they
        // are unwritable to a judge that is not root.
        let host = Host::read(&own, &mounts);
        let v1 = host.detect_v1().unwrap_err();
        let memory = root.path().join("memory/session");
        assert!(v1.starts_with(&memory.display().to_string()), "{v1}");
        let v2 = host.detect_v2().unwrap_err();
        let unified = root.path().join("unified");
        assert_eq!(
            v2,
            format!(
                "{}: no memory controller (a hybrid host: cgroup v1 holds it)",
                unified.display()
            )
        );
    }

    #[test]
    fn a_hybrid_host_with_writable_v1_hierarchies_uses_them() {
        let root = tempfile::tempdir().unwrap();
        let (own, mounts) = hybrid(root.path());
        for controller in V1_CONTROLLERS {
            std::fs::create_dir_all(root.path().join(controller).join("session")).unwrap();
        }
        let cgroups = Host::read(&own, &mounts).detect_v1().unwrap();
        assert_eq!(cgroups.version, Version::V1);
        let mine = root.path().join("freezer/session").join(own_name());
        assert_eq!(cgroups.parents[3], mine);
        assert!(mine.is_dir());
    }

    #[test]
    fn a_delegated_v2_subtree_is_entered_through_a_leaf_of_the_judge() {
        let root = tempfile::tempdir().unwrap();
        // A path with a blank, as mountinfo escapes it.
        let unified = root.path().join("cgroup two");
        let mounts = mount(&unified, "cgroup2", "nsdelegate");
        let own = "0::/user.slice/judge.scope\n";
        let scope = unified.join("user.slice/judge.scope");
        write(&scope.join("cgroup.controllers"), "cpu pids\n");
        write(&scope.join("cgroup.subtree_control"), "\n");
        let why = Host::read(own, &mounts).detect_v2().unwrap_err();
        assert_eq!(why, format!("{}: no memory controller", scope.display()));

        // Delegated: the judge moves into a leaf, then enables both for
        // its children. (A plain folder stands for the cgroup file system,
        // whose folders come with their control files.)
        write(&scope.join("cgroup.controllers"), "cpu memory pids\n");
        let leaf = scope.join(format!("qushizi-self-{}", std::process::id()));
        write(&leaf.join("cgroup.procs"), "");
        let mine = scope.join(own_name());
        write(&mine.join("cgroup.subtree_control"), "");
        let cgroups = Host::read(own, &mounts).detect_v2().unwrap();
        assert_eq!(cgroups.version, Version::V2);
        assert_eq!(cgroups.parents, vec![mine.clone()]);
        let read = |path: PathBuf| std::fs::read_to_string(path).unwrap();
        assert_eq!(read(leaf.join("cgroup.procs")), "0");
        assert_eq!(read(scope.join("cgroup.subtree_control")), "+memory +pids");
        assert_eq!(read(mine.join("cgroup.subtree_control")), "+memory +pids");
    }

    #[test]
    fn a_host_without_cgroups_says_so() {
        let host = Host::read("0::/\n", "22 1 0:21 / /proc rw - proc proc rw\n");
        assert_eq!(host.detect_v1().unwrap_err(), "no memory hierarchy mounted");
        assert_eq!(host.detect_v2().unwrap_err(), "not mounted");
    }
}
