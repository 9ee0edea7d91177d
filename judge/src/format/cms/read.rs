//! Reading a CMS task in the `italy_yaml` format, step by step: the task
//! (`task.yaml`), its kind, its tests and subtasks, its jury programs, its
//! solutions.
//!
//! - `task.yaml`: the name (`name`, or the old `nome_breve`), the title
//!   (`title`, `nome`), the limits (`time_limit` or `timeout` in seconds,
//!   `memory_limit` or `memlimit` in MiB), the public tests
//!   (`public_testcases`: samples), the files a Batch task's solution
//!   reads and writes (`infile`, `outfile`: `input.txt` and `output.txt`
//!   where absent, as CMS takes them; stdin and stdout where empty). An
//!   output-only task, a task with a stub, and a Communication task of
//!   several processes or whose solution opens the FIFOs itself
//!   (`user_io: fifo_io`) are errors.
//! - A Batch task's graders (`sol/grader.<ext>` with the headers of
//!   `sol/`) become `[graders]`: each submission, named after the task,
//!   compiled with the grader of its language; `att/` what contestants
//!   get.
//! - A Communication task's manager (`check/manager`, its source or the
//!   compiled program, or `cor/manager`) is the interactor, in the CMS
//!   protocol: the test on its stdin, the solution over the two FIFOs its
//!   arguments name, the score on its stdout.
//! - The tests: `gen/GEN`'s (`gen_file.rs` reads it, `plan.rs` makes each a
//!   test), else `n_input` stored ones; each `#ST:` opens a group. The
//!   generator (`gen/generatore.*` or `gen/generator.*`) makes the tests
//!   of argument lines in the sandbox; the validator (`gen/valida.*` or
//!   `gen/validator.*`) checks every test in task-maker's convention (the
//!   input's path, then the subtask's number: `[protocols] validator =
//!   "cms"`).
//! - The checker's source (`check/checker.*` or `cor/correttore.*`) in the
//!   CMS protocol, else the compiled `check/checker` (or `cor/correttore`)
//!   as it is; without one, CMS compares white-space-separated tokens: the
//!   kit's `wcmp`.
//! - `sol/`: each solution with the promise the task makes of it
//!   (`solutions.rs`); the first official one is the reference.

use anyhow::{Context, Result, bail};

use super::gen_file::{GEN, Gen, GenLine, Recipe};
use super::plan::{Makers, plan};
use super::programs::{JuryProgram, source};
use super::solutions::{self, Promise};
use super::task::TaskYaml;
use std::collections::BTreeMap;

use toml::Spanned;

use crate::format::imported::{
    Imported, Lossy, config_of, expected_of, files_config, files_of, group, kept_at, kit_language,
    no_targets, one_title, solution_file, text,
};
use crate::format::{Format, Package};
use crate::model::config::{GradersConfig, Protocol, ProtocolsConfig, unread};

/// A program of the task: its source (`<dir>/<stem>.<ext>`, the first of
/// `sources` found), else the first of the `compiled` programs it holds,
/// run as it is.
fn program(package: &Package, sources: &[(&str, &str)], compiled: &[&str]) -> Option<String> {
    let source = sources
        .iter()
        .find_map(|(dir, stem)| source(package, dir, &[stem]));
    let compiled = || {
        compiled
            .iter()
            .find(|c| package.has(c))
            .map(|c| c.to_string())
    };
    source.or_else(compiled)
}

/// The task's jury programs.
struct Jury {
    /// A Communication task's manager.
    manager: Option<String>,
    checker: Option<String>,
    /// The generator, if the kit can run it.
    generator: Option<JuryProgram>,
    /// Why no generator makes the tests.
    no_generator: String,
    validator: Option<JuryProgram>,
}

/// Refuses the kinds of tasks the kit cannot judge: output-only, file
/// I/O, graders and stubs, and a Communication task the kit cannot play
/// (several processes, or FIFOs the solution opens itself).
fn kind(package: &Package, task: &TaskYaml, manager: Option<&String>) -> Result<()> {
    let at = package.shown(super::task_file(package));
    if task.output_only {
        bail!("{at}: an output-only task; the kit judges programs");
    }
    if manager.is_some() {
        if let Some(n) = task.num_processes.filter(|n| *n != 1.0) {
            bail!("{at}: `num_processes: {n}`; the kit plays one process against the manager");
        }
        if let Some(io) = task.user_io.as_ref().filter(|io| *io != "std_io") {
            bail!(
                "{at}: `user_io: {io}` (the solution opens the FIFOs itself); the kit plays \
                 solutions over their standard input and output (`std_io`)"
            );
        }
    }
    let mut sol = package.under("sol");
    if let Some(stub) = sol.find(|f| f.contains("/stub.")) {
        bail!(
            "{}: a stub (a Communication task's); the kit plays whole programs against the \
             manager",
            package.shown(stub)
        );
    }
    if manager.is_some()
        && let Some(grader) = package.under("sol").find(|f| is_grader_file(f))
    {
        bail!(
            "{}: a grader in a Communication task; the kit compiles graders for Batch tasks",
            package.shown(grader)
        );
    }
    Ok(())
}

/// A file of `sol/` that is the grader's, not a solution: `grader.<ext>`,
/// or a header (`.h`, Pascal's `lib.pas`) CMS gives the grader, or one
/// (`.hpp`, `.hh`) the solutions include, which task-maker compiles them
/// beside.
fn is_grader_file(file: &str) -> bool {
    let own = file.rsplit('/').next().unwrap_or(file);
    let header = [".h", ".hpp", ".hh", "lib.pas"];
    own.starts_with("grader.") || header.iter().any(|e| own.ends_with(e))
}

/// A Batch task's graders (`sol/grader.<ext>`, with the headers of
/// `sol/`), as CMS compiles them with each submission, which it names
/// after the task (`<name>.<ext>`); the files handed to contestants
/// (`att/`).
fn graders(
    package: &Package,
    task: &TaskYaml,
    name: &str,
    lossy: &mut Lossy,
) -> Result<Option<GradersConfig>> {
    let in_sol = |f: &&str| !f["sol/".len()..].contains('/');
    let headers: Vec<&str> = (package.under("sol").filter(in_sol))
        .filter(|f| is_grader_file(f) && !f.contains("/grader."))
        .collect();
    let mut files = BTreeMap::new();
    for grader in package
        .under("sol")
        .filter(in_sol)
        .filter(|f| f.contains("/grader."))
    {
        let extension = grader.rsplit('.').next().unwrap_or_default();
        let Some(language) = kit_language(extension) else {
            lossy.drop(format!(
                "{}: a grader in a language the kit does not judge (`.{extension}`)",
                package.shown(grader)
            ))?;
            continue;
        };
        let list: Vec<Spanned<String>> = std::iter::once(grader)
            .chain(headers.iter().copied())
            .filter_map(kept_at)
            .collect();
        files.insert(language.to_string(), unread(list));
    }
    if files.is_empty() {
        return Ok(None);
    }
    Ok(Some(GradersConfig {
        submission: text(task.name.clone().unwrap_or_else(|| name.to_string())),
        attachments: package.under("att").filter_map(kept_at).collect(),
        files,
    }))
}

/// The task's tests: `gen/GEN`'s lines, else `n_input` stored ones
/// (both: they must agree). task-maker's `gen/cases.gen` is refused: the
/// kit reads `gen/GEN` only.
fn recipes_of(package: &Package, task: &TaskYaml) -> Result<Gen> {
    let at = package.shown(super::task_file(package));
    if package.has("gen/cases.gen") {
        bail!(
            "{}: task-maker's cases.gen (several generators and validators), which the kit \
             does not read: it reads gen/GEN",
            package.shown("gen/cases.gen")
        );
    }
    let recipes = match package.has(GEN) {
        true => Gen::read(package)?,
        false => {
            let n = task.n_input.with_context(|| {
                format!("{at}: neither gen/GEN nor `n_input` says how many tests there are")
            })?;
            let stored = GenLine {
                recipe: Recipe::Stored,
                subtask: None,
                at: 0,
            };
            Gen {
                lines: vec![stored; n],
                ..Gen::default()
            }
        }
    };
    if let Some(n) = task.n_input.filter(|n| *n != recipes.lines.len()) {
        bail!(
            "{at}: `n_input` is {n} but gen/GEN makes {} tests",
            recipes.lines.len()
        );
    }
    Ok(recipes)
}

/// The jury's programs. A generator the kit cannot run makes no test (the
/// stored inputs stand); a validator it cannot run, and the constraints
/// files task-maker puts beside the generator and the validator, are
/// left out with `--lossy`.
fn jury(package: &Package, lossy: &mut Lossy) -> Result<Jury> {
    for file in ["gen/limiti.yaml", "gen/constraints.yaml"] {
        if package.has(file) {
            lossy.drop(format!(
                "{}: task-maker puts it in the working folder of the generator and the \
                 validator, which the kit runs without it",
                package.shown(file)
            ))?;
        }
    }
    let mut validator = None;
    if let Some(file) = source(package, "gen", &["validator", "valida"]) {
        let program = JuryProgram::of(package, &file)?;
        match program.unrunnable(package)? {
            Some(why) => lossy.drop(format!("{why}: the tests go unvalidated"))?,
            None => validator = Some(program),
        }
    }
    let (generator, no_generator) = match source(package, "gen", &["generator", "generatore"]) {
        None => (
            None,
            "the task has no generator (gen/generatore.* or gen/generator.*)".to_string(),
        ),
        Some(file) => {
            let program = JuryProgram::of(package, &file)?;
            match program.unrunnable(package)? {
                Some(why) => (None, why),
                None => (Some(program), String::new()),
            }
        }
    };
    Ok(Jury {
        manager: program(
            package,
            &[("check", "manager")],
            &["check/manager", "cor/manager"],
        ),
        checker: program(
            package,
            &[("check", "checker"), ("cor", "correttore")],
            &["check/checker", "cor/correttore"],
        ),
        generator,
        no_generator,
        validator,
    })
}

/// A solution of `sol/` and where it goes.
struct Placed {
    /// Its file in the package.
    from: String,
    /// Its path under the problem's solutions.
    to: String,
    promise: Promise,
}

/// The solutions of `sol/`, each in the folder its promise says.
fn solutions(
    package: &Package,
    recipes: &Gen,
    lossy: &mut Lossy,
    notes: &mut Vec<String>,
) -> Result<Vec<Placed>> {
    let own_name = |f: &str| f["sol/".len()..].to_string();
    // A hidden file (`.gitkeep`) is no solution, nor one in a folder.
    let files: Vec<&str> = (package.under("sol"))
        .filter(|f| !own_name(f).contains('/') && !own_name(f).starts_with('.'))
        .collect();
    let official = files.iter().any(|f| solutions::is_official(&own_name(f)));
    let mut placed = Vec::new();
    for file in files {
        let own = own_name(file);
        // The grader's files are the jury's, not solutions.
        if is_grader_file(file) {
            continue;
        }
        // Words for people (the kit's own README of a Communication task).
        if own.ends_with(".txt") || own.ends_with(".md") {
            notes.push(format!("not a solution, left out: {}", package.shown(file)));
            continue;
        }
        if !lossy.judges(&own, &package.shown(file))? {
            continue;
        }
        let bytes = package.read(file)?;
        let source = String::from_utf8_lossy(&bytes);
        let promise = solutions::promise(&own, &source, official, recipes);
        let (folder, _) = solutions::folder(&promise);
        placed.push(Placed {
            from: file.to_string(),
            to: solution_file(folder, &own, &bytes),
            promise,
        });
    }
    notes.extend(promises_note(&placed));
    Ok(placed)
}

/// What the import says of the solutions' promises.
fn promises_note(placed: &[Placed]) -> Option<String> {
    let unknown: Vec<String> = (placed.iter())
        .filter_map(|p| match p.promise {
            Promise::Unknown(said) => Some(match said {
                Some(said) => format!("{} (its name says {said})", p.to),
                None => p.to.clone(),
            }),
            _ => None,
        })
        .collect();
    let rejected: Vec<&str> = (placed.iter())
        .filter(|p| p.promise == Promise::Rejected)
        .map(|p| p.to.as_str())
        .collect();
    let mut said = Vec::new();
    if !rejected.is_empty() {
        said.push(format!(
            "promised a verdict other than AC by their @check lines: {}",
            rejected.join(", ")
        ));
    }
    if !unknown.is_empty() {
        said.push(format!(
            "judged and shown by verify, with no promise (the task makes none): {}",
            unknown.join(", ")
        ));
    }
    (!said.is_empty()).then(|| format!("sol/: {}", said.join("; ")))
}

/// The reference solution: the first official one, else the first
/// accepted one (a task without an official solution).
fn reference(placed: &[Placed]) -> Option<&Placed> {
    let own = |p: &&Placed| p.from["sol/".len()..].to_string();
    let accepted = || placed.iter().filter(|p| p.promise == Promise::Accepted);
    (accepted().find(|p| solutions::is_official(&own(p)))).or_else(|| accepted().next())
}

/// Imports the CMS task as problem `name`.
pub fn import(package: &Package, name: &str, lossy: &mut Lossy) -> Result<Imported> {
    let task = TaskYaml::read(package)?;
    let jury = jury(package, lossy)?;
    kind(package, &task, jury.manager.as_ref())?;
    let recipes = recipes_of(package, &task)?;
    let public = task.public(
        recipes.lines.len(),
        &package.shown(super::task_file(package)),
    )?;
    let mut notes = Vec::new();
    let solutions = solutions(package, &recipes, lossy, &mut notes)?;
    let reference = reference(&solutions).map(|p| p.to.clone());
    match &reference {
        Some(reference) => notes.push(format!("the reference solution: {reference}")),
        None => {
            notes.push("no official solution in sol/: the tests' answers are the task's".into())
        }
    }

    let title = task.title.clone().unwrap_or_else(|| name.to_string());
    let label = "CMS italy_yaml";
    let titles = one_title(package, Format::Cms, &title)?;
    let (mut config, mut comments) = config_of(package, Format::Cms, label, titles);
    no_targets(&mut config, &mut comments, "The task's");
    match task.time_limit {
        Some(seconds) => {
            config.time_limit_ms = Some(unread((seconds * 1000.0).round().max(1.0) as u64))
        }
        None => notes.push("the task states no time limit: the kit's default applies".to_string()),
    }
    config.memory_limit_mib = task.memory_limit.map(|m| unread(m.ceil().max(1.0) as u64));
    // A Communication task's solution talks to the manager: CMS gives it
    // no files, whatever `infile` says.
    if jury.manager.is_none() {
        let infile = task.infile.as_deref().unwrap_or("input.txt");
        let outfile = task.outfile.as_deref().unwrap_or("output.txt");
        let at = package.shown(super::task_file(package));
        config.files = files_config(Some(infile), Some(outfile), false, &at)?;
    }
    jury_config(&mut config, &jury);
    config.reference = reference.clone().map(unread);
    config.groups = groups(&recipes);
    let makers = Makers {
        generator: jury.generator.as_ref(),
        no_generator: jury.no_generator.clone(),
        validated: jury.validator.is_some(),
        answered: reference.is_some(),
    };
    let (tests, counts) = plan(package, &recipes, &makers, &public, &mut notes)?;
    notes.push(counts.describe(tests.len()));
    // Argument lines no generator makes: said, though the stored stand.
    let args = |l: &GenLine| matches!(l.recipe, Recipe::Args(_));
    if jury.generator.is_none() && recipes.lines.iter().any(args) {
        notes.push(format!("{}: the stored inputs stand", jury.no_generator));
    }
    config.tests = tests.into_iter().map(unread).collect();
    config.graders = graders(package, &task, name, lossy)?;
    let promised: Vec<(String, Vec<&str>)> = (solutions.iter())
        .map(|p| (p.to.clone(), solutions::folder(&p.promise).1.to_vec()))
        .filter(|(_, verdicts)| !verdicts.is_empty())
        .collect();
    config.expected = expected_of(&promised);

    let files = files_of(package, name, |file| {
        let to = solutions.iter().find(|p| p.from == file);
        to.map(|p| format!("solutions/{name}/{}", p.to))
    })?;
    Ok(Imported {
        format: Format::Cms,
        tests: config.tests.len(),
        config,
        comments,
        files,
        notes,
        solutions: solutions.len(),
    })
}

/// problem.toml's jury programs: the interactor or the checker, the
/// validator, and the programs of several files.
fn jury_config(config: &mut crate::model::config::ProblemConfig, jury: &Jury) {
    match (&jury.manager, &jury.checker) {
        (Some(m), _) => config.interactor = kept_at(m),
        (None, Some(c)) => config.checker = kept_at(c),
        (None, None) => config.checker = text("wcmp"),
    }
    config.validator = jury.validator.as_ref().map(|v| unread(v.reference()));
    let custom = jury.manager.is_some() || jury.checker.is_some();
    config.protocols = (custom || jury.validator.is_some()).then(|| ProtocolsConfig {
        checker: custom.then(|| unread(Protocol::Cms)),
        validator: jury.validator.as_ref().map(|_| unread(Protocol::Cms)),
    });
    config.programs = (jury.generator.iter().chain(&jury.validator))
        .filter_map(JuryProgram::programs_entry)
        .map(|(name, files)| (name, unread(files.into_iter().map(unread).collect())))
        .collect();
}

/// A group for each subtask of `gen/GEN` (`subtask<i>`, from 1), with its
/// dependencies (`#STDEP:`), and `subtask0` of no points for tests before
/// the first.
fn groups(recipes: &Gen) -> Vec<Spanned<crate::model::config::Group>> {
    let mut groups: Vec<_> = (recipes.subtasks.iter().enumerate())
        .map(|(i, subtask)| {
            let mut group = group(&format!("subtask{}", i + 1), subtask.points);
            group.get_mut().depends = (recipes.dependencies(i + 1).iter())
                .map(|d| format!("subtask{d}"))
                .collect();
            group
        })
        .collect();
    if !recipes.subtasks.is_empty() && recipes.lines.iter().any(|l| l.subtask.is_none()) {
        groups.push(group("subtask0", 0));
    }
    groups
}
