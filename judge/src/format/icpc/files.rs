//! An ICPC package's files as types, each read and written here:
//! `problem.yaml` ([`ProblemYaml`]), a test folder's settings
//! (`test_group.yaml` in 2025-09, `testdata.yaml` in legacy: [`GroupYaml`]),
//! a test's own `<test>.yaml` ([`TestYaml`]), the time limit legacy keeps
//! outside problem.yaml ([`legacy_time_limit`], [`domjudge_ini`]), and a
//! contest's `problems.yaml` ([`ContestProblem`]).

use anyhow::{Context, Result, bail};
use yaml_rust2::{Yaml, YamlLoader};

use super::Version;
use crate::format::Package;
use crate::format::yaml::{int, map, real, string, strings, text};
use crate::model::config::About;

/// The first document of the YAML file `file` of the package (`Null` for
/// an empty one).
fn document(package: &Package, file: &str) -> Result<Yaml> {
    let shown = package.shown(file);
    let docs = YamlLoader::load_from_str(&package.text(file)?)
        .with_context(|| format!("{shown}: not YAML"))?;
    Ok(docs.into_iter().next().unwrap_or(Yaml::Null))
}

/// A list of arguments: a YAML list, or a string of words.
pub fn arguments(value: &Yaml) -> Option<Vec<String>> {
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

/// A YAML value, as a message shows it.
pub fn yaml_text(value: &Yaml) -> String {
    match value {
        Yaml::String(s) | Yaml::Real(s) => s.clone(),
        Yaml::Integer(i) => i.to_string(),
        Yaml::Boolean(b) => b.to_string(),
        other => format!("{other:?}"),
    }
}

/// Whether a value is there (not absent, not `null`).
fn given(value: &Yaml) -> bool {
    !matches!(value, Yaml::BadValue | Yaml::Null)
}

/// The words of a value: a string's, or a list's strings.
fn words(value: &Yaml) -> Vec<String> {
    match value {
        Yaml::String(s) => s.split_whitespace().map(str::to_string).collect(),
        Yaml::Array(a) => (a.iter().filter_map(Yaml::as_str))
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

/// A problem's name in each language, by code, English first: one string
/// is the English one.
#[derive(Debug, Default, PartialEq)]
pub struct Names(pub Vec<(String, String)>);

impl Names {
    /// The name a field of one name takes: the English one, else the first.
    pub fn main(&self) -> Option<&str> {
        self.0.first().map(|(_, name)| name.as_str())
    }
}

/// `problem.yaml`, in either version.
#[derive(Debug, Default)]
pub struct ProblemYaml {
    /// `problem_format_version` (2025-09; legacy has none).
    pub format_version: Option<String>,
    pub name: Names,
    /// The kind: `type`'s words.
    pub kind: Vec<String>,
    /// Legacy's `validation`'s words (`custom interactive`).
    pub validation: Vec<String>,
    pub uuid: Option<String>,
    /// `source`, `source_url`, `author` or `credits`, `license`,
    /// `rights_owner` and `keywords`.
    pub about: About,
    /// `limits.time_limit`, in seconds (2025-09).
    pub time_limit: Option<f64>,
    /// `limits.memory` and `limits.output`, in MiB.
    pub memory: Option<u64>,
    pub output: Option<u64>,
    /// `limits.validation_passes`: a multi-pass problem's most passes.
    pub validation_passes: Option<u64>,
    /// The output validator's arguments: legacy's `validator_flags`, and
    /// `validator_args` (which no version of the kit reads).
    pub validator_flags: Option<Vec<String>>,
    pub validator_args: Option<Vec<String>>,
    /// Legacy's `grading: show_test_data_groups`.
    pub show_test_data_groups: bool,
}

impl ProblemYaml {
    /// The package's `problem.yaml`.
    pub fn read(package: &Package) -> Result<ProblemYaml> {
        let at = package.shown("problem.yaml");
        let yaml = document(package, "problem.yaml")?;
        if !matches!(yaml, Yaml::Hash(_) | Yaml::Null) {
            bail!("{at}: expected a mapping of keys");
        }
        let limits = &yaml["limits"];
        let mib = |key: &str| -> Result<Option<u64>> {
            match &limits[key] {
                Yaml::Integer(n) if *n > 0 => Ok(Some(*n as u64)),
                Yaml::BadValue | Yaml::Null => Ok(None),
                other => bail!("{at}: `limits.{key}` is {other:?}: expected MiB, a whole number"),
            }
        };
        let seconds = |v: &Yaml| v.as_f64().or_else(|| v.as_i64().map(|i| i as f64));
        let args = |key: &str| given(&yaml[key]).then(|| arguments(&yaml[key]).unwrap_or_default());
        let text = |key: &str| yaml[key].as_str().map(str::to_string);
        Ok(ProblemYaml {
            format_version: text("problem_format_version"),
            name: names(&yaml["name"], &at)?,
            kind: words(&yaml["type"]),
            validation: words(&yaml["validation"]),
            uuid: text("uuid"),
            about: about(&yaml),
            time_limit: seconds(&limits["time_limit"]),
            memory: mib("memory")?,
            output: mib("output")?,
            validation_passes: match &limits["validation_passes"] {
                Yaml::Integer(n) if *n >= 2 => Some(*n as u64),
                Yaml::BadValue | Yaml::Null => None,
                other => bail!(
                    "{at}: `limits.validation_passes` is {other:?}: expected a whole number, 2 \
                     or more"
                ),
            },
            validator_flags: args("validator_flags"),
            validator_args: args("validator_args"),
            show_test_data_groups: yaml["grading"]["show_test_data_groups"].as_bool() == Some(true),
        })
    }

    /// Its text, in the keys and order of `version`.
    pub fn text(&self, version: Version) -> Result<String> {
        let mut pairs = Vec::new();
        let mut put = |key, value: Option<Yaml>| pairs.extend(value.map(|v| (key, v)));
        let kind = (!self.kind.is_empty()).then(|| string(self.kind.join(" ")));
        let limits = |with_time: bool| {
            let time = self
                .time_limit
                .filter(|_| with_time)
                .map(|t| ("time_limit", real(t)));
            let passes = self.validation_passes.filter(|_| with_time);
            let sizes = [
                ("memory", self.memory),
                ("output", self.output),
                ("validation_passes", passes),
            ];
            let sizes = sizes
                .into_iter()
                .filter_map(|(k, v)| Some((k, int(v? as i64))));
            map(time.into_iter().chain(sizes))
        };
        match version {
            Version::Current => {
                put(
                    "problem_format_version",
                    self.format_version.as_deref().map(string),
                );
                put("type", kind);
                put("name", Some(names_yaml(&self.name)));
                put("uuid", self.uuid.as_deref().map(string));
                put(
                    "credits",
                    authors(&self.about).map(|a| map([("authors", a)])),
                );
                put("source", source(&self.about, version));
                put("license", self.about.license.as_deref().map(string));
                put(
                    "rights_owner",
                    self.about.rights_owner.as_deref().map(string),
                );
                let tags = self.about.tags.iter().map(String::as_str);
                put(
                    "keywords",
                    (!self.about.tags.is_empty()).then(|| strings(tags)),
                );
                put("limits", Some(limits(true)));
            }
            Version::Legacy => {
                put("name", self.name.main().map(string));
                put("uuid", self.uuid.as_deref().map(string));
                let author =
                    (!self.about.authors.is_empty()).then(|| self.about.authors.join(", "));
                put("author", author.map(string));
                put("source", source(&self.about, version));
                put("source_url", self.about.source_url.as_deref().map(string));
                put("license", self.about.license.as_deref().map(string));
                put(
                    "rights_owner",
                    self.about.rights_owner.as_deref().map(string),
                );
                // Words, space-separated: a tag of several words is joined
                // by dashes (said by the writer's warnings).
                let words: Vec<String> = (self.about.tags.iter())
                    .map(|t| t.split_whitespace().collect::<Vec<_>>().join("-"))
                    .collect();
                put(
                    "keywords",
                    (!words.is_empty()).then(|| string(words.join(" "))),
                );
                put("type", kind);
                let validation = (!self.validation.is_empty()).then(|| self.validation.join(" "));
                put("validation", validation.map(string));
                put("limits", Some(limits(false)));
                let flags = self.validator_flags.as_ref().filter(|f| !f.is_empty());
                put("validator_flags", flags.map(|f| string(f.join(" "))));
                let show = map([("show_test_data_groups", Yaml::Boolean(true))]);
                put("grading", self.show_test_data_groups.then_some(show));
            }
        }
        text(&map(pairs))
    }
}

/// What problem.yaml says of the problem's origin, in either version:
/// legacy's `author`, `source` and `source_url`; 2025-09's `credits` (a
/// string, or `authors` as one or a list) and `source` (a string, a
/// `name` and `url`, or a list of those: the first); both versions'
/// `license`, `rights_owner` and `keywords`.
fn about(yaml: &Yaml) -> About {
    let text = |v: &Yaml| v.as_str().map(str::to_string);
    let first = match &yaml["source"] {
        Yaml::Array(list) => list.first().cloned().unwrap_or(Yaml::Null),
        other => other.clone(),
    };
    let credits = &yaml["credits"];
    let authors = match (&yaml["author"], credits) {
        // "A, B and C": each its own author, as BAPCtools wants them.
        (Yaml::String(a), _) | (_, Yaml::String(a)) => (a.split(" and "))
            .flat_map(|part| part.split(','))
            .map(str::trim)
            .filter(|name| !name.is_empty())
            .map(str::to_string)
            .collect(),
        _ => words_or_list(&credits["authors"]),
    };
    About {
        source: text(&first).or_else(|| text(&first["name"])),
        source_url: text(&yaml["source_url"]).or_else(|| text(&first["url"])),
        authors,
        license: text(&yaml["license"]),
        rights_owner: text(&yaml["rights_owner"]),
        uuid: text(&yaml["uuid"]),
        tags: words(&yaml["keywords"]),
    }
}

/// A string as one item, or a list's strings.
fn words_or_list(value: &Yaml) -> Vec<String> {
    match value {
        Yaml::String(s) => vec![s.clone()],
        Yaml::Array(a) => a
            .iter()
            .filter_map(Yaml::as_str)
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

/// 2025-09's `credits.authors`, if any.
fn authors(about: &About) -> Option<Yaml> {
    (!about.authors.is_empty()).then(|| strings(about.authors.iter().map(String::as_str)))
}

/// `source`: the contest's name; in 2025-09 with its `url` beside it.
fn source(about: &About, version: Version) -> Option<Yaml> {
    let name = about.source.as_deref()?;
    Some(match (version, &about.source_url) {
        (Version::Current, Some(url)) => map([("name", string(name)), ("url", string(url))]),
        _ => string(name),
    })
}

/// The names `name` gives: a string is the English one; a map, one per
/// language (English first).
fn names(name: &Yaml, at: &str) -> Result<Names> {
    let mut names = match name {
        Yaml::String(s) => vec![("en".to_string(), s.clone())],
        Yaml::Hash(h) => {
            let mut names = Vec::new();
            for (code, name) in h {
                match (code.as_str(), name.as_str()) {
                    (Some(code), Some(name)) => names.push((code.to_string(), name.to_string())),
                    _ => bail!("{at}: `name`: expected a name (a string) for each language's code"),
                }
            }
            names
        }
        Yaml::BadValue | Yaml::Null => Vec::new(),
        _ => bail!("{at}: `name` is a string, or one per language"),
    };
    names.sort_by_key(|(code, _)| code != "en");
    Ok(Names(names))
}

/// A name in each language it has one in.
fn names_yaml(names: &Names) -> Yaml {
    map(names
        .0
        .iter()
        .map(|(code, name)| (code.as_str(), string(name))))
}

/// The time limit a legacy package states outside problem.yaml:
/// BAPCtools' `.timelimit`, or DOMjudge's `domjudge-problem.ini`.
pub fn legacy_time_limit(package: &Package) -> Result<Option<f64>> {
    if package.has(".timelimit") {
        let text = package.text(".timelimit")?;
        let seconds = (text.trim().parse::<f64>())
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
                    let at = package.shown("domjudge-problem.ini");
                    format!("{at}: `timelimit` in seconds")
                })?;
                return Ok(Some(seconds));
            }
        }
    }
    Ok(None)
}

/// `domjudge-problem.ini` with the time limit in seconds: DOMjudge reads
/// it there, as legacy problem.yaml has none.
pub fn domjudge_ini(seconds: f64) -> String {
    format!("timelimit='{seconds}'\n")
}

/// A test folder's settings: `test_group.yaml` (2025-09) or
/// `testdata.yaml` (legacy, and the 2023-07 draft), the keys of both
/// versions (`..._args` lists in 2025-09, `..._flags` strings in legacy).
#[derive(Debug, Default)]
pub struct GroupYaml {
    /// Read from (or written as) `testdata.yaml`.
    pub legacy: bool,
    /// Legacy: each accepted test's score.
    pub accept_score: Option<Yaml>,
    /// 2025-09: the group's points, and how its tests' scores add up
    /// (`pass-fail`, `min`, `sum`).
    pub max_score: Option<Yaml>,
    pub score_aggregation: Option<String>,
    /// Legacy: the range of scores (`0 30`).
    pub range: Option<String>,
    /// 2025-09: the groups that must pass first (`sample`, `secret/g1`).
    pub require_pass: Option<Vec<String>>,
    /// Legacy: `min` or `sum` of the scores, `first_error`.
    pub grader_flags: Option<String>,
    /// Legacy: whether judging stops at a rejection (`break`, `continue`).
    pub on_reject: Option<String>,
    pub input_args: Option<Vec<String>>,
    pub output_args: Option<Vec<String>>,
    /// The keys it does not model, with their values, in the file's order.
    pub others: Vec<(String, Yaml)>,
}

impl GroupYaml {
    /// The settings file `file` of the package, if it is a mapping.
    pub fn read(package: &Package, file: &str) -> Result<Option<GroupYaml>> {
        let legacy = file.ends_with("testdata.yaml");
        Ok(GroupYaml::of(document(package, file)?, legacy))
    }

    /// The settings `yaml` holds, if it is a mapping (`legacy`: as
    /// `testdata.yaml`).
    pub fn of(yaml: Yaml, legacy: bool) -> Option<GroupYaml> {
        let Yaml::Hash(hash) = yaml else {
            return None;
        };
        let mut group = GroupYaml {
            legacy,
            ..GroupYaml::default()
        };
        for (key, value) in hash {
            let key = key.as_str().unwrap_or("").to_string();
            let word = value.as_str().map(str::to_string);
            match key.as_str() {
                "input_validator_args" | "input_validator_flags" => {
                    group.input_args = Some(arguments(&value).unwrap_or_default())
                }
                "output_validator_args" | "output_validator_flags" => {
                    group.output_args = Some(arguments(&value).unwrap_or_default())
                }
                "accept_score" => group.accept_score = Some(value),
                "max_score" => group.max_score = Some(value),
                "score_aggregation" => group.score_aggregation = Some(yaml_text(&value)),
                // Flags are words: anything else holds none.
                "grader_flags" => group.grader_flags = Some(word.unwrap_or_default()),
                "on_reject" if word.is_some() => group.on_reject = word,
                "range" => group.range = Some(yaml_text(&value)),
                // What a rejection scores (0 without partial scores): no
                // change to a verdict.
                "reject_score" => {}
                "require_pass" => group.require_pass = Some(arguments(&value).unwrap_or_default()),
                _ => group.others.push((key, value)),
            }
        }
        Some(group)
    }

    /// Its text: 2025-09's keys in lists, or legacy's (`..._flags` as
    /// strings), in the order the kit writes them.
    pub fn text(&self) -> Result<String> {
        let mut pairs = Vec::new();
        let mut put = |key, value: Option<Yaml>| pairs.extend(value.map(|v| (key, v)));
        let args = |args: &Option<Vec<String>>| match self.legacy {
            true => args.as_ref().map(|a| string(a.join(" "))),
            false => args.as_ref().map(|a| strings(a.iter().map(String::as_str))),
        };
        let (input, output) = match self.legacy {
            true => ("input_validator_flags", "output_validator_flags"),
            false => ("input_validator_args", "output_validator_args"),
        };
        let require = self.require_pass.as_ref().map(|r| match r.as_slice() {
            [one] => string(one),
            many => strings(many.iter().map(String::as_str)),
        });
        put("accept_score", self.accept_score.clone());
        put("max_score", self.max_score.clone());
        put(
            "score_aggregation",
            self.score_aggregation.as_deref().map(string),
        );
        put("range", self.range.as_deref().map(string));
        put("require_pass", require);
        put("grader_flags", self.grader_flags.as_deref().map(string));
        put("on_reject", self.on_reject.as_deref().map(string));
        put(input, args(&self.input_args));
        put(output, args(&self.output_args));
        text(&map(pairs))
    }
}

/// Points in a settings file: an integer where whole, else a real.
pub fn points(points: f64) -> Yaml {
    match points.fract() == 0.0 {
        true => int(points as i64),
        false => real(points),
    }
}

/// A test's own `<test>.yaml` (2025-09).
#[derive(Debug, Default)]
pub struct TestYaml {
    /// Its input validator's arguments: a list, or by validator name.
    pub input_args: Option<Yaml>,
    pub output_args: Option<Yaml>,
    /// Words for people (`description`, `hint`).
    pub description: Option<String>,
    /// The keys it does not model, with their values, in the file's order.
    pub others: Vec<(String, Yaml)>,
}

impl TestYaml {
    /// The package's `file`, if it is a mapping.
    pub fn read(package: &Package, file: &str) -> Result<Option<TestYaml>> {
        Ok(TestYaml::of(document(package, file)?))
    }

    /// The settings `yaml` holds, if it is a mapping.
    pub fn of(yaml: Yaml) -> Option<TestYaml> {
        let Yaml::Hash(hash) = yaml else {
            return None;
        };
        let mut test = TestYaml::default();
        for (key, value) in hash {
            match key.as_str().unwrap_or("") {
                "input_validator_args" => test.input_args = Some(value),
                "output_validator_args" => test.output_args = Some(value),
                "description" => test.description = value.as_str().map(str::to_string),
                "hint" => {}
                other => test.others.push((other.to_string(), value)),
            }
        }
        Some(test)
    }

    /// Its text: the input validator's arguments as a list, a description.
    pub fn text(args: Option<&[String]>, description: Option<&str>) -> Result<String> {
        let args = args.map(|a| {
            (
                "input_validator_args",
                strings(a.iter().map(String::as_str)),
            )
        });
        let about = description.map(|d| ("description", string(d)));
        text(&map(args.into_iter().chain(about)))
    }
}

/// A problem of a contest's `problems.yaml`.
pub struct ContestProblem<'a> {
    /// Its folder.
    pub id: &'a str,
    pub label: String,
    pub name: Names,
    /// Seconds.
    pub time_limit: f64,
}

impl ContestProblem<'_> {
    /// `problems.yaml`'s text, a problem an item.
    pub fn list(problems: &[ContestProblem]) -> Result<String> {
        let items = (problems.iter())
            .map(|p| {
                map([
                    ("id", string(p.id)),
                    ("label", string(&p.label)),
                    ("name", names_yaml(&p.name)),
                    ("time_limit", real(p.time_limit)),
                ])
            })
            .collect();
        text(&Yaml::Array(items))
    }
}

/// `contest.yaml`'s text: the contest's name.
pub fn contest_yaml(name: &str) -> Result<String> {
    text(&map([("name", string(name))]))
}
