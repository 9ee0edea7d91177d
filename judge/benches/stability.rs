//! Verdicts and the CPU limit on a loaded machine: `cargo bench -p judge
//! --bench stability`.
//!
//! The files `judge/tests/stability.rs` judges (the kit's solutions of
//! every verdict, nim-play's included, C programs at and across the
//! limits of a throw-away kit's "sum", a long play of its guessing game),
//! and nim-play's accepted solution, whose plays are long, are judged
//! round after round
//! (`BENCH_STABILITY_ROUNDS`, 10 unless told), each round twice, in an
//! order that alternates: on a quiet machine (the baseline) and beside a
//! CPU hog, two threads of the bench spinning. `JUDGE_BASELINE` names
//! another build of the judge, measured the same way in the same rounds.
//!
//! Printed per file: the verdicts seen (`TLE×10`, `AC×7 TLE×3`), and for
//! its tests stopped for their CPU time the CPU time over the limit (the
//! worst, the median, over how many runs); then the same over every file,
//! each verdict that flipped, and each test whose verdict flipped.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use testkit::paths;
use testkit::stability::summary::{self, Excess};
use testkit::stability::{Hog, Record, Stability};

/// The judge builds measured, by name.
fn judges() -> Vec<(String, PathBuf)> {
    let mut judges = vec![("this judge".to_string(), paths::judge())];
    if let Some(path) = std::env::var_os("JUDGE_BASELINE") {
        judges.push(("JUDGE_BASELINE".to_string(), PathBuf::from(path)));
    }
    judges
}

/// One judge's record on a quiet machine and beside the hog, and the
/// time each took.
struct Measured {
    name: String,
    judge: PathBuf,
    quiet: (Record, Duration),
    hogged: (Record, Duration),
}

/// The excess figures of a list of runs, or `-`.
fn figures(excess: &[i64]) -> String {
    match Excess::of(excess) {
        Some(e) => format!("{:+} / {:+} ms ({})", e.worst, e.median, e.runs),
        None => "-".to_string(),
    }
}

fn table(m: &Measured) {
    let (quiet, hogged) = (&m.quiet.0, &m.hogged.0);
    println!(
        "\n{}: quiet {:.1} s, beside the hog {:.1} s",
        m.name,
        m.quiet.1.as_secs_f64(),
        m.hogged.1.as_secs_f64()
    );
    println!(
        "{:<48} {:<14} {:<24} {:<14} {:<24}",
        "", "quiet", "CPU over limit", "hog", "CPU over limit"
    );
    println!(
        "{:<48} {:<14} {:<24} {:<14} {:<24}",
        "file", "verdicts", "worst / median (runs)", "verdicts", "worst / median (runs)"
    );
    for ((case, q), (_, h)) in quiet.iter().zip(hogged) {
        println!(
            "{:<48} {:<14} {:<24} {:<14} {:<24}",
            case.name,
            summary::verdicts(q),
            figures(&summary::cpu_excess(case, q)),
            summary::verdicts(h),
            figures(&summary::cpu_excess(case, h)),
        );
    }
    println!(
        "{:<48} {:<14} {:<24} {:<14} {:<24}",
        "every run stopped for its CPU time",
        "",
        figures(&summary::all_cpu_excess(quiet)),
        "",
        figures(&summary::all_cpu_excess(hogged)),
    );
    for (mode, record) in [("quiet", quiet), ("hog", hogged)] {
        let flips = summary::flips(record);
        let unexpected = summary::unexpected(record);
        let tests = summary::test_flips(record);
        match flips.is_empty() && unexpected.is_empty() && tests.is_empty() {
            true => println!("{mode}: no verdict flipped, every one as expected"),
            false => {
                for line in flips.iter().chain(&unexpected).chain(&tests) {
                    println!("{mode}: {line}");
                }
            }
        }
    }
}

fn main() {
    let rounds: usize = std::env::var("BENCH_STABILITY_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(10);
    let stability = Stability::with_long_plays();
    let mut measured: Vec<Measured> = (judges().into_iter())
        .map(|(name, judge)| Measured {
            name,
            judge,
            quiet: (stability.record(), Duration::ZERO),
            hogged: (stability.record(), Duration::ZERO),
        })
        .collect();
    let files = stability.record().len();
    println!(
        "{files} files, {rounds} round(s), each judged quietly (the baseline) and beside a CPU hog \
         of 2 spinning threads, the order alternating; a problem's files in one `judge test` call"
    );
    for round in 0..rounds {
        for m in &mut measured {
            for hog in [round % 2 == 1, round % 2 == 0] {
                let hogging = hog.then(|| Hog::start(2, Duration::from_secs(10 * 60)));
                let (record, took) = match hog {
                    true => &mut m.hogged,
                    false => &mut m.quiet,
                };
                let start = Instant::now();
                stability.round(&m.judge, record);
                *took += start.elapsed();
                drop(hogging);
            }
        }
        eprintln!("round {} of {rounds} done", round + 1);
    }
    for m in &measured {
        table(m);
    }
}
