//! Changes to a problem's test plan. `judge stress --save`: the shrunk
//! counterexample becomes a manual test
//! of the problem's plan, aimed at the solution it caught, so that the next
//! `judge verify` proves the tests catch it.

use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::base::fsutil;
use crate::core::jury::Jury;
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
    validator: &Program,
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
    let group = group_for(problem, validator, jury, &example.input)?;
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
    let mut entry = format!("\n[[tests]]\nfile = {}\n", quoted(&rel));
    if let Some(group) = &group {
        entry += &format!("group = {}\n", quoted(group));
    }
    entry += &format!("comment = {}\n", quoted(&comment));
    if let Some(target) = &target {
        entry += &format!("targets = [{}]\n", quoted(target));
    }

    let toml = &problem.config.path;
    let before = std::fs::read_to_string(toml).map_err(|e| fsutil::naming(toml, e))?;
    let after = with_test(&before, &entry, group.as_deref());
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
    validator: &Program,
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
            validator,
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

/// A TOML string.
fn quoted(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// `text` with `entry` after the last `[[tests]]` entry of `group` (of
/// any group when `None` or when none is in it), so that a group's tests
/// stay together: before the next table and the comments that introduce
/// it, or at the end.
fn with_test(text: &str, entry: &str, group: Option<&str>) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let is_header = |i: usize| lines[i].trim_start().starts_with('[');
    let is_test = |i: usize| lines[i].trim_start().starts_with("[[tests]]");
    let block_end = |start: usize| (start + 1..lines.len()).find(|&i| is_header(i));
    let in_group = |start: usize| {
        let end = block_end(start).unwrap_or(lines.len());
        lines[start + 1..end].iter().any(|l| {
            l.split_once('=').is_some_and(|(key, value)| {
                key.trim() == "group"
                    && value
                        .trim()
                        .parse::<toml::Value>()
                        .ok()
                        .as_ref()
                        .and_then(|v| v.as_str())
                        == group
            })
        })
    };
    let tests: Vec<usize> = (0..lines.len()).filter(|&i| is_test(i)).collect();
    let last = tests
        .iter()
        .rev()
        .find(|&&i| group.is_some() && in_group(i))
        .or(tests.last())
        .copied();
    let Some((last, mut at)) = last.and_then(|last| Some((last, block_end(last)?))) else {
        let mut out = text.to_string();
        if !out.ends_with('\n') {
            out.push('\n');
        }
        return out + entry;
    };
    while at > last + 1 && {
        let l = lines[at - 1].trim();
        l.is_empty() || l.starts_with('#')
    } {
        at -= 1;
    }
    let mut out = lines[..at].join("\n");
    out.push('\n');
    out += entry;
    out += &lines[at..].join("\n");
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::with_test;

    #[test]
    fn a_test_goes_after_the_last_test_before_the_next_table_and_its_comment() {
        let text = "a = 1\n\n[[tests]]\nfile = \"x\"\n\n# stress\n[stress]\nargs = []\n";
        let out = with_test(text, "\n[[tests]]\nfile = \"y\"\n", None);
        assert_eq!(
            out,
            "a = 1\n\n[[tests]]\nfile = \"x\"\n\n[[tests]]\nfile = \"y\"\n\n# stress\n[stress]\nargs = []\n"
        );
        let at_end = with_test("[[tests]]\nfile = \"x\"", "\n[[tests]]\n", None);
        assert_eq!(at_end, "[[tests]]\nfile = \"x\"\n\n[[tests]]\n");
    }

    #[test]
    fn a_test_of_a_group_goes_after_the_last_test_of_that_group() {
        let text = "[[tests]]\nfile = \"a\"\ngroup = \"1\"\n\n# big\n[[tests]]\nfile = \"b\"\ngroup = '2'\n";
        let entry = "\n[[tests]]\nfile = \"c\"\n";
        assert_eq!(
            with_test(text, entry, Some("1")),
            "[[tests]]\nfile = \"a\"\ngroup = \"1\"\n\n[[tests]]\nfile = \"c\"\n\n# big\n[[tests]]\nfile = \"b\"\ngroup = '2'\n"
        );
        // The last group's test goes at the end; an unknown one after the last test.
        let end = format!("{text}{entry}");
        assert_eq!(with_test(text, entry, Some("2")), end);
        assert_eq!(with_test(text, entry, Some("3")), end);
    }
}
