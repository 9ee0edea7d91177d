//! BAPCtools' `generators/generators.yaml`: every case it defines is a
//! test of the kit, whether the package stores it in `data/` or not, made
//! as `bt generate` makes it (same names, same bytes: the slow tier runs
//! BAPCtools itself on the same fixtures and compares), and answered as it
//! says: by its inline or copied answer, by the answer its command writes,
//! by the solution its folder names.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;
use testkit::kit::Kit;

/// An input validator in the Kattis protocol: `a b` on one line, each at
/// most the limit its arguments give (`--limit N`), else 100.
const VALIDATOR: &str = r#"import re, sys
args = sys.argv[1:]
limit = int(args[args.index("--limit") + 1]) if "--limit" in args else 100
m = re.fullmatch(r"(0|[1-9][0-9]*) (0|[1-9][0-9]*)\n", sys.stdin.read())
ok = m is not None and all(int(g) <= limit for g in m.groups())
if not ok:
    print("expected `a b`, each at most", limit)
sys.exit(42 if ok else 43)
"#;

/// An output validator in the Kattis protocol: the team's numbers are the
/// answer's (however it writes them: `+10`, `0013`).
const OUTPUT_VALIDATOR: &str = r#"import sys
answer = [int(t) for t in open(sys.argv[2]).read().split()]
try:
    team = [int(t) for t in sys.stdin.read().split()]
except ValueError:
    team = None
if team == answer:
    sys.exit(42)
open(sys.argv[3] + "/judgemessage.txt", "w").write(f"expected {answer}, got {team}\n")
sys.exit(43)
"#;

/// The reference: the sum.
const SUM_PY: &str = "a, b = map(int, input().split())\nprint(a + b)\n";

/// Overflows a 32-bit int: wrong on every big test, right on the samples.
const INT32_C: &str = "#include <stdio.h>\nint main(void) { int a, b; scanf(\"%d %d\", &a, &b); \
                       printf(\"%d\\n\", a + b); return 0; }\n";

/// generators.yaml of the fixture: every kind of case, numbered and not,
/// counted three ways, a folder whose own solution answers its cases, an
/// include, settings written for a folder, an invalid input.
const GENERATORS_YAML: &str = r#"# The kit's fixture: two numbers to add, made every way generators.yaml can.
solution: /submissions/accepted/sum.py
random_salt: fixture
generators:
  pair: [pair.py, twice.py]
data:
  sample:
    data:
      - '':
          in: 1 2
          ans: "3"
      - '': echo.py 20 22
  secret:
    test_group.yaml:
      input_validator_args: [--limit, "1000000000000"]
    data:
      - small: echo.py 40 2
      - random:
          generate: random.py {seed} {count}
          count: 3
      - listed:
          generate: random.py {seed:1} {count}
          count: [5, 1]
      - ranged:
          generate: random.py {seed:2} {count}
          count: 9..=10
      - written:
          generate: writer.py {name} 5
          yaml:
            description: written to a file, not printed
      - answered: answering.py 6 7
      - inline:
          in: 1000000000 1000000000
          yaml:
            hint: both near the limit
      - copied:
          copy: manual/big
      - pair: pair 3 4
      - limit: echo.py {{LIMIT}} 1
      - signed:
          solution: /generators/signed.py
          data:
            one: echo.py 5 5
            two:
              generate: random.py {seed}
              random_salt: other
      - more:
          include: [small, signed]
          data:
            huge: echo.py 1000000000000 2
  invalid_input:
    data:
      negative:
        in: -1 2
        yaml:
          description: a negative number
"#;

/// The package of [`GENERATORS_YAML`] with its programs, and no `data/`.
pub(crate) fn made_sums(dir: &Path) {
    let files = [
        (
            "problem.yaml",
            "problem_format_version: 2025-09\nname: Made sums\ntype: pass-fail\n\
             uuid: 0b6f3c1e-8a52-4d7e-9f1a-2c4b6d8e0a13\nlimits:\n  time_limit: 2\n\
             constants:\n  LIMIT: 1000000000000\n",
        ),
        (
            "statement/problem.en.tex",
            "\\problemname{Made sums}\nAdd two numbers.\n",
        ),
        ("generators/generators.yaml", GENERATORS_YAML),
        ("generators/echo.py", "import sys\nprint(*sys.argv[1:])\n"),
        (
            "generators/random.py",
            "import sys\nseed, count = int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 0\n\
             print(seed % 1000, abs(count))\n",
        ),
        // Writes the test to the file `{name}` names, not to stdout.
        (
            "generators/writer.py",
            "import sys\nopen(sys.argv[1] + '.in', 'w').write(sys.argv[2] + ' 1\\n')\n",
        ),
        // Prints the test and writes its answer (zero-padded, so that
        // where it comes from shows).
        (
            "generators/answering.py",
            "import sys\na, b = map(int, sys.argv[1:])\nprint(a, b)\n\
             open('testcase.ans', 'w').write(f'{a + b:04d}\\n')\n",
        ),
        (
            "generators/pair.py",
            "import sys, twice\nprint(twice.twice(int(sys.argv[1])), sys.argv[2])\n",
        ),
        ("generators/twice.py", "def twice(n):\n    return 2 * n\n"),
        // The solution of the folder `signed`: the sum with its sign.
        (
            "generators/signed.py",
            "a, b = map(int, input().split())\nprint(f'{a + b:+d}')\n",
        ),
        ("generators/manual/big.in", "999999999999 1\n"),
        ("generators/manual/big.ans", "1000000000000\n"),
        ("input_validators/validate.py", VALIDATOR),
        ("output_validator/validate.py", OUTPUT_VALIDATOR),
        ("submissions/accepted/sum.py", SUM_PY),
        ("submissions/wrong_answer/int32.c", INT32_C),
    ];
    written(dir, &files);
}

/// `files` (path, text) written under `dir`.
fn written(dir: &Path, files: &[(&str, &str)]) {
    for (rel, text) in files {
        testkit::files::write(&dir.join(rel), text);
    }
}

/// The test cases `bt generate` makes of [`GENERATORS_YAML`], by path, in
/// the order of their inputs' paths (the kit's, as judges order a
/// package's tests): its numbering (16 numbered cases in all: two
/// digits), counts, folders and the cases `more` includes under their own
/// names.
const CASES: [&str; 22] = [
    "sample/01",
    "sample/02",
    "secret/03-small",
    "secret/04-random-1",
    "secret/05-random-2",
    "secret/06-random-3",
    "secret/07-listed-5",
    "secret/08-listed-1",
    "secret/09-ranged-09",
    "secret/1-signed/one",
    "secret/1-signed/two",
    "secret/10-ranged-10",
    "secret/11-written",
    "secret/12-answered",
    "secret/13-inline",
    "secret/14-copied",
    "secret/15-pair",
    "secret/16-limit",
    "secret/2-more/03-small",
    "secret/2-more/huge",
    "secret/2-more/one",
    "secret/2-more/two",
];

/// Each test of the problem's plan, in order: the case it is (its
/// comment's path), with its number.
fn plan(kit: &Kit, problem: &str) -> Vec<(String, String)> {
    let text = kit.read(&format!("problems/{problem}/problem.toml"));
    let toml: toml::Value = toml::from_str(&text).unwrap();
    let tests = toml["tests"].as_array().unwrap();
    let width = tests.len().to_string().len().max(2);
    (tests.iter().enumerate())
        .map(|(i, t)| {
            let comment = t["comment"].as_str().unwrap();
            let path = comment.split(": ").next().unwrap().to_string();
            (path, format!("{:0width$}", i + 1))
        })
        .collect()
}

/// A throw-away kit, and the package `write` writes in the folder
/// `folder` of a throw-away folder (its path third).
fn fixture(write: fn(&Path), folder: &str) -> (Kit, tempfile::TempDir, PathBuf) {
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join(folder);
    write(&dir);
    (Kit::new(), package, dir)
}

/// Panics unless `text` holds each of `parts`.
fn assert_holds(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part} not in\n{text}");
    }
}

fn imported(kit: &Kit, dir: &Path, name: &str) -> Value {
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", name]);
    assert_eq!(code, 0, "{report}");
    report
}

/// Every case is a test, none stored: the tests by source, the names, the
/// answers each way, and the wrong submission only generated tests catch.
#[test]
fn every_case_generators_yaml_defines_is_a_test() {
    let (kit, _package, dir) = fixture(made_sums, "madesums");
    let report = imported(&kit, &dir, "made");
    assert_eq!(report["tests"], 22, "{report}");
    let notes = report["notes"].to_string();
    assert!(
        notes.contains("the tests by source: 19 recipe only (no stored input), 2 inline, 1 copied"),
        "{notes}"
    );
    // No memory limit stated: the judges' default, not the kit's.
    assert!(
        notes.contains("states no memory limit: 2048 MiB, as BAPCtools and DOMjudge judge it"),
        "{notes}"
    );
    let plan = plan(&kit, "made");
    let order: Vec<&str> = plan.iter().map(|(case, _)| case.as_str()).collect();
    assert_eq!(order, CASES);
    let plan: BTreeMap<String, String> = plan.into_iter().collect();
    let problem = kit.read("problems/made/problem.toml");
    assert_holds(
        &problem,
        &[
            "reference = \"accepted/sum.py\"",
            "memory_limit_mib = 2048",
            "file = \"inline/data/secret/13-inline.in\"",
            "file = \"package/generators/manual/big.in\"",
            "answer = \"package/generators/manual/big.ans\"",
            "answered_by = \"../../problems/made/package/generators/signed.py\"",
            "generator_answers = true",
            "comment = \"secret/11-written: written to a file, not printed\"",
            "comment = \"secret/13-inline: hint: both near the limit\"",
            "validator_args = [\"--limit\", \"1000000000000\"]",
            "[[invalid]]\nfile = \"inline/data/invalid_input/negative.in\"\nreason = \"a negative number\"",
        ],
    );
    let (code, build) = kit.json(&["build", "made"]);
    assert_eq!(code, 0, "{build}");
    assert_eq!(build["problems"][0]["invalid_rejected"], 1, "{build}");
    let answer = |case: &str| kit.read(&format!("problems/made/tests/{}.ans", plan[case]));
    let input = |case: &str| kit.read(&format!("problems/made/tests/{}.in", plan[case]));
    // The command's own answer, the folder's solution's (included too),
    // the copied one, the reference's.
    assert_eq!(answer("secret/12-answered"), "0013\n");
    assert_eq!(answer("secret/1-signed/one"), "+10\n");
    assert_eq!(answer("secret/2-more/one"), "+10\n");
    assert_eq!(answer("secret/14-copied"), "1000000000000\n");
    assert_eq!(answer("secret/16-limit"), "1000000000001\n");
    assert_eq!(input("secret/11-written"), "5 1\n");
    assert_eq!(input("secret/15-pair"), "6 4\n");
    assert_eq!(input("secret/13-inline"), "1000000000 1000000000\n");
    let (code, verify) = kit.json(&["verify", "made"]);
    assert_eq!(code, 0, "{verify}");
    let rows = verify["solutions"].as_array().unwrap();
    let int32 = rows
        .iter()
        .find(|r| r["solution"].as_str().unwrap().ends_with("int32.c"));
    let int32 = int32.unwrap();
    assert_eq!(int32["verdict"], "WA", "{verify}");
    // Caught by a test no sample is.
    let failed = int32["failed_test"].as_str().unwrap();
    assert!(!["01", "02"].contains(&failed), "{verify}");
}

/// The same package, with part of `data/` stored as `bt generate` leaves
/// it, and a stored test generators.yaml does not define: each source
/// counted, the stored inputs compared with the commands' own.
#[test]
fn stored_tests_are_compared_and_kept() {
    let (kit, _package, dir) = fixture(made_sums, "madesums");
    for (rel, text) in [
        ("data/sample/01.in", "1 2\n"),
        ("data/sample/01.ans", "3\n"),
        ("data/secret/03-small.in", "40 2\n"),
        ("data/secret/03-small.ans", "42\n"),
        ("data/secret/16-limit.in", "1000000000000 1\n"),
        ("data/secret/16-limit.ans", "1000000000001\n"),
        ("data/secret/extra.in", "7 8\n"),
        ("data/secret/extra.ans", "15\n"),
    ] {
        testkit::files::write(&dir.join(rel), text);
    }
    let report = imported(&kit, &dir, "stored");
    assert_eq!(report["tests"], 23, "{report}");
    let notes = report["notes"].to_string();
    assert!(
        notes.contains(
            "the tests by source: 1 stored (data/ only), 2 generated (recipe, compared with the \
             stored input), 17 recipe only (no stored input), 2 inline, 1 copied"
        ),
        "{notes}"
    );
    let (code, build) = kit.json(&["build", "stored"]);
    assert_eq!(code, 0, "{build}");
    assert_eq!(build["problems"][0]["regenerated_equal"], 2, "{build}");
}

/// A case with neither a stored input nor a command the kit can run is an
/// error naming it; `--lossy` leaves it out and says how many secret
/// tests the kit makes of those generators.yaml defines.
#[test]
fn a_case_the_kit_cannot_make_is_named() {
    let (kit, _package, dir) = fixture(made_sums, "madesums");
    std::fs::remove_file(dir.join("generators/writer.py")).unwrap();
    let error = kit.error(&["import", dir.to_str().unwrap(), "--name", "lost"]);
    assert!(
        error.contains(
            "data/secret/11-written: neither a stored input nor a recipe the kit can run"
        ) && error.contains("no file generators/writer.py"),
        "{error}"
    );
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", "lost", "--lossy"]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["tests"], 21, "{report}");
    let warnings = report["warnings"].to_string();
    assert!(
        warnings.contains("defines 20 secret tests; the kit makes 19 of them"),
        "{warnings}"
    );
}

/// generators.yaml as BAPCtools wrote it before 2025-09, in a legacy
/// package: a folder's `testdata.yaml:`, `desc:` and `hint:`, the root's
/// `visualizer:`, `match:` and `retries:`, and folders of cases that are
/// not tests.
const LEGACY_GENERATORS_YAML: &str = r#"solution: /submissions/accepted/sum.py
visualizer: /visualizers/draw.py {name}
random_salt: old
data:
  sample:
    data:
      '1':
        in: 1 2
        desc: the first sample
  secret:
    testdata.yaml:
      input_validator_flags: --limit 1000000000000
    data:
      - big:
          generate: echo.py 1000000000000 1
          hint: past 32 bits
      - seeded:
          generate: seeded.py {seed:1} 5
          retries: 3
          match: "^[0-9]+ 5$"
  invalid_output:
    data:
      wrong:
        in: 1 2
        ans: "3"
        out: "4"
  testing_tool_test:
    data:
      tool:
        in: 3 4
"#;

/// The legacy package of [`LEGACY_GENERATORS_YAML`], without `data/`.
fn old_sums(dir: &Path) {
    written(
        dir,
        &[
            ("problem.yaml", "name: Old sums\nvalidation: custom\n"),
            (".timelimit", "2\n"),
            (
                "problem_statement/problem.en.tex",
                "\\problemname{Old sums}\nAdd two numbers.\n",
            ),
            ("generators/generators.yaml", LEGACY_GENERATORS_YAML),
            ("generators/echo.py", "import sys\nprint(*sys.argv[1:])\n"),
            (
                "generators/seeded.py",
                "import sys\nprint(int(sys.argv[1]) % 1000, sys.argv[2])\n",
            ),
            ("visualizers/draw.py", "import sys\n"),
            ("input_validators/validate/validate.py", VALIDATOR),
            ("output_validators/tokens/validate.py", OUTPUT_VALIDATOR),
            ("submissions/accepted/sum.py", SUM_PY),
            ("submissions/wrong_answer/int32.c", INT32_C),
        ],
    );
}

/// A legacy package's generators.yaml: what the kit cannot hold is an
/// error naming it, `--lossy` leaves it out; a folder's `testdata.yaml:`
/// gives its tests their validator's flags, `desc:` and `hint:` their
/// comments, and the report says what the kit does not use.
#[test]
fn a_legacy_generators_yaml_is_read_as_bapctools_wrote_it() {
    let (kit, _package, dir) = fixture(old_sums, "oldsums");
    let error = kit.error(&["import", dir.to_str().unwrap(), "--name", "old"]);
    assert!(error.contains("1 cases of data/invalid_output"), "{error}");
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", "old", "--lossy"]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["tests"], 3, "{report}");
    let notes = report["notes"].to_string();
    assert_holds(
        &notes,
        &[
            "the tests by source: 2 recipe only (no stored input), 1 inline",
            "the visualizer `/visualizers/draw.py {name}` is kept, unused",
            "`match` (patterns the test must hold) is not checked",
            "`retries`: the kit runs the generator with the first seed only",
            "data/testing_tool_test: 1 cases for BAPCtools' own commands, not tests",
        ],
    );
    let problem = kit.read("problems/old/problem.toml");
    assert_holds(
        &problem,
        &[
            "comment = \"sample/1: the first sample\"",
            "comment = \"secret/1-big: hint: past 32 bits\"",
            "validator_args = [\"--limit\", \"1000000000000\"]",
        ],
    );
    let (code, verify) = kit.json(&["verify", "old"]);
    assert_eq!(code, 0, "{verify}");
}

/// A scoring problem's groups, their points and validator arguments all
/// in generators.yaml (`test_group.yaml:` of each folder).
const SCORED_GENERATORS_YAML: &str = r#"solution: /submissions/accepted/sum.py
data:
  sample:
    data:
      - '':
          in: 1 2
          ans: "3"
  secret:
    data:
      small:
        test_group.yaml:
          max_score: 40
        data:
          - '': echo.py 5 6
          - '': echo.py 7 8
      big:
        test_group.yaml:
          max_score: 60
          input_validator_args: [--limit, "1000000000000"]
        data:
          - '': echo.py 1000000000000 1
"#;

/// The scoring package of [`SCORED_GENERATORS_YAML`], without `data/`.
fn scored_sums(dir: &Path) {
    written(
        dir,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Scored sums\ntype: scoring\n\
                 uuid: 7d1e0c2a-5b3f-4a8e-b6c9-0e2f4a6b8c1d\nlimits:\n  time_limit: 2\n",
            ),
            (
                "statement/problem.en.tex",
                "\\problemname{Scored sums}\nAdd two numbers.\n",
            ),
            ("generators/generators.yaml", SCORED_GENERATORS_YAML),
            ("generators/echo.py", "import sys\nprint(*sys.argv[1:])\n"),
            ("input_validators/validate.py", VALIDATOR),
            ("output_validator/validate.py", OUTPUT_VALIDATOR),
            ("submissions/accepted/sum.py", SUM_PY),
            ("submissions/partially_accepted/int32.c", INT32_C),
        ],
    );
}

/// The groups of a scoring problem come from generators.yaml alone: each
/// folder's points and its validator's arguments; the submission that
/// fails the generated big test scores the small group's points.
#[test]
fn groups_come_from_generators_yaml() {
    let (kit, _package, dir) = fixture(scored_sums, "scoredsums");
    imported(&kit, &dir, "scored");
    let problem = kit.read("problems/scored/problem.toml");
    assert_holds(
        &problem,
        &[
            "[[groups]]\nname = \"big\"\npoints = 60",
            "[[groups]]\nname = \"small\"\npoints = 40",
            "validator_args = [\"--limit\", \"1000000000000\"]",
            "group = \"small\"\ncomment = \"secret/small/3\"",
        ],
    );
    let (code, verify) = kit.json(&["verify", "scored"]);
    assert_eq!(code, 0, "{verify}");
    let rows = verify["solutions"].as_array().unwrap();
    let int32 = rows
        .iter()
        .find(|r| r["solution"].as_str().unwrap().ends_with("int32.c"));
    assert_eq!(int32.unwrap()["score"], 40, "{verify}");
}

/// BAPCtools' `bt generate` (from the tools venv) makes of the fixture
/// the very cases the kit's plan has, under the same names, and
/// `judge build` makes the same bytes: every input, and every answer.
#[test]
#[ignore = "slow tier: BAPCtools from the tools venv"]
fn bt_generate_makes_what_the_kit_builds() {
    let (kit, package, dir) = fixture(made_sums, "madesums");
    imported(&kit, &dir, "made");
    bt_generates_the_same(&kit, "made", &dir, package.path());
    let invalid = std::fs::read(dir.join("data/invalid_input/negative.in")).unwrap();
    let ours = std::fs::read(kit.path("problems/made/inline/data/invalid_input/negative.in"));
    assert_eq!(ours.unwrap(), invalid);
}

/// The same of the legacy fixture, which BAPCtools generates once `bt
/// upgrade` has made it a 2025-09 package (`testdata.yaml:` a
/// `test_group.yaml:`, `desc:` and `hint:` a `yaml:`).
#[test]
#[ignore = "slow tier: BAPCtools from the tools venv"]
fn bt_generate_makes_what_the_kit_builds_of_a_legacy_package() {
    let (kit, package, dir) = fixture(old_sums, "oldsums");
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", "old", "--lossy"]);
    assert_eq!(code, 0, "{report}");
    let bt = testkit::tools::tool("bt");
    let (ok, text) = testkit::tools::run(&bt, &["upgrade", "--no-bar"], &dir, package.path());
    assert!(ok, "bt upgrade:\n{text}");
    // `bt upgrade` moves the folder `output_validators/tokens` whole into
    // `output_validator/`, where its file must be.
    let validator = dir.join("output_validator");
    std::fs::rename(
        validator.join("tokens/validate.py"),
        validator.join("validate.py"),
    )
    .unwrap();
    std::fs::remove_dir(validator.join("tokens")).unwrap();
    bt_generates_the_same(&kit, "old", &dir, package.path());
}

/// The same of the scoring fixture: the folders' `test_group.yaml:`.
#[test]
#[ignore = "slow tier: BAPCtools from the tools venv"]
fn bt_generate_makes_what_the_kit_builds_of_a_scoring_package() {
    let (kit, package, dir) = fixture(scored_sums, "scoredsums");
    imported(&kit, &dir, "scored");
    // BAPCtools judges no scoring problem, but makes its tests all the same.
    let problem = dir.join("problem.yaml");
    let yaml = std::fs::read_to_string(&problem).unwrap();
    std::fs::write(&problem, yaml.replace("type: scoring", "type: pass-fail")).unwrap();
    bt_generates_the_same(&kit, "scored", &dir, package.path());
}

/// `judge build` of the kit's `problem` makes the cases `bt generate` makes
/// in the package `dir` (run with `home` as its home), under the same
/// names, with the same bytes in every input and answer.
fn bt_generates_the_same(kit: &Kit, problem: &str, dir: &Path, home: &Path) {
    let (code, build) = kit.json(&["build", problem]);
    assert_eq!(code, 0, "{build}");
    let bt = testkit::tools::tool("bt");
    // A warning (a `test_group.yaml` key BAPCtools does not judge by) makes
    // its exit status 1: every case made is what counts.
    let (_, text) = testkit::tools::run(&bt, &["generate", "--no-bar"], dir, home);
    let generated = text.contains("cases generated") && !text.contains("failed");
    assert!(generated, "bt generate:\n{text}");
    let mut made = Vec::new();
    for folder in ["sample", "secret"] {
        inputs_under(&dir.join("data"), folder, &mut made);
    }
    made.sort();
    let plan = plan(kit, problem);
    let mut cases: Vec<String> = plan.iter().map(|(case, _)| case.clone()).collect();
    cases.sort();
    assert_eq!(made, cases, "{text}");
    for (case, number) in &plan {
        for ext in ["in", "ans"] {
            let theirs = std::fs::read(dir.join(format!("data/{case}.{ext}"))).unwrap();
            let ours = std::fs::read(kit.path(&format!("problems/{problem}/tests/{number}.{ext}")));
            assert_eq!(ours.unwrap(), theirs, "{case}.{ext}");
        }
    }
}

/// The cases under `data/<folder>` (at any depth) by their paths under
/// `data` without `.in`: files, and the links `bt generate` makes of the
/// cases a folder includes.
fn inputs_under(data: &Path, folder: &str, all: &mut Vec<String>) {
    for entry in std::fs::read_dir(data.join(folder)).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let rel = format!("{folder}/{name}");
        if path.is_dir() {
            inputs_under(data, &rel, all);
        } else if let Some(case) = rel.strip_suffix(".in") {
            all.push(case.to_string());
        }
    }
}
