//! The submissions folders and the verdicts of the ICPC format, and the
//! kit's each stands for, both ways: where a package's submission goes
//! among the kit's solutions and what it promises ([`verdict_folder`],
//! [`annotated`]), and where a kit solution goes among a package's
//! submissions ([`placed`]). ICPC has no presentation error (a wrong
//! answer there) and no memory verdict (a run-time error there).

use std::collections::BTreeSet;
use std::path::Path;

use super::Version;
use crate::model::expect::{Expect, FOLDERS};
use crate::model::verdict::{Verdict, Verdicts};

/// Where each submissions folder goes in `solutions/<name>/`, and the
/// verdicts it promises where the kit's folder would promise another set:
/// ICPC has no memory verdict (a run out of memory is a run-time error
/// there), and `rejected` is any verdict but accepted.
pub fn verdict_folder(folder: &str) -> Option<(&str, &'static [&'static str])> {
    Some(match folder {
        "accepted" => ("accepted", &[]),
        "wrong_answer" => ("wrong_answer", &[]),
        "time_limit_exceeded" => ("time_limit_exceeded", &[]),
        "run_time_error" => ("runtime_error", &["RE", "MLE"]),
        "rejected" => ("rejected", &["WA", "TLE", "MLE", "OLE", "RE"]),
        "brute_force" => ("brute_force", &[]),
        "partially_accepted" => ("partially_accepted", &[]),
        _ => return None,
    })
}

/// The verdicts a DOMjudge-style `@EXPECTED_RESULTS@: CORRECT, TIMELIMIT`
/// line in a submission promises, if it has one.
pub fn annotated(source: &[u8]) -> Option<Vec<&'static str>> {
    let text = String::from_utf8_lossy(source);
    let line = text
        .lines()
        .find_map(|l| l.split_once("@EXPECTED_RESULTS@:"))?
        .1;
    let verdicts = line
        .split(',')
        .flat_map(|w| match w.trim().to_ascii_uppercase().as_str() {
            "CORRECT" => &["AC"][..],
            "WRONG-ANSWER" | "NO-OUTPUT" => &["WA"],
            "TIMELIMIT" => &["TLE"],
            // Running out of memory is a run error there.
            "RUN-ERROR" => &["RE", "MLE"],
            "OUTPUT-LIMIT" => &["OLE"],
            "MEMORY-LIMIT" => &["MLE"],
            "COMPILER-ERROR" => &["CE"],
            _ => &[],
        })
        .copied()
        .collect::<Vec<_>>();
    (!verdicts.is_empty()).then_some(verdicts)
}

/// The submissions folder of a solution that promises `expect`, if the
/// version has one: ICPC has no presentation error (it is a wrong answer
/// there) and no memory verdict (exhausting memory is a run-time error
/// there); a promise of several of these is `rejected` (2025-09).
pub fn submissions_folder(expect: Expect, icpc: Version) -> Option<&'static str> {
    let folder_of = |v: Verdict| match v {
        Verdict::Ac => Some("accepted"),
        Verdict::Wa | Verdict::Pe => Some("wrong_answer"),
        Verdict::Tle => Some("time_limit_exceeded"),
        Verdict::Re | Verdict::Mle => Some("run_time_error"),
        _ => None,
    };
    match expect {
        Expect::Verdict(v) => folder_of(v),
        Expect::BruteForce => (icpc == Version::Current).then_some("brute_force"),
        Expect::Partial => Some("partially_accepted"),
        Expect::OneOf(set) => {
            let verdicts = Verdicts::ALL.into_iter().filter(|v| set.contains(*v));
            let folders: BTreeSet<Option<&str>> = verdicts.map(folder_of).collect();
            match folders.into_iter().collect::<Vec<_>>()[..] {
                [Some(folder)] => Some(folder),
                _ if !set.contains(Verdict::Ac) && icpc == Version::Current => Some("rejected"),
                _ => None,
            }
        }
    }
}

/// The format's verdicts, and the kit's each stands for, as the
/// submissions folders map them: no memory verdict there (a run-time
/// error).
pub const VERDICTS: [(&str, &[&str]); 4] = [
    ("AC", &["AC"]),
    ("WA", &["WA"]),
    ("TLE", &["TLE"]),
    ("RTE", &["RE", "MLE"]),
];

/// The format's verdicts for the kit's set of overall verdicts `kit`, as a
/// pattern of `submissions.yaml` permits and requires them.
fn format_verdicts(kit: &[&str]) -> Vec<&'static str> {
    (VERDICTS.iter())
        .filter(|(_, ours)| ours.iter().any(|v| kit.contains(v)))
        .map(|(v, _)| *v)
        .collect()
}

/// Where a solution that promises `expect` goes under `submissions/`, and
/// what `submissions.yaml` must say of it there (2025-09): a promise of
/// several verdicts in a folder of its own (`mixed/`) stays there, said
/// in the file; else the folder that says the promise, or where none does
/// (TLE or AC), `mixed/` with the file saying it.
pub fn placed(
    expect: Expect,
    path: &Path,
    solutions: &Path,
    icpc: Version,
) -> Option<(String, Option<Vec<&'static str>>)> {
    let own = (path.strip_prefix(solutions).ok())
        .and_then(|rel| rel.components().next())
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .unwrap_or_default();
    // The folders whose own promise would add to the one said.
    let taken = FOLDERS.iter().any(|(f, _)| *f == own)
        || ["rejected", "run_time_error", ""].contains(&own.as_str());
    let said = |set: Verdicts| {
        let kit: Vec<&str> = (Verdicts::ALL.into_iter())
            .filter(|v| set.contains(*v))
            .map(Verdict::as_str)
            .collect();
        Some(format_verdicts(&kit))
    };
    match (expect, icpc, submissions_folder(expect, icpc)) {
        (Expect::OneOf(set), Version::Current, _) if !taken => Some((own, said(set))),
        (_, _, Some(folder)) => Some((folder.to_string(), None)),
        (Expect::OneOf(set), Version::Current, None) => Some(("mixed".to_string(), said(set))),
        _ => None,
    }
}
