//! What a verdict is, and the rules that need no run: the verdicts and
//! their names, sets of them, a solution's overall verdict from its tests',
//! and its score from its groups'. The rules that read a run (limits, a
//! checker's exit code, an interaction) are the core's (`core/rules.rs`).

use std::fmt;

use serde::{Deserialize, Serialize, Serializer};

pub use super::config::{AcceptRule, ErrorRule, GroupScoring};

/// A verdict. `Fail` is the kit's fault (a crashed checker, an answer that
/// does not parse), never the submission's.
///
/// A run that broke several limits gets one verdict, in the order CMS and
/// DOMjudge check them: TLE (CPU time or the wall clock), then MLE, then
/// OLE, then RE; `core::rules::classify` applies it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
pub enum Verdict {
    /// Accepted (a checker that gives points also accepts).
    #[serde(rename = "AC")]
    Ac,
    /// Partially correct: a checker's `_pc(k)` (testlib), with its code.
    #[serde(rename = "PC")]
    Pc,
    /// Wrong answer.
    #[serde(rename = "WA")]
    Wa,
    /// Presentation error: the output does not have the required form.
    #[serde(rename = "PE")]
    Pe,
    /// Time limit exceeded (CPU time, or killed at the wall limit).
    #[serde(rename = "TLE")]
    Tle,
    /// Memory limit exceeded (peak resident memory).
    #[serde(rename = "MLE")]
    Mle,
    /// Output limit exceeded.
    #[serde(rename = "OLE")]
    Ole,
    /// Runtime error: a signal or a non-zero exit code.
    #[serde(rename = "RE")]
    Re,
    /// Compilation error.
    #[serde(rename = "CE")]
    Ce,
    /// The kit failed: checker crash, bad answer file, ...
    #[serde(rename = "FAIL")]
    Fail,
}

impl Verdict {
    /// The short code: `AC`, `WA`, `TLE`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Ac => "AC",
            Verdict::Pc => "PC",
            Verdict::Wa => "WA",
            Verdict::Pe => "PE",
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
            Verdict::Ole => "OLE",
            Verdict::Re => "RE",
            Verdict::Ce => "CE",
            Verdict::Fail => "FAIL",
        }
    }

    /// Returns true if and only if the verdict is AC.
    pub fn is_accepted(self) -> bool {
        self == Verdict::Ac
    }

    /// Returns true if and only if the program ran to its end within its
    /// limits and its output was checked (AC, PC, WA or PE).
    pub fn is_checked(self) -> bool {
        matches!(self, Verdict::Ac | Verdict::Pc | Verdict::Wa | Verdict::Pe)
    }

    /// Parses a short code or a long name (`AC`, `wrong_answer`, ...).
    pub fn from_name(name: &str) -> Option<Verdict> {
        Some(match name.to_ascii_lowercase().as_str() {
            "ac" | "accepted" => Verdict::Ac,
            "pc" | "partially_correct" => Verdict::Pc,
            "wa" | "wrong_answer" => Verdict::Wa,
            "pe" | "presentation_error" => Verdict::Pe,
            "tle" | "time_limit_exceeded" => Verdict::Tle,
            "mle" | "memory_limit_exceeded" => Verdict::Mle,
            "ole" | "output_limit_exceeded" => Verdict::Ole,
            "re" | "runtime_error" => Verdict::Re,
            "ce" | "compile_error" | "compilation_error" => Verdict::Ce,
            "fail" => Verdict::Fail,
            _ => return None,
        })
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// The verdict of a solution that does not compile.
pub const NOT_COMPILED: Verdict = Verdict::Ce;

/// The overall verdict of a run over tests in order: the first that is not AC.
pub fn overall(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
    verdicts
        .into_iter()
        .find(|v| !v.is_accepted())
        .unwrap_or(Verdict::Ac)
}

/// How a solution's verdict comes from its tests' (problem.toml's
/// `[verdict]`; the default: every test counts, the first failure's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verdicting {
    pub ignore_samples: bool,
    pub error: ErrorRule,
    pub accept: AcceptRule,
}

impl Verdicting {
    /// The verdict of the judged tests, in order, as the ICPC legacy grader
    /// gives it: failed samples that count reject first (judging stops
    /// there); then each group (each test, without groups) is a unit whose
    /// verdict is its first failure's (its worst, by the worst-error rule,
    /// in a group that judges on: scored `each` or `any`), and the accept
    /// and error rules pick among the units.
    pub fn verdict(&self, groups: &[Group], judged: &[Scored]) -> Verdict {
        let worst_of = |unit: &Unit| match unit {
            Unit::Group(name) => {
                let on = groups.iter().find(|g| g.name == *name);
                let judges_on =
                    on.is_some_and(|g| matches!(g.scoring, GroupScoring::Each | GroupScoring::Any));
                self.error == ErrorRule::Worst && judges_on
            }
            Unit::Test(_) => false,
        };
        let samples = overall(judged.iter().filter(|t| t.sample).map(|t| t.verdict));
        if !self.ignore_samples && !samples.is_accepted() {
            return samples;
        }
        let mut units: Vec<(Unit, Verdict)> = Vec::new();
        for (i, t) in judged.iter().enumerate().filter(|(_, t)| !t.sample) {
            let unit = t.group.map_or(Unit::Test(i), Unit::Group);
            match units.iter_mut().find(|(u, _)| *u == unit) {
                Some((u, v)) if worst_of(u) => *v = worse(*v, t.verdict),
                Some((_, v)) if v.is_accepted() => *v = t.verdict,
                Some(_) => {}
                None => units.push((unit, t.verdict)),
            }
        }
        let verdicts = units.iter().map(|(_, v)| *v);
        match (self.accept, self.error) {
            (AcceptRule::Always, _) => Verdict::Ac,
            (AcceptRule::AnyGroup, _) if verdicts.clone().any(Verdict::is_accepted) => Verdict::Ac,
            (_, ErrorRule::First) => overall(verdicts),
            (_, ErrorRule::Worst) => verdicts.fold(Verdict::Ac, worse),
        }
    }
}

/// What a verdict rule picks among: a group, or a test of none.
#[derive(PartialEq)]
enum Unit<'a> {
    Group(&'a str),
    Test(usize),
}

/// The worse of two verdicts.
fn worse(a: Verdict, b: Verdict) -> Verdict {
    match severity(b) < severity(a) {
        true => b,
        false => a,
    }
}

/// How bad a verdict is, the worst first, as problemtools' grader ranks
/// them (its JE is the kit's FAIL).
fn severity(v: Verdict) -> u8 {
    match v {
        Verdict::Fail => 0,
        Verdict::Ce => 1,
        Verdict::Re => 2,
        Verdict::Mle => 3,
        Verdict::Tle => 4,
        Verdict::Ole => 5,
        Verdict::Wa => 6,
        Verdict::Pe => 7,
        Verdict::Pc => 8,
        Verdict::Ac => 9,
    }
}

/// A score: group points, or a scoring checker's points. Whole numbers are
/// written without a fraction (`100`, not `100.0`).
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd, Deserialize)]
pub struct Score(pub f64);

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.fract() == 0.0 && self.0.abs() < 1e15 {
            write!(f, "{}", self.0 as i64)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

impl schemars::JsonSchema for Score {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Score".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "number",
            "description": "Points: group points, or a scoring checker's; whole numbers are written without a fraction."
        })
    }
}

impl Serialize for Score {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.fract() == 0.0 && self.0.abs() < 1e15 {
            s.serialize_i64(self.0 as i64)
        } else {
            s.serialize_f64(self.0)
        }
    }
}

/// A group of tests and how it scores (see [`GroupScoring`]), nothing
/// unless the groups it `depends` on pass in full.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub name: String,
    pub points: u32,
    pub scoring: GroupScoring,
    pub depends: Vec<String>,
}

impl Group {
    /// A group scored all or nothing, depending on none.
    pub fn all_or_nothing(name: &str, points: u32) -> Group {
        Group {
            name: name.to_string(),
            points,
            scoring: GroupScoring::All,
            depends: Vec::new(),
        }
    }

    /// Whether its tests score shares of its points (`each`, `prefix`).
    pub fn shared(&self) -> bool {
        matches!(self.scoring, GroupScoring::Each | GroupScoring::Prefix)
    }
}

/// A set of verdicts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Verdicts(u16);

impl Verdicts {
    /// Every verdict, in the order the set names them.
    pub const ALL: [Verdict; 10] = [
        Verdict::Ac,
        Verdict::Pc,
        Verdict::Wa,
        Verdict::Pe,
        Verdict::Tle,
        Verdict::Mle,
        Verdict::Ole,
        Verdict::Re,
        Verdict::Ce,
        Verdict::Fail,
    ];

    fn bit(v: Verdict) -> u16 {
        1 << Verdicts::ALL.iter().position(|x| *x == v).unwrap_or(0)
    }

    pub fn contains(self, v: Verdict) -> bool {
        self.0 & Verdicts::bit(v) != 0
    }

    /// `TLE or AC`; `any verdict` for every verdict a solution can get
    /// (all but the jury's own failure): a promise of nothing, which
    /// `verify` judges and shows but never fails.
    pub fn describe(self) -> String {
        let solutions = Verdicts::ALL.iter().filter(|v| **v != Verdict::Fail);
        if solutions.clone().all(|v| self.contains(*v)) {
            return "any verdict".to_string();
        }
        let names: Vec<&str> = (Verdicts::ALL.iter())
            .filter(|v| self.contains(**v))
            .map(|v| v.as_str())
            .collect();
        names.join(" or ")
    }
}

impl FromIterator<Verdict> for Verdicts {
    fn from_iter<I: IntoIterator<Item = Verdict>>(iter: I) -> Verdicts {
        Verdicts(iter.into_iter().fold(0, |m, v| m | Verdicts::bit(v)))
    }
}

/// One judged test, as scoring sees it.
pub struct Scored<'a> {
    pub group: Option<&'a str>,
    pub sample: bool,
    pub verdict: Verdict,
    /// The points its checker gave.
    pub points: Option<f64>,
    /// The test's own points in a group scored `each`.
    pub worth: Option<f64>,
}

/// A solution's score. With groups, each group earns its points if and
/// only if every one of its tests was judged and accepted (`judged` lists
/// the judged tests; `all` the groups of every test of the problem), or
/// for a group scored `each`, its points times the share of its tests
/// judged and accepted (or, where its tests have points of their own, the
/// points of those judged and accepted); a group whose `depends` do not
/// all pass in full
/// earns nothing.
/// Without groups, a checker that gives points makes the score the sum of
/// its points over the accepted tests; otherwise the problem scores as
/// CMS's `Sum` does, [`UNGROUPED_POINTS`] shared equally by its tests (the
/// tests passed over all of them, to a hundredth).
pub fn score(groups: &[Group], all: &[Option<&str>], judged: &[Scored]) -> Score {
    if !groups.is_empty() {
        // (tests, accepted) of the group `name`.
        let counts = |name: &str| {
            let tests = all.iter().filter(|t| **t == Some(name)).count();
            let accepted = judged
                .iter()
                .filter(|t| t.group == Some(name) && t.verdict.is_accepted())
                .count();
            (tests, accepted)
        };
        let passed = |name: &str| {
            let (tests, accepted) = counts(name);
            accepted == tests
        };
        let earned = groups.iter().map(|g| {
            if !g.depends.iter().all(|d| passed(d)) {
                return 0.0;
            }
            let (tests, accepted) = counts(&g.name);
            let mine = || judged.iter().filter(|t| t.group == Some(g.name.as_str()));
            // The tests that score a share: every accepted one, or those
            // before the first failure.
            let sharing: Vec<&Scored> = match g.scoring {
                GroupScoring::Prefix => mine().take_while(|t| t.verdict.is_accepted()).collect(),
                _ => mine().filter(|t| t.verdict.is_accepted()).collect(),
            };
            let own: Option<f64> = sharing.iter().map(|t| t.worth).sum();
            let points = f64::from(g.points);
            match g.scoring {
                _ if g.shared() && own.is_some() => own.unwrap_or_default(),
                GroupScoring::Each | GroupScoring::Prefix => {
                    points * sharing.len() as f64 / tests.max(1) as f64
                }
                GroupScoring::Any if accepted > 0 => points,
                GroupScoring::All if accepted == tests => points,
                _ => 0.0,
            }
        });
        return Score(earned.sum());
    }
    if judged.iter().any(|t| t.points.is_some()) {
        let points = judged
            .iter()
            .filter(|t| t.verdict.is_accepted())
            .filter_map(|t| t.points)
            .sum();
        return Score(points);
    }
    let accepted = judged.iter().filter(|t| t.verdict.is_accepted()).count();
    let share = UNGROUPED_POINTS * accepted as f64 / all.len().max(1) as f64;
    Score((share * 100.0).round() / 100.0)
}

/// What a problem without groups is worth, its tests sharing it equally
/// (CMS's `Sum`, LemonLime's default): unless its checker gives points.
pub const UNGROUPED_POINTS: f64 = 100.0;

/// The most a solution can score: the sum of the groups' points, or
/// [`UNGROUPED_POINTS`] without groups; unknown where a checker gives the
/// points of an ungrouped problem (`judged` shows whether it does).
pub fn max_score(groups: &[Group], judged: &[Scored]) -> Option<Score> {
    match groups.is_empty() {
        false => Some(Score(groups.iter().map(|g| f64::from(g.points)).sum())),
        true if judged.iter().any(|t| t.points.is_some()) => None,
        true => Some(Score(UNGROUPED_POINTS)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_failure_wins() {
        assert_eq!(
            overall([Verdict::Ac, Verdict::Tle, Verdict::Wa]),
            Verdict::Tle
        );
        assert_eq!(overall([Verdict::Ac, Verdict::Ac]), Verdict::Ac);
        assert_eq!(overall([]), Verdict::Ac);
        assert_eq!(Verdict::from_name("wrong_answer"), Some(Verdict::Wa));
        assert_eq!(format!("{:<4}|", Verdict::Ac), "AC  |");
    }

    #[test]
    fn groups_score_all_or_each_and_after_their_dependencies() {
        let scored = |group, verdict| Scored {
            group: Some(group),
            sample: false,
            verdict,
            points: None,
            worth: None,
        };
        let all = [
            Some("a"),
            Some("a"),
            Some("b"),
            Some("b"),
            Some("b"),
            Some("b"),
        ];
        let mut each = Group::all_or_nothing("b", 40);
        each.scoring = GroupScoring::Each;
        let groups = [Group::all_or_nothing("a", 60), each.clone()];
        let judged = [
            scored("a", Verdict::Ac),
            scored("a", Verdict::Wa),
            scored("b", Verdict::Ac),
            scored("b", Verdict::Ac),
            scored("b", Verdict::Tle),
            scored("b", Verdict::Ac),
        ];
        // a fails one test: 0; b scores 3 of its 4 tests: 30.
        assert_eq!(score(&groups, &all, &judged), Score(30.0));
        // Depending on a, which did not pass in full, b earns nothing.
        each.depends = vec!["a".into()];
        let groups = [Group::all_or_nothing("a", 60), each];
        assert_eq!(score(&groups, &all, &judged), Score(0.0));
        let mut passing = judged;
        passing[1] = scored("a", Verdict::Ac);
        assert_eq!(score(&groups, &all, &passing), Score(90.0));
        // b's tests worth 1, 4, 15 and 20 of their own: the third fails.
        for (test, worth) in passing[2..].iter_mut().zip([1.0, 4.0, 15.0, 20.0]) {
            test.worth = Some(worth);
        }
        assert_eq!(score(&groups, &all, &passing), Score(60.0 + 25.0));
    }

    /// The samples, then groups a (AC, WA) and b (TLE, RE).
    fn judged(sample: Verdict) -> Vec<Scored<'static>> {
        let test = |group, sample, verdict| Scored {
            group: Some(group),
            sample,
            verdict,
            points: None,
            worth: None,
        };
        vec![
            test("s", true, sample),
            test("a", false, Verdict::Ac),
            test("a", false, Verdict::Wa),
            test("b", false, Verdict::Tle),
            test("b", false, Verdict::Re),
        ]
    }

    #[test]
    fn verdict_rules_pick_the_first_the_worst_or_accept() {
        let groups = |scoring| {
            ["a", "b"].map(|n| Group {
                scoring,
                ..Group::all_or_nothing(n, 10)
            })
        };
        let rules = |ignore_samples, error, accept| Verdicting {
            ignore_samples,
            error,
            accept,
        };
        let (first, worst) = (ErrorRule::First, ErrorRule::Worst);
        let (all, any) = (AcceptRule::All, AcceptRule::AnyGroup);
        let cases = [
            // (rules, groups' scoring, sample's verdict, the verdict)
            (
                rules(false, first, all),
                GroupScoring::All,
                Verdict::Ac,
                Verdict::Wa,
            ),
            // A failed sample that counts is the verdict.
            (
                rules(false, worst, all),
                GroupScoring::All,
                Verdict::Pe,
                Verdict::Pe,
            ),
            (
                rules(true, first, all),
                GroupScoring::All,
                Verdict::Pe,
                Verdict::Wa,
            ),
            // Each group its first failure (TLE for b), the worst of them.
            (
                rules(false, worst, all),
                GroupScoring::All,
                Verdict::Ac,
                Verdict::Tle,
            ),
            // Groups that judge on: each its worst (RE for b).
            (
                rules(false, worst, all),
                GroupScoring::Each,
                Verdict::Ac,
                Verdict::Re,
            ),
            (
                rules(false, first, any),
                GroupScoring::All,
                Verdict::Ac,
                Verdict::Wa,
            ),
            (
                rules(true, first, AcceptRule::Always),
                GroupScoring::All,
                Verdict::Ac,
                Verdict::Ac,
            ),
        ];
        for (i, (rules, scoring, sample, verdict)) in cases.into_iter().enumerate() {
            assert_eq!(
                rules.verdict(&groups(scoring), &judged(sample)),
                verdict,
                "case {i}"
            );
        }
        // One group passing in full is enough for `any-group`.
        let mut passing = judged(Verdict::Ac);
        passing[2].verdict = Verdict::Ac;
        let any_group = rules(false, first, any);
        assert_eq!(
            any_group.verdict(&groups(GroupScoring::All), &passing),
            Verdict::Ac
        );
    }

    #[test]
    fn groups_scored_any_or_by_prefix() {
        let all = [Some("a"), Some("a"), Some("a")];
        let scored = |verdicts: [Verdict; 3]| {
            verdicts.map(|verdict| Scored {
                group: Some("a"),
                sample: false,
                verdict,
                points: None,
                worth: None,
            })
        };
        let group = |scoring| {
            [Group {
                scoring,
                ..Group::all_or_nothing("a", 30)
            }]
        };
        let (ac, wa) = (Verdict::Ac, Verdict::Wa);
        for (scoring, verdicts, points) in [
            (GroupScoring::Any, [wa, wa, ac], 30.0),
            (GroupScoring::Any, [wa, wa, wa], 0.0),
            (GroupScoring::Prefix, [ac, wa, ac], 10.0),
            (GroupScoring::Each, [ac, wa, ac], 20.0),
            (GroupScoring::Prefix, [ac, ac, ac], 30.0),
        ] {
            let got = score(&group(scoring), &all, &scored(verdicts));
            assert_eq!(got, Score(points), "{scoring:?} {verdicts:?}");
        }
    }

    /// Without groups: a hundred points shared by the tests (CMS's Sum), to
    /// a hundredth; a checker's points where it gives them, with no most.
    #[test]
    fn ungrouped_problems_score_their_tests_share_of_a_hundred() {
        let all = [None; 3];
        let test = |verdict, points| Scored {
            group: None,
            sample: false,
            verdict,
            points,
            worth: None,
        };
        let judged = [
            test(Verdict::Ac, None),
            test(Verdict::Wa, None),
            test(Verdict::Ac, None),
        ];
        assert_eq!(score(&[], &all, &judged), Score(66.67));
        assert_eq!(max_score(&[], &judged), Some(Score(UNGROUPED_POINTS)));
        // Stopped at the first failure: the tests not judged earn nothing.
        assert_eq!(score(&[], &all, &judged[..2]), Score(33.33));
        assert_eq!(score(&[], &all, &[]), Score(0.0));
        let pointed = [test(Verdict::Ac, Some(7.0)), test(Verdict::Ac, Some(2.5))];
        assert_eq!(score(&[], &all, &pointed), Score(9.5));
        assert_eq!(max_score(&[], &pointed), None);
        let groups = [
            Group::all_or_nothing("a", 40),
            Group::all_or_nothing("b", 60),
        ];
        assert_eq!(max_score(&groups, &judged), Some(Score(100.0)));
    }

    #[test]
    fn scores_are_written_like_integers_when_whole() {
        assert_eq!(Score(100.0).to_string(), "100");
        assert_eq!(Score(12.5).to_string(), "12.5");
        assert_eq!(serde_json::to_string(&Score(40.0)).unwrap(), "40");
        assert_eq!(serde_json::to_string(&Score(0.25)).unwrap(), "0.25");
    }
}
