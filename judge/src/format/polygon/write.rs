//! A full Codeforces Polygon package (what Polygon's "full" download holds,
//! and what p2d and CMS's Polygon loader read): `problem.xml`; every test
//! written out as `tests/NN` with its answer `tests/NN.a` (importers need
//! the files); a test the problem generates from one source Polygon
//! compiles (C, C++, Python, Rust) is `method="generated"` with its
//! command (`cmd="gen 10 20"`), the generator under `files/` and listed
//! among the `<executables>`, as Polygon's own packages have them (the
//! kit's Rust generators, crates, stay manual tests: said in a warning);
//! the C++ checker and validator with
//! testlib.h under `files/` (Polygon compiles only C++ against testlib.h),
//! each one file with the kit's shared headers inlined
//! ([`self_contained_cpp`]: CMS's loader copies `check.cpp` alone); the
//! solutions tagged by verdict; the statements in both languages with
//! their samples; `contest.xml` for a contest.
//!
//! An interactive problem ships its C++ interactor (`cpp_interactor`) as
//! `files/interactor.cpp`, named by `<interactor>`. Polygon runs a checker
//! after an interactor that accepted, on what the interactor wrote; the
//! kit's interactors judge alone and end that record with a verdict line
//! when they accept, so the checker is `checkers/cpp/interactor-verdict.cpp`,
//! which accepts only a record ending in the answer's verdict line. A judge
//! that drops the interactor (CMS's Polygon loader) then rejects every run
//! instead of accepting it: the package fails closed.
//!
//! Tags: the reference is `main`, other accepted solutions `accepted`, then
//! `wrong-answer`, `presentation-error`, `time-limit-exceeded`,
//! `memory-limit-exceeded`, and `failed` for a run-time error. Brute forces
//! have no Polygon tag ("never wrong, may give up") and are left out.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use super::files::{
    Assets, Checker, ContestXml, Dependency, Files, Group, Judging, Method, Name, PointsPolicy,
    ProblemXml, Program, Solution, Source, StatementXml, Test, Testset,
};
use crate::base::fsutil;
use crate::format::latex;
use crate::format::subject::{self, Subject, label, self_contained_cpp};
use crate::format::tree::Tree;
use crate::format::written::Sections;
use crate::model::expect::Expect;
use crate::model::lang;
use crate::model::problem::{CppChecker, Problem, ProgramSpec};
use crate::model::program::Protocol;
use crate::model::results::Warning;
use crate::model::verdict::{GroupScoring, Verdict, Verdicts};

/// The Polygon format, with the testlib.h it ships where a problem's
/// package has none of its own (or why the kit has none).
pub struct Polygon {
    pub testlib_h: Result<PathBuf, String>,
}

/// Polygon's tag for a solution that promises `expect`, if it has one: a
/// partial score is a rejection there.
fn tag(expect: Expect) -> Option<&'static str> {
    let of = |v: Verdict| match v {
        Verdict::Ac => Some("accepted"),
        Verdict::Wa => Some("wrong-answer"),
        Verdict::Pe => Some("presentation-error"),
        Verdict::Tle => Some("time-limit-exceeded"),
        Verdict::Mle => Some("memory-limit-exceeded"),
        Verdict::Re => Some("failed"),
        _ => None,
    };
    let set = |verdicts: &[Verdict]| verdicts.iter().copied().collect::<Verdicts>();
    match expect {
        Expect::Verdict(v) => of(v),
        Expect::BruteForce => None,
        Expect::Partial => Some("rejected"),
        Expect::OneOf(s) if s == set(&[Verdict::Tle, Verdict::Ac]) => {
            Some("time-limit-exceeded-or-accepted")
        }
        Expect::OneOf(s) if s == set(&[Verdict::Tle, Verdict::Mle]) => {
            Some("time-limit-exceeded-or-memory-limit-exceeded")
        }
        Expect::OneOf(s) => match Verdicts::ALL
            .into_iter()
            .filter(|v| s.contains(*v))
            .collect::<Vec<_>>()[..]
        {
            [one] => of(one),
            _ if !s.contains(Verdict::Ac) => Some("rejected"),
            _ => None,
        },
    }
}

/// The file name Polygon's package gives a C or C++ program of the kit:
/// `stem` with C's extension or C++'s.
fn named(stem: &str, source: &Path) -> String {
    match source.extension().is_some_and(|e| e == "c") {
        true => format!("{stem}.c"),
        false => format!("{stem}.cpp"),
    }
}

/// Where a problem's jury programs go in its package.
struct JuryFiles {
    checker: String,
    /// None where the problem has no C++ validator (none at all, or one
    /// left out with `--lossy`).
    validator: Option<String>,
    interactor: Option<String>,
}

impl JuryFiles {
    /// Every path the jury's programs take in the package.
    fn paths(&self) -> Vec<&str> {
        let mut paths = vec![self.checker.as_str(), "files/testlib.h"];
        paths.extend(self.validator.as_deref());
        paths.extend(self.interactor.as_deref());
        paths
    }

    /// The checker's copy at the package's root, where CMS's Polygon
    /// loader looks for it: `check.cpp` (or `check.c`), whatever its name.
    fn root_checker(&self) -> String {
        named("check", Path::new(&self.checker))
    }
}

/// The extension of `path` (empty without one).
fn source_type_extension(path: &Path) -> &str {
    path.extension().and_then(|e| e.to_str()).unwrap_or("")
}

/// Polygon's source type for a file, by its extension.
fn source_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "c" => "c.gcc",
        "py" => "python.3",
        "rs" => "rust.2021",
        _ => "cpp.g++17",
    }
}

/// The languages of the generators Polygon compiles from one source (a
/// C or C++ one with the kit's headers inlined).
const GENERATOR_LANGUAGES: [&str; 6] = ["c", "cpp", "cc", "cxx", "py", "rs"];

/// The generated tests as the package gives them: each one's command
/// (`gen 10 20`) by its name, the generators shipped under `files/` (path,
/// source), and the tests kept manual, by why (the generator).
#[derive(Default)]
struct Generators {
    commands: BTreeMap<String, String>,
    shipped: BTreeMap<String, PathBuf>,
    manual: BTreeMap<String, Vec<String>>,
    /// Generators shipped under their folder's name, as a message.
    renamed: Vec<String>,
}

/// The generators Polygon runs again (each a source it compiles), and the
/// tests whose input only the package stores: made by a program Polygon
/// cannot build (the kit's Rust generators, a folder, several sources), or
/// a stand-in for what its generator makes here.
fn generators(s: &Subject, jury_files: &[&str]) -> Result<Generators> {
    let mut g = Generators::default();
    for test in s.tests {
        let Some((generator, args)) = subject::command_of(s, test, "<>|&;$`") else {
            continue;
        };
        let shipped = subject::generator_files(generator)?.filter(|f| {
            let extension = Path::new(&f.files[0].0).extension().unwrap_or_default();
            let one = f.files.len() == 1 || matches!(generator, ProgramSpec::Source(_));
            one && GENERATOR_LANGUAGES.contains(&extension.to_string_lossy().as_ref())
        });
        let Some(files) = shipped else {
            let why = s.problem.program_shown(generator);
            g.manual.entry(why).or_default().push(test.name.clone());
            continue;
        };
        let (mut file, source) = files.files[0].clone();
        // A source alone in a folder of an imported package's generators/
        // (BAPCtools's program folder, named by its commands) goes by the
        // folder's name (`residue2/residue.cpp`: residue2.cpp), which no
        // other such generator has.
        if let Some(folder) = subject::program_folder_of(s, &source) {
            let extension = Path::new(&file).extension().unwrap_or_default();
            let named = format!(
                "{}.{}",
                fsutil::file_name(folder),
                extension.to_string_lossy()
            );
            let said = format!(
                "the generator {} goes as files/{named}: Polygon keeps its files in one folder, \
                 and names a generator by its file",
                s.problem.program_shown(generator)
            );
            if named != file && !g.renamed.contains(&said) {
                g.renamed.push(said);
            }
            file = named;
        }
        let path = format!("files/{file}");
        if jury_files.contains(&path.as_str()) {
            bail!(
                "{}: the generator {file} has the name of a jury program of the Polygon \
                 package ({path}): rename it",
                source.display()
            );
        }
        match g.shipped.get(&path) {
            Some(other) if *other != source => bail!(
                "{} and {}: two generators named {file}, which Polygon keeps in one folder: \
                 rename one",
                other.display(),
                source.display()
            ),
            _ => g.shipped.insert(path, source),
        };
        let stem = file.split('.').next().unwrap_or(&file).to_string();
        let command = std::iter::once(stem).chain(args.iter().cloned());
        g.commands
            .insert(test.name.clone(), command.collect::<Vec<_>>().join(" "));
    }
    Ok(g)
}

/// A file of the package as problem.xml names it: its path, and its
/// type (`h.g++`, or a source's, by its extension).
fn source(path: &str, kind: Option<&str>) -> Source {
    let kind = kind.unwrap_or_else(|| source_type(Path::new(path)));
    Source {
        path: path.to_string(),
        kind: Some(kind.to_string()),
        for_types: None,
    }
}

/// A program of the package, by its source's path.
fn program(path: &str) -> Program {
    Program {
        source: Some(source(path, None)),
        ..Program::default()
    }
}

/// The problem's `problem.xml`: its names, statements, testset, files and
/// assets.
fn problem_xml(
    s: &Subject,
    checker: &CppChecker,
    files: &JuryFiles,
    generators: &Generators,
) -> ProblemXml {
    let p = s.problem;
    let title = &p.config.value.title;
    let name = |language: &str, value: &str| Name {
        language: language.to_string(),
        value: value.to_string(),
    };
    ProblemXml {
        revision: Some(1),
        short_name: Some(p.name.clone()),
        // Each language's, named as Polygon names languages.
        names: (title.each())
            .map(|(code, title)| name(&lang::name_of(code), title))
            .collect(),
        statements: statement_entries(s),
        judging: Judging {
            // Empty: stdin and stdout.
            input_file: Some(p.files.input.clone().unwrap_or_default()),
            output_file: Some(p.files.output.clone().unwrap_or_default()),
            testset: testset(s, generators),
            ..Judging::default()
        },
        files: Files {
            resources: std::iter::once(source("files/testlib.h", Some("h.g++")))
                .chain(grader_resources(p))
                .collect(),
            // The generators, then the validator, as Polygon lists them.
            executables: (generators.shipped.keys())
                .filter(|path| Some(*path) != files.validator.as_ref())
                .chain(files.validator.as_ref())
                .map(|path| program(path))
                .collect(),
        },
        assets: assets(s, checker, files),
        tags: subject::about(p).tags,
    }
}

/// The graders as Polygon lists them: each file of a language's grader a
/// resource compiled with the solutions of that language
/// (`for-types="cpp.*"`), in `files/`.
fn grader_resources(p: &Problem) -> Vec<Source> {
    let Some(graders) = &p.graders else {
        return Vec::new();
    };
    let mut resources = Vec::new();
    for (language, files) in &graders.files {
        let family = language.as_str();
        for file in files {
            let name = fsutil::file_name(file);
            let kind = match file.extension().and_then(|e| e.to_str()) {
                Some("h" | "hpp") => "h.g++",
                _ => source_type(file),
            };
            resources.push(Source {
                for_types: Some(format!("{family}.*")),
                ..source(&format!("files/{name}"), Some(kind))
            });
        }
    }
    resources
}

/// The testset `tests`: the limits, the tests as `tests/NN` (at least two
/// digits) with their answers `tests/NN.a`, the groups.
fn testset(s: &Subject, generators: &Generators) -> Testset {
    let p = s.problem;
    let count = s.tests.len();
    let width = count.to_string().len().max(2);
    Testset {
        name: "tests".to_string(),
        time_limit: Some(p.limits.time.as_millis() as u64),
        memory_limit: Some(p.limits.memory_bytes),
        test_count: Some(count),
        input_path_pattern: Some(format!("tests/%0{width}d")),
        answer_path_pattern: Some(format!("tests/%0{width}d.a")),
        tests: tests(s, generators),
        groups: groups(s),
        ..Testset::default()
    }
}

/// Each test's points: its own, or its share of its group's.
fn points(s: &Subject) -> Vec<Option<f64>> {
    let count = s.tests.len();
    let mut points = vec![None; count];
    for group in &s.problem.groups {
        let members: Vec<usize> = (0..count)
            .filter(|&i| s.tests[i].group.as_deref() == Some(&group.name))
            .collect();
        for (i, share) in members
            .iter()
            .zip(super::shares(group.points, members.len()))
        {
            points[*i] = Some(s.tests[*i].points.unwrap_or(f64::from(share)));
        }
    }
    points
}

/// The tests, each generated by its command or manual, described by its
/// comment (a manual one by how the kit made it, where it has none), with
/// its group and points.
fn tests(s: &Subject, generators: &Generators) -> Vec<Test> {
    let p = s.problem;
    (s.tests.iter().zip(points(s)))
        .map(|(test, points)| {
            let spec = p.tests.iter().find(|t| t.name == test.name);
            let cmd = generators.commands.get(&test.name).cloned();
            let description = match (spec, &cmd) {
                (Some(t), None) => Some(t.comment.clone().unwrap_or_else(|| p.recipe(t))),
                (Some(t), Some(_)) => t.comment.clone(),
                (None, _) => None,
            };
            // A test's group goes with its points.
            let grouped = test.group.clone().zip(points);
            Test {
                method: match cmd {
                    Some(_) => Method::Generated,
                    None => Method::Manual,
                },
                cmd,
                description,
                sample: test.sample,
                group: grouped.as_ref().map(|(group, _)| group.clone()),
                points: grouped.map(|(_, points)| points),
                ..Test::default()
            }
        })
        .collect()
}

/// The groups: their points, all or nothing or each test its own, after
/// the groups they depend on.
fn groups(s: &Subject) -> Vec<Group> {
    let groups = s.problem.groups.iter();
    groups
        .map(|group| Group {
            name: group.name.clone(),
            feedback_policy: Some("complete".to_string()),
            points: Some(f64::from(group.points)),
            points_policy: Some(match group.shared() {
                true => PointsPolicy::EachTest,
                false => PointsPolicy::CompleteGroup,
            }),
            dependencies: (group.depends.iter())
                .map(|on| Dependency {
                    group: Some(on.clone()),
                    ..Dependency::default()
                })
                .collect(),
            ..Group::default()
        })
        .collect()
}

/// The assets: the checker (a standard one by its name too), the
/// interactor, the validator, the solutions by tag.
fn assets(s: &Subject, checker: &CppChecker, files: &JuryFiles) -> Assets {
    let p = s.problem;
    let standard = match checker {
        CppChecker::Standard(name) => Some(format!("std::{name}.cpp")),
        CppChecker::Source(_) => None,
    };
    let interactor = files.interactor.as_deref().unwrap_or_default();
    let solutions = (s.solutions.iter()).filter_map(|(expect, path)| {
        let tag = match p.reference.as_ref() == Some(path) {
            true => Some("main"),
            false => tag(*expect),
        };
        Some(Solution {
            tag: Some(tag?.to_string()),
            program: program(&format!("solutions/{}", solution_name(s, path))),
        })
    });
    Assets {
        checker: Some(Checker {
            name: standard,
            kind: Some("testlib".to_string()),
            program: program(&files.checker),
            copy: Some(files.root_checker()),
        }),
        interactor: p.interactive.then(|| program(interactor)),
        validators: files.validator.iter().map(|v| program(v)).collect(),
        solutions: solutions.collect(),
    }
}

/// What the kit's interactors write last to their record when they accept
/// (`checkers::read::won_session`), and what `interactor-verdict.cpp`
/// requires at the end of every accepted run's record.
const VERDICT_LINE: &str = "accepted: ";

/// Refuses an interactive problem whose answers (the records of the
/// reference's plays) do not end with the verdict line: on Polygon its
/// checker would reject every run.
fn ends_with_verdicts(s: &Subject) -> Result<()> {
    for test in s.tests {
        let record = std::fs::read(&test.answer).map_err(|e| fsutil::naming(&test.answer, e))?;
        let record = String::from_utf8_lossy(&record);
        let last = record.lines().rfind(|l| !l.trim().is_empty());
        if !last.is_some_and(|l| l.trim_start().starts_with(VERDICT_LINE)) {
            bail!(
                "{}: the interactor's record of the reference's play does not end with a \
                 verdict line (`{VERDICT_LINE}...`), which the Polygon checker \
                 (checkers/cpp/interactor-verdict.cpp) requires: end an accepted session \
                 with checkers::read::won_session",
                test.answer.display()
            );
        }
    }
    Ok(())
}

/// The statements problem.xml lists, as Polygon lists them: the source,
/// the page, the PDF, in each language. An imported problem's are those of
/// its package.
fn statement_entries(s: &Subject) -> Vec<StatementXml> {
    let entry = |language: &str, path: String, kind: &str| StatementXml {
        charset: Some("UTF-8".to_string()),
        language: language.to_string(),
        mathjax: Some(true),
        path,
        kind: kind.to_string(),
    };
    let mut entries = Vec::new();
    for statement in &s.statements {
        let language = &statement.lang.english_name();
        let tex = format!("statements/{language}/problem.tex");
        entries.push(entry(language, tex, "application/x-tex"));
        let html = format!("statements/.html/{language}/problem.html");
        entries.push(entry(language, html, "text/html"));
        if statement.pdf.is_some() {
            let pdf = format!("statements/.pdf/{language}/problem.pdf");
            entries.push(entry(language, pdf, "application/pdf"));
        }
    }
    for (path, _) in &s.kept {
        let parts: Vec<&str> = path.split('/').collect();
        let (language, kind) = match parts.as_slice() {
            ["statements", language, "problem.tex"] => (language, "application/x-tex"),
            ["statements", ".html", language, "problem.html"] => (language, "text/html"),
            ["statements", ".pdf", language, "problem.pdf"] => (language, "application/pdf"),
            _ => continue,
        };
        entries.push(entry(language, path.clone(), kind));
    }
    entries
}

/// The jury's programs as the package ships them.
struct Jury {
    /// The checker problem.xml names.
    checker: CppChecker,
    /// The source shipped for it.
    checker_source: PathBuf,
    validator: Option<PathBuf>,
    files: JuryFiles,
}

/// The jury's programs: the checker (after an interactor, the one that
/// reads its verdict line), the validator, and the interactor, written
/// here as one file.
fn jury(s: &Subject, out: &mut Tree) -> Result<Jury> {
    let p = s.problem;
    let path = p.config.path.display();
    // An imported problem's programs keep their names.
    let file = |stem: &str, source: &Path| {
        let name = s.program_name(source, named(stem, source));
        format!("files/{name}")
    };
    let checker = match (&s.cpp.checker, &s.cpp.interactor) {
        (Some(checker), _) => checker.clone(),
        (None, Some(interactor)) => {
            ends_with_verdicts(s)?;
            let source = self_contained_cpp(interactor)?;
            out.text(&file("interactor", interactor), source)?;
            CppChecker::Source(s.kit_root.join("checkers/cpp/interactor-verdict.cpp"))
        }
        (None, None) if p.interactive => {
            bail!("{path}: Polygon compiles only C++ interactors: set `cpp_interactor`")
        }
        (None, None) => bail!("{path}: Polygon compiles only C++ checkers: set `cpp_checker`"),
    };
    let checker_source = match &checker {
        CppChecker::Source(source) => source.clone(),
        // Polygon knows its standard checkers by name; the package still
        // carries a source: the kit's own C++ twin of it, or the one an
        // imported Polygon package carried.
        CppChecker::Standard(name) => {
            let twin = s.kit_root.join("checkers/cpp").join(format!("{name}.cpp"));
            let carried = p.dir.join("package/files/check.cpp");
            match (twin.is_file(), carried.is_file()) {
                (false, true) => carried,
                (true, _) => twin,
                (false, false) => bail!(
                    "{path}: its checker is testlib's `{name}`, which Polygon knows by name, \
                     and its package carries the checker's source too: the kit has no C++ \
                     twin of it (`checkers/cpp/{name}.cpp`); set `cpp_checker` to a C++ \
                     source"
                ),
            }
        }
    };
    let files = JuryFiles {
        checker: file("check", &checker_source),
        validator: s.cpp.validator.as_deref().map(|v| file("val", v)),
        interactor: s.cpp.interactor.as_deref().map(|i| file("interactor", i)),
    };
    Ok(Jury {
        checker,
        checker_source,
        validator: s.cpp.validator.clone(),
        files,
    })
}

/// The tests, `tests/NN` and their answers `tests/NN.a`.
fn write_tests(s: &Subject, out: &mut Tree) -> Result<()> {
    let width = s.tests.len().to_string().len().max(2);
    for (i, test) in s.tests.iter().enumerate() {
        let n = format!("{:0width$}", i + 1);
        out.file(&format!("tests/{n}"), &test.input)?;
        out.file(&format!("tests/{n}.a"), &test.answer)?;
    }
    Ok(())
}

/// The checker (also at the root, for CMS's loader) and the validator,
/// each one C++ file: the loaders copy it alone.
fn write_jury(jury: &Jury, out: &mut Tree) -> Result<()> {
    let checker_text = self_contained_cpp(&jury.checker_source)?;
    out.text(&jury.files.checker, checker_text.clone())?;
    out.text(&jury.files.root_checker(), checker_text)?;
    if let (Some(path), Some(validator)) = (&jury.files.validator, &jury.validator) {
        out.text(path, self_contained_cpp(validator)?)?;
    }
    Ok(())
}

/// The name `path` has in Polygon's `solutions/`, one folder: its own, or
/// where a solution before it has that name, its folder's and its own
/// (`wrong_answer-sol.cpp`).
fn solution_name(s: &Subject, path: &Path) -> String {
    let name = fsutil::file_name(path);
    let first = (s.solutions.iter()).find(|(_, other)| fsutil::file_name(other) == name);
    if first.is_none_or(|(_, first)| first == path) {
        return name;
    }
    let folder = path.parent().map(fsutil::file_name).unwrap_or_default();
    format!("{folder}-{name}")
}

/// The solutions that go to `solutions/` under another name.
fn solutions_renamed(s: &Subject) -> Vec<Warning> {
    let renamed = (s.solutions.iter()).filter_map(|(_, path)| {
        let named = solution_name(s, path);
        let shown = path.strip_prefix(&s.problem.solutions).unwrap_or(path);
        (fsutil::file_name(path) != named).then(|| Warning {
            problem: s.problem.name.clone(),
            judge: "Polygon",
            message: format!(
                "{} goes as solutions/{named}: Polygon keeps the solutions in one folder, where \
                 another has its name",
                shown.display()
            ),
        })
    });
    renamed.collect()
}

/// The solutions a tag says, in `solutions/`.
fn write_solutions(s: &Subject, out: &mut Tree) -> Result<()> {
    for (expect, path) in &s.solutions {
        if s.problem.reference.as_ref() == Some(path) || tag(*expect).is_some() {
            out.file(&format!("solutions/{}", solution_name(s, path)), path)?;
        }
    }
    Ok(())
}

/// The statements in each language: the LaTeX source, in sections and
/// whole (an imported statement's own LaTeX where it had one), the page,
/// the PDF, and the samples beside them.
fn write_statements(s: &Subject, out: &mut Tree) -> Result<()> {
    for statement in &s.statements {
        let language = statement.lang.english_name();
        let tex =
            (statement.latex.clone()).unwrap_or_else(|| latex::statement(&statement.markdown));
        // Polygon's own sections (`legend.tex`, ...), which its statement
        // editor and the packages' readers take, and the whole document.
        let sections = Sections::of_document(&tex);
        if let Some(name) = &sections.name {
            out.text(
                &format!("statements/{language}/name.tex"),
                format!("{name}\n"),
            )?;
        }
        for (part, text) in &sections.parts {
            let path = format!("statements/{language}/{}.tex", part.key());
            out.text(&path, format!("{text}\n"))?;
        }
        out.text(&format!("statements/{language}/problem.tex"), tex)?;
        out.text(
            &format!("statements/.html/{language}/problem.html"),
            statement.html.clone(),
        )?;
        if let Some(pdf) = &statement.pdf {
            out.bytes(
                &format!("statements/.pdf/{language}/problem.pdf"),
                pdf.clone(),
            )?;
        }
        let samples = s.tests.iter().filter(|t| t.sample);
        for (k, test) in samples.enumerate() {
            let n = format!("{:02}", k + 1);
            out.file(&format!("statements/{language}/example.{n}"), &test.input)?;
            out.file(
                &format!("statements/{language}/example.{n}.a"),
                &test.answer,
            )?;
        }
    }
    Ok(())
}

impl Polygon {
    /// The testlib.h the package of `s` holds: an imported problem's own
    /// (the one its programs were built with), else the export's.
    fn testlib_h(&self, s: &Subject) -> Result<PathBuf> {
        let own = own_testlib_h(&s.problem.dir.join("package"));
        // A DOMjudge build speaks Kattis's protocol: testlib's own is
        // preferred, the package's first.
        let kattis = |p: &PathBuf| {
            crate::model::program::domjudge_testlib(&std::fs::read(p).unwrap_or_default())
        };
        Ok(match (own, &self.testlib_h) {
            (Some(own), Ok(kits)) if kattis(&own) && !kattis(kits) => kits.clone(),
            (Some(own), _) => own,
            (None, Ok(kits)) => kits.clone(),
            (None, Err(why)) => bail!("{why}"),
        })
    }
}

/// The testlib.h an imported package holds, if any: Polygon's
/// `files/testlib.h`, else the first by path.
fn own_testlib_h(package: &Path) -> Option<PathBuf> {
    let polygon = package.join("files/testlib.h");
    if polygon.is_file() {
        return Some(polygon);
    }
    (walkdir::WalkDir::new(package)
        .sort_by_file_name()
        .into_iter())
    .flatten()
    .find(|e| e.file_type().is_file() && e.file_name() == "testlib.h")
    .map(walkdir::DirEntry::into_path)
}

/// What Polygon and p2d lose of the kinds of problem the kit has besides
/// whole programs on stdin: graders, scorings and verdict rules, files.
fn kinds_lost(s: &Subject) -> Vec<Warning> {
    let p = s.problem;
    let mut polygon = Vec::new();
    if let Some(name) = p.graders.as_ref().and_then(|g| g.submission.as_ref()) {
        polygon.push(format!(
            "a solution keeps its own name beside the grader, where the graders expect `{name}`"
        ));
    }
    let held = [GroupScoring::All, GroupScoring::Each];
    let instead = "Polygon's complete-group or each-test points";
    polygon.extend(subject::unheld_scorings(s, &held, instead));
    polygon.extend(subject::unheld_verdict_rules(p));
    if s.cpp.validator.is_none() && p.validators.is_empty() {
        polygon.push(
            "the format wants an input validator; the problem has none, and the package \
             names none"
                .to_string(),
        );
    }
    if s.cpp.validator.is_some() && p.validators.len() > 1 {
        polygon.push(format!(
            "Polygon runs one validator, the C++ one: the problem's other {} are left out",
            p.validators.len() - 1
        ));
    }
    let mut p2d = Vec::new();
    if p.graders.is_some() {
        p2d.push(
            "the graders are dropped (DOMjudge judges whole programs): its solutions, functions \
             for a grader, do not compile there"
                .to_string(),
        );
    }
    if let Some(files) = p.files.named() {
        p2d.push(format!(
            "{files} are dropped (DOMjudge has no file input or output): its solutions, which \
             open them, fail there"
        ));
    }
    let polygon = polygon.into_iter().map(|m| ("Polygon", m));
    let p2d = p2d.into_iter().map(|m| ("p2d (DOMjudge)", m));
    (polygon.chain(p2d))
        .map(|(judge, message)| Warning {
            problem: p.name.clone(),
            judge,
            message,
        })
        .collect()
}

/// The generated tests Polygon gets as manual ones, by their generator,
/// and the generators it gets under another name.
fn manual_tests(s: &Subject) -> Vec<Warning> {
    let jury = ["files/testlib.h"];
    let Ok(generators) = generators(s, &jury) else {
        return Vec::new();
    };
    let stand_ins = (s.tests.iter()).filter(|t| s.stand_ins.contains(&t.name));
    let stand_ins: Vec<&str> = stand_ins.map(|t| t.name.as_str()).collect();
    let mut messages: Vec<String> = (generators.manual.iter())
        .map(|(generator, tests)| {
            format!(
                "{} tests ({}) are made by the generator {generator}, which Polygon cannot \
                 compile from one source: they are manual tests there, their inputs stored",
                tests.len(),
                tests.join(", ")
            )
        })
        .collect();
    if !stand_ins.is_empty() {
        messages.push(format!(
            "the stored inputs of tests {} are not what their generator makes here: they are \
             manual tests there",
            stand_ins.join(", ")
        ));
    }
    messages.extend(generators.renamed);
    (messages.into_iter())
        .map(|message| Warning {
            problem: s.problem.name.clone(),
            judge: "Polygon",
            message,
        })
        .collect()
}

impl subject::Writer for Polygon {
    fn protocol(&self) -> Option<Protocol> {
        None
    }

    // The languages problem.xml gives the solutions (`source_type`).
    fn toolchain(&self) -> subject::Toolchain {
        subject::Toolchain {
            judge: "Polygon (rust.2021, cpp.g++17, python.3)",
            rust_edition: "2021",
            cpp_standard: "c++17",
            python: "python3",
        }
    }

    fn holds(&self, p: &Problem) -> Result<()> {
        subject::single_pass(p, "Polygon")
    }

    fn wants_pdf(&self) -> bool {
        true
    }

    fn problem(&self, s: &Subject, out: &mut Tree) -> Result<()> {
        let jury = jury(s, out)?;
        let generators = generators(s, &jury.files.paths())?;
        let xml = problem_xml(s, &jury.checker, &jury.files, &generators);
        out.text("problem.xml", xml.text()?)?;
        // Polygon packages store every test's input, generated or not.
        write_tests(s, out)?;
        for (path, source) in &generators.shipped {
            let c = ["c", "cpp", "cc", "cxx"].contains(&source_type_extension(source));
            match c {
                true => out.text(path, self_contained_cpp(source)?)?,
                false => out.file(path, source)?,
            }
        }
        out.file("files/testlib.h", &self.testlib_h(s)?)?;
        write_jury(&jury, out)?;
        if let Some(graders) = &s.problem.graders {
            let mut written = std::collections::BTreeSet::new();
            for file in graders.files.values().flatten() {
                let path = format!("files/{}", fsutil::file_name(file));
                if written.insert(path.clone()) {
                    out.file(&path, file)?;
                }
            }
        }
        write_solutions(s, out)?;
        write_statements(s, out)
    }

    fn warnings(&self, s: &Subject) -> Vec<Warning> {
        let p = s.problem;
        let tests = s.tests.len();
        let mut cms = vec![format!(
            "all {tests} tests become public (the samples only are meant to be)"
        )];
        if !p.groups.is_empty() {
            let points: Vec<String> = p.groups.iter().map(|g| g.points.to_string()).collect();
            cms.push(format!(
                "the groups ({} points) become Sum, {:.3} points a test",
                points.join(" + "),
                100.0 / tests.max(1) as f64
            ));
        }
        if p.interactive {
            cms.push(
                "the interactor is dropped: the task becomes Batch, and its checker, which \
                 wants the interactor's verdict line, rejects every run"
                    .to_string(),
            );
        }
        let mut warnings = vec![Warning {
            problem: p.name.clone(),
            judge: "CMS (Polygon loader)",
            message: format!("{}; export --format cms for CMS", cms.join("; ")),
        }];
        if !p.groups.is_empty() {
            warnings.push(Warning {
                problem: p.name.clone(),
                judge: "p2d (DOMjudge)",
                message: "the groups and their points are dropped: the problem is pass-fail"
                    .to_string(),
            });
        }
        warnings.extend(kinds_lost(s));
        warnings.extend(solutions_renamed(s));
        if let Some(message) = subject::unheld_about(p, &["tags"]) {
            warnings.push(Warning {
                problem: p.name.clone(),
                judge: "Polygon",
                message,
            });
        }
        warnings.extend(manual_tests(s));
        if p.reference.is_none() {
            warnings.push(Warning {
                problem: p.name.clone(),
                judge: "Polygon",
                message: "no solution is tagged `main`, which Polygon wants: the problem has \
                          no reference (its answers are stored, and the package stores them)"
                    .to_string(),
            });
        }
        for (expect, path) in &s.solutions {
            let shown = path.strip_prefix(&p.solutions).unwrap_or(path).display();
            let message = match tag(*expect) {
                _ if p.reference.as_ref() == Some(path) => continue,
                None => format!(
                    "{shown} promises {}, which no tag says: it is left out",
                    expect.describe()
                ),
                Some(_) if *expect == Expect::Partial => {
                    format!("{shown} promises a partial score: its tag is `rejected`")
                }
                Some(_) => continue,
            };
            warnings.push(Warning {
                problem: p.name.clone(),
                judge: "Polygon",
                message,
            });
        }
        let shipped = self.testlib_h(s).unwrap_or_default();
        let testlib = std::fs::read(&shipped).unwrap_or_default();
        if crate::model::program::domjudge_testlib(&testlib) {
            warnings.push(Warning {
                problem: p.name.clone(),
                judge: "Polygon",
                message: format!(
                    "files/testlib.h ({}) is a DOMjudge build: a judge that builds the \
                     checker and interactor against the package's own testlib.h gets Kattis's \
                     exit codes (42, 43) from them (p2d and CMS's Polygon loader bring their \
                     own); pass --testlib-h with testlib's own for such a judge",
                    shipped.display()
                ),
            });
        }
        warnings
    }

    fn contest(&self, subjects: &[Subject], out: &mut Tree) -> Result<()> {
        let problems = subjects.iter().enumerate();
        let contest = ContestXml {
            names: vec![Name {
                language: "english".to_string(),
                value: crate::model::kit::SOURCE.to_string(),
            }],
            problems: problems
                .map(|(i, s)| (label(i), format!("problems/{}", s.folder)))
                .collect(),
        };
        out.text("contest.xml", contest.text()?)
    }
}
