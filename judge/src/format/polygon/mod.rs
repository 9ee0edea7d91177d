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

/// The points of each test of a group as the kit writes them: the group's
/// points shared out, the remainder on the first tests, so that they add
/// up exactly. Tests whose points differ from these keep points of their
/// own when read back.
pub fn shares(points: u32, tests: usize) -> Vec<u32> {
    let n = tests.max(1) as u32;
    (0..tests as u32)
        .map(|i| points / n + u32::from(i < points % n))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn points_are_shared_exactly() {
        assert_eq!(super::shares(30, 4), [8, 8, 7, 7]);
        assert_eq!(super::shares(70, 7).iter().sum::<u32>(), 70);
        assert_eq!(super::shares(5, 1), [5]);
    }
}
