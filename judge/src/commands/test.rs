//! `judge test PROBLEM FILE`: judge one solution on every test.

use std::path::Path;

use anyhow::Result;
use serde_json::json;

use crate::exec::{self, Judging, TestOutcome};
use crate::kit::{Kit, Problem};
use crate::program::{BuildError, Program};
use crate::progress::Progress;
use crate::report::{self, Style};
use crate::sandbox;
use crate::testset::{self, Test};
use crate::verdict::{self, Verdict};

/// One solution's run over a problem's tests.
pub struct SolutionRun {
    pub verdict: Verdict,
    pub outcomes: Vec<TestOutcome>,
    /// The compiler's message, for a solution that does not compile.
    pub compile_error: Option<String>,
    pub score: Option<u32>,
}

/// What judging any solution of a problem needs.
#[derive(Clone, Copy)]
pub struct Arena<'a> {
    pub kit: &'a Kit,
    pub problem: &'a Problem,
    pub tests: &'a [Test],
    pub checker: &'a Program,
    pub jobs: usize,
}

impl Arena<'_> {
    /// Compiles `file` and judges it; `on_result` sees each test in order.
    pub fn judge(
        &self,
        file: &Path,
        fail_fast: bool,
        on_result: impl FnMut(&TestOutcome),
    ) -> Result<SolutionRun> {
        let solution = match self.kit.compiler.compile(file) {
            Ok(program) => program,
            Err(BuildError::Compile { output, .. }) => {
                return Ok(SolutionRun {
                    verdict: Verdict::Ce,
                    outcomes: Vec::new(),
                    compile_error: Some(output),
                    score: Some(0),
                });
            }
            Err(e) => return Err(e.into()),
        };
        let problem = self.problem;
        let work = self.kit.work_dir().join("runs").join(format!(
            "{}-{}",
            problem.name,
            &solution.identity[..12]
        ));
        let _ = std::fs::remove_dir_all(&work);
        let judging = Judging {
            solution: &solution,
            checker: self.checker,
            tests: self.tests,
            limits: problem.limits,
            jobs: self.jobs,
            fail_fast,
            work,
        };
        let outcomes = exec::judge(&judging, on_result);
        let verdict = verdict::overall(outcomes.iter().map(|o| o.verdict));
        let score = (!problem.groups.is_empty())
            .then(|| exec::score(&problem.groups, self.tests, &outcomes));
        Ok(SolutionRun {
            verdict,
            outcomes,
            compile_error: None,
            score,
        })
    }
}

/// The maximum score of a problem with groups.
pub fn max_score(problem: &Problem) -> u32 {
    problem.groups.iter().map(|(_, p)| p).sum()
}

/// Judges `file` on `problem`. Returns true if and only if every test is accepted.
pub fn run(
    kit: &Kit,
    problem_name: &str,
    file: &Path,
    jobs: usize,
    fail_fast: bool,
    json: bool,
) -> Result<bool> {
    let names = kit.select(&[problem_name.to_string()])?;
    let problem = kit.prepare(&names, false)?.remove(0);
    let (tests, _) = testset::build(kit, &problem, jobs, &Progress::new(json))?;
    let checker = kit.program(&problem.checker)?;
    let network = sandbox::isolate_network();
    let style = Style::detect();
    if !json {
        say!(
            "{} on {} ({} tests)",
            file.display(),
            problem.name,
            tests.len()
        );
    }
    let arena = Arena {
        kit,
        problem: &problem,
        tests: &tests,
        checker: &checker,
        jobs,
    };
    let run = arena.judge(file, fail_fast, |o| {
        if !json {
            say!("{}", report::test_line(&style, o));
        }
    })?;

    if json {
        super::print_json(&json!({
            "problem": problem.name,
            "solution": file.display().to_string(),
            "verdict": run.verdict,
            "score": run.score,
            "max_score": (!problem.groups.is_empty()).then(|| max_score(&problem)),
            "compile_error": run.compile_error,
            "network_isolated": network == sandbox::Network::Isolated,
            "tests": run.outcomes,
        }))?;
        return Ok(run.verdict.is_accepted());
    }
    if let Some(message) = &run.compile_error {
        say!("{}\n{message}", style.verdict(Verdict::Ce, 2));
        return Ok(false);
    }
    let accepted = run
        .outcomes
        .iter()
        .filter(|o| o.verdict.is_accepted())
        .count();
    let max_time = run.outcomes.iter().map(|o| o.cpu).max().unwrap_or_default();
    let max_memory = run
        .outcomes
        .iter()
        .map(|o| o.memory_bytes)
        .max()
        .unwrap_or_default();
    let score = run
        .score
        .map(|s| format!(", score {s}/{}", max_score(&problem)))
        .unwrap_or_default();
    say!(
        "\n{}  {accepted}/{} tests accepted, max {:.3} s, {} MiB{score}",
        style.verdict(run.verdict, 2),
        tests.len(),
        max_time.as_secs_f64(),
        max_memory >> 20
    );
    if let Some(first) = run.outcomes.iter().find(|o| !o.verdict.is_accepted()) {
        let test = tests.iter().find(|t| t.name == first.name).unwrap();
        say_raw!(
            "{}",
            report::failure_details(&style, first, &test.input, &test.answer)
        );
    }
    Ok(run.verdict.is_accepted())
}
