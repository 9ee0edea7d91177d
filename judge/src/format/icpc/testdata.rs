//! Reading an ICPC package's `data/` (as `bt generate` leaves it where
//! the package has generators.yaml: `sources.rs`): the tests,
//! `data/sample/` then `data/secret/` at any depth, each in path order;
//! every input with its answer, its folder's settings (`test_group.yaml`,
//! `testdata.yaml`, inherited downwards) and its own (`<test>.yaml`), and
//! in a scoring problem its group (the folder right under `data/secret/`)
//! with the group's points and the groups it requires.

use std::collections::BTreeMap;

use anyhow::{Result, bail};
use yaml_rust2::Yaml;

use super::files::{GroupYaml, arguments, yaml_text};
use super::generators::Solution;
use super::programs::Named;
use super::sources::{Data, Made, Origin};
use crate::format::Package;
use crate::format::imported::{Lossy, group};
use crate::model::config::{self, GroupScoring};

/// One test of `data/`.
pub struct Test {
    /// Its path in the package, without `.in`.
    pub stem: String,
    pub origin: Origin,
    /// Its input file, as problem.toml names it (`package/...`), unless
    /// generated.
    pub input: Option<String>,
    /// Its answer file, as problem.toml names it, where one is given.
    pub answer: Option<String>,
    pub sample: bool,
    pub comment: String,
    /// Its test group in a scoring problem.
    pub group: Option<String>,
    pub validator_args: Vec<String>,
    /// How generators.yaml makes it: the generator and its arguments, and
    /// the stored input they are compared with.
    pub generated: Option<(Named, Vec<String>)>,
    pub stored: Option<String>,
    /// Its generator may write its answer.
    pub generator_answers: bool,
    /// The program generators.yaml names to answer it.
    pub solution: Solution,
    /// Who answers it, where not the reference (problem.toml's name).
    pub answered_by: Option<String>,
}

/// What `data/` holds: the tests, the groups with their points (a scoring
/// problem's), and the arguments for the output validator.
pub struct TestData {
    pub tests: Vec<Test>,
    /// The inputs that must be invalid, each with why.
    pub invalid: Vec<(String, String)>,
    /// The files the kit writes for the tests (problem-relative).
    pub written: Vec<(String, Vec<u8>)>,
    /// generators.yaml's root `solution:`.
    pub solution: Option<Solution>,
    pub groups: Vec<config::Group>,
    pub output_args: Vec<String>,
    /// How the verdict comes from the tests' (legacy `grader_flags`).
    pub verdict: Option<config::VerdictConfig>,
    /// What the import says of them (flags the grader ignores).
    pub notes: Vec<String>,
}

/// What the kit takes from a test folder's settings, over its parent's.
#[derive(Clone, Default)]
pub struct FolderSettings {
    /// Inherited by the folders under it, in both versions.
    input_args: Vec<String>,
    pub output_args: Vec<String>,
    /// Legacy grading, inherited: each accepted test's score
    /// (`accept_score`, default 1), the scores' sum or least (`grader_flags`,
    /// default sum), and whether judging a group stops at its first
    /// rejection (`on_reject`, default break).
    pub legacy: bool,
    accept_score: Option<f64>,
    flags: Flags,
    breaks: Option<bool>,
    /// 2025-09 grading, the folder's own: its points (`max_score`) and
    /// whether they are shared by its accepted tests (`score_aggregation:
    /// sum`) or all or nothing (`pass-fail`, or `min` with no partial scores).
    max_score: Option<f64>,
    sum: Option<bool>,
    /// The group requires the samples to pass (`require_pass: sample`).
    needs_samples: bool,
    /// The groups under `data/secret` it requires to pass (`require_pass`).
    requires: Vec<String>,
    /// Words of `grader_flags` the default grader does not know.
    ignored_flags: Vec<String>,
}

/// How a group scores, in the kit's terms.
struct Scoring {
    points: f64,
    scoring: GroupScoring,
}

/// The legacy default grader's flags (`grader_flags`, inherited whole: a
/// folder that gives them replaces its parent's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Flags {
    score: ScoreMode,
    /// `worst_error` (the grader's default) or `first_error`.
    first_error: bool,
    accept_if_any_accepted: bool,
    always_accept: bool,
    ignore_sample: bool,
}

/// How the default grader adds up its children's scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum ScoreMode {
    #[default]
    Sum,
    Min,
    Max,
    Avg,
}

impl Flags {
    /// The flags of `grader_flags: word`, as the default grader reads them:
    /// the last of each kind wins; it ignores words it does not know
    /// (returned, to be said).
    fn parse(word: &str) -> (Flags, Vec<String>) {
        let mut flags = Flags::default();
        let mut unknown = Vec::new();
        for flag in word.split_whitespace() {
            match flag {
                "sum" => flags.score = ScoreMode::Sum,
                "min" => flags.score = ScoreMode::Min,
                "max" => flags.score = ScoreMode::Max,
                "avg" => flags.score = ScoreMode::Avg,
                "first_error" => (flags.first_error, flags.always_accept) = (true, false),
                "worst_error" | "no_errors" => {
                    (flags.first_error, flags.always_accept) = (false, false)
                }
                "always_accept" => flags.always_accept = true,
                "accept_if_any_accepted" => flags.accept_if_any_accepted = true,
                "ignore_sample" => flags.ignore_sample = true,
                other => unknown.push(other.to_string()),
            }
        }
        (flags, unknown)
    }
}

impl FolderSettings {
    /// The settings every folder starts from: the output validator's
    /// arguments problem.yaml gives, graded the legacy way or not.
    pub fn top(output_args: Vec<String>, legacy: bool) -> FolderSettings {
        FolderSettings {
            output_args,
            legacy,
            ..FolderSettings::default()
        }
    }

    /// The scoring of a group of `tests` tests with these settings, or why
    /// the kit cannot score it so.
    fn scoring(&self, tests: usize) -> std::result::Result<Scoring, String> {
        if !self.legacy {
            let scoring = match self.sum.unwrap_or(false) {
                true => GroupScoring::Each,
                false => GroupScoring::All,
            };
            let points = self.max_score.unwrap_or(0.0);
            return Ok(Scoring { points, scoring });
        }
        let accept = self.accept_score.unwrap_or(1.0);
        let breaks = self.breaks.unwrap_or(true) && tests > 1;
        let (points, scoring) = match (self.flags.score, breaks) {
            (ScoreMode::Min, _) => (accept, GroupScoring::All),
            (ScoreMode::Sum, false) => (accept * tests as f64, GroupScoring::Each),
            (ScoreMode::Sum, true) => (accept * tests as f64, GroupScoring::Prefix),
            (ScoreMode::Max, false) => (accept, GroupScoring::Any),
            (ScoreMode::Avg, false) => (accept, GroupScoring::Each),
            (ScoreMode::Max | ScoreMode::Avg, true) => {
                return Err(
                    "scores the most or the average of its tests up to its first \
                            rejection (`on_reject: break`), which no scoring of the kit's \
                            says"
                        .to_string(),
                );
            }
        };
        Ok(Scoring { points, scoring })
    }

    /// These settings with those of `file` (a folder's settings file) over
    /// them; what the kit cannot hold is left out with `--lossy`.
    fn with(
        &self,
        file: &GroupYaml,
        shown: &str,
        scoring: bool,
        lossy: &mut Lossy,
    ) -> Result<FolderSettings> {
        let mut s = self.clone();
        s.legacy = file.legacy;
        if let Some(args) = &file.input_args {
            s.input_args = args.clone();
        }
        if let Some(args) = &file.output_args {
            s.output_args = args.clone();
        }
        let points = |key: &str, value: &Option<Yaml>| -> Result<Option<f64>> {
            let Some(value) = value else {
                return Ok(None);
            };
            match value.as_f64().or(value.as_i64().map(|i| i as f64)) {
                Some(p) if p >= 0.0 && p.is_finite() => Ok(Some(p)),
                _ => bail!("{shown}: `{key}` is {}: expected points", yaml_text(value)),
            }
        };
        s.max_score = points("max_score", &file.max_score)?.or(s.max_score);
        s.accept_score = points("accept_score", &file.accept_score)?.or(s.accept_score);
        let mut dropped: Vec<(&str, String)> = Vec::new();
        s.grading(file, scoring, &mut dropped);
        s.required(file, shown, lossy)?;
        for (key, value) in &file.others {
            dropped.push((key, yaml_text(value)));
        }
        for (key, value) in dropped {
            lossy.drop(format!("{shown}: `{key}: {value}`"))?;
        }
        Ok(s)
    }

    /// How the folder grades: `score_aggregation` (2025-09), `grader_flags`
    /// and `on_reject` (legacy); a value the kit cannot hold is `dropped`
    /// (not a problem's grading when it scores nothing).
    fn grading(&mut self, file: &GroupYaml, scoring: bool, dropped: &mut Vec<(&str, String)>) {
        if let Some(word) = &file.score_aggregation {
            // Without partial scores from the output validator, the least
            // of the tests' scores is all or nothing.
            match ["pass-fail", "min", "sum"].contains(&word.as_str()) {
                true => self.sum = Some(word == "sum"),
                false if scoring => dropped.push(("score_aggregation", word.clone())),
                false => {}
            }
        }
        if let Some(word) = &file.grader_flags {
            let (flags, unknown) = Flags::parse(word);
            self.flags = flags;
            // The default grader ignores them too.
            for flag in unknown {
                self.ignored_flags.push(flag);
            }
        }
        if let Some(word) = &file.on_reject {
            match ["break", "continue"].contains(&word.as_str()) {
                true => self.breaks = Some(word == "break"),
                false => dropped.push(("on_reject", word.clone())),
            }
        }
    }

    /// The groups the folder requires (`require_pass`): the samples, and
    /// the folders right under `data/secret`.
    fn required(&mut self, file: &GroupYaml, shown: &str, lossy: &mut Lossy) -> Result<()> {
        for name in file.require_pass.iter().flatten() {
            match name.strip_prefix("secret/") {
                None if name == "sample" => self.needs_samples = true,
                Some(group) if !group.contains('/') => self.requires.push(group.to_string()),
                _ => lossy.drop(format!(
                    "{shown}: `require_pass: {name}` (the kit's groups are the folders right \
                     under data/secret)"
                ))?,
            }
        }
        Ok(())
    }
}

/// The settings of folder `dir` (under data/), over its parent's: its
/// `test_group.yaml`, then its `testdata.yaml`.
pub fn folder_settings(
    data: &Data,
    dir: &str,
    parent: &FolderSettings,
    scoring: bool,
    lossy: &mut Lossy,
) -> Result<FolderSettings> {
    let mut settings = parent.clone();
    // A 2025-09 group's scoring is its own.
    settings.max_score = None;
    settings.sum = None;
    settings.needs_samples = false;
    settings.requires = Vec::new();
    for (shown, yaml) in data.group_files(dir)? {
        settings = settings.with(&yaml, &shown, scoring, lossy)?;
    }
    Ok(settings)
}

/// A folder's own settings, read for a look ahead: what the kit leaves
/// out of them is said when the folder's tests are read.
fn peek(data: &Data, dir: &str) -> Result<FolderSettings> {
    let mut quiet = Lossy::new(true, Vec::new());
    folder_settings(data, dir, &FolderSettings::default(), false, &mut quiet)
}

/// The input validator's arguments for the test `stem`: its own
/// `<stem>.yaml` (2025-09; generators.yaml's `yaml:`) may give them, else
/// its folder's. Its other keys are the output validator's arguments,
/// which must be the folder's, and words for people (`description`,
/// `hint`).
fn own_arguments(
    data: &Data,
    stem: &str,
    folder: &FolderSettings,
    lossy: &mut Lossy,
) -> Result<Vec<String>> {
    let mut args = folder.input_args.clone();
    let Some((shown, own)) = data.test_yaml(stem)? else {
        return Ok(args);
    };
    match &own.input_args {
        // By validator name: the kit runs one.
        Some(Yaml::Hash(by_name)) if by_name.len() == 1 => {
            args = (by_name.values().next())
                .and_then(arguments)
                .unwrap_or_default();
        }
        Some(Yaml::Hash(_)) => lossy.drop(format!(
            "{shown}: arguments for several input validators (the kit runs one)"
        ))?,
        Some(value) => args = arguments(value).unwrap_or_default(),
        None => {}
    }
    let mut others = own.others.clone();
    if let Some(value) = own.output_args.as_ref()
        && arguments(value).as_ref() != Some(&folder.output_args)
    {
        others.insert(0, ("output_validator_args".to_string(), value.clone()));
    }
    for (key, value) in others {
        lossy.drop(format!("{shown}: `{key}: {}`", yaml_text(&value)))?;
    }
    Ok(args)
}

/// The group the samples belong to: the one all-or-nothing group that
/// requires them, as the kit exports a sample of a group (the same
/// verdicts); else a group of their own, `sample`, of 0 points, which the
/// groups requiring them depend on.
fn sample_group(data: &Data, scoring: bool, after_samples: bool) -> Result<String> {
    if !scoring || after_samples {
        return Ok("sample".to_string());
    }
    let mut needing = Vec::new();
    for g in data.secret_folders() {
        let own = peek(data, &format!("data/secret/{g}"))?;
        if own.needs_samples {
            needing.push((g, own.sum == Some(true)));
        }
    }
    Ok(match &needing[..] {
        [(g, false)] => g.to_string(),
        _ => "sample".to_string(),
    })
}

/// Reads `data/` down from its folders' settings.
struct Reader<'a, 'p> {
    data: &'a mut Data<'p>,
    scoring: bool,
    /// The settings of each folder read so far, by path.
    known: BTreeMap<String, FolderSettings>,
    /// Each group, in order, with its folder's settings.
    groups: Vec<(String, FolderSettings)>,
    /// The output validator's arguments, which every folder must share,
    /// and the folders said to have others.
    output_args: Option<Vec<String>>,
    other_args: Vec<String>,
    sample_group: String,
}

impl Reader<'_, '_> {
    /// The settings of `folder`, read down from `dir` (whose own are `top`).
    fn settings_of(
        &mut self,
        dir: &str,
        folder: &str,
        top: &FolderSettings,
        lossy: &mut Lossy,
    ) -> Result<FolderSettings> {
        let mut settings = top.clone();
        let mut path = dir.to_string();
        for part in folder[dir.len()..].split('/').filter(|p| !p.is_empty()) {
            path = format!("{path}/{part}");
            settings = match self.known.get(&path) {
                Some(s) => s.clone(),
                None => {
                    let scoring = self.scoring;
                    let s = folder_settings(self.data, &path, &settings, scoring, lossy)?;
                    self.known.insert(path.clone(), s.clone());
                    s
                }
            };
        }
        Ok(settings)
    }

    /// The kit gives every test the output validator's arguments of the
    /// first: a folder with its own is left out with `--lossy`.
    fn same_output_args(
        &mut self,
        folder: &str,
        settings: &FolderSettings,
        lossy: &mut Lossy,
    ) -> Result<()> {
        let first = self
            .output_args
            .get_or_insert_with(|| settings.output_args.clone());
        let said = self.other_args.iter().any(|f| f == folder);
        if *first != settings.output_args && !said {
            self.other_args.push(folder.to_string());
            lossy.drop(format!(
                "{}: output validator arguments of its own ({}; the kit gives every test the \
                 same)",
                self.data.package.shown(folder),
                settings.output_args.join(" ")
            ))?;
        }
        Ok(())
    }

    /// The group of a test in `folder` (under `dir`): none unless the
    /// problem scores; the samples', or the folder right under
    /// `data/secret/` (`secret` for tests right in it). A group met for the
    /// first time is noted with its settings.
    fn group_of(
        &mut self,
        dir: &str,
        folder: &str,
        sample: bool,
        top: &FolderSettings,
    ) -> Result<Option<String>> {
        let group = match (self.scoring, sample) {
            (false, _) => return Ok(None),
            (true, true) => self.sample_group.clone(),
            (true, false) => {
                let rest = folder[dir.len()..].trim_start_matches('/');
                match rest.split('/').next().filter(|g| !g.is_empty()) {
                    Some(g) => g.to_string(),
                    None => "secret".to_string(),
                }
            }
        };
        if !self.groups.iter().any(|(n, _)| *n == group) {
            let own = match group.as_str() {
                "sample" => top.clone(),
                // 100 points shared by its tests, unless it says otherwise.
                "secret" if !top.legacy => FolderSettings {
                    max_score: top.max_score.or(Some(100.0)),
                    sum: top.sum.or(Some(true)),
                    ..top.clone()
                },
                "secret" => top.clone(),
                g if sample => peek(self.data, &format!("data/secret/{g}"))?,
                g => (self.known.get(&format!("{dir}/{g}")).cloned()).unwrap_or_default(),
            };
            self.groups.push((group.clone(), own));
        }
        Ok(Some(group))
    }

    /// The tests of `dir` (`data/sample` or `data/secret`).
    fn tests_in(
        &mut self,
        dir: &str,
        sample: bool,
        root: &FolderSettings,
        lossy: &mut Lossy,
    ) -> Result<Vec<Test>> {
        let top = folder_settings(self.data, dir, root, self.scoring, lossy)?;
        let mut tests = Vec::new();
        for stem in self.data.stems(dir) {
            let Some(made) = self.data.made(&stem, lossy)? else {
                continue;
            };
            let folder = stem.rsplit_once('/').map_or(dir, |(d, _)| d);
            let settings = self.settings_of(dir, folder, &top, lossy)?;
            self.same_output_args(folder, &settings, lossy)?;
            let group = self.group_of(dir, folder, sample, &top)?;
            let mut comment = stem.trim_start_matches("data/").to_string();
            if let Some(description) = &made.description {
                comment = format!("{comment}: {description}");
            }
            let validator_args = own_arguments(self.data, &stem, &settings, lossy)?;
            tests.push(test(stem, made, (sample, comment, group), validator_args));
        }
        Ok(tests)
    }
}

/// A test of `stem` made so, with its place and what it is for.
fn test(
    stem: String,
    made: Made,
    (sample, comment, group): (bool, String, Option<String>),
    validator_args: Vec<String>,
) -> Test {
    Test {
        stem,
        origin: made.origin,
        input: made.file,
        answer: made.answer,
        sample,
        comment,
        group,
        validator_args,
        generated: made.generated,
        stored: made.stored,
        generator_answers: made.generator_answers,
        solution: made.solution,
        answered_by: None,
    }
}

/// The tests of `data/` (with generators.yaml's), their groups and the
/// output validator's arguments; `top`: what problem.yaml says every
/// folder starts from; `interactive`: an interactive or multi-pass problem.
pub fn read(
    package: &Package,
    (scoring, interactive): (bool, bool),
    top: &FolderSettings,
    lossy: &mut Lossy,
) -> Result<TestData> {
    let mut data = Data::new(package, interactive)?;
    let root = folder_settings(&data, "data", top, scoring, lossy)?;
    let mut quiet = Lossy::new(true, Vec::new());
    let secret = folder_settings(&data, "data/secret", &root, scoring, &mut quiet)?;
    // Legacy judging that stops at a failed sample: every group requires them.
    let after_samples = scoring && root.legacy && root.breaks.unwrap_or(true);
    let sample_group = sample_group(&data, scoring, after_samples)?;
    let mut reader = Reader {
        data: &mut data,
        scoring,
        known: BTreeMap::new(),
        groups: Vec::new(),
        output_args: None,
        other_args: Vec::new(),
        sample_group,
    };
    let mut tests = reader.tests_in("data/sample", true, &root, lossy)?;
    tests.extend(reader.tests_in("data/secret", false, &root, lossy)?);
    if tests.is_empty() {
        bail!(
            "{}: no test in data/sample or data/secret, and none generators.yaml defines",
            package.shown.display()
        );
    }
    let order = Order {
        after_samples,
        after_groups: scoring && secret.legacy && secret.breaks.unwrap_or(true),
        ignore_samples: root.legacy && root.flags.ignore_sample,
    };
    let groups = groups(package, &reader, &tests, order, lossy)?;
    let verdict = verdict(package, &root, &secret, lossy)?;
    let mut notes = ignored_flags(&reader, [&root, &secret]);
    let output_args = reader.output_args.unwrap_or_default();
    let invalid = data.invalid(lossy)?;
    let origins: Vec<(String, Origin)> =
        (tests.iter()).map(|t| (t.stem.clone(), t.origin)).collect();
    notes.extend(data.report(&origins, lossy)?);
    Ok(TestData {
        tests,
        invalid,
        written: data.written,
        solution: data.recipes.solution,
        groups,
        output_args,
        verdict,
        notes,
    })
}

/// What the report says of the `grader_flags` words the default grader
/// ignores, in every folder read.
fn ignored_flags(reader: &Reader, top: [&FolderSettings; 2]) -> Vec<String> {
    let mut ignored: Vec<String> = (reader.known.values())
        .chain(top)
        .flat_map(|s| s.ignored_flags.iter().cloned())
        .collect();
    ignored.sort();
    ignored.dedup();
    match ignored.is_empty() {
        true => Vec::new(),
        false => vec![format!(
            "grader_flags {}: words the default grader does not know, and ignores",
            ignored.join(", ")
        )],
    }
}

/// The problem's `[verdict]`, from the legacy grader's flags of `data/`
/// (`ignore_sample`, judging on) and `data/secret/` (`always_accept`,
/// `accept_if_any_accepted`, and `worst_error` where it judges on, which
/// is the grader's default); none for 2025-09, whose verdict is fixed.
fn verdict(
    package: &Package,
    root: &FolderSettings,
    secret: &FolderSettings,
    lossy: &mut Lossy,
) -> Result<Option<config::VerdictConfig>> {
    if !root.legacy {
        return Ok(None);
    }
    let mut v = config::VerdictConfig::default();
    if root.flags.ignore_sample {
        match root.breaks.unwrap_or(true) {
            true => lossy.drop(format!(
                "{}: `grader_flags: ignore_sample` with `on_reject: break`, which problemtools \
                 refuses (the samples would stop judging)",
                package.shown("data/testdata.yaml")
            ))?,
            false => v.ignore_samples = true,
        }
    }
    let flags = secret.flags;
    v.accept = match (flags.always_accept, flags.accept_if_any_accepted) {
        (true, _) => config::AcceptRule::Always,
        (false, true) => config::AcceptRule::AnyGroup,
        (false, false) => config::AcceptRule::All,
    };
    if !secret.breaks.unwrap_or(true) && !flags.first_error {
        v.error = config::ErrorRule::Worst;
    }
    Ok((v != config::VerdictConfig::default()).then_some(v))
}

/// Where legacy judging stops at the first rejection (`on_reject: break`,
/// the default): after a failed sample, nothing scores; after a failed
/// group, no later group.
#[derive(Clone, Copy)]
struct Order {
    after_samples: bool,
    after_groups: bool,
    /// `ignore_sample`: the samples' verdict and score do not count.
    ignore_samples: bool,
}

/// The groups, worth their points and depending on the groups they
/// require, as the kit scores them.
fn groups(
    package: &Package,
    reader: &Reader,
    tests: &[Test],
    order: Order,
    lossy: &mut Lossy,
) -> Result<Vec<config::Group>> {
    let samples = tests.iter().any(|t| t.sample);
    let mut whole = Vec::new();
    for (name, own) in &reader.groups {
        let shown = package.shown(&match name.as_str() {
            "sample" | "secret" => format!("data/{name}"),
            _ => format!("data/secret/{name}"),
        });
        let count = (tests.iter())
            .filter(|t| t.group.as_ref() == Some(name))
            .count();
        // Legacy samples score as any folder (1 a test by default) unless
        // `ignore_sample` takes them out; 2025-09's never score.
        let unscored = !own.legacy || order.ignore_samples;
        let scoring = match (name.as_str(), own.scoring(count)) {
            ("sample", _) if unscored => Scoring {
                points: 0.0,
                scoring: GroupScoring::All,
            },
            (_, Ok(scoring)) => scoring,
            (_, Err(why)) => {
                lossy.drop(format!("{shown}: the group {why}"))?;
                let partial = Scoring {
                    points: 0.0,
                    scoring: GroupScoring::Each,
                };
                own.scoring(1).unwrap_or(partial)
            }
        };
        let verdicts = own.flags.accept_if_any_accepted || own.flags.always_accept;
        if own.legacy && verdicts && !["sample", "secret"].contains(&name.as_str()) {
            lossy.drop(format!(
                "{shown}: the group's verdict is accepted if one test is, or always \
                 (`grader_flags`, perhaps inherited from data/secret); the kit's groups pass \
                 only in full"
            ))?;
        }
        let points = scoring.points;
        if (points - points.round()).abs() > 1e-6 {
            bail!("{shown}: the group is worth {points} points; the kit counts whole points");
        }
        let mut group = group(name, points.round() as u32).into_inner();
        // Worth nothing, a group scores nothing however it scores.
        if points.round() > 0.0 {
            group.scoring = scoring.scoring;
        }
        group.depends = own.requires.clone();
        if own.needs_samples && samples && reader.sample_group != *name {
            group.depends.insert(0, reader.sample_group.clone());
        }
        whole.push(group);
    }
    in_legacy_order(&mut whole, order, samples);
    // The groups required are groups.
    for group in &whole {
        for required in &group.depends {
            if !whole.iter().any(|g| &g.name == required) {
                let shown = package.shown(&format!("data/secret/{}", group.name));
                bail!("{shown}: `require_pass` names {required}, which holds no test");
            }
        }
    }
    Ok(whole)
}

/// The dependencies legacy judging order makes: every group on the
/// samples, each group on the groups before it.
fn in_legacy_order(groups: &mut [config::Group], order: Order, samples: bool) {
    if order.after_samples && samples {
        for group in groups.iter_mut().filter(|g| g.name != "sample") {
            if !group.depends.iter().any(|d| d == "sample") {
                group.depends.insert(0, "sample".to_string());
            }
        }
    }
    if order.after_groups {
        let mut earlier = Vec::new();
        for group in groups.iter_mut().filter(|g| g.name != "sample") {
            group.depends.extend(earlier.iter().cloned());
            earlier.push(group.name.clone());
        }
    }
}
