//! `judge build [PROBLEM...]`: build programs, then every problem's tests.

use std::time::Instant;

use anyhow::Result;
use serde_json::json;

use crate::kit::Kit;
use crate::progress::Progress;
use crate::testset;

/// Builds the named problems (all when empty). Returns true on success.
pub fn run(kit: &Kit, problems: &[String], jobs: usize, force: bool, json: bool) -> Result<bool> {
    let started = Instant::now();
    let names = kit.select(problems)?;
    let problems = kit.prepare(&names, force)?;
    let progress = Progress::new(json);
    let mut report = Vec::new();
    for problem in &problems {
        let name = &problem.name;
        let (_, s) = testset::build(kit, problem, jobs, &progress)?;
        let what = if s.generated + s.validated + s.answered == 0 {
            "up to date".to_string()
        } else {
            format!(
                "{} generated, {} validated, {} answered; reference at most {} ms",
                s.generated,
                s.validated,
                s.answered,
                s.reference_max_time.as_millis()
            )
        };
        if !json {
            say!("{name:<14} {:>3} tests  {what}", s.tests);
        }
        report.push(json!({
            "problem": name, "tests": s.tests, "generated": s.generated,
            "validated": s.validated, "answered": s.answered,
            "reference_max_time_ms": s.reference_max_time.as_millis() as u64,
        }));
    }
    if json {
        super::print_json(&json!({ "verdict": "AC", "problems": report }))?;
    } else {
        say!(
            "built {} problem(s) in {:.2} s",
            names.len(),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(true)
}
