//! The programs of an ICPC package as problem.toml names them
//! ([`Named`]): a source file, a folder of sources built together as
//! BAPCtools builds them, or a folder with its own `build` or `run`.

use std::collections::BTreeSet;

use anyhow::{Result, bail};

use crate::format::Package;
use crate::format::imported::kept;

/// The extensions of the sources a program folder may hold: one of them is
/// the program, headers may lie beside it.
const SOURCES: [&str; 10] = [
    "c", "cpp", "cc", "cxx", "py", "rs", "java", "kt", "sh", "ctd",
];

/// A program of the package, as problem.toml names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Named {
    /// By its path in the package: a source file, or a folder with its
    /// own `build` or `run` script (ending in `/`).
    Path(String),
    /// Several files, the first the one run, by the name problem.toml's
    /// `[programs]` gives them.
    Sources { name: String, files: Vec<String> },
}

impl Named {
    /// How problem.toml names it.
    pub fn reference(&self) -> String {
        match self {
            Named::Path(path) => kept(path),
            Named::Sources { name, .. } => name.clone(),
        }
    }
}

impl std::fmt::Display for Named {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Named::Path(path) => f.write_str(path),
            Named::Sources { files, .. } => f.write_str(&files.join(" + ")),
        }
    }
}

/// The program `entry` stands for: a source file, a folder of sources, or
/// a folder with its own `build` or `run` script. A folder's sources are
/// built together, as BAPCtools builds them: the first in name order whose
/// name starts with `main` is the one run, else the first.
pub fn program(package: &Package, entry: &str) -> Result<Named> {
    if package.has(entry) {
        return checked_source(package, entry).map(Named::Path);
    }
    let prefix = format!("{entry}/");
    let files: Vec<&str> = package.under(entry).collect();
    if ["build", "run"]
        .iter()
        .any(|script| files.contains(&format!("{prefix}{script}").as_str()))
    {
        return Ok(Named::Path(prefix));
    }
    let beside: Vec<&str> = (files.iter().copied())
        .filter(|f| !f[prefix.len()..].contains('/') && !f[prefix.len()..].starts_with('.'))
        .collect();
    let sources: Vec<&str> = (beside.iter().copied())
        .filter(|f| SOURCES.iter().any(|e| f.ends_with(&format!(".{e}"))))
        .collect();
    let main = (sources.iter().copied())
        .find(|f| f[prefix.len()..].to_ascii_lowercase().starts_with("main"))
        .or(sources.first().copied());
    let Some(main) = main else {
        bail!("{}: no source file of a program", package.shown(entry));
    };
    let main = checked_source(package, main)?;
    match sources.len() {
        1 => Ok(Named::Path(main)),
        _ => Ok(Named::Sources {
            name: entry.to_string(),
            files: std::iter::once(main.clone())
                .chain(beside.iter().filter(|f| **f != main).map(|f| f.to_string()))
                .collect(),
        }),
    }
}

/// `file`, a source the kit can build.
fn checked_source(package: &Package, file: &str) -> Result<String> {
    if file.ends_with(".viva") {
        bail!(
            "{}: a VIVA script; the kit cannot run VIVA",
            package.shown(file)
        );
    }
    Ok(file.to_string())
}

/// The programs under `dir`: each file directly in it, and each folder.
pub fn programs_in(package: &Package, dir: &str) -> Vec<String> {
    let entries: BTreeSet<String> = package
        .under(dir)
        .filter_map(|f| f[dir.len() + 1..].split('/').next().map(str::to_string))
        .filter(|e| !e.starts_with('.') && !e.eq_ignore_ascii_case("README.md"))
        .collect();
    entries.into_iter().map(|e| format!("{dir}/{e}")).collect()
}
