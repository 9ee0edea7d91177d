//! Checker speed: `cargo bench -p checkers --bench speed`.
//!
//! Writes 10^7 random int64, 10 per line (about 200 MB), as the answer and an
//! identical output, then times our `ncmp` and `wcmp` on them against two
//! baselines measured in the same run: a loop that only reads both files and
//! counts whitespace bytes (the floor), and a naive C parse-and-compare
//! (`getc_unlocked`, a digit at a time; `cc -O2`, skipped without a C
//! compiler). ncmp's goal: 0.8 times the floor's speed. Also measures a
//! checker's start-up on a tiny test.
//! testlib.h does 27 MB/s (ncmp) and 50 MB/s (wcmp) per output file on this
//! kind of machine, and about 4 ms of start-up.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const NUMBERS: usize = 10_000_000;
const PER_LINE: usize = 10;
const RUNS: usize = 3;
/// ncmp parses and compares at no less than this share of the floor's speed.
const NCMP_GOAL_OF_FLOOR: f64 = 0.8;
const STARTUP_RUNS: usize = 200;

fn data_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap().join("bench-data");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes the answer file once (deterministic: the same bytes every run).
fn write_numbers(path: &Path) {
    if path.exists() {
        return;
    }
    let mut rnd = testlib::Random::from_args(&["speed"]);
    let tmp = path.with_extension("tmp");
    let mut out = BufWriter::with_capacity(1 << 20, File::create(&tmp).unwrap());
    for i in 0..NUMBERS {
        let magnitude = rnd.next_long(i64::MAX);
        let x = if rnd.next_int(2) == 0 {
            magnitude
        } else {
            -magnitude
        };
        write!(out, "{x}").unwrap();
        out.write_all(if (i + 1) % PER_LINE == 0 { b"\n" } else { b" " })
            .unwrap();
    }
    out.into_inner().unwrap().sync_all().unwrap();
    std::fs::rename(tmp, path).unwrap();
}

/// The baseline: read both files and count whitespace, nothing else.
fn baseline(a: &Path, b: &Path) -> Duration {
    let start = Instant::now();
    let mut blanks = 0u64;
    let mut buf = vec![0u8; 1 << 20];
    for path in [a, b] {
        let mut f = File::open(path).unwrap();
        loop {
            let n = f.read(&mut buf).unwrap();
            if n == 0 {
                break;
            }
            blanks += buf[..n]
                .iter()
                .filter(|&&c| matches!(c, b' ' | b'\t' | b'\r' | b'\n'))
                .count() as u64;
        }
    }
    assert_eq!(blanks, 2 * NUMBERS as u64);
    start.elapsed()
}

fn run_checker(exe: &str, dir: &Path, output: &Path, answer: &Path) -> Duration {
    let start = Instant::now();
    let result = Command::new(exe)
        .arg(dir.join("input.txt"))
        .arg(output)
        .arg(answer)
        .env("TESTLIB_RS_MAX_FILE_SIZE", "0")
        .output()
        .unwrap();
    let elapsed = start.elapsed();
    assert!(
        result.status.success(),
        "{exe}: {}",
        String::from_utf8_lossy(&result.stderr)
    );
    elapsed
}

/// A C program that compares two files of integers the plain way: what a
/// setter would write for a fast checker without testlib.
const NAIVE_C: &str = r#"
#include <stdio.h>
static int next(FILE *f, long long *v) {
    int c = getc_unlocked(f);
    while (c == ' ' || c == '\n' || c == '\r' || c == '\t') c = getc_unlocked(f);
    if (c == EOF) return 0;
    int neg = c == '-';
    if (neg) c = getc_unlocked(f);
    unsigned long long x = 0;
    while (c >= '0' && c <= '9') { x = x * 10 + (c - '0'); c = getc_unlocked(f); }
    *v = neg ? -(long long)x : (long long)x;
    return 1;
}
int main(int argc, char **argv) {
    FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
    long long n = 0, j, p;
    for (;;) {
        int a = next(ans, &j), b = next(out, &p);
        if (a != b) return 1;
        if (!a) break;
        if (j != p) return 1;
        n++;
    }
    fprintf(stderr, "ok %lld numbers\n", n);
    return 0;
}
"#;

/// Builds [`NAIVE_C`] in `dir`; `None` without a C compiler.
fn naive_c(dir: &Path) -> Option<PathBuf> {
    let source = dir.join("naive.c");
    let exe = dir.join("naive");
    std::fs::write(&source, NAIVE_C).unwrap();
    let built = Command::new("cc")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(&source)
        .status();
    match built {
        Ok(status) if status.success() => Some(exe),
        _ => {
            println!("(no C compiler: the naive C parser is not measured)");
            None
        }
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let dir = data_dir();
    std::fs::write(dir.join("input.txt"), "1\n").unwrap();
    let answer = dir.join("answer.txt");
    let output = dir.join("output.txt");
    write_numbers(&answer);
    if !output.exists() {
        std::fs::copy(&answer, &output).unwrap();
    }
    let size = std::fs::metadata(&answer).unwrap().len() as f64 / 1e6;
    println!("data: {NUMBERS} int64, {PER_LINE} per line, {size:.0} MB per file (output = answer)");
    println!("each figure is the median of {RUNS} runs; MB/s are per output file");
    println!();

    let base = median((0..RUNS).map(|_| baseline(&output, &answer)).collect());
    let base_rate = size / base.as_secs_f64();
    println!(
        "{:<38} {:>8.3} s {:>9.0} MB/s",
        "baseline: read both files, count blanks",
        base.as_secs_f64(),
        base_rate
    );
    let naive = naive_c(&dir).map(|exe| {
        let exe = exe.to_string_lossy().into_owned();
        let t = median(
            (0..RUNS)
                .map(|_| run_checker(&exe, &dir, &output, &answer))
                .collect(),
        );
        println!(
            "{:<38} {:>8.3} s {:>9.0} MB/s   {:.2}x the floor's speed",
            "naive C: getc_unlocked, compare",
            t.as_secs_f64(),
            size / t.as_secs_f64(),
            base.as_secs_f64() / t.as_secs_f64()
        );
        t
    });
    for (name, exe) in [
        ("ncmp", env!("CARGO_BIN_EXE_ncmp")),
        ("wcmp", env!("CARGO_BIN_EXE_wcmp")),
    ] {
        let t = median(
            (0..RUNS)
                .map(|_| run_checker(exe, &dir, &output, &answer))
                .collect(),
        );
        let rate = size / t.as_secs_f64();
        let against_c = naive.map_or(String::new(), |c| {
            format!(", {:.2}x the naive C's", c.as_secs_f64() / t.as_secs_f64())
        });
        let of_floor = base.as_secs_f64() / t.as_secs_f64();
        let goal = match (name, of_floor >= NCMP_GOAL_OF_FLOOR) {
            ("ncmp", true) => format!(" (meets the goal of {NCMP_GOAL_OF_FLOOR}x)"),
            ("ncmp", false) => format!(" (BELOW the goal of {NCMP_GOAL_OF_FLOOR}x)"),
            _ => String::new(),
        };
        println!(
            "{:<38} {:>8.3} s {:>9.0} MB/s   {of_floor:.2}x the floor's speed{goal}{against_c}, {:.1}x testlib ({} MB/s)",
            name,
            t.as_secs_f64(),
            rate,
            rate / if name == "ncmp" { 27.0 } else { 50.0 },
            if name == "ncmp" { 27 } else { 50 },
        );
    }

    let tiny = dir.join("tiny");
    std::fs::create_dir_all(&tiny).unwrap();
    std::fs::write(tiny.join("input.txt"), "1\n").unwrap();
    std::fs::write(tiny.join("output.txt"), "1 2 3\n").unwrap();
    std::fs::write(tiny.join("answer.txt"), "1 2 3\n").unwrap();
    let exe = env!("CARGO_BIN_EXE_ncmp");
    run_checker(
        exe,
        &tiny,
        &tiny.join("output.txt"),
        &tiny.join("answer.txt"),
    );
    let start = Instant::now();
    for _ in 0..STARTUP_RUNS {
        run_checker(
            exe,
            &tiny,
            &tiny.join("output.txt"),
            &tiny.join("answer.txt"),
        );
    }
    let per_run = start.elapsed().as_secs_f64() * 1e3 / STARTUP_RUNS as f64;
    let spawn = Instant::now();
    for _ in 0..STARTUP_RUNS {
        Command::new("/bin/true").status().unwrap();
    }
    let floor = spawn.elapsed().as_secs_f64() * 1e3 / STARTUP_RUNS as f64;
    // The same check in this process, as the judge runs a standard checker
    // on a small output (`testlib::run_in_process`).
    let paths = ["input.txt", "output.txt", "answer.txt"].map(|f| tiny.join(f));
    let args: Vec<String> = std::iter::once("ncmp".to_string())
        .chain(paths.iter().map(|p| p.to_str().unwrap().to_string()))
        .collect();
    let main = checkers::standard::main_of("ncmp").unwrap();
    let hosted = Instant::now();
    for _ in 0..STARTUP_RUNS {
        let exit = testlib::run_in_process(args.clone(), main);
        assert_eq!(exit.code, 0, "{}", String::from_utf8_lossy(&exit.report));
    }
    let in_process = hosted.elapsed().as_secs_f64() * 1e6 / STARTUP_RUNS as f64;
    println!();
    println!(
        "start-up: ncmp on a tiny test {per_run:.2} ms per run (spawning /bin/true: {floor:.2} ms; testlib: about 4 ms)"
    );
    println!(
        "in the judge's process: {in_process:.1} µs per check, {:.2} ms saved a test",
        per_run - in_process / 1e3
    );
}
