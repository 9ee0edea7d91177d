//! What a format's reader gives: the files of a kit problem made from a
//! package ([`Imported`]): a `problem.toml` written for it, every file of
//! the package in `package/` at its path there (the tests, jury programs
//! and statements), and the submissions in `solutions/<name>/<verdict>/`.
//!
//! Whatever the kit cannot represent is an error naming the package's
//! file, or, with `--lossy`, a warning in the report ([`Lossy`]): nothing
//! is dropped silently.

use std::collections::BTreeMap;

use anyhow::{Result, bail};
use toml::Spanned;

use crate::format::{Format, Package};
use crate::model::config::{self, FilesConfig, ProblemConfig, Titles, unread};
use crate::model::edit;
use crate::model::kit::NewFile;
use crate::model::lang;
use crate::model::problem::{MAX_NAME, bad_file_name};

/// What the kit cannot represent: an error, or with `--lossy` a warning.
pub struct Lossy {
    allowed: bool,
    pub warnings: Vec<String>,
    /// The extensions of judge.toml's languages: a submission in another
    /// language cannot be judged.
    extensions: Vec<String>,
}

impl Lossy {
    pub fn new(allowed: bool, extensions: Vec<String>) -> Lossy {
        Lossy {
            allowed,
            warnings: Vec::new(),
            extensions,
        }
    }

    /// Whether the kit can judge the submission `file` (shown as `shown`):
    /// a language of judge.toml has its extension. One it cannot judge is
    /// left out (an error unless `--lossy`).
    pub fn judges(&mut self, file: &str, shown: &str) -> Result<bool> {
        if self.has_language_of(file) {
            return Ok(true);
        }
        let extension = file.rsplit_once('.').map_or("", |(_, e)| e);
        self.drop(format!(
            "{shown}: a submission in a language judge.toml does not have (.{extension})"
        ))?;
        Ok(false)
    }

    /// Whether `--lossy` was given: what the kit cannot represent is left
    /// out rather than refused.
    pub fn allowed(&self) -> bool {
        self.allowed
    }

    /// Whether a language of judge.toml has the extension of `file` (a
    /// source file of the package).
    pub fn has_language_of(&self, file: &str) -> bool {
        let extension = file.rsplit_once('.').map_or("", |(_, e)| e);
        self.extensions.iter().any(|e| e == extension)
    }

    /// `what` the import leaves out: an error unless `--lossy`.
    pub fn drop(&mut self, what: String) -> Result<()> {
        if !self.allowed {
            bail!(
                "{what} (the kit cannot represent it: --lossy imports the rest, and says what it left out)"
            );
        }
        self.warnings.push(what);
        Ok(())
    }
}

/// A problem made from a package, not yet written.
pub struct Imported {
    pub format: Format,
    /// Its problem.toml, as the kit's types say it.
    pub config: ProblemConfig,
    /// What problem.toml says in comments: each above its top-level key.
    pub comments: Vec<(&'static str, String)>,
    /// Every other file of the problem, relative to the kit.
    pub files: Vec<NewFile>,
    /// What the import had to decide (a default limit, the reference).
    pub notes: Vec<String>,
    pub tests: usize,
    pub solutions: usize,
}

impl Imported {
    /// The problem's problem.toml, written.
    pub fn problem_toml(&self, name: &str) -> Result<NewFile> {
        Ok(NewFile {
            path: format!("problems/{name}/problem.toml").into(),
            bytes: edit::problem_toml(&self.config, &self.comments)?.into_bytes(),
        })
    }
}

/// The start of an imported problem's problem.toml: its titles (each
/// language's the package has), the
/// format it came from (`label`: as people name it), and the comments
/// that say so.
pub fn config_of(
    package: &Package,
    format: Format,
    label: &str,
    title: Titles,
) -> (ProblemConfig, Vec<(&'static str, String)>) {
    let config = ProblemConfig {
        title,
        imported_from: Some(unread(format.name().to_string())),
        ..ProblemConfig::default()
    };
    let comments = vec![
        (
            "title",
            format!("Imported from {} ({label}).", package.shown.display()),
        ),
        (
            "imported_from",
            "Its statements are the package's, in package/ (unless statement.en.md is written)."
                .to_string(),
        ),
    ];
    (config, comments)
}

/// The titles of a package whose format gives one title to all its
/// statements (CMS, Hydro): that title in each language it has a
/// statement in (English where it has none).
pub fn one_title(package: &Package, format: Format, title: &str) -> Result<Titles> {
    let mut codes: Vec<String> = (format.statements(package.root())?.into_iter())
        .map(|statement| statement.lang)
        .filter(|code| lang::is_code(code))
        .collect();
    codes.dedup();
    if codes.is_empty() {
        codes.push("en".to_string());
    }
    Ok(Titles::of(codes.iter().map(|code| (code.as_str(), title))))
}

/// Says that no wrong solution needs a test aimed at it: `whose` tests
/// (the package's, the task's) name none they catch.
pub fn no_targets(
    config: &mut ProblemConfig,
    comments: &mut Vec<(&'static str, String)>,
    whose: &str,
) {
    config.targets_required = Some(false);
    let why = format!("{whose} tests name no wrong solution they catch.");
    comments.push(("targets_required", why));
}

/// A group scored all or nothing, depending on none.
pub fn group(name: &str, points: u32) -> Spanned<config::Group> {
    unread(config::Group {
        name: name.to_string(),
        points,
        ..config::Group::default()
    })
}

/// problem.toml's `[expected]`: each solution (under
/// `solutions/<problem>/`) with the verdicts it may get.
pub fn expected_of(promises: &[(String, Vec<&str>)]) -> BTreeMap<String, Spanned<Vec<String>>> {
    (promises.iter())
        .map(|(file, verdicts)| {
            let verdicts = verdicts.iter().map(|v| v.to_string()).collect();
            (file.clone(), unread(verdicts))
        })
        .collect()
}

/// A path of the package as problem.toml names it (under `package/`).
pub fn kept_at(file: &str) -> Option<Spanned<String>> {
    Some(unread(kept(file)))
}

/// problem.toml's `[files]` for a package whose solutions read `input`
/// and write `output` (no file where a name is absent or empty), read at
/// `at`; a name the kit would not take is an error there, and so is a file
/// on an `interactive` problem (its solution talks to the interactor over
/// stdin and stdout).
pub fn files_config(
    input: Option<&str>,
    output: Option<&str>,
    interactive: bool,
    at: &str,
) -> Result<Option<FilesConfig>> {
    let named = |name: Option<&str>| -> Result<Option<Spanned<String>>> {
        let Some(name) = name.filter(|n| !n.is_empty()) else {
            return Ok(None);
        };
        if let Some(expected) = bad_file_name(name) {
            bail!("{at}: the solution's file `{name}`: the kit takes {expected}");
        }
        Ok(text(name))
    };
    let files = FilesConfig {
        input: named(input)?,
        output: named(output)?,
    };
    let named = files.input.is_some() || files.output.is_some();
    if named && interactive {
        bail!(
            "{at}: an interactive problem whose solution reads or writes a file: the kit's \
             talks to the interactor over stdin and stdout"
        );
    }
    Ok(named.then_some(files))
}

/// A string of problem.toml.
pub fn text(value: impl Into<String>) -> Option<Spanned<String>> {
    Some(unread(value.into()))
}

/// A problem name from a package's: lower case, `-` for anything else.
pub fn name_from(package: &str) -> String {
    let mut name: String = package
        .chars()
        .map(|c| match c.to_ascii_lowercase() {
            c @ ('a'..='z' | '0'..='9') => c,
            _ => '-',
        })
        .collect();
    name = name.trim_matches('-').to_string();
    while name.contains("--") {
        name = name.replace("--", "-");
    }
    if !name.starts_with(|c: char| c.is_ascii_lowercase()) {
        name = format!("p-{name}");
    }
    name.truncate(MAX_NAME);
    name.trim_end_matches('-').to_string()
}

/// Where a file of the package goes in the problem's folder: under
/// `package/`, at its path in the package, apart from the kit's own files
/// (`problem.toml`, the built `tests/`).
pub fn kept(file: &str) -> String {
    format!("package/{file}")
}

/// Where a solution goes: `<folder>/<file>`, but a Java file under the
/// name of its public class, as javac wants it (CMS stores a submission
/// under the task's name, whatever its class is called).
pub fn solution_file(folder: &str, file: &str, source: &[u8]) -> String {
    if let Some(stem) = file.strip_suffix(".java") {
        let class = crate::model::program::java_public_class(source);
        return format!("{folder}/{}.java", class.as_deref().unwrap_or(stem));
    }
    format!("{folder}/{file}")
}

/// The files of problem `name` but its problem.toml: each submission at
/// the path `solutions` gives it (relative to the kit), and every other
/// file of the package under `package/` (`solutions` gives `Some("")` to
/// leave a file out: a submission `--lossy` dropped).
pub fn files_of(
    package: &Package,
    name: &str,
    solutions: impl Fn(&str) -> Option<String>,
) -> Result<Vec<NewFile>> {
    let mut files = Vec::new();
    for file in package.all() {
        let path = match solutions(file) {
            Some(path) if path.is_empty() => continue,
            Some(path) => path,
            None => format!("problems/{name}/{}", kept(file)),
        };
        files.push(NewFile {
            path: path.into(),
            bytes: package.read(file)?,
        });
    }
    Ok(files)
}

/// The testlib.h a C or C++ program of the package (its path) is built
/// against: the one beside it.
pub fn testlib_beside(program: &str) -> String {
    match program.rsplit_once('/') {
        Some((dir, _)) => format!("{dir}/testlib.h"),
        None => "testlib.h".to_string(),
    }
}

/// The kit's language (judge.toml's name as the kit ships it) of a source
/// with this extension, for a package that names graders by extension.
pub fn kit_language(extension: &str) -> Option<&'static str> {
    Some(match extension {
        "c" => "c",
        "cpp" | "cc" | "cxx" | "c++" => "cpp",
        "py" => "python",
        "java" => "java",
        "rs" => "rust",
        "kt" => "kotlin",
        "sh" => "shell",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn java_solutions_take_their_class_name() {
        let source = b"import java.util.*;\npublic class batch {\n}\n";
        assert_eq!(
            solution_file("accepted", "solution.java", source),
            "accepted/batch.java"
        );
        assert_eq!(
            solution_file("accepted", "A.java", b"class A {}"),
            "accepted/A.java"
        );
        assert_eq!(
            solution_file("wrong_answer", "a.cpp", b""),
            "wrong_answer/a.cpp"
        );
    }

    #[test]
    fn names_from_packages() {
        assert_eq!(name_from("A+B Problem"), "a-b-problem");
        assert_eq!(name_from("3-moving-points"), "p-3-moving-points");
        assert_eq!(name_from("--x--"), "x");
    }
}
