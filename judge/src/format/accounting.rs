//! What an import did with each file of the package and where each test
//! comes from, said in the report of every format alike: a file is used
//! (the reader interpreted it, problem.toml names it, or it lies beside
//! or under a program it names), a submission, kept as it is but unused, or left out (a
//! `--lossy` warning says why); a test is stored, generated again and
//! compared with the stored input, or made by its recipe alone.

use std::collections::BTreeSet;

use anyhow::{Context, Result};

use crate::format::imported::kept;
use crate::format::{Imported, Package};
use crate::model::results::report::{FileAccount, TestSources};

/// The account of `imported`, made from `package` as problem `name`.
pub fn account(
    package: &Package,
    name: &str,
    imported: &Imported,
) -> Result<(FileAccount, TestSources)> {
    let toml = imported.problem_toml(name)?;
    let text = String::from_utf8_lossy(&toml.bytes);
    let config: toml::Table = toml::from_str(&text).context("the problem.toml written")?;
    let mut named = Named::default();
    for (key, value) in &config {
        named.collect(value, matches!(key.as_str(), "tests" | "invalid"));
    }
    let written: BTreeSet<String> = (imported.files.iter())
        .map(|f| f.path.to_string_lossy().into_owned())
        .collect();
    let submissions_dir = format!("solutions/{name}/");
    let submissions = (written.iter())
        .filter(|p| p.starts_with(&submissions_dir))
        .count();
    let (mut used, mut unused, mut elsewhere) = (0, Vec::new(), 0usize);
    for file in package.all() {
        let here = kept(file);
        if !written.contains(&format!("problems/{name}/{here}")) {
            elsewhere += 1;
        } else if named.uses(&here) || package.interpreted(file) {
            used += 1;
        } else {
            unused.push(file.to_string());
        }
    }
    let files = FileAccount {
        package: package.all().count(),
        used,
        submissions,
        unused,
        // The files not kept under `package/` are the submissions, placed
        // or left out (the warnings say which, and why).
        left_out: elsewhere.saturating_sub(submissions),
    };
    Ok((files, test_sources(&config)))
}

/// The package paths problem.toml names: a test's files exactly, a
/// program's with the files beside it and under it (its headers, a
/// program folder's sources).
#[derive(Default)]
struct Named {
    exact: BTreeSet<String>,
    programs: BTreeSet<String>,
}

impl Named {
    fn collect(&mut self, value: &toml::Value, data: bool) {
        match value {
            toml::Value::String(s) if s.starts_with("package/") => {
                match data {
                    true => self.exact.insert(s.clone()),
                    false => self.programs.insert(s.clone()),
                };
            }
            toml::Value::Array(items) => items.iter().for_each(|v| self.collect(v, data)),
            toml::Value::Table(table) => table.values().for_each(|v| self.collect(v, data)),
            _ => {}
        }
    }

    fn uses(&self, path: &str) -> bool {
        let folder = |p: &str| {
            p.rsplit_once('/')
                .map_or(String::new(), |(d, _)| d.to_string())
        };
        self.exact.contains(path)
            || self.programs.iter().any(|p| {
                p == path || path.starts_with(&format!("{p}/")) || folder(p) == folder(path)
            })
    }
}

/// How many tests come from each source, by problem.toml's test plan.
fn test_sources(config: &toml::Table) -> TestSources {
    let mut sources = TestSources::default();
    let tests = config.get("tests").and_then(toml::Value::as_array);
    for test in tests.into_iter().flatten() {
        let has = |key: &str| test.get(key).is_some();
        let count = (test.get("count").and_then(toml::Value::as_integer)).map_or(1, |n| n as usize);
        match (has("generator") || has("args"), has("stored")) {
            (false, _) => sources.stored += count,
            (true, true) => sources.generated += count,
            (true, false) => sources.recipe += count,
        }
        let generator_answers = test.get("generator_answers").and_then(toml::Value::as_bool);
        if !has("answer") && !has("answered_by") && generator_answers != Some(true) {
            sources.answered_by_reference += count;
        }
        if test.get("sample").and_then(toml::Value::as_bool) == Some(true) {
            sources.samples += count;
        }
    }
    sources
}
