//! `judge package`: contest packages that real judges import.
//!
//! An [`Exporter`] per format turns each problem — its built tests,
//! statements, limits, groups, checker, validator and solutions — into the
//! files its judge reads, in a [`Tree`]; [`export`] builds what the format
//! needs, assembles the problems (side by side, with the contest's files,
//! when more than one), and writes the tree as a folder or a zip in one
//! step. A new format is one more file here implementing [`Exporter`].

pub mod cms;
pub mod hydro;
pub mod icpc;
pub mod latex;
pub mod polygon;
pub mod tree;
pub mod yaml;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use crate::base::fsutil;
use crate::base::pool::Pool;
use crate::core::browser::Browser;
use crate::core::jury::Jury;
use crate::core::testset;
use crate::model::event::Events;
use crate::model::expect::Expect;
use crate::model::kit::Kit;
use crate::model::problem::{Problem, ProgramSpec};
use crate::model::program::Protocol;
use crate::model::results::{Test, Warning};
use crate::service::statement::{self, Lang};
pub use tree::Tree;

/// Where the problems come from, as the packages say (`source`).
pub const SOURCE: &str = "取石子 kit";

/// The package formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The ICPC problem package format 2025-09 (BAPCtools, Kattis, DOMjudge).
    Icpc,
    /// The legacy ICPC/Kattis format (problemtools, DOMjudge).
    IcpcLegacy,
    /// A full Codeforces Polygon package (p2d, CMS's Polygon loader).
    Polygon,
    /// CMS's italy_yaml task format.
    Cms,
    /// Hydro's problem import.
    Hydro,
}

impl Format {
    /// The name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Icpc => "icpc",
            Format::IcpcLegacy => "icpc-legacy",
            Format::Polygon => "polygon",
            Format::Cms => "cms",
            Format::Hydro => "hydro",
        }
    }

    /// The folder of each problem in a contest package (for ICPC, the
    /// problem's short name).
    pub fn folder(self, problem: &str) -> String {
        match self {
            // ICPC problem folders are `[a-z0-9]+`.
            Format::Icpc | Format::IcpcLegacy => problem
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .collect::<String>()
                .to_ascii_lowercase(),
            Format::Polygon => format!("problems/{problem}"),
            Format::Cms | Format::Hydro => problem.to_string(),
        }
    }

    /// Whether even a single problem goes in a folder of its own: Hydro 4
    /// imports only the folders of a package and skips a `problem.yaml` at
    /// its root (Hydro 5 takes both).
    fn nests_every_problem(self) -> bool {
        self == Format::Hydro
    }

    /// Refuses an `--out` the format's judges would refuse.
    fn check_out(self, out: &Path, single: bool) -> Result<()> {
        let icpc = matches!(self, Format::Icpc | Format::IcpcLegacy);
        let name = out.file_name().unwrap_or_default().to_string_lossy();
        let short_name = self.folder(&name);
        if icpc && single && !tree::is_zip(out) && (short_name != name || name.is_empty()) {
            bail!(
                "--out {}: BAPCtools and problemtools take a problem package's folder name as \
                 the problem's short name, which must be [a-z0-9]+: write it to a folder \
                 named like `{short_name}`, or to a .zip",
                out.display()
            );
        }
        Ok(())
    }

    fn exporter(self, kit: &Kit, request: &Request) -> Result<Box<dyn Exporter>> {
        if request.pid_prefix.is_some() && self != Format::Hydro {
            bail!("--pid-prefix names Hydro's problem ids: it applies to --format hydro only");
        }
        Ok(match self {
            Format::Icpc => Box::new(icpc::Icpc::Current),
            Format::IcpcLegacy => Box::new(icpc::Icpc::Legacy),
            Format::Polygon => Box::new(polygon::Polygon {
                testlib_h: match request.testlib_h {
                    Some(path) if path.is_file() => path.to_path_buf(),
                    Some(path) => bail!("--testlib-h {}: no such file", path.display()),
                    None => kit.testlib_h()?,
                },
            }),
            Format::Cms => {
                let languages = kit.config.value.languages.values();
                Box::new(cms::Cms::new(
                    languages.map(|l| l.get_ref().extensions.as_slice()),
                ))
            }
            Format::Hydro => Box::new(hydro::Hydro::new(request.pid_prefix)?),
        })
    }
}

/// What an export wrote.
#[derive(Debug)]
pub struct Exported {
    /// The problems, in order.
    pub problems: Vec<String>,
    pub warnings: Vec<Warning>,
}

/// A jury program as a package ships it.
#[derive(Clone, Debug)]
pub enum Shipped {
    /// A Rust program of the kit, built for the format's protocol.
    Built {
        /// The binary's name (`check-nim`).
        name: String,
        binary: PathBuf,
        /// Its source files: (name in the package, file of the kit).
        sources: Vec<(String, PathBuf)>,
    },
    /// A program as an imported problem keeps it, in the format's
    /// protocol already: one source file (with the headers it includes
    /// from beside it), or a program folder (every file, at its path in
    /// the folder).
    Kept {
        /// Its name: the source's stem, or the folder's name.
        name: String,
        /// (path in the program, file of the kit).
        files: Vec<(String, PathBuf)>,
        /// A single source, not a folder.
        single: bool,
        /// The source compiled by the kit, for a format whose judges run
        /// only compiled checkers ([`Exporter::runs_compiled`]).
        compiled: Option<PathBuf>,
    },
    /// A compiled program a package shipped without its source, as it is.
    Executable { name: String, binary: PathBuf },
}

impl Shipped {
    pub fn name(&self) -> &str {
        match self {
            Shipped::Built { name, .. }
            | Shipped::Kept { name, .. }
            | Shipped::Executable { name, .. } => name,
        }
    }
}

/// Files of an imported problem's package that an export ships as they
/// are: (path in the target package, file of the kit).
pub type KeptFiles = Vec<(String, PathBuf)>;

/// One problem, as an exporter sees it.
pub struct Subject<'a> {
    pub problem: &'a Problem,
    /// The built tests, in order.
    pub tests: &'a [Test],
    /// Every solution with what it promises, in verify's order.
    pub solutions: Vec<(Expect, PathBuf)>,
    /// The statement in each language, English first; none when the
    /// problem keeps its package's statements ([`Subject::kept`]).
    pub statements: Vec<Statement>,
    /// An imported problem's own files the format keeps as they are, at
    /// their place there (written by [`export`] after the exporter's
    /// files): its statements, and in ICPC the input validators of its ICPC
    /// package that the kit does not run (a checktestdata script).
    pub kept: KeptFiles,
    /// The checker and the validator, built for the format's protocol.
    pub checker: Option<Shipped>,
    pub validator: Option<Shipped>,
    /// Stable across exports: derived from the kit's and the problem's names.
    pub uuid: String,
    /// Its folder in a contest package.
    pub folder: String,
    /// The kit's root.
    pub kit_root: PathBuf,
}

/// What a format that shares a group's points equally among its tests
/// loses: the groups whose tests have points of their own that differ.
pub fn unequal_points(s: &Subject) -> Vec<String> {
    let unequal = |g: &&crate::model::verdict::Group| {
        let own = (s.tests.iter())
            .filter(|t| t.group.as_ref() == Some(&g.name))
            .filter_map(|t| t.points);
        let own: Vec<f64> = own.collect();
        own.windows(2).any(|w| w[0] != w[1])
    };
    (s.problem.groups.iter().filter(unequal))
        .map(|g| {
            format!(
                "group `{}`'s tests have points of their own: each becomes an equal share of \
                 its {} points",
                g.name, g.points
            )
        })
        .collect()
}

/// A problem's statement in one language, as written and as rendered.
pub struct Statement {
    pub lang: Lang,
    pub markdown: String,
    /// The standalone page (`judge statement`).
    pub html: String,
    /// The page printed to PDF, when the format ships PDF statements (and
    /// the export was not asked to leave them out).
    pub pdf: Option<Vec<u8>>,
}

impl Subject<'_> {
    /// The file name a package gives the program `source`: the name it
    /// had in the package an imported problem came from, else `usual`.
    pub fn program_name(&self, source: &Path, usual: String) -> String {
        let own = source.starts_with(self.problem.dir.join("package"));
        match (own, source.file_name()) {
            (true, Some(name)) => name.to_string_lossy().into_owned(),
            _ => usual,
        }
    }

    /// The statement in `lang`, if the kit renders the problem's.
    pub fn statement(&self, lang: Lang) -> Option<&Statement> {
        let found = self.statements.iter().find(|s| s.lang == lang);
        found.or(self.statements.first())
    }
}

/// A package format.
pub trait Exporter {
    /// The protocol its judges speak to checkers and validators, when it
    /// runs the kit's Rust programs.
    fn protocol(&self) -> Option<Protocol>;

    /// Whether its judges show PDF statements (printed by a headless
    /// Chromium at export).
    fn wants_pdf(&self) -> bool {
        false
    }

    /// The files of one problem.
    fn problem(&self, subject: &Subject, out: &mut Tree) -> Result<()>;

    /// What the judges that read this format lose or change of a problem.
    fn warnings(&self, _subject: &Subject) -> Vec<Warning> {
        Vec::new()
    }

    /// Whether its judges run a checker only compiled (CMS): a source
    /// kept as the package had it is compiled by the kit for it.
    fn runs_compiled(&self) -> bool {
        false
    }

    /// Whether it ships the problem's input validator (with
    /// [`Exporter::protocol`]).
    fn ships_validator(&self) -> bool {
        true
    }

    /// The files of a contest beside its problems (each in its folder,
    /// [`Format::folder`]).
    fn contest(&self, subjects: &[Subject], out: &mut Tree) -> Result<()>;
}

/// A UUID (version 8, RFC 9562) derived from `name`: the same name gives
/// the same UUID on every machine and every export.
pub fn stable_uuid(name: &str) -> String {
    let hash = blake3::hash(format!("qushizi-kit problem {name}").as_bytes());
    let mut b: [u8; 16] = hash.as_bytes()[..16].try_into().unwrap_or_default();
    b[6] = (b[6] & 0x0f) | 0x80;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
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

/// The file a C or C++ line `#include "name"` names.
fn quoted_include(line: &str) -> Option<&str> {
    let rest = line.trim().strip_prefix('#')?.trim_start();
    let rest = rest
        .strip_prefix("include")?
        .trim_start()
        .strip_prefix('"')?;
    rest.split_once('"').map(|(name, _)| name)
}

/// A C++ program of the kit as one file, for judges that compile it alone
/// (Polygon's and Hydro's, CMS's Polygon loader): the text of `source` with
/// each line `#include "<name>"` whose file sits beside it (the headers the
/// kit's C++ twins share, such as `checkers/cpp/kit-twins.h`) replaced by
/// that file's text, inlined the same way, between two comments naming it.
/// testlib.h stays included: the judge brings its own.
pub fn self_contained_cpp(source: &Path) -> Result<String> {
    inline_includes(source, &mut Vec::new())
}

/// [`self_contained_cpp`] of `source`, inside the files in `outer` (a
/// header that includes itself, directly or not, is an error).
fn inline_includes(source: &Path, outer: &mut Vec<PathBuf>) -> Result<String> {
    let text = std::fs::read_to_string(source).map_err(|e| fsutil::naming(source, e))?;
    let dir = source.parent().unwrap_or(Path::new("."));
    outer.push(source.to_path_buf());
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let name = quoted_include(line).filter(|name| *name != "testlib.h");
        let Some((name, header)) = name
            .map(|n| (n, dir.join(n)))
            .filter(|(_, header)| header.is_file())
        else {
            out.push_str(line);
            continue;
        };
        if outer.contains(&header) {
            bail!(
                "{}: `#include \"{name}\"` includes itself",
                source.display()
            );
        }
        let inlined = inline_includes(&header, outer)?;
        out.push_str(&format!("// \"{name}\", inlined by `judge package`:\n"));
        out.push_str(&inlined);
        if !inlined.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&format!("// end of \"{name}\"\n"));
    }
    outer.pop();
    Ok(out)
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
}

/// Exports as `request` says.
pub fn export(kit: &Kit, jury: &Jury, events: &mut Events, request: &Request) -> Result<Exported> {
    let Request {
        names,
        format,
        out,
        no_pdf,
        ..
    } = *request;
    // Everything the request needs is checked before any work is done: the
    // problems first (an unknown one is the first thing to hear of).
    kit.select(names)?;
    let out = std::path::absolute(out)?;
    outside_the_sources(kit, &out)?;
    let single = names.len() == 1;
    format.check_out(&out, single)?;
    let records_path = kit.work_dir().join("exports.json");
    let mut records: Exports = std::fs::read(&records_path)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default();
    if out.exists() && !records.knows(&out) {
        bail!(
            "{} exists and is not an unchanged earlier export of this kit: \
                 remove it or choose another path",
            out.display()
        );
    }
    let exporter = format.exporter(kit, request)?;
    let browser = if exporter.wants_pdf() && !no_pdf {
        let found = Browser::find().with_context(|| {
            format!(
                "the {} format ships PDF statements, which a headless Chromium prints \
                 (or pass --no-pdf to leave them out)",
                format.name()
            )
        })?;
        Some(found)
    } else {
        None
    };
    let building = kit.lock_builds(events)?;
    let problems = jury.prepare(kit, names, false, events)?;
    let mut built = Vec::new();
    for problem in &problems {
        built.push(testset::build(kit, jury, problem, events)?.0);
    }
    let binaries = match exporter.protocol() {
        Some(protocol) => {
            let wanted = problems
                .iter()
                .flat_map(|p| [Some(&p.checker), p.validator.as_ref()])
                .flatten()
                .filter_map(|s| match s {
                    ProgramSpec::Cargo(name) => Some(name.clone()),
                    _ => None,
                })
                .collect::<std::collections::BTreeSet<_>>();
            match wanted.is_empty() {
                // Only programs kept as the packages had them.
                true => Some(PathBuf::new()),
                false => Some(jury.cargo().build_for(protocol, &wanted)?),
            }
        }
        None => None,
    };
    drop(building);
    let statements = render(&problems, &built, browser.as_ref(), jury.pool())?;
    let mut warnings = Vec::new();
    let mut subjects = Vec::new();
    for ((problem, tests), statements) in problems.iter().zip(&built).zip(statements) {
        let shipping = Shipping {
            kit,
            jury,
            format,
            wanted: exporter.protocol(),
            binaries: binaries.as_deref(),
            compiled: exporter.runs_compiled(),
        };
        let ship = |spec: &ProgramSpec, package: &str, protocol: Protocol| {
            shipping.ship(spec, package, protocol)
        };
        let validator = match &problem.validator {
            Some(v) if exporter.ships_validator() => {
                ship(v, "validators", problem.validator_protocol)?
            }
            _ => None,
        };
        let mut kept = match statements.is_empty() {
            true => kept_statements(problem, format, &mut warnings)?,
            false => Vec::new(),
        };
        kept.extend(unused_validators(problem, format)?);
        subjects.push(Subject {
            problem,
            tests,
            solutions: solutions_of(problem)?,
            statements,
            kept,
            checker: ship(&problem.checker, "checkers", problem.checker_protocol)?,
            validator,
            uuid: stable_uuid(&problem.name),
            folder: format.folder(&problem.name),
            kit_root: kit.root.clone(),
        });
    }
    let mut tree = Tree::default();
    let problem_tree = |subject: &Subject| -> Result<Tree> {
        let mut one = Tree::default();
        exporter.problem(subject, &mut one)?;
        for (path, file) in &subject.kept {
            one.file(path, file)?;
        }
        Ok(one)
    };
    if single && !format.nests_every_problem() {
        tree = problem_tree(&subjects[0])?;
    } else {
        for subject in &subjects {
            tree.nest(&format!("{}/", subject.folder), problem_tree(subject)?)?;
        }
        if !single {
            exporter.contest(&subjects, &mut tree)?;
        }
    }
    warnings.extend(subjects.iter().flat_map(|s| exporter.warnings(s)));

    // Written whole beside its place and known before it is moved there
    // (renaming keeps every path, size and time the fingerprint holds).
    let staged = tree.stage(&out)?;
    let save = |records: &Exports| -> Result<()> {
        fsutil::create_dir_all(&kit.work_dir())?;
        fsutil::write_atomic(&records_path, &serde_json::to_vec_pretty(records)?)?;
        Ok(())
    };
    records
        .staged
        .insert(out.clone(), fingerprint(staged.path())?);
    save(&records)?;
    if out.is_dir() {
        // An unchanged earlier export (checked above): replace it.
        std::fs::remove_dir_all(&out).map_err(|e| fsutil::naming(&out, e))?;
    }
    staged.publish(&out)?;
    records.staged.remove(&out);
    records.written.insert(out.clone(), fingerprint(&out)?);
    save(&records)?;
    Ok(Exported {
        problems: problems.iter().map(|p| p.name.clone()).collect(),
        warnings,
    })
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
    /// The judges run only compiled checkers ([`Exporter::runs_compiled`]).
    compiled: bool,
}

impl Shipping<'_> {
    /// How the package ships `spec`, a checker or validator speaking
    /// `protocol` (`package`: the kit's cargo package of its role).
    fn ship(
        &self,
        spec: &ProgramSpec,
        package: &str,
        protocol: Protocol,
    ) -> Result<Option<Shipped>> {
        let (Some(wanted), Some(binaries)) = (self.wanted, self.binaries) else {
            return Ok(None);
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
            bail!(
                "{}: it speaks the {} protocol, and the {} format's judges call their programs \
                 in the {} protocol: export the problem in a format that speaks its programs' \
                 protocol",
                path.display(),
                protocol.name(),
                self.format.name(),
                wanted.name()
            );
        }
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

/// A source file with the headers it includes from beside it, directly
/// or through each other: (name, file), the source first.
fn with_headers(source: &Path) -> Result<Vec<(String, PathBuf)>> {
    let dir = source.parent().unwrap_or(Path::new("."));
    let name = |f: &Path| f.file_name().map(|n| n.to_string_lossy().into_owned());
    let mut files = vec![(name(source).unwrap_or_default(), source.to_path_buf())];
    let mut next = 0;
    while next < files.len() {
        let text = std::fs::read(&files[next].1).map_err(|e| fsutil::naming(&files[next].1, e))?;
        next += 1;
        for line in String::from_utf8_lossy(&text).lines() {
            let included = quoted_include(line).map(str::to_string);
            if let Some(header) = included.filter(|n| !n.contains('/')) {
                let file = dir.join(&header);
                if file.is_file() && !files.iter().any(|(n, _)| *n == header) {
                    files.push((header, file));
                }
            }
        }
    }
    Ok(files)
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

/// Where each format keeps a problem's statements (folders end in `/`).
fn statement_paths(format: Format) -> &'static [&'static str] {
    match format {
        Format::Icpc => &["statement/"],
        Format::IcpcLegacy => &["problem_statement/"],
        Format::Polygon => &["statements/"],
        Format::Cms => &["statement/", "testo/"],
        Format::Hydro => &[
            "problem.md",
            "problem_zh.md",
            "problem_en.md",
            "additional_file/",
        ],
    }
}

/// An imported problem's own statements for a `target` package: the
/// package's statement files, where `target` keeps them. A format of
/// another family cannot show them: said in `warnings`.
fn kept_statements(
    problem: &Problem,
    target: Format,
    warnings: &mut Vec<Warning>,
) -> Result<KeptFiles> {
    let Some(from) = &problem.imported_from else {
        bail!("{}: no statement.en.md to export", problem.dir.display());
    };
    let from = <Format as clap::ValueEnum>::from_str(from, false).map_err(|_| {
        anyhow::anyhow!(
            "{}: `imported_from = \"{from}\"` is no format the kit knows",
            problem.config.path.display()
        )
    })?;
    let package = problem.dir.join("package");
    let mut kept = Vec::new();
    for file in fsutil::files_under(&package).map_err(|e| fsutil::naming(&package, e))? {
        let rel = file
            .strip_prefix(&package)
            .unwrap_or(&file)
            .to_string_lossy()
            .into_owned();
        let Some(at) = statement_paths(from)
            .iter()
            .position(|p| match p.ends_with('/') {
                true => rel.starts_with(p),
                false => rel == *p,
            })
        else {
            continue;
        };
        let family = |f: Format| matches!(f, Format::Icpc | Format::IcpcLegacy);
        let path = match (from == target, family(from) && family(target)) {
            (true, _) => rel,
            // The two ICPC versions differ in the folder's name only.
            (false, true) => {
                let rest = &rel[statement_paths(from)[at].len()..];
                format!("{}{rest}", statement_paths(target)[0])
            }
            (false, false) => {
                warnings.push(Warning {
                    problem: problem.name.clone(),
                    judge: target.name(),
                    message: format!(
                        "the statements are the {} package's own ({}): this format does not \
                         keep them, so they are left out (write statement.en.md to have the \
                         kit render them)",
                        from.name(),
                        statement_paths(from).join(", ")
                    ),
                });
                return Ok(Vec::new());
            }
        };
        kept.push((path, file));
    }
    Ok(kept)
}

/// The input validators of an imported ICPC package that the kit does not
/// run, for an ICPC package: every file under its `input_validators/` but
/// those of the validator the kit runs (which the exporter ships).
fn unused_validators(problem: &Problem, target: Format) -> Result<KeptFiles> {
    let icpc = |f: &str| ["icpc", "icpc-legacy"].contains(&f);
    let from_icpc = problem.imported_from.as_deref().is_some_and(icpc);
    if !from_icpc || !icpc(target.name()) {
        return Ok(Vec::new());
    }
    let package = problem.dir.join("package");
    let dir = package.join("input_validators");
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    // The validator the kit runs: its folder, or its file.
    let used = match &problem.validator {
        Some(ProgramSpec::Source(path)) if path.parent() != Some(dir.as_path()) => {
            path.parent().map(Path::to_path_buf)
        }
        Some(ProgramSpec::Source(path) | ProgramSpec::Folder(path)) => Some(path.clone()),
        Some(ProgramSpec::Sources { entry, .. }) => entry.parent().map(Path::to_path_buf),
        _ => None,
    };
    let files = fsutil::files_under(&dir).map_err(|e| fsutil::naming(&dir, e))?;
    Ok(files
        .into_iter()
        .filter(|f| used.as_ref().is_none_or(|u| !f.starts_with(u)))
        .map(|f| {
            let rel = f
                .strip_prefix(&package)
                .unwrap_or(&f)
                .to_string_lossy()
                .into_owned();
            (rel, f)
        })
        .collect())
}

/// Every problem's statements in every language, rendered, and printed
/// to PDF by `browser` (on the `pool`) when there is one. An imported
/// problem without a statement of the kit's has none here: it keeps its
/// package's ([`kept_statements`]).
fn render(
    problems: &[Problem],
    built: &[Vec<Test>],
    browser: Option<&Browser>,
    pool: Pool,
) -> Result<Vec<Vec<Statement>>> {
    let mut all = Vec::new();
    for (problem, tests) in problems.iter().zip(built) {
        let mut statements = Vec::new();
        if problem.imported_from.is_some() && !Lang::En.source(problem).exists() {
            all.push(statements);
            continue;
        }
        for lang in Lang::ALL {
            let source = statement::Source::read(problem, tests, lang)?;
            statements.push(Statement {
                lang,
                html: statement::page(&source.sheet(problem))?,
                markdown: source.markdown,
                pdf: None,
            });
        }
        all.push(statements);
    }
    if let Some(browser) = browser {
        let pages: Vec<String> = all.iter().flatten().map(|s| s.html.clone()).collect();
        let mut pdfs = browser.print_all(&pages, pool)?.into_iter();
        for statement in all.iter_mut().flatten() {
            statement.pdf = pdfs.next();
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpp_sources_get_the_headers_beside_them_inlined() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
        write(
            "check.cpp",
            "#include \"testlib.h\"\n#include \"twins.h\"\n\n#include <string>\n\
             # include \"missing.h\"\nint main() { return answer(); }\n",
        );
        write(
            "twins.h",
            "#include \"deeper.h\"\nint answer() { return deeper(); }",
        );
        write("deeper.h", "static int deeper() { return 0; }\n");
        // A testlib.h beside the source is the judge's: never inlined.
        write("testlib.h", "#error the judge's own\n");
        let source = dir.path().join("check.cpp");
        let inlined = self_contained_cpp(&source).unwrap();
        assert_eq!(
            inlined,
            "#include \"testlib.h\"\n\
             // \"twins.h\", inlined by `judge package`:\n\
             // \"deeper.h\", inlined by `judge package`:\n\
             static int deeper() { return 0; }\n\
             // end of \"deeper.h\"\n\
             int answer() { return deeper(); }\n\
             // end of \"twins.h\"\n\
             \n#include <string>\n# include \"missing.h\"\n\
             int main() { return answer(); }\n"
        );
        // The same every time; a source without such includes is as it is.
        assert_eq!(self_contained_cpp(&source).unwrap(), inlined);
        let plain = dir.path().join("deeper.h");
        assert_eq!(
            self_contained_cpp(&plain).unwrap(),
            std::fs::read_to_string(&plain).unwrap()
        );
        // A header that includes itself is an error, not a loop.
        write("loop.h", "#include \"loop.h\"\n");
        let err = self_contained_cpp(&dir.path().join("loop.h")).unwrap_err();
        assert!(err.to_string().contains("includes itself"), "{err}");
    }

    #[test]
    fn uuids_are_stable_and_well_formed() {
        let a = stable_uuid("nim");
        assert_eq!(a, stable_uuid("nim"));
        assert_ne!(a, stable_uuid("bash"));
        assert_eq!(a.len(), 36);
        assert_eq!(&a[14..15], "8");
        assert!("89ab".contains(&a[19..20]));
    }
}
