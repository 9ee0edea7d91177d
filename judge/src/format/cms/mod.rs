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

use anyhow::Result;

use crate::format::Package;

/// Where a task keeps its statements.
pub const STATEMENTS: &[&str] = &["statement/", "testo/"];

/// Whether `package` is a CMS task: it has a `task.yaml`.
pub fn recognises(package: &Package) -> bool {
    package.has("task.yaml")
}

/// The task's own name (`name`).
pub fn own_name(package: &Package) -> Result<Option<String>> {
    package.yaml_key("task.yaml", "name")
}
