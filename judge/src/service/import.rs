//! `judge import`: another judge's problem package becomes a kit problem.
//!
//! The package is opened without letting anything reach out of it
//! ([`Package`]), its format found ([`format::detect`]) and read by that
//! format's reader; then [`scaffold::create`] writes the problem's files
//! in one go and registers it in judge.toml, or, if anything fails, leaves
//! the kit as it was.

use std::path::Path;

use anyhow::Result;

use crate::core::jury::Jury;
use crate::format::{self, Format, Imported, Lossy, Package, ToolRun};
use crate::model::event::Events;
use crate::model::kit::Kit;
use crate::model::problem;
use crate::service::scaffold;

/// What an import asks for.
pub struct Request<'a> {
    /// The package: a folder or a zip.
    pub path: &'a Path,
    /// The problem's name, else the package's own.
    pub name: Option<&'a str>,
    /// The format, else found from the files.
    pub format: Option<Format>,
    /// What the kit cannot represent is a warning, not an error.
    pub lossy: bool,
}

/// Imports the package as `request` says: the problem's name, what the
/// reader made of it, and what `--lossy` left out.
pub fn import(
    kit: &Kit,
    jury: &Jury,
    events: &mut Events,
    request: &Request,
) -> Result<(String, Imported, Vec<String>)> {
    let package = Package::open(request.path)?;
    let format = format::detect(&package, request.format)?;
    let name = match request.name {
        Some(name) => name.to_string(),
        None => format::imported::name_from(
            &(format.own_name(&package)?).unwrap_or_else(|| package.name()),
        ),
    };
    problem::check_name(&name)?;
    let extensions = (kit.config.value.languages.values())
        .flat_map(|l| l.get_ref().extensions.clone())
        .collect();
    let mut lossy = Lossy::new(request.lossy, extensions);
    // A package's own tool, in the sandbox (Kodsport's generator.sh).
    let run = |tool: &ToolRun| jury.run_package_tool(&tool.what, &tool.argv, tool.cwd, tool.work);
    let imported = format.read(&package, &name, &mut lossy, &|| kit.testlib_h(), &run)?;
    // Another judge run may be building, or adding a problem to judge.toml.
    let _building = kit.lock_builds(events)?;
    let mut files = vec![imported.problem_toml(&name)?];
    files.extend(imported.files.iter().cloned());
    scaffold::create(kit, &name, &files)?;
    Ok((name, imported, lossy.warnings))
}
