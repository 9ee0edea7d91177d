//! Importing a Hydro problem: `problem.yaml` (the title, the pid) and the
//! test data's config ([`ProblemYaml`], [`ConfigYaml`]), where [`Layout`]
//! finds them, read step by step: the kind, the test plan ([`plan`]), the
//! checker or interactor and the validator with the testlib.h beside
//! them, the standard solutions.
//!
//! - The kind (`type: default` or `interactive`), the files the solution
//!   reads and writes (`filename: NAME`: `NAME.in` and `NAME.out`); a key
//!   the kit does not read is said in the notes where it changes nothing
//!   judged (`langs`, `detail`, `judge_extra_files`), else left out with
//!   `--lossy`.
//! - The checker: `checker_type: default` compares tokens (the kit's
//!   `wcmp`), `testlib` runs the package's checker, or testlib's standard
//!   checker of that name; the interactor and the validator are testlib
//!   ones. Hydro's judge supplies testlib.h, so where the package has none
//!   beside a program that includes it, the kit's (as `judge package`
//!   finds it) is put there.
//! - The submissions of `std/`, which Hydro judges on import, promised AC;
//!   every test stores its answer, so no reference is needed.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};

use super::cases::{self, Layout};
use super::files::{ConfigYaml, ProblemType, ProblemYaml};
use super::plan::{self, Plan};
use crate::format::imported::{
    Imported, Lossy, config_of, files_config, files_of, kept, kept_at, one_title, solution_file,
    testlib_beside, text,
};
use crate::format::{Format, Package};
use crate::model::config::{About, FilesConfig, Protocol, ProtocolsConfig, TestEntry, unread};
use crate::model::kit::NewFile;
use crate::model::problem::STANDARD_CHECKERS;
use crate::model::program::domjudge_testlib;

/// Whether the problem is interactive; a type the kit cannot judge is
/// refused.
fn interactive(config: &ConfigYaml, at: &str) -> Result<bool> {
    match &config.kind {
        ProblemType::Default => Ok(false),
        ProblemType::Interactive => Ok(true),
        ProblemType::Other(other) => {
            bail!("{at}: a problem of type `{other}`; the kit judges default and interactive ones")
        }
    }
}

/// The keys of the config the kit does not read: said in the notes where
/// they change nothing the kit judges, else left out with `--lossy`.
fn other_keys(
    config: &ConfigYaml,
    at: &str,
    lossy: &mut Lossy,
    notes: &mut Vec<String>,
) -> Result<()> {
    for key in &config.other_keys {
        match key.as_str() {
            "langs" => notes.push(format!(
                "{at}: `langs` lists the languages Hydro takes; the kit judges every language \
                 of judge.toml"
            )),
            "detail" => notes.push(format!(
                "{at}: `detail` says how much of a case's result Hydro shows"
            )),
            "judge_extra_files" => notes.push(format!(
                "{at}: `judge_extra_files` are kept beside the checker, where it finds them"
            )),
            _ => lossy.drop(format!(
                "{at}: the key `{key}`, which the kit does not read"
            ))?,
        }
    }
    Ok(())
}

/// The path of the program `file` the config names as its `key`: a file
/// of the test data, in one of its folders.
fn program(package: &Package, layout: &Layout, key: &str, file: &str, at: &str) -> Result<String> {
    let found = (layout.folders.iter())
        .map(|folder| cases::in_folder(folder, file))
        .find(|path| package.has(path));
    found.with_context(|| format!("{at}: the {key} {file} is not in the package's test data"))
}

/// The program that judges: the interactor, or the package's checker
/// (none for a token comparison or a standard checker, which the kit has).
fn judge(
    package: &Package,
    layout: &Layout,
    config: &ConfigYaml,
    interactive: bool,
    (at, notes): (&str, &mut Vec<String>),
) -> Result<Option<String>> {
    if interactive {
        let interactor = (config.interactor.as_deref())
            .with_context(|| format!("{at}: an interactive problem names no `interactor`"))?;
        return program(package, layout, "interactor", interactor, at).map(Some);
    }
    let checker_type = config.checker_type.as_deref().unwrap_or("default");
    match checker_type {
        "default" | "strict" => {
            notes.push(format!(
                "checker_type `{checker_type}`: the kit's wcmp (tokens compared, white space free)"
            ));
            Ok(None)
        }
        "testlib" => match config.checker.as_deref() {
            Some(name) if !name.contains('.') => {
                if !STANDARD_CHECKERS.contains(&name) {
                    bail!("{at}: `{name}` is not one of testlib's standard checkers");
                }
                notes.push(format!("the checker: the kit's {name}"));
                Ok(None)
            }
            Some(file) => program(package, layout, "checker", file, at).map(Some),
            None => bail!("{at}: `checker_type: testlib` names no `checker`"),
        },
        other => bail!("{at}: `checker_type: {other}`; the kit runs testlib checkers"),
    }
}

/// The standard checker the kit runs where the package has no program of
/// its own: the one `checker_type: testlib` names, else `wcmp`.
fn standard(config: &ConfigYaml) -> String {
    match (config.checker_type.as_deref(), config.checker.as_deref()) {
        (Some("testlib"), Some(name)) if !name.contains('.') => name.to_string(),
        _ => "wcmp".to_string(),
    }
}

/// The testlib.h beside `program`: Hydro's judge supplies its own, so
/// where the package has none beside a program that includes it, the kit's
/// copy is put there (the file to add). Whether the program speaks Kattis's
/// protocol: built against a DOMjudge testlib.h.
fn testlib(
    package: &Package,
    name: &str,
    program: &str,
    testlib_h: &dyn Fn() -> Result<PathBuf>,
    notes: &mut Vec<String>,
) -> Result<(bool, Option<NewFile>)> {
    let text = String::from_utf8_lossy(&package.read(program)?).into_owned();
    let beside = testlib_beside(program);
    let mut added = None;
    let mut kattis = false;
    if text.contains("testlib.h") && !package.has(&beside) {
        let path = testlib_h()?;
        notes.push(format!(
            "{beside}: the kit's copy ({}), as Hydro's judge supplies its own",
            path.display()
        ));
        let bytes =
            std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
        kattis = domjudge_testlib(&bytes);
        added = Some(NewFile {
            path: format!("problems/{name}/{}", kept(&beside)).into(),
            bytes,
        });
    } else if text.contains("testlib.h") {
        kattis = domjudge_testlib(&package.read(&beside)?);
    }
    if kattis {
        notes.push(format!(
            "{beside} is a DOMjudge build: {program} speaks Kattis's protocol"
        ));
    }
    Ok((kattis, added))
}

/// The files the solution reads and writes: `<filename>.in` and
/// `<filename>.out`, where `config.yaml` names one (not on an interactive
/// problem, whose solution talks to the interactor).
fn files(hydro: &ConfigYaml, interactive: bool, at: &str) -> Result<Option<FilesConfig>> {
    let Some(stem) = &hydro.filename else {
        return Ok(None);
    };
    let (input, output) = (format!("{stem}.in"), format!("{stem}.out"));
    let at = format!("{at}: `filename: {stem}`");
    files_config(Some(&input), Some(&output), interactive, &at)
}

/// The submissions of `std/` (Hydro judges them on import as the
/// problem's standard solutions): accepted ones, each its source and its
/// path in the kit.
fn standard_solutions(
    package: &Package,
    name: &str,
    lossy: &mut Lossy,
) -> Result<Vec<(String, String)>> {
    let mut solutions = Vec::new();
    for source in package.under("std") {
        let file = &source["std/".len()..];
        if file.contains('/') || !lossy.judges(file, &package.shown(source))? {
            continue;
        }
        let rel = solution_file("accepted", file, &package.read(source)?);
        solutions.push((source.to_string(), format!("solutions/{name}/{rel}")));
    }
    Ok(solutions)
}

/// The jury's programs: the checker or interactor, and the validator; the
/// testlib.h each needs, added where the package lacks it (once per
/// folder); whether the judge and the validator speak Kattis's protocol.
struct Jury {
    judge: Option<String>,
    validator: Option<String>,
    added: Vec<NewFile>,
    protocols: Option<ProtocolsConfig>,
}

fn jury(
    package: &Package,
    (name, layout): (&str, &Layout),
    config: &ConfigYaml,
    (at, interactive): (&str, bool),
    testlib_h: &dyn Fn() -> Result<PathBuf>,
    notes: &mut Vec<String>,
) -> Result<Jury> {
    let judge = judge(package, layout, config, interactive, (at, notes))?;
    let validator = (config.validator.as_deref())
        .map(|file| program(package, layout, "validator", file, at))
        .transpose()?;
    let mut added: Vec<NewFile> = Vec::new();
    let mut kattis = [false, false];
    for (i, program) in [&judge, &validator].into_iter().enumerate() {
        let Some(program) = program else { continue };
        let (speaks, file) = testlib(package, name, program, testlib_h, notes)?;
        kattis[i] = speaks;
        added.extend(file.filter(|f| added.iter().all(|a| a.path != f.path)));
    }
    let protocol = |speaks: bool| speaks.then(|| unread(Protocol::Kattis));
    let protocols = (kattis != [false, false]).then(|| ProtocolsConfig {
        checker: protocol(kattis[0]),
        validator: protocol(kattis[1]),
    });
    Ok(Jury {
        judge,
        validator,
        added,
        protocols,
    })
}

/// Imports the Hydro problem as problem `name`; `testlib_h` finds the
/// kit's testlib.h, for a program that needs the one Hydro supplies.
pub fn import(
    package: &Package,
    name: &str,
    lossy: &mut Lossy,
    testlib_h: &dyn Fn() -> Result<PathBuf>,
) -> Result<Imported> {
    let problem = ProblemYaml::read(package)?;
    let layout = Layout::of(package);
    let hydro = match layout.config {
        Some(file) => ConfigYaml::read(package, file)?,
        None => ConfigYaml::default(),
    };
    let at = package.shown(layout.config.unwrap_or("testdata/config.yaml"));
    // Hydro's judge reads the old config.ini where there is no YAML one.
    let ini = ["testdata/config.ini", "config.ini"]
        .into_iter()
        .find(|f| package.has(f));
    if let (None, Some(ini)) = (layout.config, ini) {
        lossy.drop(format!(
            "{}: the old config Hydro reads where there is no config.yaml (the kit reads \
             config.yaml and config.yml: the tests are then found by their names)",
            package.shown(ini)
        ))?;
    }
    let title = problem.title.unwrap_or_else(|| name.to_string());
    let tags = problem.tag;
    let mut notes = Vec::new();
    other_keys(&hydro, &at, lossy, &mut notes)?;
    let interactive = interactive(&hydro, &at)?;
    let plan = plan::plan(package, &layout, &hydro, &at, lossy, &mut notes)?;
    let jury = jury(
        package,
        (name, &layout),
        &hydro,
        (&at, interactive),
        testlib_h,
        &mut notes,
    )?;
    let solutions = standard_solutions(package, name, lossy)?;
    notes.push(tests_note(&plan, solutions.len()));

    let titles = one_title(package, Format::Hydro, &title)?;
    let (mut config, mut comments) = config_of(package, Format::Hydro, "Hydro", titles);
    config.about = About {
        tags,
        ..About::default()
    }
    .of_third_party(crate::model::kit::SOURCE);
    config.time_limit_ms = Some(unread(plan.time));
    config.memory_limit_mib = Some(unread(plan.memory));
    config.files = files(&hydro, interactive, &at)?;
    let key = match (&jury.judge, interactive) {
        (Some(i), true) => {
            config.interactor = kept_at(i);
            "interactor"
        }
        (Some(c), false) => {
            config.checker = kept_at(c);
            "checker"
        }
        (None, _) => {
            config.checker = text(standard(&hydro));
            "checker"
        }
    };
    comments.push((
        key,
        "Every test of a Hydro problem stores its answer.".to_string(),
    ));
    config.validator = jury.validator.as_deref().and_then(kept_at);
    config.protocols = jury.protocols;
    config.groups = plan.groups.iter().cloned().map(unread).collect();
    let entries = plan.tests.iter().map(|test| TestEntry {
        file: kept_at(&test.input),
        answer: kept_at(&test.answer),
        group: test.group.clone(),
        points: test.points.map(unread),
        ..TestEntry::default()
    });
    config.tests = entries.map(unread).collect();
    let mut files = files_of(package, name, |file| {
        let to = solutions.iter().find(|(from, _)| from == file);
        to.map(|(_, to)| to.clone())
    })?;
    files.extend(jury.added);
    Ok(Imported {
        format: Format::Hydro,
        config,
        comments,
        files,
        notes,
        tests: plan.tests.len(),
        solutions: solutions.len(),
    })
}

/// What the import report says of the tests: how many, where from, and
/// who answers them.
fn tests_note(plan: &Plan, solutions: usize) -> String {
    let source = match plan.discovered {
        true => "found by their names",
        false => "listed in the config",
    };
    let judged = match solutions {
        0 => "no submission (Hydro's are in std/, and there is none)".to_string(),
        n => format!("{n} submissions of std/, promised AC"),
    };
    format!(
        "{} tests, {source}, each with its stored answer; {judged}",
        plan.tests.len()
    )
}
