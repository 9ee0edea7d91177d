//! Programs as the model describes them: what the kit runs ([`Program`],
//! a command line ready to start), how it speaks ([`Protocol`]), and why a
//! program could not be built ([`BuildError`]). The core's compiler
//! (`core/compile.rs`) makes them.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::base::fsutil;
use crate::model::config::Language;
pub use crate::model::config::Protocol;

/// A program ready to run: the command line that starts it.
#[derive(Clone, Debug)]
pub struct Program {
    /// A short name for messages (the file name or the binary name).
    pub name: String,
    /// The command and its fixed arguments.
    pub command: Vec<OsString>,
    /// Changes whenever the program's behaviour may change: the build key of
    /// a compiled source, the content hash of a binary.
    pub identity: String,
    /// How it speaks, when it is a checker or a validator.
    pub protocol: Protocol,
    /// Arguments after those of its protocol: an ICPC output validator's
    /// flags (problem.toml's `checker_args`).
    pub trailing: Vec<OsString>,
    /// What a submission's run may read besides its program and its
    /// arguments' files: a grader build's folder, where the submission's
    /// module lies beside the grader that imports it.
    pub reads: Vec<PathBuf>,
}

impl Program {
    /// The full command line with `args` appended.
    pub fn argv<I, S>(&self, args: I) -> Vec<OsString>
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        let mut argv = self.command.clone();
        argv.extend(args.into_iter().map(Into::into));
        argv.extend(self.trailing.iter().cloned());
        argv
    }
}

impl BuildError {
    /// `path` has an extension none of `languages` has.
    pub fn unknown_language<'a>(
        path: &Path,
        languages: impl Iterator<Item = &'a Language>,
    ) -> BuildError {
        let mut known: Vec<String> = languages.flat_map(|l| l.extensions.clone()).collect();
        known.sort_unstable();
        let path = path.to_path_buf();
        match path.extension() {
            Some(extension) => BuildError::UnknownLanguage {
                extension: extension.to_string_lossy().into_owned(),
                path,
                known,
            },
            None => BuildError::NoExtension { path, known },
        }
    }

    /// `path`, which does not exist.
    pub fn not_found(path: &Path) -> BuildError {
        BuildError::NotFound {
            path: path.to_path_buf(),
            message: fsutil::not_found(path),
        }
    }
}

/// Why a program could not be built.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error(
        "{}: no language in judge.toml has the extension `.{extension}` (they have: {})",
        path.display(),
        known.join(", ")
    )]
    UnknownLanguage {
        path: PathBuf,
        extension: String,
        /// The extensions judge.toml's languages have, sorted.
        known: Vec<String>,
    },
    /// A file whose language its extension would tell has none.
    #[error(
        "{}: it has no extension, so no language of judge.toml is known for it (their \
         extensions: {})",
        path.display(),
        known.join(", ")
    )]
    NoExtension { path: PathBuf, known: Vec<String> },
    /// A program or submission that is not there: `fsutil::not_found`'s
    /// words (its first missing part, and the name it was likely meant to
    /// be).
    #[error("{message}")]
    NotFound { path: PathBuf, message: String },
    #[error("{}: compilation failed\n{output}", path.display())]
    Compile { path: PathBuf, output: String },
    #[error("{context}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
}

/// The language of `path` among `languages` (judge.toml's), by its
/// extension; a path with none that is not there (a mistyped folder) is
/// said not to exist.
pub fn language_of<'a>(
    languages: &'a BTreeMap<String, Language>,
    path: &Path,
) -> Result<(&'a str, &'a Language), BuildError> {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    (languages.iter())
        .find(|(_, l)| l.extensions.iter().any(|e| e == extension))
        .map(|(name, l)| (name.as_str(), l))
        .ok_or_else(|| match path.exists() {
            true => BuildError::unknown_language(path, languages.values()),
            false => BuildError::not_found(path),
        })
}

/// The name of the top-level public class a Java `source` declares
/// (`public class Main`, `public final class Main`), which javac wants the
/// file named after; comments, strings and nested classes do not count.
pub fn java_public_class(source: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(source);
    let mut words: Vec<&str> = Vec::new();
    let mut depth = 0usize;
    let mut rest = text.as_ref();
    while let Some(c) = rest.chars().next() {
        let skip = if rest.starts_with("//") {
            rest.find('\n').unwrap_or(rest.len())
        } else if let Some(comment) = rest.strip_prefix("/*") {
            comment.find("*/").map_or(rest.len(), |end| end + 4)
        } else if c == '"' || c == '\'' {
            closing_quote(rest, c)
        } else if c.is_alphanumeric() || c == '_' || c == '$' {
            let len = (rest.char_indices())
                .find(|(_, c)| !(c.is_alphanumeric() || *c == '_' || *c == '$'))
                .map_or(rest.len(), |(i, _)| i);
            if depth == 0 {
                words.push(&rest[..len]);
                if let [before @ .., "class", name] = words.as_slice() {
                    let modifiers = ["final", "abstract", "strictfp"];
                    let mut before = before.iter().rev().skip_while(|w| modifiers.contains(w));
                    if before.next() == Some(&"public") {
                        return Some(name.to_string());
                    }
                }
            }
            len
        } else {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                ';' if depth == 0 => words.clear(),
                _ => {}
            }
            c.len_utf8()
        };
        rest = &rest[skip..];
    }
    None
}

/// The length of the string or character literal at the start of `text`,
/// quoted by `quote`, its closing quote included.
fn closing_quote(text: &str, quote: char) -> usize {
    let mut escaped = false;
    for (i, c) in text.char_indices().skip(1) {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '\n' => return i,
            c if c == quote => return i + 1,
            _ => {}
        }
    }
    text.len()
}

/// Whether the testlib.h `bytes` is a DOMjudge build of it (p2d ships
/// one): a checker or an interactor built against it speaks Kattis's
/// protocol (`input answer feedback_dir`, the output on standard input,
/// exit 42 or 43), not testlib's; a validator still exits 0 when valid.
pub fn domjudge_testlib(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    text.lines()
        .any(|l| l.starts_with("#define VERSION") && l.contains("DOMJUDGE"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_java_files_public_class_is_found_past_comments_and_strings() {
        let class = |s: &str| java_public_class(s.as_bytes());
        let source = "import java.util.*;\n// public class Wrong\n/* public class Nor */\n\
                      public final class Main {\n  String s = \"public class X\";\n\
                      public class Inner {}\n}\n";
        assert_eq!(class(source).as_deref(), Some("Main"));
        assert_eq!(class("class Hidden {}").as_deref(), None);
        assert_eq!(class("public interface Solver {}").as_deref(), None);
        assert_eq!(
            class("@SuppressWarnings(\"x\")\npublic class A{}").as_deref(),
            Some("A")
        );
        assert_eq!(
            class("char c = '\"'; public class B {}").as_deref(),
            Some("B")
        );
    }

    #[test]
    fn domjudge_builds_of_testlib_are_told_apart() {
        let header = |version: &str| format!("// testlib\n#define VERSION \"{version}\"\n");
        assert!(domjudge_testlib(header("0.9.44-DOMJUDGE").as_bytes()));
        assert!(!domjudge_testlib(header("0.9.44").as_bytes()));
        // Only the version line counts, not a word in a comment.
        assert!(!domjudge_testlib(
            b"// unlike DOMJUDGE's\n#define VERSION \"0.9.41\"\n"
        ));
    }
}
