//! Where each test of an ICPC package comes from: `data/` as `bt
//! generate` leaves it, the package's stored tests joined with every case
//! its `generators/generators.yaml` defines. A test's input is stored,
//! made by a command (compared with the stored one where the package has
//! it), copied from `generators/`, or written inline; its answer is
//! stored, given by its case, written by its command, or made by the
//! solution generators.yaml names for its folder.

use std::collections::{BTreeMap, BTreeSet};

use anyhow::{Result, bail};
use yaml_rust2::Yaml;

use super::files::{GroupYaml, TestYaml};
use super::generators::{self, Case, FILE, Given, Input, Recipes, Solution};
use super::programs::{Named, program};
use crate::format::Package;
use crate::format::imported::{Lossy, kept};

/// Where the kit writes the files generators.yaml gives inline, under the
/// problem's folder (at their paths in the package).
pub const INLINE: &str = "inline";

/// Where a test's input comes from, as the report counts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Origin {
    /// Stored in `data/`, and made by no recipe the kit runs.
    Stored,
    /// Made by a command, and compared with the stored input.
    Generated,
    /// Made by a command; the package stores no input.
    RecipeOnly,
    /// Written in generators.yaml.
    Inline,
    /// Copied from `generators/` (`copy:`).
    Copied,
}

impl Origin {
    /// How the report names the source.
    fn describe(self) -> &'static str {
        match self {
            Origin::Stored => "stored (data/ only)",
            Origin::Generated => "generated (recipe, compared with the stored input)",
            Origin::RecipeOnly => "recipe only (no stored input)",
            Origin::Inline => "inline",
            Origin::Copied => "copied from generators/",
        }
    }
}

/// A test's files, as the kit takes them.
pub struct Made {
    pub origin: Origin,
    /// Its input file (problem-relative: `package/...`, `inline/...`),
    /// unless it is generated.
    pub file: Option<String>,
    /// The generator and its arguments, and the stored input it is
    /// compared with.
    pub generated: Option<(Named, Vec<String>)>,
    pub stored: Option<String>,
    /// Its answer file (problem-relative), where one is given.
    pub answer: Option<String>,
    /// Its generator may write its answer (`testcase.ans`).
    pub generator_answers: bool,
    pub solution: Solution,
    pub description: Option<String>,
    /// Its own settings (`yaml:`), where generators.yaml gives them.
    pub own: Option<Yaml>,
}

/// `data/` as `bt generate` leaves it.
pub struct Data<'a> {
    pub package: &'a Package,
    pub recipes: Recipes,
    /// Interactive or multi-pass: a test nothing answers gets an empty
    /// answer, as BAPCtools gives it.
    interactive: bool,
    by_stem: BTreeMap<String, usize>,
    /// The files the kit writes (problem-relative), with their bytes.
    pub written: Vec<(String, Vec<u8>)>,
}

impl<'a> Data<'a> {
    /// The package's `data/` with what its generators.yaml defines.
    pub fn new(package: &'a Package, interactive: bool) -> Result<Data<'a>> {
        let recipes = generators::recipes(package)?;
        let by_stem = (recipes.cases.iter().enumerate())
            .map(|(i, c)| (c.stem.clone(), i))
            .collect();
        Ok(Data {
            package,
            recipes,
            interactive,
            by_stem,
            written: Vec::new(),
        })
    }

    /// Whether the package has generators.yaml.
    pub fn generated(&self) -> bool {
        self.package.has(FILE)
    }

    /// The case generators.yaml defines at `stem`.
    fn case(&self, stem: &str) -> Option<&Case> {
        self.by_stem.get(stem).map(|i| &self.recipes.cases[*i])
    }

    /// The tests under `dir` (`data/sample`), stored or defined, by their
    /// paths without `.in`, in the order of their inputs' paths.
    pub fn stems(&self, dir: &str) -> Vec<String> {
        let prefix = format!("{dir}/");
        let stored = (self.package.under(dir)).filter_map(|f| f.strip_suffix(".in"));
        let defined = (self.recipes.cases.iter())
            .filter(|c| c.stem.starts_with(&prefix) && !matches!(c.input, Input::Missing(_)))
            .map(|c| c.stem.as_str());
        let inputs: BTreeSet<String> = stored.chain(defined).map(|s| format!("{s}.in")).collect();
        (inputs.into_iter())
            .map(|i| i.trim_end_matches(".in").to_string())
            .collect()
    }

    /// The settings files of the folder `dir`, each as the report shows
    /// it: `test_group.yaml`, then `testdata.yaml`; one generators.yaml
    /// writes replaces the stored one.
    pub fn group_files(&self, dir: &str) -> Result<Vec<(String, GroupYaml)>> {
        let mut all = Vec::new();
        let own = self.recipes.folders.get(dir);
        for (name, legacy) in [("test_group.yaml", false), ("testdata.yaml", true)] {
            let file = format!("{dir}/{name}");
            match own.filter(|o| o.legacy == legacy) {
                Some(own) => {
                    let shown = format!("{}: {file}", self.package.shown(FILE));
                    all.extend(GroupYaml::of(own.yaml.clone(), legacy).map(|g| (shown, g)));
                }
                None if self.package.has(&file) => {
                    let shown = self.package.shown(&file);
                    all.extend(GroupYaml::read(self.package, &file)?.map(|g| (shown, g)));
                }
                None => {}
            }
        }
        Ok(all)
    }

    /// A test's own settings (`<stem>.yaml`, or its case's `yaml:`), as
    /// the report shows them.
    pub fn test_yaml(&self, stem: &str) -> Result<Option<(String, TestYaml)>> {
        let file = format!("{stem}.yaml");
        if self.package.has(&file) {
            let shown = self.package.shown(&file);
            return Ok(TestYaml::read(self.package, &file)?.map(|t| (shown, t)));
        }
        let own = self.case(stem).and_then(|c| c.own.clone());
        let shown = format!("{}: {stem}: yaml", self.package.shown(FILE));
        Ok(own.and_then(TestYaml::of).map(|t| (shown, t)))
    }

    /// The folders right under `data/secret` that hold a test.
    pub fn secret_folders(&self) -> Vec<String> {
        let mut folders: Vec<String> = (self.stems("data/secret").iter())
            .filter_map(|s| {
                s["data/secret/".len()..]
                    .split_once('/')
                    .map(|(g, _)| g.to_string())
            })
            .collect();
        folders.dedup();
        folders
    }

    /// The text the package's `file` holds, if it has it.
    fn text_of(&self, file: &str) -> Result<Option<String>> {
        match self.package.has(file) {
            true => Ok(Some(self.package.text(file)?.trim().to_string())),
            false => Ok(None),
        }
    }

    /// Writes `bytes` at the package path `path` under [`INLINE`], and
    /// names it as problem.toml does.
    fn write(&mut self, path: &str, bytes: Vec<u8>) -> String {
        let at = format!("{INLINE}/{path}");
        self.written.push((at.clone(), bytes));
        at
    }
}

impl Data<'_> {
    /// The test at `stem`: its files, or none where the kit cannot make
    /// its input (left out with `--lossy`, said).
    pub fn made(&mut self, stem: &str, lossy: &mut Lossy) -> Result<Option<Made>> {
        let case = self.case(stem).cloned();
        let stored = Some(format!("{stem}.in")).filter(|f| self.package.has(f));
        let mut made = Made {
            origin: Origin::Stored,
            file: stored.as_deref().map(kept),
            generated: None,
            stored: None,
            answer: None,
            generator_answers: false,
            solution: Solution::Default,
            description: self.text_of(&format!("{stem}.desc"))?,
            own: None,
        };
        if let Some(case) = &case {
            if !self.input(case, stored.as_deref(), &mut made, lossy)? {
                return Ok(None);
            }
            self.refuse(case, lossy)?;
            made.solution = case.solution.clone();
            made.description = made.description.or(case.description.clone());
            made.own = case.own.clone();
        }
        self.answer(stem, case.as_ref(), &mut made)?;
        Ok(Some(made))
    }

    /// The input of `case` (`stored`: the package's), in `made`; false
    /// where the kit has none (said, or an error without `--lossy`).
    fn input(
        &mut self,
        case: &Case,
        stored: Option<&str>,
        made: &mut Made,
        lossy: &mut Lossy,
    ) -> Result<bool> {
        let shown = self.package.shown(FILE);
        match &case.input {
            Input::Generated(recipe) => match self.generator(&recipe.program, lossy) {
                Ok(named) => {
                    made.generated = Some((named, recipe.args.clone()));
                    made.stored = stored.map(kept);
                    made.file = None;
                    made.origin = match stored {
                        Some(_) => Origin::Generated,
                        None => Origin::RecipeOnly,
                    };
                }
                Err(why) if stored.is_none() => return self.unmade(case, &why, lossy),
                Err(why) => self.recipes.notes.push(format!(
                    "{shown}: {}: kept as stored, not made again: {why}",
                    case.stem
                )),
            },
            Input::Given(given) => {
                made.origin = match given {
                    Given::Inline(_) => Origin::Inline,
                    Given::File(_) => Origin::Copied,
                };
                if stored.is_none() {
                    made.file = Some(self.given(given, &format!("{}.in", case.stem)));
                }
            }
            Input::Unrunnable(why) | Input::Missing(why) => match stored {
                None => return self.unmade(case, why, lossy),
                Some(_) => self.recipes.notes.push(format!(
                    "{shown}: {}: kept as stored, not made again: {why}",
                    case.stem
                )),
            },
        }
        Ok(true)
    }

    /// The generator at `program` (a path in the package), as problem.toml
    /// names it, or why the kit cannot run it.
    fn generator(&self, program_path: &str, lossy: &Lossy) -> std::result::Result<Named, String> {
        let named = match self.recipes.assembled.get(program_path) {
            Some(files) => Named::Sources {
                name: program_path["generators/".len()..].to_string(),
                files: files.clone(),
            },
            None => program(self.package, program_path).map_err(|e| format!("{e:#}"))?,
        };
        let source = match &named {
            Named::Path(path) if path.ends_with('/') => None,
            Named::Path(path) => Some(path),
            Named::Sources { files, .. } => files.first(),
        };
        match source.filter(|s| !lossy.has_language_of(s)) {
            Some(file) => Err(format!(
                "{file}: no language in judge.toml has the extension `.{}`",
                file.rsplit('.').next().unwrap_or_default()
            )),
            None => Ok(named),
        }
    }

    /// A case whose input the kit cannot make: left out with `--lossy`.
    fn unmade(&self, case: &Case, why: &str, lossy: &mut Lossy) -> Result<bool> {
        lossy.drop(format!(
            "{}: {}: neither a stored input nor a recipe the kit can run ({why})",
            self.package.shown(FILE),
            case.stem
        ))?;
        Ok(false)
    }

    /// The files of `case` the kit has no place for, left out with
    /// `--lossy`.
    fn refuse(&self, case: &Case, lossy: &mut Lossy) -> Result<()> {
        if case.refused.is_empty() {
            return Ok(());
        }
        lossy.drop(format!(
            "{}: {}: `{}` (what a statement or download shows instead of the test, a team \
             output, a transcript: the kit judges the test itself)",
            self.package.shown(FILE),
            case.stem,
            case.refused.join("`, `")
        ))
    }

    /// A file `given` for the package path `path`, as problem.toml names
    /// it: the package's, or one the kit writes.
    fn given(&mut self, given: &Given, path: &str) -> String {
        match given {
            Given::File(file) => kept(file),
            Given::Inline(text) => self.write(path, text.clone().into_bytes()),
        }
    }

    /// The answer of the test at `stem`: stored, given by its case, else
    /// made: by its generator where it writes one, else by its solution
    /// (an interactive test's is empty).
    fn answer(&mut self, stem: &str, case: Option<&Case>, made: &mut Made) -> Result<()> {
        let stored = format!("{stem}.ans");
        if self.package.has(&stored) {
            made.answer = Some(kept(&stored));
            return Ok(());
        }
        let Some(case) = case else {
            let shown = self.package.shown(&format!("{stem}.in"));
            bail!("{shown}: a test without its answer (expected {stored})");
        };
        if let Some(given) = &case.answer {
            made.answer = Some(self.given(given, &stored));
            return Ok(());
        }
        made.generator_answers = made.generated.is_some();
        if self.interactive {
            made.answer = Some(self.write(&stored, Vec::new()));
        }
        Ok(())
    }
}

impl Data<'_> {
    /// The inputs that must be invalid (`data/invalid_input/`), stored or
    /// defined, each with why (its description, else where it comes
    /// from); one the kit cannot hold as a file is left out with
    /// `--lossy`. Cases of the other folders of invalid and valid cases
    /// check the answer and output validators, which the kit has no place
    /// for: left out with `--lossy`.
    pub fn invalid(&mut self, lossy: &mut Lossy) -> Result<Vec<(String, String)>> {
        let mut all = Vec::new();
        for stem in self.stems("data/invalid_input") {
            let file = format!("{stem}.in");
            let case = self.case(&stem).cloned();
            let own = self.test_yaml(&stem)?.and_then(|(_, t)| t.description);
            let reason = own
                .or(case.as_ref().and_then(|c| c.description.clone()))
                .unwrap_or_else(|| match self.package.has(&file) {
                    true => format!("the package's {file}"),
                    false => format!("{FILE}'s {stem}"),
                });
            let input = match (self.package.has(&file), case.map(|c| c.input)) {
                (true, _) => kept(&file),
                (false, Some(Input::Given(given))) => self.given(&given, &file),
                (false, _) => {
                    lossy.drop(format!(
                        "{}: {stem}: an invalid input made by a command (problem.toml's \
                         `[[invalid]]` holds files)",
                        self.package.shown(FILE)
                    ))?;
                    continue;
                }
            };
            all.push((input, reason));
        }
        for folder in ["invalid_answer", "invalid_output", "valid_output"] {
            let cases = self.stems(&format!("data/{folder}")).len();
            if cases > 0 {
                lossy.drop(format!(
                    "{}: {cases} cases of data/{folder} (checks of the answer and output \
                     validators, which the kit has no place for)",
                    self.package.shown.display()
                ))?;
            }
        }
        for folder in ["testing_tool_test", "fuzz"] {
            let cases = self.stems(&format!("data/{folder}")).len();
            if cases > 0 {
                self.recipes.notes.push(format!(
                    "data/{folder}: {cases} cases for BAPCtools' own commands, not tests"
                ));
            }
        }
        Ok(all)
    }

    /// What the report says of the tests' sources (`origins`: each
    /// test's), and of generators.yaml: an import that makes fewer secret
    /// tests than it defines is an error unless `--lossy`.
    pub fn report(&self, origins: &[(String, Origin)], lossy: &mut Lossy) -> Result<Vec<String>> {
        let mut notes = Vec::new();
        if !self.generated() {
            return Ok(notes);
        }
        let mut counts: BTreeMap<Origin, usize> = BTreeMap::new();
        for (_, origin) in origins {
            *counts.entry(*origin).or_default() += 1;
        }
        let counted: Vec<String> = (counts.iter())
            .map(|(origin, n)| format!("{n} {}", origin.describe()))
            .collect();
        notes.push(format!("the tests by source: {}", counted.join(", ")));
        for case in &self.recipes.cases {
            let test = ["data/sample/", "data/secret/"]
                .iter()
                .any(|d| case.stem.starts_with(d));
            let stored = self.package.has(&format!("{}.in", case.stem));
            if let (true, false, Input::Missing(why)) = (test, stored, &case.input) {
                lossy.drop(format!(
                    "{}: {}: no input ({why}): not a test",
                    self.package.shown(FILE),
                    case.stem
                ))?;
            }
        }
        let defined = (self.recipes.cases.iter())
            .filter(|c| c.stem.starts_with("data/secret/") && !matches!(c.input, Input::Missing(_)))
            .count();
        let made = (origins.iter())
            .filter(|(stem, _)| stem.starts_with("data/secret/") && self.case(stem).is_some())
            .count();
        if made < defined {
            lossy.drop(format!(
                "{}: defines {defined} secret tests; the kit makes {made} of them",
                self.package.shown(FILE)
            ))?;
        }
        notes.extend(self.recipes.notes.iter().cloned());
        Ok(notes)
    }
}

/// Who answers the tests their files do not: the programs generators.yaml
/// names (`solution:`). The reference is the root's solution, else the
/// one solution named if only one is, else `first` (the first accepted
/// submission, which there must be then); a test whose solution is another is answered by it.
/// `placed`: where each submission goes (package file, kit path);
/// `solutions`: the tests' solutions, where they need one. Returns the
/// reference and each test's own answerer where it is not the reference,
/// as problem.toml names them (relative to `solutions/<name>/`).
pub fn answerers(
    package: &Package,
    (root, solutions): (Option<&Solution>, &[Option<&Solution>]),
    placed: &[(String, String)],
    (name, first): (&str, Option<String>),
) -> Result<(String, Vec<Option<String>>)> {
    let named: BTreeSet<&String> = (solutions.iter().flatten())
        .filter_map(|s| match s {
            Solution::Named(path) => Some(path),
            _ => None,
        })
        .collect();
    let as_kit = |path: &String| -> Result<String> {
        if !package.has(path) {
            bail!(
                "{}: `solution: /{path}`: no such file in the package",
                package.shown(FILE)
            );
        }
        let found = placed.iter().find(|(from, _)| from == path);
        Ok(match found {
            Some((_, to)) => to[format!("solutions/{name}/").len()..].to_string(),
            None if path.starts_with("submissions/") => bail!(
                "{}: `solution: /{path}`: a submission the kit left out",
                package.shown(FILE)
            ),
            // Not a submission: the package's file, from solutions/<name>/.
            None => format!("../../problems/{name}/{}", kept(path)),
        })
    };
    let reference = match (root, named.iter().next()) {
        (Some(Solution::Named(path)), _) => as_kit(path)?,
        (_, Some(only)) if named.len() == 1 => as_kit(only)?,
        _ => match first {
            Some(first) => first,
            None => bail!(
                "{}: no accepted submission in submissions/accepted/ (the kit answers and checks \
                 with one)",
                package.shown.display()
            ),
        },
    };
    let mut own = Vec::new();
    for solution in solutions {
        own.push(match solution {
            Some(Solution::Named(path)) => Some(as_kit(path)?).filter(|s| *s != reference),
            _ => None,
        });
    }
    Ok((reference, own))
}
