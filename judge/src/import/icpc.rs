//! Importing an ICPC problem package, legacy (problemtools, DOMjudge) or
//! 2025-09 (BAPCtools, Kattis): `problem.yaml`, the tests of `data/` with
//! their answers, the input validator, the output validator (a checker or
//! an interactor, in the Kattis protocol), the submissions, statements as
//! they are.
//!
//! | | 2025-09 | legacy |
//! |---|---|---|
//! | name | `name` (a string, or one per language) | the same |
//! | time limit | `limits.time_limit` | `.timelimit` or `domjudge-problem.ini`, else none |
//! | kind | `type` | `validation` |
//! | output validator | `output_validator/` | `output_validators/<name>/` |
//! | statements | `statement/` | `problem_statement/` |

use std::collections::BTreeSet;

use anyhow::{Context, Result, bail};
use yaml_rust2::{Yaml, YamlLoader};

use super::{Imported, Lossy, Package, ProblemToml, files_of, kept, quoted, solution_file};
use crate::package::Format;

/// The two versions of the format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    Current,
    Legacy,
}

/// The extensions of the sources a program folder may hold: one of them is
/// the program, headers may lie beside it.
const SOURCES: [&str; 9] = ["c", "cpp", "cc", "cxx", "py", "rs", "java", "kt", "ctd"];

/// Where each submissions folder goes in `solutions/<name>/`.
fn verdict_folder(folder: &str) -> Option<&'static str> {
    Some(match folder {
        "accepted" => "accepted",
        "wrong_answer" => "wrong_answer",
        "time_limit_exceeded" => "time_limit_exceeded",
        "run_time_error" => "runtime_error",
        "brute_force" => "brute_force",
        _ => return None,
    })
}

/// What the kit takes from `problem.yaml`.
struct Settings {
    title_en: String,
    title_zh: String,
    interactive: bool,
    custom: bool,
    time_limit_ms: Option<u64>,
    memory_mib: Option<u64>,
    output_mib: Option<u64>,
}

/// The package's problem.yaml, read.
fn settings(package: &Package, version: Version, lossy: &mut Lossy) -> Result<Settings> {
    let file = "problem.yaml";
    let at = package.shown(file);
    let text = package.text(file)?;
    let docs = YamlLoader::load_from_str(&text).with_context(|| format!("{at}: not YAML"))?;
    let yaml = docs.first().cloned().unwrap_or(Yaml::Null);
    if !matches!(yaml, Yaml::Hash(_) | Yaml::Null) {
        bail!("{at}: expected a mapping of keys");
    }
    let name = &yaml["name"];
    let (en, zh) = match name {
        Yaml::String(s) => (Some(s.clone()), None),
        Yaml::Hash(h) => {
            let get = |k: &str| h.get(&Yaml::String(k.into())).and_then(|v| v.as_str());
            let first = h.values().find_map(Yaml::as_str).map(str::to_string);
            (
                get("en").map(str::to_string).or(first),
                get("zh").map(str::to_string),
            )
        }
        Yaml::BadValue | Yaml::Null => (None, None),
        _ => bail!("{at}: `name` is a string, or one per language"),
    };
    let title_en = en.unwrap_or_else(|| package.name());
    let title_zh = zh.unwrap_or_else(|| title_en.clone());

    // The kind of problem: 2025-09's `type`, legacy's `validation`.
    let kinds: Vec<String> = match version {
        Version::Current => match &yaml["type"] {
            Yaml::String(s) => s.split_whitespace().map(str::to_string).collect(),
            Yaml::Array(a) => a
                .iter()
                .filter_map(Yaml::as_str)
                .map(str::to_string)
                .collect(),
            _ => vec!["pass-fail".to_string()],
        },
        Version::Legacy => match &yaml["validation"] {
            Yaml::String(s) => s.split_whitespace().map(str::to_string).collect(),
            _ => vec!["default".to_string()],
        },
    };
    let mut interactive = false;
    let mut custom = false;
    for kind in &kinds {
        match kind.as_str() {
            "pass-fail" | "default" => {}
            "custom" => custom = true,
            "interactive" => interactive = true,
            "scoring" | "score" => lossy.drop(format!(
                "{at}: a scoring problem (scores become pass or fail)"
            ))?,
            other => bail!(
                "{at}: the kit cannot judge a problem of type `{other}` (multi-pass and \
                 submit-answer problems are not the kit's)"
            ),
        }
    }
    custom |= interactive || version == Version::Current && package.has_dir("output_validator");
    for key in ["validator_flags", "validator_args"] {
        if !matches!(yaml[key], Yaml::BadValue | Yaml::Null) {
            lossy.drop(format!("{at}: `{key}`, arguments for the output validator"))?;
        }
    }

    let limits = &yaml["limits"];
    let seconds = |v: &Yaml| v.as_f64().or_else(|| v.as_i64().map(|i| i as f64));
    let time = match version {
        Version::Current => seconds(&limits["time_limit"]),
        Version::Legacy => legacy_time_limit(package)?,
    };
    let mib = |key: &str| -> Result<Option<u64>> {
        match &limits[key] {
            Yaml::Integer(n) if *n > 0 => Ok(Some(*n as u64)),
            Yaml::BadValue | Yaml::Null => Ok(None),
            other => bail!("{at}: `limits.{key}` is {other:?}: expected MiB, a whole number"),
        }
    };
    Ok(Settings {
        title_en,
        title_zh,
        interactive,
        custom,
        time_limit_ms: time.map(|s| (s * 1000.0).round().max(1.0) as u64),
        memory_mib: mib("memory")?,
        output_mib: mib("output")?,
    })
}

/// The time limit a legacy package states outside problem.yaml: BAPCtools'
/// `.timelimit`, or DOMjudge's `domjudge-problem.ini`.
fn legacy_time_limit(package: &Package) -> Result<Option<f64>> {
    if package.has(".timelimit") {
        let text = package.text(".timelimit")?;
        let seconds = text
            .trim()
            .parse::<f64>()
            .with_context(|| format!("{}: expected seconds", package.shown(".timelimit")))?;
        return Ok(Some(seconds));
    }
    if package.has("domjudge-problem.ini") {
        let text = package.text("domjudge-problem.ini")?;
        for line in text.lines() {
            if let Some((key, value)) = line.split_once('=')
                && key.trim() == "timelimit"
            {
                let value = value.trim().trim_matches(['\'', '"']);
                let seconds = value.parse::<f64>().with_context(|| {
                    format!(
                        "{}: `timelimit` in seconds",
                        package.shown("domjudge-problem.ini")
                    )
                })?;
                return Ok(Some(seconds));
            }
        }
    }
    Ok(None)
}

/// The program `entry` stands for: a source file, a folder holding one
/// (headers may lie beside it), or a folder with its own `build` or `run`
/// script (then named with a final `/`). Its path in the package.
fn program(package: &Package, entry: &str) -> Result<String> {
    if package.has(entry) {
        return checked_source(package, entry);
    }
    let prefix = format!("{entry}/");
    let files: Vec<&str> = package.under(entry).collect();
    if ["build", "run"]
        .iter()
        .any(|script| files.contains(&format!("{prefix}{script}").as_str()))
    {
        return Ok(prefix);
    }
    let sources: Vec<&str> = files
        .iter()
        .copied()
        .filter(|f| !f[prefix.len()..].contains('/'))
        .filter(|f| SOURCES.iter().any(|e| f.ends_with(&format!(".{e}"))))
        .collect();
    match sources.as_slice() {
        [one] => checked_source(package, one),
        [] => bail!("{}: no source file of a program", package.shown(entry)),
        many => bail!(
            "{}: a program of several sources ({}); the kit builds a single source file",
            package.shown(entry),
            many.join(", ")
        ),
    }
}

/// `file`, a source the kit can build.
fn checked_source(package: &Package, file: &str) -> Result<String> {
    if file.ends_with(".ctd") {
        bail!(
            "{}: a checktestdata script; the kit cannot run checktestdata (Debian 12 does not \
             package it)",
            package.shown(file)
        );
    }
    if file.ends_with(".viva") {
        bail!(
            "{}: a VIVA script; the kit cannot run VIVA",
            package.shown(file)
        );
    }
    Ok(file.to_string())
}

/// The programs under `dir`: each file directly in it, and each folder.
fn programs_in(package: &Package, dir: &str) -> Vec<String> {
    let entries: BTreeSet<String> = package
        .under(dir)
        .filter_map(|f| f[dir.len() + 1..].split('/').next().map(str::to_string))
        .filter(|e| !e.starts_with('.') && !e.eq_ignore_ascii_case("README.md"))
        .collect();
    entries.into_iter().map(|e| format!("{dir}/{e}")).collect()
}

/// One test of `data/`.
struct Test {
    input: String,
    answer: String,
    sample: bool,
    comment: String,
}

/// The tests: `data/sample/`, then `data/secret/` at any depth, each in
/// path order; every input with its answer.
fn tests(package: &Package, lossy: &mut Lossy) -> Result<Vec<Test>> {
    let mut tests = Vec::new();
    for (dir, sample) in [("data/sample", true), ("data/secret", false)] {
        for file in package.under(dir) {
            if file.ends_with("/testdata.yaml") || file.ends_with("/test_group.yaml") {
                let text = package.text(file)?;
                let docs = YamlLoader::load_from_str(&text)
                    .with_context(|| format!("{}: not YAML", package.shown(file)))?;
                if let Some(Yaml::Hash(h)) = docs.first() {
                    for key in h.keys().filter_map(Yaml::as_str) {
                        lossy.drop(format!("{}: `{key}`", package.shown(file)))?;
                    }
                }
                continue;
            }
            let Some(stem) = file.strip_suffix(".in") else {
                continue;
            };
            let answer = format!("{stem}.ans");
            if !package.has(&answer) {
                bail!(
                    "{}: a test without its answer (expected {answer})",
                    package.shown(file)
                );
            }
            let desc = format!("{stem}.desc");
            let mut comment = stem.trim_start_matches("data/").to_string();
            if package.has(&desc) {
                comment = format!("{comment}: {}", package.text(&desc)?.trim());
            }
            tests.push(Test {
                input: file.to_string(),
                answer,
                sample,
                comment,
            });
        }
    }
    if tests.is_empty() {
        let generated = package.has("generators/generators.yaml");
        bail!(
            "{}: no test in data/sample or data/secret{}",
            package.shown.display(),
            if generated {
                " (generators/generators.yaml makes them: run `bt generate` first)"
            } else {
                ""
            }
        );
    }
    Ok(tests)
}

/// Imports the ICPC package as problem `name`.
pub fn import(
    package: &Package,
    version: Version,
    name: &str,
    lossy: &mut Lossy,
) -> Result<Imported> {
    let s = settings(package, version, lossy)?;
    let mut notes = Vec::new();

    // The kit runs one input validator: the first it can run; the others
    // (a second one, a checktestdata script) are left out with --lossy.
    let mut runnable = Vec::new();
    let mut refused = Vec::new();
    for entry in programs_in(package, "input_validators") {
        match program(package, &entry) {
            Ok(p) => runnable.push(p),
            Err(e) => refused.push(e),
        }
    }
    let validator = match runnable.first() {
        Some(first) => first.clone(),
        None => match refused.into_iter().next() {
            Some(e) => return Err(e),
            None => bail!(
                "{}: no input validator in input_validators/ (the kit validates every test)",
                package.shown.display()
            ),
        },
    };
    for other in &runnable[1..] {
        lossy.drop(format!(
            "{}: a second input validator (the kit runs one: {validator})",
            package.shown(other)
        ))?;
    }
    for e in refused {
        lossy.drop(format!("{e:#}"))?;
    }
    let checker = if s.custom {
        let dir = match version {
            // The 2023-07 draft put it one folder deeper.
            Version::Current => match programs_in(package, "output_validator").as_slice() {
                [one] if !package.has(one) && program(package, "output_validator").is_err() => {
                    one.clone()
                }
                _ => "output_validator".to_string(),
            },
            Version::Legacy => {
                let all = programs_in(package, "output_validators");
                match all.as_slice() {
                    [one] => one.clone(),
                    [] => bail!(
                        "{}: `validation: custom` but no program in output_validators/",
                        package.shown("problem.yaml")
                    ),
                    many => bail!(
                        "{}: several output validators ({}); a problem has one",
                        package.shown("output_validators"),
                        many.join(", ")
                    ),
                }
            }
        };
        Some(program(package, &dir)?)
    } else {
        None
    };

    let tests = tests(package, lossy)?;
    let mut solutions: Vec<(String, String)> = Vec::new();
    for file in package.under("submissions") {
        let rel = &file["submissions/".len()..];
        let Some((folder, rest)) = rel.split_once('/') else {
            continue;
        };
        let shown = package.shown(file);
        let Some(target) = verdict_folder(folder) else {
            lossy.drop(format!(
                "{shown}: the submissions folder `{folder}` (the kit knows accepted, \
                 wrong_answer, time_limit_exceeded, run_time_error and brute_force)"
            ))?;
            continue;
        };
        if rest.contains('/') {
            lossy.drop(format!(
                "{shown}: a submission of several files (the kit judges single files)"
            ))?;
            continue;
        }
        if !lossy.judges(rest, &shown)? {
            continue;
        }
        let rel = solution_file(target, rest, &package.read(file)?);
        solutions.push((file.to_string(), format!("solutions/{name}/{rel}")));
    }
    let Some(reference) = solutions
        .iter()
        .find(|(_, to)| to.starts_with(&format!("solutions/{name}/accepted/")))
        .map(|(_, to)| to[format!("solutions/{name}/").len()..].to_string())
    else {
        bail!(
            "{}: no accepted submission in submissions/accepted/ (the kit answers and checks \
             with one)",
            package.shown.display()
        );
    };
    notes.push(format!("the reference solution: {reference}"));

    let mut toml = ProblemToml::default();
    toml.comment(&format!(
        "Imported from {} ({}).",
        package.shown.display(),
        match version {
            Version::Current => "ICPC 2025-09",
            Version::Legacy => "ICPC legacy",
        }
    ));
    toml.line(
        "title",
        &format!(
            "{{ en = {}, zh = {} }}",
            quoted(&s.title_en),
            quoted(&s.title_zh)
        ),
    );
    match s.time_limit_ms {
        Some(ms) => {
            toml.line("time_limit_ms", &ms.to_string());
        }
        None => notes.push(
            "the package states no time limit (problemtools derives it from the \
             submissions): the kit's default applies"
                .to_string(),
        ),
    }
    if let Some(mib) = s.memory_mib {
        toml.line("memory_limit_mib", &mib.to_string());
    }
    if let Some(mib) = s.output_mib {
        toml.line("output_limit_mib", &mib.to_string());
    }
    match (&checker, s.interactive) {
        (Some(checker), true) => toml.line("interactor", &quoted(&kept(checker))),
        (Some(checker), false) => toml.line("checker", &quoted(&kept(checker))),
        (None, _) => toml.line("checker", &quoted("icpc-default")),
    };
    toml.line("validator", &quoted(&kept(&validator)));
    toml.line("reference", &quoted(&reference));
    toml.comment("The package's tests name no wrong solution they catch.");
    toml.line("targets_required", "false");
    toml.table("[protocols]");
    if checker.is_some() {
        toml.line("checker", &quoted("kattis"));
    }
    toml.line("validator", &quoted("kattis"));
    for t in &tests {
        toml.table("[[tests]]");
        toml.line("file", &quoted(&kept(&t.input)));
        toml.line("answer", &quoted(&kept(&t.answer)));
        if t.sample {
            toml.line("sample", "true");
        }
        toml.line("comment", &quoted(&t.comment));
    }

    // The files: every one of the package under its path in `package/`,
    // but the submissions (in solutions/).
    let mut unused = Vec::new();
    for file in package.all().filter(|f| !f.starts_with("submissions/")) {
        let meaningful = file.starts_with("data/")
            || file.starts_with("input_validators/")
            || file.starts_with("output_validator")
            || file.starts_with("statement/")
            || file.starts_with("problem_statement/")
            || file.starts_with("attachments/")
            || ["problem.yaml", ".timelimit", "domjudge-problem.ini"].contains(&file);
        if !meaningful {
            unused.push(file.to_string());
        }
        if file.starts_with("generators/") && file.ends_with("generators.yaml") {
            lossy.drop(format!(
                "{}: the tests are imported as stored; regenerating them from \
                 generators.yaml is not done yet",
                package.shown(file)
            ))?;
        }
    }
    let files = files_of(package, name, toml, |file| {
        let to = solutions.iter().find(|(from, _)| from == file);
        match (to, file.starts_with("submissions/")) {
            (Some((_, to)), _) => Some(to.clone()),
            (None, true) => Some(String::new()),
            (None, false) => None,
        }
    })?;
    if !unused.is_empty() {
        notes.push(format!(
            "kept as they are, unused by the kit: {}",
            unused.join(", ")
        ));
    }
    Ok(Imported {
        format: match version {
            Version::Current => Format::Icpc,
            Version::Legacy => Format::IcpcLegacy,
        },
        files,
        notes,
        tests: tests.len(),
        solutions: solutions.len(),
    })
}
