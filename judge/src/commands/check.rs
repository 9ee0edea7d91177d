//! `judge check PROBLEM INPUT OUTPUT [ANSWER]`: run a problem's checker by hand.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use crate::base::fsutil;
use crate::cli::CheckArgs;
use crate::core::jury::{Answerer, Jury};
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::results::report::{CheckReport, Report};

/// The absolute path of a file the user named, which must exist (the
/// checker runs in another folder).
fn existing(path: &Path, what: &str) -> Result<PathBuf> {
    if !path.is_file() {
        bail!("{}: no such file (the {what})", path.display());
    }
    Ok(std::path::absolute(path)?)
}

/// Runs the checker; true if and only if it accepts the output.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &CheckArgs) -> Result<bool> {
    let input = existing(&args.input, "input")?;
    let output = existing(&args.output, "output")?;
    let building = kit.lock_builds(events)?;
    let problem = jury
        .prepare(kit, std::slice::from_ref(&args.problem), false, events)?
        .remove(0);
    drop(building);
    if problem.interactive {
        anyhow::bail!(
            "{} is interactive: its interactor judges a solution while it plays, so there \
             is no output to check; run `judge test {} FILE`",
            problem.name,
            problem.name
        );
    }
    let checker = jury.checker(&problem)?;
    // A folder of its own: other judge runs on the kit may check too.
    let scratch = kit.work_dir().join("check");
    fsutil::create_dir_all(&scratch)?;
    let folder = tempfile::Builder::new()
        .tempdir_in(&scratch)
        .map_err(|e| fsutil::naming(&scratch, e))?;
    let work = folder.path();
    let answer = match &args.answer {
        Some(answer) => existing(answer, "answer")?,
        None => {
            // No answer given: the reference solution's output is the answer.
            let reference = jury.reference(&problem, "judge check without ANSWER")?;
            let path = work.join("answer.txt");
            let answerer = Answerer {
                solution: &reference,
                interactor: None,
                dialogue: None,
                files: &problem.files,
            };
            jury.answer(
                answerer,
                &input,
                &path,
                problem.limits.into(),
                work,
                "check",
            )?;
            path
        }
    };
    let checked = jury.check(&checker, &input, &output, &answer, work, "check");
    let report = Report::Check(CheckReport {
        verdict: checked.verdict,
        message: checked.message,
        checker: checker.name,
        points: checked.points,
        partial: checked.partial,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(report.accepted())
}
