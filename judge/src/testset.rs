//! Building a problem's tests: generate (or copy) each input, validate it,
//! and answer it with the reference solution.
//!
//! Every step is keyed by content hashes — of the generator binary and its
//! arguments, of the input, of the validator, of the reference — and recorded
//! in `tests/<name>.meta`, so an unchanged tree redoes nothing. Every file
//! appears atomically (written aside, then renamed), and a test's record is
//! written only once the test is complete, so an interrupted build leaves no
//! half-written test and the next build resumes where it stopped.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use serde::{Deserialize, Serialize};

use crate::fsutil::{self, write_atomic};
use crate::kit::{Kit, Problem, ProgramSpec, TestSource, TestSpec};
use crate::program::Program;
use crate::progress::Progress;
use crate::sandbox::{self, Limits, RunSpec};

/// A built test, ready to judge.
#[derive(Clone, Debug)]
pub struct Test {
    pub name: String,
    pub input: PathBuf,
    pub answer: PathBuf,
    pub group: Option<String>,
    pub sample: bool,
    /// Solutions this test must reject.
    pub targets: Vec<String>,
}

/// What a build did.
#[derive(Debug, Default)]
pub struct BuildSummary {
    pub tests: usize,
    pub generated: usize,
    pub validated: usize,
    pub answered: usize,
    /// The reference solution's largest CPU time over the tests it answered.
    pub reference_max_time: Duration,
}

/// What `tests/<name>.meta` records about a finished test.
#[derive(Debug, Default, Serialize, Deserialize, PartialEq)]
struct Meta {
    recipe: String,
    input_hash: String,
    input_stamp: Option<(u64, u128)>,
    validated: String,
    answer: String,
    answer_stamp: Option<(u64, u128)>,
}

/// The programs a build needs.
struct Programs {
    validator: Program,
    reference: Program,
    generators: Vec<(ProgramSpec, Program)>,
}

/// Limits for the trusted programs (generators, validators): generous.
fn tool_limits() -> Limits {
    Limits::new(Duration::from_secs(20), 4 << 30, 1 << 30)
}

fn key(parts: &[&str]) -> String {
    let mut h = blake3::Hasher::new();
    for p in parts {
        h.update(p.as_bytes());
        h.update(b"\0");
    }
    h.finalize().to_hex().to_string()
}

fn last_lines(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(20)..].join("\n")
}

/// Runs a trusted tool; its failure is an error naming `what`.
fn run_tool(what: &str, spec: RunSpec) -> Result<()> {
    let err_file = spec.stderr.clone();
    let outcome = sandbox::run(&spec).with_context(|| format!("cannot start {what}"))?;
    if !outcome.is_success() || outcome.wall_timeout {
        let how = match outcome.exit {
            _ if outcome.wall_timeout => "was killed at the time limit".to_string(),
            sandbox::Exit::Code(c) => format!("exited with code {c}"),
            sandbox::Exit::Signal(s) => format!("was killed by {}", sandbox::signal_name(s)),
        };
        let message = err_file.map(|f| last_lines(&f)).unwrap_or_default();
        bail!("{what} {how}: {}", message.trim());
    }
    Ok(())
}

impl Programs {
    fn generator(&self, spec: &ProgramSpec) -> &Program {
        &self.generators.iter().find(|(s, _)| s == spec).unwrap().1
    }
}

fn describe(test: &TestSpec) -> String {
    match &test.source {
        TestSource::File(path) => format!("test {} ({})", test.name, path.display()),
        TestSource::Generated { generator, args } => {
            let name = match generator {
                ProgramSpec::Cargo(n) => n.clone(),
                ProgramSpec::Source(p) => p.display().to_string(),
            };
            format!("test {} ({name} {})", test.name, args.join(" "))
        }
    }
}

/// What building one test did.
#[derive(Default)]
struct Work {
    generated: bool,
    validated: bool,
    answered: bool,
    reference_time: Duration,
}

/// Builds one test.
fn build_test(
    problem: &Problem,
    programs: &Programs,
    test: &TestSpec,
    scratch: &Path,
) -> Result<Work> {
    let dir = problem.tests_dir();
    let input = dir.join(format!("{}.in", test.name));
    let answer = dir.join(format!("{}.ans", test.name));
    let meta_path = dir.join(format!("{}.meta", test.name));
    let old: Meta = std::fs::read(&meta_path)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .unwrap_or_default();
    let mut meta = Meta::default();
    let mut work = Work::default();
    let err_file = scratch.join(format!("{}.err", test.name));

    meta.recipe = match &test.source {
        TestSource::File(path) => key(&["file", &fsutil::hash_file(path)?]),
        TestSource::Generated { generator, args } => {
            let mut parts = vec!["generated", programs.generator(generator).identity.as_str()];
            parts.extend(args.iter().map(String::as_str));
            key(&parts)
        }
    };
    if old.recipe == meta.recipe
        && old.input_stamp.is_some()
        && fsutil::stamp(&input) == old.input_stamp
    {
        meta.input_hash = old.input_hash.clone();
    } else {
        let tmp = fsutil::temp_sibling(&input);
        match &test.source {
            TestSource::File(path) => {
                std::fs::copy(path, &tmp)
                    .with_context(|| format!("cannot copy {}", path.display()))?;
            }
            TestSource::Generated { generator, args } => {
                let program = programs.generator(generator);
                run_tool(
                    &format!("the generator {}", program.name),
                    RunSpec {
                        argv: program.argv(args),
                        stdin: None,
                        stdout: tmp.clone(),
                        stderr: Some(err_file.clone()),
                        cwd: Some(scratch.to_path_buf()),
                        env: Vec::new(),
                        limits: tool_limits(),
                    },
                )
                .inspect_err(|_| {
                    let _ = std::fs::remove_file(&tmp);
                })?;
            }
        }
        std::fs::rename(&tmp, &input)?;
        meta.input_hash = fsutil::hash_file(&input)?;
        work.generated = true;
    }
    meta.input_stamp = fsutil::stamp(&input);

    let group = test.group.clone().unwrap_or_default();
    meta.validated = key(&[&programs.validator.identity, &meta.input_hash, &group]);
    if meta.validated != old.validated {
        let mut args = vec!["--testset".to_string(), "tests".to_string()];
        if !group.is_empty() {
            args.extend(["--group".to_string(), group.clone()]);
        }
        run_tool(
            &format!("the validator {}", programs.validator.name),
            RunSpec {
                argv: programs.validator.argv(args),
                stdin: Some(input.clone()),
                stdout: scratch.join(format!("{}.val", test.name)),
                stderr: Some(err_file.clone()),
                cwd: Some(scratch.to_path_buf()),
                env: Vec::new(),
                limits: tool_limits(),
            },
        )?;
        work.validated = true;
    }

    meta.answer = key(&[&programs.reference.identity, &meta.input_hash]);
    if meta.answer != old.answer
        || old.answer_stamp.is_none()
        || fsutil::stamp(&answer) != old.answer_stamp
    {
        let tmp = fsutil::temp_sibling(&answer);
        let limits = problem.limits;
        let spec = RunSpec {
            argv: programs.reference.argv(Vec::<String>::new()),
            stdin: Some(input.clone()),
            stdout: tmp.clone(),
            stderr: Some(err_file.clone()),
            cwd: Some(scratch.to_path_buf()),
            env: Vec::new(),
            // The reference must not be cut short by a loaded machine.
            limits: Limits::new(limits.time * 10, limits.memory_bytes, limits.output_bytes),
        };
        let outcome = sandbox::run(&spec).context("cannot start the reference solution")?;
        if !outcome.is_success() || outcome.wall_timeout {
            let _ = std::fs::remove_file(&tmp);
            bail!(
                "the reference solution {} failed ({:?}, {} ms): {}",
                programs.reference.name,
                outcome.exit,
                outcome.cpu.as_millis(),
                last_lines(&err_file).trim()
            );
        }
        std::fs::rename(&tmp, &answer)?;
        work.answered = true;
        work.reference_time = outcome.cpu;
    }
    meta.answer_stamp = fsutil::stamp(&answer);
    if meta != old {
        write_atomic(&meta_path, &serde_json::to_vec_pretty(&meta)?)?;
    }
    let _ = std::fs::remove_file(&err_file);
    Ok(work)
}

/// Removes files in the tests folder that no longer belong to the plan.
fn remove_stale(problem: &Problem) -> Result<()> {
    let names: std::collections::BTreeSet<&str> =
        problem.tests.iter().map(|t| t.name.as_str()).collect();
    for entry in std::fs::read_dir(problem.tests_dir())?.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let stem = file.split('.').next().unwrap_or("");
        let known = ["in", "ans", "meta"]
            .iter()
            .any(|ext| file == format!("{stem}.{ext}"));
        if !known || !names.contains(stem) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    Ok(())
}

/// The tests of a problem, as built (without building).
pub fn tests_of(problem: &Problem) -> Vec<Test> {
    let dir = problem.tests_dir();
    problem
        .tests
        .iter()
        .map(|t| Test {
            name: t.name.clone(),
            input: dir.join(format!("{}.in", t.name)),
            answer: dir.join(format!("{}.ans", t.name)),
            group: t.group.clone(),
            sample: t.sample,
            targets: t.targets.clone(),
        })
        .collect()
}

/// Builds every test of `problem` that is missing or out of date.
pub fn build(
    kit: &Kit,
    problem: &Problem,
    jobs: usize,
    progress: &Progress,
) -> Result<(Vec<Test>, BuildSummary)> {
    let mut generators: Vec<(ProgramSpec, Program)> = Vec::new();
    for test in &problem.tests {
        if let TestSource::Generated { generator, .. } = &test.source {
            if !generators.iter().any(|(s, _)| s == generator) {
                generators.push((generator.clone(), kit.program(generator)?));
            }
        }
    }
    let programs = Programs {
        validator: kit.program(&problem.validator)?,
        reference: kit.compiler.compile(&problem.reference)?,
        generators,
    };
    std::fs::create_dir_all(problem.tests_dir())?;
    remove_stale(problem)?;
    let scratch = kit.work_dir().join("scratch").join(&problem.name);
    std::fs::create_dir_all(&scratch)?;

    let bar = progress.bar(
        problem.tests.len() as u64,
        &format!("building {}", problem.name),
    );
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<Work>>>> =
        Mutex::new((0..problem.tests.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..jobs.min(problem.tests.len()).max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(test) = problem.tests.get(i) else {
                        break;
                    };
                    let r = build_test(problem, &programs, test, &scratch);
                    let failed = r.is_err();
                    results.lock().unwrap()[i] = Some(r);
                    bar.inc(1);
                    if failed {
                        // Stop taking new tests; the first error is reported.
                        next.store(problem.tests.len(), Ordering::Relaxed);
                    }
                }
            });
        }
    });
    bar.finish_and_clear();

    let mut summary = BuildSummary {
        tests: problem.tests.len(),
        ..BuildSummary::default()
    };
    for (test, result) in problem.tests.iter().zip(results.into_inner().unwrap()) {
        let Some(result) = result else { continue };
        let w = result.map_err(|e| anyhow!("{}: {}: {e:#}", problem.name, describe(test)))?;
        summary.generated += usize::from(w.generated);
        summary.validated += usize::from(w.validated);
        summary.answered += usize::from(w.answered);
        summary.reference_max_time = summary.reference_max_time.max(w.reference_time);
    }
    Ok((tests_of(problem), summary))
}
