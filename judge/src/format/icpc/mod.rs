//! The ICPC problem package format, in its two versions: 2025-09
//! (BAPCtools, Kattis, DOMjudge) and legacy (problemtools, DOMjudge).
//! [`read`] makes a kit problem of a package, [`write`] a package of a kit
//! problem; [`generators`] holds BAPCtools' rules for the tests
//! `generators.yaml` makes, [`promises`] the verdicts `submissions.yaml`
//! promises.

pub mod files;
pub mod generated;
pub mod generators;
pub mod programs;
pub mod promises;
pub mod read;
pub mod sources;
pub mod testdata;
pub mod testdata_tools;
pub mod verdicts;
pub mod write;

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use crate::format::Package;
use crate::format::tree;
use crate::format::written::{self, Form, Written};

/// The two versions of the format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// 2025-09 (or the 2023-07 draft that led to it).
    Current,
    /// Legacy (no `problem_format_version`).
    Legacy,
}

/// Where 2025-09 keeps a problem's statements.
pub const STATEMENTS: &[&str] = &["statement/"];

/// Where legacy keeps them.
pub const LEGACY_STATEMENTS: &[&str] = &["problem_statement/"];

/// The kit's languages (judge.toml's names) by the format's language code
/// (its languages table), for `include/<code>/`.
const LANGUAGE_CODES: [(&str, &str); 7] = [
    ("c", "c"),
    ("cpp", "cpp"),
    ("java", "java"),
    ("kotlin", "kotlin"),
    ("python", "python3"),
    ("rust", "rust"),
    ("shell", "bash"),
];

/// The format's code for the kit's language `kit`.
pub fn language_code(kit: &str) -> Option<&'static str> {
    let found = LANGUAGE_CODES.iter().find(|(k, _)| *k == kit);
    found.map(|(_, code)| *code)
}

/// The kit's language for the format's code `code`.
pub fn kit_language_of_code(code: &str) -> Option<&'static str> {
    let found = LANGUAGE_CODES.iter().find(|(_, c)| *c == code);
    found.map(|(kit, _)| *kit)
}

/// A problem's short name, its folder in a contest: `[a-z0-9]+`.
pub fn short_name(problem: &str) -> String {
    (problem.chars())
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase()
}

/// Refuses a single problem's folder `out` whose name is no short name:
/// BAPCtools and problemtools take the folder's name as the problem's.
pub fn check_out(out: &Path) -> Result<()> {
    let name = out.file_name().unwrap_or_default().to_string_lossy();
    let short_name = short_name(&name);
    if !tree::is_zip(out) && (short_name != name || name.is_empty()) {
        bail!(
            "--out {}: BAPCtools and problemtools take a problem package's folder name as \
             the problem's short name, which must be [a-z0-9]+: write it to a folder \
             named like `{short_name}`, or to a .zip",
            out.display()
        );
    }
    Ok(())
}

/// Whether `package` is an ICPC package of `version`: a `problem.yaml`
/// and `data/` (or the generators.yaml that makes it), and a
/// `problem_format_version` other than `legacy` for 2025-09 (legacy has
/// none).
pub fn recognises(package: &Package, version: Version) -> Result<bool> {
    let data = package.has_dir("data") || package.has(generators::FILE);
    if !package.has("problem.yaml") || !data {
        return Ok(false);
    }
    let yaml = package.text("problem.yaml")?;
    let current = yaml.lines().any(|l| {
        l.strip_prefix("problem_format_version:")
            .is_some_and(|v| v.trim().trim_matches(['"', '\'']) != "legacy")
    });
    Ok(current == (version == Version::Current))
}

/// The statements of the package in `dir` (`statement/` in 2025-09,
/// `problem_statement/` in legacy): `problem.<lang>.md`, `.tex` or `.pdf`,
/// each language's in the first of these forms it has (`problem.tex`:
/// English).
pub fn statements(dir: &Path) -> Result<Vec<Written>> {
    let mut found: std::collections::BTreeMap<String, (usize, PathBuf)> = Default::default();
    for folder in ["statement", "problem_statement"] {
        for entry in std::fs::read_dir(dir.join(folder))
            .into_iter()
            .flatten()
            .flatten()
        {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(stem) = name.strip_prefix("problem.") else {
                continue;
            };
            let (lang, ext) = stem.rsplit_once('.').unwrap_or(("en", stem));
            let Some(rank) = ["md", "tex", "pdf"].iter().position(|e| *e == ext) else {
                continue;
            };
            if rank < 2 && written::is_stand_in(&written::text(&entry.path())?) {
                continue;
            }
            let better = found.get(lang).is_none_or(|(r, _)| rank < *r);
            if better && !lang.contains('.') {
                found.insert(lang.to_string(), (rank, entry.path()));
            }
        }
    }
    let mut all = Vec::new();
    for (lang, (rank, path)) in found {
        let form = match rank {
            0 => Form::Markdown(written::text(&path)?),
            1 => Form::Latex(written::text(&path)?),
            _ => Form::Pdf,
        };
        all.push(Written { lang, form, path });
    }
    Ok(all)
}
