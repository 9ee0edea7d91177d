//! Importing a Hydro problem: `problem.yaml` (the title, the pid) and
//! `testdata/config.yaml` ([`ProblemYaml`], [`ConfigYaml`]), read step by
//! step: the kind, the tests and subtasks, the checker or interactor and
//! the testlib.h beside it.
//!
//! - The limits (`time: 1s`, `memory: 256m`; Hydro's defaults, 1 s and
//!   256 MiB, when absent), the kind (`type: default` or `interactive`),
//!   the files the solution reads and writes (`filename: NAME`: `NAME.in`
//!   and `NAME.out`).
//! - The tests: each subtask's cases in order (a group per subtask, worth
//!   its score; subtasks without a score share what is left of 100; `min`
//!   all or nothing, `sum` each case an equal share; `if` the subtasks it
//!   depends on), or,
//!   without subtasks, every `<name>.in` of `testdata/` with its `.out` or
//!   `.ans`, in natural order. Every test stores its answer.
//! - The checker: `checker_type: default` compares tokens (the kit's
//!   `wcmp`), `testlib` runs the package's checker, or testlib's standard
//!   checker of that name; the interactor is a testlib one. Hydro's judge
//!   supplies testlib.h, so where the package has none beside a program that
//!   includes it, the kit's (as `judge package` finds it) is put there.
//! - No validator and no solutions: Hydro packages hold neither.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};

use super::files::{ConfigYaml, ProblemType, ProblemYaml, Subtask};
use crate::format::imported::{
    Imported, Lossy, config_of, files_config, files_of, kept, kept_at, testlib_beside, text,
};
use crate::format::{Format, Package};
use crate::model::config::{
    FilesConfig, Group, GroupScoring, Protocol, ProtocolsConfig, TestEntry, unread,
};
use crate::model::kit::NewFile;
use crate::model::problem::STANDARD_CHECKERS;
use crate::model::program::domjudge_testlib;

/// Orders names as people count: `2.in` before `10.in`.
fn natural(a: &str, b: &str) -> std::cmp::Ordering {
    let key = |s: &str| {
        let mut parts: Vec<(String, u128)> = Vec::new();
        let mut digits = String::new();
        let mut text = String::new();
        for c in s.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
            } else {
                if !digits.is_empty() {
                    parts.push((
                        std::mem::take(&mut text),
                        digits.parse().unwrap_or(u128::MAX),
                    ));
                    digits.clear();
                }
                text.push(c);
            }
        }
        parts.push((text, digits.parse().unwrap_or(0)));
        parts
    };
    key(a).cmp(&key(b)).then(a.cmp(b))
}

/// One test: its input and answer in `testdata/`, and its group.
struct Test {
    input: String,
    answer: String,
    group: Option<String>,
}

/// Whether the problem is interactive; a type the kit cannot judge is
/// refused.
fn interactive(config: &ConfigYaml, at: &str) -> Result<bool> {
    match &config.kind {
        ProblemType::Default => Ok(false),
        ProblemType::Interactive => Ok(true),
        ProblemType::Other(other) => {
            bail!("{at}: a problem of type `{other}`; the kit judges default and interactive ones")
        }
    }
}

/// The tests and groups: each subtask's cases, or without subtasks every
/// input of `testdata/` with its answer; the package must hold every file
/// a case names.
fn tests(
    package: &Package,
    config: &ConfigYaml,
    at: &str,
    lossy: &mut Lossy,
) -> Result<(Vec<Test>, Vec<Group>)> {
    let (tests, groups) = match &config.subtasks {
        Some(subtasks) => by_subtask(subtasks, at, lossy)?,
        None => (in_testdata(package)?, Vec::new()),
    };
    if tests.is_empty() {
        bail!("{at}: no test case");
    }
    for test in &tests {
        for file in [&test.input, &test.answer] {
            if !package.has(file) {
                bail!(
                    "{}: a case names it, and the package lacks it",
                    package.shown(file)
                );
            }
        }
    }
    Ok((tests, groups))
}

/// The subtasks' cases, a group per subtask: worth its score, or a share
/// of what the scored ones leave of 100.
fn by_subtask(
    subtasks: &[Subtask],
    at: &str,
    lossy: &mut Lossy,
) -> Result<(Vec<Test>, Vec<Group>)> {
    let scored: u64 = (subtasks.iter())
        .filter_map(|s| s.score)
        .map(|s| s as u64)
        .sum();
    let unscored = subtasks.iter().filter(|s| s.score.is_none()).count() as u64;
    let mut tests = Vec::new();
    let mut groups = Vec::new();
    for (i, s) in subtasks.iter().enumerate() {
        let score = match s.score {
            Some(score) => score as u64,
            None => 100u64.saturating_sub(scored) / unscored.max(1),
        };
        groups.push(subtask(s, s.id(i), score, at, lossy, &mut tests)?);
    }
    Ok((tests, groups))
}

/// Subtask `id` as a group worth `score`, its cases added to `tests`.
fn subtask(
    s: &Subtask,
    id: i64,
    score: u64,
    at: &str,
    lossy: &mut Lossy,
    tests: &mut Vec<Test>,
) -> Result<Group> {
    let group = id.to_string();
    let mut scored = Group {
        name: group.clone(),
        points: score as u32,
        ..Group::default()
    };
    match s.kind.as_deref().unwrap_or("min") {
        "min" => {}
        // Each case an equal share.
        "sum" if (s.cases.as_ref()).is_none_or(|cases| cases.iter().all(|c| c.score.is_none())) => {
            scored.scoring = GroupScoring::Each
        }
        other => lossy.drop(format!(
            "{at}: subtask {id} scores `{other}` of its cases (the kit scores a group \
             all or nothing, or each case an equal share)"
        ))?,
    }
    // `if`: the subtasks that must pass first.
    let depends = s.depends.iter().flatten();
    scored.depends = depends.map(|on| on.to_string()).collect();
    for (key, limit) in [("time", &s.time), ("memory", &s.memory)] {
        if limit.is_some() {
            lossy.drop(format!("{at}: subtask {id}'s `{key}`"))?;
        }
    }
    let Some(cases) = &s.cases else {
        bail!("{at}: subtask {id} has no `cases`");
    };
    for case in cases {
        let (Some(input), Some(output)) = (&case.input, &case.output) else {
            bail!("{at}: a case of subtask {id} without its `input` and `output`");
        };
        tests.push(Test {
            input: format!("testdata/{input}"),
            answer: format!("testdata/{output}"),
            group: Some(group.clone()),
        });
    }
    Ok(scored)
}

/// Every `<name>.in` of `testdata/` with its answer (`.out` or `.ans`), in
/// natural order.
fn in_testdata(package: &Package) -> Result<Vec<Test>> {
    let mut inputs: Vec<&str> = package
        .under("testdata")
        .filter(|f| f.ends_with(".in") && !f["testdata/".len()..].contains('/'))
        .collect();
    inputs.sort_by(|a, b| natural(a, b));
    let mut tests = Vec::new();
    for input in inputs {
        let stem = input.trim_end_matches(".in");
        let answer = [".out", ".ans"]
            .iter()
            .map(|e| format!("{stem}{e}"))
            .find(|a| package.has(a))
            .with_context(|| {
                format!(
                    "{}: a test without its answer (.out or .ans)",
                    package.shown(input)
                )
            })?;
        tests.push(Test {
            input: input.to_string(),
            answer,
            group: None,
        });
    }
    Ok(tests)
}

/// The program that judges: the interactor, or the package's checker
/// (none for a token comparison or a standard checker, which the kit has).
fn judge(
    package: &Package,
    config: &ConfigYaml,
    interactive: bool,
    at: &str,
    notes: &mut Vec<String>,
) -> Result<Option<String>> {
    let program = |key: &str, file: Option<&String>| -> Result<Option<String>> {
        match file {
            None => Ok(None),
            Some(file) if package.has(&format!("testdata/{file}")) => {
                Ok(Some(format!("testdata/{file}")))
            }
            Some(file) => bail!("{at}: the {key} {file} is not in testdata/"),
        }
    };
    if interactive {
        let interactor = program("interactor", config.interactor.as_ref())?
            .with_context(|| format!("{at}: an interactive problem names no `interactor`"))?;
        return Ok(Some(interactor));
    }
    let checker_type = config.checker_type.as_deref().unwrap_or("default");
    match checker_type {
        "default" | "strict" => {
            notes.push(format!(
                "checker_type `{checker_type}`: the kit's wcmp (tokens compared, white space free)"
            ));
            Ok(None)
        }
        "testlib" => match config.checker.as_deref() {
            Some(name) if !name.contains('.') => {
                if !STANDARD_CHECKERS.contains(&name) {
                    bail!("{at}: `{name}` is not one of testlib's standard checkers");
                }
                notes.push(format!("the checker: the kit's {name}"));
                Ok(None)
            }
            _ => Ok(Some(
                program("checker", config.checker.as_ref())?
                    .with_context(|| format!("{at}: `checker_type: testlib` names no `checker`"))?,
            )),
        },
        other => bail!("{at}: `checker_type: {other}`; the kit runs testlib checkers"),
    }
}

/// The standard checker the kit runs where the package has no program of
/// its own: the one `checker_type: testlib` names, else `wcmp`.
fn standard(config: &ConfigYaml) -> String {
    match (config.checker_type.as_deref(), config.checker.as_deref()) {
        (Some("testlib"), Some(name)) if !name.contains('.') => name.to_string(),
        _ => "wcmp".to_string(),
    }
}

/// The testlib.h beside `program`: Hydro's judge supplies its own, so
/// where the package has none beside a program that includes it, the kit's
/// copy is put there (the file to add). Whether the program speaks Kattis's
/// protocol: built against a DOMjudge testlib.h.
fn testlib(
    package: &Package,
    name: &str,
    program: &str,
    testlib_h: &dyn Fn() -> Result<PathBuf>,
    notes: &mut Vec<String>,
) -> Result<(bool, Option<NewFile>)> {
    let text = String::from_utf8_lossy(&package.read(program)?).into_owned();
    let beside = testlib_beside(program);
    let mut added = None;
    let mut kattis = false;
    if text.contains("testlib.h") && !package.has(&beside) {
        let path = testlib_h()?;
        notes.push(format!(
            "{beside}: the kit's copy ({}), as Hydro's judge supplies its own",
            path.display()
        ));
        let bytes =
            std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        kattis = domjudge_testlib(&bytes);
        added = Some(NewFile {
            path: format!("problems/{name}/{}", kept(&beside)).into(),
            bytes,
        });
    } else if text.contains("testlib.h") {
        kattis = domjudge_testlib(&package.read(&beside)?);
    }
    if kattis {
        notes.push(format!(
            "{beside} is a DOMjudge build: {program} speaks Kattis's protocol"
        ));
    }
    Ok((kattis, added))
}

/// The files the solution reads and writes: `<filename>.in` and
/// `<filename>.out`, where `config.yaml` names one (not on an interactive
/// problem, whose solution talks to the interactor).
fn files(hydro: &ConfigYaml, interactive: bool, at: &str) -> Result<Option<FilesConfig>> {
    let Some(stem) = &hydro.filename else {
        return Ok(None);
    };
    let (input, output) = (format!("{stem}.in"), format!("{stem}.out"));
    files_config(Some(&input), Some(&output), interactive, at)
}

/// Imports the Hydro problem as problem `name`; `testlib_h` finds the
/// kit's testlib.h, for a program that needs the one Hydro supplies.
pub fn import(
    package: &Package,
    name: &str,
    lossy: &mut Lossy,
    testlib_h: &dyn Fn() -> Result<PathBuf>,
) -> Result<Imported> {
    let problem = ProblemYaml::read(package)?;
    let hydro = ConfigYaml::read(package)?;
    let at = package.shown("testdata/config.yaml");
    let title = problem.title.unwrap_or_else(|| name.to_string());
    let mut notes = Vec::new();
    let interactive = interactive(&hydro, &at)?;
    let (tests, groups) = tests(package, &hydro, &at, lossy)?;
    let judge = judge(package, &hydro, interactive, &at, &mut notes)?;
    let (kattis, added) = match &judge {
        Some(program) => testlib(package, name, program, testlib_h, &mut notes)?,
        None => (false, None),
    };

    let (mut config, mut comments) = config_of(package, Format::Hydro, "Hydro", (&title, &title));
    config.time_limit_ms = Some(unread(hydro.time.unwrap_or(1000)));
    config.memory_limit_mib = Some(unread(hydro.memory.unwrap_or(256)));
    config.files = files(&hydro, interactive, &at)?;
    let key = match (&judge, interactive) {
        (Some(i), true) => {
            config.interactor = kept_at(i);
            "interactor"
        }
        (Some(c), false) => {
            config.checker = kept_at(c);
            "checker"
        }
        (None, _) => {
            config.checker = text(standard(&hydro));
            "checker"
        }
    };
    comments.push((
        key,
        "Hydro packages hold no validator and no solution: every test stores its answer."
            .to_string(),
    ));
    if kattis {
        config.protocols = Some(ProtocolsConfig {
            checker: Some(unread(Protocol::Kattis)),
            validator: None,
        });
    }
    config.groups = groups.into_iter().map(unread).collect();
    let entries = tests.iter().map(|test| TestEntry {
        file: kept_at(&test.input),
        answer: kept_at(&test.answer),
        group: test.group.clone(),
        ..TestEntry::default()
    });
    config.tests = entries.map(unread).collect();
    let mut files = files_of(package, name, |_| None)?;
    files.extend(added);
    Ok(Imported {
        format: Format::Hydro,
        config,
        comments,
        files,
        notes,
        tests: tests.len(),
        solutions: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order() {
        let mut names = vec!["10.in", "2.in", "1.in", "a.in"];
        names.sort_by(|a, b| natural(a, b));
        assert_eq!(names, ["1.in", "2.in", "10.in", "a.in"]);
    }
}
