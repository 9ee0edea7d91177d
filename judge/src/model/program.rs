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
