//! A CMS task's files as types, each read and written here: `task.yaml`
//! ([`TaskYaml`]) and a contest's `contest.yaml` ([`ContestYaml`]);
//! `gen/GEN` has a module of its own (`gen_file.rs`).

use anyhow::{Context, Result};
use yaml_rust2::{Yaml, YamlLoader};

use crate::format::Package;
use crate::format::yaml::{int, map, real, string, strings, text};

/// `task.yaml`: what the kit reads and writes of it. The old Italian keys
/// (`nome_breve`, `nome`, `timeout`, `memlimit`) are read as the new.
#[derive(Debug, Default)]
pub struct TaskYaml {
    pub name: Option<String>,
    pub title: Option<String>,
    /// Seconds.
    pub time_limit: Option<f64>,
    /// MiB.
    pub memory_limit: Option<f64>,
    pub n_input: Option<usize>,
    /// The files the solution reads and writes: `None` when absent (CMS
    /// then uses `input.txt` and `output.txt`), `""` for standard I/O.
    pub infile: Option<String>,
    pub outfile: Option<String>,
    /// The samples: `all`, or test numbers separated by commas.
    pub public_testcases: Option<String>,
    pub primary_language: Option<String>,
    pub token_mode: Option<String>,
    pub output_only: bool,
    pub num_processes: Option<f64>,
    pub user_io: Option<String>,
}

impl TaskYaml {
    /// The package's `task.yaml` (or `task.yaml.orig`, where task-maker
    /// takes an absent `infile` and `outfile` for stdin and stdout).
    pub fn read(package: &Package) -> Result<TaskYaml> {
        let file = super::task_file(package);
        let mut task = TaskYaml::parse(&package.text(file)?, &package.shown(file))?;
        if file != "task.yaml" {
            task.infile.get_or_insert_with(String::new);
            task.outfile.get_or_insert_with(String::new);
        }
        Ok(task)
    }

    /// A `task.yaml` of text `text`, shown as `at`.
    pub fn parse(text: &str, at: &str) -> Result<TaskYaml> {
        let docs = YamlLoader::load_from_str(text).with_context(|| format!("{at}: not YAML"))?;
        let yaml = docs.into_iter().next().unwrap_or(Yaml::Null);
        let get = |keys: &[&str]| keys.iter().map(|k| &yaml[*k]).find(|v| !v.is_badvalue());
        let text = |keys: &[&str]| get(keys).and_then(|v| v.as_str().map(str::to_string));
        let number =
            |keys: &[&str]| get(keys).and_then(|v| v.as_f64().or(v.as_i64().map(|i| i as f64)));
        let n_input = number(&["n_input"]);
        let public_testcases = match get(&["public_testcases"]) {
            Some(Yaml::Integer(i)) => Some(i.to_string()),
            Some(v) => v.as_str().map(str::to_string),
            None => None,
        };
        Ok(TaskYaml {
            name: text(&["name", "nome_breve"]),
            title: text(&["title", "nome"]),
            time_limit: number(&["time_limit", "timeout"]),
            memory_limit: number(&["memory_limit", "memlimit"]),
            n_input: n_input.map(|n| n as usize),
            infile: text(&["infile"]),
            outfile: text(&["outfile"]),
            public_testcases,
            primary_language: text(&["primary_language"]),
            token_mode: text(&["token_mode"]),
            output_only: get(&["output_only"]).and_then(Yaml::as_bool) == Some(true),
            num_processes: number(&["num_processes"]),
            user_io: text(&["user_io"]),
        })
    }

    /// The sample tests `public_testcases` names, of `tests` in all.
    pub fn public(&self, tests: usize, at: &str) -> Result<Vec<usize>> {
        match self.public_testcases.as_deref() {
            Some("all") => Ok((0..tests).collect()),
            Some(list) => (list.split(','))
                .filter(|s| !s.trim().is_empty())
                .map(|s| {
                    (s.trim().parse()).with_context(|| format!("{at}: public_testcases `{list}`"))
                })
                .collect(),
            None => Ok(Vec::new()),
        }
    }

    /// Its text, the keys the kit writes in the order it writes them.
    pub fn text(&self) -> Result<String> {
        let mut pairs = Vec::new();
        let mut put = |key, value: Option<Yaml>| pairs.extend(value.map(|v| (key, v)));
        put("name", self.name.as_deref().map(string));
        put("title", self.title.as_deref().map(string));
        put("time_limit", self.time_limit.map(real));
        put("memory_limit", self.memory_limit.map(|m| int(m as i64)));
        put("n_input", self.n_input.map(|n| int(n as i64)));
        put("infile", self.infile.as_deref().map(string));
        put("outfile", self.outfile.as_deref().map(string));
        put(
            "public_testcases",
            self.public_testcases.as_deref().map(string),
        );
        put(
            "primary_language",
            self.primary_language.as_deref().map(string),
        );
        put("token_mode", self.token_mode.as_deref().map(string));
        text(&map(pairs))
    }
}

/// `contest.yaml`, as the kit writes it for a contest of tasks.
pub struct ContestYaml<'a> {
    pub name: &'a str,
    pub description: &'a str,
    pub token_mode: &'a str,
    /// CMS's names of the languages it allows.
    pub languages: &'a [&'static str],
    pub tasks: Vec<&'a str>,
}

impl ContestYaml<'_> {
    /// Its text (no users: the contest's admins add them).
    pub fn text(&self) -> Result<String> {
        let tasks = self.tasks.iter().map(|t| string(*t)).collect();
        let doc = map([
            ("name", string(self.name)),
            ("description", string(self.description)),
            ("token_mode", string(self.token_mode)),
            ("languages", strings(self.languages.iter().copied())),
            ("tasks", Yaml::Array(tasks)),
            ("users", Yaml::Array(Vec::new())),
        ]);
        text(&doc)
    }
}
