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
//! - The tests `input/input<i>.txt` with their answers `output/output<i>.txt`;
//!   `gen/GEN` says how many, opens a subtask at each `# ST: <points>`, and
//!   gives each test's generator arguments: with the generator's source in
//!   `gen/` (`generator.*` or `generatore.*`), the kit generates the test
//!   again and compares it with the stored input.
//! - The checker's source (`check/checker.*` or `cor/correttore.*`) in the
//!   CMS protocol, else the compiled `check/checker` (or `cor/correttore`)
//!   as it is; without one, CMS compares white-space-separated tokens: the
//!   kit's `wcmp`.
//! - `sol/`: the official solutions, all accepted (the first, in path
//!   order, is the reference).

use anyhow::{Context, Result, bail};

use super::task::{GEN, Gen, GenLine, TaskYaml};
use std::collections::BTreeMap;

use toml::Spanned;

use crate::format::imported::{
    Imported, Lossy, config_of, files_config, files_of, group, kept_at, kit_language, no_targets,
    solution_file, text,
};
use crate::format::{Format, Package};
use crate::model::config::{GradersConfig, Protocol, ProtocolsConfig, TestEntry, unread};

/// The source files a program may be, by extension.
const SOURCES: [&str; 8] = ["c", "cpp", "cc", "cxx", "py", "rs", "java", "kt"];

/// The source of the program `stems` names in `dir`, if the task has one.
fn source(package: &Package, dir: &str, stems: &[&str]) -> Option<String> {
    package
        .under(dir)
        .find(|f| {
            let name = &f[dir.len() + 1..];
            let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
            stems.contains(&stem) && SOURCES.contains(&ext)
        })
        .map(str::to_string)
}

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
    generator: Option<String>,
}

/// Refuses the kinds of tasks the kit cannot judge: output-only, file
/// I/O, graders and stubs, and a Communication task the kit cannot play
/// (several processes, or FIFOs the solution opens itself).
fn kind(package: &Package, task: &TaskYaml, manager: Option<&String>) -> Result<()> {
    let at = package.shown("task.yaml");
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
/// or a header (`.h`, Pascal's `lib.pas`) CMS gives the grader.
fn is_grader_file(file: &str) -> bool {
    let own = file.rsplit('/').next().unwrap_or(file);
    own.starts_with("grader.") || own.ends_with(".h") || own.ends_with("lib.pas")
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

/// The task's tests: `gen/GEN`'s lines, else `n_input` of them.
fn recipes_of(package: &Package, task: &TaskYaml) -> Result<Gen> {
    let at = package.shown("task.yaml");
    let recipes = match package.has(GEN) {
        true => Gen::read(package)?,
        false => {
            let n = task.n_input.with_context(|| {
                format!("{at}: neither gen/GEN nor `n_input` says how many tests there are")
            })?;
            let lines = (0..n).map(|_| GenLine::default()).collect();
            Gen {
                lines,
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

/// The jury's programs; a validator (task-maker's, which reads the input's
/// path) is left out with `--lossy`.
fn jury(package: &Package, lossy: &mut Lossy) -> Result<Jury> {
    if let Some(validator) = source(package, "gen", &["validator", "valida"]) {
        lossy.drop(format!(
            "{}: the validator (task-maker's, which reads the input's path: the kit's validators \
             read standard input); the tests go unvalidated",
            package.shown(&validator)
        ))?;
    }
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
        generator: source(package, "gen", &["generator", "generatore"]),
    })
}

/// The official solutions, each where it goes under `accepted/`: (file in
/// the package, path under the problem's solutions).
fn solutions(
    package: &Package,
    lossy: &mut Lossy,
    notes: &mut Vec<String>,
) -> Result<Vec<(String, String)>> {
    let mut solutions = Vec::new();
    let files = package
        .under("sol")
        .filter(|f| !f["sol/".len()..].contains('/'));
    // A hidden file (`.gitkeep`) is no solution.
    for file in files.filter(|f| !f["sol/".len()..].starts_with('.')) {
        let own = &file["sol/".len()..];
        // The grader's files are the jury's, not solutions.
        if is_grader_file(file) {
            continue;
        }
        // Words for people (the kit's own README of a Communication task).
        if own.ends_with(".txt") || own.ends_with(".md") {
            notes.push(format!("not a solution, left out: {}", package.shown(file)));
            continue;
        }
        if lossy.judges(own, &package.shown(file))? {
            let rel = solution_file("accepted", own, &package.read(file)?);
            solutions.push((file.to_string(), rel));
        }
    }
    Ok(solutions)
}

/// The test plan: each test stored in `input/` with its answer in
/// `output/`, generated again where `gen/GEN` gives the generator's
/// arguments, in its subtask's group.
fn tests(
    package: &Package,
    recipes: &Gen,
    generator: Option<&String>,
    public: &[usize],
) -> Result<Vec<TestEntry>> {
    let mut tests = Vec::new();
    for (i, line) in recipes.lines.iter().enumerate() {
        let input = format!("input/input{i}.txt");
        let answer = format!("output/output{i}.txt");
        for file in [&input, &answer] {
            if !package.has(file) {
                bail!("{}: test {i} is not in the package", package.shown(file));
            }
        }
        let args = line.args();
        let made = generator.filter(|_| !args.is_empty());
        tests.push(TestEntry {
            file: kept_at(&input).filter(|_| made.is_none()),
            generator: made.and_then(|g| kept_at(g)),
            args: made.map(|_| args),
            stored: kept_at(&input).filter(|_| made.is_some()),
            answer: kept_at(&answer),
            group: (!recipes.subtasks.is_empty())
                .then(|| format!("subtask{}", line.subtask.unwrap_or(0))),
            sample: public.contains(&i),
            ..TestEntry::default()
        });
    }
    Ok(tests)
}

/// Imports the CMS task as problem `name`.
pub fn import(package: &Package, name: &str, lossy: &mut Lossy) -> Result<Imported> {
    let task = TaskYaml::read(package)?;
    let jury = jury(package, lossy)?;
    kind(package, &task, jury.manager.as_ref())?;
    let recipes = recipes_of(package, &task)?;
    let public = task.public(recipes.lines.len(), &package.shown("task.yaml"))?;
    let mut notes = Vec::new();
    let solutions = solutions(package, lossy, &mut notes)?;
    // Every test stores its answer: the reference only checks them.
    let reference = solutions.first().map(|(_, r)| r.clone());
    match &reference {
        Some(reference) => notes.push(format!("the reference solution: {reference}")),
        None => notes.push("no solution in sol/: the tests' answers are the task's".to_string()),
    }

    let title = task.title.clone().unwrap_or_else(|| name.to_string());
    let label = "CMS italy_yaml";
    let (mut config, mut comments) = config_of(package, Format::Cms, label, (&title, &title));
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
        let at = package.shown("task.yaml");
        config.files = files_config(Some(infile), Some(outfile), false, &at)?;
    }
    match (&jury.manager, &jury.checker) {
        (Some(m), _) => config.interactor = kept_at(m),
        (None, Some(c)) => config.checker = kept_at(c),
        (None, None) => config.checker = text("wcmp"),
    }
    config.reference = reference.map(|r| unread(r.clone()));
    if jury.manager.is_some() || jury.checker.is_some() {
        config.protocols = Some(ProtocolsConfig {
            checker: Some(unread(Protocol::Cms)),
            validator: None,
        });
    }
    config.groups = (recipes.subtasks.iter().enumerate())
        .map(|(i, points)| group(&format!("subtask{}", i + 1), *points))
        .collect();
    if !recipes.subtasks.is_empty() && recipes.lines.iter().any(|l| l.subtask.is_none()) {
        config.groups.push(group("subtask0", 0));
    }
    let tests = tests(package, &recipes, jury.generator.as_ref(), &public)?;
    config.tests = tests.into_iter().map(unread).collect();
    config.graders = graders(package, &task, name, lossy)?;

    let files = files_of(package, name, |file| {
        let to = solutions.iter().find(|(from, _)| from == file);
        to.map(|(_, rel)| format!("solutions/{name}/{rel}"))
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
