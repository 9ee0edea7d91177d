//! Verdicts hold on a loaded machine: the kit's solutions of every verdict
//! (an interactive problem's too), C programs at and across the limits
//! (65% of the time limit in CPU time, 150% of it, 1.5 times the memory
//! limit at once, memory and CPU time both crossed slowly) and a long play
//! of the guessing game (3000 exchanges) are each judged 6 times while
//! two threads of this test spin, and no file's verdict may differ between
//! its judgings. How far over the limit the CPU time of each run stopped for
//! it went is printed (`--nocapture`); `cargo bench -p judge --bench
//! stability` measures it against a quiet machine.

use std::time::{Duration, Instant};

use testkit::paths;
use testkit::stability::summary::{self, Excess};
use testkit::stability::{Hog, Stability};

/// Judgings of each file: 6 keep CI in its budget (10 took 34 s beside
/// the tests, then 55 s once runs the kernel stopped short of their limit
/// were judged again alone); the bench judges each 10 times.
const ROUNDS: usize = 6;

#[test]
#[ignore = "slow tier: every verdict judged 6 times beside a CPU hog (about 35 s)"]
fn no_verdict_flips_beside_a_cpu_hog() {
    let stability = Stability::new();
    let mut record = stability.record();
    let start = Instant::now();
    // Two spinning threads, stopped below (or by the unwinding of a
    // failed round), and after 15 minutes whatever happens.
    let hog = Hog::start(2, Duration::from_secs(15 * 60));
    for _ in 0..ROUNDS {
        stability.round(&paths::judge(), &mut record);
    }
    hog.stop();
    eprintln!(
        "{ROUNDS} rounds beside the hog in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    for (case, judgings) in &record {
        eprintln!("{:<44} {}", case.name, summary::verdicts(judgings));
    }
    match Excess::of(&summary::all_cpu_excess(&record)) {
        Some(excess) => eprintln!("CPU time over the limit of the runs stopped for it: {excess}"),
        None => eprintln!("no run was stopped for its CPU time"),
    }
    for flip in summary::test_flips(&record) {
        eprintln!("a test's verdict flipped (its file's held): {flip}");
    }
    let flips = summary::flips(&record);
    assert!(
        flips.is_empty(),
        "verdicts flipped beside the hog:\n{}",
        flips.join("\n")
    );
    let unexpected = summary::unexpected(&record);
    assert!(
        unexpected.is_empty(),
        "verdicts not the ones expected:\n{}",
        unexpected.join("\n")
    );
}
