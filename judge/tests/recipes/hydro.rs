//! Hydro problems in the layouts people keep them in: Hydro's export
//! (`testdata/` beside `problem.yaml`), the test data alone, a config at
//! the root with the tests in `data/`; tests the config lists by any name,
//! or found by their names as Hydro's judge finds them; `filename` as the
//! kit's file I/O; the keys the kit cannot represent refused by name. The
//! slow tier runs Hydro's own functions (from npm) on the same fixtures and
//! compares their tests and points with the kit's.

use std::path::{Path, PathBuf};

use serde_json::Value;
use testkit::kit::Kit;

/// Writes `files` (path, text) under `dir`.
fn write(dir: &Path, files: &[(impl AsRef<str>, &str)]) {
    for (rel, text) in files {
        let path = dir.join(rel.as_ref());
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// Panics unless `text` holds `part`.
fn assert_has(text: &str, part: &str) {
    assert!(text.contains(part), "{part} not in\n{text}");
}

/// The parity problem's config: its tests in `data/`, named as only the
/// config can say; the second subtask's 50 points split over three cases
/// as Hydro splits them (16, 17, 17); the solution reads `parity.in` and
/// writes `parity.out`.
const PARITY_CONFIG: &str = "type: default
time: 1s
memory: 64m
filename: parity
checker_type: testlib
checker: word.c
subtasks:
  - score: 50
    type: min
    cases:
      - input: PARITY.I1
        output: PARITY.O1
      - input: PARITY.I2
        output: PARITY.O2
  - score: 50
    type: sum
    if: [1]
    cases:
      - input: PARITY.I3
        output: PARITY.O3
      - input: PARITY.I4
        output: PARITY.O4
      - input: PARITY.I5
        output: PARITY.O5
";

/// A checker in testlib's protocol: the output's one word is the
/// answer's.
const WORD_CHECKER: &str = r#"#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
    char want[64], got[64], more[2];
    FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
    if (!ans || fscanf(ans, "%63s", want) != 1) return 3;
    if (!out || fscanf(out, "%63s", got) != 1) { fprintf(stderr, "no word\n"); return 2; }
    if (strcmp(want, got) != 0 || fscanf(out, "%1s", more) == 1) {
        fprintf(stderr, "expected %s\n", want);
        return 1;
    }
    return 0;
}
"#;

/// Says `even` or `odd` of the number in parity.in, in parity.out.
const PARITY_C: &str = r#"#include <stdio.h>
int main(void) {
    FILE *in = fopen("parity.in", "r"), *out = fopen("parity.out", "w");
    long long n;
    if (!in || !out || fscanf(in, "%lld", &n) != 1) return 1;
    fprintf(out, "%s\n", n % 2 == 0 ? "even" : "odd");
    return 0;
}
"#;

/// The parity problem as a repository keeps it: `config.yml` at the root,
/// the tests in `data/`, a standard solution in `std/`.
fn parity(dir: &Path) {
    let numbers = ["4", "7", "10", "13", "1000000000001"];
    let mut files = vec![
        ("config.yml", PARITY_CONFIG),
        ("word.c", WORD_CHECKER),
        ("std/parity.c", PARITY_C),
        // A test no case lists, which Hydro's judge does not run.
        ("data/spare1.in", "5\n"),
        ("data/spare1.out", "odd\n"),
    ];
    let names: Vec<(String, String, &str)> = (numbers.iter().enumerate())
        .map(|(i, n)| {
            let answer = if n.ends_with(['0', '2', '4', '6', '8']) {
                "even\n"
            } else {
                "odd\n"
            };
            (
                format!("data/PARITY.I{}", i + 1),
                format!("data/PARITY.O{}", i + 1),
                answer,
            )
        })
        .collect();
    let inputs: Vec<String> = numbers.iter().map(|n| format!("{n}\n")).collect();
    for ((input, output, answer), text) in names.iter().zip(&inputs) {
        files.push((input, text));
        files.push((output, answer));
    }
    write(dir, &files);
}

/// A throw-away kit, and the parity problem in a folder `parity` (kept
/// while the returned folder is).
fn parity_kit() -> (Kit, tempfile::TempDir, PathBuf) {
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("parity");
    parity(&dir);
    (Kit::new(), package, dir)
}

#[test]
fn a_config_at_the_root_names_its_tests_in_data() {
    let (kit, _package, dir) = parity_kit();
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(
        (report["format"].as_str(), report["tests"].as_u64()),
        (Some("hydro"), Some(5)),
        "{report}"
    );
    assert_eq!(report["solutions"].as_u64(), Some(1), "{report}");
    assert_has(
        &report["notes"].to_string(),
        "named by no case, so not tests (Hydro's judge runs the cases the config lists): \
         data/spare1.in",
    );
    let problem = kit.read("problems/parity/problem.toml");
    for part in [
        "time_limit_ms = 1000\nmemory_limit_mib = 64",
        "[files]\ninput = \"parity.in\"\noutput = \"parity.out\"",
        "file = \"package/data/PARITY.I1\"\nanswer = \"package/data/PARITY.O1\"\ngroup = \"1\"",
        "name = \"2\"\npoints = 50\nscoring = \"each\"\ndepends = [\"1\"]",
        "file = \"package/data/PARITY.I3\"\nanswer = \"package/data/PARITY.O3\"\ngroup = \"2\"\npoints = 16.0",
        "file = \"package/data/PARITY.I5\"\nanswer = \"package/data/PARITY.O5\"\ngroup = \"2\"\npoints = 17.0",
    ] {
        assert_has(&problem, part);
    }
    assert!(kit.path("solutions/parity/accepted/parity.c").exists());
    let (code, verify) = kit.json(&["verify", "parity"]);
    assert_eq!(code, 0, "{verify}");
    // A solution that says `odd` of every number passes the odd tests:
    // 17 + 17 of the second subtask's points, none of the first's.
    kit.write("odd.c", &PARITY_C.replace("n % 2 == 0", "0"));
    let (_, test) = kit.json(&["test", "parity", "odd.c"]);
    assert_eq!(test["score"].as_f64(), Some(0.0), "{test}");
    let first_two = PARITY_C.replace("n % 2 == 0", "n % 2 == 0 || n > 100");
    kit.write("first_two.c", &first_two);
    let (_, test) = kit.json(&["test", "parity", "first_two.c"]);
    assert_eq!(test["score"].as_f64(), Some(83.0), "{test}");
}

/// Hydro's test data of a + b: a config and three tests beside it, the
/// cases listed at the top level, each with its `scores` line or none.
fn sum_testdata(dir: &Path, scores: [&str; 3]) {
    let names = ["small", "big", "zero"];
    let cases: String = (names.iter().zip(scores))
        .map(|(name, score)| format!("  - input: {name}.txt\n    output: {name}.res\n{score}"))
        .collect();
    let config = format!("time: 2s\nchecker_type: testlib\nchecker: chk.c\ncases:\n{cases}");
    write(
        dir,
        &[
            ("config.yaml", config.as_str()),
            ("chk.c", testkit::kit::CHECKER),
            ("small.txt", "1 2\n"),
            ("small.res", "3\n"),
            ("big.txt", "1000000000000 1\n"),
            ("big.res", "1000000000001\n"),
            ("zero.txt", "0 0\n"),
            ("zero.res", "0\n"),
        ],
    );
}

/// The a + b test data, its cases without scores: a plain list of tests
/// (which Hydro scores 33, 33 and 34).
fn plain_testdata(dir: &Path) {
    sum_testdata(dir, ["", "", ""]);
}

/// The a + b test data, its cases worth 30, 50 and what is left, 20.
fn scored_testdata(dir: &Path) {
    sum_testdata(dir, ["    score: 30\n", "    score: 50\n", ""]);
}

#[test]
fn the_test_data_alone_imports_in_or_out_of_its_folder() {
    let kit = Kit::new();
    let package = tempfile::tempdir().unwrap();
    // A folder holding only testdata/ is that problem, not its content.
    plain_testdata(&package.path().join("twosum/testdata"));
    let outer = package.path().join("twosum");
    let (code, report) = kit.json(&["import", outer.to_str().unwrap()]);
    assert_eq!((code, report["tests"].as_u64()), (0, Some(3)), "{report}");
    assert_has(&report["notes"].to_string(), "a problem without groups");
    // The same files as a package of their own, the config at its root.
    let inner = outer.join("testdata");
    let (code, report) = kit.json(&["import", inner.to_str().unwrap(), "--name", "flat"]);
    assert_eq!((code, report["tests"].as_u64()), (0, Some(3)), "{report}");
    for (name, folder) in [("twosum", "package/testdata"), ("flat", "package")] {
        let problem = kit.read(&format!("problems/{name}/problem.toml"));
        assert_has(&problem, &format!("checker = \"{folder}/chk.c\""));
        assert_has(&problem, &format!("file = \"{folder}/big.txt\""));
        assert_has(&problem, "time_limit_ms = 2000");
        assert!(!problem.contains("[[groups]]"), "{problem}");
        assert!(!problem.contains("points"), "{problem}");
        let (code, build) = kit.json(&["build", name]);
        assert_eq!(code, 0, "{build}");
    }
    // With scores of their own, the cases are a group worth their sum.
    scored_testdata(&inner);
    let (code, report) = kit.json(&["import", inner.to_str().unwrap(), "--name", "scored"]);
    assert_eq!(code, 0, "{report}");
    let problem = kit.read("problems/scored/problem.toml");
    assert_has(&problem, "name = \"1\"\npoints = 100\nscoring = \"each\"");
    assert_has(&problem, "group = \"1\"\npoints = 50.0");
    assert_has(&problem, "group = \"1\"\npoints = 20.0");
    // int32 overflows on the big case only: 30 and 20 of the 100.
    kit.write("int32.c", "#include <stdio.h>\nint main(void) { int a, b; scanf(\"%d %d\", &a, &b); printf(\"%d\\n\", a + b); return 0; }\n");
    let (_, test) = kit.json(&["test", "scored", "int32.c"]);
    assert_eq!(test["score"].as_f64(), Some(50.0), "{test}");
}

/// Test data whose config lists no case: the tests are the files named as
/// Hydro's judge finds them.
fn unlisted(dir: &Path) {
    let mut files = vec![("problem.yaml".to_string(), "pid: P1\ntitle: Unlisted\n")];
    for (name, text) in [
        ("config.yaml", "checker_type: testlib\nchecker: chk.c\n"),
        ("chk.c", testkit::kit::CHECKER),
        ("sum1.in", "1 1\n"),
        ("sum1.out", "2\n"),
        ("sum2.in", "2 2\n"),
        ("sum2.ans", "4\n"),
        ("sum10.in", "10 10\n"),
        ("sum10.out", "20\n"),
        ("grp2-1.in", "3 3\n"),
        ("grp2-1.out", "6\n"),
        ("grp2-2.in", "4 4\n"),
        ("grp2-2.out", "8\n"),
        // No number: not a test; no answer: not a test.
        ("notes.in", "5 5\n"),
        ("sum3.in", "6 6\n"),
    ] {
        files.push((format!("testdata/{name}"), text));
    }
    write(dir, &files);
}

#[test]
fn without_a_config_the_tests_are_found_by_their_names() {
    let kit = Kit::new();
    let package = tempfile::tempdir().unwrap();
    unlisted(package.path());
    let (code, report) = kit.json(&["import", package.path().to_str().unwrap()]);
    assert_eq!((code, report["tests"].as_u64()), (0, Some(5)), "{report}");
    let notes = report["notes"].to_string();
    assert_has(&notes, "5 tests found in testdata/ by their names");
    assert_has(&notes, "notes.in, sum3.in");
    let problem = kit.read("problems/p1/problem.toml");
    let order: Vec<&str> = (problem.lines())
        .filter(|l| l.starts_with("file = "))
        .collect();
    assert_eq!(
        order,
        [
            "file = \"package/testdata/sum1.in\"",
            "file = \"package/testdata/sum2.in\"",
            "file = \"package/testdata/sum10.in\"",
            "file = \"package/testdata/grp2-1.in\"",
            "file = \"package/testdata/grp2-2.in\"",
        ]
    );
    assert_has(&problem, "name = \"1\"\npoints = 50\nscoring = \"each\"");
    assert_has(&problem, "name = \"2\"\npoints = 50\n");
    assert_has(&problem, "answer = \"package/testdata/sum2.ans\"");
    let (code, build) = kit.json(&["build", "p1"]);
    assert_eq!(code, 0, "{build}");
    // Without a config at all, the same tests, compared by the kit's wcmp
    // (whose source the throw-away kit needs to load the problem).
    std::fs::remove_file(package.path().join("testdata/config.yaml")).unwrap();
    let wcmp = testkit::paths::root().join("checkers/src/bin/wcmp.rs");
    kit.write(
        "checkers/src/bin/wcmp.rs",
        &std::fs::read_to_string(wcmp).unwrap(),
    );
    let path = package.path().to_str().unwrap();
    let (code, report) = kit.json(&["import", path, "--name", "bare"]);
    assert_eq!((code, report["tests"].as_u64()), (0, Some(5)), "{report}");
    assert_has(
        &kit.read("problems/bare/problem.toml"),
        "checker = \"wcmp\"",
    );
    // The old config.ini, which Hydro's judge would read instead: refused.
    let ini = [("testdata/config.ini", "1\nsum1.in|sum1.out|1|100\n")];
    write(package.path(), &ini);
    let stderr = kit.error(&["import", path, "--name", "ini"]);
    assert_has(&stderr, "testdata/config.ini: the old config Hydro reads");
}

#[test]
fn what_the_kit_cannot_represent_is_named() {
    let (kit, _package, dir) = parity_kit();
    let config = dir.join("config.yml");
    let extra = format!("{PARITY_CONFIG}user_extra_files: [grader.h]\n");
    std::fs::write(&config, &extra).unwrap();
    let stderr = kit.error(&["import", dir.to_str().unwrap()]);
    assert_has(&stderr, "config.yml: the key `user_extra_files`");
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--lossy"]);
    assert_eq!(code, 0, "{report}");
    assert_has(&report["warnings"].to_string(), "user_extra_files");
    // Limits of their own, different from the config's.
    let slow = PARITY_CONFIG.replace("    type: sum\n", "    type: sum\n    time: 3s\n");
    std::fs::write(&config, &slow).unwrap();
    let stderr = kit.error(&["import", dir.to_str().unwrap(), "--name", "slow"]);
    assert_has(&stderr, "the cases' `time` limits differ, 1000 to 3000");
    // Files the kit's solutions cannot have: the key is named.
    let outside = PARITY_CONFIG.replace("filename: parity", "filename: ../parity");
    std::fs::write(&config, &outside).unwrap();
    let stderr = kit.error(&["import", dir.to_str().unwrap(), "--name", "outside"]);
    assert_has(
        &stderr,
        "config.yml: `filename: ../parity`: the solution's file",
    );
    // A case whose file is nowhere.
    std::fs::write(&config, PARITY_CONFIG).unwrap();
    std::fs::remove_file(dir.join("data/PARITY.O4")).unwrap();
    let stderr = kit.error(&["import", dir.to_str().unwrap(), "--name", "lost"]);
    assert_has(&stderr, "a case names PARITY.O4, which is in none of");
}

/// The test data Hydro's judge would hold of a fixture, in one folder:
/// the files beside its config (the checker with it) and those of `tests`,
/// a folder of the package.
fn judges_folder(package: &Path, config: Option<&str>, tests: &str, into: &Path) {
    let beside = Path::new(config.unwrap_or(tests))
        .parent()
        .unwrap_or(Path::new(""));
    for entry in std::fs::read_dir(package.join(beside)).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), into.join(entry.file_name())).unwrap();
        }
    }
    let source = package.join(tests);
    for entry in walkdir::WalkDir::new(&source) {
        let entry = entry.unwrap();
        let to = into.join(entry.path().strip_prefix(&source).unwrap());
        match entry.file_type().is_dir() {
            true => std::fs::create_dir_all(&to).unwrap(),
            false => {
                std::fs::copy(entry.path(), &to).unwrap();
            }
        }
    }
}

/// Each subtask as (points, scoring, each case's input and points).
type Subtasks = Vec<(f64, String, Vec<(String, f64)>)>;

/// The kit's subtasks of an imported problem whose tests are in `folder`
/// (as problem.toml names it).
fn kit_subtasks(problem: &str, folder: &str) -> Subtasks {
    let config: toml::Value = toml::from_str(problem).unwrap();
    let tests = config["tests"].as_array().unwrap();
    let Some(groups) = config.get("groups").and_then(|g| g.as_array()) else {
        return Vec::new();
    };
    (groups.iter())
        .map(|g| {
            let name = g["name"].as_str().unwrap();
            let points = g["points"].as_integer().unwrap() as f64;
            let scoring = g.get("scoring").and_then(|s| s.as_str()).unwrap_or("all");
            let mine: Vec<&toml::Value> = (tests.iter())
                .filter(|t| t["group"].as_str() == Some(name))
                .collect();
            let cases = (mine.iter())
                .map(|t| {
                    let file = t["file"].as_str().unwrap();
                    let input = file.strip_prefix(folder).unwrap().to_string();
                    let own = t.get("points").and_then(|p| p.as_float());
                    let share = match scoring {
                        "each" => points / mine.len() as f64,
                        _ => points,
                    };
                    (input, own.unwrap_or(share))
                })
                .collect();
            let kind = match scoring {
                "each" => "sum",
                "any" => "max",
                _ => "min",
            };
            (points, kind.to_string(), cases)
        })
        .collect()
}

/// The inputs of the kit's tests, in order, by their names in `folder`.
fn kit_tests(problem: &str, folder: &str) -> Vec<String> {
    let config: toml::Value = toml::from_str(problem).unwrap();
    (config["tests"].as_array().unwrap().iter())
        .map(|t| t["file"].as_str().unwrap())
        .map(|file| file.strip_prefix(folder).unwrap().to_string())
        .collect()
}

/// The inputs of each subtask, in order.
fn inputs(subtasks: &Subtasks) -> Vec<Vec<String>> {
    (subtasks.iter())
        .map(|(_, _, cases)| cases.iter().map(|(input, _)| input.clone()).collect())
        .collect()
}

/// Hydro's subtasks, as [`kit_subtasks`] gives the kit's.
fn hydro_subtasks(cases: &Value) -> Subtasks {
    (cases["subtasks"].as_array().unwrap().iter())
        .map(|s| {
            let cases = (s["cases"].as_array().unwrap().iter())
                .map(|c| {
                    let input = c["input"].as_str().unwrap().to_string();
                    (input, c["score"].as_f64().unwrap())
                })
                .collect();
            let kind = s["type"].as_str().unwrap().to_string();
            (s["score"].as_f64().unwrap(), kind, cases)
        })
        .collect()
}

#[test]
#[ignore = "slow tier: Hydro's code from npm"]
fn the_kit_takes_the_tests_hydros_judge_takes() {
    type Fixture = (&'static str, fn(&Path), Option<&'static str>, &'static str);
    let fixtures: [Fixture; 4] = [
        ("parity", parity, Some("config.yml"), "data"),
        ("plain", plain_testdata, Some("config.yaml"), ""),
        ("scored", scored_testdata, Some("config.yaml"), ""),
        ("p1", unlisted, None, "testdata"),
    ];
    let kit = Kit::new();
    for (name, fixture, config, tests) in fixtures {
        let package = tempfile::tempdir().unwrap();
        fixture(package.path());
        let path = package.path().to_str().unwrap();
        let (code, report) = kit.json(&["import", path, "--name", name]);
        assert_eq!(code, 0, "{report}");
        let judges = tempfile::tempdir().unwrap();
        judges_folder(package.path(), config, tests, judges.path());
        let hydro = testkit::tools::hydro_cases(judges.path());
        let folder: PathBuf = ["package", tests, ""].iter().collect();
        let folder = folder.to_str().unwrap().replace("//", "/");
        let problem = kit.read(&format!("problems/{name}/problem.toml"));
        let (ours, theirs) = (kit_subtasks(&problem, &folder), hydro_subtasks(&hydro));
        if ours.is_empty() {
            // A plain list of tests: a problem without groups, its tests
            // those of Hydro's one subtask summing its cases.
            assert_eq!(theirs.len(), 1, "{name}: {hydro}");
            assert_eq!(theirs[0].1, "sum", "{name}: {hydro}");
            assert_eq!(
                vec![kit_tests(&problem, &folder)],
                inputs(&theirs),
                "{name}"
            );
        } else {
            assert_eq!(
                ours, theirs,
                "{name}: the kit's tests and points, Hydro's\n{hydro}"
            );
        }
        assert_eq!(report["tests"], hydro["count"], "{name}");
    }
}
