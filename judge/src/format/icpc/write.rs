//! The ICPC problem package: the 2025-09 format (BAPCtools, Kattis,
//! DOMjudge) and the legacy one (problemtools, DOMjudge).
//!
//! Both ship the kit's Rust checker and validator as static binaries that
//! speak the Kattis protocol (exit 42/43, a feedback folder; see
//! testlib-rs), each in its folder as the program `run` with its sources
//! beside it. What differs:
//!
//! | | 2025-09 | legacy |
//! |---|---|---|
//! | version | `problem_format_version: 2025-09` | absent |
//! | name | both languages | English (`problem.yaml`), both statements |
//! | time limit | `limits.time_limit` | `domjudge-problem.ini` (legacy has none) |
//! | statements | `statement/problem.{en,zh}.md` | `problem_statement/problem.{en,zh}.md` |
//! | checker | `output_validator/` | `output_validators/<name>/`, `validation: custom` |
//! | groups | `test_group.yaml`: points, `--group` for the validator | `testdata.yaml`: the validator's `--group` |
//! | interactive | `type: interactive` | `validation: custom interactive` |
//!
//! An interactive problem's interactor is the output validator: testlib-rs
//! speaks Kattis's protocol when called as one (`input answer feedback-dir`,
//! the team's output on stdin, its stdout to the team), and each sample
//! comes with the reference's play as `<sample>.interaction`, which the
//! judges show in the statement, and each side's lines of it to download
//! (`.in.download`, `.ans.download`); the `.ans` files are empty (the
//! interactor needs no answer, and BAPCtools wants none).

use std::collections::{BTreeMap, BTreeSet};

use anyhow::{Context, Result, bail};
use yaml_rust2::Yaml;

use super::Version;
use super::verdicts::placed;
use crate::base::fsutil;
use crate::format::latex;
use crate::format::subject::{Shipped, Subject, Writer, label};
use crate::format::tree::Tree;
use crate::format::yaml::{int, map, real, string, strings, text};
use crate::model::problem::Lang;
use crate::model::problem::{ProgramSpec, TestSource, TestSpec};
use crate::model::program::Protocol;
use crate::model::results::{Test, Warning};
use crate::model::verdict::Group;

/// A program in the folder `dir`: the kit's binary as `run`, a `build`
/// that has nothing left to do (with it, the tools run `run` instead of
/// compiling the sources), and the sources beside them (the tools refuse
/// subfolders there); or the files of a program as the problem keeps it.
fn program(out: &mut Tree, dir: &str, shipped: &Shipped) -> Result<()> {
    match shipped {
        Shipped::Built {
            binary, sources, ..
        } => {
            out.program(&format!("{dir}run"), binary)?;
            out.script(
                &format!("{dir}build"),
                "#!/bin/sh
# `run` is the program, built already (static): nothing to do.
exit 0
",
            )?;
            for (name, source) in sources {
                out.file(&format!("{dir}{name}"), source)?;
            }
        }
        Shipped::Executable { binary, .. } => out.program(&format!("{dir}run"), binary)?,
        Shipped::Kept { files, .. } => {
            for (name, file) in files {
                let path = format!("{dir}{name}");
                // The judges execute a folder's `build` and `run`.
                let script = ["build", "run"].contains(&name.as_str());
                match script || fsutil::is_executable(file) {
                    true => out.program(&path, file)?,
                    false => out.file(&path, file)?,
                }
            }
        }
    }
    Ok(())
}

/// The flags of the ICPC default output validator that judges as the
/// problem's checker does, if it is one the default validator is: the
/// kit's `icpc-default` (tokens, case aside), or `wcmp` (tokens, case and
/// all). An imported problem goes back out with the validation it had.
fn default_validation(s: &Subject) -> Option<&'static [&'static str]> {
    match (&s.problem.checker, s.problem.interactive) {
        (ProgramSpec::Cargo(name), false) if name == "icpc-default" => Some(&[]),
        (ProgramSpec::Cargo(name), false) if name == "wcmp" => Some(&["case_sensitive"]),
        _ => None,
    }
}

/// The output validator's flags: the default validator's (see
/// [`default_validation`]), or a Kattis checker's `checker_args`.
fn output_flags(s: &Subject) -> Vec<String> {
    match default_validation(s) {
        Some(flags) => flags.iter().map(|f| f.to_string()).collect(),
        None => s.problem.checker_args.clone(),
    }
}

impl Version {
    fn problem_yaml(self, s: &Subject) -> Result<String> {
        let p = s.problem;
        let config = &p.config.value;
        let memory = int((p.limits.memory_bytes >> 20) as i64);
        let output = int((p.limits.output_bytes >> 20) as i64);
        let doc = match self {
            Version::Current => {
                let kind = match (p.interactive, p.groups.is_empty()) {
                    (false, true) => "pass-fail",
                    (false, false) => "scoring",
                    (true, true) => "interactive",
                    // 2025-09 wants a list here, DOMjudge a string: no
                    // form suits both.
                    (true, false) => bail!(
                        "{}: an interactive problem with groups cannot be exported \
                         in the 2025-09 format yet (export it as icpc-legacy)",
                        p.config.path.display()
                    ),
                };
                let mut pairs = vec![
                    ("problem_format_version", string("2025-09")),
                    ("type", string(kind)),
                    ("name", names(&config.title.en, &config.title.zh)),
                    ("uuid", string(&s.uuid)),
                    ("source", string(crate::model::kit::SOURCE)),
                ];
                pairs.push((
                    "limits",
                    map([
                        ("time_limit", real(p.limits.time.as_secs_f64())),
                        ("memory", memory),
                        ("output", output),
                    ]),
                ));
                map(pairs)
            }
            Version::Legacy => {
                let kind = if p.groups.is_empty() {
                    "pass-fail"
                } else {
                    "scoring"
                };
                let mut pairs = vec![
                    ("name", string(&config.title.en)),
                    ("uuid", string(&s.uuid)),
                    ("source", string(crate::model::kit::SOURCE)),
                    ("type", string(kind)),
                    (
                        "validation",
                        string(match (p.interactive, default_validation(s)) {
                            (true, _) => "custom interactive",
                            (false, Some(_)) => "default",
                            (false, None) => "custom",
                        }),
                    ),
                    ("limits", map([("memory", memory), ("output", output)])),
                ];
                let flags = output_flags(s);
                if !flags.is_empty() {
                    pairs.push(("validator_flags", string(flags.join(" "))));
                }
                if !p.groups.is_empty() {
                    let show = map([("show_test_data_groups", Yaml::Boolean(true))]);
                    pairs.push(("grading", show));
                }
                map(pairs)
            }
        };
        text(&doc)
    }

    /// `data/`: the samples, the secret tests (in a folder per group), and
    /// how each group is validated and scored.
    fn data(self, s: &Subject, out: &mut Tree) -> Result<()> {
        let p = s.problem;
        let scoring = !p.groups.is_empty();
        let sample_groups: BTreeSet<&str> = (s.tests.iter())
            .filter(|t| t.sample)
            .filter_map(|t| t.group.as_deref())
            .collect();
        let samples_only = |g: &Group| samples_only(s.tests, g);
        // A validator kept as the package had it takes the arguments its
        // tests name, folder by folder; the kit's take `--group`.
        let kept = matches!(s.validator, Some(Shipped::Kept { .. }));
        let folder_of = |test: &Test| match (&test.group, test.sample) {
            (_, true) => "data/sample".to_string(),
            (Some(group), false) => format!("data/secret/{}", group_folder(group)),
            (None, false) => "data/secret".to_string(),
        };
        let spec_of = |test: &Test| p.tests.iter().find(|t| t.name == test.name);
        let args_of =
            |spec: Option<&TestSpec>| spec.map(|t| t.validator_args.clone()).unwrap_or_default();
        // Each folder's arguments, where its tests agree (else `None`).
        let mut kept_args: BTreeMap<String, Option<Vec<String>>> = BTreeMap::new();
        for test in s.tests.iter().filter(|_| kept) {
            let args = args_of(spec_of(test));
            let folder = kept_args
                .entry(folder_of(test))
                .or_insert(Some(args.clone()));
            if folder.as_ref() != Some(&args) {
                *folder = None;
            }
        }
        for test in s.tests {
            let folder = folder_of(test);
            let spec = spec_of(test);
            let stem = format!("{folder}/{}", test.name);
            // Tests of one folder with arguments of their own: 2025-09 gives
            // a test its own in `<test>.yaml`; legacy cannot.
            if kept && kept_args.get(&folder) == Some(&None) {
                let args = args_of(spec);
                match self {
                    Version::Current if args.is_empty() => {}
                    Version::Current => {
                        let own = map([(
                            "input_validator_args",
                            strings(args.iter().map(String::as_str)),
                        )]);
                        out.text(&format!("{stem}.yaml"), text(&own)?)?;
                    }
                    Version::Legacy => bail!(
                        "{}: the tests of {folder} give the validator different arguments: \
                         a legacy ICPC test folder gives all its tests the same (export it \
                         as icpc)",
                        p.config.path.display()
                    ),
                }
            }
            out.file(&format!("{folder}/{}.in", test.name), &test.input)?;
            let stored = spec.is_some_and(|t| t.answer.is_some());
            match p.interactive && !stored {
                false => out.file(&format!("{stem}.ans"), &test.answer)?,
                // The kit's interactor needs no answer, and the tools want
                // none.
                true => out.text(&format!("{stem}.ans"), String::new())?,
            }
            if test.sample && p.interactive && stored {
                // The package's own play and downloads, where it has them.
                if let Some(TestSource::File(input)) = spec.map(|t| &t.source) {
                    for extension in ["interaction", "in.download", "ans.download"] {
                        let file = input.with_extension(extension);
                        if file.is_file() {
                            out.file(&format!("{stem}.{extension}"), &file)?;
                        }
                    }
                }
            } else if test.sample && p.interactive {
                // The statement shows the play; contestants download each
                // side's lines.
                let path = crate::model::results::interaction_of(&test.answer);
                let play = std::fs::read_to_string(&path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                let side = |mark: char| -> String {
                    let lines = play.lines().filter_map(|l| l.strip_prefix(mark));
                    lines.map(|l| format!("{l}\n")).collect()
                };
                out.text(&format!("{stem}.in.download"), side('<'))?;
                out.text(&format!("{stem}.ans.download"), side('>'))?;
                out.text(&format!("{stem}.interaction"), play)?;
            }
            // A sample is validated as the group it belongs to.
            if let (Some(group), true, Version::Current, false) =
                (&test.group, test.sample, self, kept)
            {
                let args = map([("input_validator_args", strings(["--group", group]))]);
                out.text(&format!("{folder}/{}.yaml", test.name), text(&args)?)?;
            }
        }
        // The validator's arguments for the tests of `folder`, of `group`.
        let group_args = |folder: &str, group: &str| -> Vec<String> {
            match kept {
                true => kept_args.get(folder).cloned().flatten().unwrap_or_default(),
                false => vec!["--group".to_string(), group.to_string()],
            }
        };
        // The folders outside the groups, for a kept validator.
        let plain_args = |folder: &str| -> Vec<String> {
            let args = kept_args.get(folder).filter(|_| kept);
            args.cloned().flatten().unwrap_or_default()
        };
        match self {
            Version::Current => {
                for folder in ["data/sample", "data/secret"] {
                    let args = plain_args(folder);
                    if !args.is_empty() {
                        let doc = map([(
                            "input_validator_args",
                            strings(args.iter().map(String::as_str)),
                        )]);
                        out.text(&format!("{folder}/test_group.yaml"), text(&doc)?)?;
                    }
                }
                for group in p.groups.iter().filter(|g| !samples_only(g)) {
                    let aggregation = if group.each { "sum" } else { "pass-fail" };
                    let mut pairs = vec![
                        ("max_score", int(i64::from(group.points))),
                        ("score_aggregation", string(aggregation)),
                    ];
                    // A group scores only if its samples (in data/sample
                    // here) pass, as in the kit, and the groups it depends on.
                    let mut requires = Vec::new();
                    if sample_groups.contains(group.name.as_str()) {
                        requires.push("sample".to_string());
                    }
                    for on in p.groups.iter().filter(|g| group.depends.contains(&g.name)) {
                        requires.push(match samples_only(on) {
                            true => "sample".to_string(),
                            false => format!("secret/{}", group_folder(&on.name)),
                        });
                    }
                    requires.dedup();
                    match requires.as_slice() {
                        [] => {}
                        [one] => pairs.push(("require_pass", string(one))),
                        many => {
                            pairs.push(("require_pass", strings(many.iter().map(String::as_str))))
                        }
                    }
                    let folder = group_folder(&group.name);
                    let args = group_args(&format!("data/secret/{folder}"), &group.name);
                    if !args.is_empty() {
                        pairs.push((
                            "input_validator_args",
                            strings(args.iter().map(String::as_str)),
                        ));
                    }
                    out.text(
                        &format!("data/secret/{folder}/test_group.yaml"),
                        text(&map(pairs))?,
                    )?;
                }
                // The kit's checkers read tokens, so a change of spaces is
                // fine, but the answer words are case-sensitive: tools that
                // make up "valid" outputs from the samples (BAPCtools) must
                // know it. (An interactive problem has no outputs to make.)
                if !p.interactive {
                    let flags = map([("output_validator_args", strings(["case_sensitive"]))]);
                    out.text("data/valid_output/test_group.yaml", text(&flags)?)?;
                }
                // The inputs every input validator must reject, with why
                // (`bt validate` checks them).
                for invalid in &p.invalid {
                    let name = invalid
                        .input
                        .file_stem()
                        .unwrap_or_default()
                        .to_string_lossy();
                    let stem = format!("data/invalid_input/{name}");
                    out.file(&format!("{stem}.in"), &invalid.input)?;
                    let about = map([("description", string(&invalid.reason))]);
                    out.text(&format!("{stem}.yaml"), text(&about)?)?;
                }
            }
            Version::Legacy => {
                // The default grader: a group's score is the least of its
                // tests' (its points if all pass, else 0); the samples score
                // nothing; the verdict is the first error.
                for group in p.groups.iter().filter(|g| !samples_only(g)) {
                    let folder = group_folder(&group.name);
                    // All or nothing: the least of its tests' scores, each
                    // the group's points; each test a share: their sum.
                    let tests = s
                        .tests
                        .iter()
                        .filter(|t| t.group.as_ref() == Some(&group.name));
                    let (score, flags) = match group.each {
                        true => {
                            let share = f64::from(group.points) / tests.count().max(1) as f64;
                            match share.fract() == 0.0 {
                                true => (int(share as i64), "sum"),
                                false => (real(share), "sum"),
                            }
                        }
                        false => (int(i64::from(group.points)), "min"),
                    };
                    // A sum counts every accepted test, not only those
                    // before the first rejection; the verdict is the first
                    // rejection's either way, as in the kit.
                    let on_reject = if group.each { "continue" } else { "break" };
                    let mut pairs = vec![
                        ("accept_score", score),
                        ("range", string(format!("0 {}", group.points))),
                        ("grader_flags", string(format!("{flags} first_error"))),
                        ("on_reject", string(on_reject)),
                    ];
                    let args = group_args(&format!("data/secret/{folder}"), &group.name);
                    if !args.is_empty() {
                        pairs.push(("input_validator_flags", string(args.join(" "))));
                    }
                    let doc = map(pairs);
                    out.text(&format!("data/secret/{folder}/testdata.yaml"), text(&doc)?)?;
                }
                let secret = plain_args("data/secret");
                if !secret.is_empty() && !scoring {
                    let doc = map([("input_validator_flags", string(secret.join(" ")))]);
                    out.text("data/secret/testdata.yaml", text(&doc)?)?;
                }
                let mut pairs = Vec::new();
                if scoring {
                    pairs.push(("accept_score", int(0)));
                    pairs.push(("range", string("0 0")));
                    let total: u32 = p.groups.iter().map(|g| g.points).sum();
                    let order = LegacyOrder::of(s);
                    for (file, breaks) in [
                        ("data/testdata.yaml", order.after_samples),
                        ("data/secret/testdata.yaml", order.after_groups),
                    ] {
                        let on_reject = if breaks { "break" } else { "continue" };
                        let doc = map([
                            ("range", string(format!("0 {total}"))),
                            ("on_reject", string(on_reject)),
                            ("grader_flags", string("first_error")),
                        ]);
                        out.text(file, text(&doc)?)?;
                    }
                }
                let samples = plain_args("data/sample");
                match sample_groups.iter().collect::<Vec<_>>().as_slice() {
                    _ if kept => {
                        if !samples.is_empty() {
                            pairs.push(("input_validator_flags", string(samples.join(" "))));
                        }
                    }
                    [] => {}
                    [group] => {
                        pairs.push(("input_validator_flags", string(format!("--group {group}"))))
                    }
                    _ => bail!(
                        "{}: the legacy format validates all samples alike, \
                         but they belong to different groups",
                        p.config.path.display()
                    ),
                }
                if !pairs.is_empty() {
                    out.text("data/sample/testdata.yaml", text(&map(pairs))?)?;
                }
            }
        }
        Ok(())
    }
}

/// A problem's name in each language it has one in: a problem with one
/// name (an imported one) has it in English only, as BAPCtools wants a
/// statement in each language named.
fn names(en: &str, zh: &str) -> Yaml {
    match en == zh {
        true => map([("en", string(en))]),
        false => map([("en", string(en)), ("zh", string(zh))]),
    }
}

/// A group's folder name under `data/secret`: the format wants names that
/// start with a letter (`group1` for the kit's group `1`); a name that
/// does (an imported package's folder) is kept.
fn group_folder(name: &str) -> String {
    let plain = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    match plain {
        true => name.to_string(),
        false => format!("group{name}"),
    }
}

/// What legacy judging order can say of the groups' dependencies: judging
/// stops at the first rejection (`on_reject: break`) of a sample, so no
/// group scores after a failed sample, or of a group, so no later group
/// scores; else it goes on (`continue`). The dependencies it cannot say
/// are dropped.
struct LegacyOrder {
    after_samples: bool,
    after_groups: bool,
    dropped: Vec<(String, Vec<String>)>,
}

impl LegacyOrder {
    fn of(s: &Subject) -> LegacyOrder {
        let groups = &s.problem.groups;
        let samples: Vec<&str> = (groups.iter())
            .filter(|g| samples_only(s.tests, g))
            .map(|g| g.name.as_str())
            .collect();
        let scored: Vec<&Group> = (groups.iter())
            .filter(|g| !samples_only(s.tests, g))
            .collect();
        let after_samples = !samples.is_empty()
            && (scored.iter()).all(|g| samples.iter().all(|n| g.depends.iter().any(|d| d == n)));
        let earlier = |i: usize| scored[..i].iter().map(|g| g.name.as_str());
        let after_groups = scored.len() > 1
            && (scored.iter().enumerate())
                .all(|(i, g)| earlier(i).all(|n| g.depends.iter().any(|d| d == n)));
        let dropped = (scored.iter().enumerate())
            .map(|(i, g)| {
                let said = |d: &String| {
                    after_samples && samples.contains(&d.as_str())
                        || after_groups && earlier(i).any(|n| n == d)
                };
                let lost = (g.depends.iter()).filter(|d| !said(d)).cloned().collect();
                (g.name.clone(), lost)
            })
            .filter(|(_, lost): &(String, Vec<String>)| !lost.is_empty())
            .collect();
        LegacyOrder {
            after_samples,
            after_groups,
            dropped,
        }
    }
}

/// A group of samples only (an imported package's samples, which other
/// groups require): `data/sample` itself.
fn samples_only(tests: &[Test], group: &Group) -> bool {
    !(tests.iter()).any(|t| !t.sample && t.group.as_deref() == Some(group.name.as_str()))
}

impl Writer for Version {
    fn warnings(&self, s: &Subject) -> Vec<Warning> {
        let mut lost = Vec::new();
        for g in &s.problem.groups {
            if *self == Version::Current {
                // 2025-09 requires groups scored all or nothing, named
                // before the group.
                let folder = group_folder(&g.name);
                let misplaced = (s.problem.groups.iter())
                    .filter(|on| g.depends.contains(&on.name))
                    .filter(|on| !samples_only(s.tests, on))
                    .filter(|on| on.each || group_folder(&on.name) >= folder)
                    .map(|on| on.name.as_str())
                    .collect::<Vec<_>>();
                if !misplaced.is_empty() {
                    lost.push(format!(
                        "group `{}` depends on {}, which the format allows only for groups \
                         scored all or nothing and named before it: the judges may refuse it",
                        g.name,
                        misplaced.join(", ")
                    ));
                }
            }
        }
        lost.extend(crate::format::subject::unequal_points(s));
        for (expect, path) in &s.solutions {
            let shown = path.strip_prefix(&s.problem.solutions).unwrap_or(path);
            match placed(*expect, path, &s.problem.solutions, *self).map(|(folder, _)| folder) {
                None => lost.push(format!(
                    "{} promises {}, which has no submissions folder: it is left out",
                    shown.display(),
                    expect.describe()
                )),
                Some(folder) if folder == "partially_accepted" && *self == Version::Legacy => lost
                    .push(format!(
                        "{}: problemtools wants a partially accepted submission accepted, \
                         where the grading here rejects it at its first failed test",
                        shown.display()
                    )),
                Some(_) => {}
            }
        }
        if *self == Version::Legacy {
            for (group, on) in LegacyOrder::of(s).dropped {
                lost.push(format!(
                    "group `{group}` depends on {}: the dependency is dropped",
                    on.join(", ")
                ));
            }
            // The kit's own problems put samples in a group.
            for g in (s.problem.groups.iter()).filter(|g| !samples_only(s.tests, g)) {
                if (s.tests.iter()).any(|t| t.sample && t.group.as_ref() == Some(&g.name)) {
                    lost.push(format!(
                        "group `{}` holds samples, which legacy groups cannot require: \
                         a failed sample does not cost it its points there",
                        g.name
                    ));
                }
            }
        }
        let judge = match self {
            Version::Current => "ICPC 2025-09",
            Version::Legacy => "ICPC legacy",
        };
        (lost.into_iter())
            .map(|message| Warning {
                problem: s.problem.name.clone(),
                judge,
                message,
            })
            .collect()
    }

    fn protocol(&self) -> Option<Protocol> {
        Some(Protocol::Kattis)
    }

    fn wants_pdf(&self) -> bool {
        true
    }

    fn problem(&self, s: &Subject, out: &mut Tree) -> Result<()> {
        let p = s.problem;
        out.text("problem.yaml", self.problem_yaml(s)?)?;
        let (statements, checker_dir) = match self {
            Version::Current => ("statement", "output_validator/".to_string()),
            Version::Legacy => {
                // DOMjudge reads the time limit here; legacy problem.yaml has none.
                out.text(
                    "domjudge-problem.ini",
                    format!("timelimit='{}'\n", p.limits.time.as_secs_f64()),
                )?;
                let name = s.checker.as_ref().map_or("checker", |c| c.name());
                ("problem_statement", format!("output_validators/{name}/"))
            }
        };
        for statement in &s.statements {
            let lang = statement.lang.code();
            if *self == Version::Current {
                let path = format!("statement/problem.{lang}.md");
                out.text(&path, statement.markdown.clone())?;
            }
            // BAPCtools and problemtools (legacy) read only LaTeX statements.
            let path = format!("{statements}/problem.{lang}.tex");
            out.text(&path, latex::statement(&statement.markdown))?;
            if let Some(pdf) = &statement.pdf {
                out.bytes(&format!("{statements}/problem.{lang}.pdf"), pdf.clone())?;
            }
        }
        // DOMjudge shows `problem_statement/problem.pdf` (legacy) or
        // `problem.pdf` at the root (2025-09): the English statement.
        if let Some(pdf) = s.statement(Lang::En).and_then(|s| s.pdf.as_ref()) {
            let path = match self {
                Version::Current => "problem.pdf",
                Version::Legacy => "problem_statement/problem.pdf",
            };
            out.bytes(path, pdf.clone())?;
        }
        self.data(s, out)?;
        if let (Some(checker), None) = (&s.checker, default_validation(s)) {
            program(out, &checker_dir, checker)?;
        }
        let flags = output_flags(s);
        if !flags.is_empty() && *self == Version::Current {
            let args = map([(
                "output_validator_args",
                strings(flags.iter().map(String::as_str)),
            )]);
            out.text("data/test_group.yaml", text(&args)?)?;
        }
        match &s.validator {
            // A source file on its own is a program of the folder.
            Some(Shipped::Kept {
                files,
                single: true,
                ..
            }) if files.len() == 1 => {
                out.file(&format!("input_validators/{}", files[0].0), &files[0].1)?
            }
            Some(validator) => program(
                out,
                &format!("input_validators/{}/", validator.name()),
                validator,
            )?,
            None => {}
        }
        let mut promises = Vec::new();
        for (expect, path) in &s.solutions {
            // What has no place is said in the warnings.
            let Some((folder, promise)) = placed(*expect, path, &s.problem.solutions, *self) else {
                continue;
            };
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            out.file(&format!("submissions/{folder}/{name}"), path)?;
            if let Some(verdicts) = promise {
                let list = || strings(verdicts.iter().copied());
                let keys = map([("permitted", list()), ("required", list())]);
                promises.push((format!("{folder}/{name}"), keys));
            }
        }
        if !promises.is_empty() {
            let doc = Yaml::Hash(
                (promises.into_iter())
                    .map(|(pattern, keys)| (Yaml::String(pattern), keys))
                    .collect(),
            );
            out.text("submissions/submissions.yaml", text(&doc)?)?;
        }
        Ok(())
    }

    fn contest(&self, subjects: &[Subject], out: &mut Tree) -> Result<()> {
        let problems: Vec<Yaml> = subjects
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let title = &s.problem.config.value.title;
                map([
                    ("id", string(&s.folder)),
                    ("label", string(label(i))),
                    ("name", names(&title.en, &title.zh)),
                    ("time_limit", real(s.problem.limits.time.as_secs_f64())),
                ])
            })
            .collect();
        out.text("problems.yaml", text(&Yaml::Array(problems))?)?;
        out.text(
            "contest.yaml",
            text(&map([("name", string(crate::model::kit::SOURCE))]))?,
        )?;
        Ok(())
    }
}
