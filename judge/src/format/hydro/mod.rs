//! Hydro's problem format: `problem.yaml` (title, tags, pid), the
//! statements (`problem.md`, `problem_<lang>.md`), and `testdata/` with its
//! `config.yaml` and the tests, or that config and the tests alone
//! ([`cases`]). [`files`] holds the types of its files, [`plan`] its test
//! plan as Hydro's judge reads it, [`read`] makes a kit problem of one,
//! [`write`] one of a kit problem.

pub mod cases;
pub mod files;
pub mod plan;
pub mod read;
pub mod write;

use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::format::Package;
use crate::format::written::{self, Form, Written};

/// Where a problem keeps its statements.
pub const STATEMENTS: &[&str] = &[
    "problem.md",
    "problem_zh.md",
    "problem_en.md",
    "additional_file/",
];

/// Whether `package` is a Hydro problem: it has `testdata/`, or a
/// `config.yaml` or `config.yml` at its root.
pub fn recognises(package: &Package) -> bool {
    cases::recognises(package)
}

/// The problem's own name (`pid`).
pub fn own_name(package: &Package) -> Result<Option<String>> {
    Ok(files::ProblemYaml::read(package)?.pid)
}

/// The statements of the problem in `dir`: `problem_<lang>.md` (`zh_TW`
/// for `zh-TW`), and `problem.md`, whose language Hydro does not say:
/// Chinese if it has Chinese characters, else English.
pub fn statements(dir: &Path) -> Result<Vec<Written>> {
    let mut all: Vec<Written> = Vec::new();
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .collect();
    // `problem_<lang>.md` first: they say their language.
    files.sort_by_key(|p| (p.ends_with("problem.md"), p.clone()));
    for path in files {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        let Some(stem) = name
            .strip_prefix("problem")
            .and_then(|n| n.strip_suffix(".md"))
        else {
            continue;
        };
        let markdown = written::text(&path)?;
        if written::is_stand_in(&markdown) {
            continue;
        }
        let lang = match stem.strip_prefix('_') {
            Some(lang) => lang.replace('_', "-"),
            None if stem.is_empty() => {
                let chinese = markdown
                    .chars()
                    .any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c));
                (if chinese { "zh" } else { "en" }).to_string()
            }
            None => continue,
        };
        if !all.iter().any(|w| w.lang == lang) {
            let form = Form::Markdown(markdown);
            all.push(Written { lang, form, path });
        }
    }
    Ok(all)
}
