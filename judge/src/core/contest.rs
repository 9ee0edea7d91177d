//! `judge contest`'s folders and ranks. A contest is laid out as LemonLime
//! and Arbiter lay one out: a folder per contestant, holding for each
//! problem `p` a file `p.<ext>` or a folder `p/` with `p.<ext>` in it; the
//! contestants' folders are in `source/` (LemonLime), in `players/`
//! (Arbiter), or in the folder given itself.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::model::config::Language;
use crate::model::kit::Kit;
use crate::model::program;
use crate::model::results::by_name;
use crate::model::results::report::ContestLayout;
use crate::model::verdict::Score;

/// The folder of the contestants' folders in the contest `dir`, and how
/// the contest is laid out.
pub fn contestants_dir(dir: &Path) -> Result<(PathBuf, ContestLayout)> {
    if !dir.is_dir() {
        bail!(
            "{}: not a folder (expected a contest: a folder per contestant, in `source/`, \
             `players/` or the folder itself)",
            dir.display()
        );
    }
    for (inner, layout) in [
        ("source", ContestLayout::Lemonlime),
        ("players", ContestLayout::Arbiter),
    ] {
        if dir.join(inner).is_dir() {
            return Ok((dir.join(inner), layout));
        }
    }
    Ok((dir.to_path_buf(), ContestLayout::Plain))
}

/// A contestant's submission of a problem: its file, or why there is none
/// to judge.
pub type Submission = std::result::Result<PathBuf, String>;

/// Every contestant under `dir` (a folder each, hidden ones left out, in
/// the order people sort names) with their submission of each of
/// `problems`, in order.
pub fn submissions(
    kit: &Kit,
    dir: &Path,
    problems: &[String],
) -> Result<Vec<(String, Vec<Submission>)>> {
    let languages = kit.languages();
    let mut contestants = Vec::new();
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot read {}", dir.display()))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || !entry.path().is_dir() {
            continue;
        }
        let found = problems
            .iter()
            .map(|p| submission(&languages, &entry.path(), p))
            .collect::<Result<Vec<_>>>()?;
        contestants.push((name, found));
    }
    if contestants.is_empty() {
        bail!(
            "{}: no contestant's folder in it (expected a folder per contestant)",
            dir.display()
        );
    }
    contestants.sort_by(|a, b| by_name(&a.0, &b.0));
    Ok(contestants)
}

/// The contestant's file for `problem` in their folder `dir`: `p.<ext>` or
/// `p/p.<ext>`, in a language of judge.toml; or why there is none (no such
/// file, one in no language, more than one).
fn submission(
    languages: &BTreeMap<String, Language>,
    dir: &Path,
    problem: &str,
) -> Result<Submission> {
    let mut judged = Vec::new();
    let mut unknown = Vec::new();
    for folder in [dir.to_path_buf(), dir.join(problem)] {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries {
            let path = entry
                .with_context(|| format!("cannot read {}", folder.display()))?
                .path();
            let named = path.file_stem().is_some_and(|s| s == problem);
            if !named || !path.is_file() {
                continue;
            }
            match program::language_of(languages, &path) {
                Ok(_) => judged.push(path),
                Err(e) => unknown.push(e.to_string()),
            }
        }
    }
    judged.sort();
    Ok(match (judged.as_slice(), unknown.as_slice()) {
        ([file], _) => Ok(file.clone()),
        ([], []) => Err(format!(
            "no file {problem}.<ext> or {problem}/{problem}.<ext> in {}",
            dir.display()
        )),
        ([], why) => Err(why.join("; ")),
        (files, _) => Err(format!(
            "more than one file for {problem}: {}",
            files
                .iter()
                .map(|f| f.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    })
}

/// The sum of `scores`, to a hundredth (the problems' scores are).
pub fn total(scores: impl IntoIterator<Item = Score>) -> Score {
    let sum: f64 = scores.into_iter().map(|s| s.0).sum();
    Score((sum * 100.0).round() / 100.0)
}

/// The ranks of `totals`, sorted best first: 1 for the best; equal totals
/// share a rank, and the next counts them all (1, 2, 2, 4).
pub fn ranks(totals: &[Score]) -> Vec<usize> {
    let mut ranks = Vec::with_capacity(totals.len());
    for (i, total) in totals.iter().enumerate() {
        let rank = match i {
            0 => 1,
            _ if *total == totals[i - 1] => ranks[i - 1],
            _ => i + 1,
        };
        ranks.push(rank);
    }
    ranks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_totals_share_a_rank_and_the_next_counts_them() {
        let totals = [300.0, 160.0, 160.0, 90.5, 0.0, 0.0].map(Score);
        assert_eq!(ranks(&totals), [1, 2, 2, 4, 5, 5]);
        assert_eq!(ranks(&[]), Vec::<usize>::new());
        assert_eq!(total([Score(33.33), Score(66.67)]), Score(100.0));
    }
}
