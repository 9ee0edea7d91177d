//! CMS's italy_yaml task format: `task.yaml`, the tests in `input/` and
//! `output/` (with `gen/GEN`), the checker in `check/` (or `cor/`), the
//! solutions in `sol/`, the statements in `statement/` (or `testo/`).
//! [`task`] holds the types of its files, [`read`] makes a kit problem of a
//! task, [`write`] a task of a kit problem.

pub mod gen_file;
mod plan;
mod programs;
pub mod read;
mod solutions;
pub mod task;
pub mod write;

use std::path::{Path, PathBuf};

use anyhow::Result;

use crate::format::Package;
use crate::format::written::{Form, Written};
use crate::model::lang;

/// Where a task keeps its statements.
pub const STATEMENTS: &[&str] = &["statement/", "testo/"];

/// The task's description: `task.yaml`, else task-maker's
/// `task.yaml.orig` (which it writes `task.yaml` from).
pub fn task_file(package: &Package) -> &'static str {
    match package.has("task.yaml") {
        true => "task.yaml",
        false => "task.yaml.orig",
    }
}

/// Whether `package` is a CMS task: it has a `task.yaml` (or
/// `task.yaml.orig`).
pub fn recognises(package: &Package) -> bool {
    package.has(task_file(package))
}

/// The task's own name (`name`).
pub fn own_name(package: &Package) -> Result<Option<String>> {
    package.yaml_key(task_file(package), "name")
}

/// The statements of the task in `dir`: the PDFs of `statement/` and
/// `testo/`, each named for its language (`english.pdf`, `en.pdf`;
/// `testo.pdf` is Italian, `statement.pdf` English).
pub fn statements(dir: &Path) -> Result<Vec<Written>> {
    let mut all: Vec<Written> = Vec::new();
    for folder in STATEMENTS {
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join(folder))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "pdf"))
            .collect();
        files.sort();
        for path in files {
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            let lang = match stem.to_lowercase().as_str() {
                "testo" => "it".to_string(),
                "statement" => "en".to_string(),
                other => lang::code_of(other),
            };
            if !all.iter().any(|w| w.lang == lang) {
                all.push(Written {
                    lang,
                    form: Form::Pdf,
                    path,
                });
            }
        }
    }
    Ok(all)
}
