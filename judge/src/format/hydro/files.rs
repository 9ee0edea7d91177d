//! A Hydro problem's files as types, each read and written here:
//! `problem.yaml` ([`ProblemYaml`]) and the test data's `config.yaml`
//! ([`ConfigYaml`]). A file the package lacks reads as one without keys.

use std::sync::LazyLock;

use anyhow::{Context, Result, bail};
use regex::Regex;
use yaml_rust2::{Yaml, YamlLoader};

use crate::format::Package;
use crate::format::yaml::{int, map, string, strings, text};

/// The first document of the package's YAML file `file` (nothing when the
/// package lacks it).
fn document(package: &Package, file: &str) -> Result<Yaml> {
    if !package.has(file) {
        return Ok(Yaml::Null);
    }
    let docs = YamlLoader::load_from_str(&package.text(file)?)
        .with_context(|| format!("{}: not YAML", package.shown(file)))?;
    Ok(docs.into_iter().next().unwrap_or(Yaml::Null))
}

/// A value as the file writes it (`1s`, `5`, `~`), if the key is there.
fn written(value: &Yaml) -> Option<String> {
    Some(match value {
        Yaml::BadValue => return None,
        Yaml::String(s) | Yaml::Real(s) => s.clone(),
        Yaml::Integer(i) => i.to_string(),
        Yaml::Boolean(b) => b.to_string(),
        Yaml::Null => "~".to_string(),
        // Not a scalar: kept only to say that the key is there.
        other => format!("{other:?}"),
    })
}

/// A string of the file.
fn text_of(value: &Yaml) -> Option<String> {
    value.as_str().map(str::to_string)
}

/// The key-value pairs that are present, in order.
fn present<'a>(pairs: impl IntoIterator<Item = (&'a str, Option<Yaml>)>) -> Yaml {
    map(pairs
        .into_iter()
        .filter_map(|(key, value)| value.map(|v| (key, v))))
}

/// `problem.yaml`: the problem's id, title and tags.
#[derive(Debug, Default)]
pub struct ProblemYaml {
    pub pid: Option<String>,
    pub title: Option<String>,
    pub tag: Vec<String>,
}

impl ProblemYaml {
    /// The package's `problem.yaml`.
    pub fn read(package: &Package) -> Result<ProblemYaml> {
        let yaml = document(package, "problem.yaml")?;
        let tags = yaml["tag"].as_vec().into_iter().flatten();
        Ok(ProblemYaml {
            pid: text_of(&yaml["pid"]),
            title: text_of(&yaml["title"]),
            tag: tags.filter_map(text_of).collect(),
        })
    }

    /// Its text.
    pub fn text(&self) -> Result<String> {
        text(&present([
            ("pid", self.pid.as_deref().map(string)),
            ("title", self.title.as_deref().map(string)),
            ("tag", Some(strings(self.tag.iter().map(String::as_str)))),
        ]))
    }
}

/// A problem's type (`type`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ProblemType {
    /// The solution's output checked (Hydro's default, when absent).
    #[default]
    Default,
    /// The solution plays against an interactor.
    Interactive,
    /// Another type, by its name (`objective`, `submit_answer`, ...).
    Other(String),
}

impl ProblemType {
    fn name(&self) -> &str {
        match self {
            ProblemType::Default => "default",
            ProblemType::Interactive => "interactive",
            ProblemType::Other(name) => name,
        }
    }
}

/// The test data's `config.yaml` (or `config.yml`): the type, the limits,
/// the checker or interactor, and the tests: cases, or subtasks of cases.
#[derive(Debug, Default)]
pub struct ConfigYaml {
    pub kind: ProblemType,
    /// `time` in milliseconds (Hydro writes `1s`, `1000ms`, or a number
    /// of milliseconds).
    pub time: Option<u64>,
    /// `memory` in MiB (`256m`, `1g`, or a number of MiB).
    pub memory: Option<u64>,
    /// `filename`: the solution reads `<filename>.in` and writes
    /// `<filename>.out` instead of stdin and stdout.
    pub filename: Option<String>,
    /// `default`, `strict`, `testlib`, ...
    pub checker_type: Option<String>,
    /// A file of the test data, or a standard checker's name (`wcmp`);
    /// newer Hydro writes `{ file: chk.cc, lang: cc }`.
    pub checker: Option<String>,
    pub interactor: Option<String>,
    /// The validator Hydro runs on a hack's input.
    pub validator: Option<String>,
    pub cases: Option<Vec<Case>>,
    /// The subtasks, if `subtasks` is a list.
    pub subtasks: Option<Vec<Subtask>>,
    /// The keys of the file not read above, in its order.
    pub other_keys: Vec<String>,
}

/// A test: its input and answer, files of the test data.
#[derive(Clone, Debug, Default)]
pub struct Case {
    pub input: Option<String>,
    pub output: Option<String>,
    /// Its own score, as written, if it has one.
    pub score: Option<String>,
    /// Its own limits, as written.
    pub time: Option<String>,
    pub memory: Option<String>,
}

/// A subtask, worth its score.
#[derive(Clone, Debug, Default)]
pub struct Subtask {
    pub id: Option<i64>,
    pub score: Option<i64>,
    /// How it scores its cases: `min` (all or nothing, Hydro's default),
    /// `sum`, `max`.
    pub kind: Option<String>,
    /// `if`: the ids of the subtasks it depends on.
    pub depends: Option<Vec<i64>>,
    /// Its own limits, as written.
    pub time: Option<String>,
    pub memory: Option<String>,
    /// Its cases, if it lists them.
    pub cases: Option<Vec<Case>>,
}

/// The keys of `config.yaml` that [`ConfigYaml`] reads.
const READ_KEYS: &[&str] = &[
    "type",
    "time",
    "memory",
    "filename",
    "checker_type",
    "checker",
    "interactor",
    "validator",
    "cases",
    "subtasks",
];

impl ConfigYaml {
    /// The package's config `file`: its limits must read as Hydro's, and a
    /// subtask's `if` must name subtasks by id.
    pub fn read(package: &Package, file: &str) -> Result<ConfigYaml> {
        let at = package.shown(file);
        let config = document(package, file)?;
        let kind = match config["type"].as_str().unwrap_or("default") {
            "default" => ProblemType::Default,
            "interactive" => ProblemType::Interactive,
            other => ProblemType::Other(other.to_string()),
        };
        let limit =
            |key: &str, parse: fn(&str) -> Option<u64>, expected: &str| match written(&config[key])
                .filter(|v| v != "~")
            {
                None => Ok(None),
                Some(v) => (parse(&v).map(Some))
                    .with_context(|| format!("{at}: `{key}` is {v:?}: expected {expected}")),
            };
        let subtasks = match &config["subtasks"] {
            Yaml::Array(subtasks) => Some(
                (subtasks.iter().enumerate())
                    .map(|(i, s)| Subtask::parse(s, i, &at))
                    .collect::<Result<_>>()?,
            ),
            _ => None,
        };
        let other_keys = (config.as_hash().into_iter().flatten())
            .filter_map(|(key, _)| key.as_str())
            .filter(|key| !READ_KEYS.contains(key))
            .map(str::to_string)
            .collect();
        let program = |key: &str| match &config[key] {
            Yaml::BadValue | Yaml::Null => Ok(None),
            value => (program_file(value).map(Some)).with_context(|| {
                format!("{at}: `{key}` is {value:?}: expected a file, or `{{ file: NAME }}`")
            }),
        };
        Ok(ConfigYaml {
            kind,
            time: limit("time", millis, "`1s`, `1000ms` or milliseconds")?,
            memory: limit("memory", mebibytes, "`256m` or MiB")?,
            filename: text_of(&config["filename"]).filter(|f| !f.is_empty()),
            checker_type: text_of(&config["checker_type"]),
            checker: program("checker")?,
            interactor: program("interactor")?,
            validator: program("validator")?,
            cases: Case::list(&config["cases"]),
            subtasks,
            other_keys,
        })
    }

    /// Its text, the keys in the order Hydro's docs give them.
    pub fn text(&self) -> Result<String> {
        let cases = |cases: &Option<Vec<Case>>| {
            (cases.as_ref()).map(|c| Yaml::Array(c.iter().map(Case::yaml).collect()))
        };
        let subtasks = (self.subtasks.as_ref())
            .map(|s| Yaml::Array(s.iter().map(|s| s.yaml(cases(&s.cases))).collect()));
        text(&present([
            ("type", Some(string(self.kind.name()))),
            ("time", self.time.map(|t| string(format!("{t}ms")))),
            ("memory", self.memory.map(|m| string(format!("{m}m")))),
            ("filename", self.filename.as_deref().map(string)),
            ("checker_type", self.checker_type.as_deref().map(string)),
            ("checker", self.checker.as_deref().map(string)),
            ("interactor", self.interactor.as_deref().map(string)),
            ("validator", self.validator.as_deref().map(string)),
            ("cases", cases(&self.cases)),
            ("subtasks", subtasks),
        ]))
    }
}

/// A program of the test data: its file, named alone (`chk.cc`) or as
/// newer Hydro writes it (`{ file: chk.cc, lang: cc }`).
fn program_file(value: &Yaml) -> Option<String> {
    text_of(value).or_else(|| text_of(&value["file"]))
}

impl Subtask {
    /// Subtask `index` (from 0) of `config.yaml` (shown as `at`).
    fn parse(s: &Yaml, index: usize, at: &str) -> Result<Subtask> {
        let id = s["id"].as_i64();
        let depends = match &s["if"] {
            Yaml::Array(ids) => Some(
                (ids.iter())
                    .map(|on| match on.as_i64() {
                        Some(on) => Ok(on),
                        None => bail!(
                            "{at}: subtask {}'s `if` names {on:?}, not a subtask id",
                            id.unwrap_or(index as i64 + 1)
                        ),
                    })
                    .collect::<Result<_>>()?,
            ),
            _ => None,
        };
        let score = match &s["score"] {
            Yaml::BadValue | Yaml::Null => None,
            Yaml::Integer(score) => Some(*score),
            other => bail!(
                "{at}: subtask {}'s `score` is {other:?}: expected a whole number",
                id.unwrap_or(index as i64 + 1)
            ),
        };
        Ok(Subtask {
            id,
            score,
            kind: text_of(&s["type"]),
            depends,
            time: written(&s["time"]),
            memory: written(&s["memory"]),
            cases: Case::list(&s["cases"]),
        })
    }

    /// Its id: its own, else its place (from 1).
    pub fn id(&self, index: usize) -> i64 {
        self.id.unwrap_or(index as i64 + 1)
    }

    fn yaml(&self, cases: Option<Yaml>) -> Yaml {
        let ids = |ids: &Vec<i64>| Yaml::Array(ids.iter().map(|id| int(*id)).collect());
        present([
            ("id", self.id.map(int)),
            ("score", self.score.map(int)),
            ("type", self.kind.as_deref().map(string)),
            ("if", self.depends.as_ref().map(ids)),
            ("time", self.time.as_deref().map(Yaml::from_str)),
            ("memory", self.memory.as_deref().map(Yaml::from_str)),
            ("cases", cases),
        ])
    }
}

impl Case {
    /// The cases of a list (none if it is not one).
    fn list(cases: &Yaml) -> Option<Vec<Case>> {
        let cases = cases.as_vec()?.iter().map(|case| Case {
            input: text_of(&case["input"]),
            output: text_of(&case["output"]),
            score: written(&case["score"]),
            time: written(&case["time"]),
            memory: written(&case["memory"]),
        });
        Some(cases.collect())
    }

    fn yaml(&self) -> Yaml {
        present([
            ("input", self.input.as_deref().map(string)),
            ("output", self.output.as_deref().map(string)),
            ("score", self.score.as_deref().map(Yaml::from_str)),
            ("time", self.time.as_deref().map(Yaml::from_str)),
            ("memory", self.memory.as_deref().map(Yaml::from_str)),
        ])
    }
}

/// Milliseconds in a Hydro time: a number of them (`1000`), or seconds,
/// milli- or microseconds (`1s`, `1.5s`, `250ms`), the fraction cut off
/// as Hydro's judge cuts it.
pub fn millis(text: &str) -> Option<u64> {
    static TIME: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?i)^([0-9]+(?:\.[0-9]*)?)([mu]?)s?$").unwrap());
    let value = hydro_limit(text, &TIME, |unit| match unit {
        "" => 1000.0,
        "m" => 1.0,
        _ => 0.001,
    })?;
    Some(value.floor() as u64).filter(|&ms| ms > 0)
}

/// MiB in a Hydro memory: a number of them (`256`), or kibi-, mebi- or
/// gibibytes (`65536k`, `256m`, `512MB`, `1g`), rounded up as Hydro's
/// judge rounds them.
pub fn mebibytes(text: &str) -> Option<u64> {
    static MEMORY: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?i)^([0-9]+(?:\.[0-9]*)?)([kmg])b?$").unwrap());
    let value = hydro_limit(text, &MEMORY, |unit| match unit {
        "k" => 1.0 / 1024.0,
        "m" => 1.0,
        _ => 1024.0,
    })?;
    Some(value.ceil() as u64).filter(|&mib| mib > 0)
}

/// A limit as Hydro reads it: a whole number as it is, else a number and
/// a unit that `pattern` matches, times the unit's `factor`.
fn hydro_limit(text: &str, pattern: &Regex, factor: fn(&str) -> f64) -> Option<f64> {
    let text = text.trim();
    if let Ok(whole) = text.parse::<u64>() {
        return Some(whole as f64);
    }
    let found = pattern.captures(text)?;
    let value: f64 = found[1].parse().ok()?;
    Some(value * factor(&found[2].to_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_program_is_named_alone_or_with_its_language() {
        let docs = YamlLoader::load_from_str(
            "checker: chk.cc\ninteractor:\n  file: inter.cc\n  lang: cc\nvalidator: [v]\n",
        )
        .unwrap();
        let config = &docs[0];
        assert_eq!(program_file(&config["checker"]).as_deref(), Some("chk.cc"));
        assert_eq!(
            program_file(&config["interactor"]).as_deref(),
            Some("inter.cc")
        );
        assert_eq!(program_file(&config["validator"]), None);
    }

    #[test]
    fn limits() {
        assert_eq!(millis("1s"), Some(1000));
        assert_eq!(millis("1.5s"), Some(1500));
        assert_eq!(millis("250ms"), Some(250));
        assert_eq!(millis("1 sec"), None);
        assert_eq!(millis("1000"), Some(1000));
        assert_eq!(millis("0.5"), Some(500));
        assert_eq!(mebibytes("512"), Some(512));
        assert_eq!(mebibytes("1.5g"), Some(1536));
        assert_eq!(mebibytes("256m"), Some(256));
        assert_eq!(mebibytes("512MB"), Some(512));
        assert_eq!(mebibytes("1g"), Some(1024));
        assert_eq!(mebibytes("65536k"), Some(64));
    }
}
