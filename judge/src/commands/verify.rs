//! `judge verify [PROBLEM...]`: every solution gets the verdict its folder names.

use std::path::PathBuf;

use anyhow::Result;
use serde_json::json;

use super::test::Arena;
use crate::kit::Kit;
use crate::progress::Progress;
use crate::report::Style;
use crate::sandbox;
use crate::testset;
use crate::verdict::Verdict;

/// What a folder of `solutions/<problem>/` promises about its solutions.
#[derive(Clone, Copy)]
enum Expect {
    /// The overall verdict (the first that is not AC).
    Verdict(Verdict),
    /// A brute force: it may run out of time or memory (or crash for it) on
    /// big tests, but it must never disagree with the reference, and it must
    /// finish at least the first test.
    BruteForce,
}

const FOLDERS: [(&str, Expect); 7] = [
    ("accepted", Expect::Verdict(Verdict::Ac)),
    ("wrong_answer", Expect::Verdict(Verdict::Wa)),
    ("presentation_error", Expect::Verdict(Verdict::Pe)),
    ("time_limit_exceeded", Expect::Verdict(Verdict::Tle)),
    ("memory_limit_exceeded", Expect::Verdict(Verdict::Mle)),
    ("runtime_error", Expect::Verdict(Verdict::Re)),
    ("brute_force", Expect::BruteForce),
];

impl Expect {
    fn is_met(self, run: &super::test::SolutionRun) -> bool {
        match self {
            Expect::Verdict(v) => run.verdict == v,
            Expect::BruteForce => {
                let resources = [
                    Verdict::Ac,
                    Verdict::Tle,
                    Verdict::Mle,
                    Verdict::Ole,
                    Verdict::Re,
                ];
                resources.contains(&run.verdict)
                    && run
                        .outcomes
                        .first()
                        .is_some_and(|o| o.verdict.is_accepted())
            }
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Expect::Verdict(v) => v.as_str(),
            Expect::BruteForce => "no WA",
        }
    }
}

fn solutions(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Verifies the named problems (all when empty). Returns true if and only if
/// every solution got its expected verdict.
pub fn run(kit: &Kit, problems: &[String], jobs: usize, json: bool) -> Result<bool> {
    let names = kit.select(problems)?;
    kit.cargo_programs(false)?;
    let progress = Progress::new(json);
    let mut loaded = Vec::new();
    for name in &names {
        let problem = kit.problem(name)?;
        let (tests, _) = testset::build(kit, &problem, jobs, &progress)?;
        loaded.push((problem, tests));
    }
    let network = sandbox::isolate_network();
    let style = Style::detect();
    if !json {
        println!("{:<14} {:<44} {:<9} got", "problem", "solution", "expected");
    }
    let mut all_ok = true;
    let mut rows = Vec::new();
    for (problem, tests) in &loaded {
        let checker = kit.program(&problem.checker)?;
        let arena = Arena {
            kit,
            problem,
            tests,
            checker: &checker,
            jobs,
        };
        let base = problem.solutions_dir(kit);
        for (folder, expected) in FOLDERS {
            for file in solutions(&base.join(folder)) {
                let fail_fast = folder != "accepted";
                let bar = progress.bar(tests.len() as u64, &problem.name);
                let run = arena.judge(&file, fail_fast, |_| bar.inc(1))?;
                bar.finish_and_clear();
                let ok = expected.is_met(&run);
                all_ok &= ok;
                let first = run.outcomes.iter().find(|o| !o.verdict.is_accepted());
                let detail = match first {
                    Some(o) => format!("on test {}", o.name),
                    None if run.compile_error.is_some() => "compile error".to_string(),
                    None => format!("{}/{} tests", run.outcomes.len(), tests.len()),
                };
                let shown = file
                    .strip_prefix(&base)
                    .unwrap_or(&file)
                    .display()
                    .to_string();
                let expected_text = expected.describe();
                if !json {
                    let mark = if ok {
                        style.paint("32", "ok")
                    } else {
                        style.paint("1;31", "MISMATCH")
                    };
                    let score = run.score.map(|s| format!(" score {s}")).unwrap_or_default();
                    println!(
                        "{:<14} {shown:<44} {:<9} {} {:<9} {mark}",
                        problem.name,
                        expected_text,
                        style.verdict(run.verdict, 4),
                        format!("{detail}{score}"),
                    );
                    if !ok {
                        if let Some(o) = first {
                            println!("{:<14}   {}", "", o.message.lines().next().unwrap_or(""));
                        }
                    }
                }
                rows.push(json!({
                    "problem": problem.name, "solution": shown, "expected": expected_text,
                    "verdict": run.verdict, "score": run.score, "ok": ok,
                    "failed_test": first.map(|o| o.name.clone()),
                }));
            }
        }
    }
    if json {
        let verdict = if all_ok { "AC" } else { "FAIL" };
        super::print_json(&json!({
            "verdict": verdict,
            "network_isolated": network == sandbox::Network::Isolated,
            "solutions": rows,
        }))?;
    } else if all_ok {
        println!("\nevery solution got the verdict its folder names");
    } else {
        println!(
            "\n{}",
            style.paint(
                "1;31",
                "some solutions did not get the verdict their folder names"
            )
        );
    }
    Ok(all_ok)
}
