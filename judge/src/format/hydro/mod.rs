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

use anyhow::Result;

use crate::format::Package;

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
