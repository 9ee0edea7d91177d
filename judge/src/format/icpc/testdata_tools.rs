//! Kodsport's testdata_tools: a legacy package whose tests
//! `data/generator.sh` makes, a bash script that loads the library's
//! `gen.sh` and calls its functions (`use_solution`, `compile`,
//! `samplegroup`, `sample`, `group`, `limits`, `tc`, `tc_manual`,
//! `include_group`...).
//!
//! The script runs in the kit's sandbox, on a copy of the package without
//! `data/secret/` (the library empties it first), over the kit's own
//! implementation of those functions (`testdata_tools.sh`) in place of the
//! package's `gen.sh`. They generate nothing: they record what the script
//! declares, and lay out the `data/` tree the library makes, its settings
//! files written as the library writes them and an empty file where each
//! test goes. That tree is read as a stored legacy package is
//! (`testdata.rs`: groups, their points and order, validator flags), and
//! each of its tests becomes the recipe recorded for it:
//! - `tc NAME PROGRAM ARGS...`: the program's source (the one `compile`
//!   names; a Python one with the modules beside it it imports) run with
//!   the arguments and the seed the library adds (the first six hex digits
//!   of the MD5 of NAME);
//! - `tc_manual FILE` (and `tg_manual`): the file as it is;
//! - `sample NAME`: `data/sample/NAME.in`;
//! - `tc NAME` and `include_group`: a test case again in another group. The
//!   library links its files there, and problemtools judges the link as a
//!   test of that group: so does the kit, the recipe made again there.
//!
//! The library answers each test with the solution `use_solution` names
//! (`sample_manual`: the sample's own `.ans`); where the package stores the
//! answer (its judges used it), the kit takes it. The inputs the package
//! stores under `data/secret/` are compared with those the recipes make
//! (`judge build` reports the differences); a file the script makes by
//! itself (outside the library) is kept as it made it, under `made/`.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::{Context, Result, bail};
use toml::Spanned;

use super::testdata::{self, FolderSettings, TestData};
use crate::format::imported::{Lossy, kept};
use crate::format::{Package, ToolRun};
use crate::model::config::{ProblemConfig, TestEntry, unread};

/// The script.
pub const SCRIPT: &str = "data/generator.sh";

/// The kit's implementation of the library's functions.
const LIBRARY: &str = include_str!("testdata_tools.sh");

/// Where the files the import makes (not the package's) go in the
/// problem's folder.
const MADE: &str = "made";

/// What the script's run gives the import, besides the `data/` it lays
/// out, read ([`TestData`], its tests at their paths in that tree).
pub struct Made {
    /// The test plan.
    pub entries: Vec<TestEntry>,
    /// The generators of several files (a Python one and its modules).
    pub programs: BTreeMap<String, Spanned<Vec<Spanned<String>>>>,
    /// The package's file `use_solution` names, the reference.
    pub solution: Option<String>,
    /// The files that are not the package's: those the script made by
    /// itself, and the scripts that start generators under PyPy; their
    /// paths in the problem's folder, and their bytes.
    pub files: Vec<(String, Vec<u8>)>,
    pub notes: Vec<String>,
}

/// One record of the run's manifest: what a call of the library declared,
/// at a line of the script.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Record {
    kind: String,
    line: String,
    fields: Vec<String>,
}

/// How the library makes one test.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Recipe {
    /// A sample's own input, answered by the solution or (`manual`) by its
    /// `.ans`.
    Sample {
        manual: bool,
    },
    /// `tc`: a program of the package (`compile`d with `options`), or a
    /// command `add_program` gave, with its arguments (the seed last).
    Program {
        source: String,
        options: String,
        args: Vec<String>,
    },
    Command {
        command: String,
    },
    /// `tc_manual`: a file as it is.
    File {
        file: String,
    },
    /// The test case at this path, again.
    Again {
        from: String,
    },
}

/// Reads the manifest: records of a field count, then the fields, each
/// ended by NUL.
fn records(bytes: &[u8]) -> Result<Vec<Record>> {
    let text = std::str::from_utf8(bytes).context("arguments that are not UTF-8 text")?;
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let Some(text) = text.strip_suffix('\0') else {
        bail!("its last record is cut short");
    };
    let mut fields = text.split('\0');
    let mut all = Vec::new();
    while let Some(count) = fields.next().filter(|c| !c.is_empty()) {
        let count: usize = count
            .parse()
            .with_context(|| format!("a record of {count:?} fields"))?;
        let mut record: Vec<String> = fields.by_ref().take(count).map(str::to_string).collect();
        if record.len() != count || count < 2 {
            bail!("a record cut short: {record:?}");
        }
        let own = record.split_off(2);
        all.push(Record {
            kind: record[0].clone(),
            line: record[1].clone(),
            fields: own,
        });
    }
    Ok(all)
}

/// What the records say: each test's recipe by the path of its input
/// without `.in` (`data/secret/g1/003-big`), the solution, the line of
/// each test's call, and the settings the script loaded the library with.
#[derive(Debug, Default)]
struct Declared {
    recipes: BTreeMap<String, Recipe>,
    lines: BTreeMap<String, String>,
    solutions: Vec<String>,
    /// Each sample's path, by its name.
    samples: BTreeMap<String, String>,
    /// The groups, in the order the script adds them.
    groups: Vec<String>,
    started: bool,
    sample_reuse: bool,
}

impl Declared {
    fn of(records: &[Record]) -> Result<Declared> {
        let mut d = Declared::default();
        for r in records {
            let field = |i: usize| -> Result<&String> {
                (r.fields.get(i))
                    .with_context(|| format!("a `{}` record without field {i}", r.kind))
            };
            let path = field(0).cloned().unwrap_or_default();
            let recipe = match r.kind.as_str() {
                "start" => {
                    d.started = true;
                    d.sample_reuse = field(1)? == "1";
                    continue;
                }
                "solution" => {
                    d.solutions.push(path);
                    continue;
                }
                "group" => {
                    d.groups.push(path);
                    continue;
                }
                "sample" => {
                    d.samples.insert(field(1)?.clone(), path.clone());
                    Recipe::Sample {
                        manual: field(2)? == "manual",
                    }
                }
                "again" => Recipe::Again {
                    from: field(1)?.clone(),
                },
                "test" => match field(2)?.as_str() {
                    "manual" => Recipe::File {
                        file: field(3)?.clone(),
                    },
                    "program" => Recipe::Program {
                        source: field(3)?.clone(),
                        options: field(4)?.clone(),
                        args: r.fields[5..].to_vec(),
                    },
                    _ => Recipe::Command {
                        command: field(3)?.clone(),
                    },
                },
                other => bail!("a record of an unknown kind `{other}`"),
            };
            d.lines.insert(path.clone(), r.line.clone());
            d.recipes.insert(path, recipe);
        }
        Ok(d)
    }

    /// The recipe of the test at `path`, following `again` to the test
    /// case it repeats (and its path).
    fn origin(&self, path: &str) -> Option<(&str, &Recipe)> {
        let mut at = path;
        for _ in 0..=self.recipes.len() {
            match self.recipes.get_key_value(at)? {
                (_, Recipe::Again { from }) => at = from,
                (key, recipe) => return Some((key, recipe)),
            }
        }
        None
    }
}

/// Whether `script` loads testdata_tools: a line `. PATH/gen.sh` (or
/// `source`). Another script of the same name is no recipe of the kit's.
fn loads_library(script: &str) -> bool {
    script.lines().any(|line| {
        let mut words = line.split_whitespace();
        matches!(words.next(), Some("." | "source"))
            && words
                .next()
                .is_some_and(|path| path.trim_matches(['"', '\'']).ends_with("gen.sh"))
    })
}

/// Runs the package's `data/generator.sh` (if it has one, and it loads
/// testdata_tools) over the kit's testdata_tools in the sandbox (`run`),
/// and reads the tests it declares. A script the kit cannot follow is an
/// error; with `--lossy`, where the package stores tests, a warning, and
/// the tests are those it stores.
pub fn read(
    package: &Package,
    kind: (bool, bool),
    top: &FolderSettings,
    lossy: &mut Lossy,
    run: &dyn Fn(&ToolRun) -> Result<()>,
) -> Result<Option<(TestData, Made)>> {
    if !package.has(SCRIPT) || !loads_library(&package.text(SCRIPT)?) {
        return Ok(None);
    }
    let scratch = tempfile::Builder::new()
        .prefix("judge-testdata-tools-")
        .tempdir()
        .context("cannot make a folder to run data/generator.sh in")?;
    let root = scratch.path().join("problem");
    let declared = match declared(package, (&root, scratch.path()), run) {
        Ok(declared) => declared,
        Err(e) if package.has_dir("data/secret") => {
            lossy.drop(format!(
                "{e:#}; the tests data/ stores are taken as they are"
            ))?;
            return Ok(None);
        }
        Err(e) => return Err(e),
    };
    let shown = package.shown(SCRIPT);
    let tree = package.made_in(&root)?;
    let data = testdata::read(&tree, kind, top, lossy)?;
    let mut reading = Reading {
        package,
        tree: &tree,
        declared: &declared,
        shown: &shown,
        python: "pypy3",
    };
    let stored = Stored::of(package);
    let (python, said) = default_python(&reading, &stored, (&root, scratch.path()), run);
    reading.python = python;
    let mut made = reading.made(&data, &stored, lossy)?;
    made.notes.extend(said);
    made.notes.extend(reading.check_samples(&data));
    Ok(Some((data, made)))
}

/// Runs the script on a copy of the package at `root`, over the kit's
/// testdata_tools (both in `work`): what it declares.
fn declared(
    package: &Package,
    (root, work): (&Path, &Path),
    run: &dyn Fn(&ToolRun) -> Result<()>,
) -> Result<Declared> {
    copy_package(package, root)?;
    let library = work.join("testdata_tools.sh");
    let manifest = work.join("manifest");
    std::fs::write(&library, LIBRARY)
        .with_context(|| format!("cannot write {}", library.display()))?;
    let shown = package.shown(SCRIPT);
    let path = |p: &Path| p.display().to_string();
    run(&ToolRun {
        what: format!("{shown} (over the kit's testdata_tools)"),
        argv: ["bash", &path(&library), &path(&manifest), &path(root)]
            .map(str::to_string)
            .to_vec(),
        cwd: &root.join("data"),
        work,
    })?;
    let bytes =
        std::fs::read(&manifest).with_context(|| format!("{shown}: no record of its run"))?;
    let declared =
        Declared::of(&records(&bytes).with_context(|| format!("{shown}: its run's records"))?)?;
    if !declared.started {
        bail!("{shown}: never loads testdata_tools (`. ../testdata_tools/gen.sh`)");
    }
    Ok(declared)
}

/// Copies the package's files into `root`, but for `data/secret/`, which
/// the library empties before it makes anything.
fn copy_package(package: &Package, root: &Path) -> Result<()> {
    for file in package.all().filter(|f| !f.starts_with("data/secret/")) {
        let to = root.join(file);
        if let Some(dir) = to.parent() {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot make {}", dir.display()))?;
        }
        package.copy_to(file, &to)?;
    }
    let data = root.join("data");
    std::fs::create_dir_all(&data).with_context(|| format!("cannot make {}", data.display()))
}

/// The tests of the run, read against the package.
struct Reading<'a> {
    package: &'a Package,
    /// The tree the run laid out, its files named as the package's.
    tree: &'a Package,
    declared: &'a Declared,
    shown: &'a str,
    /// The interpreter of Python generators whose options name none.
    python: &'static str,
}

/// What one test of the tree becomes: the entry's sources, and where it
/// comes from (for the report).
#[derive(Default)]
struct Source {
    generator: Option<String>,
    args: Option<Vec<String>>,
    file: Option<String>,
    answer: Option<String>,
    stored: Option<String>,
    program: Option<Generator>,
    kind: Kind,
}

impl Reading<'_> {
    /// `at` (a test's path), as the script's line that declared it.
    fn line(&self, at: &str) -> String {
        match self.declared.lines.get(at) {
            Some(line) => format!("{}:{line}", self.shown),
            None => self.shown.to_string(),
        }
    }

    /// The library's checks of the samples, which fail its run at its end
    /// but change no test (a package may store tests an older version
    /// made): each in `data/sample/` is declared (`sample` or
    /// `sample_manual`), and, where the problem scores (unless
    /// `REQUIRE_SAMPLE_REUSE=0`), used again in a group.
    fn check_samples(&self, data: &TestData) -> Vec<String> {
        let d = self.declared;
        let mut notes = Vec::new();
        let undeclared: Vec<String> = (data.tests.iter())
            .filter(|t| t.sample && !d.recipes.contains_key(t.stem.as_str()))
            .map(|t| format!("{}.in", t.stem))
            .collect();
        if !undeclared.is_empty() {
            notes.push(format!(
                "{}: declares no `sample` for {} (testdata_tools fails on it); kept as samples \
                 with their own answers",
                self.shown,
                undeclared.join(", ")
            ));
        }
        let alone: Vec<&str> = (d.samples.iter())
            .filter(|(_, path)| {
                !(d.recipes.values()).any(|r| matches!(r, Recipe::Again { from } if from == *path))
            })
            .map(|(name, _)| name.as_str())
            .collect();
        let mut by_name = d.groups.clone();
        by_name.sort();
        if by_name != d.groups {
            notes.push(format!(
                "{}: adds its groups in another order than their names' ({}); problemtools, \
                 Kattis and the kit judge them by name ({})",
                self.shown,
                d.groups.join(", "),
                by_name.join(", ")
            ));
        }
        if d.sample_reuse && !alone.is_empty() {
            notes.push(format!(
                "{}: the samples {} are in no secret group (testdata_tools fails on it unless \
                 REQUIRE_SAMPLE_REUSE=0)",
                self.shown,
                alone.join(", ")
            ));
        }
        notes
    }
}

/// The inputs the package stores under `data/secret/`, by folder and test
/// case name: the library names a test `<index>-<name>`, and the index
/// depends on its version.
struct Stored {
    by_name: BTreeMap<(String, String), String>,
}

impl Stored {
    fn of(package: &Package) -> Stored {
        let mut by_name = BTreeMap::new();
        for file in package.under("data/secret").filter(|f| f.ends_with(".in")) {
            let Some((folder, name)) = file.trim_end_matches(".in").rsplit_once('/') else {
                continue;
            };
            by_name.insert(
                (folder.to_string(), case_name(name).to_string()),
                file.to_string(),
            );
        }
        Stored { by_name }
    }

    /// The stored input of the test at `stem` (its path without `.in`).
    fn of_test(&self, package: &Package, stem: &str) -> Option<String> {
        let exact = format!("{stem}.in");
        if package.has(&exact) {
            return Some(exact);
        }
        let (folder, name) = stem.rsplit_once('/')?;
        let key = (folder.to_string(), case_name(name).to_string());
        self.by_name.get(&key).cloned()
    }
}

/// A generator as problem.toml names it: a file, or a program of several
/// (`[programs]`).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Generator {
    Single(String),
    Several { name: String, files: Vec<String> },
}

impl Generator {
    fn reference(&self) -> String {
        match self {
            Generator::Single(file) => file.clone(),
            Generator::Several { name, .. } => name.clone(),
        }
    }
}

/// CPython, PyPy: the interpreters the library runs Python programs with.
const PYTHONS: [&str; 2] = ["python3", "pypy3"];

/// The interpreter the library runs a Python program with, by its
/// `compile` options, `default` where they name none (PyPy since 2023,
/// CPython before), or why the kit cannot run it.
fn python_of(options: &str, default: &'static str) -> std::result::Result<&'static str, String> {
    if options.contains("cpython3") {
        Ok("python3")
    } else if options.contains("python2") || options.contains("pypy2") {
        Err(format!(
            "is Python 2 (`{options}`), which the kit does not run"
        ))
    } else if options.contains("pypy") {
        Ok("pypy3")
    } else {
        Ok(default)
    }
}

/// The interpreter the package's copy of the library runs Python
/// generators with where `compile` names none: CPython before 2023, PyPy
/// since. Where the package stores inputs such generators make, the
/// smallest few are made again with both, in the sandbox (`run`, in the
/// copy at `root`, files in `work`): the one that alone makes them all is
/// the package's, and a note says so. Else PyPy, as the library now runs
/// them.
fn default_python(
    reading: &Reading,
    stored: &Stored,
    (root, work): (&Path, &Path),
    run: &dyn Fn(&ToolRun) -> Result<()>,
) -> (&'static str, Option<String>) {
    let package = reading.package;
    let mut probes: Vec<(u64, &str, &Vec<String>, String)> = Vec::new();
    for (path, recipe) in &reading.declared.recipes {
        let Recipe::Program {
            source,
            options,
            args,
        } = recipe
        else {
            continue;
        };
        let unnamed = python_of(options, "") == Ok("");
        match stored.of_test(package, path) {
            Some(file) if unnamed && source.ends_with(".py") && package.has(source) => {
                probes.push((package.size(&file).unwrap_or(u64::MAX), source, args, file));
            }
            _ => {}
        }
    }
    probes.sort();
    probes.truncate(3);
    let remakes = |python: &str| {
        (probes.iter().enumerate()).all(|(i, (_, source, args, file))| {
            let out = work.join(format!("probe-{i}-{python}"));
            let mut argv = [
                "bash",
                "-c",
                "out=$1; shift; exec \"$@\" >\"$out\"",
                "probe",
            ]
            .map(str::to_string)
            .to_vec();
            argv.extend([out.display().to_string(), python.to_string()]);
            argv.push(root.join(source).display().to_string());
            argv.extend(args.iter().cloned());
            let what = format!("{source} under {python}");
            let tool = ToolRun {
                what,
                argv,
                cwd: &root.join("data"),
                work,
            };
            run(&tool).is_ok() && std::fs::read(&out).ok() == package.read(file).ok()
        })
    };
    if probes.is_empty() {
        return ("pypy3", None);
    }
    let [cpython, pypy] = PYTHONS.map(remakes);
    let (python, name, era) = match (cpython, pypy) {
        (true, false) => ("python3", "CPython", "before 2023"),
        (false, true) => ("pypy3", "PyPy", "since 2023"),
        _ => return ("pypy3", None),
    };
    let note = format!(
        "{}: the inputs the package stores show that its testdata_tools runs Python generators \
         under {name}, as the library did {era}: so does the kit",
        reading.shown
    );
    (python, Some(note))
}

/// A test's file name without the index the library puts first.
fn case_name(file: &str) -> &str {
    match file.split_once('-') {
        Some((index, rest)) if !index.is_empty() && index.bytes().all(|b| b.is_ascii_digit()) => {
            rest
        }
        _ => file,
    }
}

/// The modules beside a Python program that it imports (`import util`,
/// `from common import *`), and theirs, as files of the package.
fn python_modules(package: &Package, source: &str) -> Vec<String> {
    let dir = source.rsplit_once('/').map_or("", |(d, _)| d);
    let mut found: Vec<String> = Vec::new();
    let mut todo = vec![source.to_string()];
    while let Some(file) = todo.pop() {
        let text = package.text(&file).unwrap_or_default();
        for line in text.lines().map(str::trim) {
            let names = match (line.strip_prefix("import "), line.strip_prefix("from ")) {
                (Some(list), _) => list.split(',').collect::<Vec<_>>(),
                (None, Some(from)) => vec![from.split_whitespace().next().unwrap_or("")],
                _ => continue,
            };
            for name in names {
                let module = name.split_whitespace().next().unwrap_or("");
                let module = module.split('.').next().unwrap_or("");
                let path = match dir.is_empty() {
                    true => format!("{module}.py"),
                    false => format!("{dir}/{module}.py"),
                };
                if !module.is_empty()
                    && package.has(&path)
                    && path != source
                    && !found.contains(&path)
                {
                    found.push(path.clone());
                    todo.push(path);
                }
            }
        }
    }
    found
}

/// Where a test comes from, in the order the report says them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Sample,
    #[default]
    Generated,
    File,
    SampleInGroup,
    Written,
    StoredUnrunnable,
}

impl Kind {
    fn label(self) -> &'static str {
        match self {
            Kind::Sample => "samples",
            Kind::Generated => "generated",
            Kind::File => "files as they are (tc_manual)",
            Kind::SampleInGroup => "samples' inputs in groups",
            Kind::Written => "written by the script itself",
            Kind::StoredUnrunnable => "stored, their recipe unrunnable",
        }
    }
}

/// How many tests come from each kind of recipe, for the report.
#[derive(Default)]
struct Counts {
    by_kind: BTreeMap<Kind, usize>,
    again: usize,
    /// Inputs compared with the package's, answers the solution makes.
    stored: usize,
    answered: usize,
}

impl Reading<'_> {
    /// The file `path` of the tree as problem.toml names it: the package's,
    /// or one the script made, kept under `made/` (once).
    fn input_file(
        &self,
        path: &str,
        at: &str,
        files: &mut Vec<(String, Vec<u8>)>,
    ) -> Result<String> {
        if self.package.has(path) {
            return Ok(kept(path));
        }
        if path.starts_with('/') || !self.tree.has(path) {
            bail!("{}: no file {path} in the package", self.line(at));
        }
        let made = format!("{MADE}/{path}");
        if !files.iter().any(|(p, _)| *p == made) {
            files.push((made.clone(), self.tree.read(path)?));
        }
        Ok(made)
    }

    /// The generator `source` (a file of the package) as problem.toml names
    /// it, run as the library runs it compiled with `options`: with the
    /// modules it imports, where it is Python, and under PyPy unless the
    /// options say CPython (a program of several files, then, with the
    /// script under `made/` that starts it, as `files` keep it). Why the
    /// kit cannot run it, if so.
    fn generator(
        &self,
        source: &str,
        options: &str,
        files: &mut Vec<(String, Vec<u8>)>,
    ) -> std::result::Result<Generator, String> {
        if !source.ends_with(".py") {
            return Ok(Generator::Single(kept(source)));
        }
        let interpreter = python_of(options, self.python)?;
        let path = source.trim_end_matches(".py");
        let stem = path.rsplit('/').next().unwrap_or(path);
        let mut sources: Vec<String> = std::iter::once(source.to_string())
            .chain(python_modules(self.package, source))
            .map(|f| kept(&f))
            .collect();
        let mut name = path.to_string();
        if interpreter == "pypy3" {
            name.push_str("-pypy3");
            let starter = format!("{MADE}/pypy3/{path}.sh");
            let text = format!(
                "# Runs {source} under PyPy, as testdata_tools runs a Python generator (made by \
                 judge import).\nexec pypy3 \"${{0%/*}}/{stem}.py\" \"$@\"\n"
            );
            if !files.iter().any(|(p, _)| *p == starter) {
                files.push((starter.clone(), text.into_bytes()));
            }
            sources.insert(0, starter);
        }
        match sources.len() {
            1 => Ok(Generator::Single(sources.remove(0))),
            _ => Ok(Generator::Several {
                name,
                files: sources,
            }),
        }
    }

    /// What the test at `stem` (its path in the tree, without `.in`)
    /// becomes; none where `--lossy` leaves out a recipe the kit cannot
    /// run and the package stores no input for it.
    fn source(
        &self,
        stem: &str,
        stored: &Stored,
        files: &mut Vec<(String, Vec<u8>)>,
        lossy: &mut Lossy,
    ) -> Result<Option<Source>> {
        let input = format!("{stem}.in");
        let Some((origin, recipe)) = self.declared.origin(stem) else {
            // Written by the script itself, its answer too.
            let file = self.input_file(&input, stem, files)?;
            let answer = self.input_file(&format!("{stem}.ans"), stem, files)?;
            let (file, answer) = (Some(file), Some(answer));
            return Ok(Some(Source {
                file,
                answer,
                kind: Kind::Written,
                ..Source::default()
            }));
        };
        let unrunnable = match recipe {
            Recipe::Sample { manual } => {
                let file = Some(self.input_file(&format!("{origin}.in"), origin, files)?);
                let answer = match manual {
                    true => Some(self.input_file(&format!("{origin}.ans"), origin, files)?),
                    false => None,
                };
                return Ok(Some(Source {
                    file,
                    answer,
                    kind: Kind::SampleInGroup,
                    ..Source::default()
                }));
            }
            Recipe::File { file } => {
                let file = Some(self.input_file(file, origin, files)?);
                return Ok(Some(Source {
                    file,
                    kind: Kind::File,
                    ..Source::default()
                }));
            }
            Recipe::Program {
                source,
                options,
                args,
            } if self.package.has(source) && lossy.has_language_of(source) => {
                match self.generator(source, options, files) {
                    Ok(program) => {
                        return Ok(Some(Source {
                            generator: Some(program.reference()),
                            args: Some(args.clone()),
                            stored: stored.of_test(self.package, stem).map(|s| kept(&s)),
                            program: Some(program),
                            kind: Kind::Generated,
                            ..Source::default()
                        }));
                    }
                    Err(why) => format!("the generator {source} {why}"),
                }
            }
            Recipe::Program { source, .. } if self.package.has(source) => {
                format!("the generator {source}, in a language judge.toml does not have")
            }
            Recipe::Program { source, .. } => {
                format!("the generator {source}, not a file of the package")
            }
            Recipe::Command { command } => format!("the command `{command}` (add_program)"),
            // `origin` follows every one to its first.
            Recipe::Again { from } => bail!("{}: {from} is no test case", self.line(stem)),
        };
        let kept_input = stored.of_test(self.package, stem);
        lossy.drop(format!(
            "{}: {input} is made by {unrunnable}, which the kit cannot run{}",
            self.line(origin),
            match &kept_input {
                Some(file) => format!("; the package's stored {file} is kept as it is"),
                None => "; the test is left out".to_string(),
            }
        ))?;
        Ok(kept_input.map(|file| Source {
            file: Some(kept(&file)),
            kind: Kind::StoredUnrunnable,
            ..Source::default()
        }))
    }

    /// The test plan of the tree's tests, and what the report says of it.
    fn made(&self, data: &TestData, stored: &Stored, lossy: &mut Lossy) -> Result<Made> {
        let mut entries = Vec::new();
        let mut files = Vec::new();
        let mut programs = BTreeMap::new();
        let mut counts = Counts::default();
        for test in &data.tests {
            let stem = test.stem.as_str();
            let Some(mut source) = self.source(stem, stored, &mut files, lossy)? else {
                continue;
            };
            // The answer the judges used, where the package stores it.
            if source.answer.is_none() {
                source.answer = self.stored_answer(stem, stored);
            }
            counts.answered += usize::from(source.answer.is_none());
            let kind = match test.sample {
                true => Kind::Sample,
                false => source.kind,
            };
            *counts.by_kind.entry(kind).or_default() += 1;
            counts.again += usize::from(matches!(
                self.declared.recipes.get(stem),
                Some(Recipe::Again { .. })
            ));
            counts.stored += usize::from(source.stored.is_some());
            if let Some(Generator::Several { name, files }) = &source.program {
                let files = files.iter().map(|f| unread(f.clone())).collect();
                programs.insert(name.clone(), unread(files));
            }
            entries.push(TestEntry {
                generator: source.generator.map(unread),
                args: source.args,
                file: source.file.map(unread),
                answer: source.answer.map(unread),
                stored: source.stored.map(unread),
                sample: test.sample,
                group: test.group.clone(),
                validator_args: test.validator_args.clone(),
                comment: Some(test.comment.clone()),
                ..TestEntry::default()
            });
        }
        let mut notes = vec![self.summary(&counts, entries.len())];
        notes.extend(self.differences(stored));
        let starters = files
            .iter()
            .filter(|(p, _)| p.starts_with(&format!("{MADE}/pypy3/")));
        let starters = starters.count();
        if starters > 0 {
            notes.push(format!(
                "{MADE}/pypy3/: {starters} scripts that run the Python generators under PyPy, as \
                 testdata_tools does unless `compile` says `cpython3`"
            ));
        }
        if files.len() > starters {
            notes.push(format!(
                "{MADE}/: {} files the script made by itself at import (not the package's)",
                files.len() - starters
            ));
        }
        // The solution answers the tests the package stores no answer of.
        let solution = match counts.answered {
            0 => None,
            _ => self.solution(lossy)?,
        };
        Ok(Made {
            entries,
            programs,
            solution,
            files,
            notes,
        })
    }

    /// The answer the package stores for the test at `stem` (in its
    /// folder, by its name), or for the sample it repeats: the one its
    /// judges used.
    fn stored_answer(&self, stem: &str, stored: &Stored) -> Option<String> {
        let input = stored.of_test(self.package, stem).or_else(|| {
            let (origin, _) = self.declared.origin(stem)?;
            let sample = format!("{origin}.in");
            (origin.starts_with("data/sample/") && self.package.has(&sample)).then_some(sample)
        })?;
        let answer = format!("{}.ans", input.strip_suffix(".in")?);
        self.package.has(&answer).then(|| kept(&answer))
    }

    /// The solution that answers: the one `use_solution` names (the last,
    /// where the script changes it, which `--lossy` allows).
    fn solution(&self, lossy: &mut Lossy) -> Result<Option<String>> {
        let mut named = self.declared.solutions.clone();
        named.dedup();
        if named.len() > 1 {
            lossy.drop(format!(
                "{}: use_solution names several solutions ({}), each answering the tests after \
                 it; the kit answers every test with one, the last",
                self.shown,
                named.join(", ")
            ))?;
        }
        Ok(named.pop())
    }

    /// The tests per source, in words.
    fn summary(&self, counts: &Counts, tests: usize) -> String {
        let kinds: Vec<String> = (counts.by_kind.iter())
            .map(|(kind, n)| format!("{n} {}", kind.label()))
            .collect();
        format!(
            "{}, run over the kit's testdata_tools: {tests} tests: {}; {} of them a test case \
             again in a later group (tc NAME, include_group); {} generated inputs compared by \
             judge build with those stored in data/secret; {} answers as the package (or its \
             script) stores them, {} made by the solution use_solution names",
            self.shown,
            kinds.join(", "),
            counts.again,
            counts.stored,
            tests - counts.answered,
            counts.answered
        )
    }

    /// What the package stores under `data/` that the run does not make
    /// alike: stored inputs no test compares with, settings files that
    /// differ.
    fn differences(&self, stored: &Stored) -> Vec<String> {
        let mut notes = Vec::new();
        let compared: Vec<String> = (self
            .tree
            .under("data/secret")
            .filter(|f| f.ends_with(".in")))
        .filter_map(|f| stored.of_test(self.package, f.trim_end_matches(".in")))
        .collect();
        let unmade: Vec<&str> = (self.package.under("data/secret"))
            .filter(|f| f.ends_with(".in") && !compared.iter().any(|c| c == f))
            .collect();
        if !unmade.is_empty() {
            notes.push(format!(
                "{}: {} inputs stored under data/secret that the script does not make (the \
                 library empties the folder first), left out: {}",
                self.shown,
                unmade.len(),
                unmade
                    .iter()
                    .take(5)
                    .copied()
                    .collect::<Vec<_>>()
                    .join(", ")
                    + if unmade.len() > 5 { ", ..." } else { "" }
            ));
        }
        // Settings alike but for the order of their lines are alike.
        let lines = |package: &Package, file: &str| {
            let text = package.text(file).unwrap_or_default();
            let mut lines: Vec<String> = text.lines().map(|l| l.trim().to_string()).collect();
            lines.retain(|l| !l.is_empty());
            lines.sort();
            lines
        };
        let settings = (self.tree.under("data")).filter(|f| f.ends_with("testdata.yaml"));
        let differing: Vec<&str> = settings
            .filter(|f| self.package.has(f) && lines(self.package, f) != lines(self.tree, f))
            .collect();
        if !differing.is_empty() {
            notes.push(format!(
                "{}: the package stores other settings than the script writes (the kit takes the \
                 script's, as testdata_tools writes them): {}",
                self.shown,
                differing.join(", ")
            ));
        }
        notes
    }
}

/// The package's files (their paths in it) that `config`'s tests,
/// programs and reference name: used by the kit, though not where a legacy
/// package keeps its jury's files (`manual-tests/`, a solution outside
/// the verdict folders).
pub fn package_files(config: &ProblemConfig) -> Vec<String> {
    let tests = config.tests.iter().map(Spanned::get_ref);
    let named = tests.flat_map(|t| [&t.file, &t.answer, &t.stored, &t.generator]);
    let listed = config
        .programs
        .values()
        .flat_map(|files| files.get_ref().iter());
    (named.flatten().chain(listed).chain(&config.reference))
        .filter_map(|path| path.get_ref().split_once("package/").map(|(_, file)| file))
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(fields: &[&str]) -> Vec<u8> {
        let mut bytes = format!("{}\0", fields.len()).into_bytes();
        for field in fields {
            bytes.extend_from_slice(field.as_bytes());
            bytes.push(0);
        }
        bytes
    }

    #[test]
    fn records_keep_every_field_whatever_it_holds() {
        let mut bytes = record(&["start", "3", "1", "1"]);
        bytes.extend(record(&[
            "test",
            "12",
            "data/secret/g/001-a",
            "a",
            "program",
            "data/g.py",
            "",
            "x y",
            "\n",
            "7",
        ]));
        let all = records(&bytes).unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!((all[1].kind.as_str(), all[1].line.as_str()), ("test", "12"));
        assert_eq!(all[1].fields[5..], ["x y", "\n", "7"]);
        let declared = Declared::of(&all).unwrap();
        let recipe = Recipe::Program {
            source: "data/g.py".into(),
            options: String::new(),
            args: vec!["x y".into(), "\n".into(), "7".into()],
        };
        assert_eq!(declared.recipes["data/secret/g/001-a"], recipe);
        assert!(declared.started && declared.sample_reuse);
        // A record cut short is no record.
        let cut = &record(&["test", "12", "data/secret/g/001-a"])[..10];
        assert!(records(cut).is_err());
    }

    #[test]
    fn a_test_again_is_its_first_recipe() {
        let mut bytes = record(&["start", "1", "1", "1"]);
        bytes.extend(record(&[
            "test",
            "5",
            "data/secret/a/001-x",
            "x",
            "manual",
            "hand/x.in",
            "",
        ]));
        bytes.extend(record(&[
            "again",
            "9",
            "data/secret/b/001-x",
            "data/secret/a/001-x",
        ]));
        bytes.extend(record(&[
            "again",
            "12",
            "data/secret/c/001-x",
            "data/secret/b/001-x",
        ]));
        let declared = Declared::of(&records(&bytes).unwrap()).unwrap();
        let (origin, recipe) = declared.origin("data/secret/c/001-x").unwrap();
        assert_eq!(origin, "data/secret/a/001-x");
        assert_eq!(
            recipe,
            &Recipe::File {
                file: "hand/x.in".into()
            }
        );
        assert!(declared.origin("data/secret/c/002-y").is_none());
    }

    #[test]
    fn a_script_loads_the_library_by_its_name() {
        assert!(loads_library(
            "#!/bin/bash\n. ../../testdata_tools/gen.sh\ntc a"
        ));
        assert!(loads_library("source \"$DIR/gen.sh\"\n"));
        assert!(!loads_library("# . gen.sh\npython3 gen.py > secret/1.in\n"));
        assert!(!loads_library(". ./helpers.sh\n"));
    }

    #[test]
    fn names_lose_the_index_the_library_gives_them() {
        assert_eq!(case_name("017-big-3"), "big-3");
        assert_eq!(case_name("big-3"), "big-3");
        assert_eq!(case_name("1"), "1");
    }

    #[test]
    fn python_runs_as_the_library_says() {
        assert_eq!(python_of("", "pypy3"), Ok("pypy3"));
        assert_eq!(python_of("opt", "python3"), Ok("python3"));
        assert_eq!(python_of("pypy", "python3"), Ok("pypy3"));
        assert_eq!(python_of("cpython3", "pypy3"), Ok("python3"));
        assert!(python_of("pypy2", "pypy3").is_err() && python_of("python2", "pypy3").is_err());
    }
}
