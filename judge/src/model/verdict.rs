//! What a verdict is, and the rules that need no run: the verdicts and
//! their names, sets of them, a solution's overall verdict from its tests',
//! and its score from its groups'. The rules that read a run (limits, a
//! checker's exit code, an interaction) are the core's (`core/rules.rs`).

use std::fmt;

use serde::{Deserialize, Serialize, Serializer};

/// A verdict. `Fail` is the kit's fault (a crashed checker, an answer that
/// does not parse), never the submission's.
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

/// A group of tests and how it scores: its points if all its tests pass
/// (or, if `each`, an equal share of them for each test that passes), and
/// nothing unless the groups it `depends` on pass in full.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    pub name: String,
    pub points: u32,
    /// Each accepted test scores `points` over the group's test count.
    pub each: bool,
    pub depends: Vec<String>,
}

impl Group {
    /// A group scored all or nothing, depending on none.
    pub fn all_or_nothing(name: &str, points: u32) -> Group {
        Group {
            name: name.to_string(),
            points,
            each: false,
            depends: Vec::new(),
        }
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

    /// `TLE or AC`.
    pub fn describe(self) -> String {
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
/// its points over the accepted tests. Otherwise there is no score.
pub fn score(groups: &[Group], all: &[Option<&str>], judged: &[Scored]) -> Option<Score> {
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
            let own: Option<f64> = (judged.iter())
                .filter(|t| t.group == Some(g.name.as_str()) && t.verdict.is_accepted())
                .map(|t| t.worth)
                .sum();
            match g.each {
                true if own.is_some() => own.unwrap_or_default(),
                true => f64::from(g.points) * accepted as f64 / tests.max(1) as f64,
                false if accepted == tests => f64::from(g.points),
                false => 0.0,
            }
        });
        return Some(Score(earned.sum()));
    }
    if judged.iter().any(|t| t.points.is_some()) {
        let points = judged
            .iter()
            .filter(|t| t.verdict.is_accepted())
            .filter_map(|t| t.points)
            .sum();
        return Some(Score(points));
    }
    None
}

/// The most a solution can score: the sum of the groups' points, when the
/// problem has groups.
pub fn max_score(groups: &[Group]) -> Option<Score> {
    (!groups.is_empty()).then(|| Score(groups.iter().map(|g| f64::from(g.points)).sum()))
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
        each.each = true;
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
        assert_eq!(score(&groups, &all, &judged), Some(Score(30.0)));
        // Depending on a, which did not pass in full, b earns nothing.
        each.depends = vec!["a".into()];
        let groups = [Group::all_or_nothing("a", 60), each];
        assert_eq!(score(&groups, &all, &judged), Some(Score(0.0)));
        let mut passing = judged;
        passing[1] = scored("a", Verdict::Ac);
        assert_eq!(score(&groups, &all, &passing), Some(Score(90.0)));
        // b's tests worth 1, 4, 15 and 20 of their own: the third fails.
        for (test, worth) in passing[2..].iter_mut().zip([1.0, 4.0, 15.0, 20.0]) {
            test.worth = Some(worth);
        }
        assert_eq!(score(&groups, &all, &passing), Some(Score(60.0 + 25.0)));
    }

    #[test]
    fn scores_are_written_like_integers_when_whole() {
        assert_eq!(Score(100.0).to_string(), "100");
        assert_eq!(Score(12.5).to_string(), "12.5");
        assert_eq!(serde_json::to_string(&Score(40.0)).unwrap(), "40");
        assert_eq!(serde_json::to_string(&Score(0.25)).unwrap(), "0.25");
    }
}
