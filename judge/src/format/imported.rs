//! What a format's reader gives: the files of a kit problem made from a
//! package ([`Imported`]): a `problem.toml` written for it, every file of
//! the package in `package/` at its path there (the tests, jury programs
//! and statements), and the submissions in `solutions/<name>/<verdict>/`.
//!
//! Whatever the kit cannot represent is an error naming the package's
//! file, or, with `--lossy`, a warning in the report ([`Lossy`]): nothing
//! is dropped silently.

use std::fmt::Write as _;

use anyhow::{Result, bail};

use crate::format::{Format, Package};
use crate::model::kit::NewFile;
use crate::model::problem::MAX_NAME;

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
        let extension = file.rsplit_once('.').map_or("", |(_, e)| e);
        if self.extensions.iter().any(|e| e == extension) {
            return Ok(true);
        }
        self.drop(format!(
            "{shown}: a submission in a language judge.toml does not have (.{extension})"
        ))?;
        Ok(false)
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
    /// Every file of the problem, relative to the kit.
    pub files: Vec<NewFile>,
    /// What the import had to decide (a default limit, the reference).
    pub notes: Vec<String>,
    pub tests: usize,
    pub solutions: usize,
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
        let text = String::from_utf8_lossy(source);
        let class = text.split("public class").nth(1).and_then(|rest| {
            let name: String = rest
                .trim_start()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty()).then_some(name)
        });
        return format!("{folder}/{}.java", class.as_deref().unwrap_or(stem));
    }
    format!("{folder}/{file}")
}

/// The files of problem `name`: its `problem.toml`, each submission at the
/// path `solutions` gives it (relative to the kit), and every other file
/// of the package under `package/` (`solutions` gives `Some("")` to leave
/// a file out: a submission `--lossy` dropped).
pub fn files_of(
    package: &Package,
    name: &str,
    toml: ProblemToml,
    solutions: impl Fn(&str) -> Option<String>,
) -> Result<Vec<NewFile>> {
    let mut files = vec![NewFile {
        path: format!("problems/{name}/problem.toml").into(),
        bytes: toml.finish().into_bytes(),
    }];
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

/// A TOML string literal.
pub fn quoted(text: &str) -> String {
    toml_edit::Value::from(text).to_string()
}

/// A group of an imported problem, as problem.toml says it.
#[derive(Clone)]
pub struct Group {
    pub name: String,
    pub points: u64,
    /// Each accepted test scores an equal share of the points.
    pub each: bool,
    /// The groups that must pass in full first.
    pub depends: Vec<String>,
}

impl Group {
    /// A group scored all or nothing.
    pub fn new(name: &str, points: u64) -> Group {
        Group {
            name: name.to_string(),
            points,
            each: false,
            depends: Vec::new(),
        }
    }
}

/// `problem.toml`, written line by line.
#[derive(Default)]
pub struct ProblemToml {
    text: String,
}

impl ProblemToml {
    /// A problem.toml that starts by saying where it comes from (`label`:
    /// the format as people name it), the titles and the format.
    pub fn imported(
        package: &Package,
        format: Format,
        label: &str,
        en: &str,
        zh: &str,
    ) -> ProblemToml {
        let mut toml = ProblemToml::default();
        toml.comment(&format!(
            "Imported from {} ({label}).",
            package.shown.display()
        ));
        toml.line(
            "title",
            &format!("{{ en = {}, zh = {} }}", quoted(en), quoted(zh)),
        );
        toml.comment(
            "Its statements are the package's, in package/ (unless statement.en.md is written).",
        );
        toml.line("imported_from", &quoted(format.name()));
        toml
    }

    /// A `[[groups]]` table for each group, with its points (scored all
    /// or nothing).
    pub fn groups<'a>(&mut self, groups: impl IntoIterator<Item = (&'a str, u64)>) -> &mut Self {
        for (name, points) in groups {
            self.group(&Group::new(name, points));
        }
        self
    }

    /// A `[[groups]]` table.
    pub fn group(&mut self, group: &Group) -> &mut Self {
        self.table("[[groups]]");
        self.line("name", &quoted(&group.name));
        self.line("points", &group.points.to_string());
        if group.each {
            self.line("scoring", &quoted("each"));
        }
        if !group.depends.is_empty() {
            let names: Vec<String> = group.depends.iter().map(|d| quoted(d)).collect();
            self.line("depends", &format!("[{}]", names.join(", ")));
        }
        self
    }

    /// A `key = value` line (`value` written as TOML already).
    pub fn line(&mut self, key: &str, value: &str) -> &mut Self {
        let _ = writeln!(self.text, "{key} = {value}");
        self
    }

    /// A `# comment` line.
    pub fn comment(&mut self, text: &str) -> &mut Self {
        for line in text.lines() {
            let _ = writeln!(self.text, "# {line}");
        }
        self
    }

    /// A blank line, then `[header]` (or `[[header]]`).
    pub fn table(&mut self, header: &str) -> &mut Self {
        let _ = writeln!(self.text, "\n{header}");
        self
    }

    /// `[expected]`: each solution (under `solutions/<problem>/`) with the
    /// verdicts it may get.
    pub fn expected(&mut self, promises: &[(String, Vec<&str>)]) -> &mut Self {
        if promises.is_empty() {
            return self;
        }
        self.table("[expected]");
        for (file, verdicts) in promises {
            let list: Vec<String> = verdicts.iter().map(|v| quoted(v)).collect();
            self.line(&quoted(file), &format!("[{}]", list.join(", ")));
        }
        self
    }

    /// A `[programs]` table: each program of several files (paths in the
    /// package), by its name.
    pub fn programs<'a>(
        &mut self,
        programs: impl IntoIterator<Item = (&'a str, &'a [String])>,
    ) -> &mut Self {
        let mut programs = programs.into_iter().peekable();
        if programs.peek().is_none() {
            return self;
        }
        self.table("[programs]");
        for (name, files) in programs {
            let files: Vec<String> = files.iter().map(|f| quoted(&kept(f))).collect();
            self.line(&quoted(name), &format!("[{}]", files.join(", ")));
        }
        self
    }

    pub fn finish(self) -> String {
        self.text
    }
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
