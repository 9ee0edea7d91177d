//! Judge protocols: how a checker or validator is called and how it reports.
//!
//! testlib's own protocol is the default. The same program can also speak
//! Kattis's (DOMjudge, BAPCtools, problemtools) and CMS's, so that one
//! checker source serves every judge. This module holds the two decisions
//! involved, each in one place:
//!
//! * [`choose`]: which protocol a program speaks (compile-time default,
//!   run-time override, detection of a Kattis call);
//! * [`deliver`]: what a verdict becomes under that protocol (exit code,
//!   score on stdout, feedback files).
//!
//! How the streams are opened for each protocol is the checker's business
//! (`checker.rs`); the verdict text itself is built by the runtime exactly as
//! in testlib mode. Nothing here touches the program's state: the runtime,
//! above this module, records the protocol and acts on the delivery.

use std::path::{Path, PathBuf};

use crate::format;
use crate::outcome::Outcome;

/// The judging protocol a checker or validator speaks.
///
/// | | testlib | Kattis | CMS |
/// |---|---|---|---|
/// | checker call | `input output answer [result [-appes]]` | `input answer feedback_dir [flags...] < output` | `input correct_output contestant_output` |
/// | accepted | exit 0 (points 7, `pc(k)` k) | exit 42 | exit 0, stdout `1.0` (points: the value clamped to [0, 1]) |
/// | rejected | exit 1, 2 | exit 43 | exit 0, stdout `0.0` |
/// | FAIL | exit 3 | exit 3 | exit 3 |
/// | validator | exit 0 / 3 | exit 42 / 43 | as testlib |
///
/// See the crate's README for the details and how the protocol is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// testlib's own (Codeforces, Polygon, ejudge, ...): the default.
    Testlib,
    /// Kattis / ICPC output and input validators (DOMjudge, BAPCtools,
    /// problemtools).
    Kattis,
    /// CMS's Batch comparator ("checker" manager).
    Cms,
}

/// The environment variable that chooses the protocol: read by the compiler
/// (the default baked into the program) and at run time (an override).
pub const PROTOCOL_ENV: &str = "TESTLIB_RS_PROTOCOL";

/// The default baked in when the crate was compiled. `option_env!` makes
/// cargo record the variable in its dep-info, so changing it rebuilds us.
const BAKED: Option<&str> = option_env!("TESTLIB_RS_PROTOCOL");

/// Returns true if and only if `a` and `b` are equal (`==` is not `const`).
const fn const_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

// A misspelt compile-time value would produce binaries that FAIL on every
// call; refuse to build them instead.
const _: () = assert!(
    match BAKED {
        None => true,
        Some(name) =>
            const_eq(name, "")
                || const_eq(name, "testlib")
                || const_eq(name, "kattis")
                || const_eq(name, "cms"),
    },
    "TESTLIB_RS_PROTOCOL must be testlib, kattis or cms (or unset)"
);

impl Protocol {
    /// The protocol named `name` (`testlib`, `kattis`, `cms`), if any.
    pub fn from_name(name: &str) -> Option<Protocol> {
        match name {
            "testlib" => Some(Protocol::Testlib),
            "kattis" => Some(Protocol::Kattis),
            "cms" => Some(Protocol::Cms),
            _ => None,
        }
    }

    /// The protocol's name, as [`PROTOCOL_ENV`] spells it.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Testlib => "testlib",
            Protocol::Kattis => "kattis",
            Protocol::Cms => "cms",
        }
    }
}

/// Chooses the protocol. `baked` is the compile-time value, `runtime` the
/// environment's; an empty value counts as unset. The run-time value
/// overrides the baked one, and a checker called the way Kattis judges call
/// an output validator (`kattis_call`) speaks Kattis whatever both say.
/// A name that is not known is an error even then: it is a misconfiguration
/// that must not go unnoticed. Detection never picks CMS, whose call looks
/// exactly like testlib's.
pub(crate) fn choose(
    baked: Option<&str>,
    runtime: Option<&str>,
    kattis_call: bool,
) -> Result<Protocol, String> {
    let (source, name) = match (runtime, baked) {
        (Some(name), _) if !name.is_empty() => ("the environment variable", name),
        (_, Some(name)) if !name.is_empty() => ("the compile-time value of", name),
        _ => ("", "testlib"),
    };
    let Some(named) = Protocol::from_name(name) else {
        return Err(format!(
            "Unknown judge protocol \"{name}\" in {source} {PROTOCOL_ENV}: expected testlib, kattis or cms"
        ));
    };
    Ok(if kattis_call { Protocol::Kattis } else { named })
}

/// Returns true if and only if the arguments (program name first,
/// `--testset`/`--group` removed) are a Kattis output validator's call: the
/// third is an existing directory, the feedback directory. A testlib answer
/// file or a CMS contestant output is never a directory.
pub(crate) fn is_kattis_call(positional: &[String]) -> bool {
    positional.get(3).is_some_and(|p| Path::new(p).is_dir())
}

/// Returns true if and only if the arguments (program name first) are a
/// CMS Communication manager's call, `manager <from-user> <to-user>`: the
/// program speaks CMS's protocol and both arguments are FIFOs.
pub(crate) fn is_cms_manager_call(positional: &[String]) -> bool {
    use std::os::unix::fs::FileTypeExt;
    let fifo = |p: &String| std::fs::metadata(p).is_ok_and(|m| m.file_type().is_fifo());
    let runtime = std::env::var_os(PROTOCOL_ENV).map(|v| v.to_string_lossy().into_owned());
    positional.len() == 3
        && positional[1..].iter().all(fifo)
        && choose(BAKED, runtime.as_deref(), false) == Ok(Protocol::Cms)
}

/// Decides the protocol of the program being registered: `Err` holds the
/// FAIL message for an unknown name. A validator has no CMS protocol (CMS
/// does not run validators), so it stays in testlib's there.
pub(crate) fn decide(checker_args: Option<&[String]>) -> Result<Protocol, String> {
    let runtime = std::env::var_os(PROTOCOL_ENV).map(|v| v.to_string_lossy().into_owned());
    let kattis_call = checker_args.is_some_and(is_kattis_call);
    match choose(BAKED, runtime.as_deref(), kattis_call)? {
        Protocol::Cms if checker_args.is_none() => Ok(Protocol::Testlib),
        protocol => Ok(protocol),
    }
}

/// A verdict, as the runtime has it just before the program ends.
pub(crate) struct Verdict<'a> {
    /// The outcome reported (`Dirt` already shown as PE, unexpected EOF
    /// already mapped).
    pub outcome: Outcome,
    /// testlib's exit code for it.
    pub testlib_code: i32,
    /// Exactly what testlib mode prints on stderr, without colours.
    pub text: &'a [u8],
    /// A `quitp` score: its value and its text as shown in the message.
    pub points: Option<(f64, &'a str)>,
    /// Set for validators, which report valid or invalid only.
    pub validator: bool,
}

/// What a verdict becomes under a protocol.
#[derive(Debug, PartialEq)]
pub(crate) struct Delivery {
    /// The process's exit code.
    pub code: i32,
    /// A line for stdout (CMS's score).
    pub stdout: Option<String>,
    /// Files to create or truncate (Kattis's feedback).
    pub files: Vec<(PathBuf, Vec<u8>)>,
}

/// Kattis's exit codes.
pub(crate) const KATTIS_ACCEPTED: i32 = 42;
const KATTIS_REJECTED: i32 = 43;

/// Maps a verdict to the protocol's outputs; `Err` holds the message of the
/// FAIL to report instead, when the protocol cannot express the verdict.
/// stderr always gets `verdict.text`, so it is not part of the result.
pub(crate) fn deliver(
    protocol: Protocol,
    verdict: &Verdict,
    feedback_dir: Option<&Path>,
) -> Result<Delivery, String> {
    let mut delivery = Delivery {
        code: verdict.testlib_code,
        stdout: None,
        files: Vec::new(),
    };
    match protocol {
        Protocol::Testlib => {}
        // An input validator only says valid (testlib's 0) or not.
        Protocol::Kattis if verdict.validator => {
            delivery.code = if verdict.testlib_code == 0 {
                KATTIS_ACCEPTED
            } else {
                KATTIS_REJECTED
            };
        }
        Protocol::Kattis => {
            delivery.code = match verdict.outcome {
                // The jury's fault: neither accepted nor rejected, so that the
                // judge reports an error instead of a verdict.
                Outcome::Fail => verdict.testlib_code,
                Outcome::Ok | Outcome::Points | Outcome::Partially(_) => KATTIS_ACCEPTED,
                Outcome::Wa | Outcome::Pe | Outcome::Dirt | Outcome::UnexpectedEof => {
                    KATTIS_REJECTED
                }
            };
            if let Some(dir) = feedback_dir {
                delivery
                    .files
                    .push((dir.join("judgemessage.txt"), verdict.text.to_vec()));
                if let (Outcome::Points, Some((_, shown))) = (verdict.outcome, verdict.points) {
                    delivery
                        .files
                        .push((dir.join("score.txt"), format!("{shown}\n").into_bytes()));
                }
            }
        }
        Protocol::Cms => {
            let score = match verdict.outcome {
                Outcome::Fail => return Ok(delivery),
                Outcome::Ok => 1.0,
                // CMS wants the fraction of the test's score earned.
                Outcome::Points => match verdict.points {
                    Some((value, _)) => value.clamp(0.0, 1.0),
                    // `quitpi` gives free-form information, not a number;
                    // testlib fails the same way when `-appes` needs one.
                    None => return Err("Expected points, but infinity found".to_string()),
                },
                // `pc(k)` is a judge-specific code with no documented
                // fraction: the contestant gets nothing for it.
                Outcome::Partially(_) => 0.0,
                Outcome::Wa | Outcome::Pe | Outcome::Dirt | Outcome::UnexpectedEof => 0.0,
            };
            delivery.code = 0;
            delivery.stdout = Some(format!("{}\n", cms_score(score)));
        }
    }
    Ok(delivery)
}

/// A score in [0, 1] as testlib prints doubles: `%.10f` without trailing
/// zeros, so `1.0`, `0.0`, `0.25`.
fn cms_score(score: f64) -> String {
    format::remove_double_trailing_zeroes(&format::fixed(score, 10))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_runtime_value_overrides_the_baked_one() {
        use Protocol::*;
        assert_eq!(choose(None, None, false), Ok(Testlib));
        assert_eq!(choose(Some(""), Some(""), false), Ok(Testlib));
        assert_eq!(choose(Some("cms"), None, false), Ok(Cms));
        assert_eq!(choose(Some("kattis"), None, false), Ok(Kattis));
        assert_eq!(choose(Some("testlib"), None, false), Ok(Testlib));
        assert_eq!(choose(Some("cms"), Some("testlib"), false), Ok(Testlib));
        assert_eq!(choose(Some("cms"), Some(""), false), Ok(Cms));
        assert_eq!(choose(None, Some("kattis"), false), Ok(Kattis));
        assert_eq!(choose(Some("kattis"), Some("cms"), false), Ok(Cms));
    }

    #[test]
    fn a_kattis_call_is_kattis_whatever_the_default() {
        use Protocol::*;
        for (baked, runtime) in [
            (None, None),
            (Some("cms"), None),
            (Some("testlib"), Some("cms")),
            (None, Some("testlib")),
        ] {
            assert_eq!(choose(baked, runtime, true), Ok(Kattis));
        }
    }

    #[test]
    fn unknown_names_are_errors() {
        let err = choose(None, Some("Kattis"), false).unwrap_err();
        assert_eq!(
            err,
            "Unknown judge protocol \"Kattis\" in the environment variable TESTLIB_RS_PROTOCOL: expected testlib, kattis or cms"
        );
        let err = choose(Some("domjudge"), None, true).unwrap_err();
        assert!(err.contains("\"domjudge\" in the compile-time value of"));
        // The run-time value replaces the baked one entirely.
        assert_eq!(choose(Some("bogus"), Some("cms"), false), Ok(Protocol::Cms));
    }

    #[test]
    fn this_build_has_a_known_default() {
        // Also guaranteed by the compile-time assertion.
        assert!(choose(BAKED, None, false).is_ok());
        assert!(const_eq("cms", "cms") && !const_eq("cms", "cm") && !const_eq("ab", "ac"));
    }

    #[test]
    fn kattis_calls_are_recognised_by_the_feedback_directory() {
        let dir = std::env::temp_dir();
        let dir = dir.to_string_lossy().into_owned();
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(is_kattis_call(&args(&["chk", "in", "ans", &dir])));
        assert!(is_kattis_call(&args(&["chk", "in", "ans", &dir, "flag"])));
        assert!(!is_kattis_call(&args(&["chk", "in", &dir])));
        assert!(!is_kattis_call(&args(&[
            "chk",
            "in",
            "out",
            "/no/such/dir"
        ])));
    }

    fn verdict(
        outcome: Outcome,
        code: i32,
        points: Option<(f64, &'static str)>,
    ) -> Verdict<'static> {
        Verdict {
            outcome,
            testlib_code: code,
            text: b"text\n",
            points,
            validator: false,
        }
    }

    #[test]
    fn cms_scores() {
        let score = |v: Verdict| deliver(Protocol::Cms, &v, None).map(|d| (d.code, d.stdout));
        let line = |s: &str| Ok((0, Some(format!("{s}\n"))));
        assert_eq!(score(verdict(Outcome::Ok, 0, None)), line("1.0"));
        assert_eq!(score(verdict(Outcome::Wa, 1, None)), line("0.0"));
        assert_eq!(score(verdict(Outcome::Pe, 2, None)), line("0.0"));
        assert_eq!(score(verdict(Outcome::Partially(5), 5, None)), line("0.0"));
        assert_eq!(
            score(verdict(Outcome::Points, 7, Some((0.25, "0.25")))),
            line("0.25")
        );
        assert_eq!(
            score(verdict(Outcome::Points, 7, Some((50.0, "50")))),
            line("1.0")
        );
        assert_eq!(
            score(verdict(
                Outcome::Points,
                7,
                Some((1.0 / 3.0, "0.3333333333"))
            )),
            line("0.3333333333")
        );
        assert!(score(verdict(Outcome::Points, 7, None)).is_err());
        assert_eq!(score(verdict(Outcome::Fail, 3, None)), Ok((3, None)));
    }

    #[test]
    fn kattis_codes_and_files() {
        let dir = Path::new("fb");
        let run = |v: Verdict| deliver(Protocol::Kattis, &v, Some(dir)).unwrap();
        let accepted = run(verdict(Outcome::Points, 7, Some((12.5, "12.5"))));
        assert_eq!(accepted.code, 42);
        assert_eq!(
            accepted.files,
            vec![
                (dir.join("judgemessage.txt"), b"text\n".to_vec()),
                (dir.join("score.txt"), b"12.5\n".to_vec()),
            ]
        );
        assert_eq!(run(verdict(Outcome::Partially(0), 0, None)).code, 42);
        assert_eq!(run(verdict(Outcome::Dirt, 2, None)).code, 43);
        assert_eq!(run(verdict(Outcome::UnexpectedEof, 8, None)).code, 43);
        let failed = run(verdict(Outcome::Fail, 3, None));
        assert_eq!(failed.code, 3);
        assert_eq!(failed.files.len(), 1);
        let mut validator = verdict(Outcome::Ok, 0, None);
        validator.validator = true;
        assert_eq!(run(validator).code, 42);
        let mut invalid = verdict(Outcome::Fail, 3, None);
        invalid.validator = true;
        assert_eq!(run(invalid).code, 43);
    }
}
