//! A judge (or any program) run under a watchdog, and a look in /proc:
//! where a program that does not end waits ([`stuck`]), and which
//! processes a run left behind.

use std::io::Read;
use std::path::Path;
use std::process::Child;
use std::time::{Duration, Instant};

/// How a run ended.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub took: Duration,
}

/// Waits for `child` (reading what it pipes), started at `start`; one
/// that outlives `limit` is killed and fails the test, saying where it
/// waited. `args` name the run in that message.
pub fn wait(mut child: Child, args: &[&str], start: Instant, limit: Duration) -> Run {
    // One reader a pipe: a full pipe never stops the other's writer.
    let (out, err) = (child.stdout.take(), child.stderr.take());
    let out = std::thread::spawn(move || read_all(out));
    let err = std::thread::spawn(move || read_all(err));
    let code = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status.code();
        }
        if start.elapsed() > limit {
            let seen = stuck(child.id());
            let _ = child.kill();
            let _ = child.wait();
            panic!("judge {args:?} did not end within {limit:?}; where it waited:\n{seen}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Run {
        code,
        stdout: out.join().unwrap(),
        stderr: err.join().unwrap(),
        took: start.elapsed(),
    }
}

/// All that `pipe` gives, shown lossily: output that is not UTF-8 is kept.
fn read_all(pipe: Option<impl Read>) -> String {
    let mut bytes = Vec::new();
    if let Some(mut pipe) = pipe {
        let _ = pipe.read_to_end(&mut bytes);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Where each thread of `pid` and of its descendants waits: its state,
/// kernel function and system call, to tell a hang from slowness.
pub fn stuck(pid: u32) -> String {
    let mut lines = Vec::new();
    let mut stack = vec![pid.to_string()];
    while let Some(pid) = stack.pop() {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for task in tasks.flatten() {
            let read = |name: &str| {
                let text = std::fs::read_to_string(task.path().join(name)).unwrap_or_default();
                text.trim().to_string()
            };
            let stat = read("stat");
            let state = stat
                .rsplit(") ")
                .next()
                .unwrap_or("")
                .split(' ')
                .next()
                .unwrap_or("");
            lines.push(format!(
                "{pid}/{}: {} {state} in {} syscall {}",
                task.file_name().to_string_lossy(),
                read("comm"),
                read("wchan"),
                read("syscall")
            ));
            stack.extend(read("children").split_whitespace().map(str::to_string));
        }
    }
    lines.join("\n")
}

/// The processes (not zombies) whose command line names `dir`, as
/// `pid: command line`: every program of a run in a kit there does, by its
/// path (the judge's own command line names none).
pub fn processes_of(dir: &Path) -> Vec<String> {
    processes_with(&dir.to_string_lossy())
}

/// What [`processes_of`] still finds once the kernel has had up to 5 s to
/// end it: a killed judge leaves its runs to `PR_SET_PDEATHSIG`, whose
/// SIGKILL a busy machine may not have acted on when the judge's end is
/// seen.
pub fn processes_outliving(dir: &Path) -> Vec<String> {
    let until = Instant::now() + Duration::from_secs(5);
    let mut left = processes_of(dir);
    while !left.is_empty() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(10));
        left = processes_of(dir);
    }
    left
}

/// The processes (not zombies) whose command line holds `marker`, as
/// `pid: command line`.
pub fn processes_with(marker: &str) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        if entry.file_name().to_string_lossy().parse::<u32>().is_err() {
            continue;
        }
        let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
        if cmdline.contains(marker) && !stat.contains(") Z ") {
            found.push(format!(
                "{}: {cmdline}",
                entry.file_name().to_string_lossy()
            ));
        }
    }
    found
}

/// Kills what [`processes_of`] found: what the judge failed to kill must
/// not outlive the test.
pub fn kill_all(found: &[String]) {
    for p in found {
        if let Some(pid) = p.split(':').next().and_then(|p| p.parse::<i32>().ok()) {
            // SAFETY: `kill` has no memory preconditions.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    }
}
