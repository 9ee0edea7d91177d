//! `judge validate PROBLEM [FILE...] [--mutate]`: run the problem's
//! validator on input files (by default, its tests, which building already
//! validated), and with `--mutate` on invalid inputs made from each valid
//! one: every mutation it accepts is reported with what was changed where.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use crate::base::fsutil;
use crate::base::mutate::{self, Known, Mutation};
use crate::base::pool::Stop;
use crate::cli::ValidateArgs;
use crate::core::jury::Jury;
use crate::core::testset;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::program::{Program, Protocol};
use crate::model::results::report::{Accepted, Report, ValidateReport, Validated};
use crate::model::verdict::Verdict;

/// An input to validate: where it is, how it is shown, and the group and
/// arguments its validation takes.
struct Input {
    path: PathBuf,
    shown: String,
    group: Option<String>,
    args: Vec<String>,
}

/// Validates the inputs (and their mutations); true if and only if every
/// input is valid and every mutation rejected.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &ValidateArgs) -> Result<bool> {
    let (problem, tests) = testset::one(kit, jury, &args.problem, events)?;
    let validators = jury.validators(&problem)?;
    if validators.is_empty() {
        bail!("{}: the problem has no validator", problem.name);
    }
    let dir = jury.run_dir(kit, &problem, "validate")?;
    let inputs: Vec<Input> = match args.files.is_empty() {
        true => (problem.tests.iter().zip(&tests))
            .map(|(planned, built)| Input {
                path: built.input.clone(),
                shown: kit.shown(&built.input),
                group: planned.group.clone(),
                args: planned.validator_args.clone(),
            })
            .collect(),
        false => (args.files.iter())
            .map(|file| Input {
                path: file.clone(),
                shown: file.display().to_string(),
                group: None,
                args: Vec::new(),
            })
            .collect(),
    };

    // Each input validated, with the validator's reads and case marks
    // logged where it is the only one and speaks testlib's protocol.
    let logs = match validators.as_slice() {
        [only] => only.protocol == Protocol::Testlib && args.mutate,
        _ => false,
    };
    let checked = jury.pool().run(
        &(0..inputs.len()).collect::<Vec<_>>(),
        Stop::Never,
        |&i| validated(jury, &validators, &inputs[i], dir.path(), i, logs),
        |_| false,
        |_, _| {},
    );
    let checked: Vec<Checked> = checked.into_iter().flatten().collect::<Result<_>>()?;
    let rows: Vec<Validated> = (inputs.iter().zip(&checked))
        .map(|(input, c)| Validated {
            input: input.shown.clone(),
            valid: c.message.is_none(),
            message: c.message.clone(),
        })
        .collect();

    let mut report = ValidateReport {
        verdict: Verdict::Ac,
        problem: problem.name.clone(),
        inputs: rows,
        mutated: args.mutate,
        reads_logged: false,
        mutations: 0,
        accepted: Vec::new(),
    };
    if args.mutate {
        mutated(
            jury,
            &validators,
            &inputs,
            &checked,
            dir.path(),
            &mut report,
        )?;
    }
    if report.inputs.iter().any(|r| !r.valid) || !report.accepted.is_empty() {
        report.verdict = Verdict::Wa;
    }
    let report = Report::Validate(report);
    events.emit(EventKind::Finished { report: &report });
    Ok(report.accepted())
}

/// An input validated: why it is invalid (`None`: valid), and what the
/// validator logged of it.
struct Checked {
    message: Option<String>,
    known: Option<(Vec<mutate::Read>, bool)>,
}

fn validated(
    jury: &Jury,
    validators: &[Program],
    input: &Input,
    dir: &Path,
    i: usize,
    logs: bool,
) -> Result<Checked> {
    let reads = dir.join(format!("{i}.reads"));
    let markup = dir.join(format!("{i}.markup"));
    let mut args = input.args.clone();
    if logs {
        for (option, path) in [
            (mutate::READS_LOG, &reads),
            ("--testMarkupFileName", &markup),
        ] {
            args.extend([option.to_string(), path.display().to_string()]);
        }
    }
    let name = format!("input-{i}");
    let group = input.group.as_deref();
    let message = jury.rejects(validators, &input.path, (group, &args), dir, &name)?;
    let message = message.map(|m| match fsutil::windows_line_ends(&input.path) {
        Some(advice) => format!("{m} ({advice})"),
        None => m,
    });
    // A validator that does not log (testlib.h's) leaves no log: then only
    // what needs no knowledge of the format is mutated.
    let known = match (&message, std::fs::read_to_string(&reads)) {
        (None, Ok(text)) => {
            let log = mutate::parse_reads(&text)?;
            let bytes = std::fs::read(&input.path).map_err(|e| fsutil::naming(&input.path, e))?;
            mutate::check_reads(&log, &bytes)?;
            let cases = std::fs::read(&markup).is_ok_and(|m| m.windows(3).any(|w| w == b"!c1"));
            Some((log, cases))
        }
        _ => None,
    };
    Ok(Checked { message, known })
}

/// Makes the mutations of every valid input and runs the validator on
/// each; those it accepts go into the report.
fn mutated(
    jury: &Jury,
    validators: &[Program],
    inputs: &[Input],
    checked: &[Checked],
    dir: &Path,
    report: &mut ValidateReport,
) -> Result<()> {
    let mut work: Vec<(usize, Mutation)> = Vec::new();
    let mut logged = 0;
    let mut valid = vec![Vec::new(); inputs.len()];
    for (i, (input, c)) in inputs.iter().zip(checked).enumerate() {
        if c.message.is_some() {
            continue;
        }
        let bytes = std::fs::read(&input.path).map_err(|e| fsutil::naming(&input.path, e))?;
        let known = match &c.known {
            Some((reads, cases)) => {
                logged += 1;
                Known {
                    reads: Some(reads),
                    counted_cases: *cases,
                }
            }
            None => Known::default(),
        };
        work.extend(mutate::mutations(&bytes, known).into_iter().map(|m| (i, m)));
        valid[i] = bytes;
    }
    report.reads_logged =
        logged > 0 && logged == checked.iter().filter(|c| c.message.is_none()).count();
    report.mutations = work.len();
    let said = jury.pool().run(
        &work,
        Stop::Never,
        |(i, mutation)| -> Result<Option<String>> {
            let input = &inputs[*i];
            let mutated = mutation.apply(&valid[*i]);
            let name = format!("mutation-{i}-{}", &blake3::hash(&mutated).to_hex()[..16]);
            let path = dir.join(format!("{name}.in"));
            std::fs::write(&path, &mutated).map_err(|e| fsutil::naming(&path, e))?;
            let group = input.group.as_deref();
            let said = jury.rejects(validators, &path, (group, &input.args), dir, &name);
            let _ = std::fs::remove_file(&path);
            // A validator that crashes or hangs on it let it through too.
            Ok(match said {
                Ok(Some(_)) => None,
                Ok(None) => Some("accepted".to_string()),
                Err(e) => Some(format!("{e:#}")),
            })
        },
        |_| false,
        |_, _| {},
    );
    for ((i, mutation), said) in work.iter().zip(said.into_iter().flatten()) {
        if let Some(how) = said? {
            report.accepted.push(Accepted {
                input: inputs[*i].shown.clone(),
                line: mutation.line,
                mutation: mutation.what.clone(),
                how,
            });
        }
    }
    Ok(())
}
