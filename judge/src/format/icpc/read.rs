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

use super::promises::{self, Promises};
use super::verdicts::{annotated, verdict_folder};
use super::{Version, generators};
use crate::format::Format;
use crate::format::Package;
use crate::format::imported::{
    Imported, Lossy, config_of, expected_of, files_of, group, kept, kept_at, no_targets,
    solution_file, text,
};
use crate::model::config::{
    self, GroupScoring, InvalidEntry, Protocol, ProtocolsConfig, TestEntry, unread,
};

/// The extensions of the sources a program folder may hold: one of them is
/// the program, headers may lie beside it.
const SOURCES: [&str; 10] = [
    "c", "cpp", "cc", "cxx", "py", "rs", "java", "kt", "sh", "ctd",
];

/// What the kit takes from `problem.yaml`.
struct Settings {
    scoring: bool,
    title_en: String,
    title_zh: String,
    interactive: bool,
    custom: bool,
    time_limit_ms: Option<u64>,
    memory_mib: Option<u64>,
    output_mib: Option<u64>,
    /// The output validator's flags for every test (legacy
    /// `validator_flags`; the test folders may say otherwise).
    output_args: Vec<String>,
    /// Test folders are graded as the legacy format grades them unless
    /// they say otherwise (a `test_group.yaml`).
    legacy: bool,
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

    // The kind of problem: `type` (both versions), and legacy's
    // `validation`.
    let words = |v: &Yaml| -> Vec<String> {
        match v {
            Yaml::String(s) => s.split_whitespace().map(str::to_string).collect(),
            Yaml::Array(a) => a
                .iter()
                .filter_map(Yaml::as_str)
                .map(str::to_string)
                .collect(),
            _ => Vec::new(),
        }
    };
    let mut kinds = words(&yaml["type"]);
    if version == Version::Legacy {
        kinds.extend(words(&yaml["validation"]));
    }
    let mut interactive = false;
    let mut custom = false;
    let mut scoring = false;
    for kind in &kinds {
        match kind.as_str() {
            "pass-fail" | "default" => {}
            "custom" => custom = true,
            "interactive" => interactive = true,
            // Scores from test groups, all or nothing each (see `tests`).
            "scoring" | "score" => scoring = true,
            other => bail!(
                "{at}: the kit cannot judge a problem of type `{other}` (multi-pass and \
                 submit-answer problems are not the kit's)"
            ),
        }
    }
    custom |= interactive || version == Version::Current && package.has_dir("output_validator");
    let mut output_args = Vec::new();
    for key in ["validator_flags", "validator_args"] {
        match (&yaml[key], version) {
            (Yaml::BadValue | Yaml::Null, _) => {}
            (flags, Version::Legacy) if key == "validator_flags" => {
                output_args = arguments(flags).unwrap_or_default();
            }
            _ => lossy.drop(format!("{at}: `{key}`, arguments for the output validator"))?,
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
        scoring,
        title_en,
        title_zh,
        interactive,
        custom,
        time_limit_ms: time.map(|s| (s * 1000.0).round().max(1.0) as u64),
        memory_mib: mib("memory")?,
        output_mib: mib("output")?,
        output_args,
        legacy: version == Version::Legacy,
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

/// A program of the package, as problem.toml names it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Named {
    /// By its path in the package: a source file, or a folder with its
    /// own `build` or `run` script (ending in `/`).
    Path(String),
    /// Several files, the first the one run, by the name problem.toml's
    /// `[programs]` gives them.
    Sources { name: String, files: Vec<String> },
}

impl Named {
    /// How problem.toml names it.
    fn reference(&self) -> String {
        match self {
            Named::Path(path) => kept(path),
            Named::Sources { name, .. } => name.clone(),
        }
    }
}

impl std::fmt::Display for Named {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Named::Path(path) => f.write_str(path),
            Named::Sources { files, .. } => f.write_str(&files.join(" + ")),
        }
    }
}

/// The program `entry` stands for: a source file, a folder of sources, or
/// a folder with its own `build` or `run` script. A folder's sources are
/// built together, as BAPCtools builds them: the first in name order whose
/// name starts with `main` is the one run, else the first.
fn program(package: &Package, entry: &str) -> Result<Named> {
    if package.has(entry) {
        return checked_source(package, entry).map(Named::Path);
    }
    let prefix = format!("{entry}/");
    let files: Vec<&str> = package.under(entry).collect();
    if ["build", "run"]
        .iter()
        .any(|script| files.contains(&format!("{prefix}{script}").as_str()))
    {
        return Ok(Named::Path(prefix));
    }
    let beside: Vec<&str> = (files.iter().copied())
        .filter(|f| !f[prefix.len()..].contains('/') && !f[prefix.len()..].starts_with('.'))
        .collect();
    let sources: Vec<&str> = (beside.iter().copied())
        .filter(|f| SOURCES.iter().any(|e| f.ends_with(&format!(".{e}"))))
        .collect();
    let main = (sources.iter().copied())
        .find(|f| f[prefix.len()..].to_ascii_lowercase().starts_with("main"))
        .or(sources.first().copied());
    let Some(main) = main else {
        bail!("{}: no source file of a program", package.shown(entry));
    };
    let main = checked_source(package, main)?;
    match sources.len() {
        1 => Ok(Named::Path(main)),
        _ => Ok(Named::Sources {
            name: entry.to_string(),
            files: std::iter::once(main.clone())
                .chain(beside.iter().filter(|f| **f != main).map(|f| f.to_string()))
                .collect(),
        }),
    }
}

/// The inputs under `data/invalid_input/` (BAPCtools', 2025-09), each with
/// why it is invalid: its `.yaml`'s `description`, else where it comes from.
fn invalid_inputs(package: &Package) -> Result<Vec<(String, String)>> {
    let mut all = Vec::new();
    for file in package
        .under("data/invalid_input")
        .filter(|f| f.ends_with(".in"))
    {
        let about = format!("{}.yaml", file.trim_end_matches(".in"));
        let description = match package.has(&about) {
            true => {
                let docs = YamlLoader::load_from_str(&package.text(&about)?)
                    .with_context(|| format!("{}: not YAML", package.shown(&about)))?;
                let first = docs.into_iter().next();
                first.and_then(|d| d["description"].as_str().map(str::to_string))
            }
            false => None,
        };
        let reason = description.unwrap_or_else(|| format!("the package's {file}"));
        all.push((file.to_string(), reason));
    }
    Ok(all)
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

/// The stored tests generators.yaml says how to make, made so: `judge
/// build` makes them again and compares them with the stored inputs.
fn regenerated(package: &Package, tests: &mut [Test], notes: &mut Vec<String>) -> Result<()> {
    let recipes = generators::recipes(package)?;
    let mut unrunnable = recipes.unrunnable;
    let mut made = 0;
    for test in tests.iter_mut() {
        let Some(recipe) = recipes.tests.get(&test.input) else {
            continue;
        };
        let generator = match recipes.assembled.get(&recipe.program) {
            Some(files) => Ok(Named::Sources {
                name: recipe.program["generators/".len()..].to_string(),
                files: files.clone(),
            }),
            None => program(package, &recipe.program),
        };
        match generator {
            Ok(generator) => {
                test.generated = Some((generator, recipe.args.clone()));
                made += 1;
            }
            Err(e) => unrunnable.push(format!("{}: {e:#}", test.input)),
        }
    }
    if package.has(generators::FILE) {
        notes.push(format!(
            "{}: {made} of the {} tests generated again by `judge build` and compared with the \
             package's{}",
            generators::FILE,
            tests.len(),
            match unrunnable.is_empty() {
                true => String::new(),
                false => format!("; kept as stored: {}", unrunnable.join("; ")),
            }
        ));
    }
    Ok(())
}

/// One test of `data/`.
struct Test {
    input: String,
    answer: String,
    sample: bool,
    comment: String,
    /// Its test group in a scoring problem.
    group: Option<String>,
    validator_args: Vec<String>,
    /// How generators.yaml makes it: the generator and its arguments.
    generated: Option<(Named, Vec<String>)>,
}

/// What `data/` holds: the tests, the groups with their points (a scoring
/// problem's), and the arguments for the output validator.
struct TestData {
    tests: Vec<Test>,
    groups: Vec<config::Group>,
    output_args: Vec<String>,
}

/// What the kit takes from a test folder's `test_group.yaml` (2025-09) or
/// `testdata.yaml` (legacy and the 2023-07 draft).
#[derive(Clone, Default)]
struct FolderSettings {
    /// Inherited by the folders under it, in both versions.
    input_args: Vec<String>,
    output_args: Vec<String>,
    /// Legacy grading, inherited: each accepted test's score
    /// (`accept_score`, default 1), the scores' sum or least (`grader_flags`,
    /// default sum), and whether judging a group stops at its first
    /// rejection (`on_reject`, default break).
    legacy: bool,
    accept_score: Option<f64>,
    least: Option<bool>,
    breaks: Option<bool>,
    /// 2025-09 grading, the folder's own: its points (`max_score`) and
    /// whether they are shared by its accepted tests (`score_aggregation:
    /// sum`) or all or nothing (`pass-fail`, or `min` with no partial scores).
    max_score: Option<f64>,
    sum: Option<bool>,
    /// The group requires the samples to pass (`require_pass: sample`).
    needs_samples: bool,
    /// The groups under `data/secret` it requires to pass (`require_pass`).
    requires: Vec<String>,
}

/// How a group scores, in the kit's terms.
struct Scoring {
    points: f64,
    /// Each accepted test an equal share of the points.
    each: bool,
}

impl FolderSettings {
    /// The scoring of a group of `tests` tests with these settings, or why
    /// the kit cannot score it so.
    fn scoring(&self, tests: usize) -> std::result::Result<Scoring, String> {
        if !self.legacy {
            let each = self.sum.unwrap_or(false);
            let points = self.max_score.unwrap_or(0.0);
            return Ok(Scoring { points, each });
        }
        let accept = self.accept_score.unwrap_or(1.0);
        if self.least.unwrap_or(false) {
            return Ok(Scoring {
                points: accept,
                each: false,
            });
        }
        if self.breaks.unwrap_or(true) && tests > 1 {
            return Err(
                "sums the scores of the tests accepted before its first rejection \
                        (`on_reject: break`); the kit gives each accepted test its share"
                    .to_string(),
            );
        }
        Ok(Scoring {
            points: accept * tests as f64,
            each: true,
        })
    }
}

/// A list of arguments: a YAML list, or a string of words.
fn arguments(value: &Yaml) -> Option<Vec<String>> {
    match value {
        Yaml::Array(a) => Some(
            a.iter()
                .filter_map(|v| match v {
                    Yaml::String(s) => Some(s.clone()),
                    Yaml::Integer(i) => Some(i.to_string()),
                    Yaml::Real(r) => Some(r.clone()),
                    _ => None,
                })
                .collect(),
        ),
        Yaml::String(s) => Some(s.split_whitespace().map(str::to_string).collect()),
        _ => None,
    }
}

/// The settings of folder `dir` (under data/), over its parent's.
fn folder_settings(
    package: &Package,
    dir: &str,
    parent: &FolderSettings,
    scoring: bool,
    lossy: &mut Lossy,
) -> Result<FolderSettings> {
    let mut settings = parent.clone();
    // A 2025-09 group's scoring is its own.
    settings.max_score = None;
    settings.sum = None;
    settings.needs_samples = false;
    settings.requires = Vec::new();
    for file in ["test_group.yaml", "testdata.yaml"] {
        let file = format!("{dir}/{file}");
        if !package.has(&file) {
            continue;
        }
        let shown = package.shown(&file);
        let docs = YamlLoader::load_from_str(&package.text(&file)?)
            .with_context(|| format!("{shown}: not YAML"))?;
        let Some(Yaml::Hash(hash)) = docs.into_iter().next() else {
            continue;
        };
        settings.legacy = file.ends_with("testdata.yaml");
        for (key, value) in &hash {
            let key = key.as_str().unwrap_or("");
            let word = value.as_str().unwrap_or("");
            let points = || match value.as_f64().or(value.as_i64().map(|i| i as f64)) {
                Some(p) if p >= 0.0 && p.is_finite() => Ok(p),
                _ => Err(anyhow::anyhow!(
                    "{shown}: `{key}` is {}: expected points",
                    yaml_text(value)
                )),
            };
            match key {
                "input_validator_args" | "input_validator_flags" => {
                    settings.input_args = arguments(value).unwrap_or_default();
                }
                "output_validator_args" | "output_validator_flags" => {
                    settings.output_args = arguments(value).unwrap_or_default();
                }
                "max_score" => settings.max_score = Some(points()?),
                "accept_score" => settings.accept_score = Some(points()?),
                // Without partial scores from the output validator, the
                // least of the tests' scores is all or nothing.
                "score_aggregation" if ["pass-fail", "min", "sum"].contains(&word) => {
                    settings.sum = Some(word == "sum");
                }
                "grader_flags"
                    if word
                        .split_whitespace()
                        .all(|f| ["min", "sum", "first_error", "worst_error"].contains(&f))
                        && !(word.contains("min") && word.contains("sum")) =>
                {
                    let flags: Vec<&str> = word.split_whitespace().collect();
                    if flags.contains(&"min") {
                        settings.least = Some(true);
                    } else if flags.contains(&"sum") {
                        settings.least = Some(false);
                    }
                }
                "on_reject" if ["break", "continue"].contains(&word) => {
                    settings.breaks = Some(word == "break");
                }
                "require_pass" => {
                    for name in arguments(value).unwrap_or_default() {
                        match name.strip_prefix("secret/") {
                            None if name == "sample" => settings.needs_samples = true,
                            Some(group) if !group.contains('/') => {
                                settings.requires.push(group.to_string())
                            }
                            _ => lossy.drop(format!(
                                "{shown}: `require_pass: {name}` (the kit's groups are the \
                                 folders right under data/secret)"
                            ))?,
                        }
                    }
                }
                // The range of scores, what a rejection scores (0 without
                // partial scores): no change to a verdict.
                "range" | "reject_score" => {}
                _ if !scoring && ["score_aggregation", "grader_flags"].contains(&key) => {}
                _ => lossy.drop(format!("{shown}: `{key}: {}`", yaml_text(value)))?,
            }
        }
    }
    Ok(settings)
}

/// The input validator's arguments for the test `stem`: its own
/// `<stem>.yaml` (2025-09) may give them, else its folder's. Its other
/// keys are the output validator's arguments, which must be the folder's,
/// and words for people (`description`, `hint`).
fn own_arguments(
    package: &Package,
    stem: &str,
    folder: &FolderSettings,
    lossy: &mut Lossy,
) -> Result<Vec<String>> {
    let file = format!("{stem}.yaml");
    if !package.has(&file) {
        return Ok(folder.input_args.clone());
    }
    let shown = package.shown(&file);
    let docs = YamlLoader::load_from_str(&package.text(&file)?)
        .with_context(|| format!("{shown}: not YAML"))?;
    let mut args = folder.input_args.clone();
    let Some(Yaml::Hash(hash)) = docs.into_iter().next() else {
        return Ok(args);
    };
    for (key, value) in &hash {
        match key.as_str().unwrap_or("") {
            "input_validator_args" => match value {
                // By validator name: the kit runs one.
                Yaml::Hash(by_name) if by_name.len() == 1 => {
                    args = by_name
                        .values()
                        .next()
                        .and_then(arguments)
                        .unwrap_or_default();
                }
                Yaml::Hash(_) => lossy.drop(format!(
                    "{shown}: arguments for several input validators (the kit runs one)"
                ))?,
                _ => args = arguments(value).unwrap_or_default(),
            },
            "output_validator_args" if arguments(value).as_ref() == Some(&folder.output_args) => {}
            "description" | "hint" => {}
            other => lossy.drop(format!("{shown}: `{other}: {}`", yaml_text(value)))?,
        }
    }
    Ok(args)
}

/// A folder's own settings, read for a look ahead: what the kit leaves
/// out of them is said when the folder's tests are read.
fn peek(package: &Package, dir: &str) -> Result<FolderSettings> {
    let mut quiet = Lossy::new(true, Vec::new());
    folder_settings(package, dir, &FolderSettings::default(), false, &mut quiet)
}

/// A YAML value, as a message shows it.
fn yaml_text(value: &Yaml) -> String {
    match value {
        Yaml::String(s) | Yaml::Real(s) => s.clone(),
        Yaml::Integer(i) => i.to_string(),
        Yaml::Boolean(b) => b.to_string(),
        other => format!("{other:?}"),
    }
}

/// The tests: `data/sample/`, then `data/secret/` at any depth, each in
/// path order; every input with its answer, its folder's validator
/// arguments and, in a scoring problem, its group: the folder under
/// `data/secret/` it lies in (the samples: the first group that requires
/// them to pass, as the kit exports a sample of a group, else a group of 0
/// points). Also each group's points, and the output validator's
/// arguments.
fn tests(package: &Package, s: &Settings, lossy: &mut Lossy) -> Result<TestData> {
    let scoring = s.scoring;
    let mut tests = Vec::new();
    // Each group, in order, with its folder's settings.
    let mut groups: Vec<(String, FolderSettings)> = Vec::new();
    let mut output_args: Option<Vec<String>> = None;
    let top = FolderSettings {
        output_args: s.output_args.clone(),
        legacy: s.legacy,
        ..FolderSettings::default()
    };
    let root = folder_settings(package, "data", &top, scoring, lossy)?;
    let mut quiet = Lossy::new(true, Vec::new());
    let secret = folder_settings(package, "data/secret", &root, scoring, &mut quiet)?;
    // The group the samples belong to: the one all-or-nothing group that
    // requires them, as the kit exports a sample of a group (the same
    // verdicts); else a group of their own, of 0 points, which the groups
    // requiring them depend on.
    let mut sample_group = "sample".to_string();
    // Legacy judging that stops at a failed sample: every group requires them.
    let after_samples = scoring && root.legacy && root.breaks.unwrap_or(true);
    if scoring && !after_samples {
        let mut folders: Vec<&str> = package
            .under("data/secret")
            .filter_map(|f| f["data/secret/".len()..].split_once('/').map(|(g, _)| g))
            .collect();
        folders.dedup();
        let mut needing = Vec::new();
        for g in folders {
            let own = peek(package, &format!("data/secret/{g}"))?;
            if own.needs_samples {
                needing.push((g, own.sum == Some(true)));
            }
        }
        if let [(g, false)] = needing[..] {
            sample_group = g.to_string();
        }
    }
    let mut known: std::collections::BTreeMap<String, FolderSettings> = Default::default();
    for (dir, sample) in [("data/sample", true), ("data/secret", false)] {
        let top = folder_settings(package, dir, &root, scoring, lossy)?;
        for file in package.under(dir) {
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
            // The folder's settings, read down from `dir`.
            let folder = file.rsplit_once('/').map_or(dir, |(d, _)| d);
            let mut settings = top.clone();
            let mut path = dir.to_string();
            for part in folder[dir.len()..].split('/').filter(|p| !p.is_empty()) {
                path = format!("{path}/{part}");
                settings = match known.get(&path) {
                    Some(s) => s.clone(),
                    None => {
                        let s = folder_settings(package, &path, &settings, scoring, lossy)?;
                        known.insert(path.clone(), s.clone());
                        s
                    }
                };
            }
            match &output_args {
                None => output_args = Some(settings.output_args.clone()),
                Some(args) if *args != settings.output_args => lossy.drop(format!(
                    "{}: output validator arguments of its own ({}; the kit gives every test \
                     the same)",
                    package.shown(folder),
                    settings.output_args.join(" ")
                ))?,
                Some(_) => {}
            }
            let group = match (scoring, sample) {
                (false, _) => None,
                (true, true) => Some(sample_group.clone()),
                (true, false) => {
                    let rest = &folder[dir.len()..];
                    match rest
                        .trim_start_matches('/')
                        .split('/')
                        .next()
                        .filter(|g| !g.is_empty())
                    {
                        Some(g) => Some(g.to_string()),
                        // Tests right in data/secret: one group.
                        None => Some("secret".to_string()),
                    }
                }
            };
            if let Some(g) = &group
                && !groups.iter().any(|(n, _)| n == g)
            {
                let own = match g.as_str() {
                    "sample" => FolderSettings::default(),
                    // 100 points shared by its tests, unless it says otherwise.
                    "secret" if !top.legacy => FolderSettings {
                        max_score: top.max_score.or(Some(100.0)),
                        sum: top.sum.or(Some(true)),
                        ..top.clone()
                    },
                    "secret" => top.clone(),
                    _ if sample => peek(package, &format!("data/secret/{g}"))?,
                    _ => known
                        .get(&format!("{dir}/{g}"))
                        .cloned()
                        .unwrap_or_default(),
                };
                groups.push((g.clone(), own));
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
                group,
                validator_args: own_arguments(package, stem, &settings, lossy)?,
                generated: None,
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
    let samples = tests.iter().any(|t| t.sample);
    let mut whole = Vec::new();
    for (name, own) in groups {
        let shown = package.shown(&match name.as_str() {
            "sample" | "secret" => format!("data/{name}"),
            _ => format!("data/secret/{name}"),
        });
        let count = (tests.iter())
            .filter(|t| t.group.as_ref() == Some(&name))
            .count();
        let scoring = match (name.as_str(), own.scoring(count)) {
            ("sample", _) => Scoring {
                points: 0.0,
                each: false,
            },
            (_, Ok(scoring)) => scoring,
            (_, Err(why)) => {
                lossy.drop(format!("{shown}: the group {why}"))?;
                own.scoring(1).unwrap_or(Scoring {
                    points: 0.0,
                    each: true,
                })
            }
        };
        let points = scoring.points;
        if (points - points.round()).abs() > 1e-6 {
            bail!("{shown}: the group is worth {points} points; the kit counts whole points");
        }
        let mut group = group(&name, points.round() as u32).into_inner();
        if scoring.each {
            group.scoring = GroupScoring::Each;
        }
        group.depends = own.requires.clone();
        if own.needs_samples && samples && sample_group != name {
            group.depends.insert(0, sample_group.clone());
        }
        whole.push(group);
    }
    // Legacy judging stops at the first rejection (`on_reject: break`, the
    // default): after a failed sample, nothing scores; after a failed
    // group, no later group.
    if after_samples && samples {
        for group in whole.iter_mut().filter(|g| g.name != "sample") {
            if !group.depends.iter().any(|d| d == "sample") {
                group.depends.insert(0, "sample".to_string());
            }
        }
    }
    if scoring && secret.legacy && secret.breaks.unwrap_or(true) {
        let mut earlier = Vec::new();
        for group in whole.iter_mut().filter(|g| g.name != "sample") {
            group.depends.extend(earlier.iter().cloned());
            earlier.push(group.name.clone());
        }
    }
    // The groups required are groups.
    for group in &whole {
        for required in &group.depends {
            if !whole.iter().any(|g| &g.name == required) {
                bail!(
                    "{}: `require_pass` names {required}, which holds no test",
                    package.shown(&format!("data/secret/{}", group.name))
                );
            }
        }
    }
    Ok(TestData {
        tests,
        groups: whole,
        output_args: output_args.unwrap_or_default(),
    })
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
            Ok(p) => runnable.push((entry, p)),
            Err(e) => refused.push(e),
        }
    }
    let validator = match runnable.first() {
        Some((_, first)) => first.clone(),
        None => match refused.into_iter().next() {
            Some(e) => return Err(e),
            None => bail!(
                "{}: no input validator in input_validators/ (the kit validates every test)",
                package.shown.display()
            ),
        },
    };
    // Every validator the package has runs in the kit, or an input that
    // must be invalid may be one only another of them rejects.
    let every_validator = runnable.len() == 1 && refused.is_empty();
    for (other, _) in &runnable[1..] {
        lossy.drop(format!(
            "{}: a second input validator (the kit runs one: {validator})",
            package.shown(other)
        ))?;
    }
    for e in refused {
        lossy.drop(format!("{e:#}"))?;
    }
    let invalid = invalid_inputs(package)?;
    if !invalid.is_empty() && !every_validator {
        notes.push(format!(
            "data/invalid_input: {} inputs kept as files, not checked: each must be rejected by \
             one of the package's validators, and the kit runs one",
            invalid.len()
        ));
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

    let TestData {
        mut tests,
        groups,
        output_args,
    } = tests(package, &s, lossy)?;
    regenerated(package, &mut tests, &mut notes)?;
    // A custom validator gets its arguments; of the default validator's,
    // those the kit has a checker for.
    let default_checker = match output_args.as_slice() {
        _ if checker.is_some() => "icpc-default",
        [] => "icpc-default",
        [flag] if flag == "case_sensitive" => "wcmp",
        other => {
            lossy.drop(format!(
                "{}: the output validator's arguments `{}` (the kit's checkers take none)",
                package.shown("data"),
                other.join(" ")
            ))?;
            if other.iter().any(|f| f == "case_sensitive") {
                "wcmp"
            } else {
                "icpc-default"
            }
        }
    };
    let mut solutions: Vec<(String, String)> = Vec::new();
    let mut expected: Vec<(String, Vec<&str>)> = Vec::new();
    let promises = Promises::read(package, lossy)?;
    for file in package.under("submissions") {
        let rel = &file["submissions/".len()..];
        let Some((folder, rest)) = rel.split_once('/') else {
            continue;
        };
        let shown = package.shown(file);
        let promised = promises.of(rel);
        // A folder of its own (`mixed/`) where submissions.yaml says what
        // its submissions promise.
        let plain = folder
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        let (target, verdicts) = match (verdict_folder(folder), &promised) {
            (Some(known), _) => known,
            (None, Some(_)) if plain => (folder, &[][..]),
            (None, _) => {
                lossy.drop(format!(
                    "{shown}: the submissions folder `{folder}` (the kit knows accepted, \
                     partially_accepted, wrong_answer, time_limit_exceeded, run_time_error, \
                     rejected and brute_force, and the folders {} gives promises for)",
                    promises::FILE
                ))?;
                continue;
            }
        };
        // A hidden file (`.gitkeep`, keeping an empty folder) is none.
        if rest.starts_with('.') {
            continue;
        }
        if rest.contains('/') {
            lossy.drop(format!(
                "{shown}: a submission of several files (the kit judges single files)"
            ))?;
            continue;
        }
        if !lossy.judges(rest, &shown)? {
            continue;
        }
        let source = package.read(file)?;
        let rel = solution_file(target, rest, &source);
        match (annotated(&source), promised) {
            (Some(annotated), _) => expected.push((rel.clone(), annotated)),
            (None, Some(promised)) => expected.push((rel.clone(), promised)),
            (None, None) if !verdicts.is_empty() => expected.push((rel.clone(), verdicts.to_vec())),
            (None, None) => {}
        }
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

    let label = match version {
        Version::Current => "ICPC 2025-09",
        Version::Legacy => "ICPC legacy",
    };
    let format = match version {
        Version::Current => Format::Icpc,
        Version::Legacy => Format::IcpcLegacy,
    };
    let (mut config, mut comments) = config_of(package, format, label, (&s.title_en, &s.title_zh));
    match s.time_limit_ms {
        Some(ms) => config.time_limit_ms = Some(unread(ms)),
        None => notes.push(
            "the package states no time limit (problemtools derives it from the \
             submissions): the kit's default applies"
                .to_string(),
        ),
    }
    config.memory_limit_mib = s.memory_mib.map(unread);
    config.output_limit_mib = s.output_mib.map(unread);
    match (&checker, s.interactive) {
        (Some(checker), true) => config.interactor = text(checker.reference()),
        (Some(checker), false) => config.checker = text(checker.reference()),
        (None, _) => config.checker = text(default_checker),
    }
    if checker.is_some() && !output_args.is_empty() {
        config.checker_args = Some(unread(output_args.clone()));
    }
    config.validator = text(validator.reference());
    config.reference = text(reference.clone());
    no_targets(&mut config, &mut comments, "The package's");
    config.expected = expected_of(&expected);
    config.groups = groups.into_iter().map(unread).collect();
    config.invalid = (invalid.iter().filter(|_| every_validator))
        .map(|(file, reason)| {
            unread(InvalidEntry {
                file: unread(kept(file)),
                reason: reason.clone(),
            })
        })
        .collect();
    config.protocols = Some(ProtocolsConfig {
        checker: checker.is_some().then(|| unread(Protocol::Kattis)),
        validator: Some(unread(Protocol::Kattis)),
    });
    for t in &tests {
        let generated = t.generated.as_ref();
        config.tests.push(unread(TestEntry {
            generator: generated.map(|(g, _)| unread(g.reference())),
            args: generated.map(|(_, args)| args.clone()),
            stored: generated.and_then(|_| kept_at(&t.input)),
            file: kept_at(&t.input).filter(|_| generated.is_none()),
            answer: kept_at(&t.answer),
            sample: t.sample,
            group: t.group.clone(),
            validator_args: t.validator_args.clone(),
            comment: Some(t.comment.clone()),
            ..TestEntry::default()
        }));
    }
    // The programs of several files, by the names used above.
    let generators = tests
        .iter()
        .filter_map(|t| t.generated.as_ref().map(|g| &g.0));
    config.programs = (checker.iter().chain([&validator]))
        .chain(generators)
        .filter_map(|p| match p {
            Named::Sources { name, files } => {
                let files = files.iter().map(|f| unread(kept(f))).collect();
                Some((name.clone(), unread(files)))
            }
            Named::Path(_) => None,
        })
        .collect();

    // The files: every one of the package under its path in `package/`,
    // but the submissions (in solutions/).
    let mut unused = Vec::new();
    for file in package.all().filter(|f| !f.starts_with("submissions/")) {
        let meaningful = file.starts_with("data/")
            || file.starts_with("generators/")
            || file.starts_with("input_validators/")
            || file.starts_with("output_validator")
            || file.starts_with("statement/")
            || file.starts_with("problem_statement/")
            || file.starts_with("attachments/")
            || ["problem.yaml", ".timelimit", "domjudge-problem.ini"].contains(&file);
        if !meaningful {
            unused.push(file.to_string());
        }
    }
    let files = files_of(package, name, |file| {
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
        format,
        config,
        comments,
        files,
        notes,
        tests: tests.len(),
        solutions: solutions.len(),
    })
}
