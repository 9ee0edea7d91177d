//! BAPCtools' `generators/generators.yaml`: every test case it defines,
//! whether the package stores it in `data/` or not, named, seeded and
//! made as `bt generate` makes it, so that `judge build` makes the same
//! inputs (and compares them with the stored ones).
//!
//! The rules followed are BAPCtools' (`bt generate`):
//! - `data:` is a tree of folders; the root's children come in the order
//!   `sample`, `secret`, then the folders of invalid and valid cases; a
//!   deeper folder's entries come in the order of their keys.
//! - A folder whose `data` is a list is numbered: each test case in it is
//!   named `<n>-<key>` (`<n>` alone for an empty key), `n` counting the
//!   numbered test cases of the whole file, zero-padded to the width of
//!   their count; each folder in it `<m>-<key>`, `m` counting that
//!   folder's folders. A folder whose `data` is a map names its entries by
//!   their keys.
//! - A test case is a command (a string; one ending in `.in` is a copy), or
//!   a map with `generate`, `copy` (`generators/<path>.in`, `.ans`, ...),
//!   its files inline (`in:`, `ans:`, with a final newline added), and
//!   `count` (a number, a list, or `a..=b`) for several: `<name>-<count>`,
//!   `{count}` in the command replaced. What makes its input, the last
//!   wins: the command, the copied file, the inline one; its answer:
//!   inline, copied, written by the command (`testcase.ans`), else the
//!   folder's `solution:`.
//! - The command's program is a path under `generators/` (or a name under
//!   the root's `generators:`, made of the files listed there, the first
//!   the one run); `{name}` becomes `testcase`, `{seed}` (or `{seed:N}`)
//!   the seed: the last 31 bits of the SHA-512 of the `random_salt`
//!   (inherited down the tree), `:<count - 1>` when the count is not 1,
//!   and the command with its ends trimmed. First, `{{NAME}}` and
//!   `{{NAME.VARIANT}}` become the problem's `constants` (problem.yaml).
//! - A folder's `include` lists earlier keys (a test case's, or a
//!   folder's): their cases are made again here, under their own names.
//! - A folder's `test_group.yaml:` (`testdata.yaml:` before 2025-09) is
//!   written to its folder as that file.

use std::collections::{BTreeMap, BTreeSet};

use anyhow::{Context, Result, bail};
use sha2::{Digest, Sha512};
use yaml_rust2::{Yaml, YamlLoader};

use crate::format::Package;

/// The file.
pub const FILE: &str = "generators/generators.yaml";

/// How one test's input is made: a command of the package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// The program's path in the package (`generators/random.py`, or a
    /// folder).
    pub program: String,
    pub args: Vec<String>,
}

/// A file generators.yaml gives a test case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    /// Written in generators.yaml, as `bt generate` writes it.
    Inline(String),
    /// A file of the package it copies (`generators/manual/big.in`).
    File(String),
}

/// What makes a test case's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    Generated(Recipe),
    Given(Given),
    /// A command the kit cannot run, and why.
    Unrunnable(String),
    /// No input at all, and why (`bt generate` makes no test of it).
    Missing(String),
}

/// Who answers a test case its own files do not answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solution {
    /// None named: `bt generate` picks an accepted submission.
    Default,
    /// The program at this path of the package.
    Named(String),
    /// `solution:` left empty: no program answers.
    Disabled,
}

/// A test case generators.yaml defines.
#[derive(Clone, Debug)]
pub struct Case {
    /// Its path in the package without the extension
    /// (`data/secret/03-random`).
    pub stem: String,
    pub input: Input,
    /// Its answer, where its own files give it.
    pub answer: Option<Given>,
    pub solution: Solution,
    /// What it is for (`desc:`, `hint:`, or `yaml:`'s `description` and
    /// `hint`).
    pub description: Option<String>,
    /// Its own settings (`yaml:`), as a test's `<stem>.yaml` holds them.
    pub own: Option<Yaml>,
    /// The files it gives that the kit has no place for (`out`,
    /// `in.statement`, ...), by their keys.
    pub refused: Vec<String>,
    /// Made from the case of another folder (`include`).
    pub included: bool,
}

/// A folder's own settings file, written by generators.yaml.
#[derive(Clone, Debug)]
pub struct FolderFile {
    /// `testdata.yaml` (before 2025-09) rather than `test_group.yaml`.
    pub legacy: bool,
    /// Its content; `Null` where the key is left empty (no file).
    pub yaml: Yaml,
}

/// What generators.yaml says.
#[derive(Debug, Default)]
pub struct Recipes {
    /// Every test case, in the order `bt generate` makes them.
    pub cases: Vec<Case>,
    /// The settings files it writes, by folder (`data/secret/1-small`).
    pub folders: BTreeMap<String, FolderFile>,
    /// The programs made of several files (`generators:`), by their
    /// paths (`generators/main_py`): their files, the first the one run.
    pub assembled: BTreeMap<String, Vec<String>>,
    /// The root's `solution:`.
    pub solution: Option<Solution>,
    /// What the kit does not use, said in the report (`visualizer`,
    /// `match`, `retries`, folders `bt generate` skips).
    pub notes: Vec<String>,
}

/// The root folders, in the order BAPCtools makes them.
pub const ROOT_FOLDERS: [&str; 8] = [
    "sample",
    "secret",
    "invalid_output",
    "invalid_answer",
    "invalid_input",
    "valid_output",
    "testing_tool_test",
    "fuzz",
];

/// The keys that make a map a test case rather than a folder, with
/// [`REFUSED_FILES`].
const TEST_CASE_KEYS: [&str; 9] = [
    "copy", "generate", "count", "match", "in", "ans", "yaml", "desc", "hint",
];

/// The files of a test case the kit has no place for: what a statement
/// or a download shows instead of the test, a team's output to check the
/// output validator with, an interactive sample's transcript.
const REFUSED_FILES: [&str; 6] = [
    "out",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
];

fn is_test_case(yaml: &Yaml) -> bool {
    match yaml {
        Yaml::Null | Yaml::String(_) => true,
        Yaml::Hash(h) => {
            (TEST_CASE_KEYS.iter().chain(&REFUSED_FILES)).any(|k| h.contains_key(&key(k)))
        }
        _ => false,
    }
}

fn is_folder(yaml: &Yaml) -> bool {
    matches!(yaml, Yaml::Hash(_)) && !is_test_case(yaml)
}

fn key(name: &str) -> Yaml {
    Yaml::String(name.to_string())
}

/// The seed BAPCtools gives a command.
pub fn seed(salt: &str, count: i64, command: &str) -> u32 {
    let mut text = salt.to_string();
    if count != 1 {
        text.push_str(&format!(":{}", count - 1));
    }
    text.push_str(command.trim());
    let digest = Sha512::digest(text.as_bytes());
    let last: [u8; 4] = digest[digest.len() - 4..].try_into().unwrap_or_default();
    u32::from_be_bytes(last) & 0x7fff_ffff
}

/// A test case's counts: `count` as a number (1 to 100 of them), a list
/// of distinct numbers, or an inclusive range `a..=b`; none without one.
fn counts(yaml: &Yaml, at: &str) -> Result<Option<Vec<i64>>> {
    let list: Vec<i64> = match &yaml["count"] {
        Yaml::BadValue | Yaml::Null => return Ok(None),
        Yaml::Integer(n) if (1..=100).contains(n) => (1..=*n).collect(),
        Yaml::Array(items) => {
            let list: Vec<i64> = (items.iter())
                .map(|i| {
                    (i.as_i64()).with_context(|| format!("{at}: a count that is not a number"))
                })
                .collect::<Result<_>>()?;
            let mut distinct = list.clone();
            distinct.sort();
            distinct.dedup();
            if distinct.len() != list.len() {
                bail!("{at}: a count listed twice");
            }
            list
        }
        Yaml::String(range) => {
            let (lo, hi) = range
                .split_once("..=")
                .and_then(|(a, b)| Some((a.trim().parse::<i64>().ok()?, b.trim().parse().ok()?)))
                .with_context(|| format!("{at}: count `{range}`: expected `a..=b`"))?;
            (lo..=hi).collect()
        }
        other => bail!(
            "{at}: `count: {}`: expected 1 to 100, a list or `a..=b`",
            super::files::yaml_text(other)
        ),
    };
    if list.is_empty() || list.len() > 100 {
        bail!("{at}: from 1 to 100 counts");
    }
    Ok(Some(list))
}

/// A folder's entries: the maps of its `data`, and whether they are
/// numbered (a list).
fn entries(yaml: &Yaml) -> (&[Yaml], bool) {
    match &yaml["data"] {
        Yaml::Hash(_) => (std::slice::from_ref(&yaml["data"]), false),
        Yaml::Array(list) => (list.as_slice(), true),
        _ => (&[], false),
    }
}

/// How many numbered test cases the tree under `yaml` holds.
fn numbered_cases(yaml: &Yaml) -> Result<usize> {
    let (entries, numbered) = entries(yaml);
    let mut total = 0;
    for entry in entries {
        let Yaml::Hash(hash) = entry else { continue };
        for value in hash.values() {
            if is_test_case(value) && numbered {
                total += counts(value, FILE)?.map_or(1, |c| c.len());
            } else if is_folder(value) {
                total += numbered_cases(value)?;
            }
        }
    }
    Ok(total)
}

/// What a folder or test case inherits, unless it says otherwise.
#[derive(Clone)]
struct Config {
    salt: String,
    solution: Solution,
}

impl Config {
    /// These settings with those `yaml` (a folder or a test case) gives.
    fn under(&self, yaml: &Yaml, at: &str) -> Result<Config> {
        let mut config = self.clone();
        if let Some(salt) = yaml["random_salt"].as_str() {
            config.salt = salt.to_string();
        }
        if let Yaml::Hash(hash) = yaml
            && let Some(solution) = hash.get(&key("solution"))
        {
            config.solution = solution_of(solution, at)?;
        }
        Ok(config)
    }
}

/// A `solution:` value: a path from the problem's root, or empty.
fn solution_of(value: &Yaml, at: &str) -> Result<Solution> {
    match value {
        Yaml::Null => Ok(Solution::Disabled),
        Yaml::String(path) if path.starts_with('/') => {
            Ok(Solution::Named(path.trim_start_matches('/').to_string()))
        }
        other => bail!(
            "{at}: `solution: {}`: expected a path from the problem's root (`/submissions/...`)",
            super::files::yaml_text(other)
        ),
    }
}

/// A walk of the tree, naming tests as BAPCtools does.
struct Walk<'a> {
    package: &'a Package,
    constants: BTreeMap<String, String>,
    /// The cases made under each key of the file, one list for each entry
    /// with that key (a counted test case has one for each count), for
    /// `include`.
    made: BTreeMap<String, Vec<Vec<usize>>>,
    /// The numbered test cases of the file, and the last number given.
    total: usize,
    next: usize,
    recipes: Recipes,
    /// The visualizers named (`visualizer:`, at any level before 2025-09).
    visualizers: BTreeSet<String>,
}

/// The recipes of the package's generators.yaml (none without one).
pub fn recipes(package: &Package) -> Result<Recipes> {
    if !package.has(FILE) {
        return Ok(Recipes::default());
    }
    let shown = package.shown(FILE);
    let docs = YamlLoader::load_from_str(&package.text(FILE)?)
        .with_context(|| format!("{shown}: not YAML"))?;
    let root = docs.into_iter().next().unwrap_or(Yaml::Null);
    if !matches!(root, Yaml::Hash(_) | Yaml::Null) {
        bail!("{shown}: expected a map (`data:`, `solution:`, ...)");
    }
    let mut walk = Walk {
        package,
        constants: constants(package)?,
        made: BTreeMap::new(),
        total: numbered_cases(&root).with_context(|| shown.clone())?,
        next: 0,
        visualizers: BTreeSet::new(),
        recipes: Recipes {
            assembled: assembled(&root).with_context(|| shown.clone())?,
            ..Recipes::default()
        },
    };
    let top = Config {
        salt: String::new(),
        solution: Solution::Default,
    };
    let config = top
        .under(&root, "solution")
        .with_context(|| shown.clone())?;
    if let Yaml::Hash(hash) = &root
        && hash.contains_key(&key("solution"))
    {
        walk.recipes.solution = Some(config.solution.clone());
    }
    walk.folder(&root, "data", &config, true)
        .with_context(|| shown.clone())?;
    for visualizer in std::mem::take(&mut walk.visualizers) {
        walk.recipes.notes.push(format!(
            "{FILE}: the visualizer `{visualizer}` is kept, unused (the kit draws no pictures)"
        ));
    }
    Ok(walk.recipes)
}

/// The root's `generators:`: each program's files, under `generators/`.
fn assembled(root: &Yaml) -> Result<BTreeMap<String, Vec<String>>> {
    let mut all = BTreeMap::new();
    let Some(programs) = root["generators"].as_hash() else {
        return Ok(all);
    };
    for (name, files) in programs {
        let Some(name) = name.as_str() else { continue };
        let files: Vec<String> = match files.as_vec() {
            Some(list) if !list.is_empty() => list
                .iter()
                .map(|f| {
                    f.as_str()
                        .map(|f| format!("generators/{}", f.trim_start_matches('/')))
                        .with_context(|| format!("generators: {name}: a file that is not a path"))
                })
                .collect::<Result<_>>()?,
            _ => bail!("generators: {name}: expected the list of its files"),
        };
        all.insert(format!("generators/{name}"), files);
    }
    Ok(all)
}

impl Walk<'_> {
    /// The folder `yaml` at `path` (`data/secret`), under `config`.
    fn folder(&mut self, yaml: &Yaml, path: &str, config: &Config, root: bool) -> Result<()> {
        let config = config.under(yaml, path)?;
        self.folder_file(yaml, path);
        self.visualizers
            .extend(yaml["visualizer"].as_str().map(str::to_string));
        let (entries, numbered) = entries(yaml);
        if root && numbered {
            bail!("data: the root folder is not numbered (a map, not a list)");
        }
        let folders: usize = (entries.iter())
            .filter_map(Yaml::as_hash)
            .map(|h| h.values().filter(|v| is_folder(v)).count())
            .sum();
        // `include` names earlier keys only: resolved before the children.
        let included = self.included(yaml, path)?;
        let mut next_folder = 0;
        for entry in entries {
            let Yaml::Hash(hash) = entry else {
                bail!("{path}: an entry of `data` that is not a map");
            };
            for name in self.keys(hash, path, root) {
                let child = match name.is_empty() {
                    true => hash.get(&Yaml::Null).or(hash.get(&key(""))),
                    false => hash.get(&key(&name)),
                };
                let Some(child) = child else { continue };
                let start = self.recipes.cases.len();
                if is_folder(child) {
                    next_folder += 1;
                    let own = match numbered {
                        true => numbered_name(&name, next_folder, folders),
                        false => name.clone(),
                    };
                    self.folder(child, &format!("{path}/{own}"), &config, false)?;
                    let made = (start..self.recipes.cases.len()).collect();
                    self.made.entry(name.clone()).or_default().push(made);
                } else if is_test_case(child) {
                    self.test_cases(child, path, (&name, numbered), &config)?;
                    for i in start..self.recipes.cases.len() {
                        self.made.entry(name.clone()).or_default().push(vec![i]);
                    }
                } else {
                    bail!("{path}/{name}: neither a test case nor a folder");
                }
            }
        }
        self.place(included, path)
    }

    /// The keys of one map of a folder's `data`, in the order BAPCtools
    /// makes them: the root's in their fixed order, others sorted.
    fn keys(&mut self, hash: &yaml_rust2::yaml::Hash, path: &str, root: bool) -> Vec<String> {
        let mut keys: Vec<String> = (hash.keys())
            .filter_map(|k| match k {
                Yaml::String(s) => Some(s.clone()),
                Yaml::Null => Some(String::new()),
                _ => None,
            })
            .collect();
        if !root {
            keys.sort();
            return keys;
        }
        for other in keys.iter().filter(|k| !ROOT_FOLDERS.contains(&k.as_str())) {
            self.recipes.notes.push(format!(
                "{FILE}: `{path}/{other}` is no folder `bt generate` makes, and makes no test"
            ));
        }
        (ROOT_FOLDERS.iter())
            .filter(|k| keys.iter().any(|own| own == *k))
            .map(|k| k.to_string())
            .collect()
    }

    /// The folder's settings file (`test_group.yaml:`, `testdata.yaml:`).
    fn folder_file(&mut self, yaml: &Yaml, path: &str) {
        let Yaml::Hash(hash) = yaml else { return };
        for (file, legacy) in [("testdata.yaml", true), ("test_group.yaml", false)] {
            if let Some(settings) = hash.get(&key(file)) {
                let own = FolderFile {
                    legacy,
                    yaml: settings.clone(),
                };
                self.recipes.folders.insert(path.to_string(), own);
            }
        }
    }

    /// The cases the folder's `include` names: each key's, made before.
    fn included(&self, yaml: &Yaml, path: &str) -> Result<Vec<usize>> {
        let mut all = Vec::new();
        let list = match &yaml["include"] {
            Yaml::Array(list) => list.clone(),
            Yaml::BadValue | Yaml::Null => Vec::new(),
            one => vec![one.clone()],
        };
        for item in list {
            let Some(name) = item.as_str() else {
                bail!("{path}: include: expected the key of a test case or folder");
            };
            match self.made.get(name).map(Vec::as_slice) {
                Some([one]) => all.extend(one),
                Some(_) => bail!(
                    "{path}: include: `{name}` is the key of several test cases or folders \
                     (`bt generate` refuses it)"
                ),
                None => {
                    bail!("{path}: include: no test case or folder before it has the key `{name}`")
                }
            }
        }
        Ok(all)
    }

    /// The included cases, made again in the folder `path` under their
    /// own names: a name taken by another case is an error.
    fn place(&mut self, included: Vec<usize>, path: &str) -> Result<()> {
        for i in included {
            let original = self.recipes.cases[i].clone();
            let name = original.stem.rsplit('/').next().unwrap_or_default();
            let stem = format!("{path}/{name}");
            let taken = self.recipes.cases.iter().find(|c| c.stem == stem);
            match taken {
                Some(other) if other.included && same_case(other, &original) => continue,
                Some(_) => bail!(
                    "{stem}: included from {}, and made here too (`bt generate` refuses it)",
                    original.stem
                ),
                None => {}
            }
            self.recipes.cases.push(Case {
                stem,
                included: true,
                ..original
            });
        }
        Ok(())
    }

    /// The test cases of the entry `name` (numbered or not) of the folder
    /// `path`: one, or one for each count.
    fn test_cases(
        &mut self,
        yaml: &Yaml,
        path: &str,
        (name, numbered): (&str, bool),
        config: &Config,
    ) -> Result<()> {
        let at = format!("{path}/{name}");
        let counted = counts(yaml, &at)?;
        let list = counted.clone().unwrap_or_else(|| vec![1]);
        let consecutive = list
            .iter()
            .max()
            .zip(list.iter().min())
            .is_some_and(|(hi, lo)| (hi - lo) as usize == list.len() - 1);
        let padding = match consecutive {
            true => list.iter().map(|c| c.to_string().len()).max().unwrap_or(1),
            false => 0,
        };
        for count in list {
            let mut own = match numbered {
                true => {
                    self.next += 1;
                    numbered_name(name, self.next, self.total)
                }
                false => name.to_string(),
            };
            if counted.is_some() {
                own.push_str(&format!("-{count:0padding$}"));
            }
            let stem = format!("{path}/{own}");
            let case = self.case(yaml, stem, config, counted.is_some().then_some(count))?;
            self.recipes.cases.push(case);
        }
        Ok(())
    }
}

/// `key` numbered `n` of `of`: `<n>-<key>`, zero-padded to the width of
/// `of`, or `<n>` for an empty key.
fn numbered_name(key: &str, n: usize, of: usize) -> String {
    let width = of.to_string().len();
    match key.is_empty() {
        true => format!("{n:0width$}"),
        false => format!("{n:0width$}-{key}"),
    }
}

/// Whether two cases make the same files.
fn same_case(a: &Case, b: &Case) -> bool {
    a.input == b.input && a.answer == b.answer && a.solution == b.solution
}

impl Walk<'_> {
    /// The test case `yaml` at `stem`, of count `count` where it has
    /// several.
    fn case(
        &mut self,
        yaml: &Yaml,
        stem: String,
        config: &Config,
        count: Option<i64>,
    ) -> Result<Case> {
        let at = stem.clone();
        let rule: yaml_rust2::yaml::Hash = match yaml {
            Yaml::String(s) => match s.strip_suffix(".in") {
                Some(copied) => [(key("copy"), key(copied))].into_iter().collect(),
                None => [(key("generate"), yaml.clone())].into_iter().collect(),
            },
            Yaml::Hash(hash) => hash.clone(),
            _ => Default::default(),
        };
        let config = config.under(yaml, &at)?;
        let mut case = Case {
            stem,
            input: Input::Missing(match rule.is_empty() {
                true => "an empty entry".to_string(),
                false => "no `generate`, `copy` or `in`".to_string(),
            }),
            answer: None,
            solution: config.solution.clone(),
            description: None,
            own: None,
            refused: Vec::new(),
            included: false,
        };
        let mut words = Vec::new();
        for (name, value) in &rule {
            let name = name.as_str().unwrap_or_default();
            match name {
                "generate" => case.input = self.generated(value, &config, count, &at)?,
                "copy" => self.copied(value, &mut case, &mut words, &at)?,
                _ => {}
            }
        }
        for (name, value) in &rule {
            let name = name.as_str().unwrap_or_default();
            match name {
                "in" => case.input = Input::Given(Given::Inline(inline(value, name, &at)?)),
                "ans" => case.answer = Some(Given::Inline(inline(value, name, &at)?)),
                "desc" | "hint" => words.push((name, inline(value, name, &at)?)),
                "yaml" => case.own = Some(own_yaml(value, &at)?),
                "visualizer" => self.visualizers.extend(value.as_str().map(str::to_string)),
                "match" => self.recipes.notes.push(format!(
                    "{at}: `match` (patterns the test must hold) is not checked by the kit"
                )),
                "retries" => self.recipes.notes.push(format!(
                    "{at}: `retries`: the kit runs the generator with the first seed only"
                )),
                _ if REFUSED_FILES.contains(&name) => case.refused.push(name.to_string()),
                _ => {}
            }
        }
        if let Some(own) = &case.own {
            for name in ["description", "hint"] {
                if let Some(text) = own[name].as_str() {
                    words.push((
                        if name == "description" {
                            "desc"
                        } else {
                            "hint"
                        },
                        text.to_string(),
                    ));
                }
            }
        }
        case.description = description(&words);
        Ok(case)
    }

    /// The input `generate: <command>` makes, seeded as BAPCtools seeds
    /// it, or why the kit cannot run it.
    fn generated(
        &self,
        value: &Yaml,
        config: &Config,
        count: Option<i64>,
        at: &str,
    ) -> Result<Input> {
        let Some(command) = value.as_str().filter(|c| !c.trim().is_empty()) else {
            bail!("{at}: `generate` is not a command");
        };
        let mut command = with_constants(command, &self.constants);
        if let Some(count) = count {
            command = command.replace("{count}", &count.to_string());
        }
        if command.contains("{{") {
            return Ok(Input::Unrunnable(format!(
                "`{command}` uses a constant problem.yaml does not have"
            )));
        }
        let seed = seed(&config.salt, count.unwrap_or(1), &command);
        let Some(words) = shlex::split(&command).filter(|w| !w.is_empty()) else {
            bail!("{at}: `{command}` is not a command");
        };
        if words[0].starts_with('/') {
            return Ok(Input::Unrunnable(format!(
                "`{}` is a path from the problem's root (`bt generate` takes generators/ only)",
                words[0]
            )));
        }
        let program = format!("generators/{}", words[0]);
        let missing = match self.recipes.assembled.get(&program) {
            Some(files) => files.iter().find(|f| !self.package.has(f)).cloned(),
            None if self.package.has(&program) || self.package.has_dir(&program) => None,
            None => Some(program.clone()),
        };
        if let Some(missing) = missing {
            return Ok(Input::Unrunnable(format!("no file {missing}")));
        }
        let args = words[1..].iter().map(|w| substitute(w, seed)).collect();
        Ok(Input::Generated(Recipe { program, args }))
    }

    /// `copy: <path>`: the files `generators/<path>.in`, `.ans`, `.desc`,
    /// `.hint` of the package, as far as it has them.
    fn copied(
        &self,
        value: &Yaml,
        case: &mut Case,
        words: &mut Vec<(&str, String)>,
        at: &str,
    ) -> Result<()> {
        let Some(path) = value.as_str() else {
            bail!("{at}: `copy` is not a path");
        };
        let base = format!("generators/{}", path.trim_start_matches('/'));
        let file = |ext: &str| Some(format!("{base}.{ext}")).filter(|f| self.package.has(f));
        if let Some(input) = file("in") {
            case.input = Input::Given(Given::File(input));
        } else if matches!(case.input, Input::Missing(_)) {
            case.input = Input::Missing(format!("no file {base}.in to copy"));
        }
        if let Some(answer) = file("ans") {
            case.answer = Some(Given::File(answer));
        }
        for (ext, word) in [("desc", "desc"), ("hint", "hint")] {
            if let Some(f) = file(ext) {
                words.push((word, self.package.text(&f)?.trim().to_string()));
            }
        }
        Ok(())
    }
}

/// An inline file's text as `bt generate` writes it: a final newline
/// added to a text without one.
fn inline(value: &Yaml, name: &str, at: &str) -> Result<String> {
    let Some(text) = value.as_str() else {
        bail!(
            "{at}: `{name}: {}`: expected a string (quote numbers: `bt generate` refuses others)",
            super::files::yaml_text(value)
        );
    };
    let mut text = text.to_string();
    if !text.is_empty() && !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}

/// `yaml:`: a map, or its text.
fn own_yaml(value: &Yaml, at: &str) -> Result<Yaml> {
    match value {
        Yaml::Hash(_) => Ok(value.clone()),
        Yaml::String(text) => {
            let docs = YamlLoader::load_from_str(text)
                .with_context(|| format!("{at}: `yaml` is not YAML"))?;
            Ok(docs.into_iter().next().unwrap_or(Yaml::Null))
        }
        _ => bail!("{at}: `yaml` is neither a map nor its text"),
    }
}

/// The words of `desc` and `hint`, as one comment.
fn description(words: &[(&str, String)]) -> Option<String> {
    let text: Vec<String> = (words.iter())
        .filter(|(_, t)| !t.trim().is_empty())
        .map(|(kind, t)| match *kind {
            "hint" => format!("hint: {}", t.trim()),
            _ => t.trim().to_string(),
        })
        .collect();
    (!text.is_empty()).then(|| text.join("; "))
}

/// problem.yaml's `constants`, by the names a command uses: `NAME` (its
/// value) and `NAME.VARIANT`.
fn constants(package: &Package) -> Result<BTreeMap<String, String>> {
    let mut all = BTreeMap::new();
    if !package.has("problem.yaml") {
        return Ok(all);
    }
    let docs = YamlLoader::load_from_str(&package.text("problem.yaml")?)
        .with_context(|| format!("{}: not YAML", package.shown("problem.yaml")))?;
    let Some(Yaml::Hash(problem)) = docs.into_iter().next() else {
        return Ok(all);
    };
    let Some(Yaml::Hash(constants)) = problem.get(&key("constants")) else {
        return Ok(all);
    };
    for (name, value) in constants {
        let Some(name) = name.as_str() else { continue };
        let variants = match value {
            Yaml::Hash(variants) => variants.clone(),
            plain => [(key("value"), plain.clone())].into_iter().collect(),
        };
        for (variant, text) in &variants {
            let Some(variant) = variant.as_str() else {
                continue;
            };
            // A number only as the value, as Python writes it.
            let text = match (variant, text) {
                (_, Yaml::String(s)) => s.clone(),
                ("value", Yaml::Integer(i)) => i.to_string(),
                ("value", Yaml::Real(r)) => match r.parse::<f64>() {
                    Ok(f) => format!("{f:?}"),
                    Err(_) => continue,
                },
                _ => continue,
            };
            if variant == "value" {
                all.insert(name.to_string(), text.clone());
            }
            all.insert(format!("{name}.{variant}"), text);
        }
    }
    Ok(all)
}

/// `command` with each `{{NAME}}` the problem has replaced.
fn with_constants(command: &str, constants: &BTreeMap<String, String>) -> String {
    let mut out = String::new();
    let mut rest = command;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else { break };
        out.push_str(&rest[..start]);
        match constants.get(&after[..end]) {
            Some(value) => out.push_str(value),
            None => out.push_str(&rest[start..start + 2 + end + 2]),
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

/// An argument with `{name}` and `{seed}` (or `{seed:N}`) replaced.
fn substitute(word: &str, seed: u32) -> String {
    let mut out = word.replace("{name}", "testcase");
    while let Some(start) = out.find("{seed") {
        let rest = &out[start + "{seed".len()..];
        let Some(end) = rest.find('}') else { break };
        let inside = &rest[..end];
        if !(inside.is_empty()
            || inside
                .strip_prefix(':')
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())))
        {
            break;
        }
        out = format!("{}{seed}{}", &out[..start], &rest[end + 1..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_bapctools() {
        // Python's `int(hashlib.sha512(text).hexdigest(), 16) % 2**31`.
        assert_eq!(seed("", 1, " random.py {seed} "), 1597083754);
        assert_eq!(seed("salt", 5, "gen.py {seed} 10"), 916352319);
    }

    #[test]
    fn arguments_get_the_name_and_the_seed() {
        assert_eq!(substitute("--seed={seed}", 7), "--seed=7");
        assert_eq!(substitute("{seed:2}", 7), "7");
        assert_eq!(substitute("{name}.in", 7), "testcase.in");
        assert_eq!(substitute("{seedling}", 7), "{seedling}");
    }

    #[test]
    fn constants_are_the_problems() {
        let constants: BTreeMap<String, String> = [("N", "5"), ("N.ROMAN", "V")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let command = "gen {{N}} {{N.ROMAN}} {{M}} {seed}";
        assert_eq!(with_constants(command, &constants), "gen 5 V {{M}} {seed}");
    }

    #[test]
    fn counts_are_numbers_lists_and_ranges() {
        let yaml = |text: &str| YamlLoader::load_from_str(text).unwrap().remove(0);
        assert_eq!(counts(&yaml("count: 3"), "x").unwrap(), Some(vec![1, 2, 3]));
        assert_eq!(
            counts(&yaml("count: [7, -3]"), "x").unwrap(),
            Some(vec![7, -3])
        );
        assert_eq!(
            counts(&yaml("count: -1..=1"), "x").unwrap(),
            Some(vec![-1, 0, 1])
        );
        assert!(counts(&yaml("count: 0"), "x").is_err());
        assert!(counts(&yaml("count: [1, 1]"), "x").is_err());
        assert_eq!(counts(&yaml("generate: x"), "x").unwrap(), None);
    }
}
