//! Hydro's problem format: `problem.yaml` (title, tags, pid), the
//! statements (`problem.md`, `problem_<lang>.md`), and `testdata/` with its
//! `config.yaml` and the tests. [`files`] holds the types of its files,
//! [`read`] makes a kit problem of one, [`write`] one of a kit problem.

pub mod files;
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

/// Whether `package` is a Hydro problem: it has `testdata/`.
pub fn recognises(package: &Package) -> bool {
    package.has_dir("testdata")
}

/// The problem's own name (`pid`).
pub fn own_name(package: &Package) -> Result<Option<String>> {
    Ok(files::ProblemYaml::read(package)?.pid)
}
