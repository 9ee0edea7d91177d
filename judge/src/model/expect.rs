//! What each folder of `solutions/<problem>/` promises about the solutions
//! in it, how `verify` is to judge them to find out (`core/verify.rs`
//! judges them), and whether they keep it.
//!
//! * `accepted/`: AC on every test.
//! * `wrong_answer/`, `presentation_error/`, `time_limit_exceeded/`,
//!   `memory_limit_exceeded/`, `runtime_error/`: that verdict overall (the
//!   first that is not AC), and that verdict on every test aimed at the
//!   solution (`targets` in problem.toml) — at least one test must aim at
//!   it, so the tests provably catch the mistake it stands for.
//! * `brute_force/`: it may run out of time or memory (or crash for it) on
//!   big tests, but wherever it finishes its answer is accepted, and it
//!   finishes the first test. It is judged on every test up to the first
//!   it fails, then only on the tests whose input is smaller than that
//!   one's: a bigger one would only run out again.
//! * `partially_accepted/`: judged on every test of a problem with groups;
//!   it scores less than the most, and more than nothing unless its
//!   verdict is AC (a problem whose `[verdict]` rules accept a solution
//!   that fails groups: problemtools takes such an AC with no points).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use anyhow::{Result, bail};

use crate::base::pool::Stop;
use crate::base::{fsutil, suggest};
use crate::model::config::Language;
use crate::model::problem::Problem;
use crate::model::program;
use crate::model::results::{Aimed, BRUTE_FORCE_PROMISE, SolutionRun, Test, VerifyRow};
use crate::model::verdict::{Verdict, Verdicts};

/// What a folder promises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expect {
    /// This overall verdict, and on every test aimed at the solution.
    Verdict(Verdict),
    /// A brute force: never a wrong answer where it finishes.
    BruteForce,
    /// A score below the most a solution can score: above 0, or with AC.
    Partial,
    /// One of these overall verdicts (problem.toml's `[expected]`, as an
    /// imported package promises: Polygon's `rejected`, DOMjudge's
    /// `@EXPECTED_RESULTS@`).
    OneOf(Verdicts),
}

/// The folders `verify` knows, in the order it judges them.
pub const FOLDERS: [(&str, Expect); 8] = [
    ("accepted", Expect::Verdict(Verdict::Ac)),
    ("partially_accepted", Expect::Partial),
    ("wrong_answer", Expect::Verdict(Verdict::Wa)),
    ("presentation_error", Expect::Verdict(Verdict::Pe)),
    ("time_limit_exceeded", Expect::Verdict(Verdict::Tle)),
    ("memory_limit_exceeded", Expect::Verdict(Verdict::Mle)),
    ("runtime_error", Expect::Verdict(Verdict::Re)),
    ("brute_force", Expect::BruteForce),
];

impl Expect {
    /// How the folder's promise is written in reports.
    pub fn describe(self) -> String {
        match self {
            Expect::Verdict(v) => v.as_str().to_string(),
            Expect::BruteForce => BRUTE_FORCE_PROMISE.to_string(),
            Expect::Partial => "a partial score".to_string(),
            Expect::OneOf(set) => set.describe(),
        }
    }

    /// Which tests to judge: everything for accepted solutions; for a
    /// wrong solution, up to its first failure plus the tests aimed at it
    /// (`aimed`: their indices); for a brute force, up to its first failure
    /// plus the tests with a smaller input (`sizes`: each test's, in bytes).
    pub fn stop<'a>(self, aimed: &'a BTreeSet<usize>, sizes: &'a [u64]) -> Stop<'a> {
        match self {
            Expect::BruteForce => Stop::Smaller { sizes },
            Expect::Verdict(Verdict::Ac) | Expect::Partial => Stop::Never,
            Expect::OneOf(set) if set.contains(Verdict::Ac) => Stop::Never,
            Expect::Verdict(_) | Expect::OneOf(_) => Stop::AtFirstFailure { except: aimed },
        }
    }

    /// Compares a solution's run (`shown`: its path under the solutions
    /// folder) with the promise.
    pub fn verify(
        self,
        problem: &str,
        targets_required: bool,
        shown: &str,
        tests: &[Test],
        run: &SolutionRun,
    ) -> VerifyRow {
        let mut problems = Vec::new();
        let mut aimed = Vec::new();
        let failed = run.outcomes.iter().find(|o| !o.verdict.is_accepted());
        let finished = run
            .outcomes
            .iter()
            .filter(|o| o.verdict.is_checked())
            .count();
        match self {
            Expect::Verdict(v) => {
                if run.verdict != v {
                    problems.push(format!("expected {}", self.describe()));
                }
                if v != Verdict::Ac && run.compile_error.is_none() {
                    for test in tests.iter().filter(|t| t.aims_at(shown)) {
                        let verdict = run.outcome(&test.name).map_or(Verdict::Fail, |o| o.verdict);
                        if verdict != v {
                            problems.push(format!("test {} aimed at it gave {verdict}", test.name));
                        }
                        aimed.push(Aimed {
                            test: test.name.clone(),
                            verdict,
                        });
                    }
                    if aimed.is_empty() && targets_required {
                        problems.push("no test aims at it (`targets` in problem.toml)".to_string());
                    }
                }
            }
            Expect::OneOf(set) => {
                if !set.contains(run.verdict) {
                    problems.push(format!("expected {}", set.describe()));
                }
            }
            Expect::Partial => match (run.score, run.max_score) {
                (Some(score), Some(most))
                    if score.0 < most.0 && (score.0 > 0.0 || run.verdict == Verdict::Ac) => {}
                (_, Some(most)) => problems.push(format!(
                    "expected a score below {}: above 0, or with AC",
                    most.0
                )),
                (_, None) => problems.push(
                    "a partial score needs a most score: groups, or a checker that gives no points"
                        .to_string(),
                ),
            },
            Expect::BruteForce => {
                if let Some(o) = run.outcomes.iter().find(|o| {
                    o.verdict.is_checked() && !o.verdict.is_accepted() || o.verdict == Verdict::Fail
                }) {
                    problems.push(format!("test {} gave {}", o.name, o.verdict));
                }
                match run.outcomes.first() {
                    Some(o) if o.verdict.is_accepted() => {}
                    Some(o) => problems.push(format!("the first test gave {}", o.verdict)),
                    None => problems.push(format!("expected {}", self.describe())),
                }
            }
        }
        VerifyRow {
            problem: problem.to_string(),
            solution: shown.to_string(),
            expected: self.describe(),
            verdict: run.verdict,
            score: run.score,
            ok: problems.is_empty(),
            failed_test: failed.map(|o| o.name.clone()),
            aimed,
            problems,
            tests: tests.len(),
            judged: run.outcomes.len(),
            finished,
            compile_error: run.compile_error.clone(),
            results: run.outcomes.clone(),
            warnings: Vec::new(),
        }
    }
}

/// Every solution `verify` judges with its promise: the files of the
/// verdict folders (but hidden ones), in their order, each with its folder's promise unless
/// `[expected]` names it; then the solutions `[expected]` names elsewhere.
pub fn promises(problem: &Problem) -> Result<Vec<(PathBuf, Expect)>> {
    let mut all = Vec::new();
    for (folder, expect) in FOLDERS {
        for file in fsutil::files_in(&problem.solutions.join(folder))? {
            // A hidden file (`.gitkeep`) is no solution.
            if fsutil::file_name(&file).starts_with('.') {
                continue;
            }
            let shown = file.strip_prefix(&problem.solutions).unwrap_or(&file);
            let shown = shown.to_string_lossy().into_owned();
            let expect = problem
                .expected
                .get(&shown)
                .map_or(expect, |v| Expect::OneOf(*v));
            all.push((file, expect));
        }
    }
    for (shown, verdicts) in &problem.expected {
        let file = problem.solutions.join(shown);
        if !all.iter().any(|(f, _)| *f == file) {
            all.push((file, Expect::OneOf(*verdicts)));
        }
    }
    Ok(all)
}

/// Refuses what `verify` would otherwise pass over without a word: a
/// folder under the problem's solutions that promises nothing (a misspelt
/// `wrong_anwser/`, with the verdict folder it was meant to be), a file
/// outside the verdict folders, and a file in no language of judge.toml,
/// unless `[expected]` names it. Every one is named, a line each. Hidden
/// files and folders (`.gitkeep`) are not solutions.
pub fn refuse_strays(problem: &Problem, languages: &BTreeMap<String, Language>) -> Result<()> {
    let known: Vec<&str> = FOLDERS.iter().map(|(folder, _)| *folder).collect();
    let expected = |prefix: &str| problem.expected.keys().any(|k| k.starts_with(prefix));
    let walk = walkdir::WalkDir::new(&problem.solutions)
        .min_depth(1)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !e.file_name().to_string_lossy().starts_with('.'));
    let (mut stray, mut folders, mut files) = (Vec::new(), Vec::new(), Vec::new());
    for entry in walk {
        let entry = entry.map_err(fsutil::walk_error)?;
        let path = entry.path();
        let rel = path.strip_prefix(&problem.solutions).unwrap_or(path);
        let rel = rel.to_string_lossy().replace('\\', "/");
        let folder = rel.split('/').next().unwrap_or_default().to_string();
        let verdict_folder = known.contains(&folder.as_str());
        if entry.file_type().is_dir() {
            if entry.depth() == 1 && !verdict_folder && !expected(&format!("{rel}/")) {
                let hint = suggest::closest(&folder, known.iter().copied())
                    .map(|k| format!(" (did you mean `{k}/`?)"))
                    .unwrap_or_default();
                folders.push(format!("{}/: not a verdict folder{hint}", path.display()));
                stray.push(folder);
            }
            continue;
        }
        // What a stray folder holds is said with the folder.
        if entry.depth() > 1 && stray.contains(&folder) {
            continue;
        }
        let judged = verdict_folder && entry.depth() == 2;
        if !judged && !expected(&rel) {
            files.push(format!(
                "{}: not directly in a verdict folder",
                path.display()
            ));
        } else if let Err(e) = program::language_of(languages, path) {
            files.push(format!("{e}: `judge verify` cannot judge it"));
        }
    }
    let strays: Vec<String> = folders.into_iter().chain(files).collect();
    if strays.is_empty() {
        return Ok(());
    }
    bail!(
        "{}: `judge verify` would never judge {} (the verdict folders are {}; a solution \
         elsewhere needs its promise in problem.toml's `[expected]`):\n  {}",
        problem.solutions.display(),
        match strays.len() {
            1 => "this",
            _ => "these",
        },
        known.join(", "),
        strays.join("\n  ")
    )
}
