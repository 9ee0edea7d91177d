//! The kit's configuration files: `judge.toml` at the root and one
//! `problem.toml` per problem. Unknown keys and malformed values are errors
//! that name the file, the line and the column, in plain words
//! (`model/plain.rs`).

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use toml::Spanned;

use crate::model::plain;

/// A configuration file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{}:{line}:{column}: {message}", path.display())]
    Invalid {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
}

/// The line and column (both from 1) of a byte offset in `text`.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// A value the kit makes, not read from a file: it has no place in one.
pub fn unread<T>(value: T) -> Spanned<T> {
    Spanned::new(0..0, value)
}

/// A parsed file and its text, to point at any of its values.
pub struct Source<T> {
    pub path: PathBuf,
    pub text: String,
    pub value: T,
}

impl<T> Source<T> {
    /// An error at `span` in this file.
    pub fn error(&self, span: Range<usize>, message: impl Into<String>) -> ConfigError {
        let (line, column) = line_column(&self.text, span.start);
        ConfigError::Invalid {
            path: self.path.clone(),
            line,
            column,
            message: message.into(),
        }
    }
}

/// Reads and parses a TOML file into `T`.
pub fn load<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Source<T>, ConfigError> {
    let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    match toml::from_str::<T>(&text) {
        Ok(value) => Ok(Source {
            path: path.to_path_buf(),
            text,
            value,
        }),
        Err(e) => {
            let (line, column) = e.span().map_or((1, 1), |s| line_column(&text, s.start));
            let probe = |text: &str| {
                let e = toml::from_str::<T>(text).err()?;
                Some((e.span(), e.message().to_string()))
            };
            Err(ConfigError::Invalid {
                path: path.to_path_buf(),
                line,
                column,
                message: plain::plain(&text, e.span(), e.message().trim(), probe),
            })
        }
    }
}

/// How a checker or a validator is called and how it answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Protocol {
    /// testlib's: `checker input output answer`, exit 0 OK, 1 WA, 2 PE, 3
    /// FAIL, 7 points; a validator exits 0 if the input is valid.
    #[default]
    Testlib,
    /// Kattis, DOMjudge, BAPCtools, problemtools: `checker input answer
    /// feedback_dir < output`, exit 42 accepted, 43 rejected, the message in
    /// `feedback_dir/judgemessage.txt`; a validator exits 42 if valid.
    Kattis,
    /// CMS: `checker input correct_output contestant_output`, the score (a
    /// fraction) on stdout, the message on stderr, exit 0; a validator
    /// (task-maker's, for CMS tasks) gets the input's path, then its
    /// subtask's number (the test's `validator_args`), and exits 0 if the
    /// input is valid.
    Cms,
}

impl Protocol {
    /// Its name (the value of testlib-rs's `TESTLIB_RS_PROTOCOL`).
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Testlib => "testlib",
            Protocol::Kattis => "kattis",
            Protocol::Cms => "cms",
        }
    }
}

/// `judge.toml`: the problems, the languages and the default limits.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KitConfig {
    /// The problems, in order; each is a folder `problems/<name>/`.
    pub problems: Vec<Spanned<String>>,
    /// Limits for problems that do not set their own.
    #[serde(default)]
    pub defaults: Defaults,
    /// Parallel jobs; the number of cores when absent.
    pub jobs: Option<usize>,
    /// Languages by name.
    pub languages: BTreeMap<String, Spanned<Language>>,
    /// testlib.h, relative to the kit's root, for the packages of judges
    /// that compile C++ checkers (the kit never ships its own copy).
    pub testlib_h: Option<Spanned<String>>,
}

/// Default limits of every problem; the kit's own defaults when absent.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Defaults {
    pub time_limit_ms: Option<Spanned<u64>>,
    pub memory_limit_mib: Option<Spanned<u64>>,
    pub output_limit_mib: Option<Spanned<u64>>,
}

/// How to compile and run a language. In the commands, `{source}` is the
/// source file (copied into the build directory), `{binary}` the program to
/// produce, `{dir}` the build directory, `{source_dir}` the folder of the
/// original source and `{stem}` the source's file name without its
/// extension.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Language {
    /// File extensions, without the dot.
    pub extensions: Vec<String>,
    /// The compile command, if the language is compiled (or syntax-checked).
    pub compile: Option<Vec<String>>,
    /// The run command.
    pub run: Vec<String>,
    /// A command printing the compiler's version (part of the build cache key).
    pub version: Option<Vec<String>>,
    /// Copy the source into the build directory under its own name, not
    /// `main.<extension>`: in Java a public class lives in a file of its
    /// name. (Rust takes the crate's name from the file's, which a name
    /// like `two-piles.rs` is not: it keeps `main.rs`.)
    #[serde(default)]
    pub keep_name: bool,
    /// Another interpreter for the same files, as most judges run them
    /// (PyPy for Python): `--both-pythons` judges a file under it too.
    pub other: Option<OtherRun>,
}

/// A language's other interpreter: its name, its run command (the same
/// variables), and the command printing its version.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OtherRun {
    pub name: String,
    pub run: Vec<String>,
    pub version: Option<Vec<String>>,
}

impl Language {
    /// The language with its other interpreter in place of its own, if
    /// it has one.
    pub fn under_other(&self) -> Option<(String, Language)> {
        let other = self.other.as_ref()?;
        let language = Language {
            run: other.run.clone(),
            version: other.version.clone(),
            other: None,
            ..self.clone()
        };
        Some((other.name.clone(), language))
    }

    /// What is wrong with this definition, if anything: an empty command
    /// or no extension.
    pub fn problem(&self) -> Option<&'static str> {
        if self.extensions.is_empty() {
            return Some("`extensions` is empty");
        }
        if self.run.is_empty() {
            return Some("`run` is an empty command");
        }
        if self.compile.as_ref().is_some_and(Vec::is_empty) {
            return Some("`compile` is an empty command");
        }
        if self.version.as_ref().is_some_and(Vec::is_empty) {
            return Some("`version` is an empty command");
        }
        None
    }
}

/// `problem.toml`: one problem.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ProblemConfig {
    pub title: Titles,
    /// The format of the package an imported problem came from (kept in
    /// its `package/` folder): `icpc`, `icpc-legacy`, `polygon`, `cms` or
    /// `hydro`. Its statements are the package's, exported as they are.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub imported_from: Option<Spanned<String>>,
    /// Where an imported problem was set, by whom, under what license,
    /// and its tags: kept for the packages it goes back out in.
    #[serde(default, skip_serializing_if = "About::is_empty")]
    pub about: About,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_limit_ms: Option<Spanned<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub memory_limit_mib: Option<Spanned<u64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_limit_mib: Option<Spanned<u64>>,
    /// A multi-pass problem (ICPC 2025-09's): the checker, in Kattis's
    /// protocol, may write `nextpass.in` into its feedback folder and
    /// accept, and the solution runs again on it, at most this many
    /// passes in all.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub validation_passes: Option<Spanned<u32>>,
    /// A binary of the `checkers` package (`wcmp`, `nim`), or a source file
    /// relative to the problem folder (an external testlib checker).
    /// Absent for an interactive problem, which names an `interactor`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checker: Option<Spanned<String>>,
    /// An interactive problem's interactor (testlib's
    /// `interactor input output [answer]`, talking to the solution over
    /// its stdin and stdout): a binary of the `checkers` package, or a
    /// source file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interactor: Option<Spanned<String>>,
    /// A binary of the `validators` package, or a source file. Only an
    /// imported problem whose package has none goes without: its tests are
    /// then not validated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub validator: Option<Spanned<String>>,
    /// Several validators instead of one (an ICPC package's
    /// `input_validators/`): an input is valid if every one accepts it,
    /// and an `[[invalid]]` one must be rejected by one at least.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub validators: Option<Spanned<Vec<Spanned<String>>>>,
    /// The default generator: a binary of the `generators` package, or a source file.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generator: Option<Spanned<String>>,
    /// The reference solution, relative to `solutions/<problem>/`; only an
    /// imported problem whose every test stores its answer goes without.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference: Option<Spanned<String>>,
    /// The checker for judges that compile only C++ testlib checkers
    /// (Polygon, Hydro): a standard testlib checker by name (`wcmp`), where
    /// the answer is unique, or a C++ source relative to the problem folder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpp_checker: Option<Spanned<String>>,
    /// The validator for those judges: a C++ testlib source relative to the
    /// problem folder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpp_validator: Option<Spanned<String>>,
    /// An interactive problem's interactor for those judges: a C++ testlib
    /// source relative to the problem folder (in place of `cpp_checker`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpp_interactor: Option<Spanned<String>>,
    /// How the problem's own checker (or interactor) and validator are
    /// called, when they are source files written for another judge:
    /// `testlib` (the default), `kattis` or `cms`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub protocols: Option<ProtocolsConfig>,
    /// Arguments for a Kattis output validator (checker or interactor),
    /// after its protocol's own: an ICPC package's `output_validator_args`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checker_args: Option<Spanned<Vec<String>>>,
    /// Whether each solution of a wrong-verdict folder needs a test aimed
    /// at it (`targets`): true unless told; a package imported from another
    /// judge names no such tests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub targets_required: Option<bool>,
    /// Solutions (relative to `solutions/<problem>/`) whose promise is one
    /// of several overall verdicts (`"rejected/slow.cpp" = ["TLE", "WA"]`),
    /// in place of their folder's, or in a folder of no verdict.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub expected: BTreeMap<String, Spanned<Vec<String>>>,
    /// Scored groups; a problem without groups is all-or-nothing.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<Spanned<Group>>,
    /// The test plan, in order.
    pub tests: Vec<Spanned<TestEntry>>,
    /// Inputs the validator must reject, each with the reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invalid: Vec<Spanned<InvalidEntry>>,
    /// Programs of several source files, by the name that stands for them
    /// where a program is named (`gen = ["gen.py", "lib.py"]`): each file
    /// relative to the problem folder, the first the one compiled and run.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub programs: BTreeMap<String, Spanned<Vec<Spanned<String>>>>,
    /// How `judge stress` makes random tests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stress: Option<StressConfig>,
    /// The shape of the problem's inputs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<InputConfig>,
    /// How `judge certify` makes every small input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub certify: Option<CertifyConfig>,
    /// Files in place of stdin and stdout, as olympiads (NOI's `freopen`)
    /// and CMS judge them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub files: Option<FilesConfig>,
    /// How a solution's verdict comes from its tests' (the ICPC legacy
    /// grader's flags); absent: every test counts, the first failure's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<VerdictConfig>,
    /// The jury's graders (IOI style: a submission writes functions, the
    /// grader has `main`), compiled with each submission.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub graders: Option<GradersConfig>,
}

/// `[graders]`: a grader per language, compiled with each submission.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct GradersConfig {
    /// The name a submission takes beside the grader, without its
    /// extension (CMS's task name): `sum` for `sum.cpp`, which the grader
    /// includes or imports; absent, it keeps its own (ICPC's `include/`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub submission: Option<Spanned<String>>,
    /// Files handed to contestants (headers, a grader to test with: CMS's
    /// `att/`), relative to the problem folder.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attachments: Vec<Spanned<String>>,
    /// By a language of judge.toml: the grader's files, relative to the
    /// problem folder, the first the one compiled and run, the others
    /// headers or sources compiled with it. A submission in a language
    /// without one does not compile.
    pub files: BTreeMap<String, Spanned<Vec<Spanned<String>>>>,
}

/// `[verdict]`: how a solution's verdict comes from its tests'.
#[derive(Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct VerdictConfig {
    /// The samples do not count (`ignore_sample`): a solution failing
    /// only them is accepted.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ignore_samples: bool,
    /// A rejected solution's verdict: the first failing test's (`first`,
    /// the default) or the worst of its groups' (`worst`).
    #[serde(default, skip_serializing_if = "ErrorRule::is_first")]
    pub error: ErrorRule,
    /// When a solution is accepted: every test passes (`all`, the
    /// default), one group passes in full (`any-group`), or `always`.
    #[serde(default, skip_serializing_if = "AcceptRule::is_all")]
    pub accept: AcceptRule,
}

/// Which failure a rejected solution's verdict is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ErrorRule {
    /// The first failing test's (`first_error`).
    #[default]
    First,
    /// The worst of the groups' verdicts, each its first failure's
    /// (`worst_error`: RE, then MLE, TLE, OLE, WA, PE).
    Worst,
}

impl ErrorRule {
    pub fn is_first(&self) -> bool {
        *self == ErrorRule::First
    }
}

/// When a solution is accepted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum AcceptRule {
    /// Every test that counts passes.
    #[default]
    All,
    /// One group passes in full (`accept_if_any_accepted`: a solution
    /// that scores is accepted).
    AnyGroup,
    /// Whatever its tests give (`always_accept`): only the score tells.
    Always,
}

impl AcceptRule {
    pub fn is_all(&self) -> bool {
        *self == AcceptRule::All
    }
}

/// `[files]`: the names a solution reads its test from and writes its
/// answer to, in its working folder; stdin or stdout where one is absent.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct FilesConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub input: Option<Spanned<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<Spanned<String>>,
}

/// The protocols of a problem's jury programs.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ProtocolsConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub checker: Option<Spanned<Protocol>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub validator: Option<Spanned<Protocol>>,
}

/// `judge certify`'s exhaustive input: the default generator's arguments,
/// with `{name}` for each bound, and the bounds' default values.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CertifyConfig {
    pub args: Spanned<Vec<String>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub bounds: BTreeMap<String, Spanned<u64>>,
    /// The brute force to compare the reference with (relative to
    /// `solutions/<problem>/`; default: `[stress] against`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub against: Option<Spanned<String>>,
}

/// How an input splits into cases, for shrinking failing inputs case by
/// case: the first line holds the number of cases, then each case takes
/// `case_lines` lines.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct InputConfig {
    pub case_lines: Spanned<usize>,
}

/// `judge stress`'s defaults for a problem: the generator's small random
/// mode, and the solution to compare with.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct StressConfig {
    /// The default generator's arguments; `{seed}` becomes each iteration's
    /// seed, so that every iteration draws a new test.
    pub args: Spanned<Vec<String>>,
    /// The solution whose answers are compared with (relative to
    /// `solutions/<problem>/`; default: the reference).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub against: Option<Spanned<String>>,
}

/// problem.toml's `[about]`: what a package says of where its problem
/// comes from.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct About {
    /// The contest it was set for (ICPC's `source`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_url: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub authors: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub license: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rights_owner: Option<String>,
    /// The ICPC package's `uuid`, which a judge knows the problem by.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uuid: Option<String>,
    /// Polygon's tags, Hydro's `tag`, ICPC's `keywords`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}

impl About {
    pub fn is_empty(&self) -> bool {
        *self == About::default()
    }

    /// The keys it gives, as problem.toml spells them.
    pub fn keys(&self) -> Vec<&'static str> {
        let given = [
            ("source", self.source.is_some()),
            ("source_url", self.source_url.is_some()),
            ("authors", !self.authors.is_empty()),
            ("license", self.license.is_some()),
            ("rights_owner", self.rights_owner.is_some()),
            ("uuid", self.uuid.is_some()),
            ("tags", !self.tags.is_empty()),
        ];
        (given.into_iter())
            .filter_map(|(key, given)| given.then_some(key))
            .collect()
    }

    /// What a package says, less the kit's own name (`kit_name`) as its
    /// source or a tag: a package the kit wrote names the kit, which is
    /// no third party's origin.
    pub fn of_third_party(mut self, kit_name: &str) -> About {
        self.source = self.source.filter(|s| s != kit_name);
        self.tags.retain(|t| t != kit_name);
        self
    }
}

/// The problem's title in each language it is written in, by the
/// language's code: `{ en = "Nim", zh = "取石子" }`. The kit's own problems
/// have both of those; an imported one has the languages of its package.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(transparent)]
pub struct Titles(pub BTreeMap<String, Spanned<String>>);

impl Titles {
    /// Titles by language code.
    pub fn of<'a>(titles: impl IntoIterator<Item = (&'a str, &'a str)>) -> Titles {
        let titles = titles.into_iter();
        Titles(
            titles
                .map(|(code, title)| (code.to_string(), unread(title.to_string())))
                .collect(),
        )
    }

    /// The title in the language `code`, if the problem has one.
    pub fn get(&self, code: &str) -> Option<&str> {
        self.0.get(code).map(|t| t.get_ref().as_str())
    }

    /// The title a format with a single one shows: the English one, else the
    /// first by code.
    pub fn main(&self) -> &str {
        self.each().next().map_or("", |(_, title)| title)
    }

    /// Each language's code and title, English first, then by code.
    pub fn each(&self) -> impl Iterator<Item = (&str, &str)> {
        let english = self.0.get_key_value("en");
        let others = self.0.iter().filter(|(code, _)| *code != "en");
        english
            .into_iter()
            .chain(others)
            .map(|(code, title)| (code.as_str(), title.get_ref().as_str()))
    }

    /// The titles that differ, in [`Titles::each`]'s order: what a format
    /// with one title field joins.
    pub fn distinct(&self) -> Vec<&str> {
        let mut seen: Vec<&str> = Vec::new();
        for (_, title) in self.each() {
            if !seen.contains(&title) {
                seen.push(title);
            }
        }
        seen
    }
}

/// A scored group of tests.
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    pub name: String,
    pub points: u32,
    /// How the group scores: `all` (the default: its points if every test
    /// passes), `each` (each accepted test an equal share of them), `any`
    /// (its points if a test passes) or `prefix` (a share for each test
    /// accepted before its first failure).
    #[serde(default, skip_serializing_if = "GroupScoring::is_all")]
    pub scoring: GroupScoring,
    /// Groups that must pass in full for this one to score (Polygon's
    /// dependencies, Hydro's `if`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub depends: Vec<String>,
}

impl GroupScoring {
    /// Whether it is the default, all or nothing.
    pub fn is_all(&self) -> bool {
        *self == GroupScoring::All
    }

    /// How a group so scored scores, in words.
    pub fn describe(self) -> &'static str {
        match self {
            GroupScoring::All => "scores all or nothing",
            GroupScoring::Each => "scores each accepted test a share",
            GroupScoring::Any => "scores its points if one test passes",
            GroupScoring::Prefix => "scores a share for each test before its first failure",
        }
    }
}

/// How a group scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GroupScoring {
    /// All or nothing.
    #[default]
    All,
    /// Each accepted test scores the group's points over its test count.
    Each,
    /// The group's points if one of its tests passes (the legacy grader's
    /// `max` judging on).
    Any,
    /// Each test accepted before the group's first failure scores the
    /// group's points over its test count (the legacy grader's `sum`
    /// with `on_reject: break`, its default).
    Prefix,
}

/// One entry of the test plan: a manual test (`file`) or a generator
/// invocation (`args`, optionally `generator` and `count`).
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct TestEntry {
    /// A manual test's input, relative to the problem folder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<Spanned<String>>,
    /// The generator, when not the problem's default.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generator: Option<Spanned<String>>,
    /// The generator's arguments.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub args: Option<Vec<String>>,
    /// Expands into this many tests; `{index}` in `args` becomes 1, 2, ...
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<Spanned<u32>>,
    /// A generated test's input as an imported package stores it:
    /// `judge build` says whether the regenerated input equals it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stored: Option<Spanned<String>>,
    /// The test's answer, relative to the problem folder, when it is not
    /// the reference's output (an imported package's `.ans`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<Spanned<String>>,
    /// The solution that answers it instead of the reference (relative to
    /// `solutions/<problem>/`, as `reference`): an imported package names
    /// another for some tests (BAPCtools' `solution:` of a folder).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answered_by: Option<Spanned<String>>,
    /// Its generator may write its answer: a `testcase.ans` it leaves in
    /// its working folder (BAPCtools' convention) is the answer, before
    /// `answer` and the reference's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub generator_answers: bool,
    /// The scoring group.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// The test's own points in a group scored `each` (a Polygon test's),
    /// instead of an equal share of the group's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<Spanned<f64>>,
    /// Shown in the statement as a sample.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sample: bool,
    /// Arguments for the validator on this test (an ICPC package's
    /// `input_validator_args`), after the protocol's own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub validator_args: Vec<String>,
    /// What the test is for (for example, which trap it targets).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Solutions this test is aimed at (relative to `solutions/<problem>/`):
    /// `judge verify` requires each to fail here with its folder's verdict.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<String>,
}

/// An input the validator must reject (`[[invalid]]`): a file relative to
/// the problem folder, and why it is invalid.
#[derive(Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct InvalidEntry {
    pub file: Spanned<String>,
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions() {
        let text = "a = 1\nbé = 2\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 6), (2, 1));
        assert_eq!(line_column(text, 9), (2, 3));
    }

    #[test]
    fn unknown_keys_are_located() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("problem.toml");
        std::fs::write(
            &path,
            "title = { en = \"A\", zh = \"甲\" }\nchecker = \"wcmp\"\nvalidator = \"v\"\nreference = \"r.rs\"\ntimelimit = 3\ntests = []\n",
        )
        .unwrap();
        let err = load::<ProblemConfig>(&path).err().unwrap().to_string();
        assert!(err.contains("problem.toml:5:1"), "{err}");
        assert!(err.contains("timelimit"), "{err}");
    }

    #[test]
    fn malformed_values_are_located() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("problem.toml");
        std::fs::write(
            &path,
            "title = { en = \"A\", zh = \"B\" }\ntime_limit_ms = \"fast\"\n",
        )
        .unwrap();
        let err = load::<ProblemConfig>(&path).err().unwrap().to_string();
        assert!(err.contains("problem.toml:2:17"), "{err}");
    }
}
