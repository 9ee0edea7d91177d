//! A Hydro problem's files as types, each read and written here:
//! `problem.yaml` ([`ProblemYaml`]) and `testdata/config.yaml`
//! ([`ConfigYaml`]). A file the package lacks reads as one without keys.

use anyhow::{Context, Result, bail};
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

/// `testdata/config.yaml`: the type, the limits, the checker or
/// interactor, and the tests: cases, or subtasks of cases.
#[derive(Debug, Default)]
pub struct ConfigYaml {
    pub kind: ProblemType,
    /// `time` in milliseconds (Hydro writes `1s`, `1000ms`).
    pub time: Option<u64>,
    /// `memory` in MiB (`256m`, `1g`).
    pub memory: Option<u64>,
    /// `filename`: the solution reads `<filename>.in` and writes
    /// `<filename>.out` instead of stdin and stdout.
    pub filename: Option<String>,
    /// `default`, `strict`, `testlib`, ...
    pub checker_type: Option<String>,
    /// A file of `testdata/`, or a standard checker's name (`wcmp`).
    pub checker: Option<String>,
    pub interactor: Option<String>,
    pub cases: Option<Vec<Case>>,
    /// The subtasks, if `subtasks` is a list.
    pub subtasks: Option<Vec<Subtask>>,
}

/// A test: its input and answer, files of `testdata/`.
#[derive(Debug, Default)]
pub struct Case {
    pub input: Option<String>,
    pub output: Option<String>,
    /// Its own score, as written, if it has one.
    pub score: Option<String>,
}

/// A subtask, worth its score.
#[derive(Debug, Default)]
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

impl ConfigYaml {
    /// The package's `testdata/config.yaml`: its limits must read as
    /// Hydro's, and a subtask's `if` must name subtasks by id.
    pub fn read(package: &Package) -> Result<ConfigYaml> {
        let file = "testdata/config.yaml";
        let at = package.shown(file);
        let config = document(package, file)?;
        let kind = match config["type"].as_str().unwrap_or("default") {
            "default" => ProblemType::Default,
            "interactive" => ProblemType::Interactive,
            other => ProblemType::Other(other.to_string()),
        };
        let time = match &config["time"] {
            Yaml::BadValue | Yaml::Null => None,
            v => Some(
                (v.as_str().and_then(millis))
                    .with_context(|| format!("{at}: `time` is {v:?}: expected `1s` or `1000ms`"))?,
            ),
        };
        let memory = match &config["memory"] {
            Yaml::BadValue | Yaml::Null => None,
            v => Some(
                (v.as_str().and_then(mebibytes))
                    .with_context(|| format!("{at}: `memory` is {v:?}: expected `256m`"))?,
            ),
        };
        let subtasks = match &config["subtasks"] {
            Yaml::Array(subtasks) => Some(
                (subtasks.iter().enumerate())
                    .map(|(i, s)| Subtask::parse(s, i, &at))
                    .collect::<Result<_>>()?,
            ),
            _ => None,
        };
        Ok(ConfigYaml {
            kind,
            time,
            memory,
            filename: text_of(&config["filename"]).filter(|f| !f.is_empty()),
            checker_type: text_of(&config["checker_type"]),
            checker: text_of(&config["checker"]),
            interactor: text_of(&config["interactor"]),
            cases: Case::list(&config["cases"]),
            subtasks,
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
            ("cases", cases(&self.cases)),
            ("subtasks", subtasks),
        ]))
    }
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
        Ok(Subtask {
            id,
            score: s["score"].as_i64(),
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
        });
        Some(cases.collect())
    }

    fn yaml(&self) -> Yaml {
        present([
            ("input", self.input.as_deref().map(string)),
            ("output", self.output.as_deref().map(string)),
            ("score", self.score.as_deref().map(Yaml::from_str)),
        ])
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits() {
        assert_eq!(millis("1s"), Some(1000));
        assert_eq!(millis("1.5s"), Some(1500));
        assert_eq!(millis("250ms"), Some(250));
        assert_eq!(millis("1 sec"), None);
        assert_eq!(mebibytes("256m"), Some(256));
        assert_eq!(mebibytes("512MB"), Some(512));
        assert_eq!(mebibytes("1g"), Some(1024));
        assert_eq!(mebibytes("65536k"), Some(64));
    }
}
