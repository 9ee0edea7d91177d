//! `judge new`: the files of a new problem — the kit's template, or a copy
//! of another problem with its programs renamed — prepared in memory, then
//! written in one go and registered in `judge.toml`. A write that fails
//! midway, or a problem that does not load afterwards, removes everything
//! written, so the kit is left as it was.
//!
//! The template lives in `judge/templates/new/`, one file per file of the
//! new problem, with `{{name}}` where the problem's name goes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::base::fsutil;
use crate::model::config::{self, KitConfig};
use crate::model::edit::Edit;
use crate::model::kit::{Kit, NewFile};
use crate::model::problem::{Problem, Role};

/// The token a template has where the problem's name goes.
const NAME_TOKEN: &str = "{{name}}";

/// The template: where each file goes (relative to the kit) and its text.
const TEMPLATE: [(&str, &str); 10] = [
    (
        "problems/{{name}}/problem.toml",
        include_str!("../../templates/new/problem.toml"),
    ),
    (
        "problems/{{name}}/statement.en.md",
        include_str!("../../templates/new/statement.en.md"),
    ),
    (
        "problems/{{name}}/statement.zh.md",
        include_str!("../../templates/new/statement.zh.md"),
    ),
    (
        "problems/{{name}}/samples/1.in",
        include_str!("../../templates/new/sample.in"),
    ),
    (
        "generators/src/bin/gen-{{name}}.rs",
        include_str!("../../templates/new/gen.rs"),
    ),
    (
        "validators/src/bin/val-{{name}}.rs",
        include_str!("../../templates/new/val.rs"),
    ),
    (
        "checkers/src/bin/check-{{name}}.rs",
        include_str!("../../templates/new/check.rs"),
    ),
    (
        "solutions/{{name}}/accepted/{{name}}.rs",
        include_str!("../../templates/new/accepted.rs"),
    ),
    (
        "solutions/{{name}}/brute_force/{{name}}_search.rs",
        include_str!("../../templates/new/brute_force.rs"),
    ),
    (
        "solutions/{{name}}/wrong_answer/normal_play.rs",
        include_str!("../../templates/new/wrong_answer.rs"),
    ),
];

/// The template's files for a problem called `name`.
pub fn from_template(name: &str) -> Vec<NewFile> {
    TEMPLATE
        .iter()
        .map(|(path, text)| NewFile {
            path: PathBuf::from(path.replace(NAME_TOKEN, name)),
            bytes: text.replace(NAME_TOKEN, name).into_bytes(),
        })
        .collect()
}

/// What marks a copy's title, in English and in Chinese.
pub const COPY_MARK: (&str, &str) = (" (copy)", "（副本）");

/// The files of problem `from` (which must load), copied for a problem
/// called `name`: its folder without the built `tests/` and `build/`, its
/// solutions as they are, and each program named after it (`check-<from>`,
/// `val-<from>.cpp`, ...) renamed after `name`, with problem.toml saying
/// so. The title gains [`COPY_MARK`] in problem.toml and in the statements'
/// first heading.
pub fn from_problem(kit: &Kit, from: &str, name: &str) -> Result<Vec<NewFile>> {
    kit.select(&[from.to_string()]).context("--from")?;
    let problem = Problem::load(&kit.root, from, &kit.config)?;
    let old_dir = Path::new("problems").join(from);
    let new_dir = Path::new("problems").join(name);
    let mut edit = Edit::of(&problem.config.path, &problem.config.text)?;
    // Destination → source, both relative to the kit.
    let mut copies: BTreeMap<PathBuf, PathBuf> = BTreeMap::new();
    let renamer = Renamer {
        root: &kit.root,
        problem_dir: &old_dir,
        from,
        name,
    };
    edit.rename_programs(|value, role| renamer.rename(value, role, &mut copies))?;
    let titles = &problem.config.value.title;
    let retitled_all: Vec<(&str, String, String)> = (titles.each())
        .map(|(code, title)| {
            let mark = if code == "zh" {
                COPY_MARK.1
            } else {
                COPY_MARK.0
            };
            (code, title.to_string(), format!("{title}{mark}"))
        })
        .collect();
    edit.set_titles(
        retitled_all
            .iter()
            .map(|(code, _, new)| (*code, new.as_str())),
    );

    let mut files = Vec::new();
    let toml_file = old_dir.join("problem.toml");
    for source in copied_files(&kit.root, &old_dir)? {
        let rel = source.strip_prefix(&old_dir).unwrap_or(&source);
        let bytes = if source == toml_file {
            edit.text().into_bytes()
        } else {
            read(&kit.root, &source)?
        };
        // A statement of the kit's (`statement.<code>.md`) with its title.
        let code = rel
            .to_str()
            .and_then(|r| r.strip_prefix("statement.")?.strip_suffix(".md"));
        let bytes = match retitled_all.iter().find(|(c, _, _)| Some(*c) == code) {
            Some((_, old, new)) => retitled(bytes, old, new),
            None => bytes,
        };
        files.push(NewFile {
            path: new_dir.join(rel),
            bytes,
        });
    }
    let old_solutions = Path::new("solutions").join(from);
    let new_solutions = Path::new("solutions").join(name);
    for source in copied_files(&kit.root, &old_solutions)? {
        let rel = source.strip_prefix(&old_solutions).unwrap_or(&source);
        files.push(NewFile {
            path: new_solutions.join(rel),
            bytes: read(&kit.root, &source)?,
        });
    }
    for (path, source) in copies {
        files.push(NewFile {
            bytes: read(&kit.root, &source)?,
            path,
        });
    }
    Ok(files)
}

/// Renames the programs of a copied problem.
struct Renamer<'a> {
    root: &'a Path,
    /// The original problem's folder, relative to the kit.
    problem_dir: &'a Path,
    from: &'a str,
    name: &'a str,
}

impl Renamer<'_> {
    /// `check-<from>` (or `val-`, `gen-`, or `<from>` alone) becomes the
    /// same after `name`; any other program keeps its name (a standard
    /// checker, a program shared by several problems).
    fn renamed(&self, program: &str) -> Option<String> {
        let prefix = program.strip_suffix(self.from)?;
        matches!(prefix, "" | "check-" | "val-" | "gen-").then(|| format!("{prefix}{}", self.name))
    }

    /// Rewrites one program of problem.toml (`role`: a cargo binary of
    /// that role when it has no `.`; else a file relative to the problem
    /// folder) and records the file to copy under its new name. A file
    /// inside the problem folder is copied with it and keeps its name.
    fn rename(
        &self,
        value: &str,
        role: Option<Role>,
        copies: &mut BTreeMap<PathBuf, PathBuf>,
    ) -> Result<Option<String>> {
        let (source, new_value, destination) = if value.contains('.') {
            let path = Path::new(&value);
            let Some(file) = fsutil::within(&self.problem_dir.join(path)) else {
                bail!("{value}: a program outside the kit cannot be copied");
            };
            if file.starts_with(self.problem_dir) {
                return Ok(None);
            }
            let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let Some(new_stem) = self.renamed(stem) else {
                return Ok(None);
            };
            let new_name = match path.extension().and_then(|e| e.to_str()) {
                Some(extension) => format!("{new_stem}.{extension}"),
                None => new_stem,
            };
            let new_value = path.with_file_name(&new_name);
            (
                file.clone(),
                new_value.to_string_lossy().into_owned(),
                file.with_file_name(&new_name),
            )
        } else {
            let (Some(role), Some(new_name)) = (role, self.renamed(value)) else {
                return Ok(None);
            };
            let bin = Path::new(role.package()).join("src/bin");
            (
                bin.join(format!("{value}.rs")),
                new_name.clone(),
                bin.join(format!("{new_name}.rs")),
            )
        };
        if !self.root.join(&source).is_file() {
            bail!(
                "{} names {value}, but {} does not exist",
                self.problem_dir.join("problem.toml").display(),
                source.display()
            );
        }
        copies.insert(destination, source);
        Ok(Some(new_value))
    }
}

/// A statement whose first line is `# <old>`, with `# <new>` instead.
fn retitled(bytes: Vec<u8>, old: &str, new: &str) -> Vec<u8> {
    let heading = format!("# {old}\n");
    match bytes.strip_prefix(heading.as_bytes()) {
        Some(rest) => [format!("# {new}\n").as_bytes(), rest].concat(),
        None => bytes,
    }
}

/// The files under `dir` (relative to the kit) that a copy takes: not the
/// built tests and build outputs at the top of a problem folder, nor what
/// the kit's `.gitignore` keeps out of git anywhere.
fn copied_files(root: &Path, dir: &Path) -> Result<Vec<PathBuf>> {
    let walk = walkdir::WalkDir::new(root.join(dir))
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            let name = e.file_name().to_string_lossy();
            let built =
                e.depth() == 1 && e.file_type().is_dir() && (name == "tests" || name == "build");
            !built && name != "__pycache__" && !name.ends_with(".o") && !name.ends_with(".out")
        });
    let mut files = Vec::new();
    for entry in walk {
        let entry = entry.with_context(|| format!("cannot read {}", dir.display()))?;
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(root).unwrap_or(entry.path());
            files.push(rel.to_path_buf());
        }
    }
    Ok(files)
}

/// The bytes of a kit file.
fn read(root: &Path, rel: &Path) -> Result<Vec<u8>> {
    let path = root.join(rel);
    Ok(std::fs::read(&path).map_err(|e| fsutil::naming(&path, e))?)
}

/// Writes `files` for a new problem `name` and registers it in judge.toml,
/// after checking that nothing is in the way; checks that the problem
/// loads. On any failure, whatever was written is removed and judge.toml
/// restored.
pub fn create(kit: &Kit, name: &str, files: &[NewFile]) -> Result<()> {
    let toml_path = kit.root.join("judge.toml");
    if kit
        .config
        .value
        .problems
        .iter()
        .any(|p| p.get_ref() == name)
    {
        bail!(
            "{} lists `{name}` already: choose another name",
            toml_path.display()
        );
    }
    // The marks of a `judge new` killed after judge.toml named its problem.
    for listed in &kit.config.value.problems {
        for folder in ["problems", "solutions"] {
            let dir = kit.root.join(folder).join(listed.get_ref());
            if unfinished(&dir) {
                let _ = std::fs::remove_file(dir.join(UNFINISHED));
            }
        }
    }
    let folders = ["problems", "solutions"].map(|folder| kit.root.join(folder).join(name));
    if folders.iter().any(|dir| unfinished(dir)) {
        // What a killed `judge new` of this name wrote: its folders, and
        // the files it writes outside them (a generator in the workspace).
        for file in files {
            let path = kit.root.join(&file.path);
            if !folders.iter().any(|dir| path.starts_with(dir)) && path.is_file() {
                std::fs::remove_file(&path).map_err(|e| fsutil::naming(&path, e))?;
            }
        }
        for dir in folders.iter().filter(|dir| dir.exists()) {
            std::fs::remove_dir_all(dir).map_err(|e| fsutil::naming(dir, e))?;
        }
    }
    for dir in &folders {
        if dir.exists() {
            bail!(
                "{} exists already: expected no folder for a new problem `{name}`",
                dir.display()
            );
        }
    }
    for file in files {
        let path = kit.root.join(&file.path);
        if path.exists() {
            bail!(
                "{} exists already: a new problem `{name}` would overwrite it",
                path.display()
            );
        }
    }
    // Read now, with the kit as loaded: restored as is on failure.
    let before = std::fs::read_to_string(&toml_path).map_err(|e| fsutil::naming(&toml_path, e))?;
    let after = {
        let mut edit = Edit::of(&toml_path, &before)?;
        edit.add_problem(name)?;
        edit.text()
    };

    let mut written = Written::default();
    let result = (|| -> Result<()> {
        // Marked first: a judge killed before judge.toml names the problem
        // leaves folders that the next `judge new` knows for its own.
        for dir in &folders {
            written.write(&dir.join(UNFINISHED), b"")?;
        }
        for file in files {
            written.write(&kit.root.join(&file.path), &file.bytes)?;
        }
        fsutil::write_atomic(&toml_path, after.as_bytes())?;
        written.registered = true;
        let config: config::Source<KitConfig> = config::load(&toml_path)?;
        Problem::load(&kit.root, name, &config)
            .context("the new problem does not load; nothing was created")?;
        for dir in &folders {
            let _ = std::fs::remove_file(dir.join(UNFINISHED));
        }
        Ok(())
    })();
    if result.is_err() {
        written.undo(&toml_path, &before);
    }
    result
}

/// The mark of a problem's folders that `judge new` is writing.
const UNFINISHED: &str = ".judge-new";

/// Whether `dir` is what a `judge new` killed before it named the problem
/// in judge.toml left: marked, or made and killed before the mark was
/// (empty). The caller holds the build lock, under which every `judge
/// new` runs: no live one is writing it.
fn unfinished(dir: &Path) -> bool {
    dir.join(UNFINISHED).is_file()
        || std::fs::read_dir(dir).is_ok_and(|mut entries| entries.next().is_none())
}

/// What [`create`] wrote so far, to undo it.
#[derive(Default)]
struct Written {
    /// Folders made, outermost first.
    dirs: Vec<PathBuf>,
    files: Vec<PathBuf>,
    /// judge.toml was changed.
    registered: bool,
}

impl Written {
    /// Writes a new file (never over an existing one), making its folders.
    fn write(&mut self, path: &Path, bytes: &[u8]) -> Result<()> {
        let parent = path.parent().context("a file with no folder")?;
        let missing: Vec<PathBuf> = parent
            .ancestors()
            .take_while(|d| !d.exists())
            .map(Path::to_path_buf)
            .collect();
        for dir in missing.into_iter().rev() {
            std::fs::create_dir(&dir).map_err(|e| fsutil::naming(&dir, e))?;
            self.dirs.push(dir);
        }
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|e| fsutil::naming(path, e))?;
        self.files.push(path.to_path_buf());
        std::io::Write::write_all(&mut file, bytes).map_err(|e| fsutil::naming(path, e))?;
        Ok(())
    }

    /// Removes what was written and restores judge.toml; best effort, the
    /// first error is what the user sees.
    fn undo(&self, toml_path: &Path, before: &str) {
        if self.registered {
            let _ = fsutil::write_atomic(toml_path, before.as_bytes());
        }
        for file in self.files.iter().rev() {
            let _ = std::fs::remove_file(file);
        }
        for dir in self.dirs.iter().rev() {
            let _ = std::fs::remove_dir(dir);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_names_everything_after_the_problem() {
        let files = from_template("pile");
        assert_eq!(files.len(), TEMPLATE.len());
        for file in &files {
            let text = String::from_utf8(file.bytes.clone()).unwrap();
            assert!(!text.contains("{{"), "{}", file.path.display());
            assert!(!file.path.to_string_lossy().contains('{'));
        }
        let toml = String::from_utf8(files[0].bytes.clone()).unwrap();
        assert!(toml.contains("checker = \"check-pile\""), "{toml}");
        assert!(toml.contains("against = \"brute_force/pile_search.rs\""));
    }

    #[test]
    fn programs_named_after_the_problem_are_renamed() {
        let r = Renamer {
            root: Path::new("."),
            problem_dir: Path::new("problems/nim"),
            from: "nim",
            name: "pile",
        };
        assert_eq!(r.renamed("check-nim").as_deref(), Some("check-pile"));
        assert_eq!(r.renamed("val-nim").as_deref(), Some("val-pile"));
        assert_eq!(r.renamed("nim").as_deref(), Some("pile"));
        assert_eq!(r.renamed("check-anti-nim"), None);
        assert_eq!(r.renamed("wcmp"), None);
    }

    #[test]
    fn paths_resolve_within_the_kit() {
        let p = fsutil::within(Path::new("problems/bash/../../validators/cpp/val-bash.cpp"));
        assert_eq!(p, Some(PathBuf::from("validators/cpp/val-bash.cpp")));
        assert_eq!(fsutil::within(Path::new("problems/../../x")), None);
    }

    #[test]
    fn a_statement_heading_gets_the_new_title() {
        let out = retitled(b"# Nim\n\ntext\n".to_vec(), "Nim", "Nim (copy)");
        assert_eq!(out, b"# Nim (copy)\n\ntext\n");
        let other = retitled(b"# Other\n".to_vec(), "Nim", "Nim (copy)");
        assert_eq!(other, b"# Other\n");
    }
}
