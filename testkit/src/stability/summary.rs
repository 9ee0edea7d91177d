//! What a [`Record`] says: the verdicts each case got (`AC×7 TLE×3`), the
//! cases whose verdict flipped or was not the one it must be, the tests
//! whose verdict flipped, and how far over the limit the CPU time of each
//! run stopped for it went.

use std::fmt;

use super::{Case, Judging, Record};

/// The verdicts of `judgings`, each with its count, in the order first
/// seen: `AC×7 TLE×3`.
pub fn counts<'a>(verdicts: impl IntoIterator<Item = &'a str>) -> String {
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for v in verdicts {
        match seen.iter_mut().find(|(w, _)| *w == v) {
            Some((_, n)) => *n += 1,
            None => seen.push((v, 1)),
        }
    }
    let parts: Vec<String> = seen.iter().map(|(v, n)| format!("{v}×{n}")).collect();
    parts.join(" ")
}

/// The verdicts of a case's judgings.
pub fn verdicts(judgings: &[Judging]) -> String {
    counts(judgings.iter().map(|j| j.verdict.as_str()))
}

/// The CPU time of a test stopped for it (`N ms of CPU time`, by the
/// judge's samples or the kernel's timer; not one killed at the wall limit
/// or stopped idle) over the limit, in ms.
fn excess(limit_ms: u64, verdict: &str, time_ms: u64, message: &str) -> Option<i64> {
    let message = message.trim_end_matches(", stopped by the kernel past the CPU limit");
    let cpu = message.strip_suffix(" ms of CPU time")?;
    (verdict == "TLE" && cpu.parse::<u64>().is_ok()).then(|| time_ms as i64 - limit_ms as i64)
}

/// The CPU excess of every run of `case` that got TLE by CPU time.
pub fn cpu_excess(case: &Case, judgings: &[Judging]) -> Vec<i64> {
    let tests = judgings.iter().flat_map(|j| j.tests.iter());
    tests
        .filter_map(|t| excess(case.limit_ms, &t.verdict, t.time_ms, &t.message))
        .collect()
}

/// The CPU excess of every run of the record that got TLE by CPU time.
pub fn all_cpu_excess(record: &Record) -> Vec<i64> {
    record.iter().flat_map(|(c, j)| cpu_excess(c, j)).collect()
}

/// How far over the limit the runs stopped for CPU time went.
#[derive(Clone, Copy, Debug)]
pub struct Excess {
    pub runs: usize,
    pub worst: i64,
    pub median: i64,
}

impl Excess {
    /// The figures of `excess`; None if it is empty.
    pub fn of(excess: &[i64]) -> Option<Excess> {
        let mut sorted = excess.to_vec();
        sorted.sort_unstable();
        Some(Excess {
            runs: sorted.len(),
            worst: *sorted.last()?,
            median: sorted[sorted.len() / 2],
        })
    }
}

impl fmt::Display for Excess {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "worst {:+} ms, median {:+} ms, {} run(s)",
            self.worst, self.median, self.runs
        )
    }
}

/// A judging on one line: its verdict and first failure.
fn line(i: usize, j: &Judging) -> String {
    match j.failure.is_empty() {
        true => format!("    {:>2}. {}", i + 1, j.verdict),
        false => format!("    {:>2}. {} ({})", i + 1, j.verdict, j.failure),
    }
}

/// Each case whose verdict flipped, with its every judging.
pub fn flips(record: &Record) -> Vec<String> {
    let flipped = record
        .iter()
        .filter(|(_, j)| j.iter().any(|x| x.verdict != j[0].verdict));
    flipped
        .map(|(case, judgings)| {
            let lines: Vec<String> = judgings
                .iter()
                .enumerate()
                .map(|(i, j)| line(i, j))
                .collect();
            format!(
                "{}: {}\n{}",
                case.name,
                verdicts(judgings),
                lines.join("\n")
            )
        })
        .collect()
}

/// Each case that got another verdict than the one it must get, with the
/// judgings that did.
pub fn unexpected(record: &Record) -> Vec<String> {
    let mut found = Vec::new();
    for (case, judgings) in record {
        let Some(expected) = case.expected else {
            continue;
        };
        let wrong: Vec<String> = (judgings.iter().enumerate())
            .filter(|(_, j)| j.verdict != expected)
            .map(|(i, j)| line(i, j))
            .collect();
        if !wrong.is_empty() {
            let head = format!(
                "{}: must be {expected}, got {}",
                case.name,
                verdicts(judgings)
            );
            found.push(format!("{head}\n{}", wrong.join("\n")));
        }
    }
    found
}

/// Each test whose verdict flipped between the judgings that ran it (a
/// file judged with `--fail-fast` runs fewer tests some times), with the
/// verdicts and CPU times.
pub fn test_flips(record: &Record) -> Vec<String> {
    let mut found = Vec::new();
    for (case, judgings) in record {
        let mut names: Vec<&str> = judgings
            .iter()
            .flat_map(|j| j.tests.iter().map(|t| t.name.as_str()))
            .collect();
        names.sort_unstable();
        names.dedup();
        for name in names {
            let runs: Vec<_> = (judgings.iter())
                .filter_map(|j| j.tests.iter().find(|t| t.name == name))
                .collect();
            if runs.iter().all(|t| t.verdict == runs[0].verdict) {
                continue;
            }
            let times: Vec<String> = runs
                .iter()
                .map(|t| format!("{} {} ms", t.verdict, t.time_ms))
                .collect();
            let verdicts = counts(runs.iter().map(|t| t.verdict.as_str()));
            found.push(format!(
                "{} test {name}: {verdicts} ({})",
                case.name,
                times.join(", ")
            ));
        }
    }
    found
}
