//! `judge check PROBLEM INPUT OUTPUT [ANSWER]`: run a problem's checker by hand.

use std::path::Path;

use anyhow::{Context, Result, bail};
use serde_json::json;

use crate::exec;
use crate::kit::Kit;
use crate::sandbox::{self, Limits, RunSpec};

/// Runs the checker; returns true if and only if it accepts the output.
pub fn run(
    kit: &Kit,
    problem: &str,
    input: &Path,
    output: &Path,
    answer: Option<&Path>,
    json: bool,
) -> Result<bool> {
    let names = kit.select(&[problem.to_string()])?;
    let problem = kit.prepare(&names, false)?.remove(0);
    let checker = kit.program(&problem.checker)?;
    let work = kit.work_dir().join("check");
    std::fs::create_dir_all(&work)?;
    let answer = match answer {
        Some(a) => a.to_path_buf(),
        None => {
            // No answer given: the reference solution's output is the answer.
            let reference = kit.compiler.compile(&problem.reference)?;
            let path = work.join("answer.txt");
            let outcome = sandbox::run(&RunSpec {
                argv: reference.argv(Vec::<String>::new()),
                stdin: Some(input.to_path_buf()),
                stdout: path.clone(),
                stderr: None,
                cwd: Some(work.clone()),
                env: Vec::new(),
                limits: Limits::new(
                    problem.limits.time * 10,
                    problem.limits.memory_bytes,
                    problem.limits.output_bytes,
                ),
            })
            .context("cannot run the reference solution")?;
            if !outcome.is_success() {
                bail!(
                    "the reference solution failed on {} ({:?})",
                    input.display(),
                    outcome.exit
                );
            }
            path
        }
    };
    let message_file = work.join("message.txt");
    let outcome = sandbox::run(&RunSpec {
        argv: checker.argv([input.as_os_str(), output.as_os_str(), answer.as_os_str()]),
        stdin: None,
        stdout: work.join("checker.out"),
        stderr: Some(message_file.clone()),
        cwd: None,
        env: Vec::new(),
        limits: Limits::new(std::time::Duration::from_secs(30), 4 << 30, 64 << 20),
    })
    .context("cannot run the checker")?;
    let verdict = exec::checker_verdict(&outcome);
    let message = std::fs::read_to_string(&message_file)
        .unwrap_or_default()
        .trim()
        .to_string();
    if json {
        super::print_json(
            &json!({ "verdict": verdict, "message": message, "checker": checker.name }),
        )?;
    } else {
        say!(
            "{}  {message}",
            crate::report::Style::detect().verdict(verdict, 2)
        );
    }
    Ok(verdict.is_accepted())
}
