//! `judge import PATH [--name NAME] [--format F] [--lossy]`: another
//! judge's package becomes a problem of the kit.

use anyhow::Result;

use crate::cli::ImportArgs;
use crate::core::jury::Jury;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::results::report::{ImportReport, Report};
use crate::model::verdict::Verdict;
use crate::service::import::{self, Request};

/// Reads the package, writes the problem and registers it in judge.toml.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &ImportArgs) -> Result<bool> {
    let request = Request {
        path: &args.path,
        name: args.name.as_deref(),
        format: args.format,
        lossy: args.lossy,
    };
    let import::Import {
        name,
        imported,
        warnings,
        account: (files, test_sources),
    } = import::import(kit, jury, events, &request)?;
    let languages = import::languages(kit, &name, &imported);
    let next = ["build", "verify"]
        .iter()
        .map(|command| format!("judge {command} {name}"))
        .collect();
    let report = Report::Import(ImportReport {
        verdict: Verdict::Ac,
        problem: name,
        from: args.path.display().to_string(),
        format: imported.format.name().to_string(),
        tests: imported.tests,
        solutions: imported.solutions,
        test_sources,
        files,
        languages,
        notes: imported.notes,
        warnings,
        next,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(true)
}
