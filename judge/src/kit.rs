//! The kit: its root (`judge.toml`), its problems and their programs.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use toml::Spanned;

use crate::config::{self, ConfigError, KitConfig, ProblemConfig, Source};
use crate::fsutil;
use crate::program::{Compiler, Program};
use crate::sandbox::Limits;

/// The folders of the cargo packages whose binaries problems use.
const PROGRAM_PACKAGES: [(&str, Role); 3] = [
    ("checkers", Role::Checker),
    ("validators", Role::Validator),
    ("generators", Role::Generator),
];

/// What a problem uses a program for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Checker,
    Validator,
    Generator,
}

impl Role {
    fn package(self) -> &'static str {
        PROGRAM_PACKAGES
            .iter()
            .find(|(_, r)| *r == self)
            .map(|(p, _)| *p)
            .unwrap()
    }
}

/// A program named in `problem.toml`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgramSpec {
    /// A binary of the kit's cargo packages (`wcmp`, `check-nim`).
    Cargo(String),
    /// A source file (an external testlib checker, a C++ generator, ...).
    Source(PathBuf),
}

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
}

/// A loaded and checked problem.
pub struct Problem {
    pub name: String,
    pub dir: PathBuf,
    pub config: Source<ProblemConfig>,
    pub limits: Limits,
    pub checker: ProgramSpec,
    pub validator: ProgramSpec,
    /// The reference solution's source file.
    pub reference: PathBuf,
    /// Scored groups and their points, in order.
    pub groups: Vec<(String, u32)>,
    pub tests: Vec<TestSpec>,
}

impl Problem {
    /// Where the problem's built tests live.
    pub fn tests_dir(&self) -> PathBuf {
        self.dir.join("tests")
    }

    /// The binaries of the kit's cargo packages this problem runs.
    pub fn cargo_binaries(&self) -> BTreeSet<String> {
        let mut specs = vec![&self.checker, &self.validator];
        for test in &self.tests {
            if let TestSource::Generated { generator, .. } = &test.source {
                specs.push(generator);
            }
        }
        specs
            .into_iter()
            .filter_map(|s| match s {
                ProgramSpec::Cargo(name) => Some(name.clone()),
                ProgramSpec::Source(_) => None,
            })
            .collect()
    }

    /// The folder of the problem's solutions.
    pub fn solutions_dir(&self, kit: &Kit) -> PathBuf {
        kit.root.join("solutions").join(&self.name)
    }
}

/// The kit's root and what it knows.
pub struct Kit {
    pub root: PathBuf,
    pub config: Source<KitConfig>,
    pub compiler: Compiler,
    /// Cargo's target directory.
    pub target: PathBuf,
}

impl Kit {
    /// Finds the kit that contains `start` (the first folder upwards with a
    /// `judge.toml`) and loads its configuration.
    pub fn discover(start: &Path) -> Result<Kit> {
        let start = std::path::absolute(start)?;
        let root = start
            .ancestors()
            .find(|d| d.join("judge.toml").is_file())
            .with_context(|| {
                format!(
                    "no judge.toml in {} or any folder above it",
                    start.display()
                )
            })?
            .to_path_buf();
        let config: Source<KitConfig> = config::load(&root.join("judge.toml"))?;
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("target"));
        let compiler = Compiler::new(
            config.value.languages.clone(),
            target.join("judge").join("build"),
        );
        Ok(Kit {
            root,
            config,
            compiler,
            target,
        })
    }

    /// The number of parallel jobs: the flag, else `judge.toml`, else the cores.
    pub fn jobs(&self, flag: Option<usize>) -> usize {
        flag.or(self.config.value.jobs)
            .filter(|&j| j > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// The kit's scratch folder (`target/judge`).
    pub fn work_dir(&self) -> PathBuf {
        self.target.join("judge")
    }

    /// The problems to work on: those named (checked), or all of them.
    pub fn select(&self, names: &[String]) -> Result<Vec<String>> {
        let all: Vec<String> = self
            .config
            .value
            .problems
            .iter()
            .map(|p| p.get_ref().clone())
            .collect();
        if names.is_empty() {
            return Ok(all);
        }
        for name in names {
            if !all.contains(name) {
                bail!(
                    "unknown problem `{name}` (judge.toml lists: {})",
                    all.join(", ")
                );
            }
        }
        Ok(names.to_vec())
    }

    fn program_spec(
        &self,
        dir: &Path,
        name: &Spanned<String>,
        role: Role,
        src: &Source<ProblemConfig>,
    ) -> Result<ProgramSpec, ConfigError> {
        let text = name.get_ref();
        if text.contains('.') {
            let path = dir.join(text);
            if !path.is_file() {
                return Err(src.error(name.span(), format!("{} does not exist", path.display())));
            }
            return Ok(ProgramSpec::Source(path));
        }
        let bin = self
            .root
            .join(role.package())
            .join("src/bin")
            .join(format!("{text}.rs"));
        if !bin.is_file() {
            return Err(src.error(
                name.span(),
                format!(
                    "no {} `{text}` (expected {})",
                    role.package().trim_end_matches('s'),
                    bin.display()
                ),
            ));
        }
        Ok(ProgramSpec::Cargo(text.clone()))
    }

    /// Loads `problems/<name>/problem.toml` and checks it: every program and
    /// file it names exists, every test is well formed.
    pub fn problem(&self, name: &str) -> Result<Problem> {
        let dir = self.root.join("problems").join(name);
        let src: Source<ProblemConfig> = config::load(&dir.join("problem.toml"))?;
        let c = &src.value;
        let defaults = self.config.value.defaults;
        let time = Duration::from_millis(c.time_limit_ms.unwrap_or(defaults.time_limit_ms));
        let memory = c.memory_limit_mib.unwrap_or(defaults.memory_limit_mib) << 20;
        let output = c.output_limit_mib.unwrap_or(defaults.output_limit_mib) << 20;
        let checker = self.program_spec(&dir, &c.checker, Role::Checker, &src)?;
        let validator = self.program_spec(&dir, &c.validator, Role::Validator, &src)?;
        let generator = c
            .generator
            .as_ref()
            .map(|g| self.program_spec(&dir, g, Role::Generator, &src))
            .transpose()?;
        let reference = self
            .root
            .join("solutions")
            .join(name)
            .join(c.reference.get_ref());
        if !reference.is_file() {
            return Err(src
                .error(
                    c.reference.span(),
                    format!("{} does not exist", reference.display()),
                )
                .into());
        }
        let mut group_names = BTreeSet::new();
        let mut groups = Vec::new();
        for g in &c.groups {
            if !group_names.insert(g.get_ref().name.clone()) {
                return Err(src
                    .error(
                        g.span(),
                        format!("group `{}` is defined twice", g.get_ref().name),
                    )
                    .into());
            }
            groups.push((g.get_ref().name.clone(), g.get_ref().points));
        }

        let mut plan = Vec::new();
        for entry in &c.tests {
            let span = entry.span();
            let e = entry.get_ref();
            let group = match (&e.group, groups.is_empty()) {
                (Some(g), false) if !group_names.contains(g) => {
                    return Err(src.error(span, format!("unknown group `{g}`")).into());
                }
                (Some(_), true) => {
                    return Err(src
                        .error(span, "`group` given but the problem has no [[groups]]")
                        .into());
                }
                (None, false) => {
                    return Err(src
                        .error(span, "every test needs a `group` in a problem with groups")
                        .into());
                }
                (g, _) => g.clone(),
            };
            for target in &e.targets {
                let path = self.root.join("solutions").join(name).join(target);
                if !path.is_file() {
                    return Err(src
                        .error(span, format!("target {} does not exist", path.display()))
                        .into());
                }
            }
            let count = e.count.unwrap_or(1);
            match (&e.file, &e.args) {
                (Some(_), Some(_)) => {
                    return Err(src
                        .error(span, "a test has either `file` or `args`, not both")
                        .into());
                }
                (None, None) => {
                    return Err(src
                        .error(span, "a test needs `file` (manual) or `args` (generated)")
                        .into());
                }
                (Some(file), None) => {
                    if e.generator.is_some() || e.count.is_some() {
                        return Err(src
                            .error(span, "`generator` and `count` need `args`")
                            .into());
                    }
                    let path = dir.join(file);
                    if !path.is_file() {
                        return Err(src
                            .error(span, format!("{} does not exist", path.display()))
                            .into());
                    }
                    plan.push((TestSource::File(path), group, e));
                }
                (None, Some(args)) => {
                    let generator = match &e.generator {
                        Some(g) => self.program_spec(
                            &dir,
                            &Spanned::new(span.clone(), g.clone()),
                            Role::Generator,
                            &src,
                        )?,
                        None => generator.clone().ok_or_else(|| {
                            src.error(span.clone(), "no `generator` for this test")
                        })?,
                    };
                    if count == 0 {
                        return Err(src.error(span, "`count` must be at least 1").into());
                    }
                    if count > 1 && !args.iter().any(|a| a.contains("{index}")) {
                        return Err(src
                            .error(
                                span,
                                "`count` needs `{index}` in `args`, so that the tests differ",
                            )
                            .into());
                    }
                    for k in 1..=count {
                        let args = args
                            .iter()
                            .map(|a| a.replace("{index}", &k.to_string()))
                            .collect();
                        plan.push((
                            TestSource::Generated {
                                generator: generator.clone(),
                                args,
                            },
                            group.clone(),
                            e,
                        ));
                    }
                }
            }
        }
        if plan.is_empty() {
            bail!("{}: the test plan is empty", src.path.display());
        }
        let width = plan.len().to_string().len().max(2);
        let tests = plan
            .into_iter()
            .enumerate()
            .map(|(i, (source, group, e))| TestSpec {
                name: format!("{:0width$}", i + 1),
                source,
                group,
                sample: e.sample,
                comment: e.comment.clone(),
                targets: e.targets.clone(),
            })
            .collect();
        Ok(Problem {
            name: name.to_string(),
            dir,
            limits: Limits::new(time, memory, output),
            checker,
            validator,
            reference,
            groups,
            tests,
            config: src,
        })
    }

    /// Loads the named problems and builds the cargo programs they use.
    pub fn prepare(&self, names: &[String], force: bool) -> Result<Vec<Problem>> {
        let problems = names
            .iter()
            .map(|n| self.problem(n))
            .collect::<Result<Vec<_>>>()?;
        let binaries = problems.iter().flat_map(Problem::cargo_binaries).collect();
        self.build_cargo_programs(&binaries, force)?;
        Ok(problems)
    }

    /// The folder of the cargo programs' binaries.
    fn bin_dir(&self) -> PathBuf {
        self.target.join("release")
    }

    /// Builds the named binaries of the kit's cargo packages, unless they
    /// were built from the same sources already (a hash of the sources is
    /// kept, so an unchanged tree runs no cargo at all). Only what the
    /// problems at hand use is built: another problem's broken generator
    /// does not stop this one.
    pub fn build_cargo_programs(&self, binaries: &BTreeSet<String>, force: bool) -> Result<()> {
        if binaries.is_empty() {
            return Ok(());
        }
        let mut sources = vec![self.root.join("Cargo.toml"), self.root.join("Cargo.lock")];
        sources.extend(fsutil::files_under(&self.root.join("testlib/src")));
        sources.push(self.root.join("testlib/Cargo.toml"));
        for (package, _) in PROGRAM_PACKAGES {
            sources.extend(fsutil::files_under(&self.root.join(package)));
        }
        let mut hasher = blake3::Hasher::new();
        for file in &sources {
            hasher.update(file.to_string_lossy().as_bytes());
            hasher.update(&std::fs::read(file).unwrap_or_default());
        }
        let hash = hasher.finalize().to_hex().to_string();
        // The stamp: the sources' hash, then the binaries built from them.
        let stamp = self.work_dir().join("cargo.stamp");
        let text = std::fs::read_to_string(&stamp).unwrap_or_default();
        let mut lines = text.lines();
        let mut built: BTreeSet<String> = match lines.next() {
            Some(h) if h == hash => lines.map(str::to_string).collect(),
            _ => BTreeSet::new(),
        };
        let bin_dir = self.bin_dir();
        let missing: Vec<&String> = binaries
            .iter()
            .filter(|b| force || !built.contains(*b) || !bin_dir.join(b).is_file())
            .collect();
        if missing.is_empty() {
            return Ok(());
        }
        let mut cmd = Command::new(std::env::var_os("CARGO").unwrap_or("cargo".into()));
        cmd.args(["build", "--release", "--quiet"])
            .current_dir(&self.root);
        for binary in &missing {
            cmd.args(["--bin", binary]);
        }
        cmd.arg("--target-dir").arg(&self.target);
        let status = cmd
            .status()
            .context("cannot run cargo to build the checkers, validators and generators")?;
        if !status.success() {
            bail!("cargo could not build the checkers, validators and generators (see above)");
        }
        built.extend(missing.into_iter().cloned());
        std::fs::create_dir_all(self.work_dir())?;
        let content: Vec<&str> = std::iter::once(hash.as_str())
            .chain(built.iter().map(String::as_str))
            .collect();
        fsutil::write_atomic(&stamp, content.join("\n").as_bytes())?;
        Ok(())
    }

    /// The content hash of a binary, remembered with its size and time so
    /// that an unchanged binary is not read again (a no-op build stays fast).
    fn binary_identity(&self, path: &Path) -> Result<String> {
        let stamp =
            fsutil::stamp(path).with_context(|| format!("{} is not built", path.display()))?;
        let memo = self
            .work_dir()
            .join("identities")
            .join(path.file_name().unwrap_or_default());
        let key = format!("{} {}", stamp.0, stamp.1);
        if let Some(hash) = std::fs::read_to_string(&memo)
            .ok()
            .and_then(|m| m.strip_prefix(&format!("{key} ")).map(str::to_string))
        {
            return Ok(hash);
        }
        let hash =
            fsutil::hash_file(path).with_context(|| format!("cannot read {}", path.display()))?;
        std::fs::create_dir_all(memo.parent().unwrap())?;
        fsutil::write_atomic(&memo, format!("{key} {hash}").as_bytes())?;
        Ok(hash)
    }

    /// The runnable program for `spec`: a cargo binary or a compiled source.
    pub fn program(&self, spec: &ProgramSpec) -> Result<Program> {
        match spec {
            ProgramSpec::Cargo(name) => {
                let path = self.bin_dir().join(name);
                let identity = self.binary_identity(&path)?;
                Ok(Program {
                    name: name.clone(),
                    command: vec![path.into_os_string()],
                    identity,
                })
            }
            ProgramSpec::Source(path) => Ok(self.compiler.compile(path)?),
        }
    }
}
