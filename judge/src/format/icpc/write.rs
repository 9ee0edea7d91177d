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
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::Version;
use super::files::{ContestProblem, GroupYaml, Names, ProblemYaml, TestYaml, contest_yaml};
use super::files::{domjudge_ini, points};
use super::generated::Generated;
use super::promises;
use super::verdicts::placed;
use crate::base::fsutil;
use crate::format::latex;
use crate::format::subject::{KeptFiles, Shipped, Subject, Toolchain, Writer, about, label};
use crate::format::tree::Tree;
use crate::model::lang::Lang;
use crate::model::problem::{Problem, ProgramSpec, TestSource, TestSpec};
use crate::model::program::Protocol;
use crate::model::results::{Test, Warning};
use crate::model::verdict::{AcceptRule, ErrorRule, Group, GroupScoring, Verdicting};

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

/// The input validators of a problem imported from an ICPC package that
/// the kit does not run, kept for an ICPC package: every file under its
/// `input_validators/` but those of the validator the kit runs (which the
/// writer ships).
fn unused_validators(problem: &Problem) -> Result<KeptFiles> {
    let from_icpc = ["icpc", "icpc-legacy"].map(Some);
    if !from_icpc.contains(&problem.imported_from.as_deref()) {
        return Ok(Vec::new());
    }
    let package = problem.dir.join("package");
    let dir = package.join("input_validators");
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    // The validators the kit runs: each its folder, or its file.
    let used: Vec<PathBuf> = (problem.validators.iter())
        .filter_map(|v| match &v.program {
            ProgramSpec::Source(path) if path.parent() != Some(dir.as_path()) => {
                path.parent().map(Path::to_path_buf)
            }
            ProgramSpec::Source(path) | ProgramSpec::Folder(path) => Some(path.clone()),
            ProgramSpec::Sources { entry, .. } => entry.parent().map(Path::to_path_buf),
            ProgramSpec::Cargo(_) | ProgramSpec::Executable(_) => None,
        })
        .collect();
    let files = fsutil::files_under(&dir).map_err(|e| fsutil::naming(&dir, e))?;
    Ok(files
        .into_iter()
        .filter(|f| !used.iter().any(|u| f.starts_with(u)))
        .map(|f| {
            let rel = f
                .strip_prefix(&package)
                .unwrap_or(&f)
                .to_string_lossy()
                .into_owned();
            (rel, f)
        })
        .collect())
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

/// Arguments as a settings file holds them (none when empty).
fn given(args: Vec<String>) -> Option<Vec<String>> {
    (!args.is_empty()).then_some(args)
}

impl Version {
    /// `problem.yaml`: the version, the kind, the names, the limits (legacy:
    /// the validation and its flags; its time limit is elsewhere).
    fn problem_yaml(self, s: &Subject) -> Result<ProblemYaml> {
        let p = s.problem;
        let multi_pass = p.passes > 1;
        let kind = match (self, p.interactive, p.groups.is_empty()) {
            (Version::Current, false, true) if multi_pass => "multi-pass",
            (Version::Current, true, true) if multi_pass => "interactive multi-pass",
            (Version::Current, false, false) if multi_pass => bail!(
                "{}: a multi-pass problem with groups cannot be exported in the 2025-09 format \
                 yet (its type would be a list)",
                p.config.path.display()
            ),
            (_, false, true) => "pass-fail",
            (_, false, false) | (Version::Legacy, true, false) => "scoring",
            (Version::Current, true, true) => "interactive",
            (Version::Legacy, true, true) => "pass-fail",
            // 2025-09 wants a list here, DOMjudge a string: no form suits
            // both.
            (Version::Current, true, false) => bail!(
                "{}: an interactive problem with groups cannot be exported in the 2025-09 \
                 format yet (export it as icpc-legacy)",
                p.config.path.display()
            ),
        };
        let validation = match (p.interactive, default_validation(s)) {
            (true, _) => "custom interactive",
            (false, Some(_)) => "default",
            (false, None) => "custom",
        };
        let legacy = self == Version::Legacy;
        Ok(ProblemYaml {
            format_version: (!legacy).then(|| "2025-09".to_string()),
            name: names(s),
            kind: vec![kind.to_string()],
            validation: match legacy {
                true => vec![validation.to_string()],
                false => Vec::new(),
            },
            uuid: Some(s.uuid.clone()),
            about: about(p),
            time_limit: Some(p.limits.time.as_secs_f64()),
            memory: Some(p.limits.memory_bytes >> 20),
            output: Some(p.limits.output_bytes >> 20),
            validation_passes: multi_pass.then_some(u64::from(p.passes)),
            validator_flags: legacy.then(|| output_flags(s)),
            validator_args: None,
            show_test_data_groups: legacy && !p.groups.is_empty(),
        })
    }

    /// `data/`: the samples, the secret tests (in a folder per group), and
    /// how each group is validated and scored.
    fn data(self, s: &Subject, out: &mut Tree) -> Result<()> {
        let layout = Layout::of(s);
        for test in s.tests {
            self.test_files(s, &layout, test, out)?;
        }
        match self {
            Version::Current => current_settings(s, &layout, out),
            Version::Legacy => legacy_settings(s, &layout, out),
        }
    }

    /// One test's files: its input and answer, its own validator
    /// arguments where its folder's tests differ (2025-09), an
    /// interactive sample's play and each side's lines.
    fn test_files(self, s: &Subject, layout: &Layout, test: &Test, out: &mut Tree) -> Result<()> {
        let p = s.problem;
        let folder = layout.folder_of(test);
        let spec = layout.spec_of(s, test);
        let stem = format!("{folder}/{}", test.name);
        // Tests of one folder with arguments of their own: 2025-09 gives a
        // test its own in `<test>.yaml`; legacy cannot.
        if layout.kept && layout.kept_args.get(&folder) == Some(&None) {
            let args = args_of(spec);
            match self {
                Version::Current if args.is_empty() => {}
                Version::Current => out.text(
                    &format!("{stem}.yaml"),
                    TestYaml::text(Some(args.as_slice()), None)?,
                )?,
                Version::Legacy => bail!(
                    "{}: the tests of {folder} give the validator different arguments: a \
                     legacy ICPC test folder gives all its tests the same (export it as icpc)",
                    p.config.path.display()
                ),
            }
        }
        out.file(&format!("{stem}.in"), &test.input)?;
        let stored = spec.is_some_and(|t| t.answer.is_some());
        match p.interactive && !stored {
            false => out.file(&format!("{stem}.ans"), &test.answer)?,
            // The kit's interactor needs no answer, and the tools want none.
            true => out.text(&format!("{stem}.ans"), String::new())?,
        }
        if test.sample && p.interactive {
            play_files(&stem, test, spec, stored, out)?;
        }
        // A sample is validated as the group it belongs to.
        if let (Some(group), true, Version::Current, false) =
            (&test.group, test.sample, self, layout.kept)
        {
            let args = ["--group".to_string(), group.clone()];
            out.text(
                &format!("{stem}.yaml"),
                TestYaml::text(Some(args.as_slice()), None)?,
            )?;
        }
        Ok(())
    }
}

/// An interactive sample's play (`.interaction`, which the statement
/// shows) and each side's lines to download: the package's own, where an
/// imported problem `stored` them, else from the reference's play.
fn play_files(
    stem: &str,
    test: &Test,
    spec: Option<&TestSpec>,
    stored: bool,
    out: &mut Tree,
) -> Result<()> {
    if stored {
        if let Some(TestSource::File(input)) = spec.map(|t| &t.source) {
            for extension in ["interaction", "in.download", "ans.download"] {
                let file = input.with_extension(extension);
                if file.is_file() {
                    out.file(&format!("{stem}.{extension}"), &file)?;
                }
            }
        }
        return Ok(());
    }
    let path = crate::model::results::interaction_of(&test.answer);
    let play = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let side = |mark: char| -> String {
        let lines = play.lines().filter_map(|l| l.strip_prefix(mark));
        lines.map(|l| format!("{l}\n")).collect()
    };
    out.text(&format!("{stem}.in.download"), side('<'))?;
    out.text(&format!("{stem}.ans.download"), side('>'))?;
    out.text(&format!("{stem}.interaction"), play)
}

/// A test's validator arguments in the plan.
fn args_of(spec: Option<&TestSpec>) -> Vec<String> {
    spec.map(|t| t.validator_args.clone()).unwrap_or_default()
}

/// Where each test goes under `data/`, and what the validator gets there.
struct Layout<'a> {
    /// Each group's folder under `data/secret` ([`group_folder`]).
    folders: BTreeMap<String, String>,
    /// The groups that hold samples.
    sample_groups: BTreeSet<&'a str>,
    /// The validator is kept as the package had it: it takes the
    /// arguments its tests name, folder by folder; the kit's take `--group`.
    kept: bool,
    /// A kept validator's arguments in each folder, where its tests agree
    /// (else `None`).
    kept_args: BTreeMap<String, Option<Vec<String>>>,
}

impl<'a> Layout<'a> {
    fn of(s: &'a Subject) -> Layout<'a> {
        let mut layout = Layout {
            folders: (s.problem.groups.iter())
                .map(|g| (g.name.clone(), group_folder(s, &g.name)))
                .collect(),
            sample_groups: (s.tests.iter())
                .filter(|t| t.sample)
                .filter_map(|t| t.group.as_deref())
                .collect(),
            kept: !s.validators.is_empty()
                && (s.validators.iter()).all(|v| matches!(v, Shipped::Kept { .. })),
            kept_args: BTreeMap::new(),
        };
        for test in s.tests.iter().filter(|_| layout.kept) {
            let args = args_of(layout.spec_of(s, test));
            let folder = layout.folder_of(test);
            let agreed = layout.kept_args.entry(folder).or_insert(Some(args.clone()));
            if agreed.as_ref() != Some(&args) {
                *agreed = None;
            }
        }
        layout
    }

    /// The folder of a test: `data/sample`, its group's, or `data/secret`.
    fn folder_of(&self, test: &Test) -> String {
        match (&test.group, test.sample) {
            (_, true) => "data/sample".to_string(),
            (Some(group), false) => format!("data/secret/{}", self.folders[group]),
            (None, false) => "data/secret".to_string(),
        }
    }

    /// The test's entry in the plan.
    fn spec_of<'s>(&self, s: &'s Subject, test: &Test) -> Option<&'s TestSpec> {
        s.problem.tests.iter().find(|t| t.name == test.name)
    }

    /// The validator's arguments for the tests of `group` in `folder`.
    fn group_args(&self, folder: &str, group: &str) -> Vec<String> {
        match self.kept {
            true => (self.kept_args.get(folder).cloned().flatten()).unwrap_or_default(),
            false => vec!["--group".to_string(), group.to_string()],
        }
    }

    /// The validator's arguments for a folder outside the groups (a kept
    /// validator's only).
    fn plain_args(&self, folder: &str) -> Vec<String> {
        let args = self.kept_args.get(folder).filter(|_| self.kept);
        args.cloned().flatten().unwrap_or_default()
    }
}

/// 2025-09's settings: each group's `test_group.yaml` (its points, how
/// they add up, what it requires, its validator arguments), the sample and
/// secret folders', the valid outputs', and the invalid inputs.
fn current_settings(s: &Subject, layout: &Layout, out: &mut Tree) -> Result<()> {
    let p = s.problem;
    for folder in ["data/sample", "data/secret"] {
        let input_args = given(layout.plain_args(folder));
        if input_args.is_some() {
            let settings = GroupYaml {
                input_args,
                ..GroupYaml::default()
            };
            out.text(&format!("{folder}/test_group.yaml"), settings.text()?)?;
        }
    }
    for group in p.groups.iter().filter(|g| !samples_only(s.tests, g)) {
        let folder = &layout.folders[&group.name];
        let args = layout.group_args(&format!("data/secret/{folder}"), &group.name);
        let settings = GroupYaml {
            max_score: Some(points(f64::from(group.points))),
            score_aggregation: Some(if group.shared() { "sum" } else { "pass-fail" }.to_string()),
            require_pass: required(s, layout, group),
            input_args: given(args),
            ..GroupYaml::default()
        };
        out.text(
            &format!("data/secret/{folder}/test_group.yaml"),
            settings.text()?,
        )?;
    }
    // The kit's checkers read tokens, so a change of spaces is fine, but
    // the answer words are case-sensitive: tools that make up "valid"
    // outputs from the samples (BAPCtools) must know it. (An interactive
    // problem has no outputs to make.)
    if !p.interactive {
        let flags = GroupYaml {
            output_args: Some(vec!["case_sensitive".to_string()]),
            ..GroupYaml::default()
        };
        out.text("data/valid_output/test_group.yaml", flags.text()?)?;
    }
    // The inputs every input validator must reject, with why (`bt
    // validate` checks them).
    for invalid in &p.invalid {
        let name = invalid
            .input
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy();
        let stem = format!("data/invalid_input/{name}");
        out.file(&format!("{stem}.in"), &invalid.input)?;
        out.text(
            &format!("{stem}.yaml"),
            TestYaml::text(None, Some(invalid.reason.as_str()))?,
        )?;
    }
    Ok(())
}

/// What a 2025-09 group requires to pass (`require_pass`): its samples (in
/// data/sample), as in the kit, and the groups it depends on.
fn required(s: &Subject, layout: &Layout, group: &Group) -> Option<Vec<String>> {
    let mut requires = Vec::new();
    if layout.sample_groups.contains(group.name.as_str()) {
        requires.push("sample".to_string());
    }
    for on in (s.problem.groups.iter()).filter(|g| group.depends.contains(&g.name)) {
        requires.push(match samples_only(s.tests, on) {
            true => "sample".to_string(),
            false => format!("secret/{}", layout.folders[&on.name]),
        });
    }
    requires.dedup();
    (!requires.is_empty()).then_some(requires)
}

/// Legacy's settings: the default grader's `testdata.yaml` for each group
/// (a group's score is the least of its tests', or their sum for one that
/// scores each test; the verdict is the first error), the judging order of
/// `data/` and `data/secret/`, and the samples' validation.
fn legacy_settings(s: &Subject, layout: &Layout, out: &mut Tree) -> Result<()> {
    let p = s.problem;
    let scoring = !p.groups.is_empty();
    for group in p.groups.iter().filter(|g| !samples_only(s.tests, g)) {
        let folder = &layout.folders[&group.name];
        let tests = (s.tests.iter()).filter(|t| t.group.as_ref() == Some(&group.name));
        let whole = f64::from(group.points);
        let share = whole / tests.count().max(1) as f64;
        // A sum counts every accepted test when judging goes on, only
        // those before the first rejection when it stops there.
        let (score, flags, on_reject) = match group.scoring {
            GroupScoring::All => (whole, "min", "break"),
            GroupScoring::Each => (share, "sum", "continue"),
            GroupScoring::Any => (whole, "max", "continue"),
            GroupScoring::Prefix => (share, "sum", "break"),
        };
        let args = layout.group_args(&format!("data/secret/{folder}"), &group.name);
        let settings = GroupYaml {
            legacy: true,
            accept_score: Some(points(score)),
            range: Some(format!("0 {}", group.points)),
            grader_flags: Some(format!("{flags} first_error")),
            // The group's verdict is its first rejection's, as in the kit.
            on_reject: Some(on_reject.to_string()),
            input_args: given(args),
            ..GroupYaml::default()
        };
        out.text(
            &format!("data/secret/{folder}/testdata.yaml"),
            settings.text()?,
        )?;
    }
    let secret = given(layout.plain_args("data/secret")).filter(|_| !scoring);
    match scoring || p.verdicting != Verdicting::default() {
        true => legacy_order(s, secret, out)?,
        false if secret.is_some() => {
            let settings = GroupYaml {
                legacy: true,
                input_args: secret,
                ..GroupYaml::default()
            };
            out.text("data/secret/testdata.yaml", settings.text()?)?;
        }
        false => {}
    }
    legacy_samples(s, layout, out)
}

/// Legacy judging order and verdict: `data/` and `data/secret/` stop at
/// the first rejection (`break`) where the groups' dependencies say so,
/// and judge on where `[verdict]` needs every group's verdict; their
/// grader flags say `[verdict]`. A pass-fail problem's `data/secret` keeps
/// its validator arguments (`secret_args`).
fn legacy_order(s: &Subject, secret_args: Option<Vec<String>>, out: &mut Tree) -> Result<()> {
    let p = s.problem;
    let v = p.verdicting;
    let scoring = !p.groups.is_empty();
    let total: u32 = p.groups.iter().map(|g| g.points).sum();
    let order = LegacyOrder::of(s);
    let every_group = v.error == ErrorRule::Worst || v.accept != AcceptRule::All;
    let mut secret_flags = vec![match v.error {
        ErrorRule::First => "first_error",
        ErrorRule::Worst => "worst_error",
    }];
    match v.accept {
        AcceptRule::All => {}
        AcceptRule::AnyGroup => secret_flags.push("accept_if_any_accepted"),
        AcceptRule::Always => secret_flags.push("always_accept"),
    }
    // `ignore_sample` keeps the verdict and score of the last child,
    // data/secret, and needs judging to go on past the samples.
    let (root_flags, root_breaks) = match v.ignore_samples {
        true => ("ignore_sample".to_string(), false),
        false => ("first_error".to_string(), order.after_samples),
    };
    for (file, breaks, flags, args) in [
        ("data/testdata.yaml", root_breaks, root_flags, None),
        (
            "data/secret/testdata.yaml",
            order.after_groups && !every_group,
            secret_flags.join(" "),
            secret_args,
        ),
    ] {
        let settings = GroupYaml {
            legacy: true,
            range: scoring.then(|| format!("0 {total}")),
            grader_flags: Some(flags),
            on_reject: Some(if breaks { "break" } else { "continue" }.to_string()),
            input_args: args,
            ..GroupYaml::default()
        };
        out.text(file, settings.text()?)?;
    }
    Ok(())
}

/// Legacy `data/sample/testdata.yaml`: the samples score nothing in a
/// scoring problem, and are validated as their group (legacy validates all
/// samples alike).
fn legacy_samples(s: &Subject, layout: &Layout, out: &mut Tree) -> Result<()> {
    let p = s.problem;
    let mut settings = GroupYaml {
        legacy: true,
        ..GroupYaml::default()
    };
    // The samples score nothing, unless they are a group with points (an
    // imported legacy package's, 1 a sample by default).
    if !p.groups.is_empty() {
        let own = (p.groups.iter()).find(|g| samples_only(s.tests, g) && g.points > 0);
        let count = s.tests.iter().filter(|t| t.sample).count().max(1);
        let (score, flags) = match own {
            Some(g) if g.shared() => (f64::from(g.points) / count as f64, "sum first_error"),
            Some(g) => (f64::from(g.points), "min first_error"),
            None => (0.0, "first_error"),
        };
        settings.accept_score = Some(points(score));
        settings.range = Some(format!("0 {}", own.map_or(0, |g| g.points)));
        if own.is_some() || p.verdicting.ignore_samples {
            settings.grader_flags = Some(flags.to_string());
        }
    }
    // The root's `ignore_sample` is for the root alone: the folders under
    // it, which inherit the flags, say their own.
    if p.verdicting.ignore_samples && settings.grader_flags.is_none() {
        settings.grader_flags = Some("first_error".to_string());
    }
    let groups: Vec<&&str> = layout.sample_groups.iter().collect();
    settings.input_args = match groups.as_slice() {
        _ if layout.kept => given(layout.plain_args("data/sample")),
        // (No validator, no arguments: a CMS task's samples may sit in
        // several groups.)
        _ if s.validators.is_empty() => None,
        [] => None,
        [group] => Some(vec!["--group".to_string(), group.to_string()]),
        _ => bail!(
            "{}: the legacy format validates all samples alike, but they belong to different \
             groups: export --format icpc (2025-09), which validates each group with its own \
             arguments",
            p.config.path.display()
        ),
    };
    if settings.accept_score.is_some()
        || settings.input_args.is_some()
        || settings.grader_flags.is_some()
    {
        out.text("data/sample/testdata.yaml", settings.text()?)?;
    }
    Ok(())
}

/// A group's folder name under `data/secret`: the format wants names that
/// start with a letter (`group1` for the kit's group `1`; a name that
/// does, an imported package's folder, is kept), and the judges take the
/// folders in name order, so where those names would sort otherwise than
/// the groups (but those of samples only, which go to `data/sample`), the
/// numbers are padded (`group01`) or, for other names, each gets its place
/// first (`group1-small`).
fn group_folder(s: &Subject, name: &str) -> String {
    let groups: Vec<&Group> = (s.problem.groups.iter())
        .filter(|g| !samples_only(s.tests, g))
        .collect();
    folder_among(&groups, name)
}

/// [`group_folder`] among the groups that have folders, `groups`.
fn folder_among(groups: &[&Group], name: &str) -> String {
    let numbers: Vec<Option<u32>> = groups.iter().map(|g| g.name.parse().ok()).collect();
    let wide = (numbers.iter().flatten().map(|n| n.to_string().len()))
        .max()
        .unwrap_or(1);
    let width = groups.len().to_string().len();
    let own = groups.iter().map(|g| own_folder(&g.name)).collect();
    let padded = (numbers.iter())
        .map(|n| n.map(|n| format!("group{n:0wide$}")))
        .collect();
    let placed = (groups.iter().enumerate())
        .map(|(i, g)| format!("group{:0width$}-{}", i + 1, g.name))
        .collect();
    let sorted = |names: &Vec<String>| names.windows(2).all(|w| w[0] < w[1]);
    let names = [Some(own), padded, Some(placed)]
        .into_iter()
        .flatten()
        .find(sorted);
    let at = groups.iter().position(|g| g.name == name);
    match (names, at) {
        (Some(names), Some(at)) => names[at].clone(),
        _ => own_folder(name),
    }
}

/// The folder of the group `name` by its name alone: the format wants
/// names that start with a letter.
fn own_folder(name: &str) -> String {
    let plain = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && (name.chars()).all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    match plain {
        true => name.to_string(),
        false => format!("group{name}"),
    }
}

/// The groups' folders where their names alone would put them in another
/// order ([`group_folder`]): an import of the package gets those names.
fn reordered_folders(s: &Subject) -> Option<String> {
    let groups = (s.problem.groups.iter()).filter(|g| !samples_only(s.tests, g));
    let folders: Vec<String> = groups.clone().map(|g| group_folder(s, &g.name)).collect();
    let renamed = groups
        .zip(&folders)
        .any(|(g, folder)| *folder != own_folder(&g.name));
    renamed.then(|| {
        format!(
            "the groups go as data/secret/{}: the judges take the folders in name order, which \
             the groups' own names would change (an import of the package gets these names)",
            folders.join(", ")
        )
    })
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

/// The included files: each language's grader in `include/<language>/`,
/// its Python driver under the entry point the format names (2025-09's
/// `__main__.py`; problemtools takes a legacy package's `main.*`).
fn included(s: &Subject, version: Version, out: &mut Tree) -> Result<()> {
    let Some(graders) = &s.problem.graders else {
        return Ok(());
    };
    for (language, files) in &graders.files {
        let code = super::language_code(language).unwrap_or(language);
        for (i, file) in files.iter().enumerate() {
            let name = match (i, code, version) {
                (0, "python3", Version::Current) => "__main__.py".to_string(),
                (0, "python3", Version::Legacy) => "main.py".to_string(),
                _ => fsutil::file_name(file),
            };
            out.file(&format!("include/{code}/{name}"), file)?;
        }
    }
    Ok(())
}

/// `generators/generators.yaml` (2025-09) naming each generated test's
/// command, answered by the reference where it has an accepted folder,
/// with the generators' files.
fn generators_yaml(s: &Subject, out: &mut Tree) -> Result<()> {
    let layout = Layout::of(s);
    let generated = Generated::of(s, |t| layout.folder_of(t))?;
    let reference = (s.solutions.iter()).find(|(_, p)| s.problem.reference.as_ref() == Some(p));
    let solution = reference.and_then(|(expect, path)| {
        let (folder, _) = placed(*expect, path, &s.problem.solutions, Version::Current)?;
        let accepted = folder == "accepted";
        accepted.then(|| format!("/submissions/accepted/{}", fsutil::file_name(path)))
    });
    let data: Vec<(String, Vec<u8>)> = (out.paths())
        .filter(|path| path.starts_with("data/"))
        .map(|path| {
            Ok((
                path.to_string(),
                out.read(path).transpose()?.unwrap_or_default(),
            ))
        })
        .collect::<Result<_>>()?;
    let Some((text, copies)) = generated.text(solution, &data)? else {
        return Ok(());
    };
    out.text(super::generators::FILE, text)?;
    for (path, source) in &generated.files {
        out.file(path, source)?;
    }
    for (path, bytes) in copies {
        out.bytes(&path, bytes)?;
    }
    Ok(())
}

/// A group of samples only (an imported package's samples, which other
/// groups require): `data/sample` itself.
fn samples_only(tests: &[Test], group: &Group) -> bool {
    !(tests.iter()).any(|t| !t.sample && t.group.as_deref() == Some(group.name.as_str()))
}

/// The tags of several words, which legacy's keywords (words) join by
/// dashes.
fn tags_as_words(s: &Subject) -> Vec<String> {
    let about = &s.problem.config.value.about;
    (about.tags.iter())
        .filter(|t| t.split_whitespace().nth(1).is_some())
        .map(|tag| {
            format!(
                "tag `{tag}`: the legacy format's keywords are words, so it becomes `{}`",
                tag.split_whitespace().collect::<Vec<_>>().join("-")
            )
        })
        .collect()
}

/// An imported problem's checker of the kit's own (a standard one) goes
/// built: what comes back in is that program, not its name.
fn built_checker(s: &Subject) -> Option<String> {
    let (Some(_), Some(Shipped::Built { name, .. })) = (&s.problem.imported_from, &s.checker)
    else {
        return None;
    };
    Some(format!(
        "the checker is the kit's `{name}`, which goes as a program built for the format \
         (output validator, its sources beside it): a judge importing the package, the kit \
         too, has that program, not the name"
    ))
}

/// What the samples' going to `data/sample` costs a problem whose groups
/// hold samples (a CMS task's public tests sit in its subtasks): a group
/// of samples only, and its points, is no group there; a sample among
/// other tests leaves its group.
fn samples_leave_their_groups(s: &Subject) -> Vec<String> {
    let mut lost = Vec::new();
    for g in &s.problem.groups {
        let mine = |t: &&Test| t.sample && t.group.as_deref() == Some(g.name.as_str());
        let samples: Vec<&str> = s
            .tests
            .iter()
            .filter(mine)
            .map(|t| t.name.as_str())
            .collect();
        if samples.is_empty() {
            continue;
        }
        lost.push(match samples_only(s.tests, g) {
            true if g.points == 0 => format!(
                "group `{}` holds only samples, which go to data/sample: it is not carried as \
                 a group",
                g.name
            ),
            true => format!(
                "group `{}` holds only samples, which go to data/sample: the group and its {} \
                 points are not carried as a group",
                g.name, g.points
            ),
            false => format!(
                "the samples {} of group `{}` go to data/sample: they leave the group",
                samples.join(", "),
                g.name
            ),
        });
    }
    lost
}

/// The problem's names, one in each language it has a title in.
fn names(s: &Subject) -> Names {
    let title = &s.problem.config.value.title;
    Names(
        (title.each())
            .map(|(code, t)| (code.to_string(), t.to_string()))
            .collect(),
    )
}

/// What the judges say of a package without an input validator (the
/// format wants one): the problem has none (an imported CMS task), or none
/// of its own is carried (left out with `--lossy`).
fn no_validator(s: &Subject) -> Option<String> {
    let kept = (s.kept.iter()).any(|(path, _)| path.starts_with("input_validators/"));
    if !s.validators.is_empty() || kept {
        return None;
    }
    Some(match s.problem.validators.is_empty() {
        true => "the format wants an input validator; the problem has none (BAPCtools warns, \
                 problemtools refuses the package, and an import needs --lossy)"
            .to_string(),
        false => {
            "the format wants an input validator; none of the problem's is carried".to_string()
        }
    })
}

impl Writer for Version {
    fn warnings(&self, s: &Subject) -> Vec<Warning> {
        let mut lost = Vec::new();
        for g in &s.problem.groups {
            if *self == Version::Current {
                // 2025-09 requires groups scored all or nothing, named
                // before the group.
                let folder = group_folder(s, &g.name);
                let misplaced = (s.problem.groups.iter())
                    .filter(|on| g.depends.contains(&on.name))
                    .filter(|on| !samples_only(s.tests, on))
                    .filter(|on| on.shared() || group_folder(s, &on.name) >= folder)
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
        if *self == Version::Legacy {
            lost.extend(crate::format::subject::generators_dropped(s, &|_, _| false));
        }
        lost.extend(no_validator(s));
        for (path, _) in self.stand_ins(s) {
            lost.push(format!(
                "{path} stands in for a statement the problem has no source of in its \
                 language: it holds the title and says where the statement is (BAPCtools and \
                 problemtools want one for each language of `name`)"
            ));
        }
        lost.extend(samples_leave_their_groups(s));
        lost.extend(reordered_folders(s));
        lost.extend(built_checker(s));
        let mut generated = Vec::new();
        if *self == Version::Current {
            let layout = Layout::of(s);
            if let Ok(g) = Generated::of(s, |t| layout.folder_of(t)) {
                generated = g.warnings(s);
            }
            let held = [GroupScoring::All, GroupScoring::Each];
            let instead = "pass-fail or a sum (the format's score aggregations)";
            lost.extend(crate::format::subject::unheld_scorings(s, &held, instead));
            lost.extend(crate::format::subject::unheld_verdict_rules(s.problem));
        }
        lost.extend(self.solutions_lost(s));
        if *self == Version::Legacy {
            lost.extend(tags_as_words(s));
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
            .chain(generated)
            .collect()
    }

    fn protocol(&self) -> Option<Protocol> {
        Some(Protocol::Kattis)
    }

    // The 2025-09 version is checked with BAPCtools, the legacy one with
    // problemtools: each tool's languages.yaml.
    fn toolchain(&self) -> Toolchain {
        match self {
            Version::Current => Toolchain {
                judge: "BAPCtools",
                rust_edition: "2018",
                cpp_standard: "gnu++23",
                python: "pypy3",
            },
            Version::Legacy => Toolchain {
                judge: "problemtools",
                rust_edition: "2021",
                cpp_standard: "gnu++23",
                python: "pypy3",
            },
        }
    }

    fn kept(&self, problem: &Problem) -> Result<KeptFiles> {
        unused_validators(problem)
    }

    fn wants_pdf(&self) -> bool {
        true
    }

    fn holds(&self, p: &Problem) -> Result<()> {
        if !p.files.standard() {
            bail!(
                "{}: its solutions read or write files (`[files]`), and the ICPC format has no \
                 file input or output: its judges give a solution the test on stdin and read \
                 its answer from stdout; export --format cms, hydro or polygon, which name the \
                 files",
                p.name
            );
        }
        if *self == Version::Legacy {
            crate::format::subject::single_pass(p, "the legacy ICPC format")?;
        }
        Ok(())
    }

    fn problem(&self, s: &Subject, out: &mut Tree) -> Result<()> {
        let p = s.problem;
        out.text("problem.yaml", self.problem_yaml(s)?.text(*self)?)?;
        let checker_dir = match self {
            Version::Current => "output_validator/".to_string(),
            Version::Legacy => {
                // DOMjudge reads the time limit here; legacy problem.yaml
                // has none.
                let ini = domjudge_ini(p.limits.time.as_secs_f64());
                out.text("domjudge-problem.ini", ini)?;
                let name = s.checker.as_ref().map_or("checker", |c| c.name());
                format!("output_validators/{name}/")
            }
        };
        self.statements(s, out)?;
        self.data(s, out)?;
        if let (Some(checker), None) = (&s.checker, default_validation(s)) {
            program(out, &checker_dir, checker)?;
        }
        let flags = output_flags(s);
        if !flags.is_empty() && *self == Version::Current {
            let settings = GroupYaml {
                output_args: Some(flags),
                ..GroupYaml::default()
            };
            out.text("data/test_group.yaml", settings.text()?)?;
        }
        for validator in &s.validators {
            match validator {
                // A source file on its own is a program of the folder.
                Shipped::Kept {
                    files,
                    single: true,
                    ..
                } if files.len() == 1 => {
                    out.file(&format!("input_validators/{}", files[0].0), &files[0].1)?
                }
                validator => {
                    let dir = format!("input_validators/{}/", validator.name());
                    program(out, &dir, validator)?
                }
            }
        }
        included(s, *self, out)?;
        if *self == Version::Current {
            generators_yaml(s, out)?;
        }
        self.submissions(s, out)
    }

    fn contest(&self, subjects: &[Subject], out: &mut Tree) -> Result<()> {
        let problems: Vec<ContestProblem> = (subjects.iter().enumerate())
            .map(|(i, s)| ContestProblem {
                id: &s.folder,
                label: label(i),
                name: names(s),
                time_limit: s.problem.limits.time.as_secs_f64(),
            })
            .collect();
        out.text("problems.yaml", ContestProblem::list(&problems)?)?;
        out.text("contest.yaml", contest_yaml(crate::model::kit::SOURCE)?)
    }
}

impl Version {
    /// The statements: Markdown (2025-09), LaTeX (which BAPCtools and
    /// problemtools read) and PDF in the version's folder, and the English
    /// PDF where DOMjudge shows it (`problem.pdf` at the root in 2025-09,
    /// `problem_statement/problem.pdf` in legacy).
    fn statements(self, s: &Subject, out: &mut Tree) -> Result<()> {
        let folder = match self {
            Version::Current => "statement",
            Version::Legacy => "problem_statement",
        };
        for statement in &s.statements {
            let lang = statement.lang.code();
            // A statement written in LaTeX stays LaTeX (no Markdown made
            // of it beside).
            if self == Version::Current && statement.latex.is_none() {
                let path = format!("statement/problem.{lang}.md");
                out.text(&path, statement.markdown.clone())?;
            }
            let path = format!("{folder}/problem.{lang}.tex");
            let tex =
                (statement.latex.clone()).unwrap_or_else(|| latex::statement(&statement.markdown));
            out.text(&path, tex)?;
            if let Some(pdf) = &statement.pdf {
                out.bytes(&format!("{folder}/problem.{lang}.pdf"), pdf.clone())?;
            }
        }
        if let Some(pdf) = s.statement(&Lang::EN).and_then(|s| s.pdf.as_ref()) {
            let path = match self {
                Version::Current => "problem.pdf",
                Version::Legacy => "problem_statement/problem.pdf",
            };
            out.bytes(path, pdf.clone())?;
        }
        for (path, tex) in self.stand_ins(s) {
            out.text(&path, tex)?;
        }
        Ok(())
    }

    /// The solutions that have no place in the format's submissions
    /// folders, or are held there to another verdict.
    fn solutions_lost(self, s: &Subject) -> Vec<String> {
        let mut lost = Vec::new();
        for (expect, path) in &s.solutions {
            let shown = path.strip_prefix(&s.problem.solutions).unwrap_or(path);
            match placed(*expect, path, &s.problem.solutions, self).map(|(folder, _)| folder) {
                None => lost.push(format!(
                    "{} promises {}, which has no submissions folder: it is left out",
                    shown.display(),
                    expect.describe()
                )),
                Some(folder)
                    if folder == "partially_accepted"
                        && self == Version::Legacy
                        && s.problem.verdicting.accept == AcceptRule::All =>
                {
                    lost.push(format!(
                        "{}: problemtools wants a partially accepted submission accepted, \
                         where the grading here rejects it at its first failed test",
                        shown.display()
                    ))
                }
                Some(_) => {}
            }
        }
        lost
    }

    /// A LaTeX statement for each language of the problem's name the
    /// package has no statement source in (an imported problem with a PDF
    /// only, or none: BAPCtools and problemtools refuse a name without its
    /// statement): the title, and where the statement is.
    fn stand_ins(self, s: &Subject) -> Vec<(String, String)> {
        let folder = match self {
            Version::Current => "statement",
            Version::Legacy => "problem_statement",
        };
        let kept = |lang: &str, ext: &str| {
            let path = format!("{folder}/problem.{lang}.{ext}");
            s.kept.iter().any(|(kept, _)| *kept == path)
        };
        let titles = &s.problem.config.value.title;
        (titles.each())
            .filter(|(lang, _)| !s.statements.iter().any(|st| st.lang.code() == *lang))
            .filter(|(lang, _)| !kept(lang, "tex") && !kept(lang, "md"))
            .map(|(lang, title)| {
                let why = match kept(lang, "pdf") {
                    true => {
                        format!("The statement is the PDF beside this file, problem.{lang}.pdf.")
                    }
                    false => s.statement_elsewhere("this package"),
                };
                let tex = latex::statement(&format!("# {title}\n\n{why}\n"));
                let tex = crate::format::written::latex_stand_in(&tex);
                (format!("{folder}/problem.{lang}.tex"), tex)
            })
            .collect()
    }

    /// The solutions in their submissions folders, and what
    /// `submissions.yaml` must say of those whose folder does not.
    fn submissions(self, s: &Subject, out: &mut Tree) -> Result<()> {
        let mut promises = Vec::new();
        for (expect, path) in &s.solutions {
            // What has no place is said in the warnings.
            let Some((folder, promise)) = placed(*expect, path, &s.problem.solutions, self) else {
                continue;
            };
            let name = fsutil::file_name(path);
            out.file(&format!("submissions/{folder}/{name}"), path)?;
            if let Some(verdicts) = promise {
                promises.push((format!("{folder}/{name}"), verdicts));
            }
        }
        if !promises.is_empty() {
            out.text(promises::FILE, promises::text(&promises)?)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The folders of groups named `names`, in their order.
    fn folders(names: &[&str]) -> Vec<String> {
        let groups: Vec<Group> = (names.iter())
            .map(|n| Group::all_or_nothing(n, 10))
            .collect();
        let groups: Vec<&Group> = groups.iter().collect();
        names.iter().map(|n| folder_among(&groups, n)).collect()
    }

    #[test]
    fn group_folders_sort_as_the_groups_go() {
        assert_eq!(folders(&["1", "2"]), ["group1", "group2"]);
        assert_eq!(folders(&["easy", "hard"]), ["easy", "hard"]);
        let twelve: Vec<String> = (1..=12).map(|n| n.to_string()).collect();
        let twelve: Vec<&str> = twelve.iter().map(String::as_str).collect();
        let padded = folders(&twelve);
        assert_eq!(
            (padded[0].as_str(), padded[11].as_str()),
            ("group01", "group12")
        );
        assert_eq!(
            folders(&["small", "big", "2"]),
            ["group1-small", "group2-big", "group3-2"]
        );
    }
}
