//! `judge package`: contest packages that real judges import.
//!
//! [`export`] builds what the format needs (the problems' tests, the
//! kit's programs built for the format's protocol, the statements printed
//! to PDF), ships each problem's jury programs as the format can hold them
//! ([`Shipping`]), hands each problem to the format's [`Writer`] (one per
//! format, in `format/`), assembles the problems (side by side, with the
//! contest's files, when more than one), and writes the tree as a folder
//! or a zip in one step.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use crate::base::fsutil;
use crate::base::pool::Pool;
use crate::core::browser::Browser;
use crate::core::jury::Jury;
use crate::core::testset;
use crate::format::subject::{
    CppJury, KeptFiles, Shipped, Statement, Subject, about, self_contained_cpp, stable_uuid,
    with_headers,
};
use crate::format::wrap::{self, Role, Source};
use crate::format::{Format, Settings, Tree, Writer};
use crate::model::event::Events;
use crate::model::expect::Expect;
use crate::model::kit::Kit;
use crate::model::lang::Lang;
use crate::model::problem::{
    CppChecker, Problem, ProgramSpec, STANDARD_CHECKERS, TestSource, Validator,
};
use crate::model::program::Protocol;
use crate::model::results::{BuildSummary, Test, Warning};
use crate::service::package_statements::{self, Shown};
use crate::service::statement;

/// A problem's statements for an export: rendered, an imported
/// problem's own files kept as they are, and its package's statement files
/// the format could not carry ([`Subject::uncarried`]).
type Rendered = (Vec<Statement>, KeptFiles, Vec<String>);

/// What an export wrote.
#[derive(Debug)]
pub struct Exported {
    /// The problems, in order.
    pub problems: Vec<String>,
    pub warnings: Vec<Warning>,
}

/// What `target/judge/exports.json` remembers of each export: the
/// fingerprint of what was written, so that only an unchanged earlier
/// export is ever replaced.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Exports {
    written: BTreeMap<PathBuf, String>,
    /// What an export about to replace its place will have written: a
    /// judge killed between the two steps leaves the old or the new there,
    /// and either is known.
    #[serde(default)]
    staged: BTreeMap<PathBuf, String>,
}

impl Exports {
    /// The kit's records (none when there are none, or they cannot be
    /// read).
    fn of(kit: &Kit) -> Exports {
        let records = std::fs::read(Exports::path(kit)).ok();
        (records.and_then(|b| serde_json::from_slice(&b).ok())).unwrap_or_default()
    }

    fn path(kit: &Kit) -> PathBuf {
        kit.work_dir().join("exports.json")
    }

    fn save(&self, kit: &Kit) -> Result<()> {
        fsutil::create_dir_all(&kit.work_dir())?;
        fsutil::write_atomic(&Exports::path(kit), &serde_json::to_vec_pretty(self)?)?;
        Ok(())
    }

    /// Writes `tree` at `out`: whole beside its place, and known before it
    /// is moved there (renaming keeps every path, size and time the
    /// fingerprint holds); an unchanged earlier export there is replaced.
    fn publish(&mut self, kit: &Kit, tree: &Tree, out: &Path) -> Result<()> {
        let staged = tree.stage(out)?;
        self.staged
            .insert(out.to_path_buf(), fingerprint(staged.path())?);
        self.save(kit)?;
        if out.is_dir() {
            std::fs::remove_dir_all(out).map_err(|e| fsutil::naming(out, e))?;
        }
        staged.publish(out)?;
        self.staged.remove(out);
        self.written.insert(out.to_path_buf(), fingerprint(out)?);
        self.save(kit)
    }

    /// Whether `out` holds what an earlier export wrote (or was about to).
    fn knows(&self, out: &Path) -> bool {
        let seen = fingerprint(out).unwrap_or_default();
        [&self.written, &self.staged]
            .iter()
            .any(|records| records.get(out) == Some(&seen))
    }
}

/// A cheap fingerprint of a file or folder: every path with its size and
/// modification time.
fn fingerprint(path: &Path) -> Result<String> {
    let mut hasher = blake3::Hasher::new();
    let files = if path.is_dir() {
        fsutil::files_under(path)?
    } else {
        vec![path.to_path_buf()]
    };
    for file in files {
        let (size, time) = fsutil::stamp(&file).unwrap_or_default();
        let relative = file.strip_prefix(path).unwrap_or(&file);
        hasher.update(format!("{}\0{size}\0{time}\0", relative.display()).as_bytes());
    }
    Ok(hasher.finalize().to_hex().to_string())
}

/// The solutions of a problem with their promises, in verify's order.
fn solutions_of(problem: &Problem) -> Result<Vec<(Expect, PathBuf)>> {
    let promises = crate::model::expect::promises(problem)?;
    Ok(promises
        .into_iter()
        .map(|(file, expect)| (expect, file))
        .collect())
}

/// The source files shipped with a Rust program: its own file and the
/// library of its package.
fn sources_of(kit: &Kit, package: &str, name: &str) -> Result<Vec<(String, PathBuf)>> {
    let src = kit.root.join(package).join("src");
    let mut sources = vec![(
        format!("{name}.rs"),
        src.join("bin").join(format!("{name}.rs")),
    )];
    for file in fsutil::files_in(&src)? {
        let file_name = file.file_name().map(|n| n.to_string_lossy().into_owned());
        if let Some(file_name) = file_name.filter(|n| n.ends_with(".rs")) {
            sources.push((format!("{package}-{file_name}"), file));
        }
    }
    Ok(sources)
}

/// What to export, where, and how.
pub struct Request<'a> {
    /// The problems (all of judge.toml when none is named; a contest
    /// unless exactly one is named).
    pub names: &'a [String],
    pub format: Format,
    /// A folder, or a file ending in `.zip`.
    pub out: &'a Path,
    /// The testlib.h to ship, when the format ships one.
    pub testlib_h: Option<&'a Path>,
    /// Leave out the PDF statements (no browser needed).
    pub no_pdf: bool,
    /// Hydro's problem ids as `<prefix>-<id>`: the prefix is a namespace
    /// of the domain.
    pub pid_prefix: Option<&'a str>,
    /// Leave out an input validator the format cannot carry, said in a
    /// warning (else an error): never a checker or an interactor, without
    /// which the package would judge wrongly.
    pub lossy: bool,
}

/// Exports as `request` says: everything the request needs is checked
/// before any work is done (the problems first: an unknown one is the
/// first thing to hear of), then the problems are built, their statements
/// rendered, their programs shipped, and the package written whole.
pub fn export(kit: &Kit, jury: &Jury, events: &mut Events, request: &Request) -> Result<Exported> {
    kit.select(request.names)?;
    let out = std::path::absolute(request.out)?;
    outside_the_sources(kit, &out)?;
    let single = request.names.len() == 1;
    request.format.check_out(&out, single)?;
    let mut records = Exports::of(kit);
    if out.exists() && !records.knows(&out) {
        bail!(
            "{} exists and is not an unchanged earlier export of this kit: remove it or choose \
             another path",
            out.display()
        );
    }
    let writer = writer(kit, request)?;
    let browser = browser(&*writer, request)?;
    let Built {
        problems,
        tests: built,
        stand_ins,
        binaries,
    } = build(kit, jury, events, request.names, &*writer)?;
    let mut warnings = Vec::new();
    let statements = render(&problems, &built, request.format, &mut warnings)?;
    let statements = printed(statements, browser.as_ref(), jury.pool())?;
    let shipping = Shipping {
        kit,
        jury,
        format: request.format,
        wanted: writer.protocol(),
        binaries: binaries.as_deref(),
        compiled: writer.runs_compiled(),
        lossy: request.lossy,
    };
    let mut subjects = Vec::new();
    let each = problems.iter().zip(&built).zip(statements).zip(stand_ins);
    for (((problem, tests), statements), stand_ins) in each {
        let mut subject = shipping.subject(problem, tests, statements, &*writer, &mut warnings)?;
        subject.stand_ins = stand_ins;
        subjects.push(subject);
    }
    let tree = assembled(&*writer, request.format, &subjects, single)?;
    warnings.extend(subjects.iter().flat_map(|s| writer.warnings(s)));
    let languages: Vec<_> = (kit.config.value.languages.values())
        .map(|l| l.get_ref())
        .collect();
    let toolchain = writer.toolchain();
    warnings.extend(
        subjects
            .iter()
            .flat_map(|s| toolchain.differences(&languages, s)),
    );
    records.publish(kit, &tree, &out)?;
    Ok(Exported {
        problems: problems.iter().map(|p| p.name.clone()).collect(),
        warnings,
    })
}

/// The format's writer, with what it needs of the kit and the request.
fn writer(kit: &Kit, request: &Request) -> Result<Box<dyn Writer>> {
    let testlib_h = || match request.testlib_h {
        Some(path) if path.is_file() => Ok(path.to_path_buf()),
        Some(path) => bail!("--testlib-h {}: no such file", path.display()),
        None => kit.testlib_h(),
    };
    let settings = Settings {
        testlib_h: &testlib_h,
        extensions: (kit.config.value.languages.values())
            .map(|l| l.get_ref().extensions.clone())
            .collect(),
        pid_prefix: request.pid_prefix,
    };
    request.format.writer(&settings)
}

/// The headless Chromium that prints the statements, for a format that
/// ships PDF statements (unless `--no-pdf`).
fn browser(writer: &dyn Writer, request: &Request) -> Result<Option<Browser>> {
    if !writer.wants_pdf() || request.no_pdf {
        return Ok(None);
    }
    let found = Browser::find().with_context(|| {
        format!(
            "the {} format ships PDF statements, which a headless Chromium prints (or pass \
             --no-pdf to leave them out)",
            request.format.name()
        )
    })?;
    Ok(Some(found))
}

/// What an export is made of: the problems, their built tests, and where
/// the kit's Rust programs are built for the format's protocol (`None`: it
/// speaks none).
struct Built {
    problems: Vec<Problem>,
    tests: Vec<Vec<Test>>,
    /// Each problem's generated tests whose stored input stands in for
    /// its generator's ([`Subject::stand_ins`]).
    stand_ins: Vec<BTreeSet<String>>,
    binaries: Option<PathBuf>,
}

/// The generated tests of `problem` whose stored input stands in for the
/// generator's: it differs from what the generator makes, or the
/// generator does not compile here.
fn stand_ins(problem: &Problem, summary: &BuildSummary) -> BTreeSet<String> {
    let not_compiled = |generator: &ProgramSpec| {
        let path = match generator {
            ProgramSpec::Source(path) | ProgramSpec::Folder(path) => path,
            ProgramSpec::Executable(path) => path,
            ProgramSpec::Sources { entry, .. } => entry,
            ProgramSpec::Cargo(_) => return false,
        };
        let shown = path.display().to_string();
        summary.not_compiled.iter().any(|n| n.program == shown)
    };
    let unmade = (problem.tests.iter()).filter(|t| match &t.source {
        TestSource::Generated { generator, .. } => not_compiled(generator),
        TestSource::File(_) => false,
    });
    (unmade.map(|t| t.name.clone()))
        .chain(summary.regenerated_different.iter().cloned())
        .collect()
}

/// Builds what an export is made of, under the kit's build lock.
fn build(
    kit: &Kit,
    jury: &Jury,
    events: &mut Events,
    names: &[String],
    writer: &dyn Writer,
) -> Result<Built> {
    let _building = kit.lock_builds(events)?;
    let problems = jury.prepare(kit, names, false, events)?;
    let (mut built, mut unmade) = (Vec::new(), Vec::new());
    for problem in &problems {
        let (tests, summary) = testset::build(kit, jury, problem, events)?;
        built.push(tests);
        unmade.push(stand_ins(problem, &summary));
    }
    let Some(protocol) = writer.protocol() else {
        return Ok(Built {
            problems,
            tests: built,
            stand_ins: unmade,
            binaries: None,
        });
    };
    let wanted: std::collections::BTreeSet<String> = (problems.iter())
        .flat_map(|p| std::iter::once(&p.checker).chain(p.validators.iter().map(|v| &v.program)))
        .filter_map(|s| match s {
            ProgramSpec::Cargo(name) => Some(name.clone()),
            _ => None,
        })
        .collect();
    let binaries = match wanted.is_empty() {
        // Only programs kept as the packages had them.
        true => PathBuf::new(),
        false => jury.cargo().build_for(protocol, &wanted)?,
    };
    Ok(Built {
        problems,
        tests: built,
        stand_ins: unmade,
        binaries: Some(binaries),
    })
}

/// The package: one problem's files at its root (unless the format nests
/// every problem), or each problem in its folder with the contest's files.
fn assembled(
    writer: &dyn Writer,
    format: Format,
    subjects: &[Subject],
    single: bool,
) -> Result<Tree> {
    let problem_tree = |subject: &Subject| -> Result<Tree> {
        let mut one = Tree::default();
        writer.problem(subject, &mut one)?;
        for (path, file) in &subject.kept {
            one.file(path, file)?;
        }
        Ok(one)
    };
    if single && !format.nests_every_problem() {
        return problem_tree(&subjects[0]);
    }
    let mut tree = Tree::default();
    for subject in subjects {
        tree.nest(&format!("{}/", subject.folder), problem_tree(subject)?)?;
    }
    if !single {
        writer.contest(subjects, &mut tree)?;
    }
    Ok(tree)
}

/// How an export ships jury programs: for a `format` whose judges speak
/// `wanted` (none: the format compiles C++ twins instead), with the kit's
/// Rust programs built in `binaries`.
struct Shipping<'a> {
    kit: &'a Kit,
    jury: &'a Jury<'a>,
    format: Format,
    wanted: Option<Protocol>,
    binaries: Option<&'a Path>,
    /// The judges run only compiled checkers ([`Writer::runs_compiled`]).
    compiled: bool,
    /// `--lossy`: an input validator that cannot be carried is left out.
    lossy: bool,
}

impl Shipping<'_> {
    /// One problem as the writer sees it: its programs shipped, its
    /// statements rendered (or, for an imported problem without the kit's,
    /// its package's own: `kept`, and those carried in `statements`).
    fn subject<'p>(
        &self,
        problem: &'p Problem,
        tests: &'p [Test],
        (statements, mut kept, uncarried): Rendered,
        writer: &dyn Writer,
        warnings: &mut Vec<Warning>,
    ) -> Result<Subject<'p>> {
        writer.holds(problem)?;
        let validators = (problem.validators.iter())
            .filter(|_| writer.ships_validator())
            .map(|v| self.ship(problem, &v.program, Role::Validator, v.protocol, warnings))
            .filter_map(Result::transpose)
            .collect::<Result<_>>()?;
        kept.extend(writer.kept(problem)?);
        let role = match problem.interactive {
            true => Role::Interactor,
            false => Role::Checker,
        };
        let checker = self.ship(
            problem,
            &problem.checker,
            role,
            problem.checker_protocol,
            warnings,
        )?;
        Ok(Subject {
            problem,
            tests,
            solutions: solutions_of(problem)?,
            statements,
            kept,
            checker,
            validators,
            cpp: match self.wanted {
                None => self.cpp_jury(problem, tests, writer, warnings)?,
                Some(_) => CppJury::default(),
            },
            uuid: (about(problem).uuid).unwrap_or_else(|| stable_uuid(&problem.name)),
            folder: self.format.folder(&problem.name),
            uncarried,
            kit_root: self.kit.root.clone(),
            stand_ins: BTreeSet::new(),
        })
    }

    /// The C++ testlib programs for a format whose judges compile only
    /// those: the problem's own, else its C++ programs of another protocol
    /// wrapped into testlib's, else for its checker the standard checker
    /// of testlib that judges as it does ([`standard_twin`]).
    fn cpp_jury(
        &self,
        p: &Problem,
        tests: &[Test],
        writer: &dyn Writer,
        warnings: &mut Vec<Warning>,
    ) -> Result<CppJury> {
        let mut cpp = CppJury {
            checker: p.cpp_checker.clone(),
            validator: p.cpp_validator.clone(),
            interactor: p.cpp_interactor.clone(),
        };
        let other = |spec: &ProgramSpec, protocol: Protocol| match spec {
            ProgramSpec::Source(path) if protocol != Protocol::Testlib && wrap::is_cpp(path) => {
                Some(path.clone())
            }
            _ => None,
        };
        let wanted = Protocol::Testlib;
        if let Some(path) = other(&p.checker, p.checker_protocol) {
            let from = p.checker_protocol;
            match p.interactive {
                true if cpp.interactor.is_none() => {
                    self.carried(p, &path, Source::Cpp, Role::Interactor, from, wanted)?;
                    let wrapped =
                        self.wrapped(p, &path, Role::Interactor, from, wanted, warnings)?;
                    cpp.interactor = Some(wrapped);
                }
                false if cpp.checker.is_none() => {
                    let wrapped = self.wrapped(p, &path, Role::Checker, from, wanted, warnings)?;
                    cpp.checker = Some(CppChecker::Source(wrapped));
                }
                _ => {}
            }
        }
        if cpp.checker.is_none() {
            cpp.checker = self.standard_twin(p, tests, warnings)?;
        }
        // A program these judges cannot compile, nor the kit wrap: the
        // formats that can carry it are named.
        let role = match p.interactive {
            true => Role::Interactor,
            false => Role::Checker,
        };
        let own = match &p.checker {
            ProgramSpec::Cargo(_) => None,
            ProgramSpec::Source(path) => Some((path, Source::of(path))),
            ProgramSpec::Folder(path) | ProgramSpec::Executable(path) => {
                Some((path, Source::Other))
            }
            ProgramSpec::Sources { entry, .. } => Some((entry, Source::Other)),
        };
        if let (None, None, Some((path, source))) = (&cpp.checker, &cpp.interactor, own) {
            self.carried(p, path, source, role, p.checker_protocol, wanted)?;
        }
        if !writer.ships_validator() {
            return Ok(cpp);
        }
        let validator =
            (p.validators.iter()).find_map(|v| other(&v.program, v.protocol).zip(Some(v.protocol)));
        if let (None, Some((path, from))) = (&cpp.validator, validator) {
            cpp.validator =
                Some(self.wrapped(p, &path, Role::Validator, from, wanted, warnings)?);
        }
        if cpp.validator.is_none() {
            for v in &p.validators {
                let why = self.no_cpp_validator(p, v);
                self.left_out(p, why, warnings)?;
            }
        }
        // These judges call a validator with no arguments of the test's
        // (Polygon's passes its group at most): one that wants them
        // (ICPC's flags, CMS's subtask) would refuse every input.
        let wants = (p.tests.iter()).find(|t| !t.validator_args.is_empty());
        if let (Some(_), Some(test)) = (&cpp.validator, wants) {
            let own = p.validators.first().map(|v| p.program_shown(&v.program));
            let why = anyhow::anyhow!(
                "{}: the validator takes arguments of each test's (test {}: `{}`), which the \
                 {} format's judges do not pass: export --format icpc or icpc-legacy",
                own.unwrap_or_default(),
                test.name,
                test.validator_args.join(" "),
                self.format.name()
            );
            self.left_out(p, why, warnings)?;
            cpp.validator = None;
        }
        Ok(cpp)
    }

    /// testlib's standard checker that judges as `p`'s checker, one of the
    /// kit's cargo checkers called without arguments, does, if there is
    /// one: a standard checker of the kit is testlib's of the same name.
    /// `icpc-default`, ICPC's default output validator, compares the
    /// tokens ignoring ASCII case, and `wcmp` compares them exactly (both
    /// split at white space, and reject a missing or an extra token): on
    /// answers without an ASCII letter the two are the same rule (a byte
    /// of the output must then equal the answer's, as no other byte has a
    /// case), so it is `wcmp` there, said in a warning (imported again, the
    /// checker is `wcmp`); elsewhere no testlib checker ignores case, and
    /// it is refused. A checker with arguments (a tolerance) is refused
    /// too: none of testlib's takes them.
    fn standard_twin(
        &self,
        p: &Problem,
        tests: &[Test],
        warnings: &mut Vec<Warning>,
    ) -> Result<Option<CppChecker>> {
        let ProgramSpec::Cargo(name) = &p.checker else {
            return Ok(None);
        };
        if p.interactive || !p.checker_args.is_empty() {
            return Ok(None);
        }
        if STANDARD_CHECKERS.contains(&name.as_str()) {
            return Ok(Some(CppChecker::Standard(name.clone())));
        }
        if name != "icpc-default" {
            return Ok(None);
        }
        for test in tests {
            let answer =
                std::fs::read(&test.answer).map_err(|e| fsutil::naming(&test.answer, e))?;
            if answer.iter().any(u8::is_ascii_alphabetic) {
                bail!(
                    "{}: its checker, `icpc-default` (ICPC's default output validator), \
                     compares tokens ignoring case, as no testlib standard checker does, and \
                     the answer of test {} holds letters; the {} format's judges compile only \
                     C++ checkers: set `cpp_checker` (`wcmp` if case matters, or a C++ \
                     source), or export the problem with --format icpc or icpc-legacy",
                    p.name,
                    test.name,
                    self.format.name()
                );
            }
        }
        warnings.push(Warning {
            problem: p.name.clone(),
            judge: self.format.name(),
            message: "the checker `icpc-default` (ICPC's default output validator, which \
                      ignores case) goes as testlib's `wcmp` (which does not): they judge \
                      alike on these answers, which hold no letter, and an import of the \
                      package gets `wcmp`"
                .to_string(),
        });
        Ok(Some(CppChecker::Standard("wcmp".to_string())))
    }

    /// Why the input validator `v` cannot go to judges that compile only
    /// C++ testlib validators, naming the formats that carry it as it is.
    fn no_cpp_validator(&self, p: &Problem, v: &Validator) -> anyhow::Error {
        let (formats, what) = match &v.program {
            ProgramSpec::Cargo(_) => (Vec::new(), "a Rust program of the kit"),
            ProgramSpec::Source(path) if wrap::is_cpp(path) => (
                wrap::carriers(Role::Validator, v.protocol, Source::Cpp),
                "a C++ source the kit cannot take for testlib's",
            ),
            ProgramSpec::Source(path) => (
                wrap::carriers(Role::Validator, v.protocol, Source::of(path)),
                "no C++ source",
            ),
            _ => (
                wrap::carriers(Role::Validator, v.protocol, Source::Other),
                "no C++ source",
            ),
        };
        let export = match formats.as_slice() {
            [] => String::new(),
            formats => format!(
                ", or export the problem with --format {}",
                formats.join(" or ")
            ),
        };
        anyhow::anyhow!(
            "{} ({}): its input validator is {what}, and the {} format's judges compile only \
             C++ testlib validators: set `cpp_validator` to a C++ twin{export}",
            p.program_shown(&v.program),
            p.name,
            self.format.name()
        )
    }

    /// An input validator the format cannot carry, as `why` says: with
    /// `--lossy` left out and said in a warning, else an error saying that
    /// `--lossy` would leave it out (as `judge import --lossy` does what
    /// the kit cannot represent).
    fn left_out(&self, p: &Problem, why: anyhow::Error, warnings: &mut Vec<Warning>) -> Result<()> {
        if !self.lossy {
            bail!(
                "{why:#} (the format cannot carry it: --lossy exports the rest, and says what \
                 it left out)"
            );
        }
        warnings.push(Warning {
            problem: p.name.clone(),
            judge: self.format.name(),
            message: format!("left out (--lossy): {why:#}"),
        });
        Ok(())
    }

    /// Refuses a `role` program speaking `from` that cannot be carried to
    /// judges calling it in `to`, naming the formats that can carry it.
    fn carried(
        &self,
        p: &Problem,
        path: &Path,
        source: Source,
        role: Role,
        from: Protocol,
        to: Protocol,
    ) -> Result<()> {
        if from == to || source.wraps(role, from, to) {
            return Ok(());
        }
        let why = match source {
            Source::Cpp => format!(
                "a {} in the {} protocol cannot be wrapped into the {} protocol",
                role.name(),
                from.name(),
                to.name()
            ),
            Source::Beside => "a program in another language than C++ is wrapped only for \
                               the judges that build program folders (ICPC's)"
                .to_string(),
            Source::Other => "only a C++ source, or a Python, C or shell one, can be wrapped \
                              into another protocol"
                .to_string(),
        };
        let formats = wrap::carriers(role, from, source);
        let export = match formats.as_slice() {
            [] => "no format carries it".to_string(),
            formats => format!("export the problem with --format {}", formats.join(" or ")),
        };
        bail!(
            "{} ({}): its {} speaks the {} protocol, and the {} format's judges call their \
             programs in the {} protocol; {why}: {export}",
            path.display(),
            p.name,
            role.name(),
            from.name(),
            self.format.name(),
            to.name(),
        )
    }

    /// The C++ file that runs the `role` program `path`, speaking `from`,
    /// for judges calling it in `to` ([`wrap::wrapped_cpp`]), written under
    /// the target folder with the testlib.h beside the program, if any,
    /// beside it; the export says so in a warning.
    fn wrapped(
        &self,
        p: &Problem,
        path: &Path,
        role: Role,
        from: Protocol,
        to: Protocol,
        warnings: &mut Vec<Warning>,
    ) -> Result<PathBuf> {
        let name = fsutil::file_name(path);
        let text = wrap::wrapped_cpp(&name, &self_contained_cpp(path)?, role, from, to);
        let slug = role.name().replace(' ', "-");
        let dir = (self.kit.target.join("judge/export/wrapped"))
            .join(&p.name)
            .join(format!("{slug}-{}", to.name()));
        fsutil::create_dir_all(&dir).map_err(|e| fsutil::naming(&dir, e))?;
        let file = dir.join(&name);
        fsutil::write_atomic(&file, text.as_bytes())?;
        let header = path.with_file_name("testlib.h");
        if header.is_file() && text.contains("\"testlib.h\"") {
            let bytes = std::fs::read(&header).map_err(|e| fsutil::naming(&header, e))?;
            fsutil::write_atomic(&dir.join("testlib.h"), &bytes)?;
        }
        warnings.push(Warning {
            problem: p.name.clone(),
            judge: self.format.name(),
            message: format!(
                "{}: its {} speaks the {} protocol: wrapped into one C++ file that the judges \
                 call in the {} protocol",
                name,
                role.name(),
                from.name(),
                to.name()
            ),
        });
        Ok(file)
    }

    /// The program folder that runs the `role` program `path` (a Python,
    /// C or shell source, with the files `beside` it: a Python program's
    /// modules) speaking `from` for judges calling it in `to`
    /// ([`wrap::wrapped_folder`]): the program beside its wrapper, with a
    /// `build` and a `run`, written under the target folder; the export
    /// says so in a warning.
    fn wrapped_folder(
        &self,
        p: &Problem,
        (path, beside): (&Path, &[PathBuf]),
        (role, from, to): (Role, Protocol, Protocol),
        warnings: &mut Vec<Warning>,
    ) -> Result<PathBuf> {
        let name = fsutil::file_name(path);
        let files = wrap::wrapped_folder(&name, role, from, to)
            .with_context(|| format!("{}: no wrapper runs it", path.display()))?;
        let stem = path.file_stem().unwrap_or_default().to_string_lossy();
        let dir = (self.kit.target.join("judge/export/wrapped"))
            .join(&p.name)
            .join(format!("{}-{}", role.name().replace(' ', "-"), to.name()))
            .join(stem.as_ref());
        let _ = std::fs::remove_dir_all(&dir);
        fsutil::create_dir_all(&dir).map_err(|e| fsutil::naming(&dir, e))?;
        for (rel, text) in &files {
            fsutil::write_atomic(&dir.join(rel), text.as_bytes())?;
        }
        for file in std::iter::once(path).chain(beside.iter().map(PathBuf::as_path)) {
            let bytes = std::fs::read(file).map_err(|e| fsutil::naming(file, e))?;
            fsutil::write_atomic(&dir.join(fsutil::file_name(file)), &bytes)?;
        }
        warnings.push(Warning {
            problem: p.name.clone(),
            judge: self.format.name(),
            message: format!(
                "{name}: its {} speaks the {} protocol: it goes in a program folder beside a C++ \
                 wrapper that runs it (the folder's `build` compiles the wrapper), which the \
                 judges call in the {} protocol",
                role.name(),
                from.name(),
                to.name()
            ),
        });
        Ok(dir)
    }

    /// How the package ships `spec`, a `role` program speaking `protocol`:
    /// the kit's build, the program as it is, or wrapped into the format's
    /// protocol.
    fn ship(
        &self,
        p: &Problem,
        spec: &ProgramSpec,
        role: Role,
        protocol: Protocol,
        warnings: &mut Vec<Warning>,
    ) -> Result<Option<Shipped>> {
        let (Some(wanted), Some(binaries)) = (self.wanted, self.binaries) else {
            return Ok(None);
        };
        let package = match role {
            Role::Validator => "validators",
            _ => "checkers",
        };
        let path = match spec {
            ProgramSpec::Cargo(name) => {
                return Ok(Some(Shipped::Built {
                    name: name.clone(),
                    binary: binaries.join(name),
                    sources: sources_of(self.kit, package, name)?,
                }));
            }
            ProgramSpec::Source(path)
            | ProgramSpec::Folder(path)
            | ProgramSpec::Executable(path) => path,
            ProgramSpec::Sources { entry, .. } => entry,
        };
        if protocol != wanted {
            // Only a single source is wrapped.
            // A Python program goes with the modules it imports.
            let (source, beside) = match spec {
                ProgramSpec::Source(_) => (Source::of(path), &[][..]),
                ProgramSpec::Sources { entry, beside, .. }
                    if entry.extension().is_some_and(|e| e == "py") =>
                {
                    (Source::of(entry), beside.as_slice())
                }
                _ => (Source::Other, &[][..]),
            };
            if let Err(why) = self.carried(p, path, source, role, protocol, wanted) {
                // Only a validator may be left out: without its checker or
                // interactor the package would judge wrongly.
                if role != Role::Validator {
                    return Err(why);
                }
                self.left_out(p, why, warnings)?;
                return Ok(None);
            }
            if source == Source::Beside {
                let wrapping = (role, protocol, wanted);
                let folder = self.wrapped_folder(p, (path, beside), wrapping, warnings)?;
                return self.kept(&ProgramSpec::Folder(folder.clone()), &folder);
            }
            let wrapped = self.wrapped(p, path, role, protocol, wanted, warnings)?;
            return self.kept(&ProgramSpec::Source(wrapped.clone()), &wrapped);
        }
        self.kept(spec, path)
    }

    /// `spec` (at `path`) shipped as the problem keeps it.
    fn kept(&self, spec: &ProgramSpec, path: &Path) -> Result<Option<Shipped>> {
        let name = match spec {
            // `[programs]` names an imported folder by its path.
            ProgramSpec::Sources { name, .. } => {
                name.rsplit('/').next().unwrap_or(name).to_string()
            }
            _ => path
                .file_stem()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
        };
        Ok(Some(match spec {
            ProgramSpec::Executable(binary) => Shipped::Executable {
                name,
                binary: binary.clone(),
            },
            ProgramSpec::Folder(dir) => Shipped::Kept {
                name,
                files: (fsutil::files_under(dir).map_err(|e| fsutil::naming(dir, e))?)
                    .into_iter()
                    .map(|f| {
                        let rel = f
                            .strip_prefix(dir)
                            .unwrap_or(&f)
                            .to_string_lossy()
                            .into_owned();
                        (rel, f)
                    })
                    .collect(),
                single: false,
                compiled: None,
            },
            _ => Shipped::Kept {
                name,
                files: match spec {
                    ProgramSpec::Sources { entry, beside, .. } => {
                        let named = |f: &PathBuf| (fsutil::file_name(f), f.clone());
                        std::iter::once(entry).chain(beside).map(named).collect()
                    }
                    _ => with_headers(path)?,
                },
                single: true,
                compiled: match self.compiled {
                    true => Some(self.compile(spec, path)?),
                    false => None,
                },
            },
        }))
    }

    /// The kit's build of the source `path`, which must be a compiled
    /// program: one file to run.
    fn compile(&self, spec: &ProgramSpec, path: &Path) -> Result<PathBuf> {
        let program = self.jury.program(spec)?;
        match program.command.as_slice() {
            [binary] if Path::new(binary).is_file() => Ok(PathBuf::from(binary)),
            _ => bail!(
                "{}: the {} format's judges run a compiled checker, and this language's \
                 programs run through an interpreter",
                path.display(),
                self.format.name()
            ),
        }
    }
}

/// Refuses a package in the kit's tree but for its target folder: among
/// the kit's sources it would be taken for them, and committed with them.
fn outside_the_sources(kit: &Kit, out: &Path) -> Result<()> {
    let (out, root, target) = (
        fsutil::resolved(out),
        fsutil::resolved(&kit.root),
        fsutil::resolved(&kit.target),
    );
    if let Ok(rel) = out.strip_prefix(&root)
        && !out.starts_with(&target)
    {
        bail!(
            "--out {}: inside the kit's tree, among its sources; write the package under its \
             target folder (`--out {}`) or outside the kit",
            out.display(),
            target.join(rel).display()
        );
    }
    Ok(())
}

/// An imported problem's own statements for a `target` package of its
/// format's family: the package's statement files, where `target` keeps
/// them (the two ICPC versions differ in the folder's name only).
fn kept_statements(problem: &Problem, from: Format, target: Format) -> Result<KeptFiles> {
    let package = problem.dir.join("package");
    let mut kept = Vec::new();
    for file in fsutil::files_under(&package).map_err(|e| fsutil::naming(&package, e))? {
        let rel = file
            .strip_prefix(&package)
            .unwrap_or(&file)
            .to_string_lossy()
            .into_owned();
        let Some(at) = from
            .statement_paths()
            .iter()
            .position(|p| match p.ends_with('/') {
                true => rel.starts_with(p),
                false => rel == *p,
            })
        else {
            continue;
        };
        let path = match from == target {
            true => rel,
            false => {
                let rest = &rel[from.statement_paths()[at].len()..];
                format!("{}{rest}", target.statement_paths()[0])
            }
        };
        kept.push((path, file));
    }
    Ok(kept)
}

/// An imported problem's own statements for a `target` package of another
/// family, in its form: Markdown and LaTeX rendered as the kit's
/// statements are (the LaTeX kept beside, for a format that takes it), a
/// PDF copied where the format keeps PDFs; what it cannot carry is said
/// in `warnings`.
fn carried(
    problem: &Problem,
    tests: &[Test],
    target: Format,
    warnings: &mut Vec<Warning>,
) -> Result<Rendered> {
    let mut converter = package_statements::Converter::default();
    let (mut statements, mut kept, mut uncarried) = (Vec::new(), Vec::new(), Vec::new());
    let package = problem.dir.join("package");
    for written in package_statements::written(problem)? {
        let (code, path, form) = (
            written.lang.clone(),
            written.path.clone(),
            written.form.name(),
        );
        let lang = Lang::of(&code);
        let why = match (converter.shown(written)?.shown, lang) {
            (Shown::Markdown { markdown, latex }, Some(lang)) => {
                if let Some(change) = form_change(latex.is_some(), target) {
                    warnings.push(Warning {
                        problem: problem.name.clone(),
                        judge: target.name(),
                        message: format!(
                            "the statement in `{code}` ({}) {change}",
                            problem.shown(&path)
                        ),
                    });
                }
                let source = statement::Source {
                    lang: lang.clone(),
                    path,
                    markdown,
                    samples: statement::Sample::of(tests)?,
                };
                statements.push(Statement {
                    lang,
                    html: statement::page(&source.sheet(problem))?,
                    markdown: source.markdown,
                    latex,
                    pdf: None,
                });
                continue;
            }
            (Shown::Markdown { .. }, None) => "its language is no language's code",
            (Shown::Pdf, _) => match target.pdf_statement(&code) {
                Some(at) => {
                    kept.push((at, path));
                    continue;
                }
                None => "this format shows statements in Markdown only",
            },
            (Shown::Html(_), _) => "a page Polygon made, which this format has no place for",
        };
        warnings.push(Warning {
            problem: problem.name.clone(),
            judge: target.name(),
            message: format!(
                "the statement in `{code}` ({form}, {}) is not carried: {why}",
                problem.shown(&path)
            ),
        });
        let own = path.strip_prefix(&package).unwrap_or(&path);
        uncarried.push(own.display().to_string());
    }
    statements.sort_by(|a, b| a.lang.cmp(&b.lang));
    Ok((statements, kept, uncarried))
}

/// How a statement written in LaTeX (else Markdown) changes form in a
/// `target` package, as an import of that package reads it back.
fn form_change(latex: bool, target: Format) -> Option<&'static str> {
    match (latex, target) {
        (_, Format::Cms) => Some(
            "goes as the PDF printed from its page, its Markdown only an attachment \
             (att/statement.<lang>.md): an import of the task reads the PDF",
        ),
        (true, Format::Hydro) => Some(
            "is LaTeX, which this format does not hold: it goes as the Markdown pandoc makes \
             of it",
        ),
        (false, Format::IcpcLegacy | Format::Polygon) => Some(
            "is Markdown, which this format does not hold: it goes as the LaTeX the kit makes \
             of it",
        ),
        _ => None,
    }
}

/// Every problem's statements in every language, rendered, with the files
/// an imported problem keeps of its package's: its own statements as they
/// are for a `target` of its format's family, else carried in the
/// target's form.
fn render(
    problems: &[Problem],
    built: &[Vec<Test>],
    target: Format,
    warnings: &mut Vec<Warning>,
) -> Result<Vec<Rendered>> {
    let mut all = Vec::new();
    for (problem, tests) in problems.iter().zip(built) {
        if package_statements::keeps_its_own(problem) {
            let from = package_statements::origin(problem)?;
            all.push(match from.same_family(target) {
                true => (
                    Vec::new(),
                    kept_statements(problem, from, target)?,
                    Vec::new(),
                ),
                false => carried(problem, tests, target, warnings)?,
            });
            continue;
        }
        let mut statements = Vec::new();
        for lang in Lang::KIT {
            let source = statement::Source::read(problem, tests, lang)?;
            statements.push(Statement {
                lang: source.lang.clone(),
                html: statement::page(&source.sheet(problem))?,
                markdown: source.markdown,
                latex: None,
                pdf: None,
            });
        }
        all.push((statements, Vec::new(), Vec::new()));
    }
    Ok(all)
}

/// The statements printed to PDF by `browser` (on the `pool`), when there
/// is one.
fn printed(mut all: Vec<Rendered>, browser: Option<&Browser>, pool: Pool) -> Result<Vec<Rendered>> {
    if let Some(browser) = browser {
        let pages: Vec<String> = (all.iter().flat_map(|(s, _, _)| s))
            .map(|s| s.html.clone())
            .collect();
        let mut pdfs = browser.print_all(&pages, pool)?.into_iter();
        for statement in all.iter_mut().flat_map(|(s, _, _)| s) {
            statement.pdf = pdfs.next();
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What an import of each format reads back of a statement written in
    /// LaTeX or in Markdown: the same form where the format holds it, else
    /// a change the export says.
    #[test]
    fn a_statement_changes_form_where_the_format_does_not_hold_it() {
        let changes = |latex: bool| -> Vec<Format> {
            (Format::ALL.into_iter())
                .filter(|f| form_change(latex, *f).is_some())
                .collect()
        };
        assert_eq!(changes(true), [Format::Cms, Format::Hydro]);
        assert_eq!(
            changes(false),
            [Format::IcpcLegacy, Format::Polygon, Format::Cms]
        );
    }
}
