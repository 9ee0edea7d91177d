//! CMS's `italy_yaml` task format (`cmsImportTask -L italy_yaml`), and its
//! `contest.yaml` for a contest.
//!
//! * `task.yaml`: short name, title, limits, stdio (`infile`/`outfile`
//!   empty: CMS defaults to file I/O), the samples as public test cases;
//! * `input/inputN.txt`, `output/outputN.txt`, N from 0, grouped tests first
//!   by group, in the problem's group order;
//! * `gen/GEN`: one line per test, the generator's arguments where the
//!   problem's generator is one source (shipped as `gen/generator.<ext>`),
//!   else `#COPY: input/inputN.txt`; on a problem with groups, `#ST: points`
//!   opens each group (task-maker takes `# ST:` for a comment), which CMS
//!   turns into GroupMin subtasks (a group earns its points only if every
//!   test of it is right, as in the kit); without groups CMS scores the sum
//!   over the tests, 100 in all;
//! * `check/checker`: the kit's Rust checker, static, speaking CMS's
//!   protocol (input, correct output, contestant output; the score on
//!   stdout), its sources in `check/src/` (none for `wcmp`: CMS's own
//!   comparison of tokens is the same);
//! * an interactive problem is a Communication task: `check/manager`, the
//!   kit's interactor built for CMS, which testlib-rs then runs as CMS runs
//!   a manager (`manager from-user to-user`, two FIFOs to one contestant
//!   process that reads stdin and writes stdout, the test on the manager's
//!   stdin, the score on its stdout); no stub (`sol/` holds a note beside
//!   the solutions): the contestant's program stands alone, so the task's
//!   parameters are
//!   one process, compilation `alone`, user I/O `std_io`
//!   (the loader warns once per language that it found no stub, which is
//!   right for this task);
//! * `sol/`: the official solutions, the accepted ones;
//! * `statement/<language>.pdf`, named as CMS names languages
//!   (`english.pdf`, `chinese.pdf`; it looks for no other names, and
//!   crashes on a primary language it did not find), with
//!   `primary_language: en`: the statements CMS shows, printed from
//!   `judge statement`'s pages (an export with `--no-pdf` has none: import
//!   it with `--no-statement`); `att/`: the statements in Markdown, given to
//!   contestants;
//! * `token_mode: disabled` in `task.yaml` and `contest.yaml`: tokens in
//!   CMS's current form (without the key the loader falls back to the
//!   deprecated form and warns);
//! * `languages` in `contest.yaml`: CMS's names of judge.toml's languages
//!   (without it a contest takes C, C++ and Pascal only).

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use super::gen_file::{GEN, Gen, GenLine, Recipe, Subtask};
use super::solutions::{self, Promise};
use super::task::{ContestYaml, TaskYaml};
use crate::base::fsutil;
use crate::format::subject::{self, GeneratorFiles, Shipped, Subject, Toolchain, Writer};
use crate::format::tree::Tree;
use crate::model::expect::Expect;
use crate::model::problem::{Problem, ProgramSpec};
use crate::model::program::Protocol;
use crate::model::results::{Test, Warning};
use crate::model::verdict::{GroupScoring, Verdict};

/// What `sol/` says of a Communication task without a stub.
const SOL_NOTE: &str = "No stub: submissions are whole programs that read the jury's lines \
on stdin and write theirs on stdout (task type Communication, 1 process, compilation \
\"alone\", user I/O \"std_io\").\n";

/// Tokens (CMS's feedback on demand) are off, in the loader's current form.
const TOKENS: &str = "disabled";

/// The `italy_yaml` format, with the CMS languages a contest allows.
#[derive(Clone, Debug)]
pub struct Cms {
    /// CMS's names of the languages of judge.toml, in its order.
    pub languages: Vec<&'static str>,
}

impl Cms {
    /// The CMS languages of the languages `extensions` lists (each
    /// language's extensions): a contest without `languages` allows only
    /// CMS's defaults (C, C++ and Pascal), so its Rust and Python
    /// submissions would be refused.
    pub fn new<'a>(extensions: impl IntoIterator<Item = &'a [String]>) -> Cms {
        let mut languages = Vec::new();
        for extensions in extensions {
            let found = extensions.iter().find_map(|e| cms_language(e));
            if let Some(name) = found.filter(|n| !languages.contains(n)) {
                languages.push(name);
            }
        }
        Cms { languages }
    }
}

/// CMS's name of the language of a source file's extension (the names of
/// `cms/grading/languages/`); for C++ the standard the kit compiles with.
fn cms_language(extension: &str) -> Option<&'static str> {
    Some(match extension {
        "c" => "C11 / gcc",
        "cpp" | "cc" | "cxx" => "C++17 / g++",
        "rs" => "Rust",
        "py" => "Python 3 / CPython",
        "java" => "Java / JDK",
        "pas" => "Pascal / fpc",
        "hs" => "Haskell / ghc",
        "cs" => "C# / Mono",
        "php" => "PHP",
        _ => return None,
    })
}

/// The tests in CMS's order: each group's tests together, groups in order
/// (all tests in plan order when there are no groups).
pub fn cms_order<'a>(s: &'a Subject) -> Vec<&'a Test> {
    if s.problem.groups.is_empty() {
        return s.tests.iter().collect();
    }
    s.problem
        .groups
        .iter()
        .flat_map(|g| {
            s.tests
                .iter()
                .filter(move |t| t.group.as_deref() == Some(&g.name))
        })
        .collect()
}

/// The official solutions `sol/` holds: the accepted ones, but any CMS
/// would take for a grader or a stub by its name.
fn official<'a>(s: &'a Subject) -> impl Iterator<Item = &'a PathBuf> {
    let accepted = (s.solutions.iter()).filter(|(expect, _)| *expect == ACCEPTED);
    accepted
        .map(|(_, path)| path)
        .filter(|path| !is_stub_or_grader(path))
}

const ACCEPTED: Expect = Expect::Verdict(Verdict::Ac);

/// What CMS leaves behind of the solutions: those `sol/` does not hold
/// (only the accepted ones go there), and the accepted ones that a task
/// read again does not hold to AC, by the rule of `solutions.rs` (the
/// official ones, `solution.*` and `soluzione.*`; where there is none,
/// every one whose name does not say wrong, slow or partial).
fn solutions_lost(s: &Subject) -> Vec<String> {
    let shown = |path: &PathBuf| {
        let own = path.strip_prefix(&s.problem.solutions).unwrap_or(path);
        own.display().to_string()
    };
    let behind: Vec<String> = (s.solutions.iter())
        .filter(|(expect, _)| *expect != ACCEPTED)
        .map(|(_, path)| shown(path))
        .collect();
    let mut lost = Vec::new();
    if !behind.is_empty() {
        lost.push(format!(
            "only the accepted solutions go to sol/: {} stay{} behind",
            behind.join(", "),
            if behind.len() == 1 { "s" } else { "" }
        ));
    }
    let shipped: Vec<(&PathBuf, String)> = official(s).map(|p| (p, fsutil::file_name(p))).collect();
    let has_official = (shipped.iter()).any(|(_, name)| solutions::is_official(name));
    // The subtasks as `gen/GEN` has them: unnamed.
    let recipes = Gen {
        subtasks: (s.problem.groups.iter())
            .map(|g| Subtask {
                points: g.points,
                ..Subtask::default()
            })
            .collect(),
        ..Gen::default()
    };
    for (path, name) in shipped {
        let source = std::fs::read_to_string(path).unwrap_or_default();
        let why = match solutions::promise(&name, &source, has_official, &recipes) {
            Promise::Accepted => continue,
            Promise::Rejected => "its @check lines say it fails a subtask".to_string(),
            Promise::Unknown(Some(said)) if !has_official => format!("its name says {said}"),
            Promise::Unknown(_) => "the task's official solution is another, and only an \
                                    official one (`solution.*`, `soluzione.*`) is held to AC"
                .to_string(),
        };
        lost.push(format!(
            "{} goes to sol/ as it is, but a CMS task read again does not hold it to AC \
             ({why}): it is judged and shown, not promised",
            shown(path)
        ));
    }
    lost
}

/// The language of an imported task's own statements, as its task.yaml
/// names it: the loader looks for that one (and crashes without it).
fn kept_primary_language(s: &Subject) -> Option<String> {
    let kept = s.kept.iter().map(|(path, _)| path);
    if !kept
        .into_iter()
        .any(|p| p.starts_with("statement/") || p.starts_with("testo/"))
    {
        return None;
    }
    let yaml = std::fs::read_to_string(s.problem.dir.join("package/task.yaml")).ok()?;
    TaskYaml::parse(&yaml, "task.yaml").ok()?.primary_language
}

fn is_stub_or_grader(path: &Path) -> bool {
    let name = fsutil::file_name(path);
    name.starts_with("grader.") || name.starts_with("stub.")
}

impl Writer for Cms {
    fn protocol(&self) -> Option<Protocol> {
        Some(Protocol::Cms)
    }

    // CMS's languages `C++17 / g++`, `Rust` (rustc with no edition) and
    // `Python 3 / CPython`.
    fn toolchain(&self) -> Toolchain {
        Toolchain {
            judge: "CMS",
            rust_edition: "2015",
            cpp_standard: "gnu++17",
            python: "python3",
        }
    }

    fn runs_compiled(&self) -> bool {
        true
    }

    fn holds(&self, p: &Problem) -> Result<()> {
        subject::single_pass(p, "CMS")
    }

    fn warnings(&self, s: &Subject) -> Vec<Warning> {
        let left_out = s
            .solutions
            .iter()
            .filter(|(expect, path)| *expect == ACCEPTED && is_stub_or_grader(path));
        let mut lost: Vec<String> = left_out
            .map(|(_, path)| {
                format!(
                    "accepted/{} is not in sol/: CMS would take it for a grader or a stub",
                    fsutil::file_name(path)
                )
            })
            .collect();
        lost.extend(solutions_lost(s));
        let title = s.problem.config.value.title.main();
        lost.extend(subject::one_title(s, "CMS", title));
        let held = [GroupScoring::All];
        lost.extend(subject::unheld_about(s.problem, &[]));
        lost.extend(subject::placed_points(s));
        if let Some(checker) = checked_by(s) {
            lost.push(format!(
                "the {} `{}` goes compiled (check/), as CMS runs it: a judge importing the task \
                 (the kit too) has the executable, its source only beside it",
                match s.problem.interactive {
                    true => "manager",
                    false => "checker",
                },
                checker.name()
            ));
        }
        // One generator goes to gen/: the others' tests are copies.
        let shipped = shipped_generator(s, &cms_order(s)).ok().flatten();
        if let Some((_, files)) = &shipped {
            let name = &files.files[0].0;
            if task_maker_name(name) != *name {
                lost.push(format!(
                    "the generator {name} goes as gen/{} (the name task-maker looks for): an \
                     import of the task gets it so named",
                    task_maker_name(name)
                ));
            }
        }
        let shipped = shipped.map(|(spec, _)| spec);
        // (A test made with no arguments has no line in gen/GEN.)
        lost.extend(subject::generators_dropped(s, &|g, args| {
            Some(g) == shipped.as_ref() && !args.is_empty()
        }));
        lost.extend(subject::unheld_scorings(
            s,
            &held,
            "all or nothing (GroupMin)",
        ));
        for g in &s.problem.groups {
            if !g.depends.is_empty() {
                lost.push(format!("group `{}`'s dependencies are dropped", g.name));
            }
        }
        // CMS's subtasks come back named `subtask1`, `subtask2`, ...
        let groups = s.problem.groups.iter().enumerate();
        let renamed = groups.filter(|(i, g)| g.name != format!("subtask{}", i + 1));
        let names: Vec<&str> = renamed.map(|(_, g)| g.name.as_str()).collect();
        if !names.is_empty() {
            lost.push(format!(
                "CMS numbers its subtasks: the groups' names ({}) are dropped",
                names.join(", ")
            ));
        }
        for v in &s.problem.validators {
            lost.push(format!(
                "CMS runs no input validator: {} stays behind",
                s.problem.program_shown(&v.program)
            ));
        }
        if let Some(graders) = &s.problem.graders
            && graders.submission.as_ref() != Some(&s.problem.name)
        {
            lost.push(format!(
                "CMS names a submission after its task, `{}`, where the graders expect {}",
                s.problem.name,
                match &graders.submission {
                    Some(name) => format!("`{name}`"),
                    None => "its own name".to_string(),
                }
            ));
        }
        (lost.into_iter())
            .map(|message| Warning {
                problem: s.problem.name.clone(),
                judge: "CMS",
                message,
            })
            .collect()
    }

    /// CMS runs no input validator.
    fn ships_validator(&self) -> bool {
        false
    }

    fn wants_pdf(&self) -> bool {
        true
    }

    fn problem(&self, s: &Subject, out: &mut Tree) -> Result<()> {
        let tests = cms_order(s);
        out.text("task.yaml", task_yaml(s, &tests)?.text()?)?;
        write_tests(s, &tests, out)?;
        write_checker(s, out)?;
        // The loader looks in `sol/` for a Communication task's stubs.
        if s.problem.interactive {
            out.text("sol/README.txt", SOL_NOTE.to_string())?;
        }
        for path in official(s) {
            out.file(&format!("sol/{}", fsutil::file_name(path)), path)?;
        }
        write_graders(s, out)?;
        write_statements(s, out)
    }

    fn contest(&self, subjects: &[Subject], out: &mut Tree) -> Result<()> {
        let contest = ContestYaml {
            name: "qushizi",
            description: crate::model::kit::SOURCE,
            token_mode: TOKENS,
            languages: &self.languages,
            tasks: subjects.iter().map(|s| s.problem.name.as_str()).collect(),
        };
        out.text("contest.yaml", contest.text()?)
    }
}

/// The task's `task.yaml`: its name, title and limits, standard I/O (CMS
/// defaults to files), the samples as public tests, the statements'
/// language, no tokens. CMS wants the groups' points to add up to 100.
fn task_yaml(s: &Subject, tests: &[&Test]) -> Result<TaskYaml> {
    let p = s.problem;
    let total: u32 = p.groups.iter().map(|g| g.points).sum();
    if !p.groups.is_empty() && total != 100 {
        bail!(
            "{}: CMS wants the groups' points to add up to 100, not {total}",
            p.config.path.display()
        );
    }
    let public: Vec<String> = (tests.iter().enumerate())
        .filter(|(_, t)| t.sample)
        .map(|(i, _)| i.to_string())
        .collect();
    let primary = match s.statements.first() {
        Some(first) => Some(first.lang.code().to_string()),
        None => kept_primary_language(s),
    };
    Ok(TaskYaml {
        name: Some(p.name.clone()),
        title: Some(p.config.value.title.main().to_string()),
        time_limit: Some(p.limits.time.as_secs_f64()),
        memory_limit: Some((p.limits.memory_bytes >> 20) as f64),
        n_input: Some(tests.len()),
        // Empty: stdin and stdout (CMS takes files where the keys are absent).
        infile: Some(p.files.input.clone().unwrap_or_default()),
        outfile: Some(p.files.output.clone().unwrap_or_default()),
        public_testcases: Some(public.join(",")),
        primary_language: primary,
        token_mode: Some(TOKENS.to_string()),
        ..TaskYaml::default()
    })
}

/// The generator `gen/GEN`'s argument lines are for, shipped as
/// `gen/generator.<ext>` (task-maker's name; the files built with it
/// beside it): the one
/// making the first test CMS can regenerate. Tests of another generator
/// (or of the kit's Rust ones, crates) are copies of their stored input.
fn shipped_generator(
    s: &Subject,
    tests: &[&Test],
) -> Result<Option<(ProgramSpec, GeneratorFiles)>> {
    for test in tests {
        // A line of gen/GEN holds a test's arguments: a test made with
        // none has no line, and goes as a copy.
        let Some((generator, _)) =
            subject::command_of(s, test, "#").filter(|(_, args)| !args.is_empty())
        else {
            continue;
        };
        // A shell script's other files are no dependency task-maker knows
        // of (it follows C includes and Python imports): such a generator
        // stays behind, its tests copies.
        let script = |f: &GeneratorFiles| f.files.len() > 1 && f.files[0].0.ends_with(".sh");
        if let Some(files) = subject::generator_files(generator)?.filter(|f| !script(f)) {
            return Ok(Some((generator.clone(), files)));
        }
    }
    Ok(None)
}

/// The tests, `input/inputN.txt` and `output/outputN.txt`, and `gen/GEN`:
/// a line each (the shipped generator's arguments, else `#COPY:` of the
/// stored input), a subtask for each group (`#ST:`, as task-maker reads
/// it: `# ST:` is a comment there).
fn write_tests(s: &Subject, tests: &[&Test], out: &mut Tree) -> Result<()> {
    let p = s.problem;
    let mut recipes = Gen {
        heading: Some("One line per test, in the order of input/; the kit built them.".into()),
        subtasks: (p.groups.iter())
            .map(|g| Subtask {
                points: g.points,
                ..Subtask::default()
            })
            .collect(),
        ..Gen::default()
    };
    let shipped = shipped_generator(s, tests)?;
    for (i, test) in tests.iter().enumerate() {
        let subtask = (p.groups.iter()).position(|g| Some(&g.name) == test.group.as_ref());
        let command = subject::command_of(s, test, "#");
        let recipe = match (command, &shipped) {
            (Some((generator, args)), Some((ours, _))) if generator == ours && !args.is_empty() => {
                Recipe::Args(args.join(" "))
            }
            _ => Recipe::Stored,
        };
        recipes.lines.push(GenLine {
            recipe,
            subtask: subtask.map(|g| g + 1),
            at: 0,
        });
        out.file(&format!("input/input{i}.txt"), &test.input)?;
        out.file(&format!("output/output{i}.txt"), &test.answer)?;
    }
    if let Some((_, files)) = &shipped {
        for (k, (name, source)) in files.files.iter().enumerate() {
            let name = match k {
                0 => task_maker_name(name),
                _ => name.clone(),
            };
            out.file(&format!("gen/{name}"), source)?;
        }
    }
    out.text(GEN, recipes.text())
}

/// The name task-maker looks for a generator under, `generator.<ext>`,
/// for the source `name` (the Italian `generatore` kept).
fn task_maker_name(name: &str) -> String {
    match name.rsplit_once('.') {
        Some(("generator" | "generatore", _)) | None => name.to_string(),
        Some((_, extension)) => format!("generator.{extension}"),
    }
}

/// The checker or manager the task ships in `check/`: none where CMS's
/// own comparison of the outputs' tokens is the kit's `wcmp`.
fn checked_by<'s>(s: &'s Subject) -> Option<&'s Shipped> {
    let plain = !s.problem.interactive && s.problem.checker == ProgramSpec::Cargo("wcmp".into());
    s.checker.as_ref().filter(|_| !plain)
}

/// The checker (`check/checker`), or a Communication task's manager
/// (`check/manager`): compiled, with its sources. Without a checker of its
/// own, CMS compares the outputs' tokens: the kit's `wcmp` (an imported
/// task without one goes back so).
fn write_checker(s: &Subject, out: &mut Tree) -> Result<()> {
    let p = s.problem;
    let Some(checker) = checked_by(s) else {
        return Ok(());
    };
    let program = match p.interactive {
        true => "check/manager",
        false => "check/checker",
    };
    match checker {
        Shipped::Built {
            binary, sources, ..
        } => {
            out.program(program, binary)?;
            for (name, source) in sources {
                out.file(&format!("check/src/{name}"), source)?;
            }
        }
        Shipped::Executable { binary, .. } => out.program(program, binary)?,
        // The source beside its build, under the name the loaders look for
        // it by.
        Shipped::Kept {
            files,
            compiled: Some(binary),
            single: true,
            ..
        } => {
            out.program(program, binary)?;
            for (i, (name, file)) in files.iter().enumerate() {
                let name = match (i, name.rsplit_once('.')) {
                    (0, Some((_, extension))) => format!("{program}.{extension}"),
                    _ => format!("check/{name}"),
                };
                out.file(&name, file)?;
            }
        }
        Shipped::Kept { .. } => bail!(
            "{}: CMS runs a compiled checker (`{program}`), not a program folder",
            p.checker.name()
        ),
    }
    Ok(())
}

/// The statements: in Markdown for contestants (`att/`), and printed to
/// PDF where CMS shows them (`statement/<language>.pdf`).
/// A grader problem's graders, where CMS's loader finds them: each
/// language's as `sol/grader.<ext>`, the files beside it (headers) in
/// `sol/` under their names, and the attachments in `att/`.
fn write_graders(s: &Subject, out: &mut Tree) -> Result<()> {
    let Some(graders) = &s.problem.graders else {
        return Ok(());
    };
    let mut written = std::collections::BTreeSet::new();
    for files in graders.files.values() {
        let extension = files[0].extension().unwrap_or_default().to_string_lossy();
        let named = std::iter::once((format!("sol/grader.{extension}"), &files[0]));
        let beside = (files[1..].iter()).map(|f| (format!("sol/{}", fsutil::file_name(f)), f));
        let attached =
            (graders.attachments.iter()).map(|f| (format!("att/{}", fsutil::file_name(f)), f));
        for (path, file) in named.chain(beside).chain(attached) {
            if written.insert(path.clone()) {
                out.file(&path, file)?;
            }
        }
    }
    Ok(())
}

fn write_statements(s: &Subject, out: &mut Tree) -> Result<()> {
    for statement in &s.statements {
        let lang = statement.lang.code();
        out.text(
            &format!("att/statement.{lang}.md"),
            statement.markdown.clone(),
        )?;
        if let Some(pdf) = &statement.pdf {
            let name = statement.lang.english_name();
            out.bytes(&format!("statement/{name}.pdf"), pdf.clone())?;
        }
    }
    Ok(())
}
