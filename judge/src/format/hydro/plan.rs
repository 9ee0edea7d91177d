//! A Hydro problem's test plan as its judge reads it: the cases the
//! config lists (its top-level `cases`, which take the place of
//! `subtasks` as one subtask whose cases share the points, else each
//! subtask's), else those found by their names ([`cases::discover`]); the
//! points, the scoring and the limits as Hydro's judge works them out.
//!
//! - Subtasks come in the order of their ids where each has one; a subtask
//!   without a score (or with 0) gets a share of what the scored ones leave
//!   of 100, split as Hydro splits points: equal parts, the last ones a
//!   point more where it does not divide.
//! - `min` (Hydro's default) is the kit's all or nothing, `max` its
//!   `any`, `sum` its `each`: a case's points are its `score`, else its
//!   share of what the scored cases leave of the subtask's.
//! - A case's limits are its own, else its subtask's, else the config's
//!   (1 s and 256 MiB when absent); the kit has one limit per problem.

use anyhow::{Context, Result, bail};

use super::cases::{self, Layout};
use super::files::{Case, ConfigYaml, Subtask, mebibytes, millis};
use crate::format::{Lossy, Package};
use crate::model::config::{Group, GroupScoring};

/// One test: its input and answer (paths of the package), its group (none
/// in a plain list), its own points where its group's are not an equal
/// share.
pub struct Test {
    pub input: String,
    pub answer: String,
    pub group: Option<String>,
    pub points: Option<f64>,
}

/// The tests, their groups and the problem's limits.
pub struct Plan {
    pub tests: Vec<Test>,
    pub groups: Vec<Group>,
    /// Milliseconds and MiB.
    pub time: u64,
    pub memory: u64,
    /// Whether the tests were found by their names, the config listing
    /// none.
    pub discovered: bool,
}

/// Hydro's split of `total` points into `count` parts: equal, but the
/// last `total % count` of them one point more.
fn shares(total: u64, count: usize) -> Vec<u64> {
    let n = count as u64;
    if n == 0 {
        return Vec::new();
    }
    let (base, extra) = (total / n, total % n);
    (0..n).map(|i| base + u64::from(i >= n - extra)).collect()
}

/// The subtasks whose cases the config lists: its top-level `cases` as one
/// subtask, else its `subtasks` (none if they list no case).
fn listed(config: &ConfigYaml, at: &str, notes: &mut Vec<String>) -> Result<Option<Vec<Subtask>>> {
    if let Some(cases) = config.cases.as_ref().filter(|c| !c.is_empty()) {
        if config.subtasks.is_some() {
            notes.push(format!(
                "{at}: the top-level `cases` take the place of `subtasks`, as in Hydro's judge"
            ));
        }
        let cases = cases.clone();
        let subtask = Subtask {
            kind: Some("sum".to_string()),
            cases: Some(cases),
            ..Subtask::default()
        };
        return Ok(Some(vec![subtask]));
    }
    let Some(subtasks) = &config.subtasks else {
        return Ok(None);
    };
    for (i, s) in subtasks.iter().enumerate() {
        if s.cases.is_none() {
            bail!("{at}: subtask {} has no `cases`", s.id(i));
        }
    }
    let count: usize = subtasks.iter().flat_map(|s| &s.cases).map(Vec::len).sum();
    Ok((count > 0).then(|| subtasks.clone()))
}

/// The subtasks of the tests found by their names in the first folder
/// that has any, and that folder.
fn discovered(
    package: &Package,
    layout: &Layout,
    at: &str,
    notes: &mut Vec<String>,
) -> Result<(Vec<Subtask>, &'static str)> {
    for &folder in &layout.folders {
        let (found, passed_over) = cases::discover(package, folder);
        if found.is_empty() {
            continue;
        }
        let shown = cases::in_folder(folder, "");
        notes.push(format!(
            "{} tests found in {} by their names, as Hydro's judge finds them (the config lists \
             no case)",
            found.len(),
            if shown.is_empty() {
                "the package"
            } else {
                &shown
            }
        ));
        if !passed_over.is_empty() {
            notes.push(format!(
                "not tests for Hydro's judge (a name it does not take, or no answer): {}",
                passed_over.join(", ")
            ));
        }
        let mut subtasks: Vec<(u64, Subtask)> = Vec::new();
        for f in found {
            if subtasks.last().is_none_or(|(n, _)| *n != f.subtask) {
                let kind = if f.all_or_nothing { "min" } else { "sum" };
                let subtask = Subtask {
                    kind: Some(kind.to_string()),
                    cases: Some(Vec::new()),
                    ..Subtask::default()
                };
                subtasks.push((f.subtask, subtask));
            }
            let case = Case {
                input: Some(f.input),
                output: Some(f.output),
                ..Case::default()
            };
            if let Some(cases) = subtasks.last_mut().and_then(|(_, s)| s.cases.as_mut()) {
                cases.push(case);
            }
        }
        return Ok((subtasks.into_iter().map(|(_, s)| s).collect(), folder));
    }
    bail!(
        "{at}: no test: the config lists no case, and no file is named as Hydro's judge finds \
         tests (`1.in` with `1.out` or `1.ans`, `a.in1` with `a.ou1`, `2-1.in` with `2-1.out`)"
    )
}

/// A case's own score: a whole number, none where 0 (Hydro reads 0 as
/// none).
fn case_score(case: &Case, at: &str) -> Result<Option<u64>> {
    let Some(written) = &case.score else {
        return Ok(None);
    };
    let score: f64 = (written.parse().ok())
        .filter(|s: &f64| *s >= 0.0 && s.fract() == 0.0)
        .with_context(|| format!("{at}: a case's `score` is {written}: expected a whole number"))?;
    Ok((score > 0.0).then_some(score as u64))
}

/// The kit's group for subtask `id` worth `score`, and each case's own
/// points where they are not an equal share.
fn group(
    s: &Subtask,
    id: i64,
    score: u64,
    at: &str,
    lossy: &mut Lossy,
) -> Result<(Group, Vec<Option<f64>>)> {
    let cases = s.cases.as_deref().unwrap_or_default();
    let own: Vec<Option<u64>> = (cases.iter())
        .map(|c| case_score(c, at))
        .collect::<Result<_>>()?;
    let mut group = Group {
        name: id.to_string(),
        points: score as u32,
        depends: (s.depends.iter().flatten()).map(i64::to_string).collect(),
        ..Group::default()
    };
    let kind = s.kind.as_deref().unwrap_or("min");
    if kind == "sum" {
        let given: u64 = own.iter().flatten().sum();
        let mut rest = shares(
            score.saturating_sub(given),
            own.iter().filter(|o| o.is_none()).count(),
        )
        .into_iter();
        let points: Vec<u64> = (own.iter())
            .map(|o| o.or_else(|| rest.next()).unwrap_or(0))
            .collect();
        group.scoring = GroupScoring::Each;
        group.points = points.iter().sum::<u64>() as u32;
        if points.windows(2).all(|w| w[0] == w[1]) {
            return Ok((group, vec![None; cases.len()]));
        }
        return Ok((group, points.into_iter().map(|p| Some(p as f64)).collect()));
    }
    group.scoring = match kind {
        "min" => GroupScoring::All,
        "max" => GroupScoring::Any,
        other => {
            lossy.drop(format!(
                "{at}: subtask {id} scores `{other}` of its cases (the kit has `min`, `max` and \
                 `sum`): scored all or nothing"
            ))?;
            GroupScoring::All
        }
    };
    if own.iter().flatten().any(|&p| p != score) {
        lossy.drop(format!(
            "{at}: subtask {id} scores `{kind}` and its cases have scores of their own (the kit \
             gives each case of such a group the group's points)"
        ))?;
    }
    Ok((group, vec![None; cases.len()]))
}

/// Whether the subtasks are Hydro's scoring of a plain list of tests (the
/// config's top-level `cases`, or the tests found by their names, not
/// `subtasks` it writes out): one subtask summing its cases, none with a
/// score of its own, worth 100.
fn plain_list(subtasks: &[Subtask], written_out: bool) -> bool {
    let [only] = subtasks else {
        return false;
    };
    !written_out
        && only.kind.as_deref() == Some("sum")
        && only.score.is_none_or(|s| s == 100)
        && only.cases.iter().flatten().all(|c| c.score.is_none())
}

/// Each subtask's points: its score, else its share of what the scored
/// ones leave of 100.
fn subtask_points(subtasks: &[Subtask]) -> Vec<u64> {
    let score = |s: &Subtask| s.score.filter(|&p| p > 0).map(|p| p as u64);
    let given: u64 = subtasks.iter().filter_map(score).sum();
    let unscored = subtasks.iter().filter(|s| score(s).is_none()).count();
    let mut rest = shares(100u64.saturating_sub(given), unscored).into_iter();
    (subtasks.iter())
        .map(|s| score(s).or_else(|| rest.next()).unwrap_or(0))
        .collect()
}

/// A limit of the config, its subtasks and its cases: its key, Hydro's
/// default, how Hydro reads it.
struct LimitKey {
    key: &'static str,
    default: u64,
    parse: fn(&str) -> Option<u64>,
    of_subtask: fn(&Subtask) -> &Option<String>,
    of_case: fn(&Case) -> &Option<String>,
}

const TIME: LimitKey = LimitKey {
    key: "time",
    default: 1000,
    parse: millis,
    of_subtask: |s| &s.time,
    of_case: |c| &c.time,
};

const MEMORY: LimitKey = LimitKey {
    key: "memory",
    default: 256,
    parse: mebibytes,
    of_subtask: |s| &s.memory,
    of_case: |c| &c.memory,
};

/// The one limit of the problem: the cases' (each its own, its
/// subtask's or the config's, Hydro's default when none says), the
/// largest where they differ.
fn limit(
    subtasks: &[Subtask],
    config: Option<u64>,
    limit: &LimitKey,
    at: &str,
    lossy: &mut Lossy,
) -> Result<u64> {
    let key = limit.key;
    let parsed = |written: &Option<String>| -> Result<Option<u64>> {
        match written {
            None => Ok(None),
            Some(w) => ((limit.parse)(w).map(Some))
                .with_context(|| format!("{at}: a `{key}` of {w:?}, which Hydro does not read")),
        }
    };
    let mut limits = Vec::new();
    for s in subtasks {
        let own = parsed((limit.of_subtask)(s))?;
        for c in s.cases.iter().flatten() {
            let case = parsed((limit.of_case)(c))?;
            limits.push(case.or(own).or(config).unwrap_or(limit.default));
        }
    }
    let (Some(&low), Some(&high)) = (limits.iter().min(), limits.iter().max()) else {
        return Ok(config.unwrap_or(limit.default));
    };
    if low != high {
        lossy.drop(format!(
            "{at}: the cases' `{key}` limits differ, {low} to {high} (the kit has one limit per \
             problem: the largest)"
        ))?;
    }
    Ok(high)
}

/// The package's path of a case's file `name`, found in the test data's
/// folders.
fn file_of(
    package: &Package,
    layout: &Layout,
    first: &str,
    name: &str,
    at: &str,
) -> Result<String> {
    let folders = std::iter::once(first).chain(layout.folders.iter().copied());
    let path = folders
        .map(|folder| cases::in_folder(folder, name))
        .find(|path| package.has(path));
    path.with_context(|| {
        let shown: Vec<String> = (layout.folders.iter())
            .map(|f| match *f {
                "" => "the package's root".to_string(),
                f => format!("{f}/"),
            })
            .collect();
        format!(
            "{at}: a case names {name}, which is in none of {}",
            shown.join(", ")
        )
    })
}

/// Says which inputs of the folders the listed tests are in (`.in` files,
/// and those Hydro's judge finds by their names) no case lists: Hydro's
/// judge runs only the cases the config lists.
fn unlisted(package: &Package, layout: &Layout, tests: &[Test], notes: &mut Vec<String>) {
    let mut left = Vec::new();
    for &folder in &layout.folders {
        let (found, passed_over) = cases::discover(package, folder);
        let mut inputs: Vec<String> = (found.into_iter().map(|f| f.input))
            .chain(passed_over)
            .map(|name| cases::in_folder(folder, &name))
            .collect();
        inputs.sort();
        let folder_of = |path: &str| path.rsplit_once('/').map_or("", |(dir, _)| dir).to_string();
        if !tests.iter().any(|t| folder_of(&t.input) == folder) {
            continue;
        }
        let used = |input: &String| tests.iter().any(|t| t.input == *input);
        left.extend(inputs.into_iter().filter(|i| !used(i)));
    }
    if !left.is_empty() {
        notes.push(format!(
            "named by no case, so not tests (Hydro's judge runs the cases the config lists): {}",
            left.join(", ")
        ));
    }
}

/// The test plan of the problem whose config (shown as `at`) is `config`.
pub fn plan(
    package: &Package,
    layout: &Layout,
    config: &ConfigYaml,
    at: &str,
    lossy: &mut Lossy,
    notes: &mut Vec<String>,
) -> Result<Plan> {
    let (mut subtasks, first, discovered) = match listed(config, at, notes)? {
        Some(subtasks) => (subtasks, layout.folders[0], false),
        None => {
            let (subtasks, folder) = discovered(package, layout, at, notes)?;
            (subtasks, folder, true)
        }
    };
    if subtasks.iter().all(|s| s.id.is_some()) {
        subtasks.sort_by_key(|s| s.id);
    }
    let time = limit(&subtasks, config.time, &TIME, at, lossy)?;
    let memory = limit(&subtasks, config.memory, &MEMORY, at, lossy)?;
    let mut tests = Vec::new();
    let mut groups = Vec::new();
    for ((i, s), score) in subtasks.iter().enumerate().zip(subtask_points(&subtasks)) {
        let id = s.id(i);
        let (group, points) = group(s, id, score, at, lossy)?;
        for (case, points) in s.cases.iter().flatten().zip(points) {
            let (Some(input), Some(output)) = (&case.input, &case.output) else {
                bail!("{at}: a case of subtask {id} without its `input` and `output`");
            };
            if input == "/dev/null" || output == "/dev/null" {
                lossy.drop(format!(
                    "{at}: a case of subtask {id} reads or answers /dev/null (the kit's tests \
                     keep their input and answer)"
                ))?;
                continue;
            }
            tests.push(Test {
                input: file_of(package, layout, first, input, at)?,
                answer: file_of(package, layout, first, output, at)?,
                group: Some(group.name.clone()),
                points,
            });
        }
        groups.push(group);
    }
    let from_subtasks = !discovered && config.cases.as_ref().is_none_or(|c| c.is_empty());
    if !discovered {
        unlisted(package, layout, &tests, notes);
    }
    if plain_list(&subtasks, from_subtasks) {
        notes.push(
            "one list of tests without scores of their own: a problem without groups, judged \
             pass-fail (Hydro gives each test its share of 100 points; the verdict is the same, \
             the first failure's)"
                .to_string(),
        );
        groups.clear();
        for test in &mut tests {
            (test.group, test.points) = (None, None);
        }
    }
    Ok(Plan {
        tests,
        groups,
        time,
        memory,
        discovered,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_split_as_hydro_splits_them() {
        assert_eq!(shares(100, 3), [33, 33, 34]);
        assert_eq!(shares(10, 4), [2, 2, 3, 3]);
        assert_eq!(shares(5, 0), Vec::<u64>::new());
        let subtask = |score| Subtask {
            score,
            ..Subtask::default()
        };
        let points = subtask_points(&[subtask(Some(40)), subtask(None), subtask(Some(0))]);
        assert_eq!(points, [40, 30, 30]);
    }
}
