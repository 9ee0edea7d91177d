//! Codeforces Polygon's full package: `problem.xml` names everything (the
//! testset and its groups, the checker, validators and interactor, the
//! solutions by tag, the statements), the files beside it. [`files`] holds
//! the types of its files, [`read`] makes a kit problem of a package,
//! [`write`] a package of a kit problem.

pub mod files;
pub mod read;
pub mod write;

use anyhow::Result;

use crate::format::{Package, xml};

/// Where a package keeps its statements.
pub const STATEMENTS: &[&str] = &["statements/"];

/// Whether `package` is a Polygon package: it has a `problem.xml`.
pub fn recognises(package: &Package) -> bool {
    package.has("problem.xml")
}

/// The problem's own name (`short-name`).
pub fn own_name(package: &Package) -> Result<Option<String>> {
    let root = xml::parse(&package.text("problem.xml")?, &package.shown("problem.xml"))?;
    Ok(root.attr("short-name").map(str::to_string))
}
