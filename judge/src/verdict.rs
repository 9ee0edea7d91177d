//! Verdicts: what a submission earned on one test, and overall.

use std::fmt;

use serde::Serialize;

/// A verdict, from best to worst kind of failure. `Fail` is the kit's fault
/// (a crashed checker, an answer that does not parse), never the submission's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Verdict {
    /// Accepted.
    #[serde(rename = "AC")]
    Ac,
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

    /// The terminal colour of the verdict (ANSI SGR parameters).
    pub fn colour(self) -> &'static str {
        match self {
            Verdict::Ac => "32",
            Verdict::Wa | Verdict::Pe => "31",
            Verdict::Tle | Verdict::Mle | Verdict::Ole => "33",
            Verdict::Re | Verdict::Ce => "35",
            Verdict::Fail => "1;31",
        }
    }

    /// Parses a short code or a long name (`AC`, `wrong_answer`, ...).
    pub fn from_name(name: &str) -> Option<Verdict> {
        Some(match name.to_ascii_lowercase().as_str() {
            "ac" | "accepted" => Verdict::Ac,
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

/// The overall verdict of a run over tests in order: the first that is not AC.
pub fn overall(verdicts: impl IntoIterator<Item = Verdict>) -> Verdict {
    verdicts
        .into_iter()
        .find(|v| !v.is_accepted())
        .unwrap_or(Verdict::Ac)
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
}
