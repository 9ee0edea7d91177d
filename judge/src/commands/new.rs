//! `judge new NAME [--from PROBLEM]`: a new problem that builds, verifies,
//! certifies and packages as it is, ready to be edited.

use anyhow::Result;

use crate::cli::NewArgs;
use crate::format::Format;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::results::report::{NewReport, Report};
use crate::model::verdict::Verdict;
use crate::service::scaffold;

/// Creates the problem's files and registers it in judge.toml.
pub fn run(kit: &Kit, events: &mut Events, args: &NewArgs) -> Result<bool> {
    let name = &args.name;
    crate::model::problem::check_name(name)?;
    // Another judge run may be building, or adding a problem to judge.toml.
    let _building = kit.lock_builds(events)?;
    let files = match &args.from {
        Some(from) => scaffold::from_problem(kit, from, name)?,
        None => scaffold::from_template(name),
    };
    scaffold::create(kit, name, &files)?;
    let mut created: Vec<String> = files
        .iter()
        .map(|f| f.path.to_string_lossy().into_owned())
        .collect();
    created.sort();
    let next = ["build", "verify", "certify"]
        .iter()
        .map(|command| format!("judge {command} {name}"))
        .chain([format!(
            "judge package {name} --format icpc --out {}",
            kit.packages()
                .join("icpc")
                .join(Format::Icpc.folder(name))
                .display()
        )])
        .collect();
    let report = Report::New(NewReport {
        verdict: Verdict::Ac,
        problem: name.clone(),
        from: args.from.clone(),
        files: created,
        next,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(true)
}
