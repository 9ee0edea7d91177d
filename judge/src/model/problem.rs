//! The problem model: a problem as the rest of the kit sees it once its
//! `problem.toml` is resolved — limits, the programs it names, its groups
//! and its test plan with every `count` expanded and every test named.
//!
//! [`Problem::load`] reads the file and resolves it step by step; each step
//! is a function below that checks what it resolves and points at the
//! offending value (file, line, column) when it cannot.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Result, bail};
use toml::Spanned;

use crate::base::shrink::Cases;
use crate::model::config::{
    self, CertifyConfig, ConfigError, GradersConfig, InputConfig, KitConfig, ProblemConfig, Source,
    StressConfig, TestEntry,
};
use crate::model::lang::{self, Lang};
use crate::model::program::{BuildError, Protocol};
use crate::model::verdict::{Group, GroupScoring, Verdict, Verdicting, Verdicts};

/// What a problem uses a program for, and so which cargo package of the
/// kit holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Checker,
    Validator,
    Generator,
}

impl Role {
    /// Every role, in the order of their packages.
    pub const ALL: [Role; 3] = [Role::Checker, Role::Validator, Role::Generator];

    /// The folder of the kit's cargo package for this role.
    pub fn package(self) -> &'static str {
        match self {
            Role::Checker => "checkers",
            Role::Validator => "validators",
            Role::Generator => "generators",
        }
    }
}

/// A program named in `problem.toml`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgramSpec {
    /// A binary of the kit's cargo packages (`wcmp`, `check-nim`).
    Cargo(String),
    /// A source file (an external testlib checker, a C++ generator, ...).
    Source(PathBuf),
    /// A program folder of an ICPC package: a `build` script that makes
    /// `run`, or `run` itself (named with a final `/`).
    Folder(PathBuf),
    /// A compiled program a package ships without its source (a CMS
    /// task's `check/checker`): a path without an extension.
    Executable(PathBuf),
    /// Several source files built together, each under its own name, the
    /// first the one compiled and run: one of problem.toml's `[programs]`
    /// (a BAPCtools generator with dependencies), by its name there.
    Sources {
        name: String,
        entry: PathBuf,
        beside: Vec<PathBuf>,
    },
}

impl ProgramSpec {
    /// Its name for messages.
    pub fn name(&self) -> String {
        match self {
            ProgramSpec::Cargo(name) => name.clone(),
            ProgramSpec::Source(path)
            | ProgramSpec::Folder(path)
            | ProgramSpec::Executable(path) => path.display().to_string(),
            ProgramSpec::Sources { name, .. } => name.clone(),
        }
    }
}

/// A checker for judges that compile only C++.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CppChecker {
    /// One of testlib's standard checkers, by name (`wcmp`).
    Standard(String),
    /// A C++ testlib checker.
    Source(PathBuf),
}

/// testlib's standard checkers, which every judge that runs testlib has
/// (the kit's own, which the judge also runs in its process).
pub const STANDARD_CHECKERS: [&str; 19] = checkers::standard::NAMES;

/// Where a test's input comes from.
#[derive(Clone, Debug)]
pub enum TestSource {
    /// A file written by hand (samples).
    File(PathBuf),
    /// A generator invocation.
    Generated {
        generator: ProgramSpec,
        args: Vec<String>,
    },
}

/// An input the validator must reject, and why.
#[derive(Clone, Debug)]
pub struct Invalid {
    pub input: PathBuf,
    pub reason: String,
}

/// One test of the plan, after `count` expansion.
#[derive(Clone, Debug)]
pub struct TestSpec {
    /// `01`, `02`, ...: its position in the plan.
    pub name: String,
    pub source: TestSource,
    pub group: Option<String>,
    pub sample: bool,
    pub comment: Option<String>,
    /// Solutions this test must reject (relative to `solutions/<problem>/`).
    pub targets: Vec<String>,
    /// The test's stored answer, when the reference does not make it.
    pub answer: Option<PathBuf>,
    /// The input an imported package stores for this generated test, to
    /// compare the regenerated one with.
    pub stored: Option<PathBuf>,
    /// The solution that answers it instead of the reference.
    pub answerer: Option<PathBuf>,
    /// A `testcase.ans` its generator writes is its answer.
    pub generator_answers: bool,
    /// Arguments for the validator on this test.
    pub validator_args: Vec<String>,
    /// Its own points in a group scored `each`.
    pub points: Option<f64>,
}

impl TestSpec {
    /// `test 03 (gen-nim --mode killer)`, for messages.
    pub fn describe(&self) -> String {
        match &self.source {
            TestSource::File(path) => format!("test {} ({})", self.name, path.display()),
            TestSource::Generated { generator, args } => {
                format!(
                    "test {} ({} {})",
                    self.name,
                    generator.name(),
                    args.join(" ")
                )
            }
        }
    }
}

/// The longest problem name.
pub const MAX_NAME: usize = 32;

/// What a problem name may be, as errors say it.
const NAME_RULE: &str = "lower-case letters, digits and `-`, starting with a letter, \
     not ending with `-`, at most 32 characters";

/// Checks that `name` can name a problem: a folder, cargo binaries
/// (`gen-<name>`) and a problem of every package format (ICPC keeps its
/// letters and digits, Hydro and Polygon take `-` too).
pub fn check_name(name: &str) -> Result<()> {
    let good = name.len() <= MAX_NAME
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && !name.ends_with('-')
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !good {
        bail!("`{name}` cannot name a problem: expected {NAME_RULE}");
    }
    Ok(())
}

/// A problem's limits, as its problem.toml (or judge.toml's defaults)
/// sets them; the core runs a solution under them (with a wall limit of
/// its own choosing).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU time.
    pub time: Duration,
    pub memory_bytes: u64,
    pub output_bytes: u64,
}

/// Where a solution reads its test and writes its answer: files of its
/// working folder (problem.toml's `[files]`), or stdin and stdout where a
/// name is absent. A run that reads a file gets nothing on stdin; one that
/// writes a file has what it prints thrown away.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Files {
    pub input: Option<String>,
    pub output: Option<String>,
}

impl Files {
    /// Whether the solution reads stdin and writes stdout.
    pub fn standard(&self) -> bool {
        self.input.is_none() && self.output.is_none()
    }

    /// "the input file `a.in` and the output file `a.out`", as messages
    /// name them; `None` for stdin and stdout.
    pub fn named(&self) -> Option<String> {
        let named: Vec<String> = [("input", &self.input), ("output", &self.output)]
            .into_iter()
            .filter_map(|(what, name)| Some(format!("the {what} file `{}`", name.as_ref()?)))
            .collect();
        (!named.is_empty()).then(|| named.join(" and "))
    }
}

/// A grader problem's graders (problem.toml's `[graders]`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Graders {
    /// The name a submission takes beside its grader (no extension), or
    /// its own.
    pub submission: Option<String>,
    /// By judge.toml's language name: the grader's files, the first the
    /// one compiled and run.
    pub files: BTreeMap<String, Vec<PathBuf>>,
    /// Files handed to contestants.
    pub attachments: Vec<PathBuf>,
}

/// Whether `path` is a checktestdata script (`.ctd`), DOMjudge's input
/// validators: judge.toml's `checktestdata` language runs it.
pub fn is_checktestdata(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "ctd")
}

/// Why `name` cannot name a file of a run's working folder, if it cannot:
/// one plain name that every judge's sandbox and every shell take as is.
pub fn bad_file_name(name: &str) -> Option<&'static str> {
    if name.is_empty() || name == "." || name == ".." {
        return Some("a file name, not empty, `.` or `..`");
    }
    if name.contains(['/', '\\']) {
        return Some("a file of the working folder itself: no `/` or `\\`");
    }
    if name.len() > 255 {
        return Some("a name of at most 255 bytes");
    }
    let plain = |c: char| c.is_ascii_alphanumeric() || "._-+".contains(c);
    (!name.chars().all(plain)).then_some("letters, digits, `.`, `_`, `-` and `+` only (no space)")
}

/// A validator of a problem's inputs, and how it is called.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Validator {
    pub program: ProgramSpec,
    pub protocol: Protocol,
}

/// A loaded and checked problem.
pub struct Problem {
    pub name: String,
    /// `problems/<name>/`.
    pub dir: PathBuf,
    /// `solutions/<name>/`.
    pub solutions: PathBuf,
    pub config: Source<ProblemConfig>,
    pub limits: Limits,
    /// The program that judges a solution's output: its checker or, for an
    /// interactive problem, its interactor.
    pub checker: ProgramSpec,
    /// Whether the solution talks to the interactor (`checker`) instead of
    /// writing an output for a checker.
    pub interactive: bool,
    /// Every input must pass each (`validator`, or several `validators`);
    /// none only for an imported problem whose package has none.
    pub validators: Vec<Validator>,
    /// How the checker (or interactor) is called.
    pub checker_protocol: Protocol,
    /// Arguments for the checker after its protocol's own (a Kattis
    /// output validator's flags).
    pub checker_args: Vec<String>,
    /// Whether every wrong solution needs a test aimed at it.
    pub targets_required: bool,
    /// The default generator.
    pub generator: Option<ProgramSpec>,
    /// The reference solution's source file; absent only when every test
    /// stores its answer (a package imported without solutions).
    pub reference: Option<PathBuf>,
    /// The checker and validator for judges that compile only C++.
    pub cpp_checker: Option<CppChecker>,
    pub cpp_validator: Option<PathBuf>,
    /// An interactive problem's C++ interactor, for those judges.
    pub cpp_interactor: Option<PathBuf>,
    /// Solutions promising one of several verdicts, by their path under
    /// `solutions/<problem>/`.
    pub expected: BTreeMap<String, Verdicts>,
    /// The format of the package an imported problem came from, as
    /// problem.toml names it (`polygon`).
    pub imported_from: Option<String>,
    /// Scored groups and their points, in order.
    pub groups: Vec<Group>,
    /// How a solution's verdict comes from its tests' (`[verdict]`).
    pub verdicting: Verdicting,
    /// The graders compiled with each solution (`[graders]`).
    pub graders: Option<Graders>,
    /// A multi-pass problem's most passes (`validation_passes`); 1 for
    /// any other.
    pub passes: u32,
    pub tests: Vec<TestSpec>,
    /// Inputs the validator must reject (`[[invalid]]`).
    pub invalid: Vec<Invalid>,
    /// How `judge stress` makes random tests, if the problem says.
    pub stress: Option<Stress>,
    /// How its inputs split into cases, if the problem says.
    pub cases: Option<Cases>,
    /// How `judge certify` makes every small input, if the problem says.
    pub certify: Option<Certify>,
    /// Where its solutions read and write.
    pub files: Files,
}

/// A problem's `[certify]` table, checked.
#[derive(Clone, Debug)]
pub struct Certify {
    /// The generator and its arguments, with `{name}` for each bound.
    pub generator: ProgramSpec,
    pub args: Vec<String>,
    /// Each bound's default.
    pub bounds: BTreeMap<String, u64>,
    /// The brute force's source.
    pub against: PathBuf,
}

impl Certify {
    /// The generator's arguments with the bounds in place (`values` over
    /// the defaults).
    pub fn args_with(&self, values: &BTreeMap<String, u64>) -> Vec<String> {
        self.args
            .iter()
            .map(|arg| {
                let mut arg = arg.clone();
                for (name, default) in &self.bounds {
                    let value = values.get(name).unwrap_or(default);
                    arg = arg.replace(&format!("{{{name}}}"), &value.to_string());
                }
                arg
            })
            .collect()
    }
}

/// A problem's `[stress]` table, checked.
#[derive(Clone, Debug)]
pub struct Stress {
    /// The generator and its arguments, with `{seed}` in them.
    pub generator: ProgramSpec,
    pub args: Vec<String>,
    /// The source of the solution to compare with.
    pub against: PathBuf,
}

/// Stands for the iteration's seed in `[stress] args`.
pub const SEED: &str = "{seed}";

/// The largest limits a problem may set: an hour of CPU time, a tebibyte.
const MAX_TIME_MS: u64 = 3_600_000;
const MAX_MIB: u64 = 1 << 20;

/// The most tests a problem may have: a slip in `count` must be an error,
/// not billions of tests expanded until memory runs out.
pub const MAX_TESTS: usize = 10_000;

/// The C or C++ source `spec` names, if it is a testlib program: one
/// speaking testlib's protocol, or including testlib.h (built against a
/// DOMjudge build of it, it speaks Kattis's). The judges that compile
/// only C++ compile C as well.
fn cpp_testlib(spec: &ProgramSpec, protocol: Protocol) -> Option<PathBuf> {
    let ProgramSpec::Source(path) = spec else {
        return None;
    };
    let c = path
        .extension()
        .is_some_and(|e| ["c", "cpp", "cc", "cxx", "c++"].contains(&e.to_string_lossy().as_ref()));
    let testlib = protocol == Protocol::Testlib
        || std::fs::read_to_string(path).is_ok_and(|text| text.contains("\"testlib.h\""));
    (c && testlib).then(|| path.clone())
}

impl Problem {
    /// Its statement file in `lang` (`statement.en.md`).
    pub fn statement_file(&self, lang: &Lang) -> PathBuf {
        self.dir.join(format!("statement.{}.md", lang.code()))
    }

    /// Its title in `lang` (an imported problem's may have none: its main
    /// one then).
    pub fn title_in(&self, lang: &Lang) -> &str {
        let titles = &self.config.value.title;
        titles.get(lang.code()).unwrap_or_else(|| titles.main())
    }

    /// Loads `problems/<name>/problem.toml` of the kit at `root` and checks
    /// it: every program and file it names exists, every test is well
    /// formed. `kit` is `judge.toml`, for the default limits.
    pub fn load(root: &Path, name: &str, kit: &Source<KitConfig>) -> Result<Problem> {
        let dir = root.join("problems").join(name);
        let solutions = root.join("solutions").join(name);
        let src: Source<ProblemConfig> = config::load(&dir.join("problem.toml"))?;
        let r = Resolver {
            root,
            dir: &dir,
            solutions: &solutions,
            src: &src,
            kit,
        };
        let c = &src.value;
        r.titles()?;
        let limits = r.limits(kit)?;
        let Judging {
            checker,
            interactive,
            validators,
            checker_protocol,
            checker_args,
        } = r.judging()?;
        let generator = (c.generator.as_ref())
            .map(|g| r.program(g, Role::Generator))
            .transpose()?;
        let reference = (c.reference.as_ref())
            .map(|name| r.source(&solutions, name))
            .transpose()?;
        let judging = (&checker, interactive, checker_protocol);
        let (cpp_checker, cpp_interactor) = r.cpp_judge(judging)?;
        let cpp_validator = r.cpp_validator(&validators)?;
        let groups = r.groups()?;
        let tests = r.plan(&groups, generator.as_ref())?;
        let expected = r.expected()?;
        let invalid = r.invalid(&validators)?;
        let stress = c
            .stress
            .as_ref()
            .map(|s| r.stress(s, generator.as_ref(), reference.as_deref()))
            .transpose()?;
        let cases = c.input.as_ref().map(|i| r.cases(i)).transpose()?;
        let certify = c
            .certify
            .as_ref()
            .map(|t| r.certify(t, generator.as_ref(), stress.as_ref()))
            .transpose()?;
        let files = r.files(interactive)?;
        let graders = (c.graders.as_ref())
            .map(|g| r.graders(g, interactive))
            .transpose()?;
        let passes = r.passes(checker_protocol)?;
        Ok(Problem {
            name: name.to_string(),
            dir,
            solutions,
            limits,
            checker,
            interactive,
            validators,
            checker_protocol,
            checker_args,
            targets_required: c.targets_required.unwrap_or(true),
            generator,
            reference,
            cpp_checker,
            cpp_validator,
            cpp_interactor,
            expected,
            imported_from: c.imported_from.as_ref().map(|f| f.get_ref().clone()),
            groups,
            verdicting: (c.verdict.as_ref()).map_or_else(Verdicting::default, |v| Verdicting {
                ignore_samples: v.ignore_samples,
                error: v.error,
                accept: v.accept,
            }),
            graders,
            passes,
            tests,
            invalid,
            stress,
            cases,
            certify,
            files,
            config: src,
        })
    }

    /// The generator `judge stress` makes random tests with, and its
    /// arguments: the default one with `--gen`'s (`given`), else
    /// `[stress]`'s.
    pub fn stress_generator(&self, given: &[String]) -> Result<(ProgramSpec, Vec<String>)> {
        match (&self.stress, given.is_empty()) {
            (_, false) => match &self.generator {
                Some(g) => Ok((g.clone(), given.to_vec())),
                None => bail!("{} has no default generator to give --gen to", self.name),
            },
            (Some(stress), true) => Ok((stress.generator.clone(), stress.args.clone())),
            (None, true) => bail!(
                "{} has no [stress] table in its problem.toml: give the generator's arguments \
                 with --gen",
                self.name
            ),
        }
    }

    /// The solution `judge stress` compares with: `--against`'s
    /// (`given`), else `[stress]`'s, else the reference.
    pub fn stress_against(&self, given: Option<&Path>) -> Result<PathBuf> {
        match (given, &self.stress) {
            (Some(file), _) => Ok(file.to_path_buf()),
            (None, Some(stress)) => Ok(stress.against.clone()),
            (None, None) => match &self.reference {
                Some(reference) => Ok(reference.clone()),
                None => bail!(
                    "{} names no reference solution: give the solution to compare with, \
                     --against",
                    self.name
                ),
            },
        }
    }

    /// How a test is made, for people and packages: the file
    /// (`samples/1.in`) or the generator with its arguments, each path as
    /// [`Problem::shown`] gives it.
    pub fn recipe(&self, test: &TestSpec) -> String {
        match &test.source {
            TestSource::File(path) => self.shown(path),
            TestSource::Generated { generator, args } => {
                format!("{} {}", self.program_shown(generator), args.join(" "))
            }
        }
    }

    /// A program of the problem as packages may name it: a path as
    /// [`Problem::shown`] gives it, else its name.
    pub fn program_shown(&self, program: &ProgramSpec) -> String {
        match program {
            ProgramSpec::Source(path)
            | ProgramSpec::Folder(path)
            | ProgramSpec::Executable(path) => self.shown(path),
            ProgramSpec::Cargo(_) | ProgramSpec::Sources { .. } => program.name(),
        }
    }

    /// `path` relative to the problem's folder, else to the kit's, else its
    /// file name: never a path of the machine it was written on, so the
    /// same sources export to the same bytes from any folder.
    pub fn shown(&self, path: &Path) -> String {
        let kit = self.dir.parent().and_then(Path::parent);
        let relative = (path.strip_prefix(&self.dir).ok())
            .or_else(|| kit.and_then(|k| path.strip_prefix(k).ok()))
            .or_else(|| path.file_name().map(Path::new));
        relative.unwrap_or(path).display().to_string()
    }

    /// Where the problem's built tests live.
    pub fn tests_dir(&self) -> PathBuf {
        self.dir.join("tests")
    }

    /// The binaries of the kit's cargo packages this problem runs.
    pub fn cargo_binaries(&self) -> BTreeSet<String> {
        let generators = self.tests.iter().filter_map(|t| match &t.source {
            TestSource::Generated { generator, .. } => Some(generator),
            TestSource::File(_) => None,
        });
        [&self.checker]
            .into_iter()
            .chain(self.validators.iter().map(|v| &v.program))
            .chain(self.generator.as_ref())
            .chain(generators)
            .filter_map(|s| match s {
                ProgramSpec::Cargo(name) => Some(name.clone()),
                _ => None,
            })
            .collect()
    }
}

/// Resolves one `problem.toml`.
struct Resolver<'a> {
    root: &'a Path,
    dir: &'a Path,
    solutions: &'a Path,
    src: &'a Source<ProblemConfig>,
    /// `judge.toml`, for its languages.
    kit: &'a Source<KitConfig>,
}

/// A limit's value, which must lie in `1..=max`.
fn in_range<T>(value: &Spanned<u64>, src: &Source<T>, max: u64) -> Result<u64, ConfigError> {
    let v = *value.get_ref();
    if !(1..=max).contains(&v) {
        return Err(src.error(
            value.span(),
            format!("{v} is out of range: a limit lies in 1..={max}"),
        ));
    }
    Ok(v)
}

/// What judges a solution and checks the tests, and how each is called.
struct Judging {
    checker: ProgramSpec,
    interactive: bool,
    validators: Vec<Validator>,
    checker_protocol: Protocol,
    checker_args: Vec<String>,
}

impl Resolver<'_> {
    /// The checker (or interactor) and the validator, their protocols and
    /// the checker's arguments.
    fn judging(&self) -> Result<Judging> {
        let (src, c) = (self.src, &self.src.value);
        let (checker, interactive) = match (&c.checker, &c.interactor) {
            (Some(checker), None) => (self.program(checker, Role::Checker)?, false),
            (None, Some(interactor)) => (self.program(interactor, Role::Checker)?, true),
            (Some(_), Some(interactor)) => {
                let both = "a problem names a `checker` or, if it is interactive, an \
                            `interactor`: not both";
                return Err(src.error(interactor.span(), both).into());
            }
            (None, None) => {
                let none = "missing `checker` (or, for an interactive problem, `interactor`)";
                return Err(src.error(0..0, none).into());
            }
        };
        let none = Default::default();
        let protocols = c.protocols.as_ref().unwrap_or(&none);
        let checker_protocol = self.protocol(&protocols.checker, &checker)?;
        let validators = (self.validator_names()?.into_iter())
            .map(|name| {
                let program = self.program(name, Role::Validator)?;
                let protocol = self.protocol(&protocols.validator, &program)?;
                Ok(Validator { program, protocol })
            })
            .collect::<Result<_>>()?;
        let checker_args = match &c.checker_args {
            Some(args) if checker_protocol != Protocol::Kattis => {
                let why = "`checker_args` are for a checker in the Kattis protocol (an ICPC \
                           output validator's flags); testlib's and CMS's take none";
                return Err(src.error(args.span(), why).into());
            }
            Some(args) => args.get_ref().clone(),
            None => Vec::new(),
        };
        Ok(Judging {
            checker,
            interactive,
            validators,
            checker_protocol,
            checker_args,
        })
    }

    /// The validators problem.toml names: `validator`, or `validators`.
    fn validator_names(&self) -> Result<Vec<&Spanned<String>>, ConfigError> {
        let (src, c) = (self.src, &self.src.value);
        match (&c.validator, &c.validators) {
            (Some(_), Some(list)) => Err(src.error(
                list.span(),
                "a problem names one `validator` or several `validators`: not both",
            )),
            (None, Some(list)) if list.get_ref().is_empty() => Err(src.error(
                list.span(),
                "`validators` lists none: name one at least, or leave the key out",
            )),
            (None, Some(list)) => Ok(list.get_ref().iter().collect()),
            (one, None) => Ok(one.iter().collect()),
        }
    }

    /// The checker, or the interactor, for judges that compile only C++
    /// testlib programs: as problem.toml names it, else the problem's own
    /// where it is one (a C or C++ testlib program, an imported Polygon
    /// package's checker).
    fn cpp_judge(
        &self,
        (checker, interactive, protocol): (&ProgramSpec, bool, Protocol),
    ) -> Result<(Option<CppChecker>, Option<PathBuf>)> {
        let (src, c) = (self.src, &self.src.value);
        let misplaced = match interactive {
            true => c.cpp_checker.as_ref().map(|k| (k, "an interactive problem has no checker: name its C++ interactor as `cpp_interactor`")),
            false => c.cpp_interactor.as_ref().map(|k| (k, "`cpp_interactor` is for interactive problems (they name an `interactor`)")),
        };
        if let Some((key, message)) = misplaced {
            return Err(src.error(key.span(), message).into());
        }
        let named = c
            .cpp_checker
            .as_ref()
            .map(|n| self.cpp_checker(n))
            .transpose()?;
        // (A cargo checker's standard twin is the export's to choose.)
        let cpp_checker = named.or_else(|| match checker {
            _ if interactive => None,
            _ => cpp_testlib(checker, protocol).map(CppChecker::Source),
        });
        let named = (c.cpp_interactor.as_ref())
            .map(|n| self.existing(self.dir, n))
            .transpose()?;
        let cpp_interactor = named.or_else(|| {
            let own = interactive.then(|| cpp_testlib(checker, protocol));
            own.flatten()
        });
        Ok((cpp_checker, cpp_interactor))
    }

    /// The validator for judges that compile only C++: as problem.toml
    /// names it, else the problem's own where it is a testlib C or C++
    /// program.
    fn cpp_validator(&self, validators: &[Validator]) -> Result<Option<PathBuf>> {
        let named = (self.src.value.cpp_validator.as_ref())
            .map(|n| self.existing(self.dir, n))
            .transpose()?;
        let own = || (validators.iter()).find_map(|v| cpp_testlib(&v.program, v.protocol));
        Ok(named.or_else(own))
    }

    /// Each limit: the problem's, else the kit's default, else the kit's own.
    fn limits(&self, kit: &Source<KitConfig>) -> Result<Limits, ConfigError> {
        let pick =
            |own: &Option<Spanned<u64>>, default: &Option<Spanned<u64>>, fallback, max| match (
                own, default,
            ) {
                (Some(v), _) => in_range(v, self.src, max),
                (None, Some(v)) => in_range(v, kit, max),
                (None, None) => Ok(fallback),
            };
        let (c, d) = (&self.src.value, &kit.value.defaults);
        let time = pick(&c.time_limit_ms, &d.time_limit_ms, 1000, MAX_TIME_MS)?;
        let memory = pick(&c.memory_limit_mib, &d.memory_limit_mib, 256, MAX_MIB)?;
        let output = pick(&c.output_limit_mib, &d.output_limit_mib, 64, MAX_MIB)?;
        Ok(Limits {
            time: Duration::from_millis(time),
            memory_bytes: memory << 20,
            output_bytes: output << 20,
        })
    }

    /// A program: one of `[programs]` by its name, a source file (its
    /// name has a dot) relative to the problem, a program folder (its name
    /// ends in `/`), an executable (a path without an extension), or a
    /// binary of the role's cargo package.
    fn program(&self, name: &Spanned<String>, role: Role) -> Result<ProgramSpec, ConfigError> {
        let text = name.get_ref();
        if let Some(files) = self.src.value.programs.get(text) {
            // The first is compiled; the others may be any file it reads.
            let [entry, beside @ ..] = files.get_ref().as_slice() else {
                return Err(self.src.error(
                    files.span(),
                    format!("program `{text}`: expected its source files, the first the one run"),
                ));
            };
            return Ok(ProgramSpec::Sources {
                name: text.clone(),
                entry: self.source(self.dir, entry)?,
                beside: (beside.iter())
                    .map(|f| self.existing(self.dir, f))
                    .collect::<Result<_, _>>()?,
            });
        }
        if let Some(folder) = text.strip_suffix('/') {
            let path = self.dir.join(folder);
            if !path.is_dir() {
                return Err(self
                    .src
                    .error(name.span(), format!("{} is not a folder", path.display())));
            }
            return Ok(ProgramSpec::Folder(path));
        }
        let extension = Path::new(text).extension();
        if text.contains('/') && extension.is_none() {
            return Ok(ProgramSpec::Executable(self.existing(self.dir, name)?));
        }
        if text.contains('.') {
            return Ok(ProgramSpec::Source(self.source(self.dir, name)?));
        }
        let package = role.package();
        let bin = self
            .root
            .join(package)
            .join("src/bin")
            .join(format!("{text}.rs"));
        if !bin.is_file() {
            return Err(self.src.error(
                name.span(),
                format!(
                    "no {} `{text}` (expected {})",
                    package.trim_end_matches('s'),
                    bin.display()
                ),
            ));
        }
        Ok(ProgramSpec::Cargo(text.clone()))
    }

    /// The protocol a jury program is called in: testlib unless told, and
    /// always for the kit's own programs.
    fn protocol(
        &self,
        given: &Option<Spanned<Protocol>>,
        program: &ProgramSpec,
    ) -> Result<Protocol, ConfigError> {
        let script = matches!(program, ProgramSpec::Source(path) if is_checktestdata(path));
        match (given, program) {
            // pyctd's validators exit 42 or 43.
            (None, _) if script => Ok(Protocol::Kattis),
            (None, _) => Ok(Protocol::Testlib),
            (Some(p), _) if script && *p.get_ref() != Protocol::Kattis => Err(self.src.error(
                p.span(),
                "a checktestdata script speaks Kattis's protocol (exit 42: valid, 43: invalid)",
            )),
            (
                Some(p),
                ProgramSpec::Source(_)
                | ProgramSpec::Folder(_)
                | ProgramSpec::Executable(_)
                | ProgramSpec::Sources { .. },
            ) => Ok(*p.get_ref()),
            (Some(p), ProgramSpec::Cargo(name)) => Err(self.src.error(
                p.span(),
                format!("`{name}` is the kit's own program, which speaks testlib's protocol: a protocol is for source files written for another judge"),
            )),
        }
    }

    /// A C++ checker: a standard one by name, or a source file.
    fn cpp_checker(&self, name: &Spanned<String>) -> Result<CppChecker, ConfigError> {
        let text = name.get_ref();
        if text.contains('.') {
            return Ok(CppChecker::Source(self.existing(self.dir, name)?));
        }
        if !STANDARD_CHECKERS.contains(&text.as_str()) {
            return Err(self.src.error(
                name.span(),
                format!(
                    "`{text}` is not one of testlib's standard checkers ({})",
                    STANDARD_CHECKERS.join(", ")
                ),
            ));
        }
        Ok(CppChecker::Standard(text.clone()))
    }

    /// `base/<name>`, which must be a file.
    fn existing(&self, base: &Path, name: &Spanned<String>) -> Result<PathBuf, ConfigError> {
        let path = base.join(name.get_ref());
        if !path.is_file() {
            return Err(self
                .src
                .error(name.span(), format!("{} does not exist", path.display())));
        }
        Ok(path)
    }

    /// `base/<name>`, a source file the kit compiles: it must exist, and a
    /// language of judge.toml must have its extension (said here, at the
    /// line naming it, not when the program is first needed).
    fn source(&self, base: &Path, name: &Spanned<String>) -> Result<PathBuf, ConfigError> {
        let path = self.existing(base, name)?;
        let mut languages = self.kit.value.languages.values().map(Spanned::get_ref);
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        if !languages.any(|l| l.extensions.iter().any(|e| e == extension)) {
            let languages = self.kit.value.languages.values().map(Spanned::get_ref);
            let error = BuildError::unknown_language(&path, languages);
            return Err(self.src.error(name.span(), error.to_string()));
        }
        Ok(path)
    }

    /// Checks `[stress]`: a default generator to run, `{seed}` in its
    /// arguments, and the solution to compare with.
    fn stress(
        &self,
        s: &StressConfig,
        generator: Option<&ProgramSpec>,
        reference: Option<&Path>,
    ) -> Result<Stress, ConfigError> {
        let Some(generator) = generator else {
            return Err(self.src.error(
                s.args.span(),
                "`[stress]` needs the problem's default `generator`",
            ));
        };
        if !s.args.get_ref().iter().any(|a| a.contains(SEED)) {
            return Err(self.src.error(
                s.args.span(),
                format!(
                    "the stress arguments need `{SEED}`, so that each iteration draws a new test"
                ),
            ));
        }
        let against = match (&s.against, reference) {
            (Some(name), _) => self.source(self.solutions, name)?,
            (None, Some(reference)) => reference.to_path_buf(),
            (None, None) => {
                return Err(self.src.error(
                    s.args.span(),
                    "`[stress]` needs `against`, or the problem's `reference`",
                ));
            }
        };
        Ok(Stress {
            generator: generator.clone(),
            args: s.args.get_ref().clone(),
            against,
        })
    }

    /// Checks `[certify]`: a default generator to run, a value for every
    /// `{name}` in its arguments, and a brute force to compare with.
    fn certify(
        &self,
        t: &CertifyConfig,
        generator: Option<&ProgramSpec>,
        stress: Option<&Stress>,
    ) -> Result<Certify, ConfigError> {
        let Some(generator) = generator else {
            return Err(self.src.error(
                t.args.span(),
                "`[certify]` needs the problem's default `generator`",
            ));
        };
        let bounds: BTreeMap<String, u64> = t
            .bounds
            .iter()
            .map(|(name, value)| (name.clone(), *value.get_ref()))
            .collect();
        for arg in t.args.get_ref() {
            let mut rest = arg.as_str();
            while let Some(open) = rest.find('{') {
                let after = &rest[open + 1..];
                let Some(close) = after.find('}') else { break };
                let name = &after[..close];
                if !bounds.contains_key(name) {
                    return Err(self.src.error(
                        t.args.span(),
                        format!("`{{{name}}}` has no value in `bounds`"),
                    ));
                }
                rest = &after[close + 1..];
            }
        }
        let against = match (&t.against, stress) {
            (Some(name), _) => self.source(self.solutions, name)?,
            (None, Some(stress)) => stress.against.clone(),
            (None, None) => {
                return Err(self.src.error(
                    t.args.span(),
                    "`[certify]` needs `against`, the brute force (or `[stress] against`)",
                ));
            }
        };
        Ok(Certify {
            generator: generator.clone(),
            args: t.args.get_ref().clone(),
            bounds,
            against,
        })
    }

    /// Checks `[files]`: plain names, two different ones, and a problem
    /// that is not interactive (an interactor talks over stdin and stdout).
    fn files(&self, interactive: bool) -> Result<Files, ConfigError> {
        let Some(files) = &self.src.value.files else {
            return Ok(Files::default());
        };
        let names = [&files.input, &files.output];
        for name in names.into_iter().flatten() {
            if let Some(expected) = bad_file_name(name.get_ref()) {
                let message = format!(
                    "`{}` cannot name a run's file: expected {expected}",
                    name.get_ref()
                );
                return Err(self.src.error(name.span(), message));
            }
            if interactive {
                let message = "an interactive problem's solution talks to the interactor over \
                               stdin and stdout: it cannot name files";
                return Err(self.src.error(name.span(), message));
            }
        }
        if let [Some(input), Some(output)] = names.map(Option::as_ref)
            && input.get_ref() == output.get_ref()
        {
            let message = "the output file must differ from the input file";
            return Err(self.src.error(output.span(), message));
        }
        Ok(Files {
            input: files.input.as_ref().map(|n| n.get_ref().clone()),
            output: files.output.as_ref().map(|n| n.get_ref().clone()),
        })
    }

    /// Checks `validation_passes`: 2 or more, for a problem whose checker
    /// or interactor speaks Kattis's protocol (the one with a feedback
    /// folder).
    /// Checks `title`: a language's code for each (`en`, `pt-BR`), none
    /// empty; the kit's own problems in English and Chinese, an imported
    /// one in its package's languages (one at least).
    fn titles(&self) -> Result<(), ConfigError> {
        let titles = &self.src.value.title.0;
        for (code, title) in titles {
            if !lang::is_code(code) {
                let why = format!(
                    "title: `{code}` is not a language's code: expected one like `en`, `zh` or `pt-BR`"
                );
                return Err(self.src.error(title.span(), why));
            }
            if title.get_ref().trim().is_empty() {
                let why = format!("title: the title in `{code}` is empty");
                return Err(self.src.error(title.span(), why));
            }
        }
        let needed: &[&str] = match self.src.value.imported_from {
            Some(_) => &[],
            None => &["en", "zh"],
        };
        let at = titles.values().next().map_or(0..0, |t| t.span());
        if let Some(code) = needed.iter().find(|code| !titles.contains_key(**code)) {
            let why = format!(
                "title: the kit's problems are written in English and Chinese: expected \
                 `{code} = \"...\"` in it"
            );
            return Err(self.src.error(at, why));
        }
        if titles.is_empty() {
            return Err(self
                .src
                .error(at, "title: expected a title, as `{ en = \"...\" }`"));
        }
        Ok(())
    }

    fn passes(&self, checker: Protocol) -> Result<u32, ConfigError> {
        let Some(passes) = &self.src.value.validation_passes else {
            return Ok(1);
        };
        let why = match (*passes.get_ref(), checker) {
            (0 | 1, _) => "a multi-pass problem runs a solution 2 or more times",
            (_, Protocol::Kattis) => return Ok(*passes.get_ref()),
            _ => {
                "a multi-pass checker writes nextpass.in into its feedback folder: it speaks \
                  Kattis's protocol (`[protocols] checker = \"kattis\"`)"
            }
        };
        Err(self.src.error(passes.span(), why))
    }

    /// Checks `[graders]`: a plain submission name, languages of
    /// judge.toml, files that exist (a grader that judge.toml compiles
    /// first), not for an interactive problem.
    fn graders(&self, g: &GradersConfig, interactive: bool) -> Result<Graders, ConfigError> {
        if let Some(name) = &g.submission {
            let plain = bad_file_name(name.get_ref()).is_none() && !name.get_ref().contains('.');
            if !plain {
                let why =
                    "a submission's name beside its grader: letters, digits, `_`, `-`, no dot";
                return Err(self.src.error(name.span(), why));
            }
        }
        if interactive {
            let why = "an interactive problem's solution talks to the interactor: the kit \
                       compiles no grader with it";
            return Err(self.src.error(0..0, why));
        }
        let mut files = BTreeMap::new();
        for (language, list) in &g.files {
            if !self.kit.value.languages.contains_key(language) {
                let known: Vec<&String> = self.kit.value.languages.keys().collect();
                let why = format!(
                    "no language `{language}` in judge.toml (it has: {})",
                    known
                        .iter()
                        .map(|k| k.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                return Err(self.src.error(list.span(), why));
            }
            if list.get_ref().is_empty() {
                let why =
                    format!("the {language} grader: expected its files, the first the one run");
                return Err(self.src.error(list.span(), why));
            }
            let paths: Vec<PathBuf> = (list.get_ref().iter())
                .map(|file| self.existing(self.dir, file))
                .collect::<Result<_, _>>()?;
            // The driver first; or none, headers only (the submission runs).
            let extensions = &self.kit.value.languages[language].get_ref().extensions;
            let of_language = |p: &PathBuf| {
                let extension = p.extension().and_then(|e| e.to_str()).unwrap_or("");
                extensions.iter().any(|e| e == extension)
            };
            if !of_language(&paths[0]) && paths.iter().any(of_language) {
                let why = format!(
                    "the {language} grader: its driver, a {language} source, comes first (with \
                     headers only, the submission is the program)"
                );
                return Err(self.src.error(list.span(), why));
            }
            files.insert(language.clone(), paths);
        }
        let attachments = (g.attachments.iter())
            .map(|a| self.existing(self.dir, a))
            .collect::<Result<_, _>>()?;
        Ok(Graders {
            submission: g.submission.as_ref().map(|n| n.get_ref().clone()),
            files,
            attachments,
        })
    }

    /// Checks `[input]`: a case takes at least one line.
    fn cases(&self, input: &InputConfig) -> Result<Cases, ConfigError> {
        let lines = *input.case_lines.get_ref();
        if lines == 0 {
            return Err(self
                .src
                .error(input.case_lines.span(), "a case takes at least one line"));
        }
        Ok(Cases { lines })
    }

    /// `[expected]`: each solution exists, each promise names a verdict a
    /// solution can get.
    /// The inputs a validator must reject; they need a validator.
    fn invalid(&self, validators: &[Validator]) -> Result<Vec<Invalid>, ConfigError> {
        let entries = &self.src.value.invalid;
        if let (Some(first), true) = (entries.first(), validators.is_empty()) {
            return Err(self.src.error(
                first.span(),
                "`[[invalid]]` inputs are checked by the validator: the problem names none",
            ));
        }
        entries
            .iter()
            .map(|e| {
                let e = e.get_ref();
                Ok(Invalid {
                    input: self.existing(self.dir, &e.file)?,
                    reason: e.reason.clone(),
                })
            })
            .collect()
    }

    fn expected(&self) -> Result<BTreeMap<String, Verdicts>, ConfigError> {
        let mut all = BTreeMap::new();
        for (file, verdicts) in &self.src.value.expected {
            let path = self.solutions.join(file);
            if !path.is_file() {
                return Err(self.src.error(
                    verdicts.span(),
                    format!("{} does not exist", path.display()),
                ));
            }
            let known = |name: &String| {
                let found = Verdicts::ALL.iter().find(|v| v.as_str() == name);
                found.copied().filter(|v| *v != Verdict::Fail)
            };
            let list: Option<Vec<Verdict>> = verdicts.get_ref().iter().map(known).collect();
            match list {
                Some(list) if !list.is_empty() => {
                    all.insert(file.clone(), list.into_iter().collect());
                }
                _ => {
                    return Err(self.src.error(
                        verdicts.span(),
                        "expected verdicts: a non-empty list of AC, PC, WA, PE, TLE, MLE, OLE, \
                         RE, CE",
                    ));
                }
            }
        }
        Ok(all)
    }

    fn groups(&self) -> Result<Vec<Group>, ConfigError> {
        let mut groups: Vec<Group> = Vec::new();
        for g in &self.src.value.groups {
            let name = &g.get_ref().name;
            if groups.iter().any(|known| &known.name == name) {
                return Err(self
                    .src
                    .error(g.span(), format!("group `{name}` is defined twice")));
            }
            groups.push(Group {
                name: name.clone(),
                points: g.get_ref().points,
                scoring: g.get_ref().scoring,
                depends: g.get_ref().depends.clone(),
            });
        }
        for (g, spanned) in groups.iter().zip(&self.src.value.groups) {
            for d in &g.depends {
                if *d == g.name || !groups.iter().any(|known| known.name == *d) {
                    return Err(self.src.error(
                        spanned.span(),
                        format!(
                            "group `{}` depends on `{d}`, which is not another group of the problem",
                            g.name
                        ),
                    ));
                }
            }
        }
        Ok(groups)
    }

    /// The test plan: each entry's tests, in order, named by position.
    fn plan(&self, groups: &[Group], generator: Option<&ProgramSpec>) -> Result<Vec<TestSpec>> {
        let mut plan = Vec::new();
        for entry in &self.src.value.tests {
            let group = self.group_of(entry, groups)?;
            self.check_points(entry, groups)?;
            self.check_targets(entry)?;
            let stored = self.stored_of(entry)?;
            let answer = self.answer_of(entry)?;
            let answerer = (entry.get_ref().answered_by.as_ref())
                .map(|name| self.source(self.solutions, name))
                .transpose()?;
            for source in self.sources_of(entry, generator)? {
                let files = (answer.clone(), stored.clone(), answerer.clone());
                plan.push((source, files, group.clone(), entry.get_ref()));
            }
            if plan.len() > MAX_TESTS {
                return Err(self
                    .src
                    .error(
                        entry.span(),
                        format!("the test plan has more than {MAX_TESTS} tests"),
                    )
                    .into());
            }
        }
        if plan.is_empty() {
            bail!("{}: the test plan is empty", self.src.path.display());
        }
        if self.src.value.reference.is_none()
            && let Some((_, _, _, e)) = (plan.iter())
                .find(|(_, (answer, _, answerer), _, _)| answer.is_none() && answerer.is_none())
        {
            let entry = self
                .src
                .value
                .tests
                .iter()
                .find(|t| std::ptr::eq(t.get_ref(), *e));
            let span = entry.map_or(0..0, Spanned::span);
            return Err(self
                .src
                .error(
                    span,
                    "no stored `answer` here, and no `reference` to make one",
                )
                .into());
        }
        let entries = plan.iter().map(|(_, _, g, e)| (g.as_deref(), *e));
        self.check_group_points(groups, entries)?;
        let width = plan.len().to_string().len().max(2);
        Ok(plan
            .into_iter()
            .enumerate()
            .map(
                |(i, (source, (answer, stored, answerer), group, e))| TestSpec {
                    name: format!("{:0width$}", i + 1),
                    source,
                    group,
                    sample: e.sample,
                    comment: e.comment.clone(),
                    targets: e.targets.clone(),
                    answer,
                    stored,
                    answerer,
                    generator_answers: e.generator_answers,
                    validator_args: e.validator_args.clone(),
                    points: e.points.as_ref().map(|p| *p.get_ref()),
                },
            )
            .collect())
    }

    /// A group whose tests have points of their own: each of its tests
    /// has them, and they add up to the group's (`tests`: each test's
    /// group and entry).
    fn check_group_points<'e>(
        &self,
        groups: &[Group],
        tests: impl Iterator<Item = (Option<&'e str>, &'e TestEntry)> + Clone,
    ) -> Result<(), ConfigError> {
        for (g, spanned) in groups.iter().zip(&self.src.value.groups) {
            let own = tests
                .clone()
                .filter(|(group, _)| *group == Some(g.name.as_str()));
            let points: Vec<Option<f64>> = own
                .map(|(_, e)| e.points.as_ref().map(|p| *p.get_ref()))
                .collect();
            if points.iter().all(Option::is_none) {
                continue;
            }
            let sum: f64 = points.iter().flatten().sum();
            let problem = if points.iter().any(Option::is_none) {
                format!("group `{}`: some tests have `points`, others not", g.name)
            } else if (sum - f64::from(g.points)).abs() > 1e-6 {
                format!(
                    "group `{}` is worth {} points, but its tests' `points` add up to {sum}",
                    g.name, g.points
                )
            } else {
                continue;
            };
            return Err(self.src.error(spanned.span(), problem));
        }
        Ok(())
    }

    /// A test's own points: in a group scored `each` or `prefix` what it
    /// earns; in one scored all or nothing where a package put the
    /// group's points (Polygon's tests carry them), not scoring; one
    /// test's, not negative.
    fn check_points(
        &self,
        entry: &Spanned<TestEntry>,
        groups: &[Group],
    ) -> Result<(), ConfigError> {
        let e = entry.get_ref();
        let Some(points) = &e.points else {
            return Ok(());
        };
        let holds = |g: &&Group| g.shared() || g.scoring == GroupScoring::All;
        let each = (groups.iter()).any(|g| holds(&g) && e.group.as_ref() == Some(&g.name));
        let problem = match (each, &e.count, *points.get_ref()) {
            (false, _, _) => {
                "`points` is a test's own in a group scored \"each\", \"prefix\" or \"all\""
            }
            (_, Some(_), _) => "`points` is one test's: not for `count` tests",
            (_, _, p) if !(p >= 0.0 && p.is_finite()) => "`points` must be 0 or more",
            _ => return Ok(()),
        };
        Err(self.src.error(points.span(), problem))
    }

    /// A test's group: required when the problem has groups, refused when not.
    fn group_of(
        &self,
        entry: &Spanned<TestEntry>,
        groups: &[Group],
    ) -> Result<Option<String>, ConfigError> {
        let span = entry.span();
        match (&entry.get_ref().group, groups.is_empty()) {
            (Some(_), true) => Err(self
                .src
                .error(span, "`group` given but the problem has no [[groups]]")),
            (None, false) => Err(self
                .src
                .error(span, "every test needs a `group` in a problem with groups")),
            (Some(g), false) if !groups.iter().any(|known| &known.name == g) => {
                Err(self.src.error(span, format!("unknown group `{g}`")))
            }
            (g, _) => Ok(g.clone()),
        }
    }

    /// A test's stored answer, which must exist (one test's: no `count`).
    fn answer_of(&self, entry: &Spanned<TestEntry>) -> Result<Option<PathBuf>, ConfigError> {
        let e = entry.get_ref();
        match (&e.answer, &e.count) {
            (None, _) => Ok(None),
            (Some(answer), None) => Ok(Some(self.existing(self.dir, answer)?)),
            (Some(answer), Some(_)) => Err(self.src.error(
                answer.span(),
                "`answer` is one test's stored answer: not for `count` tests",
            )),
        }
    }

    /// A generated test's stored input, which must exist.
    fn stored_of(&self, entry: &Spanned<TestEntry>) -> Result<Option<PathBuf>, ConfigError> {
        let e = entry.get_ref();
        match (&e.stored, &e.args) {
            (None, _) => Ok(None),
            (Some(stored), Some(_)) if e.count.is_none() => {
                Ok(Some(self.existing(self.dir, stored)?))
            }
            (Some(stored), _) => Err(self.src.error(
                stored.span(),
                "`stored` is a generated test's input as a package stores it: it needs `args` \
                 and no `count`",
            )),
        }
    }

    /// Every solution a test aims at exists.
    fn check_targets(&self, entry: &Spanned<TestEntry>) -> Result<(), ConfigError> {
        for target in &entry.get_ref().targets {
            let path = self.solutions.join(target);
            if !path.is_file() {
                return Err(self.src.error(
                    entry.span(),
                    format!("target {} does not exist", path.display()),
                ));
            }
        }
        Ok(())
    }

    /// The inputs an entry stands for: one file, or `count` generator runs.
    fn sources_of(
        &self,
        entry: &Spanned<TestEntry>,
        default_generator: Option<&ProgramSpec>,
    ) -> Result<Vec<TestSource>, ConfigError> {
        let (span, e) = (entry.span(), entry.get_ref());
        let error = |message: &str| self.src.error(span.clone(), message);
        match (&e.file, &e.args) {
            (Some(_), Some(_)) => Err(error("a test has either `file` or `args`, not both")),
            (None, None) => Err(error("a test needs `file` (manual) or `args` (generated)")),
            (Some(file), None) => {
                if e.generator.is_some() || e.count.is_some() {
                    return Err(error("`generator` and `count` need `args`"));
                }
                Ok(vec![TestSource::File(self.existing(self.dir, file)?)])
            }
            (None, Some(args)) => {
                let generator = match &e.generator {
                    Some(g) => self.program(g, Role::Generator)?,
                    None => default_generator
                        .cloned()
                        .ok_or_else(|| error("no `generator` for this test"))?,
                };
                let count = e.count.as_ref().map_or(1, |c| *c.get_ref());
                if !(1..=MAX_TESTS).contains(&(count as usize)) {
                    let span = e.count.as_ref().map_or(span.clone(), Spanned::span);
                    return Err(self.src.error(
                        span,
                        format!("`count` is {count}: it lies in 1..={MAX_TESTS}"),
                    ));
                }
                if count > 1 && !args.iter().any(|a| a.contains("{index}")) {
                    return Err(error(
                        "`count` needs `{index}` in `args`, so that the tests differ",
                    ));
                }
                Ok((1..=count)
                    .map(|k| TestSource::Generated {
                        generator: generator.clone(),
                        args: args
                            .iter()
                            .map(|a| a.replace("{index}", &k.to_string()))
                            .collect(),
                    })
                    .collect())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_rule() {
        for good in ["a", "misere-bash", "nim2", &"a".repeat(MAX_NAME)] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in [
            "",
            "2nim",
            "-a",
            "a-",
            "Nim",
            "a_b",
            "a b",
            "a/b",
            "é",
            &"a".repeat(MAX_NAME + 1),
        ] {
            let err = check_name(bad).unwrap_err().to_string();
            assert!(err.contains("lower-case letters"), "{bad}: {err}");
        }
    }
}
