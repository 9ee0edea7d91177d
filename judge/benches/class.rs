//! A class judged at once: `cargo bench -p judge --bench class`.
//!
//! On the kit's own problems (nim and subtraction, or the ones
//! `BENCH_CLASS_PROBLEMS` names, comma-separated), a class of 30 files made
//! from the problem's solutions (its brute forces left out; each file marked
//! as a student's, so that no compiled program or judging is reused) is
//! judged in the same run:
//! * the baseline: 30 separate `judge test PROBLEM FILE` calls, as a coach's
//!   shell loop does;
//! * `judge test PROBLEM CLASS`: one batch, every file compiled first, then
//!   all their tests on the one pool;
//! * the same batch again, unchanged: every row read back (`cached`).
//!
//! The order of the two first alternates between rounds (`BENCH_ROUNDS`, 1
//! unless told); each round has classes of its own.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use testkit::bench::median;

const STUDENTS: usize = 30;

/// The kit's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The solutions a class is made of: every file under the problem's
/// solutions but its brute forces, by name.
fn sources(problem: &str) -> Vec<PathBuf> {
    let dir = root().join("solutions").join(problem);
    let mut files: Vec<PathBuf> = walk(&dir)
        .into_iter()
        .filter(|f| !f.components().any(|c| c.as_os_str() == "brute_force"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no solutions under {}", dir.display());
    files
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        match path.is_dir() {
            true => files.extend(walk(&path)),
            false => files.push(path),
        }
    }
    files
}

/// A class of 30 files in `dir`: the solutions in turn, each with a
/// comment naming the student and `mark`.
fn class(problem: &str, dir: &Path, mark: &str) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    let sources = sources(problem);
    for i in 0..STUDENTS {
        let source = &sources[i % sources.len()];
        let ext = source.extension().unwrap().to_string_lossy();
        let comment = match ext.as_ref() {
            "py" => "#",
            _ => "//",
        };
        let text = std::fs::read_to_string(source).unwrap();
        let file = dir.join(format!("student{i:02}.{ext}"));
        std::fs::write(file, format!("{comment} {mark} student {i}\n{text}")).unwrap();
    }
}

/// Runs `judge ARGS` at the kit's root; its wall time.
fn judge(args: &[&str]) -> Duration {
    let start = Instant::now();
    let status = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .current_dir(root())
        .env("NO_PROGRESS", "1")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    // Exit 1 says a file was not accepted, which a class has.
    assert!(
        matches!(status.code(), Some(0 | 1)),
        "judge {args:?} failed"
    );
    start.elapsed()
}

/// The 30 files of `dir`, judged one call each.
fn separately(problem: &str, dir: &Path) -> Duration {
    let mut files: Vec<PathBuf> = walk(dir);
    files.sort();
    (files.iter())
        .map(|f| judge(&["test", problem, f.to_str().unwrap()]))
        .sum()
}

fn main() {
    let problems = std::env::var("BENCH_CLASS_PROBLEMS").unwrap_or("nim,subtraction".into());
    let rounds: usize = std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1);
    let work = root().join("target/bench-class");
    println!("a class of {STUDENTS} files on each problem; medians of {rounds} round(s)\n");
    for problem in problems.split(',') {
        // Builds the problem's tests and the kit's programs: not timed.
        judge(&["build", problem]);
        let (mut single, mut batch, mut again) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..rounds {
            let nonce = format!(
                "{}-{round}",
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_nanos()
            );
            let (one, many) = (work.join("separate"), work.join("batch"));
            class(problem, &one, &format!("separate {nonce}"));
            class(problem, &many, &format!("batch {nonce}"));
            let many_arg = many.to_str().unwrap();
            let mut measure = |first: bool| match first {
                true => single.push(separately(problem, &one)),
                false => batch.push(judge(&["test", problem, many_arg])),
            };
            measure(round % 2 == 0);
            measure(round % 2 == 1);
            again.push(judge(&["test", problem, many_arg]));
        }
        let (single, batch, again) = (median(single), median(batch), median(again));
        println!(
            "{problem:<12} {STUDENTS} separate `judge test` calls (baseline) {:7.2} s",
            single.as_secs_f64()
        );
        println!(
            "{problem:<12} one batch `judge test {problem} CLASS`        {:7.2} s   {:.2}x the baseline's time",
            batch.as_secs_f64(),
            batch.as_secs_f64() / single.as_secs_f64()
        );
        println!(
            "{problem:<12} the same batch again, unchanged            {:7.3} s",
            again.as_secs_f64()
        );
    }
    let _ = std::fs::remove_dir_all(&work);
}
