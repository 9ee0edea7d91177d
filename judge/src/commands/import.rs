//! `judge import PATH [--name NAME] [--format F] [--lossy]`: another
//! judge's package becomes a problem of the kit.

use anyhow::Result;

use crate::cli::ImportArgs;
use crate::import::{self, Lossy, Package};
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::results::report::{ImportReport, Report};
use crate::model::verdict::Verdict;
use crate::service::scaffold;

/// Reads the package, writes the problem and registers it in judge.toml.
pub fn run(kit: &Kit, events: &mut Events, args: &ImportArgs) -> Result<bool> {
    let package = Package::open(&args.path)?;
    let format = import::detect(&package, args.format)?;
    let name = match &args.name {
        Some(name) => name.clone(),
        None => import::default_name(&package, format)?,
    };
    scaffold::check_name(&name)?;
    let extensions = (kit.config.value.languages.values())
        .flat_map(|l| l.get_ref().extensions.clone())
        .collect();
    let mut lossy = Lossy::new(args.lossy, extensions);
    let imported = import::import(&package, format, &name, &mut lossy, &|| kit.testlib_h())?;
    // Another judge run may be building, or adding a problem to judge.toml.
    let _building = kit.lock_builds(events)?;
    scaffold::create(kit, &name, &imported.files)?;
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
        notes: imported.notes,
        warnings: lossy.warnings,
        next,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(true)
}
