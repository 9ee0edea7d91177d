//! Reading an ICPC problem package, legacy (problemtools, DOMjudge) or
//! 2025-09 (BAPCtools, Kattis), step by step: `problem.yaml` (the names,
//! limits and kind), the jury's programs (the input validator, the output
//! validator: a checker or an interactor, in the Kattis protocol), the
//! tests of `data/` with their answers and groups (`testdata.rs`), the
//! submissions and what they promise, the statements as they are.
//!
//! | | 2025-09 | legacy |
//! |---|---|---|
//! | name | `name` (a string, or one per language) | the same |
//! | time limit | `limits.time_limit` | `.timelimit` or `domjudge-problem.ini`, else none |
//! | kind | `type` | `validation` |
//! | output validator | `output_validator/` | `output_validators/<name>/` |
//! | statements | `statement/` | `problem_statement/` |

use std::collections::BTreeMap;

use anyhow::{Result, bail};
use toml::Spanned;

use super::Version;
use super::files::{ProblemYaml, legacy_time_limit};
use super::generators::Solution;
use super::programs::{Named, program, programs_in};
use super::promises::{self, Promises};
use super::sources;
use super::testdata::{self, FolderSettings, Test, TestData};
use super::testdata_tools;
use super::verdicts::{annotated, verdict_folder};
use crate::format::imported::{
    Imported, Lossy, config_of, expected_of, files_of, kept, kept_at, kit_language, no_targets,
    solution_file, text,
};
use crate::format::{Format, Package, ToolRun, written};
use crate::model::config::{
    GradersConfig, InvalidEntry, ProblemConfig, Protocol, ProtocolsConfig, TestEntry, Titles,
    unread,
};
use crate::model::kit::NewFile;

/// The memory limit of a package that states none: BAPCtools' default,
/// DOMjudge's, and the one the format's own example gives.
const ICPC_MEMORY_MIB: u64 = 2048;

/// What the kit takes from `problem.yaml`.
struct Settings {
    about: crate::model::config::About,
    scoring: bool,
    /// Each language's title, by code.
    titles: Vec<(String, String)>,
    interactive: bool,
    custom: bool,
    time_limit_ms: Option<u64>,
    memory_mib: Option<u64>,
    output_mib: Option<u64>,
    /// A multi-pass problem's most passes (2 unless `limits` says).
    passes: Option<u32>,
    /// The output validator's flags for every test (legacy
    /// `validator_flags`; the test folders may say otherwise).
    output_args: Vec<String>,
}

/// The kind of problem, from `type` (both versions) and legacy's
/// `validation`: (scoring, interactive, custom output validator); a
/// multi-pass problem's passes are `limits.validation_passes`.
fn kind(yaml: &ProblemYaml, version: Version, at: &str) -> Result<(bool, bool, bool)> {
    let mut kinds = yaml.kind.clone();
    if version == Version::Legacy {
        kinds.extend(yaml.validation.iter().cloned());
    }
    let (mut scoring, mut interactive, mut custom) = (false, false, false);
    for kind in &kinds {
        match kind.as_str() {
            "pass-fail" | "default" => {}
            "custom" => custom = true,
            "interactive" => interactive = true,
            // Scores from test groups, all or nothing each (see testdata.rs).
            "scoring" | "score" => scoring = true,
            "multi-pass" if version == Version::Current => custom = true,
            other => bail!(
                "{at}: the kit cannot judge a problem of type `{other}` (submit-answer problems \
                 are not the kit's)"
            ),
        }
    }
    Ok((scoring, interactive, custom))
}

/// The names the package's LaTeX statements give (`\problemname{...}`),
/// by language.
fn latex_names(package: &Package) -> Result<Vec<(String, String)>> {
    let mut names = Vec::new();
    for statement in super::statements(package.root())? {
        let written::Form::Latex(tex) = &statement.form else {
            continue;
        };
        let name = written::Sections::of_document(tex).name;
        // (`\problemname{\problemyamlname}` names none of its own.)
        if let Some(name) = name.filter(|n| !n.trim().is_empty() && !n.starts_with('\\')) {
            names.push((statement.lang, name.trim().to_string()));
        }
    }
    Ok(names)
}

/// The package's problem.yaml, read.
fn settings(package: &Package, version: Version, lossy: &mut Lossy) -> Result<Settings> {
    let at = package.shown("problem.yaml");
    let yaml = ProblemYaml::read(package)?;
    // problemtools takes a legacy problem's names from its statements
    // (`\problemname`), problem.yaml's `name` (English) where they give
    // none; 2025-09's from problem.yaml, its statements' where it gives
    // none. The folder's name is the last resort.
    let (first, then) = match version {
        Version::Legacy => (latex_names(package)?, yaml.name.0.clone()),
        Version::Current => (yaml.name.0.clone(), latex_names(package)?),
    };
    let mut titles = first;
    if titles.is_empty() {
        titles = then;
    }
    if titles.is_empty() {
        titles.push(("en".to_string(), package.name()));
    }
    let (scoring, interactive, custom) = kind(&yaml, version, &at)?;
    let custom =
        custom || interactive || version == Version::Current && package.has_dir("output_validator");
    let mut output_args = Vec::new();
    let keys = [
        ("validator_flags", &yaml.validator_flags),
        ("validator_args", &yaml.validator_args),
    ];
    for (key, args) in keys {
        match (args, version) {
            (None, _) => {}
            (Some(flags), Version::Legacy) if key == "validator_flags" => {
                output_args = flags.clone();
            }
            _ => lossy.drop(format!("{at}: `{key}`, arguments for the output validator"))?,
        }
    }
    let time = match version {
        Version::Current => yaml.time_limit,
        Version::Legacy => legacy_time_limit(package)?,
    };
    Ok(Settings {
        about: yaml.about.clone(),
        scoring,
        titles,
        interactive,
        custom,
        time_limit_ms: time.map(|s| (s * 1000.0).round().max(1.0) as u64),
        memory_mib: yaml.memory,
        output_mib: yaml.output,
        passes: (yaml.kind.iter().any(|k| k == "multi-pass"))
            .then(|| yaml.validation_passes.unwrap_or(2).min(u64::from(u32::MAX)) as u32),
        output_args,
    })
}

/// The folder of the input validators: problemtools still reads them from
/// the old `input_format_validators/` where a package has it (Kodsport's
/// do), in place of `input_validators/`.
fn validators_folder(package: &Package) -> &'static str {
    match package.has_dir("input_format_validators") {
        true => "input_format_validators",
        false => "input_validators",
    }
}

/// The input validators, every one the kit runs (an input is valid if each
/// accepts it, as problemtools and BAPCtools have it), a program before a
/// checktestdata script; one the kit cannot run is left out with
/// `--lossy`. Also whether the kit runs every validator the package has:
/// else an input that must be invalid may be one only another rejects.
fn input_validators(package: &Package, lossy: &mut Lossy) -> Result<(Vec<Named>, bool)> {
    let mut runnable = Vec::new();
    let mut refused = Vec::new();
    let folder = validators_folder(package);
    for entry in programs_in(package, folder) {
        let named = match program(package, &entry) {
            Ok(named) => named,
            Err(e) => {
                refused.push(e);
                continue;
            }
        };
        // A source file (a folder's first) in a language judge.toml lacks.
        let source = match &named {
            Named::Path(path) if path.ends_with('/') => None,
            Named::Path(path) => Some(path),
            Named::Sources { files, .. } => files.first(),
        };
        match source.filter(|s| !lossy.has_language_of(s)) {
            Some(file) => refused.push(anyhow::anyhow!(
                "{}: no language in judge.toml has the extension `.{}`",
                package.shown(file),
                file.rsplit('.').next().unwrap_or_default()
            )),
            None => runnable.push((entry, named)),
        }
    }
    runnable.sort_by_key(|(entry, _)| entry.ends_with(".ctd"));
    if runnable.is_empty() && !lossy.allowed() {
        match refused.into_iter().next() {
            Some(e) => return Err(e),
            None => bail!(
                "{}: no input validator in {folder}/ (the kit validates every test: --lossy \
                 imports the problem without one, as a CMS task has none)",
                package.shown.display()
            ),
        }
    }
    // Without a validator no input is checked, nor can be rejected.
    let every = refused.is_empty() && !runnable.is_empty();
    for e in refused {
        lossy.drop(format!("{e:#}"))?;
    }
    Ok((runnable.into_iter().map(|(_, p)| p).collect(), every))
}

/// The output validator, where the problem has one of its own: in
/// `output_validator/` (2025-09; the 2023-07 draft put it one folder
/// deeper) or the one program in `output_validators/` (legacy).
fn output_validator(package: &Package, version: Version) -> Result<Named> {
    let dir = match version {
        Version::Current => match programs_in(package, "output_validator").as_slice() {
            [one] if !package.has(one) && program(package, "output_validator").is_err() => {
                one.clone()
            }
            _ => "output_validator".to_string(),
        },
        Version::Legacy => match programs_in(package, "output_validators").as_slice() {
            [one] => one.clone(),
            [] => bail!(
                "{}: `validation: custom` but no program in output_validators/",
                package.shown("problem.yaml")
            ),
            many => bail!(
                "{}: several output validators ({}); a problem has one",
                package.shown("output_validators"),
                many.join(", ")
            ),
        },
    };
    program(package, &dir)
}

/// The kit's checker for the default output validator with these
/// arguments: `icpc-default`, or `wcmp` for `case_sensitive`; the others
/// are left out with `--lossy`.
fn twin_of_default(package: &Package, args: &[String], lossy: &mut Lossy) -> Result<&'static str> {
    Ok(match args {
        [] => "icpc-default",
        [flag] if flag == "case_sensitive" => "wcmp",
        other => {
            lossy.drop(format!(
                "{}: the output validator's arguments `{}` (the kit's checkers take none)",
                package.shown("data"),
                other.join(" ")
            ))?;
            match other.iter().any(|f| f == "case_sensitive") {
                true => "wcmp",
                false => "icpc-default",
            }
        }
    })
}

/// The package's submissions: where each goes (file in the package, path
/// under the problem's solutions) and what each promises where its folder
/// does not say it (`[expected]`).
struct Submissions {
    placed: Vec<(String, String)>,
    expected: Vec<(String, Vec<&'static str>)>,
}

/// Reads `submissions/`: each file in a verdict folder, or in a folder of
/// its own that `submissions.yaml` gives promises for; a promise is an
/// `@EXPECTED_RESULTS@` line, else submissions.yaml's, else its folder's.
fn submissions(package: &Package, name: &str, lossy: &mut Lossy) -> Result<Submissions> {
    let mut all = Submissions {
        placed: Vec::new(),
        expected: Vec::new(),
    };
    let promises = Promises::read(package, lossy)?;
    for file in package.under("submissions") {
        let rel = &file["submissions/".len()..];
        let Some((folder, rest)) = rel.split_once('/') else {
            continue;
        };
        let shown = package.shown(file);
        let promised = promises.of(rel);
        // A folder of its own (`mixed/`) where submissions.yaml says what
        // its submissions promise.
        let plain = (folder.chars()).all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        let (target, verdicts) = match (verdict_folder(folder), &promised) {
            (Some(known), _) => known,
            (None, Some(_)) if plain => (folder, &[][..]),
            (None, _) => {
                lossy.drop(format!(
                    "{shown}: the submissions folder `{folder}` (the kit knows accepted, \
                     partially_accepted, wrong_answer, time_limit_exceeded, run_time_error, \
                     rejected and brute_force, and the folders {} gives promises for)",
                    promises::FILE
                ))?;
                continue;
            }
        };
        // A hidden file (`.gitkeep`, keeping an empty folder) is none.
        if rest.starts_with('.') {
            continue;
        }
        if rest.contains('/') {
            lossy.drop(format!(
                "{shown}: a submission of several files (the kit judges single files)"
            ))?;
            continue;
        }
        if !lossy.judges(rest, &shown)? {
            continue;
        }
        let source = package.read(file)?;
        let rel = solution_file(target, rest, &source);
        match (annotated(&source), promised) {
            (Some(annotated), _) => all.expected.push((rel.clone(), annotated)),
            (None, Some(promised)) => all.expected.push((rel.clone(), promised)),
            (None, None) if !verdicts.is_empty() => {
                all.expected.push((rel.clone(), verdicts.to_vec()))
            }
            (None, None) => {}
        }
        (all.placed).push((file.to_string(), format!("solutions/{name}/{rel}")));
    }
    Ok(all)
}

/// The reference, as problem.toml names it: the solution generators.yaml
/// names (`sources::answerers`), else the first accepted submission (the
/// kit answers and checks with one); each test generators.yaml has
/// another solution answer gets it as its `answered_by`.
fn reference(
    package: &Package,
    name: &str,
    placed: &[(String, String)],
    (root, tests): (Option<&Solution>, &mut [Test]),
) -> Result<String> {
    let accepted = format!("solutions/{name}/accepted/");
    let first = (placed.iter())
        .find(|(_, to)| to.starts_with(&accepted))
        .map(|(_, to)| to[format!("solutions/{name}/").len()..].to_string());
    // Only a test nothing else answers needs its solution.
    let solutions: Vec<Option<&Solution>> = (tests.iter())
        .map(|t| (t.answer.is_none()).then_some(&t.solution))
        .collect();
    let (reference, own) = sources::answerers(package, (root, &solutions), placed, (name, first))?;
    for (test, own) in tests.iter_mut().zip(own) {
        test.answered_by = own;
    }
    Ok(reference)
}

/// The reference a script's `use_solution` names (the package's file
/// `solution`): a submission as placed, else the package's file where the
/// problem keeps it (a program of `data/` that prints empty answers).
fn solution_reference(
    package: &Package,
    name: &str,
    solution: &str,
    placed: &[(String, String)],
) -> Result<String> {
    let prefix = format!("solutions/{name}/");
    if let Some((_, to)) = placed.iter().find(|(from, _)| from == solution) {
        return Ok(to[prefix.len()..].to_string());
    }
    if !package.has(solution) {
        bail!(
            "{}: use_solution names {solution}, which is not a file of the package",
            package.shown(testdata_tools::SCRIPT)
        );
    }
    // From solutions/<name>/, where problem.toml's reference lies.
    Ok(format!("../../problems/{name}/{}", kept(solution)))
}

/// The tests, their groups and settings: those a script makes (Kodsport's
/// testdata_tools), else those `data/` stores (made again where
/// generators.yaml says how).
fn tests_of(
    package: &Package,
    kind: (bool, bool),
    top: &FolderSettings,
    lossy: &mut Lossy,
    run: &dyn Fn(&ToolRun) -> Result<()>,
) -> Result<(TestData, Option<testdata_tools::Made>)> {
    if let Some((data, made)) = testdata_tools::read(package, kind, top, lossy, run)? {
        return Ok((data, Some(made)));
    }
    Ok((testdata::read(package, kind, top, lossy)?, None))
}

/// problem.toml's tests (and the programs a script's tests need), and the
/// files the script made, for problem `name`'s folder.
fn plan(
    config: &mut ProblemConfig,
    (tests, made): (&[Test], Option<testdata_tools::Made>),
    name: &str,
    notes: &mut Vec<String>,
) -> Vec<NewFile> {
    let Some(made) = made else {
        config.tests = test_plan(tests).into_iter().map(unread).collect();
        return Vec::new();
    };
    config.programs.extend(made.programs);
    notes.extend(made.notes);
    config.tests = made.entries.into_iter().map(unread).collect();
    (made.files.into_iter())
        .map(|(path, bytes)| NewFile {
            path: format!("problems/{name}/{path}").into(),
            bytes,
        })
        .collect()
}

/// The test plan: each test stored in `data/` with its answer, or made by
/// the generator generators.yaml names (and compared with the stored
/// input), copied or written as it says, answered as it says, with its
/// group, validator arguments and where it lies.
fn test_plan(tests: &[Test]) -> Vec<TestEntry> {
    let entry = |t: &Test| {
        let generated = t.generated.as_ref();
        TestEntry {
            generator: generated.map(|(g, _)| unread(g.reference())),
            args: generated.map(|(_, args)| args.clone()),
            stored: t.stored.clone().and_then(text),
            file: t.input.clone().and_then(text),
            answer: t.answer.clone().and_then(text),
            answered_by: t.answered_by.clone().and_then(text),
            generator_answers: t.generator_answers,
            sample: t.sample,
            group: t.group.clone(),
            validator_args: t.validator_args.clone(),
            comment: Some(t.comment.clone()),
            ..TestEntry::default()
        }
    };
    tests.iter().map(entry).collect()
}

/// problem.toml's `[[invalid]]`: each input that must be invalid (its
/// file, why), checked where the kit runs `every` validator the package
/// has; else they stay files, and the report says so.
fn invalid_entries(
    invalid: Vec<(String, String)>,
    every: bool,
    notes: &mut Vec<String>,
) -> Vec<Spanned<InvalidEntry>> {
    if !invalid.is_empty() && !every {
        notes.push(format!(
            "data/invalid_input: {} inputs kept as files, not checked: each must be rejected by \
             one of the package's validators, and the kit cannot run them all",
            invalid.len()
        ));
        return Vec::new();
    }
    (invalid.into_iter())
        .map(|(file, reason)| {
            unread(InvalidEntry {
                file: unread(file),
                reason,
            })
        })
        .collect()
}

/// The jury's programs as problem.toml names them: the checker or
/// interactor (the default output validator's kit twin where the package
/// has none of its own) with its arguments, the validators, all in the
/// Kattis protocol, and the programs of several files among them.
fn jury(
    config: &mut ProblemConfig,
    s: &Settings,
    (checker, validators): (&Option<Named>, &[Named]),
    default_checker: &str,
    output_args: &[String],
    tests: &[Test],
) {
    match (checker, s.interactive) {
        (Some(checker), true) => config.interactor = text(checker.reference()),
        (Some(checker), false) => config.checker = text(checker.reference()),
        (None, _) => config.checker = text(default_checker),
    }
    if checker.is_some() && !output_args.is_empty() {
        config.checker_args = Some(unread(output_args.to_vec()));
    }
    match validators {
        [] => {}
        [one] => config.validator = text(one.reference()),
        many => {
            let names = many.iter().map(|v| unread(v.reference())).collect();
            config.validators = Some(unread(names));
        }
    }
    config.protocols = Some(ProtocolsConfig {
        checker: checker.is_some().then(|| unread(Protocol::Kattis)),
        validator: (!validators.is_empty()).then(|| unread(Protocol::Kattis)),
    });
    // The programs of several files, by the names used above.
    let generators = tests
        .iter()
        .filter_map(|t| t.generated.as_ref().map(|g| &g.0));
    config.programs = (checker.iter().chain(validators))
        .chain(generators)
        .filter_map(|p| match p {
            Named::Sources { name, files } => {
                let files = files.iter().map(|f| unread(kept(f))).collect();
                Some((name.clone(), unread(files)))
            }
            Named::Path(_) => None,
        })
        .collect();
}

/// The problem's files: every one of the package under its path in
/// `package/`, but the submissions (in solutions/, or in package/ where
/// the plan `used` names one: a script's solution).
fn files(
    package: &Package,
    name: &str,
    (placed, used): (&[(String, String)], &[String]),
) -> Result<Vec<NewFile>> {
    files_of(package, name, |file| {
        let to = placed.iter().find(|(from, _)| from == file);
        match (to, file.starts_with("submissions/")) {
            (Some((_, to)), _) => Some(to.clone()),
            (None, true) if !used.iter().any(|u| u == file) => Some(String::new()),
            (None, _) => None,
        }
    })
}

/// The included files (`include/<language>/`, copied beside every
/// submission of that language; 2025-09's `include/default/` beside every
/// other's) as `[graders]`: each language's driver (the one of its
/// sources `entry_rank` puts first) compiled and run with the
/// submission, which keeps its own name, or, with headers only, the
/// submission compiled with them. A language the kit does not know, or
/// Python modules without a driver, are left out with `--lossy`.
fn included(package: &Package, lossy: &mut Lossy) -> Result<Option<GradersConfig>> {
    let defaults: Vec<&str> = package.under("include/default").collect();
    let mut files = BTreeMap::new();
    for dir in programs_in(package, "include") {
        let code = &dir["include/".len()..];
        if code == "default" {
            continue;
        }
        let Some(language) = super::kit_language_of_code(code) else {
            lossy.drop(format!(
                "{}: files for a language the kit does not judge",
                package.shown(&dir)
            ))?;
            continue;
        };
        let own: Vec<&str> = package.under(&dir).collect();
        let of_language =
            |f: &&str| kit_language(f.rsplit('.').next().unwrap_or("")) == Some(language);
        let driver = (own.iter().copied())
            .filter(of_language)
            .min_by_key(|f| entry_rank(f));
        // Python modules the submission imports, none of them the entry:
        // the kit's grader files are a driver, or headers only.
        if language == "python" && driver.is_some_and(|d| entry_rank(d) == 2) {
            lossy.drop(format!(
                "{}: Python modules to include without a driver (`__main__.py` or `main.py`)",
                package.shown(&dir)
            ))?;
            continue;
        }
        // Without a driver (headers only), the submission is the program.
        let beside = (own.iter().chain(&defaults)).filter(|f| Some(**f) != driver);
        let list: Vec<Spanned<String>> = (driver.iter().chain(beside))
            .filter_map(|f| kept_at(f))
            .collect();
        files.insert(language.to_string(), unread(list));
    }
    if files.is_empty() {
        if !defaults.is_empty() {
            lossy.drop(format!(
                "{}: files for every language (the kit's graders are a language's)",
                package.shown("include/default")
            ))?;
        }
        return Ok(None);
    }
    Ok(Some(GradersConfig {
        submission: None,
        attachments: Vec::new(),
        files,
    }))
}

/// How surely `file` is its language's driver among the included files:
/// 2025-09's Python entry point, then problemtools' `main.*`, then any.
fn entry_rank(file: &str) -> u8 {
    let name = file.rsplit('/').next().unwrap_or(file);
    match name {
        "__main__.py" => 0,
        _ if name.to_ascii_lowercase().starts_with("main.") => 1,
        _ => 2,
    }
}

/// problem.yaml's limits (with a note for each the kit chose) and what it
/// says of the problem's origin, into `config`.
fn limits_and_about(config: &mut ProblemConfig, s: &Settings, notes: &mut Vec<String>) {
    match s.time_limit_ms {
        Some(ms) => config.time_limit_ms = Some(unread(ms)),
        None => notes.push(
            "the package states no time limit (problemtools derives it from the submissions): \
             the kit's default applies"
                .to_string(),
        ),
    }
    config.memory_limit_mib = Some(unread(s.memory_mib.unwrap_or(ICPC_MEMORY_MIB)));
    if s.memory_mib.is_none() {
        notes.push(format!(
            "the package states no memory limit: {ICPC_MEMORY_MIB} MiB, as BAPCtools and \
             DOMjudge judge it"
        ));
    }
    config.validation_passes = s.passes.map(unread);
    config.output_limit_mib = s.output_mib.map(unread);
    config.about = s.about.clone().of_third_party(crate::model::kit::SOURCE);
}

/// Imports the ICPC package as problem `name`.
pub fn import(
    package: &Package,
    version: Version,
    name: &str,
    lossy: &mut Lossy,
    run: &dyn Fn(&ToolRun) -> Result<()>,
) -> Result<Imported> {
    let s = settings(package, version, lossy)?;
    let mut notes = Vec::new();
    let (validators, every_validator) = input_validators(package, lossy)?;
    if validators.is_empty() {
        notes.push(format!(
            "no input validator the kit runs in {}/: the problem has none, as an imported CMS \
             task has none, and its tests are not validated",
            validators_folder(package)
        ));
    }
    let checker = match s.custom {
        true => Some(output_validator(package, version)?),
        false => None,
    };
    let top = FolderSettings::top(s.output_args.clone(), version == Version::Legacy);
    let kind = (s.scoring, s.interactive || s.passes.is_some());
    let (data, made) = tests_of(package, kind, &top, lossy, run)?;
    let TestData {
        mut tests,
        invalid,
        written,
        solution,
        groups,
        output_args,
        verdict,
        notes: data_notes,
    } = data;
    notes.extend(data_notes);
    // A custom validator gets its arguments; of the default validator's,
    // those the kit has a checker for.
    let default_checker = match checker.is_some() {
        true => "icpc-default",
        false => twin_of_default(package, &output_args, lossy)?,
    };
    let submissions = submissions(package, name, lossy)?;
    let placed = &submissions.placed;
    let reference = match made.as_ref().and_then(|m| m.solution.as_deref()) {
        Some(solution) => solution_reference(package, name, solution, placed)?,
        None => reference(package, name, placed, (solution.as_ref(), &mut tests))?,
    };
    notes.push(format!("the reference solution: {reference}"));

    let (format, label) = match version {
        Version::Current => (Format::Icpc, "ICPC 2025-09"),
        Version::Legacy => (Format::IcpcLegacy, "ICPC legacy"),
    };
    let titles = s
        .titles
        .iter()
        .map(|(code, title)| (code.as_str(), title.as_str()));
    let (mut config, mut comments) = config_of(package, format, label, Titles::of(titles));
    limits_and_about(&mut config, &s, &mut notes);
    let programs = (&checker, validators.as_slice());
    jury(
        &mut config,
        &s,
        programs,
        default_checker,
        &output_args,
        &tests,
    );
    config.reference = text(reference);
    no_targets(&mut config, &mut comments, "The package's");
    config.expected = expected_of(&submissions.expected);
    config.groups = groups.into_iter().map(unread).collect();
    config.verdict = verdict;
    config.graders = included(package, lossy)?;
    config.invalid = invalid_entries(invalid, every_validator, &mut notes);
    let made_files = plan(&mut config, (&tests, made), name, &mut notes);
    let used = testdata_tools::package_files(&config);
    let mut files = files(package, name, (&submissions.placed, &used))?;
    files.extend(written.into_iter().map(|(path, bytes)| NewFile {
        path: format!("problems/{name}/{path}").into(),
        bytes,
    }));
    files.extend(made_files);
    let tests = config.tests.len();
    Ok(Imported {
        format,
        config,
        comments,
        files,
        notes,
        tests,
        solutions: submissions.placed.len(),
    })
}
