//! Hydro's problem import: one folder per problem, even for a single one
//! (Hydro 4 imports only folders), with `problem.yaml`
//! (`pid`, `title`, `tag`), the statements as `problem_en.md` and
//! `problem_zh.md`, and `testdata/` holding every test flat plus
//! `config.yaml`: limits, the checker (`checker_type: testlib`: a C++
//! testlib checker Hydro compiles with its own testlib.h, or one of its
//! built-in standard checkers by name), and the groups as subtasks that
//! score their points only when every case passes (`type: min`). Without
//! groups the 100 points are shared by the tests. An interactive problem is
//! `type: interactive` with its C++ interactor (`cpp_interactor`), which
//! Hydro compiles with its testlib.h and starts as testlib does
//! (`interactor input tout answer`), its verdict read from its stderr.
//! Hydro compiles `checker.cc` and `interactor.cc` alone: each is one file,
//! with the kit's shared headers inlined ([`self_contained_cpp`]).

use std::collections::BTreeMap;

use anyhow::{Result, bail};

use super::files::{Case, ConfigYaml, ProblemType, ProblemYaml, Subtask};
use crate::format::subject::{
    self, Subject, Toolchain, Writer, self_contained_cpp, unequal_points,
};
use crate::format::tree::Tree;
use crate::format::written;
use crate::model::problem::{CppChecker, Problem};
use crate::model::program::Protocol;
use crate::model::results::Test;
use crate::model::results::Warning;
use crate::model::verdict::GroupScoring;

/// Hydro's format, with the namespace its problem ids go in, if any.
#[derive(Clone, Debug)]
pub struct Hydro {
    pid_prefix: Option<String>,
}

impl Hydro {
    /// Refuses a prefix that cannot be a namespace of a Hydro domain.
    pub fn new(pid_prefix: Option<&str>) -> Result<Hydro> {
        if let Some(prefix) = pid_prefix {
            let good = (1..=10).contains(&prefix.len())
                && prefix
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
            if !good {
                bail!(
                    "--pid-prefix {prefix}: a Hydro namespace is 1 to 10 lowercase letters or digits"
                );
            }
        }
        Ok(Hydro {
            pid_prefix: pid_prefix.map(str::to_string),
        })
    }

    /// The problem id of `name`: see [`pid`].
    fn pid(&self, name: &str) -> String {
        let id = pid(name);
        match &self.pid_prefix {
            Some(prefix) => format!("{prefix}-{id}"),
            None => id,
        }
    }

    /// `problem.yaml`: the id, one title (each language's that differs, the
    /// English first), its tags (the kit's own: the
    /// kit as its tag).
    fn problem_yaml(&self, s: &Subject) -> ProblemYaml {
        let p = s.problem;
        let title = &p.config.value.title;
        ProblemYaml {
            pid: Some(self.pid(&p.name)),
            title: Some(title.distinct().join(" ")),
            // (An imported problem's source has no place: said.)
            tag: match (subject::about(p), &p.imported_from) {
                (about, None) if about.tags.is_empty() => about.source.into_iter().collect(),
                (about, _) => about.tags,
            },
        }
    }
}

/// A test as a case of `config.yaml`.
fn case(test: &Test) -> Case {
    Case {
        input: Some(format!("{}.in", test.name)),
        output: Some(format!("{}.ans", test.name)),
        ..Case::default()
    }
}

/// A problem id that every Hydro domain accepts: a letter, then letters
/// and digits (`antinim` for `anti-nim`). Hydro 5 takes a dash only after a
/// namespace of the domain (`ns-antinim`), Hydro 4 never; a pid it refuses
/// is dropped, and the problem gets a number instead.
pub fn pid(name: &str) -> String {
    let id: String = name
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect::<String>()
        .to_ascii_lowercase();
    match id.starts_with(|c: char| c.is_ascii_lowercase()) {
        true => id,
        false => format!("p{id}"),
    }
}

/// The file name of a C or C++ program `source` in Hydro's testdata:
/// `stem` with C's extension, or the one Hydro's docs give C++ (`.cc`).
fn named(stem: &str, source: &std::path::Path) -> String {
    match source.extension().is_some_and(|e| e == "c") {
        true => format!("{stem}.c"),
        false => format!("{stem}.cc"),
    }
}

/// `testdata/config.yaml`: the type and limits, the checker or interactor
/// (written beside the tests), the tests: all of them as cases, or a
/// subtask per group.
fn config_yaml(s: &Subject, out: &mut Tree) -> Result<ConfigYaml> {
    let p = s.problem;
    let mut config = ConfigYaml {
        kind: match p.interactive {
            true => ProblemType::Interactive,
            false => ProblemType::Default,
        },
        time: Some(p.limits.time.as_millis() as u64),
        memory: Some(p.limits.memory_bytes >> 20),
        filename: filename(p)?,
        ..ConfigYaml::default()
    };
    jury(s, &mut config, out)?;
    match p.groups.is_empty() {
        true => config.cases = Some(s.tests.iter().map(case).collect()),
        false => config.subtasks = Some(subtasks(s)),
    }
    Ok(config)
}

/// `filename`, where the solutions read and write files: Hydro names
/// both from one stem, `<stem>.in` and `<stem>.out`.
fn filename(p: &Problem) -> Result<Option<String>> {
    let (input, output) = match (&p.files.input, &p.files.output) {
        (None, None) => return Ok(None),
        (Some(input), Some(output)) => (input, output),
        _ => bail!(
            "{}: its solutions read or write one file and use stdin or stdout for the other \
             (`[files]`), and Hydro's `filename` names both",
            p.name
        ),
    };
    match (input.strip_suffix(".in"), output.strip_suffix(".out")) {
        (Some(a), Some(b)) if a == b => Ok(Some(a.to_string())),
        _ => bail!(
            "{}: its solutions read `{input}` and write `{output}` (`[files]`), and Hydro's \
             `filename: <stem>` means `<stem>.in` and `<stem>.out`",
            p.name
        ),
    }
}

/// The interactor, or the checker: a standard one by name, or a C++
/// source Hydro compiles alone (written as one file).
fn jury(s: &Subject, config: &mut ConfigYaml, out: &mut Tree) -> Result<()> {
    let p = s.problem;
    let path = p.config.path.display();
    match (&s.cpp.checker, &s.cpp.interactor) {
        (_, Some(interactor)) => {
            let name = s.program_name(interactor, named("interactor", interactor));
            out.text(&format!("testdata/{name}"), self_contained_cpp(interactor)?)?;
            config.interactor = Some(name);
        }
        (Some(CppChecker::Standard(name)), None) => {
            config.checker_type = Some("testlib".to_string());
            config.checker = Some(name.clone());
        }
        (Some(CppChecker::Source(source)), None) => {
            let name = s.program_name(source, named("checker", source));
            out.text(&format!("testdata/{name}"), self_contained_cpp(source)?)?;
            config.checker_type = Some("testlib".to_string());
            config.checker = Some(name);
        }
        (None, None) if p.interactive => {
            bail!("{path}: Hydro compiles only C++ interactors: set `cpp_interactor`")
        }
        (None, None) => bail!(
            "{path}: Hydro compiles only C++ checkers: set `cpp_checker` (a standard \
             checker such as `wcmp` where the answer is unique, or a C++ source)"
        ),
    }
    Ok(())
}

/// A statement standing in where the problem has none Hydro can show
/// (Hydro's importer refuses a problem without a `problem*.md`): its title,
/// and where its statement is.
fn stand_in_statement(s: &Subject) -> Option<String> {
    let own = |path: &String| path.starts_with("problem") && path.ends_with(".md");
    if !s.statements.is_empty() || s.kept.iter().any(|(path, _)| own(path)) {
        return None;
    }
    let title = s.problem.config.value.title.main();
    let markdown = format!("# {title}\n\n{}\n", s.statement_elsewhere("Hydro"));
    Some(written::markdown_stand_in(&markdown))
}

/// The testlib.h beside the C++ checker or interactor, which Hydro builds
/// with its own: the problem's stays behind, and an import of the package
/// builds the program with the kit's copy (of another protocol where that
/// is a DOMjudge build).
fn own_testlib(s: &Subject) -> Option<String> {
    let source = match (&s.cpp.checker, &s.cpp.interactor) {
        (_, Some(interactor)) => interactor,
        (Some(CppChecker::Source(source)), None) => source,
        _ => return None,
    };
    let beside = source.with_file_name("testlib.h");
    beside.is_file().then(|| {
        format!(
            "{}: Hydro builds {} with its own testlib.h, so this one stays behind (an import \
             of the package puts the kit's copy beside it)",
            s.problem.shown(&beside),
            s.problem.shown(source)
        )
    })
}

/// What a Hydro problem leaves behind of the kit's: the input validators
/// (Hydro runs none), the samples' flags (its config has none), the
/// solutions (it ships none), the statement where none is carried.
fn left_behind(s: &Subject) -> Vec<String> {
    let p = s.problem;
    let mut lost: Vec<String> = (p.validators.iter())
        .map(|v| {
            format!(
                "Hydro runs no input validator: {} stays behind",
                p.program_shown(&v.program)
            )
        })
        .collect();
    let samples = s.tests.iter().filter(|t| t.sample).count();
    match samples {
        0 => {}
        1 => lost.push(
            "Hydro's config has no sample flag: the 1 sample becomes an ordinary test".into(),
        ),
        n => lost.push(format!(
            "Hydro's config has no sample flag: the {n} samples become ordinary tests"
        )),
    }
    let solutions: Vec<String> = (s.solutions.iter())
        .map(|(_, path)| path.strip_prefix(&p.solutions).unwrap_or(path))
        .map(|path| path.display().to_string())
        .collect();
    if !solutions.is_empty() {
        lost.push(format!(
            "the package holds no solutions: {} stay{} behind",
            solutions.join(", "),
            if solutions.len() == 1 { "s" } else { "" }
        ));
    }
    if stand_in_statement(s).is_some() {
        lost.push(format!(
            "no statement is carried: problem_en.md says so (Hydro's importer wants one): {}",
            s.statement_elsewhere("Hydro")
        ));
    }
    lost
}

/// A subtask per group, by its place (from 1): its points, all or nothing
/// (`min`) or each case a share (`sum`), after the subtasks it depends on.
fn subtasks(s: &Subject) -> Vec<Subtask> {
    let groups = &s.problem.groups;
    (groups.iter().enumerate())
        .map(|(i, g)| {
            let cases = (s.tests.iter()).filter(|t| t.group.as_deref() == Some(&g.name));
            // Hydro names the subtasks a subtask depends on by id.
            let ids = (g.depends.iter())
                .filter_map(|d| groups.iter().position(|o| o.name == *d))
                .map(|at| at as i64 + 1);
            Subtask {
                id: Some(i as i64 + 1),
                score: Some(i64::from(g.points)),
                kind: Some(subtask_kind(g.scoring).to_string()),
                depends: (!g.depends.is_empty()).then(|| ids.collect()),
                cases: Some(cases.map(case).collect()),
                ..Subtask::default()
            }
        })
        .collect()
}

impl Writer for Hydro {
    fn protocol(&self) -> Option<Protocol> {
        None
    }

    // Hydro's default languages: `cc` (C++14), `rs` (rustc with no
    // edition), `py.py3` (CPython).
    fn toolchain(&self) -> Toolchain {
        Toolchain {
            judge: "Hydro",
            rust_edition: "2015",
            cpp_standard: "c++14",
            python: "python3",
        }
    }

    /// Hydro runs no input validator.
    fn ships_validator(&self) -> bool {
        false
    }

    fn holds(&self, p: &Problem) -> Result<()> {
        subject::single_pass(p, "Hydro")?;
        if p.graders.is_some() {
            bail!(
                "{}: its submissions are compiled with graders (`[graders]`), and Hydro judges \
                 whole programs: export --format cms or icpc",
                p.name
            );
        }
        Ok(())
    }

    fn problem(&self, s: &Subject, out: &mut Tree) -> Result<()> {
        out.text("problem.yaml", self.problem_yaml(s).text()?)?;
        // Hydro renders the Markdown itself (with its math). Its file
        // names take letters and `_` for the language (`zh_TW`).
        for statement in &s.statements {
            let path = format!("problem_{}.md", statement.lang.code().replace('-', "_"));
            out.text(&path, statement.markdown.clone())?;
        }
        if let Some(stand_in) = stand_in_statement(s) {
            out.text("problem_en.md", stand_in)?;
        }
        let config = config_yaml(s, out)?;
        out.text("testdata/config.yaml", config.text()?)?;
        for test in s.tests {
            out.file(&format!("testdata/{}.in", test.name), &test.input)?;
            out.file(&format!("testdata/{}.ans", test.name), &test.answer)?;
        }
        Ok(())
    }

    fn warnings(&self, s: &Subject) -> Vec<Warning> {
        let name = &s.problem.name;
        let pid = self.pid(name);
        let mut lost = unequal_points(s);
        lost.extend(subject::generators_dropped(s, &|_, _| false));
        let held = [GroupScoring::All, GroupScoring::Each, GroupScoring::Any];
        lost.extend(subject::unheld_scorings(
            s,
            &held,
            "a sum of its accepted tests",
        ));
        lost.extend(subject::unheld_verdict_rules(s.problem));
        lost.extend(subject::unheld_about(s.problem, &["tags"]));
        let title = s.problem.config.value.title.distinct().join(" ");
        lost.extend(subject::one_title(s, "Hydro", &title));
        let groups = &s.problem.groups;
        let numbered = (groups.iter().enumerate()).all(|(i, g)| g.name == (i + 1).to_string());
        if !numbered {
            let names: Vec<&str> = groups.iter().map(|g| g.name.as_str()).collect();
            lost.push(format!(
                "the groups {} go as subtasks 1 to {}: Hydro numbers its subtasks, and an \
                 import of the package names the groups so",
                names.join(", "),
                groups.len()
            ));
        }
        match &self.pid_prefix {
            Some(prefix) => lost.push(format!(
                "pid `{pid}`: the domain must have the namespace `{prefix}` (Hydro 5; Hydro 4 \
                 takes no dash), else the problem gets a number instead"
            )),
            None if pid != *name => lost.push(format!(
                "pid `{pid}`: Hydro's ids are a letter, then letters and digits, with a dash \
                 only after a namespace of the domain (--pid-prefix)"
            )),
            None => {}
        }
        lost.extend(left_behind(s));
        lost.extend(own_testlib(s));
        (lost.into_iter())
            .map(|message| Warning {
                problem: name.clone(),
                judge: "Hydro",
                message,
            })
            .collect()
    }

    /// Hydro imports a zip of problem folders: nothing more for a contest,
    /// whose problems need ids of their own.
    fn contest(&self, subjects: &[Subject], _: &mut Tree) -> Result<()> {
        let mut seen = BTreeMap::new();
        for s in subjects {
            let name = &s.problem.name;
            if let Some(other) = seen.insert(self.pid(name), name) {
                bail!(
                    "{other} and {name} would both be Hydro's problem `{}`: rename one",
                    self.pid(name)
                );
            }
        }
        Ok(())
    }
}

/// A Hydro subtask's `type` for a group so scored: the least of its cases'
/// scores, their sum, or the most; a prefix becomes a sum (said).
fn subtask_kind(scoring: GroupScoring) -> &'static str {
    match scoring {
        GroupScoring::All => "min",
        GroupScoring::Each | GroupScoring::Prefix => "sum",
        GroupScoring::Any => "max",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hydro 5's rule (model/problem.ts `isValidPid`) on a domain with the
    /// given namespaces, and Hydro 4's (a letter, then letters and digits).
    fn hydro_takes(pid: &str, namespaces: &[&str]) -> (bool, bool) {
        let word = |s: &str| {
            s.starts_with(|c: char| c.is_ascii_alphabetic())
                && s.chars().all(|c| c.is_ascii_alphanumeric())
        };
        let five = match pid.split_once('-') {
            Some((prefix, rest)) => {
                (1..=10).contains(&prefix.len())
                    && prefix.chars().all(|c| c.is_ascii_alphanumeric())
                    && word(rest)
                    && namespaces.contains(&prefix)
            }
            None => word(pid),
        };
        (five, word(pid))
    }

    #[test]
    fn ids_are_taken_by_every_domain() {
        for (name, id) in [
            ("nim", "nim"),
            ("anti-nim", "antinim"),
            ("merge-piles", "mergepiles"),
            ("fibonacci-play", "fibonacciplay"),
            ("a-b-c", "abc"),
            ("Wythoff", "wythoff"),
            ("2048", "p2048"),
        ] {
            assert_eq!(pid(name), id);
            assert_eq!(hydro_takes(id, &[]), (true, true), "{id}");
        }
        // The dashed names were refused on a domain without namespaces.
        assert_eq!(hydro_takes("anti-nim", &[]), (false, false));
    }

    #[test]
    fn a_prefix_is_a_namespace() {
        let hydro = Hydro::new(Some("qsz")).unwrap();
        assert_eq!(hydro.pid("anti-nim"), "qsz-antinim");
        assert!(hydro_takes("qsz-antinim", &["qsz"]).0);
        assert!(!hydro_takes("qsz-antinim", &[]).0);
        for bad in ["", "Qsz", "q-s", "elevenchars"] {
            assert!(Hydro::new(Some(bad)).is_err(), "{bad}");
        }
    }
}
