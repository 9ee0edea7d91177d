//! Importing a Hydro problem: `problem.yaml` (the title, the pid) and
//! `testdata/config.yaml`.
//!
//! - The limits (`time: 1s`, `memory: 256m`; Hydro's defaults, 1 s and
//!   256 MiB, when absent), the kind (`type: default` or `interactive`).
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

use anyhow::{Context, Result, bail};
use yaml_rust2::{Yaml, YamlLoader};

use crate::format::Format;
use crate::format::Package;
use crate::format::imported::{
    Imported, Lossy, config_of, files_of, kept, kept_at, testlib_beside, text,
};
use crate::model::config::{Group, GroupScoring, Protocol, ProtocolsConfig, TestEntry, unread};
use crate::model::kit::NewFile;
use crate::model::problem::STANDARD_CHECKERS;
use crate::model::program::domjudge_testlib;

/// Milliseconds in a Hydro time (`1s`, `1000ms`, `1.5s`).
fn millis(text: &str) -> Option<u64> {
    let t = text.trim().to_ascii_lowercase();
    let (number, factor) = match t.strip_suffix("ms") {
        Some(n) => (n, 1.0),
        None => (t.strip_suffix('s').unwrap_or(&t), 1000.0),
    };
    let value: f64 = number.trim().parse().ok()?;
    (value > 0.0).then(|| (value * factor).round().max(1.0) as u64)
}

/// MiB in a Hydro memory (`256m`, `256mb`, `1g`, `65536k`).
fn mebibytes(text: &str) -> Option<u64> {
    let t = text.trim().to_ascii_lowercase();
    let t = t.strip_suffix('b').unwrap_or(&t);
    let (number, factor) = match t.chars().last()? {
        'k' => (&t[..t.len() - 1], 1.0 / 1024.0),
        'm' => (&t[..t.len() - 1], 1.0),
        'g' => (&t[..t.len() - 1], 1024.0),
        _ => (t, 1.0),
    };
    let value: f64 = number.trim().parse().ok()?;
    (value > 0.0).then(|| (value * factor).ceil().max(1.0) as u64)
}

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
struct Case {
    input: String,
    answer: String,
    group: Option<String>,
}

/// Imports the Hydro problem as problem `name`; `testlib_h` finds the
/// kit's testlib.h, for a program that needs the one Hydro supplies.
pub fn import(
    package: &Package,
    name: &str,
    lossy: &mut Lossy,
    testlib_h: &dyn Fn() -> Result<std::path::PathBuf>,
) -> Result<Imported> {
    let yaml_of = |file: &str| -> Result<Yaml> {
        if !package.has(file) {
            return Ok(Yaml::Null);
        }
        let docs = YamlLoader::load_from_str(&package.text(file)?)
            .with_context(|| format!("{}: not YAML", package.shown(file)))?;
        Ok(docs.into_iter().next().unwrap_or(Yaml::Null))
    };
    let problem = yaml_of("problem.yaml")?;
    let config_file = "testdata/config.yaml";
    let config = yaml_of(config_file)?;
    let at = package.shown(config_file);
    let title = problem["title"].as_str().unwrap_or(name).to_string();
    let mut notes = Vec::new();

    let interactive = match config["type"].as_str().unwrap_or("default") {
        "default" => false,
        "interactive" => true,
        other => {
            bail!("{at}: a problem of type `{other}`; the kit judges default and interactive ones")
        }
    };
    let time = match &config["time"] {
        Yaml::BadValue | Yaml::Null => None,
        v => Some(
            v.as_str()
                .and_then(millis)
                .with_context(|| format!("{at}: `time` is {v:?}: expected `1s` or `1000ms`"))?,
        ),
    };
    let memory = match &config["memory"] {
        Yaml::BadValue | Yaml::Null => None,
        v => Some(
            v.as_str()
                .and_then(mebibytes)
                .with_context(|| format!("{at}: `memory` is {v:?}: expected `256m`"))?,
        ),
    };

    // The cases: by subtask, or every input with its answer.
    let mut cases = Vec::new();
    let mut groups: Vec<Group> = Vec::new();
    if let Yaml::Array(subtasks) = &config["subtasks"] {
        let scored: u64 = subtasks
            .iter()
            .filter_map(|s| s["score"].as_i64())
            .map(|s| s as u64)
            .sum();
        let unscored = subtasks
            .iter()
            .filter(|s| s["score"].as_i64().is_none())
            .count() as u64;
        for (i, s) in subtasks.iter().enumerate() {
            let id = s["id"].as_i64().map_or(i as i64 + 1, |id| id);
            let group = id.to_string();
            let score = match s["score"].as_i64() {
                Some(score) => score as u64,
                None => 100u64.saturating_sub(scored) / unscored.max(1),
            };
            let mut scored = Group {
                name: group.clone(),
                points: score as u32,
                ..Group::default()
            };
            match s["type"].as_str().unwrap_or("min") {
                "min" => {}
                // Each case an equal share.
                "sum"
                    if s["cases"]
                        .as_vec()
                        .is_none_or(|c| c.iter().all(|c| c["score"].is_badvalue())) =>
                {
                    scored.scoring = GroupScoring::Each
                }
                other => lossy.drop(format!(
                    "{at}: subtask {id} scores `{other}` of its cases (the kit scores a group \
                     all or nothing, or each case an equal share)"
                ))?,
            }
            // `if`: the subtasks that must pass first.
            if let Yaml::Array(ids) = &s["if"] {
                for on in ids {
                    match on.as_i64() {
                        Some(on) => scored.depends.push(on.to_string()),
                        None => bail!("{at}: subtask {id}'s `if` names {on:?}, not a subtask id"),
                    }
                }
            }
            for key in ["time", "memory"] {
                if !s[key].is_badvalue() {
                    lossy.drop(format!("{at}: subtask {id}'s `{key}`"))?;
                }
            }
            let Yaml::Array(list) = &s["cases"] else {
                bail!("{at}: subtask {id} has no `cases`");
            };
            for case in list {
                let (Some(input), Some(output)) = (case["input"].as_str(), case["output"].as_str())
                else {
                    bail!("{at}: a case of subtask {id} without its `input` and `output`");
                };
                cases.push(Case {
                    input: format!("testdata/{input}"),
                    answer: format!("testdata/{output}"),
                    group: Some(group.clone()),
                });
            }
            groups.push(scored);
        }
    } else {
        let mut inputs: Vec<&str> = package
            .under("testdata")
            .filter(|f| f.ends_with(".in") && !f["testdata/".len()..].contains('/'))
            .collect();
        inputs.sort_by(|a, b| natural(a, b));
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
            cases.push(Case {
                input: input.to_string(),
                answer,
                group: None,
            });
        }
    }
    if cases.is_empty() {
        bail!("{at}: no test case");
    }
    for case in &cases {
        for file in [&case.input, &case.answer] {
            if !package.has(file) {
                bail!(
                    "{}: a case names it, and the package lacks it",
                    package.shown(file)
                );
            }
        }
    }

    // The checker or interactor, and testlib.h beside it.
    let program = |key: &str| -> Result<Option<String>> {
        match config[key].as_str() {
            None => Ok(None),
            Some(file) if package.has(&format!("testdata/{file}")) => {
                Ok(Some(format!("testdata/{file}")))
            }
            Some(file) => bail!("{at}: the {key} {file} is not in testdata/"),
        }
    };
    let checker_type = config["checker_type"].as_str().unwrap_or("default");
    let checker = if interactive {
        let interactor = program("interactor")?
            .with_context(|| format!("{at}: an interactive problem names no `interactor`"))?;
        Some(interactor)
    } else {
        match checker_type {
            "default" | "strict" => {
                notes.push(format!(
                    "checker_type `{checker_type}`: the kit's wcmp (tokens compared, white space free)"
                ));
                None
            }
            "testlib" => match config["checker"].as_str() {
                Some(name) if !name.contains('.') => {
                    if !STANDARD_CHECKERS.contains(&name) {
                        bail!("{at}: `{name}` is not one of testlib's standard checkers");
                    }
                    notes.push(format!("the checker: the kit's {name}"));
                    None
                }
                _ => Some(program("checker")?.with_context(|| {
                    format!("{at}: `checker_type: testlib` names no `checker`")
                })?),
            },
            other => bail!("{at}: `checker_type: {other}`; the kit runs testlib checkers"),
        }
    };
    let standard = match (checker_type, config["checker"].as_str()) {
        ("testlib", Some(name)) if !name.contains('.') => name.to_string(),
        _ => "wcmp".to_string(),
    };
    let mut extra: Vec<NewFile> = Vec::new();
    // Built against a DOMjudge testlib.h (the package's, or the kit's copy
    // put beside it), the checker or interactor speaks Kattis's protocol.
    let mut kattis = false;
    if let Some(program) = &checker {
        let text = String::from_utf8_lossy(&package.read(program)?).into_owned();
        let beside = testlib_beside(program);
        if text.contains("testlib.h") && !package.has(&beside) {
            let path = testlib_h()?;
            notes.push(format!(
                "{beside}: the kit's copy ({}), as Hydro's judge supplies its own",
                path.display()
            ));
            let bytes =
                std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
            kattis = domjudge_testlib(&bytes);
            extra.push(NewFile {
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
    }

    let (mut config, mut comments) = config_of(package, Format::Hydro, "Hydro", (&title, &title));
    config.time_limit_ms = Some(unread(time.unwrap_or(1000)));
    config.memory_limit_mib = Some(unread(memory.unwrap_or(256)));
    let judge = match (&checker, interactive) {
        (Some(i), true) => {
            config.interactor = kept_at(i);
            "interactor"
        }
        (Some(c), false) => {
            config.checker = kept_at(c);
            "checker"
        }
        (None, _) => {
            config.checker = text(standard);
            "checker"
        }
    };
    comments.push((
        judge,
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
    let tests = cases.iter().map(|case| TestEntry {
        file: kept_at(&case.input),
        answer: kept_at(&case.answer),
        group: case.group.clone(),
        ..TestEntry::default()
    });
    config.tests = tests.map(unread).collect();
    let mut files = files_of(package, name, |_| None)?;
    files.extend(extra);
    Ok(Imported {
        format: Format::Hydro,
        config,
        comments,
        files,
        notes,
        tests: cases.len(),
        solutions: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_and_order() {
        assert_eq!(millis("1s"), Some(1000));
        assert_eq!(millis("1.5s"), Some(1500));
        assert_eq!(millis("250ms"), Some(250));
        assert_eq!(millis("1 sec"), None);
        assert_eq!(mebibytes("256m"), Some(256));
        assert_eq!(mebibytes("512MB"), Some(512));
        assert_eq!(mebibytes("1g"), Some(1024));
        assert_eq!(mebibytes("65536k"), Some(64));
        let mut names = vec!["10.in", "2.in", "1.in", "a.in"];
        names.sort_by(|a, b| natural(a, b));
        assert_eq!(names, ["1.in", "2.in", "10.in", "a.in"]);
    }
}
