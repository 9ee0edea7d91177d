//! Changes to a problem's test plan. `judge stress --save`: the shrunk
//! counterexample becomes a manual test
//! of the problem's plan, aimed at the solution it caught, so that the next
//! `judge verify` proves the tests catch it.

use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::base::fsutil;
use crate::core::jury::Jury;
use crate::model::config::{TestEntry, unread};
use crate::model::edit::Edit;
use crate::model::expect::{Expect, FOLDERS};
use crate::model::kit::Kit;
use crate::model::problem::Problem;
use crate::model::program::Program;
use crate::model::results::report::Counterexample;

/// Where a counterexample came from.
pub struct Found<'a> {
    /// The solution it caught, as given on the command line.
    pub solution: &'a Path,
    pub seed: u64,
    /// The generator command of the unshrunk test.
    pub command: &'a str,
}

/// The folder under `problems/<name>/` that saved tests go to.
const FOLDER: &str = "stress";

/// Writes the counterexample's input under the problem's `stress/` folder
/// and adds it to the test plan, in the first group whose constraints it
/// meets, after that group's last test (the tests after it are renumbered;
/// at the end for a problem without groups). Returns the file, relative to
/// the kit.
pub fn add_test(
    kit: &Kit,
    problem: &Problem,
    validators: &[Program],
    jury: &Jury,
    example: &Counterexample,
    found: &Found,
) -> Result<String> {
    let solution = found
        .solution
        .canonicalize()
        .with_context(|| format!("cannot find {}", found.solution.display()))?;
    let stem = solution
        .file_stem()
        .map_or("solution".into(), |s| s.to_string_lossy().into_owned());
    let rel = format!("{FOLDER}/{stem}-seed{}.in", found.seed);
    let file = problem.dir.join(&rel);
    // A file the plan does not name is a save that was killed between its
    // two writes (the input, then problem.toml): written again.
    let planned = (problem.config.value.tests.iter()).any(|t| {
        t.get_ref()
            .file
            .as_ref()
            .is_some_and(|f| f.get_ref() == &rel)
    });
    if planned {
        bail!(
            "{} exists already: this counterexample was saved before",
            file.display()
        );
    }
    let group = group_for(problem, validators, jury, &example.input)?;
    // Aimed at the solution only where `judge verify` can hold it to that:
    // a solution of the problem, in the folder of the verdict it got here.
    let target = solution
        .strip_prefix(problem.solutions.canonicalize()?)
        .ok()
        .filter(|t| {
            let folder = t
                .components()
                .next()
                .map(|c| c.as_os_str().to_string_lossy());
            FOLDERS.iter().any(|(name, expect)| {
                folder.as_deref() == Some(name) && *expect == Expect::Verdict(example.verdict)
            })
        })
        .map(|t| t.display().to_string());
    let shown = kit.shown(&solution);
    let comment = format!(
        "found by judge stress, seed {} ({}), shrunk: {} gets {} here",
        found.seed, found.command, shown, example.verdict
    );
    let entry = TestEntry {
        file: Some(unread(rel.clone())),
        group: group.clone(),
        comment: Some(comment),
        targets: target.into_iter().collect(),
        ..TestEntry::default()
    };
    let toml = &problem.config.path;
    let before = std::fs::read_to_string(toml).map_err(|e| fsutil::naming(toml, e))?;
    let mut edit = Edit::of(toml, &before)?;
    edit.add_test(&entry, group.as_deref())?;
    let after = edit.text();
    fsutil::create_dir_all(&problem.dir.join(FOLDER))?;
    fsutil::write_atomic(&file, example.input.as_bytes())?;
    fsutil::write_atomic(toml, after.as_bytes())?;
    // The plan must still load; if not, nothing is left changed.
    if let Err(e) = Problem::load(&kit.root, &problem.name, &kit.config) {
        fsutil::write_atomic(toml, before.as_bytes())?;
        let _ = std::fs::remove_file(&file);
        return Err(e.context("the saved test would break problem.toml; nothing was saved"));
    }
    Ok(kit.shown(&file))
}

/// The first of the problem's groups whose constraints the input meets
/// (testlib's `--group`); none for a problem without groups.
fn group_for(
    problem: &Problem,
    validators: &[Program],
    jury: &Jury,
    input: &str,
) -> Result<Option<String>> {
    if problem.groups.is_empty() {
        return Ok(None);
    }
    let scratch = tempfile::tempdir()?;
    let path = scratch.path().join("saved.in");
    fsutil::write_atomic(&path, input.as_bytes())?;
    for group in &problem.groups {
        let valid = jury.validate(
            validators,
            &path,
            (Some(&group.name), &[]),
            scratch.path(),
            "saved",
        );
        if valid.is_ok() {
            return Ok(Some(group.name.clone()));
        }
    }
    bail!("the counterexample meets the constraints of none of the problem's groups")
}
