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
    let progress = Progress::new(json);
    let mut loaded = Vec::new();
    for problem in kit.prepare(&names, false)? {
        let (tests, _) = testset::build(kit, &problem, jobs, &progress)?;
        loaded.push((problem, tests));
    }
    let network = sandbox::isolate_network();
    let style = Style::detect();
    if !json {
        say!("{:<14} {:<44} {:<9} got", "problem", "solution", "expected");
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
                let shown = file
                    .strip_prefix(&base)
                    .unwrap_or(&file)
                    .display()
                    .to_string();
                let bar = progress.bar(tests.len() as u64, &problem.name);
                let run = arena.judge(&file, folder != "accepted", |_| bar.inc(1))?;
                bar.finish_and_clear();
                let mut problems_found = Vec::new();
                if !expected.is_met(&run) {
                    problems_found.push(format!("expected {}", expected.describe()));
                }
                // A wrong solution must also fail, with its folder's verdict, on
                // every test aimed at it — so the tests provably catch it.
                let mut aimed = Vec::new();
                if let Expect::Verdict(v) = expected {
                    if v != Verdict::Ac && run.compile_error.is_none() {
                        for test in tests.iter().filter(|t| t.targets.contains(&shown)) {
                            let verdict = match run.outcomes.iter().find(|o| o.name == test.name) {
                                Some(o) => o.verdict,
                                None => {
                                    let single = Arena {
                                        tests: std::slice::from_ref(test),
                                        ..arena
                                    };
                                    single.judge(&file, true, |_| {})?.verdict
                                }
                            };
                            if verdict != v {
                                problems_found
                                    .push(format!("test {} aimed at it gave {verdict}", test.name));
                            }
                            aimed.push(json!({ "test": test.name, "verdict": verdict }));
                        }
                        if aimed.is_empty() {
                            problems_found
                                .push("no test aims at it (`targets` in problem.toml)".to_string());
                        }
                    }
                }
                let ok = problems_found.is_empty();
                all_ok &= ok;
                let first = run.outcomes.iter().find(|o| !o.verdict.is_accepted());
                let mut detail = match first {
                    Some(o) => format!("on test {}", o.name),
                    None if run.compile_error.is_some() => "compile error".to_string(),
                    None => format!("{}/{} tests", run.outcomes.len(), tests.len()),
                };
                if !aimed.is_empty() {
                    let names: Vec<&str> =
                        aimed.iter().map(|a| a["test"].as_str().unwrap()).collect();
                    detail.push_str(&format!(", aimed {}", names.join(" ")));
                }
                if let Some(score) = run.score {
                    detail.push_str(&format!(", score {score}"));
                }
                if !json {
                    let mark = if ok {
                        style.paint("32", "ok")
                    } else {
                        style.paint("1;31", "MISMATCH")
                    };
                    say!(
                        "{:<14} {shown:<44} {:<9} {} {detail} {mark}",
                        problem.name,
                        expected.describe(),
                        style.verdict(run.verdict, 4)
                    );
                    for problem_found in &problems_found {
                        say!("{:<14}   {problem_found}", "");
                    }
                    if !ok {
                        if let Some(o) = first {
                            say!("{:<14}   {}", "", o.message.lines().next().unwrap_or(""));
                        }
                    }
                }
                rows.push(json!({
                    "problem": problem.name, "solution": shown, "expected": expected.describe(),
                    "verdict": run.verdict, "score": run.score, "ok": ok,
                    "failed_test": first.map(|o| o.name.clone()), "aimed": aimed,
                    "problems": problems_found,
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
        say!("\nevery solution got the verdict its folder names");
    } else {
        say!(
            "\n{}",
            style.paint(
                "1;31",
                "some solutions did not get the verdict their folder names"
            )
        );
    }
    Ok(all_ok)
}
