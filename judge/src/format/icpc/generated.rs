//! The 2025-09 package's `generators/generators.yaml`, in BAPCtools'
//! shape (the one [`super::generators`] reads): each generated test by its
//! name in its folder of `data/`, with its command (`generate: gen.py 10
//! 20`), its generator under `generators/` (several sources built together
//! listed under `generators:`), and the reference as the `solution:` that
//! answers them (a test another solution answers names it, beside the
//! generators). `data/` still stores every test, as BAPCtools packages
//! do; `bt generate` removes whatever generators.yaml does not name, so a
//! test made otherwise (a file, the kit's Rust generators, which are
//! crates) is a `copy:` of its files under `generators/data/`, and each
//! folder's `test_group.yaml` and test's `.yaml` are said there too.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};
use yaml_rust2::{Yaml, YamlLoader};

use super::generators::FILE;
use crate::format::subject::{self, Subject};
use crate::format::yaml;
use crate::model::problem::ProgramSpec;
use crate::model::results::{Test, Warning};

/// Characters of a BAPCtools command with a meaning of their own
/// (`{seed}`, `{name}`), which a generated test's arguments must not hold.
const REFUSED: &str = "{}#";

/// Files of the package: (path, bytes).
pub type Files = Vec<(String, Vec<u8>)>;

/// A generated test as generators.yaml names it.
#[derive(Clone)]
struct Command {
    /// Its folder under `data/` (`data/secret/group1`).
    folder: String,
    name: String,
    /// `gen.py 10 20`.
    command: String,
    /// The solution that answers it, where not the root's.
    solution: Option<String>,
}

/// What generators.yaml says, and the files it needs.
#[derive(Default)]
pub struct Generated {
    /// Each generated test's command, in order.
    commands: Vec<Command>,
    /// The generators' files: (path in the package, file of the kit).
    pub files: BTreeMap<String, PathBuf>,
    /// The generators of several files (`generators:`), by name.
    assembled: BTreeMap<String, Vec<String>>,
    /// The generated tests left stored only, by their generator and why.
    pub stored: BTreeMap<String, Vec<String>>,
}

impl Generated {
    /// The generated tests of `s`, each with the folder `folder_of` puts
    /// it in (`data/secret/group1`).
    pub fn of(s: &Subject, folder_of: impl Fn(&Test) -> String) -> Result<Generated> {
        let mut g = Generated::default();
        for test in s.tests {
            let Some((generator, args)) = subject::command_of(s, test, REFUSED) else {
                continue;
            };
            let shown = s.problem.program_shown(generator);
            let spec = s.problem.tests.iter().find(|t| t.name == test.name);
            // A test another solution answers names it (`solution:`),
            // shipped beside the generators.
            let answerer = spec.and_then(|t| t.answerer.as_ref());
            let solution = match answerer {
                Some(path) => {
                    let name = crate::base::fsutil::file_name(path);
                    g.ship(&format!("generators/{name}"), path)?;
                    Some(format!("/generators/{name}"))
                }
                None => None,
            };
            // A program folder (its own `build` and `run`, or sources
            // BAPCtools builds together) ships as a folder of generators/;
            // so does a source alone in a folder of an imported package's
            // generators/ (BAPCtools's program folder, which the command
            // names): two such folders may hold files of one name.
            if let Some((dir, files)) = program_folder(s, generator)? {
                let name = crate::base::fsutil::file_name(dir);
                for (rel, file) in files {
                    g.ship(&format!("generators/{name}/{rel}"), &file)?;
                }
                let command = std::iter::once(name).chain(args.iter().cloned());
                g.commands.push(Command {
                    folder: folder_of(test),
                    name: test.name.clone(),
                    command: command.collect::<Vec<_>>().join(" "),
                    solution,
                });
                continue;
            }
            let Some(files) = subject::generator_files(generator)? else {
                let why = format!(
                    "{shown}, which {FILE} cannot name (a program BAPCtools builds from its sources)"
                );
                g.stored.entry(why).or_default().push(test.name.clone());
                continue;
            };
            let program = match files.files.len() {
                1 => files.files[0].0.clone(),
                _ => {
                    let names = files.files.iter().map(|(name, _)| name.clone());
                    g.assembled.insert(files.name.clone(), names.collect());
                    files.name.clone()
                }
            };
            for (name, source) in &files.files {
                g.ship(&format!("generators/{name}"), source)?;
            }
            let command = std::iter::once(program).chain(args.iter().cloned());
            let command = command.collect::<Vec<_>>().join(" ");
            // A command ending in `.in` is a copy to BAPCtools.
            if command.ends_with(".in") {
                continue;
            }
            g.commands.push(Command {
                folder: folder_of(test),
                name: test.name.clone(),
                command,
                solution,
            });
        }
        Ok(g)
    }
}

/// A program folder: the folder, and its files by their paths in it.
type ProgramFolder<'a> = (&'a Path, Vec<(String, PathBuf)>);

/// The folder `generator` ships as: a program folder, or a source alone in
/// a folder of an imported package's `generators/` (with the headers it
/// includes).
fn program_folder<'a>(
    s: &Subject,
    generator: &'a ProgramSpec,
) -> Result<Option<ProgramFolder<'a>>> {
    Ok(match generator {
        ProgramSpec::Folder(dir) => {
            let files = crate::base::fsutil::files_under(dir)
                .map_err(|e| crate::base::fsutil::naming(dir, e))?;
            let rel = |file: &PathBuf| {
                let rel = file.strip_prefix(dir).unwrap_or(file);
                (rel.to_string_lossy().into_owned(), file.clone())
            };
            Some((dir.as_path(), files.iter().map(rel).collect()))
        }
        ProgramSpec::Source(path) => match subject::program_folder_of(s, path) {
            Some(dir) => Some((dir, subject::with_headers(path)?)),
            None => None,
        },
        _ => None,
    })
}

impl Generated {
    /// Ships `source` at `path`, once: two generators' files of one name
    /// are an error naming both, unless they hold the same bytes (a header
    /// each generator's folder has a copy of).
    fn ship(&mut self, path: &str, source: &PathBuf) -> Result<()> {
        let same = |other: &PathBuf| {
            other == source
                || matches!((std::fs::read(other), std::fs::read(source)), (Ok(a), Ok(b)) if a == b)
        };
        match self.files.get(path) {
            Some(other) if !same(other) => bail!(
                "{} and {}: two generators' files named {path}: rename one",
                other.display(),
                source.display()
            ),
            _ => self.files.insert(path.to_string(), source.clone()),
        };
        Ok(())
    }

    /// generators.yaml's text, answered by `solution` (a path from the
    /// package's root, `/submissions/accepted/ref.py`), naming every file
    /// of `data` (each path under the package's `data/` with its bytes):
    /// `bt generate` removes what it does not name. A test no command
    /// makes is a copy of its files, shipped under `generators/data/`; a
    /// test's own `.yaml` its `yaml:`, a folder's `test_group.yaml` its
    /// `test_group.yaml:`. None when no test is generated.
    pub fn text(&self, solution: Option<String>, data: &Files) -> Result<Option<(String, Files)>> {
        if self.commands.is_empty() {
            return Ok(None);
        }
        let mut root: Vec<(&str, Yaml)> = Vec::new();
        if let Some(solution) = solution {
            root.push(("solution", yaml::string(solution)));
        }
        if !self.assembled.is_empty() {
            let programs = (self.assembled.iter())
                .map(|(name, files)| (name.as_str(), yaml::strings(files.iter().map(|f| &**f))));
            root.push(("generators", yaml::map(programs)));
        }
        let mut tree = Folder::default();
        let mut copies = Vec::new();
        for (path, bytes) in data {
            let (folder, file) = path.rsplit_once('/').unwrap_or(("", path));
            let at = (folder.split('/').skip(1).filter(|p| !p.is_empty()))
                .fold(&mut tree, |f, part| {
                    f.folders.entry(part.to_string()).or_default()
                });
            let (name, extension) = file.split_once('.').unwrap_or((file, ""));
            match extension {
                _ if file == "test_group.yaml" => at.settings = Some(parsed(path, bytes)?),
                "yaml" => at.case(name).own = Some(parsed(path, bytes)?),
                _ => {
                    let made = self
                        .commands
                        .iter()
                        .find(|c| c.folder == folder && c.name == name);
                    let case = at.case(name);
                    match made {
                        Some(command) => case.command = Some(command.clone()),
                        None => case.copy = Some(format!("{folder}/{name}")),
                    }
                    // What a command makes is made again; the rest is copied.
                    let regenerated = made.is_some() && ["in", "ans"].contains(&extension);
                    if !regenerated {
                        copies.push((format!("generators/{path}"), bytes.clone()));
                    }
                }
            }
        }
        let mut keys = root;
        if let Some(settings) = tree.settings.take() {
            keys.push(("test_group.yaml", settings));
        }
        keys.push(("data", tree.entries()));
        Ok(Some((yaml::text(&yaml::map(keys))?, copies)))
    }

    /// What the judges that read generators.yaml lose: the generated tests
    /// it cannot name, stored only.
    pub fn warnings(&self, s: &Subject) -> Vec<Warning> {
        (self.stored.iter())
            .map(|(why, tests)| Warning {
                problem: s.problem.name.clone(),
                judge: "ICPC 2025-09",
                message: format!(
                    "{} tests ({}) are made by {why}: they are stored tests only",
                    tests.len(),
                    tests.join(", ")
                ),
            })
            .collect()
    }
}

/// A test case of generators.yaml: its command, or the files it copies
/// (a path under `generators/` without the extension), and its own
/// settings.
#[derive(Default)]
struct Case {
    command: Option<Command>,
    copy: Option<String>,
    own: Option<Yaml>,
}

/// A folder of generators.yaml's `data:` tree: its cases by name, its
/// settings (`test_group.yaml:`), its folders.
#[derive(Default)]
struct Folder {
    cases: BTreeMap<String, Case>,
    settings: Option<Yaml>,
    folders: BTreeMap<String, Folder>,
}

/// The YAML document `bytes` of the package file `path`.
fn parsed(path: &str, bytes: &[u8]) -> Result<Yaml> {
    let text = String::from_utf8_lossy(bytes);
    let docs = YamlLoader::load_from_str(&text).map_err(|e| anyhow!("{path}: {e}"))?;
    Ok(docs.into_iter().next().unwrap_or(Yaml::Null))
}

impl Folder {
    /// The case `name`, made where it was not.
    fn case(&mut self, name: &str) -> &mut Case {
        self.cases.entry(name.to_string()).or_default()
    }

    /// Its entries: a map (cases named by their keys), its cases, then its
    /// folders (`sample` before `secret`, as BAPCtools makes them), each
    /// `{test_group.yaml: ..., data: {...}}`.
    fn entries(&self) -> Yaml {
        let mut keys: Vec<(&str, Yaml)> = (self.cases.iter())
            .map(|(name, c)| {
                let mut case = Vec::new();
                if let Some(command) = &c.command {
                    case.push(("generate", yaml::string(&command.command)));
                    if let Some(solution) = &command.solution {
                        case.push(("solution", yaml::string(solution)));
                    }
                }
                if let Some(copy) = &c.copy {
                    case.push(("copy", yaml::string(copy)));
                }
                if let Some(own) = &c.own {
                    case.push(("yaml", own.clone()));
                }
                (name.as_str(), yaml::map(case))
            })
            .collect();
        let mut folders: Vec<(&String, &Folder)> = self.folders.iter().collect();
        folders.sort_by_key(|(name, _)| (name.as_str() != "sample", name.as_str()));
        for (name, f) in folders {
            let settings = f.settings.iter().map(|s| ("test_group.yaml", s.clone()));
            let entry = settings.chain([("data", f.entries())]);
            keys.push((name.as_str(), yaml::map(entry)));
        }
        yaml::map(keys)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two generators' folders may each hold a copy of one header: it is
    /// shipped once; two files of one name that differ are an error.
    #[test]
    fn a_header_two_generators_share_goes_once() {
        let dir = tempfile::tempdir().unwrap();
        let file = |rel: &str, text: &str| {
            let path = dir.path().join(rel);
            testkit::files::write(&path, text);
            path
        };
        let (a, b) = (
            file("a/v.h", "#define V 1\n"),
            file("b/v.h", "#define V 1\n"),
        );
        let mut g = Generated::default();
        g.ship("generators/v.h", &a).unwrap();
        g.ship("generators/v.h", &b).unwrap();
        assert_eq!(g.files.len(), 1);
        let other = file("c/v.h", "#define V 2\n");
        let error = g.ship("generators/v.h", &other).unwrap_err().to_string();
        assert!(
            error.contains("two generators' files named generators/v.h"),
            "{error}"
        );
    }
}
