//! `judge package`: contest packages that real judges import.
//!
//! [`export`] builds what the format needs (the problems' tests, the
//! kit's programs built for the format's protocol, the statements printed
//! to PDF), ships each problem's jury programs as the format can hold them
//! ([`Shipping`]), hands each problem to the format's [`Writer`] (one per
//! format, in `format/`), assembles the problems (side by side, with the
//! contest's files, when more than one), and writes the tree as a folder
//! or a zip in one step.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use crate::base::fsutil;
use crate::base::pool::Pool;
use crate::core::browser::Browser;
use crate::core::jury::Jury;
use crate::core::testset;
use crate::format::subject::{KeptFiles, Shipped, Statement, Subject, quoted_include, stable_uuid};
use crate::format::{Format, Settings, Tree};
use crate::model::event::Events;
use crate::model::expect::Expect;
use crate::model::kit::Kit;
use crate::model::problem::Lang;
use crate::model::problem::{Problem, ProgramSpec};
use crate::model::program::Protocol;
use crate::model::results::{Test, Warning};
use crate::service::statement;

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
    let exporter = format.writer(&settings)?;
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
    /// The judges run only compiled checkers ([`Writer::runs_compiled`]).
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
    let from = Format::named(from).ok_or_else(|| {
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
        let path = match (from == target, from.same_family(target)) {
            (true, _) => rel,
            // The two ICPC versions differ in the folder's name only.
            (false, true) => {
                let rest = &rel[from.statement_paths()[at].len()..];
                format!("{}{rest}", target.statement_paths()[0])
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
                        from.statement_paths().join(", ")
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
