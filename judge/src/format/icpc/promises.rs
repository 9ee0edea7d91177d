//! `submissions/submissions.yaml` (ICPC 2025-09), read and written: what
//! the submissions its glob patterns match promise. Each pattern gives the verdicts every test
//! may have (`permitted`) and one test must have (`required`), over the
//! default folders' own (`wrong_answer`: permitted AC and WA, required WA).
//!
//! The kit holds a solution to its overall verdict (the first test that is
//! not accepted), so a promise becomes the set of overall verdicts it
//! allows (`[expected]`): the permitted rejections, and AC where every
//! pattern permits and requires it.

use anyhow::{Context, Result, bail};
use globset::{GlobBuilder, GlobMatcher};
use yaml_rust2::{Yaml, YamlLoader};

use super::verdicts::VERDICTS;
use crate::format::Package;
use crate::format::imported::Lossy;
use crate::format::yaml::{self, map, strings};
use crate::model::verdict::{Verdict, Verdicts};

pub const FILE: &str = "submissions/submissions.yaml";

/// One pattern's promise, in the format's verdicts.
struct Promise {
    permitted: Vec<&'static str>,
    required: Vec<&'static str>,
}

impl Promise {
    fn any() -> Promise {
        let all: Vec<&str> = VERDICTS.iter().map(|(v, _)| *v).collect();
        Promise {
            permitted: all.clone(),
            required: all,
        }
    }

    /// A default folder's promise (the format's table).
    fn of_folder(folder: &str) -> Option<Promise> {
        let (permitted, required): (&[&str], &[&str]) = match folder {
            "accepted" => (&["AC"], &["AC", "WA", "TLE", "RTE"]),
            "rejected" => (&["AC", "WA", "TLE", "RTE"], &["RTE", "TLE", "WA"]),
            "wrong_answer" => (&["AC", "WA"], &["WA"]),
            "time_limit_exceeded" => (&["AC", "TLE"], &["TLE"]),
            "run_time_error" => (&["AC", "RTE"], &["RTE"]),
            "brute_force" => (&["AC", "TLE", "RTE"], &["TLE", "RTE"]),
            _ => return None,
        };
        Some(Promise {
            permitted: permitted.to_vec(),
            required: required.to_vec(),
        })
    }
}

/// The patterns of submissions.yaml, in its order.
pub struct Promises(Vec<(GlobMatcher, Promise)>);

impl Promises {
    /// Reads the package's submissions.yaml (none: no patterns). Keys the
    /// kit cannot hold a solution to (a score, a message, verdicts per
    /// test group) are left out with `--lossy`.
    pub fn read(package: &Package, lossy: &mut Lossy) -> Result<Promises> {
        if !package.has(FILE) {
            return Ok(Promises(Vec::new()));
        }
        let shown = package.shown(FILE);
        let docs = YamlLoader::load_from_str(&package.text(FILE)?)
            .with_context(|| format!("{shown}: not YAML"))?;
        let mut all = Vec::new();
        let Some(Yaml::Hash(patterns)) = docs.into_iter().next() else {
            return Ok(Promises(all));
        };
        for (pattern, keys) in &patterns {
            let Some(pattern) = pattern.as_str() else {
                bail!("{shown}: {pattern:?}: expected a glob pattern of submissions");
            };
            let glob = GlobBuilder::new(pattern)
                .literal_separator(true)
                .build()
                .with_context(|| format!("{shown}: `{pattern}` is no glob pattern"))?;
            let mut promise = Promise::any();
            let Yaml::Hash(keys) = keys else {
                bail!("{shown}: `{pattern}`: expected a mapping of keys");
            };
            for (key, value) in keys {
                let key = key.as_str().unwrap_or("");
                match key {
                    "permitted" | "required" => {
                        let verdicts = verdicts(value).with_context(|| {
                            format!(
                                "{shown}: `{pattern}: {key}`: expected a list of AC, WA, TLE, RTE"
                            )
                        })?;
                        match key {
                            "permitted" => promise.permitted = verdicts,
                            _ => promise.required = verdicts,
                        }
                    }
                    // Words for people, and the time limit's choice.
                    "authors" | "model_solution" | "use_for_time_limit" => {}
                    _ => lossy.drop(format!(
                        "{shown}: `{pattern}: {key}` (the kit holds a solution to its overall \
                         verdicts)"
                    ))?,
                }
            }
            all.push((glob.compile_matcher(), promise));
        }
        Ok(Promises(all))
    }

    /// The overall verdicts (the kit's) that the submission at `path`
    /// (under submissions/) may get, if a pattern matches it or a folder
    /// above it.
    pub fn of(&self, path: &str) -> Option<Vec<&'static str>> {
        let mut above = vec![path];
        let mut rest = path;
        while let Some((parent, _)) = rest.rsplit_once('/') {
            above.push(parent);
            rest = parent;
        }
        let matching: Vec<&Promise> = (self.0.iter())
            .filter(|(glob, _)| above.iter().any(|p| glob.is_match(p)))
            .map(|(_, promise)| promise)
            .collect();
        if matching.is_empty() {
            return None;
        }
        let folder = path.split('/').next().unwrap_or("");
        let own = Promise::of_folder(folder);
        let all: Vec<&Promise> = own.iter().chain(matching).collect();
        let permitted = |v: &str| all.iter().all(|p| p.permitted.contains(&v));
        let accepted = permitted("AC") && all.iter().all(|p| p.required.contains(&"AC"));
        let allowed: Vec<&(&str, &[&str])> = (VERDICTS.iter())
            .filter(|(v, _)| match *v {
                "AC" => accepted,
                v => permitted(v),
            })
            .collect();
        // Every verdict of the format promises nothing: the kit's `any
        // verdict`, with those the format has no name for (a presentation
        // error, the output limit, a compile error), as a solution that
        // promised any verdict went out.
        if allowed.len() == VERDICTS.len() {
            let every = Verdicts::ALL.into_iter().filter(|v| *v != Verdict::Fail);
            return Some(every.map(Verdict::as_str).collect());
        }
        Some(
            allowed
                .iter()
                .flat_map(|(_, kit)| kit.iter().copied())
                .collect(),
        )
    }
}

/// The text of a `submissions.yaml` where each of `promises` (a pattern
/// and the format's verdicts) permits and requires its verdicts.
pub fn text(promises: &[(String, Vec<&str>)]) -> Result<String> {
    let entries = promises.iter().map(|(pattern, verdicts)| {
        let list = || strings(verdicts.iter().copied());
        let keys = map([("permitted", list()), ("required", list())]);
        (Yaml::String(pattern.clone()), keys)
    });
    yaml::text(&Yaml::Hash(entries.collect()))
}

/// The format's verdicts a YAML list (or one name) gives.
fn verdicts(value: &Yaml) -> Option<Vec<&'static str>> {
    let names: Vec<&str> = match value {
        Yaml::Array(list) => list.iter().map(Yaml::as_str).collect::<Option<_>>()?,
        Yaml::String(one) => vec![one.as_str()],
        _ => return None,
    };
    (names.iter())
        .map(|n| VERDICTS.iter().find(|(v, _)| v == n).map(|(v, _)| *v))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The promises of a package whose submissions.yaml is `yaml`.
    fn read(yaml: &str) -> Promises {
        let dir = tempfile::tempdir().unwrap();
        testkit::files::write(&dir.path().join(FILE), yaml);
        // (A folder alone would be the package.)
        testkit::files::write(&dir.path().join("problem.yaml"), "name: x\n");
        let package = Package::open(dir.path()).unwrap();
        Promises::read(&package, &mut Lossy::new(false, Vec::new())).unwrap()
    }

    #[test]
    fn every_verdict_of_the_format_is_the_kits_any_verdict() {
        let every = "mixed/x.py: {permitted: [AC, WA, TLE, RTE], required: [AC, WA, TLE, RTE]}\n";
        let got = read(every).of("mixed/x.py").unwrap();
        let verdicts: Verdicts = got.iter().map(|v| Verdict::from_name(v).unwrap()).collect();
        let described = verdicts.describe();
        assert_eq!(described, "any verdict");
        let some = "mixed/x.py: {permitted: [AC, WA, TLE], required: [AC, WA, TLE]}\n";
        assert_eq!(read(some).of("mixed/x.py").unwrap(), ["AC", "WA", "TLE"]);
    }
}
