//! Finding every process of a run without control groups.
//!
//! Each run starts a session of its own; the judge is a child subreaper
//! (`PR_SET_CHILD_SUBREAPER`), so a process whose parent dies is adopted by
//! the judge instead of `init`. At the end of a run the judge kills the
//! run's session and every descendant of its program, then every process
//! it adopted that belongs to no live run (one that left its session is
//! killed too: leaving is an attempt to escape). What this cannot catch: a
//! process that both left the session and was adopted while another run's
//! cleanup was not looking is caught at the next cleanup, not at once.

use std::collections::BTreeSet;
use std::io;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::Isolation;
use crate::home;
use crate::layer::{Armed, Layer, Measured, Run};

/// Makes this process adopt the orphans of its descendants.
pub fn make_subreaper() -> bool {
    // SAFETY: a plain prctl.
    unsafe { libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 }
}

/// The children of `pid` (over all its threads).
fn children(pid: libc::pid_t) -> Vec<libc::pid_t> {
    let mut found = Vec::new();
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return found;
    };
    for task in tasks.flatten() {
        if let Ok(text) = std::fs::read_to_string(task.path().join("children")) {
            found.extend(
                text.split_whitespace()
                    .filter_map(|p| p.parse::<libc::pid_t>().ok()),
            );
        }
    }
    found
}

/// Every descendant of `pid` now.
pub fn descendants(pid: libc::pid_t) -> Vec<libc::pid_t> {
    let mut all = Vec::new();
    let mut stack = vec![pid];
    while let Some(p) = stack.pop() {
        for child in children(p) {
            if !all.contains(&child) && all.len() < 100_000 {
                all.push(child);
                stack.push(child);
            }
        }
    }
    all
}

/// The session of `pid`, from `/proc/<pid>/stat`.
fn session_of(pid: libc::pid_t) -> Option<libc::pid_t> {
    Some(*stat_field(pid, 3..4)?.first()? as libc::pid_t)
}

/// What one look at a run's processes saw.
#[derive(Debug, Default)]
pub struct Sample {
    /// Memory of the processes together: their private resident pages
    /// summed, plus the largest set of shared ones (shared libraries are
    /// resident once, not once per process).
    pub memory_bytes: u64,
    /// Each process's own CPU time so far.
    pub cpu: Vec<(libc::pid_t, Duration)>,
    /// Whether any of them was running or ready to run (or waiting on the
    /// disk): not waiting for anything another process does.
    pub ready: bool,
    /// How long each has waited for a CPU while ready to run, so far.
    pub queued: Vec<(libc::pid_t, Duration)>,
}

/// Looks at the memory and CPU time of `pids`.
pub fn sample(pids: &[libc::pid_t]) -> Sample {
    // SAFETY: sysconf has no preconditions.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) }.max(4096) as u64;
    // SAFETY: as above.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    let (mut private, mut shared) = (0, 0);
    let mut cpu = Vec::with_capacity(pids.len());
    let mut queued = Vec::with_capacity(pids.len());
    let mut ready = false;
    for &p in pids {
        if let Some(wait) = run_delay(&format!("/proc/{p}/schedstat")) {
            queued.push((p, wait));
        }
        if let Ok(statm) = std::fs::read_to_string(format!("/proc/{p}/statm")) {
            let mut fields = statm
                .split_whitespace()
                .skip(1)
                .map(|f| f.parse::<u64>().unwrap_or(0));
            let (resident, file) = (fields.next().unwrap_or(0), fields.next().unwrap_or(0));
            private += resident.saturating_sub(file);
            shared = shared.max(file);
        }
        let Some(stat) = stat_of(p) else { continue };
        let fields: Vec<&str> = stat.split_whitespace().collect();
        ready |= matches!(fields.first(), Some(&("R" | "D")));
        // Its own time only: a reaped child's time, also in its parent's
        // `cutime`, was seen under the child's pid.
        if let Some(t) = numbers(&fields, 11..13) {
            let sum: u64 = t.iter().sum();
            cpu.push((p, Duration::from_micros(sum * 1_000_000 / ticks)));
        }
    }
    Sample {
        memory_bytes: (private + shared) * page,
        cpu,
        ready,
        queued,
    }
}

/// The time a task has waited on a run queue, ready to run, from its
/// `schedstat` (`running waiting timeslices`, in ns); `None` where the
/// kernel does not keep it.
fn run_delay(schedstat: &str) -> Option<Duration> {
    let text = std::fs::read_to_string(schedstat).ok()?;
    let waited = text.split_whitespace().nth(1)?.parse().ok()?;
    Some(Duration::from_nanos(waited))
}

/// The time the judge's threads `tids` have waited for a CPU, together.
pub fn queued_threads(tids: &[libc::pid_t]) -> Duration {
    (tids.iter())
        .filter_map(|tid| run_delay(&format!("/proc/self/task/{tid}/schedstat")))
        .sum()
}

/// `/proc/<pid>/stat` after the name: its state first.
fn stat_of(pid: libc::pid_t) -> Option<String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The name in parentheses may hold spaces: fields start after the last ')'.
    Some(stat[stat.rfind(')')? + 2..].to_string())
}

/// Fields of a `stat` line after the name (0 is the state), as numbers.
fn numbers(fields: &[&str], range: std::ops::Range<usize>) -> Option<Vec<u64>> {
    fields.get(range)?.iter().map(|f| f.parse().ok()).collect()
}

/// Fields of `/proc/<pid>/stat` after the name (0 is the state), as numbers.
fn stat_field(pid: libc::pid_t, range: std::ops::Range<usize>) -> Option<Vec<u64>> {
    let stat = stat_of(pid)?;
    numbers(&stat.split_whitespace().collect::<Vec<_>>(), range)
}

/// The number of tasks (threads) whose real user is `uid`, now.
pub fn tasks_of(uid: libc::uid_t) -> u64 {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    let mut count = 0;
    for entry in entries.flatten() {
        let Ok(status) = std::fs::read_to_string(entry.path().join("status")) else {
            continue;
        };
        let field = |name: &str| {
            status
                .lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
        };
        if field("Uid:") == Some(uid as u64) {
            count += field("Threads:").unwrap_or(1);
        }
    }
    count
}

fn kill(pid: libc::pid_t) {
    // SAFETY: `kill` has no memory preconditions.
    unsafe { libc::kill(pid, libc::SIGKILL) };
}

/// Reaps `pid` if it is a child of the judge that has ended; true if done.
fn reap(pid: libc::pid_t) -> bool {
    let mut status = 0;
    // SAFETY: `status` is a valid out-pointer.
    let r = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
    r == pid || r < 0
}

/// The runs alive now, by the process that leads each (its session id).
#[derive(Debug, Default)]
pub struct Reaper {
    live: Mutex<BTreeSet<libc::pid_t>>,
}

impl Reaper {
    /// Kills every process of the run led by `pid` (not yet reaped) and the
    /// orphans the judge adopted from finished runs.
    pub fn finish(&self, pid: libc::pid_t) {
        // Kill the tree from the top down until nothing new appears: a
        // process forking while its parent is killed is found next round.
        for _ in 0..100 {
            let tree = descendants(pid);
            if tree.is_empty() {
                break;
            }
            for p in &tree {
                kill(*p);
            }
        }
        // SAFETY: the leader's session id is its pid; the unreaped leader
        // pins it, so no other session can have it.
        unsafe { libc::kill(-pid, libc::SIGKILL) };
        self.live
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&pid);
        self.sweep();
    }

    /// Kills and reaps the processes the judge adopted that no live run
    /// leads: an adopted process in a live run's session is left alone.
    pub fn sweep(&self) {
        let me = std::process::id() as libc::pid_t;
        let deadline = Instant::now() + Duration::from_secs(2);
        loop {
            let adopted: Vec<libc::pid_t> = {
                // Held while looking: no run starts unrecorded meanwhile.
                let live = self.live.lock().unwrap_or_else(|e| e.into_inner());
                children(me)
                    .into_iter()
                    .filter(|p| !live.contains(p) && !home::is_home_init(*p))
                    .filter(|p| session_of(*p).is_none_or(|s| !live.contains(&s)))
                    .collect()
            };
            if adopted.is_empty() || Instant::now() > deadline {
                return;
            }
            for p in &adopted {
                for d in descendants(*p) {
                    kill(d);
                }
                kill(*p);
            }
            for p in adopted {
                let until = Instant::now() + Duration::from_millis(200);
                while !reap(p) && Instant::now() < until {
                    std::thread::sleep(Duration::from_micros(100));
                }
            }
        }
    }
}

/// One run the reaper looks after.
struct Reaped<'a>(&'a Reaper);

impl Layer for Reaper {
    fn isolation(&self, isolation: &mut Isolation) {
        isolation.processes = "reaper".to_string();
    }

    /// Starts a run and records it, with no sweep in between: a sweep
    /// never sees a new process before it is known.
    fn spawn(&self, spawn: &mut dyn FnMut() -> io::Result<libc::pid_t>) -> io::Result<libc::pid_t> {
        let mut live = self.live.lock().unwrap_or_else(|e| e.into_inner());
        let pid = spawn()?;
        live.insert(pid);
        Ok(pid)
    }

    fn arm<'a>(&'a self, _: &Run) -> io::Result<Box<dyn Armed + 'a>> {
        Ok(Box::new(Reaped(self)))
    }
}

impl Armed for Reaped<'_> {
    fn reaped(&mut self, leader: libc::pid_t, _: &mut Measured) {
        self.0.finish(leader);
    }
}
