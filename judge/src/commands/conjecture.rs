//! `judge lab --conjecture FILE`: the setter's rule, a program, against
//! the table. The program reads a case per line (a sweep's parameter
//! values, then with `--positions` a position) and prints an answer per
//! line (the period, or `P`/`N`); every case is compared with the table,
//! and the first disagreement is shrunk, with the kit's shrinker, to the
//! smallest case that still disagrees. The cases and the table's answers
//! are the `games` crate's (`games::oracle`); this file runs the program
//! through the jury and shrinks.

use std::path::Path;

use anyhow::{Context, Result, bail};
use games::lab::Lab;
use games::oracle::{Oracle, Predicts};

use crate::base::shrink;
use crate::core::jury::Jury;
use crate::model::kit::Kit;
use crate::model::results::report::{ConjectureReport, Disagreement};

/// Candidates the shrinker puts to the program in one run, and in all.
const BATCH: usize = 64;
const BUDGET: usize = 2000;

/// Compares the conjecture at `source` with the table of `lab`: a sweep's
/// periods, or with `positions` each position's outcome.
pub fn compare(
    kit: &Kit,
    jury: &Jury,
    lab: &Lab,
    positions: bool,
    source: &Path,
) -> Result<ConjectureReport> {
    let oracle = Oracle::of(lab, positions).map_err(anyhow::Error::msg)?;
    let program = jury.compile(source, false)?;
    let scratch = kit.work_dir().join("lab");
    crate::base::fsutil::create_dir_all(&scratch)?;
    let scratch = tempfile::Builder::new()
        .prefix("conjecture")
        .tempdir_in(&scratch)
        .with_context(|| format!("cannot make a folder in {}", scratch.display()))?;
    let asking = Asking {
        jury,
        program: &program,
        name: source.display().to_string(),
        scratch: scratch.path(),
        predicts: oracle.predicts(),
    };
    let (cases, skipped) = oracle.cases().map_err(anyhow::Error::msg)?;
    let lines: Vec<&str> = cases.iter().map(|(line, _)| line.as_str()).collect();
    let answers = asking.ask(&lines)?;
    let wrong: Vec<usize> = (0..cases.len())
        .filter(|&i| answers[i] != cases[i].1)
        .collect();
    let mut result = ConjectureReport {
        program: asking.name.clone(),
        predicts: oracle.predicts().name().to_string(),
        case: oracle.case(),
        compared: cases.len(),
        skipped,
        disagreements: wrong.len(),
        first: None,
        shrunk: None,
        tried: 0,
    };
    let Some(&first) = wrong.first() else {
        return Ok(result);
    };
    let (line, table) = &cases[first];
    result.first = Some(Disagreement {
        case: line.clone(),
        table: table.clone(),
        conjecture: answers[first].clone(),
    });
    let shrunk = shrink::shrink(
        &format!("{line}\n"),
        answers[first].clone(),
        None,
        BATCH,
        BUDGET,
        |texts| {
            // Only cases the table covers are put to the program.
            let candidates: Vec<(usize, String, String)> = (texts.iter().enumerate())
                .filter_map(|(i, text)| {
                    let line = text.trim_end().to_string();
                    oracle.truth(&line).map(|truth| (i, line, truth))
                })
                .collect();
            if candidates.is_empty() {
                return Ok(None);
            }
            let lines: Vec<&str> = candidates.iter().map(|(_, l, _)| l.as_str()).collect();
            let answers = asking.ask(&lines)?;
            Ok((candidates.iter().zip(answers))
                .find(|((_, _, truth), answer)| answer != truth)
                .map(|((i, _, _), answer)| (*i, answer)))
        },
    )?;
    let line = shrunk.input.trim_end().to_string();
    result.shrunk = Some(Disagreement {
        table: oracle.truth(&line).unwrap_or_default(),
        case: line,
        conjecture: shrunk.failure,
    });
    result.tried = shrunk.tried;
    Ok(result)
}

/// The program and how to put cases to it.
struct Asking<'a> {
    jury: &'a Jury<'a>,
    program: &'a crate::model::program::Program,
    name: String,
    scratch: &'a Path,
    predicts: Predicts,
}

impl Asking<'_> {
    /// The program's answer to each of `lines`, in one run.
    fn ask(&self, lines: &[&str]) -> Result<Vec<String>> {
        let input = self.scratch.join("cases");
        let output = self.scratch.join("answers");
        let mut text = lines.join("\n");
        text.push('\n');
        std::fs::write(&input, text)
            .with_context(|| format!("cannot write {}", input.display()))?;
        self.jury.consult(
            &format!("the conjecture {}", self.name),
            self.program,
            (&input, &output),
            self.scratch,
        )?;
        let printed =
            std::fs::read(&output).with_context(|| format!("cannot read {}", output.display()))?;
        let printed = String::from_utf8_lossy(&printed);
        let answers: Vec<&str> = printed.lines().map(str::trim).collect();
        let mut out = Vec::with_capacity(lines.len());
        for (i, case) in lines.iter().enumerate() {
            let what = || {
                format!(
                    "the conjecture {}, line {} of its output (for the case `{case}`)",
                    self.name,
                    i + 1
                )
            };
            let Some(&answer) = answers.get(i) else {
                bail!(
                    "{}: expected {}, and it printed only {} lines for {} cases",
                    what(),
                    self.predicts.expected(),
                    answers.len(),
                    lines.len()
                );
            };
            let Some(read) = self.predicts.read(answer) else {
                bail!(
                    "{}: expected {}, got `{answer}`",
                    what(),
                    self.predicts.expected()
                );
            };
            out.push(read);
        }
        if answers[lines.len()..].iter().any(|a| !a.is_empty()) {
            bail!(
                "the conjecture {}: printed more than {} lines, one answer per case",
                self.name,
                lines.len()
            );
        }
        Ok(out)
    }
}
