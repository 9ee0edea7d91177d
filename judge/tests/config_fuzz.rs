//! Loading the configuration never panics, and every error names its file:
//! valid `judge.toml` and `problem.toml` texts, mutated (lines deleted,
//! duplicated, swapped or inserted, values replaced by wrong types, huge
//! numbers or unicode, random bytes, truncation), and arbitrary texts, go
//! through the library's loading (`Kit::discover`, `Problem::load`) in a
//! throw-away kit (`common/kit.rs`: its configuration that sets every key).
//! An error must name `judge.toml` or `problem.toml`, and a
//! `file:line:column` it gives must lie inside that file.
//!
//! The default number of cases keeps this file quick in a debug build;
//! `PROPTEST_CASES` sets another.

use std::path::PathBuf;
use std::time::Duration;

use judge::model::kit::Kit;
use judge::model::problem::Problem;
use judge::model::verdict;
use proptest::prelude::*;
use proptest::sample::Index;

// The judge's kit is `Kit`: the test's throw-away one is `TempKit` here.
use testkit::kit::{
    FULL_JUDGE_TOML as JUDGE_TOML, FULL_PROBLEM_TOML as PROBLEM_TOML, Kit as TempKit,
};

/// Values of each type that are wrong in some place (numbers out of every
/// range, names of nothing, odd unicode in a path), then wrong types and
/// broken syntax.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "3",
    "10000",
    "10001",
    "3600000",
    "3600001",
    "1048576",
    "1048577",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
];
const STRINGS: &[&str] = &[
    r#""""#,
    r#""x""#,
    r#""求和""#,
    r#""\u202e""#,
    r#""🦀.rs""#,
    r#""e\u0301""#,
    r#""\u0000""#,
    r#""../../../../etc/passwd""#,
    r#""/""#,
    r#"".""#,
    r#""..""#,
    r#""{index}""#,
    r#""small""#,
    r#""large""#,
    r#""nowhere""#,
    r#""wcmp""#,
    r#""check-sum""#,
    r#""check.kt""#,
    r#""gen.c""#,
    r#""gen2.py""#,
    r#""t1.in""#,
    r#""validate.cpp""#,
    r#""accepted/ref.c""#,
    r#""accepted""#,
    r#""sum""#,
    r#""sum/../sum""#,
    r#""c""#,
];
const ARRAYS: &[&str] = &[
    "[]",
    r#"[""]"#,
    r#"["{index}"]"#,
    r#"["c"]"#,
    r#"["py", "c"]"#,
    r#"["sum", "sum"]"#,
    r#"["sum", "other"]"#,
    r#"["", "/", ".."]"#,
    r#"["wrong_answer/wa.py", "missing.c"]"#,
    r#"["accepted/ref.c"]"#,
    r#"["gcc"]"#,
];
const OTHERS: &[&str] = &[
    "1e999",
    "nan",
    "-inf",
    "0.5",
    "true",
    "1979-05-27T07:32:00Z",
    "[1, 2]",
    r#"["a", 1]"#,
    "[[]]",
    "{}",
    "{ en = 1 }",
    r#"{ en = "A", zh = "B", fr = "C" }"#,
    r#"{ en = "", zh = "" }"#,
    r#""unterminated"#,
    "'''",
    "=",
    "",
];

/// Lines to insert: keys known and unknown, tables, broken syntax.
const LINES: &[&str] = &[
    "[[tests]]",
    "[[groups]]",
    "[defaults]",
    "[languages.c]",
    "[languages.rust]",
    "[title]",
    "[tests]",
    "count = 4294967295",
    "args = [\"{index}\"]",
    "file = \"t1.in\"",
    "group = \"large\"",
    "group = \"nowhere\"",
    "name = \"small\"",
    "points = 4294967295",
    "extensions = [\"c\"]",
    "extensions = []",
    "run = []",
    "compile = []",
    "problems = []",
    "problems = [\"sum\", \"sum\"]",
    "problems = [\"\", \"../sum\", \"/\"]",
    "jobs = 0",
    "jobs = 18446744073709551615",
    "time_limit_ms = 18446744073709551615",
    "memory_limit_mib = 1099511627776",
    "unknown = 1",
    "tests = []",
    "targets = [\"accepted/ref.c\", \"missing.c\"]",
    "sample = \"yes\"",
    "checker = \"check.kt\"",
    "reference = \"accepted\"",
    "cpp_checker = \"nonstandard\"",
    "a.b.c = 1",
    "\"quoted key\" = 1",
    "x = \"\"\"",
    "# 注释 🦀",
    "\u{feff}",
    "\r",
    "",
];

/// One change to a text.
#[derive(Clone, Debug)]
enum Mutation {
    DeleteLine(Index),
    DuplicateLine(Index),
    SwapLines(Index, Index),
    InsertLine(Index, &'static str),
    /// Replaces what follows the first `=` of a line by a value of the
    /// same type (when the flag is set), or of any type.
    ReplaceValue(Index, Index, bool),
    /// Replaces a line's key (before the first `=`).
    RenameKey(Index, String),
    InsertBytes(Index, Vec<u8>),
    Truncate(Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        1 => any::<Index>().prop_map(Mutation::DeleteLine),
        1 => any::<Index>().prop_map(Mutation::DuplicateLine),
        1 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapLines(a, b)),
        1 => (any::<Index>(), prop::sample::select(LINES))
            .prop_map(|(i, line)| Mutation::InsertLine(i, line)),
        8 => (any::<Index>(), any::<Index>(), prop::bool::weighted(0.8))
            .prop_map(|(i, v, same)| Mutation::ReplaceValue(i, v, same)),
        1 => (any::<Index>(), "[a-z_]{1,12}|\\PC{1,4}").prop_map(|(i, key)| Mutation::RenameKey(i, key)),
        1 => (any::<Index>(), prop::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(i, bytes)| Mutation::InsertBytes(i, bytes)),
        1 => any::<Index>().prop_map(Mutation::Truncate),
    ]
}

/// Applies `m` to `text`.
fn apply(text: &[u8], m: &Mutation) -> Vec<u8> {
    let mut lines: Vec<Vec<u8>> = text.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let n = lines.len();
    match m {
        Mutation::DeleteLine(i) => {
            lines.remove(i.index(n));
        }
        Mutation::DuplicateLine(i) => {
            let line = lines[i.index(n)].clone();
            lines.insert(i.index(n), line);
        }
        Mutation::SwapLines(a, b) => lines.swap(a.index(n), b.index(n)),
        Mutation::InsertLine(i, line) => lines.insert(i.index(n + 1), line.as_bytes().to_vec()),
        Mutation::ReplaceValue(i, v, same) => {
            let line = &mut lines[i.index(n)];
            if let Some(eq) = line.iter().position(|&b| b == b'=') {
                let old = line[eq + 1..].trim_ascii_start().first().copied();
                let pool = match old {
                    _ if !same => [NUMBERS, STRINGS, ARRAYS, OTHERS].concat(),
                    Some(b'0'..=b'9' | b'-') => NUMBERS.to_vec(),
                    Some(b'"') => STRINGS.to_vec(),
                    Some(b'[') => ARRAYS.to_vec(),
                    _ => OTHERS.to_vec(),
                };
                line.truncate(eq + 1);
                line.push(b' ');
                line.extend_from_slice(v.get(&pool).as_bytes());
            }
        }
        Mutation::RenameKey(i, key) => {
            let line = &mut lines[i.index(n)];
            if let Some(eq) = line.iter().position(|&b| b == b'=') {
                let mut renamed = key.as_bytes().to_vec();
                renamed.extend_from_slice(b" ");
                renamed.extend_from_slice(&line[eq..]);
                *line = renamed;
            }
        }
        Mutation::InsertBytes(i, bytes) => {
            let at = i.index(text.len() + 1);
            return [&text[..at], bytes, &text[at..]].concat();
        }
        Mutation::Truncate(i) => return text[..i.index(text.len() + 1)].to_vec(),
    }
    lines.join(&b'\n')
}

thread_local! {
    /// One kit per test (each runs on a thread of its own), written anew
    /// by every case.
    static KIT: TempKit = TempKit::builder().full_config().create();
}

/// Writes the two files into `kit` and loads the kit and each of its
/// problems as the commands do; checks every error. Returns the number of
/// problems that loaded.
fn load(kit: &TempKit, judge_toml: &[u8], problem_toml: &[u8]) -> Result<usize, TestCaseError> {
    let root = kit.dir();
    let judge_path = kit.path("judge.toml");
    std::fs::write(&judge_path, judge_toml).unwrap();
    std::fs::write(kit.path("problems/sum/problem.toml"), problem_toml).unwrap();
    let kit = match Kit::discover(root) {
        Ok(kit) => kit,
        Err(e) => {
            check_error(&e, &[(judge_path, judge_toml)])?;
            return Ok(0);
        }
    };
    kit.jobs(None);
    // Without TESTLIB_H, a `testlib_h` that is no file is judge.toml's fault.
    if kit.config.value.testlib_h.is_some()
        && std::env::var_os("TESTLIB_H").is_none()
        && let Err(e) = kit.testlib_h()
    {
        check_error(&e, &[(judge_path.clone(), judge_toml)])?;
    }
    let mut loaded = 0;
    for name in kit.select(&[]).unwrap() {
        let path = root.join("problems").join(&name).join("problem.toml");
        let text = std::fs::read(&path).unwrap_or_default();
        match Problem::load(root, &name, &kit.config) {
            Ok(problem) => {
                // What the commands read of a loaded problem.
                for test in &problem.tests {
                    test.describe();
                    problem.recipe(test);
                }
                problem.cargo_binaries();
                verdict::max_score(&problem.groups, &[]);
                prop_assert!(!problem.tests.is_empty());
                loaded += 1;
            }
            Err(e) => check_error(&e, &[(judge_path.clone(), judge_toml), (path, &text)])?,
        }
    }
    Ok(loaded)
}

/// The error names one of `files` and any `file:line:column` it gives for
/// that file lies inside it.
fn check_error(e: &anyhow::Error, files: &[(PathBuf, &[u8])]) -> Result<(), TestCaseError> {
    let message = format!("{e:#}");
    prop_assert!(!message.trim().is_empty());
    let mut named = false;
    for (path, text) in files {
        let shown = path.display().to_string();
        for (at, _) in message.match_indices(&shown) {
            named = true;
            let rest = &message[at + shown.len()..];
            if let Some((line, column)) = position(rest) {
                let text = String::from_utf8_lossy(text);
                let lines: Vec<&str> = text.split('\n').collect();
                prop_assert!(
                    (1..=lines.len()).contains(&line),
                    "line {line} of {} lines: {message}",
                    lines.len()
                );
                let width = lines[line - 1].chars().count();
                prop_assert!(
                    (1..=width + 1).contains(&column),
                    "column {column} of a line of {width}: {message}"
                );
            }
        }
    }
    prop_assert!(named, "the error names no file: {message}");
    Ok(())
}

/// `:line:column` at the start of `rest`.
fn position(rest: &str) -> Option<(usize, usize)> {
    let mut parts = rest.strip_prefix(':')?.splitn(3, ':');
    let line = parts.next()?.parse().ok()?;
    let column = parts.next()?.parse().ok()?;
    Some((line, column))
}

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256);
    ProptestConfig {
        cases,
        ..ProptestConfig::default()
    }
}

#[test]
fn the_valid_configuration_loads() {
    let kit = TempKit::builder().full_config().create();
    let loaded = load(&kit, JUDGE_TOML.as_bytes(), PROBLEM_TOML.as_bytes());
    assert_eq!(loaded.unwrap(), 1);
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn mutated_judge_toml(mutations in prop::collection::vec(mutation(), 1..4)) {
        let text = mutations.iter().fold(JUDGE_TOML.as_bytes().to_vec(), |t, m| apply(&t, m));
        KIT.with(|kit| load(kit, &text, PROBLEM_TOML.as_bytes()))?;
    }

    #[test]
    fn mutated_problem_toml(mutations in prop::collection::vec(mutation(), 1..4)) {
        let text = mutations.iter().fold(PROBLEM_TOML.as_bytes().to_vec(), |t, m| apply(&t, m));
        KIT.with(|kit| load(kit, JUDGE_TOML.as_bytes(), &text))?;
    }

    #[test]
    fn arbitrary_texts(judge in "\\PC{0,200}|[\\[\\]a-z=\"{}, \n.0-9]{0,200}", problem in "\\PC{0,200}|[\\[\\]a-z_=\"{}, \n.0-9]{0,200}") {
        // One at a time, the other valid, so that each is read.
        KIT.with(|kit| {
            load(kit, judge.as_bytes(), PROBLEM_TOML.as_bytes())?;
            load(kit, JUDGE_TOML.as_bytes(), problem.as_bytes())
        })?;
    }
}

/// A huge `count` is refused where it is written, at once, not expanded
/// into billions of tests.
#[test]
fn a_huge_count_is_refused_at_once() {
    let kit = TempKit::builder().full_config().create();
    let text = PROBLEM_TOML.replace("count = 3", "count = 4294967295");
    kit.write("judge.toml", JUDGE_TOML);
    kit.write("problems/sum/problem.toml", &text);
    let (tx, rx) = std::sync::mpsc::channel();
    let root = kit.dir().to_path_buf();
    std::thread::spawn(move || {
        let kit = Kit::discover(&root).unwrap();
        let _ = tx.send(
            Problem::load(&root, "sum", &kit.config)
                .err()
                .map(|e| format!("{e:#}")),
        );
    });
    let message = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("loading did not end within 10 s")
        .expect("a count of 4294967295 was accepted");
    assert!(
        message.contains("problem.toml:28:9") && message.contains("4294967295"),
        "{message}"
    );
}
