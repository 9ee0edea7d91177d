//! Where a Hydro problem's tests are, and which of its files are tests.
//!
//! Hydro's judge reads one flat folder, the problem's test data: its
//! `config.yaml` (else `config.yml`) and the files the config's cases
//! name. A package holds that folder as Hydro exports it (`testdata/`
//! beside `problem.yaml`), or as people keep it in a repository: the
//! config at the root, with the tests beside it, in `data/` or in
//! `testdata/` ([`Layout`]).
//!
//! Where the config lists no case, the judge takes as tests the inputs
//! whose names follow one of three patterns, each with the first answer
//! that exists among the names the pattern gives it ([`discover`]):
//!
//! - `<stem><n>.in` or `<stem><n>.txt`, the stem without digits but for
//!   digits followed by letters (`sub1case`): the answer is `<stem><n>.out`,
//!   `<stem><n>.ans`, that `.out` with every `input` made `output`, or for a
//!   stem holding `input`, the input itself so renamed; subtask 1, each case
//!   its share of the points;
//! - `<stem>.in<n>`, the stem without digits: the answer is
//!   `<stem>.ou<n>`, or that with every `input` made `output`; subtask 1;
//! - `<stem><s>-<n>.in` or `<stem><s>_<n>.in`: the answer is `.out` or
//!   `.ans` in place of `.in`; subtask `s`, all or nothing.
//!
//! The inputs are the files of the folder and of its `input/` and
//! `output/` folders (named `input/<file>`); the cases of a subtask come in
//! the order of `n`.

use std::sync::LazyLock;

use regex::{Captures, Regex};

use crate::format::Package;

/// The config files Hydro's judge reads, in the order it tries them,
/// in a package's test data and at its root.
const CONFIGS: [&str; 4] = [
    "testdata/config.yaml",
    "testdata/config.yml",
    "config.yaml",
    "config.yml",
];

/// Whether `package` holds a Hydro problem: its test data, or a config at
/// its root.
pub fn recognises(package: &Package) -> bool {
    package.has_dir("testdata") || CONFIGS[2..].iter().any(|c| package.has(c))
}

/// Where a package keeps its config and its tests.
pub struct Layout {
    /// The config file, if there is one.
    pub config: Option<&'static str>,
    /// The folders the tests may be in, the config's own first (`""`: the
    /// package's root).
    pub folders: Vec<&'static str>,
}

impl Layout {
    /// The layout of `package`: its config, in the test data or at the
    /// root.
    pub fn of(package: &Package) -> Layout {
        let config = CONFIGS.into_iter().find(|c| package.has(c));
        let own = match config {
            Some(c) if c.starts_with("testdata/") => "testdata",
            Some(_) => "",
            None => "testdata",
        };
        let mut folders = vec![own];
        for other in ["data", "testdata"] {
            if !folders.contains(&other) && package.has_dir(other) {
                folders.push(other);
            }
        }
        Layout { config, folders }
    }
}

/// The package's path of `name`, a file of the test data in `folder`.
pub fn in_folder(folder: &str, name: &str) -> String {
    match folder {
        "" => name.to_string(),
        _ => format!("{folder}/{name}"),
    }
}

/// A test Hydro's judge finds by its name.
#[derive(Debug, PartialEq, Eq)]
pub struct Found {
    /// Its subtask's number in the name (1 where the name has none).
    pub subtask: u64,
    /// Its number in the name: its place in the subtask.
    pub number: u64,
    /// Its input and answer, in the test data.
    pub input: String,
    pub output: String,
    /// Whether its subtask is scored all or nothing (`min`), not each case
    /// its share (`sum`).
    pub all_or_nothing: bool,
}

/// One of the judge's name patterns: what it matches, the answers it
/// tries in order, the subtask and the case's number.
struct Pattern {
    input: Regex,
    answers: fn(&Captures) -> Vec<String>,
    subtask: fn(&Captures) -> u64,
    number: fn(&Captures) -> u64,
    all_or_nothing: bool,
}

/// A number of a name (digits the pattern matched; huge ones count as the
/// largest).
fn number(captures: &Captures, group: usize) -> u64 {
    captures[group].parse().unwrap_or(u64::MAX)
}

static PATTERNS: LazyLock<[Pattern; 3]> = LazyLock::new(|| {
    let regex = |pattern: &str| Regex::new(pattern).unwrap();
    [
        Pattern {
            input: regex(r"^([^0-9]*(?:[0-9]+[a-zA-Z]+)*)([0-9]+)\.(in|txt)$"),
            answers: |c| {
                let stem = format!("{}{}", &c[1], &c[2]);
                let mut answers = vec![
                    format!("{stem}.out"),
                    format!("{stem}.ans"),
                    format!("{stem}.out").replace("input", "output"),
                ];
                if c[1].contains("input") {
                    answers.push(format!("{stem}.txt").replace("input", "output"));
                }
                answers
            },
            subtask: |_| 1,
            number: |c| number(c, 2),
            all_or_nothing: false,
        },
        Pattern {
            input: regex(r"^([^0-9]*)\.in([0-9]+)$"),
            answers: |c| {
                let answer = format!("{}.ou{}", &c[1], &c[2]);
                vec![answer.clone(), answer.replace("input", "output")]
            },
            subtask: |_| 1,
            number: |c| number(c, 2),
            all_or_nothing: false,
        },
        Pattern {
            input: regex(r"^([^0-9]*)([0-9]+)([-_])([0-9]+)\.in$"),
            answers: |c| {
                let stem = format!("{}{}{}{}", &c[1], &c[2], &c[3], &c[4]);
                vec![format!("{stem}.out"), format!("{stem}.ans")]
            },
            subtask: |c| number(c, 2),
            number: |c| number(c, 4),
            all_or_nothing: true,
        },
    ]
});

/// The files of the test data in `folder` that the judge looks at, by
/// their names there: its own, and those of its `input/` and `output/`.
fn names(package: &Package, folder: &str) -> Vec<String> {
    let prefix = in_folder(folder, "");
    let mut names: Vec<String> = (package.all())
        .filter_map(|f| f.strip_prefix(prefix.as_str()))
        .filter(|name| match name.split_once('/') {
            None => true,
            Some((sub, rest)) => (sub == "input" || sub == "output") && !rest.contains('/'),
        })
        .map(str::to_string)
        .collect();
    names.sort();
    names
}

/// The tests the judge finds in `folder` by their names, in the order of
/// their subtasks and numbers (names break ties), and the inputs it passes
/// over: those that follow no pattern, or have none of their answers.
pub fn discover(package: &Package, folder: &str) -> (Vec<Found>, Vec<String>) {
    let names = names(package, folder);
    let mut found = Vec::new();
    for name in &names {
        for pattern in PATTERNS.iter() {
            let Some(captures) = pattern.input.captures(name) else {
                continue;
            };
            let answers = (pattern.answers)(&captures);
            if let Some(output) = answers.into_iter().find(|a| names.contains(a)) {
                found.push(Found {
                    subtask: (pattern.subtask)(&captures),
                    number: (pattern.number)(&captures),
                    input: name.clone(),
                    output,
                    all_or_nothing: pattern.all_or_nothing,
                });
            }
        }
    }
    found.sort_by_key(|f| (f.subtask, f.number));
    let passed_over = (names.iter())
        .filter(|n| n.ends_with(".in") || n.contains(".in") && n.ends_with(char::is_numeric))
        .filter(|n| !found.iter().any(|f| f.input == **n))
        .cloned()
        .collect();
    (found, passed_over)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A package of these (empty) files.
    fn package(files: &[&str]) -> (tempfile::TempDir, Package) {
        let dir = tempfile::tempdir().unwrap();
        for file in files {
            let path = dir.path().join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        let package = Package::open(dir.path()).unwrap();
        (dir, package)
    }

    fn tests(found: &[Found]) -> Vec<(u64, &str, &str)> {
        (found.iter())
            .map(|f| (f.subtask, f.input.as_str(), f.output.as_str()))
            .collect()
    }

    #[test]
    fn each_pattern_finds_its_answers() {
        let (_dir, p) = package(&[
            "problem.yaml",
            "t/a10.in",
            "t/a10.out",
            "t/a2.in",
            "t/a2.ans",
            "t/input/input3.txt",
            "t/output/output3.txt",
            "t/PAR.in4",
            "t/PAR.ou4",
            "t/g2-1.in",
            "t/g2-1.ans",
            "t/g1_5.in",
            "t/g1_5.out",
            "t/big.in",
            "t/big.out",
            "t/lonely7.in",
            "t/PARITY.I1",
            "t/sub/x1.in",
            "t/sub/x1.out",
        ]);
        let (found, passed_over) = discover(&p, "t");
        assert_eq!(
            tests(&found),
            [
                (1, "a2.in", "a2.ans"),
                (1, "input/input3.txt", "output/output3.txt"),
                (1, "PAR.in4", "PAR.ou4"),
                (1, "g1_5.in", "g1_5.out"),
                (1, "a10.in", "a10.out"),
                (2, "g2-1.in", "g2-1.ans"),
            ]
        );
        assert!(found[3].all_or_nothing && !found[0].all_or_nothing);
        assert_eq!(passed_over, ["big.in", "lonely7.in"]);
    }

    #[test]
    fn the_config_says_where_the_tests_may_be() {
        let (_dir, p) = package(&["config.yml", "data/1.in", "testdata/2.in"]);
        let layout = Layout::of(&p);
        assert_eq!(
            (layout.config, layout.folders),
            (Some("config.yml"), vec!["", "data", "testdata"])
        );
        let (_dir, p) = package(&["problem.yaml", "testdata/config.yaml"]);
        let layout = Layout::of(&p);
        assert_eq!(
            (layout.config, layout.folders),
            (Some("testdata/config.yaml"), vec!["testdata"])
        );
    }
}
