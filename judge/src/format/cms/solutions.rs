//! What a CMS task's `sol/` promises of each solution ([`Promise`]), only
//! where the task says it:
//!
//! - the official solution, `sol/soluzione.*` or `sol/solution.*` (each of
//!   them, as CMS's own test tasks hold one per language), is accepted;
//! - a solution's task-maker checks (`@check-accepted: *`, `@check-wrong-
//!   answer: st2` in a comment) promise AC where every subtask is
//!   accepted, and a verdict other than AC where one is not;
//! - any other solution (`lenta.cpp`, `greedy.cpp`, a name that says
//!   wrong, slow or partial or says nothing) is judged and shown, never
//!   asserted. Only a task without an official solution (the kit's own
//!   exports) keeps its old word: every solution of `sol/` is official,
//!   but for names that say wrong, slow or partial.

use globset::Glob;

use super::gen_file::Gen;

/// A solution's promise, as the task says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Promise {
    Accepted,
    /// Its checks say it fails a subtask: any verdict but AC.
    Rejected,
    /// Nothing said: judged and shown, never asserted; what its name
    /// suggests, if anything.
    Unknown(Option<&'static str>),
}

/// The folder under `solutions/<name>/` a promise puts a solution in, and
/// the verdicts problem.toml's `[expected]` lets it have (none: the
/// folder's own).
pub fn folder(promise: &Promise) -> (&'static str, &'static [&'static str]) {
    match promise {
        Promise::Accepted => ("accepted", &[]),
        Promise::Rejected => ("rejected", &["PC", "WA", "PE", "TLE", "MLE", "OLE", "RE"]),
        // Every verdict a solution can get: verify judges it on every test
        // and shows its verdict and score, and no verdict fails it (but a
        // failure of the jury's own programs).
        Promise::Unknown(_) => (
            "unknown",
            &["AC", "PC", "WA", "PE", "TLE", "MLE", "OLE", "RE", "CE"],
        ),
    }
}

/// Whether `own` (a file name in `sol/`) is an official solution.
pub fn is_official(own: &str) -> bool {
    let stem = own.rsplit_once('.').map_or(own, |(stem, _)| stem);
    stem == "soluzione" || stem == "solution"
}

/// The promise of the solution `own` (its name in `sol/`) of text
/// `source`; `official`: whether the task has an official solution.
pub fn promise(own: &str, source: &str, official: bool, recipes: &Gen) -> Promise {
    if is_official(own) {
        return Promise::Accepted;
    }
    if let Some(promise) = checked(source, recipes) {
        return promise;
    }
    match (official, named(own)) {
        (false, None) => Promise::Accepted,
        (_, said) => Promise::Unknown(said),
    }
}

/// What a solution's name says, in English or Italian words: wrong, slow
/// or partial.
pub fn named(own: &str) -> Option<&'static str> {
    const SAYS: [(&str, &[&str]); 3] = [
        (
            "wrong",
            &[
                "wrong", "sbagli", "errat", "bogus", "bugg", "wa", "bad", "bug",
            ],
        ),
        (
            "slow",
            &[
                "slow", "lent", "stupid", "naive", "brute", "esponenz", "exponen", "quadrat",
                "cubic", "tle", "exp",
            ],
        ),
        ("partial", &["partial", "parzial", "subott", "subopt"]),
    ];
    let stem = own.rsplit_once('.').map_or(own, |(stem, _)| stem);
    let lower = stem.to_lowercase();
    let words: Vec<&str> = (lower.split(|c: char| !c.is_alphabetic()))
        .filter(|w| !w.is_empty())
        .collect();
    // A short word must be the whole word (`wa`, not `wall`).
    let says = |word: &str, stem: &str| match stem.len() < 4 {
        true => word == stem,
        false => word.contains(stem),
    };
    SAYS.iter()
        .find(|(_, stems)| (words.iter()).any(|w| stems.iter().any(|stem| says(w, stem))))
        .map(|(said, _)| *said)
}

/// The promise a solution's task-maker checks make, if it has any that
/// say one: AC where an `@check-accepted` pattern covers every subtask and
/// no other check names one, another verdict where any other check names
/// one.
fn checked(source: &str, recipes: &Gen) -> Option<Promise> {
    let checks = checks(source);
    if checks.is_empty() {
        return None;
    }
    let names: Vec<Option<&str>> = match recipes.subtasks.is_empty() {
        true => vec![None],
        false => (recipes.subtasks.iter())
            .map(|s| s.name.as_deref())
            .collect(),
    };
    let covers = |pattern: &str, name: Option<&str>| match (pattern, name) {
        ("*", _) => true,
        (_, None) => false,
        (pattern, Some(name)) => {
            Glob::new(pattern).is_ok_and(|g| g.compile_matcher().is_match(name))
        }
    };
    let fails = (checks.iter())
        .filter(|(result, _)| *result != "accepted")
        .any(|(_, pattern)| names.iter().any(|n| covers(pattern, *n)));
    let accepted = |name: &Option<&str>| {
        (checks.iter())
            .filter(|(result, _)| *result == "accepted")
            .any(|(_, pattern)| covers(pattern, *name))
    };
    match (fails, names.iter().all(accepted)) {
        (true, _) => Some(Promise::Rejected),
        (false, true) => Some(Promise::Accepted),
        (false, false) => None,
    }
}

/// A source's task-maker checks: each `@check-<result>: <patterns>`, as
/// (result, pattern) pairs.
fn checks(source: &str) -> Vec<(&str, &str)> {
    let mut all = Vec::new();
    for line in source.lines() {
        let Some((_, check)) = line.split_once("@check-") else {
            continue;
        };
        let Some((result, patterns)) = check.split_once(':') else {
            continue;
        };
        let result = result.trim();
        // The end of a block comment is no pattern.
        let patterns = patterns.split("*/").next().unwrap_or_default();
        all.extend(patterns.split_whitespace().map(|p| (result, p)));
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recipes_of(text: &str) -> Gen {
        Gen::parse(text, "gen/GEN").unwrap()
    }

    #[test]
    fn names_say_what_they_are() {
        for (own, said) in [
            ("sol_stefano_sbagliata_ma_furba.cpp", Some("wrong")),
            ("ostuni_nm_wrong.cpp", Some("wrong")),
            ("ottima_buggata2.cpp", Some("wrong")),
            ("wa.cpp", Some("wrong")),
            ("superlenterrima.cpp", Some("slow")),
            ("ostuni_nomod_very_stupid.cpp", Some("slow")),
            ("exp.cpp", Some("slow")),
            ("cracco_subottima.cpp", Some("partial")),
            ("greedy.cpp", None),
            ("wall.cpp", None),
            ("expected.cpp", None),
        ] {
            assert_eq!(named(own), said, "{own}");
        }
    }

    #[test]
    fn checks_promise_where_they_cover_every_subtask() {
        let named = recipes_of("#ST: 0\n#STNAME: examples\n1\n#ST: 100\n#STNAME: all\n2\n");
        let promise = |source: &str| promise("x.cpp", source, true, &named);
        assert_eq!(promise("// @check-accepted: *\n"), Promise::Accepted);
        assert_eq!(
            promise("/* @check-accepted: examples all */"),
            Promise::Accepted
        );
        assert_eq!(
            promise("// @check-accepted: examples\n// @check-wrong-answer: all\n"),
            Promise::Rejected
        );
        assert_eq!(
            promise("// @check-accepted: examples\n"),
            Promise::Unknown(None)
        );
        assert_eq!(promise("int main() {}\n"), Promise::Unknown(None));
    }

    #[test]
    fn without_an_official_solution_sol_is_official() {
        let plain = recipes_of("1\n");
        assert_eq!(promise("soluzione.py", "", true, &plain), Promise::Accepted);
        assert_eq!(promise("sum.c", "", false, &plain), Promise::Accepted);
        assert_eq!(
            promise("sum_slow.c", "", false, &plain),
            Promise::Unknown(Some("slow"))
        );
        assert_eq!(promise("sum.c", "", true, &plain), Promise::Unknown(None));
    }
}
