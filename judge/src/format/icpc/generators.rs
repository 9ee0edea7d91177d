//! BAPCtools' `generators/generators.yaml`: how an ICPC package's tests
//! are made, read so that `judge build` makes them again and compares them
//! with the package's.
//!
//! The rules followed are BAPCtools' (`bt generate`), so that a test gets
//! the name and the seed it gets there:
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
//!   a map with `generate` (or `copy`, or its files inline), and `count`
//!   (a number, a list, or `a..=b`) for several: `<name>-<count>`, `{count}`
//!   in the command replaced.
//! - The command's program is a path under `generators/`; `{name}` becomes
//!   `testcase`, `{seed}` (or `{seed:N}`) the seed: the last 31 bits of the
//!   SHA-512 of the `random_salt` (inherited down the tree), `:<count - 1>`
//!   when the count is not 1, and the command with its ends trimmed.
//!
//! - A folder's `include` lists earlier keys (a test case's, or a
//!   folder's): their cases are made again here, under their own names.
//! - First, `{{NAME}}` and `{{NAME.VARIANT}}` in a command become the
//!   problem's `constants` (problem.yaml: a number or a string, or a map
//!   of string variants with its `value`).
//!
//! - A program named under the root's `generators:` is made of the files
//!   listed there (under `generators/`), the first the one run.
//!
//! A generator the kit cannot run (a command using a constant the problem
//! does not have, a path from the problem's root) leaves its tests stored
//! as they are, said in the report.

use std::collections::BTreeMap;

use anyhow::{Context, Result, bail};
use sha2::{Digest, Sha512};
use yaml_rust2::{Yaml, YamlLoader};

use crate::format::Package;

/// The file.
pub const FILE: &str = "generators/generators.yaml";

/// How one test is made: a command of the package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recipe {
    /// The program's path in the package (`generators/random.py`, or a
    /// folder).
    pub program: String,
    pub args: Vec<String>,
}

/// What generators.yaml says.
#[derive(Debug, Default)]
pub struct Recipes {
    /// Each generated test's recipe, by the path of its input in the
    /// package (`data/secret/03-random.in`).
    pub tests: BTreeMap<String, Recipe>,
    /// Why some tests keep only their stored input.
    pub unrunnable: Vec<String>,
    /// The programs made of several files (`generators:`), by their
    /// paths (`generators/main_py`): their files, the first the one run.
    pub assembled: BTreeMap<String, Vec<String>>,
}

/// The root folders, in the order BAPCtools makes them.
const ROOT_FOLDERS: [&str; 8] = [
    "sample",
    "secret",
    "invalid_output",
    "invalid_answer",
    "invalid_input",
    "valid_output",
    "testing_tool_test",
    "fuzz",
];

/// The keys that make a map a test case rather than a folder.
const TEST_CASE_KEYS: [&str; 13] = [
    "copy",
    "generate",
    "count",
    "match",
    "in",
    "ans",
    "out",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "yaml",
];

fn is_test_case(yaml: &Yaml) -> bool {
    match yaml {
        Yaml::Null | Yaml::String(_) => true,
        Yaml::Hash(h) => TEST_CASE_KEYS.iter().any(|k| h.contains_key(&key(k))),
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

/// A test case's counts: `count` as a number (1 to n), a list, or an
/// inclusive range `a..=b`; 1 without one.
fn counts(yaml: &Yaml, at: &str) -> Result<Option<Vec<i64>>> {
    let list: Vec<i64> = match &yaml["count"] {
        Yaml::BadValue | Yaml::Null => return Ok(None),
        Yaml::Integer(n) if (1..=100).contains(n) => (1..=*n).collect(),
        Yaml::Array(items) => items
            .iter()
            .map(|i| {
                i.as_i64()
                    .with_context(|| format!("{at}: a count that is not a number"))
            })
            .collect::<Result<_>>()?,
        Yaml::String(range) => {
            let (lo, hi) = range
                .split_once("..=")
                .and_then(|(a, b)| Some((a.trim().parse::<i64>().ok()?, b.trim().parse().ok()?)))
                .with_context(|| format!("{at}: count `{range}`: expected `a..=b`"))?;
            (lo..=hi).collect()
        }
        other => bail!("{at}: count {other:?}: expected 1 to 100, a list or `a..=b`"),
    };
    if list.is_empty() || list.len() > 100 {
        bail!("{at}: from 1 to 100 counts");
    }
    Ok(Some(list))
}

/// How many numbered test cases the tree under `yaml` holds.
fn numbered_cases(yaml: &Yaml) -> Result<usize> {
    let (entries, numbered) = match &yaml["data"] {
        Yaml::Hash(_) => (std::slice::from_ref(&yaml["data"]), false),
        Yaml::Array(list) => (list.as_slice(), true),
        _ => return Ok(0),
    };
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

/// A walk of the tree, naming tests as BAPCtools does.
struct Walk<'a> {
    package: &'a Package,
    constants: BTreeMap<String, String>,
    /// The inputs made so far, in order, and under each key of the file
    /// (a test case's, or every one in a folder), for `include`.
    inputs: Vec<String>,
    made: BTreeMap<String, Vec<String>>,
    /// The numbered test cases of the file, and the last number given.
    total: usize,
    next: usize,
    recipes: Recipes,
}

/// The recipes of the package's generators.yaml (none without one).
pub fn recipes(package: &Package) -> Result<Recipes> {
    if !package.has(FILE) {
        return Ok(Recipes::default());
    }
    let shown = package.shown(FILE);
    let docs = YamlLoader::load_from_str(&package.text(FILE)?)
        .with_context(|| format!("{shown}: not YAML"))?;
    let Some(root) = docs.into_iter().next() else {
        return Ok(Recipes::default());
    };
    let mut walk = Walk {
        package,
        constants: constants(package)?,
        inputs: Vec::new(),
        made: BTreeMap::new(),
        total: numbered_cases(&root).with_context(|| shown.clone())?,
        next: 0,
        recipes: Recipes {
            assembled: assembled(&root).with_context(|| shown.clone())?,
            ..Recipes::default()
        },
    };
    walk.folder(&root, "data", "", true)
        .with_context(|| shown.clone())?;
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
    /// The folder `yaml` at `path` (`data/secret`), its parent's salt
    /// `salt`.
    fn folder(&mut self, yaml: &Yaml, path: &str, salt: &str, root: bool) -> Result<()> {
        let salt = yaml["random_salt"].as_str().unwrap_or(salt).to_string();
        let (entries, numbered) = match &yaml["data"] {
            Yaml::Hash(_) => (std::slice::from_ref(&yaml["data"]), false),
            Yaml::Array(list) => (list.as_slice(), true),
            _ => return Ok(()),
        };
        let folders: usize = (entries.iter())
            .filter_map(Yaml::as_hash)
            .map(|h| h.values().filter(|v| is_folder(v)).count())
            .sum();
        // `include`: the cases made under earlier keys, here under their
        // own names.
        for included in yaml["include"].as_vec().into_iter().flatten() {
            let Some(made) = included.as_str().and_then(|k| self.made.get(k)) else {
                continue;
            };
            for input in made.clone() {
                let name = input.rsplit('/').next().unwrap_or(&input);
                let recipe = self.recipes.tests[&input].clone();
                let here = format!("{path}/{name}");
                self.recipes.tests.insert(here.clone(), recipe);
                self.inputs.push(here);
            }
        }
        let mut next_folder = 0;
        for entry in entries {
            let Yaml::Hash(hash) = entry else { continue };
            let mut keys: Vec<String> = match root {
                true => ROOT_FOLDERS.iter().map(|k| k.to_string()).collect(),
                false => hash
                    .keys()
                    .filter_map(|k| match k {
                        Yaml::String(s) => Some(s.clone()),
                        Yaml::Null => Some(String::new()),
                        _ => None,
                    })
                    .collect(),
            };
            if !root {
                keys.sort();
            }
            for name in keys {
                let child = match name.is_empty() {
                    true => hash.get(&Yaml::Null).or(hash.get(&key(""))),
                    false => hash.get(&key(&name)),
                };
                let Some(child) = child else { continue };
                let numbered_name = |n: usize, width_of: usize| {
                    let width = width_of.to_string().len();
                    match name.is_empty() {
                        true => format!("{n:0width$}"),
                        false => format!("{n:0width$}-{name}"),
                    }
                };
                let start = self.inputs.len();
                if is_folder(child) {
                    next_folder += 1;
                    let own = match numbered {
                        true => numbered_name(next_folder, folders),
                        false => name.clone(),
                    };
                    self.folder(child, &format!("{path}/{own}"), &salt, false)?;
                } else if is_test_case(child) {
                    let base = match numbered {
                        true => None,
                        false => Some(name.clone()),
                    };
                    self.test_case(child, path, base, &name, &salt)?;
                }
                let made = self.inputs[start..].to_vec();
                self.made.entry(name.clone()).or_default().extend(made);
            }
        }
        Ok(())
    }

    /// The test case `yaml` in the folder `path`, named `base` in an
    /// unnumbered folder (else by its number and `key`).
    fn test_case(
        &mut self,
        yaml: &Yaml,
        path: &str,
        base: Option<String>,
        key: &str,
        salt: &str,
    ) -> Result<()> {
        let at = format!("{path}/{key}");
        let salt = yaml["random_salt"].as_str().unwrap_or(salt);
        let command = match yaml {
            Yaml::String(s) if !s.ends_with(".in") => Some(s.clone()),
            Yaml::Hash(_) => yaml["generate"].as_str().map(str::to_string),
            _ => None,
        };
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
            let mut name = match &base {
                Some(name) => name.clone(),
                None => {
                    self.next += 1;
                    let width = self.total.to_string().len();
                    match key.is_empty() {
                        true => format!("{:0width$}", self.next),
                        false => format!("{:0width$}-{key}", self.next),
                    }
                }
            };
            if counted.is_some() {
                name.push_str(&format!("-{count:0padding$}"));
            }
            let Some(command) = &command else { continue };
            let input = format!("{path}/{name}.in");
            let mut command = command.clone();
            if counted.is_some() {
                command = command.replace("{count}", &count.to_string());
            }
            let command = with_constants(&command, &self.constants);
            if command.contains("{{") {
                self.recipes.unrunnable.push(format!(
                    "{input}: `{command}` uses a constant problem.yaml does not have"
                ));
                continue;
            }
            let seed = seed(salt, count, &command);
            let Some(words) = shlex::split(&command).filter(|w| !w.is_empty()) else {
                bail!("{at}: `{command}` is not a command");
            };
            let program = format!("generators/{}", words[0].trim_start_matches('/'));
            if words[0].starts_with('/') {
                self.recipes.unrunnable.push(format!(
                    "{input}: `{}` is a path from the problem's root",
                    words[0]
                ));
                continue;
            }
            let missing = match self.recipes.assembled.get(&program) {
                Some(files) => files.iter().find(|f| !self.package.has(f)).cloned(),
                None if self.package.has(&program) || self.package.has_dir(&program) => None,
                None => Some(program.clone()),
            };
            if let Some(missing) = missing {
                self.recipes
                    .unrunnable
                    .push(format!("{input}: no file {missing}"));
                continue;
            }
            let args = words[1..].iter().map(|w| substitute(w, seed)).collect();
            self.recipes
                .tests
                .insert(input.clone(), Recipe { program, args });
            self.inputs.push(input);
        }
        Ok(())
    }
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
}
