//! `judge import`: another judge's problem package becomes a kit problem.
//!
//! The package is opened without letting anything reach out of it
//! ([`Package`]), its format found ([`format::detect`]) and read by that
//! format's reader; then [`scaffold::create`] writes the problem's files
//! in one go and registers it in judge.toml, or, if anything fails, leaves
//! the kit as it was.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Result;

use crate::core::jury::Jury;
use crate::core::toolchain;
use crate::format::{self, Format, Imported, Lossy, Package, ToolRun};
use crate::model::event::Events;
use crate::model::kit::Kit;
use crate::model::problem;
use crate::model::program::language_of;
use crate::model::results::report::{FileAccount, LanguageUse, TestSources};
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

/// What an import made.
pub struct Import {
    /// The problem's name.
    pub name: String,
    /// What the reader made of the package.
    pub imported: Imported,
    /// What `--lossy` left out.
    pub warnings: Vec<String>,
    /// Where the tests come from, and what became of each file.
    pub account: (FileAccount, TestSources),
}

/// Imports the package as `request` says.
pub fn import(kit: &Kit, jury: &Jury, events: &mut Events, request: &Request) -> Result<Import> {
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
    let account = format::accounting::account(&package, &name, &imported)?;
    // Another judge run may be building, or adding a problem to judge.toml.
    let _building = kit.lock_builds(events)?;
    let mut files = vec![imported.problem_toml(&name)?];
    files.extend(imported.files.iter().cloned());
    scaffold::create(kit, &name, &files)?;
    Ok(Import {
        name,
        imported,
        warnings: lossy.warnings,
        account,
    })
}

/// The languages of the problem's submissions, each with its count of
/// files and what this machine lacks to judge them (a submission in a
/// language whose toolchain is missing is CE until it is installed).
pub fn languages(kit: &Kit, name: &str, imported: &Imported) -> Vec<LanguageUse> {
    let languages = kit.languages();
    let submissions = Path::new("solutions").join(name);
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for file in (imported.files.iter()).filter(|f| f.path.starts_with(&submissions)) {
        if let Ok((language, _)) = language_of(&languages, &file.path) {
            *counts.entry(language).or_default() += 1;
        }
    }
    (counts.into_iter())
        .map(|(language, files)| LanguageUse {
            language: language.to_string(),
            files,
            missing: toolchain::missing(language, &languages[language]),
        })
        .collect()
}
