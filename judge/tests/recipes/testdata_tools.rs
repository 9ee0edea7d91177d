//! Kodsport's testdata_tools packages: `data/generator.sh` runs over the
//! kit's own implementation of the library's functions, and every test it
//! declares (generated, a file as it is, a sample, a test case again in
//! another group) becomes a test, answered by the solution it names; the
//! old `input_format_validators/` holds the validators.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;
use testkit::kit::Kit;

/// A Kattis input validator: `n`, then `n` numbers in 0..=max (`max=M`
/// among its arguments, 10^9 without).
const VALIDATOR: &str = r#"import sys
top = 10**9
for arg in sys.argv[1:]:
    key, _, value = arg.partition("=")
    if key == "max":
        top = int(value)
try:
    first, second, rest = sys.stdin.read().split("\n", 2)
    values = [int(v) for v in second.split()]
    ok = rest == "" and int(first) == len(values) and all(0 <= v <= top for v in values)
except ValueError:
    ok = False
sys.exit(42 if ok else 43)
"#;

/// A generator of `n` numbers up to `max`, spread by the seed (the last
/// argument), with a module beside it.
const GEN_LIST: &str = r#"import sys
from spread import spread
args = dict(a.split("=") for a in sys.argv[1:-1])
n, top, seed = int(args["n"]), int(args["max"]), int(sys.argv[-1])
print(n)
print(*spread(n, top, seed))
"#;

const SPREAD: &str =
    "def spread(n, top, seed):\n    return [(seed * (i + 7)) % (top + 1) for i in range(n)]\n";

/// `n` copies of `value`, in bash; the seed goes unused.
const GEN_SAME: &str = r#"for arg in "$@"; do
  case $arg in
  n=*) n=${arg#n=} ;;
  value=*) value=${arg#value=} ;;
  esac
done
values=()
for ((i = 0; i < n; i++)); do values+=("$value"); done
echo "$n"
echo "${values[*]}"
"#;

/// A Kattis output validator: the team's number is the answer's.
const CHECK: &str = r#"import sys
answer = open(sys.argv[2]).read().split()
sys.exit(42 if sys.stdin.read().split() == answer else 43)
"#;

const SUM: &str = "input()\nprint(sum(map(int, input().split())))\n";

/// The script of a scoring problem with two groups, the second including
/// the first: every function of the library the kit has.
const SCRIPT: &str = r#"#!/usr/bin/env bash
# The library lies beside the contest's problems, outside the package.
. ../../testdata_tools/gen.sh

use_solution sum.py

compile gen_list.py cpython3
compile_sh gen_same.sh

samplegroup
limits max=100
sample 1
sample_manual 2

group small 40
limits max=1000
limits max=10
tc 1
tc tiny gen_list n=3 max=10
desc "three small numbers"
tc_manual ../hand/zeros.in
tc ones gen_same n=5 value=1

group big 60
limits max=100
include_group small
tc 2
tc wide gen_list n=50 max=100
tg_manual ../hand/more
"#;

/// Writes `files` (path, text) under `dir`.
fn write(dir: &Path, files: &[(&str, &str)]) {
    for (rel, text) in files {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// The package of "sum of a list" made by `script`, with a few
/// submissions, and `more` files (over its own).
fn package(dir: &Path, script: &str, more: &[(&str, &str)]) {
    write(
        dir,
        &[
            (
                "problem.yaml",
                "name: Sum of a list\ntype: scoring\nvalidation: custom\n",
            ),
            ("output_validators/check.py", CHECK),
            (".timelimit", "2\n"),
            ("input_format_validators/validate.py", VALIDATOR),
            ("data/generator.sh", script),
            ("data/gen_list.py", GEN_LIST),
            ("data/spread.py", SPREAD),
            ("data/gen_same.sh", GEN_SAME),
            ("data/sample/1.in", "3\n1 2 3\n"),
            ("data/sample/1.ans", "6\n"),
            ("data/sample/2.in", "2\n10 20\n"),
            ("data/sample/2.ans", "30\n"),
            ("hand/zeros.in", "4\n0 0 0 0\n"),
            ("hand/more/a.in", "1\n7\n"),
            ("hand/more/b.in", "2\n50 50\n"),
            ("submissions/accepted/sum.py", SUM),
            (
                "submissions/partially_accepted/small.py",
                "input()\nv = list(map(int, input().split()))\nassert max(v) <= 10\nprint(sum(v))\n",
            ),
            (
                "submissions/wrong_answer/minus.py",
                "input()\nprint(sum(map(int, input().split())) - 1)\n",
            ),
        ],
    );
    write(dir, more);
}

/// Panics unless `text` holds each of `parts`.
fn assert_says(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part} not in\n{text}");
    }
}

/// Imports the package in `dir` as `name`, which must succeed; the report.
fn imported(kit: &Kit, dir: &Path, name: &str, lossy: bool) -> Value {
    let mut args = vec!["import", dir.to_str().unwrap(), "--name", name];
    args.extend(lossy.then_some("--lossy"));
    let (code, report) = kit.json(&args);
    assert_eq!(code, 0, "{report:#}");
    report
}

/// The test plan of `name`'s problem.toml.
fn plan(kit: &Kit, name: &str) -> Vec<toml::Value> {
    let text = kit.read(&format!("problems/{name}/problem.toml"));
    let doc: toml::Value = toml::from_str(&text).unwrap();
    doc["tests"].as_array().unwrap().clone()
}

/// What the plan says of each test: its comment (without its words), its
/// group, and how it is made.
fn sources(plan: &[toml::Value]) -> Vec<(String, String, String)> {
    let field = |t: &toml::Value, key: &str| t.get(key).map(|v| v.to_string()).unwrap_or_default();
    (plan.iter())
        .map(|t| {
            let comment = t["comment"].as_str().unwrap();
            let comment = comment.split(':').next().unwrap().to_string();
            let how = match t.get("generator") {
                Some(g) => format!("{} {}", g.as_str().unwrap(), field(t, "args")),
                None => format!("{} {}", field(t, "file"), field(t, "answer")),
            };
            (comment, field(t, "group"), how)
        })
        .collect()
}

/// A kit with the languages of the packages' programs: Python, bash (C
/// for the kit's own programs).
fn kit() -> Kit {
    Kit::builder()
        .languages(&["c", "cpp", "python", "shell"])
        .create()
}

#[test]
fn every_test_the_script_declares_is_a_test_of_the_kit() {
    let kit = kit();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("contest/listsum");
    package(&root, SCRIPT, &[]);
    let report = imported(&kit, &root, "listsum", false);
    assert_eq!(report["tests"], 14, "{report:#}");
    let notes = report["notes"].to_string();
    assert_says(
        &notes,
        &[
            "14 tests: 2 samples, 5 generated, 4 files as they are (tc_manual), 3 samples' inputs in \
         groups; 6 of them a test case again in a later group",
            "5 answers as the package (or its script) stores them, 9 made by the solution \
             use_solution names",
            "accepted/sum.py",
            "adds its groups in another order than their names' (small, big)",
        ],
    );
    let problem = kit.read("problems/listsum/problem.toml");
    assert_says(
        &problem,
        &[
            "validator = \"package/input_format_validators/validate.py\"",
            "reference = \"accepted/sum.py\"",
            "\"data/gen_list\" = [\"package/data/gen_list.py\", \"package/data/spread.py\"]",
            "comment = \"secret/small/003-tiny: three small numbers\"",
        ],
    );
    let plan = plan(&kit, "listsum");
    let got = sources(&plan);
    let sample = |n: &str, answer: &str| format!("\"package/data/sample/{n}.in\" {answer}");
    let tiny = "data/gen_list [\"n=3\", \"max=10\", \"14027949\"]".to_string();
    let ones = "package/data/gen_same.sh [\"n=5\", \"value=1\", \"5284328\"]".to_string();
    let zeros = "\"package/hand/zeros.in\" ".to_string();
    let expected = [
        (
            "sample/1",
            "\"sample\"",
            sample("1", "\"package/data/sample/1.ans\""),
        ),
        (
            "sample/2",
            "\"sample\"",
            sample("2", "\"package/data/sample/2.ans\""),
        ),
        (
            "secret/big/001-1",
            "\"big\"",
            sample("1", "\"package/data/sample/1.ans\""),
        ),
        (
            "secret/big/002-2",
            "\"big\"",
            sample("2", "\"package/data/sample/2.ans\""),
        ),
        ("secret/big/003-tiny", "\"big\"", tiny.clone()),
        ("secret/big/004-zeros", "\"big\"", zeros.clone()),
        ("secret/big/005-ones", "\"big\"", ones.clone()),
        (
            "secret/big/006-wide",
            "\"big\"",
            "data/gen_list [\"n=50\", \"max=100\", \"12000857\"]".to_string(),
        ),
        (
            "secret/big/007-a",
            "\"big\"",
            "\"package/hand/more/a.in\" ".to_string(),
        ),
        (
            "secret/big/008-b",
            "\"big\"",
            "\"package/hand/more/b.in\" ".to_string(),
        ),
        (
            "secret/small/001-1",
            "\"small\"",
            sample("1", "\"package/data/sample/1.ans\""),
        ),
        ("secret/small/003-tiny", "\"small\"", tiny),
        ("secret/small/004-zeros", "\"small\"", zeros),
        ("secret/small/005-ones", "\"small\"", ones),
    ];
    let expected: Vec<(String, String, String)> = (expected.iter())
        .map(|(c, g, h)| (c.to_string(), g.to_string(), h.trim().to_string()))
        .collect();
    let got: Vec<(String, String, String)> = (got.into_iter())
        .map(|(c, g, h)| (c, g, h.trim().to_string()))
        .collect();
    assert_eq!(got, expected);
    // Each group's `limits` (the last, where it says them twice), as the
    // validator's arguments.
    assert_eq!(plan[2]["validator_args"].to_string(), "[\"max=100\"]");
    assert_eq!(plan[10]["validator_args"].to_string(), "[\"max=10\"]");

    // The generators run as the library runs them, with the seed last;
    // the solution answers, but for sample_manual.
    let (code, build) = kit.json(&["build", "listsum"]);
    assert_eq!(code, 0, "{build:#}");
    let test = |name: &str| {
        std::fs::read_to_string(kit.path(&format!("problems/listsum/tests/{name}"))).unwrap()
    };
    let spread: Vec<String> = (0..3)
        .map(|i| ((14027949u64 * (i + 7)) % 11).to_string())
        .collect();
    assert_eq!(test("12.in"), format!("3\n{}\n", spread.join(" ")));
    let sum: u64 = (0..3).map(|i| (14027949u64 * (i + 7)) % 11).sum();
    assert_eq!(test("12.ans"), format!("{sum}\n"));
    assert_eq!(
        (test("14.in"), test("14.ans")),
        ("5\n1 1 1 1 1\n".into(), "5\n".into())
    );
    assert_eq!(test("05.in"), test("12.in"));

    // Each group judged as problemtools judges its files: `small.py`
    // passes the small group only.
    let (_, verify) = kit.json(&["verify", "listsum"]);
    let rows: BTreeMap<&str, (&str, &Value)> = (verify["solutions"].as_array().unwrap().iter())
        .map(|r| {
            (
                r["solution"].as_str().unwrap(),
                (r["verdict"].as_str().unwrap(), &r["score"]),
            )
        })
        .collect();
    assert_eq!(
        rows["accepted/sum.py"],
        ("AC", &Value::from(100)),
        "{verify:#}"
    );
    assert_eq!(
        rows["partially_accepted/small.py"].1,
        &Value::from(40),
        "{verify:#}"
    );
    assert_eq!(rows["wrong_answer/minus.py"].0, "WA", "{verify:#}");
}

/// The start of a script of one group, `g1`, holding both samples.
const ONE_GROUP: &str = ". ../../testdata_tools/gen.sh\nuse_solution sum.py\nsamplegroup\nsample 1\nsample 2\ngroup g1 100\ntc 1\ntc 2\n";

#[test]
fn a_script_the_kit_cannot_follow_is_an_error_naming_its_line() {
    let kit = kit();
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "tc_random x 5\n",
            "data/generator.sh:9: `tc_random` is no command, nor a function of testdata_tools",
        ),
        ("false\n", "ended with exit code 1"),
        (
            "tc 3\n",
            "data/generator.sh:9: tc 3: no earlier test case of that name",
        ),
        (
            "tc x gen_list n=1\n",
            "data/generator.sh:9: tc x: no program gen_list",
        ),
        (
            "add_program mine \"python3 gen_list.py\"\ntc custom mine n=2 max=5\n",
            "data/generator.sh:10: data/secret/g1/003-custom.in is made by the command \
             `python3 gen_list.py` (add_program), which the kit cannot run; the test is left out",
        ),
    ];
    for (i, (end, said)) in cases.iter().enumerate() {
        let root = dir.path().join(format!("contest/p{i}"));
        package(&root, &format!("{ONE_GROUP}{end}"), &[]);
        let error = kit.error(&["import", root.to_str().unwrap(), "--name", "broken"]);
        assert_says(&error, &[said]);
        assert!(!kit.path("problems/broken").exists());
    }
    // Nothing is declared before the library is loaded.
    let root = dir.path().join("contest/unloaded");
    package(&root, "use_solution sum.py\n. ../gen.sh\n", &[]);
    let error = kit.error(&["import", root.to_str().unwrap(), "--name", "broken"]);
    assert_says(
        &error,
        &["data/generator.sh:1: testdata_tools is used before"],
    );
}

#[test]
fn with_lossy_an_unrunnable_recipe_keeps_the_input_the_package_stores() {
    let kit = kit();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("contest/custom");
    let script =
        format!("{ONE_GROUP}add_program mine \"python3 gen_list.py\"\ntc custom mine n=2 max=5\n");
    let stored = [
        ("data/secret/g1/003-custom.in", "2\n4 5\n"),
        ("data/secret/g1/003-custom.ans", "9\n"),
        ("data/secret/g1/old.in", "1\n1\n"),
        ("data/secret/g1/old.ans", "1\n"),
    ];
    package(&root, &script, &stored);
    let report = imported(&kit, &root, "custom", true);
    assert_eq!(report["tests"], 5, "{report:#}");
    let warnings = report["warnings"].to_string();
    let kept = "the package's stored data/secret/g1/003-custom.in is kept as it is";
    assert_says(&warnings, &[kept]);
    let notes = report["notes"].to_string();
    assert_says(
        &notes,
        &[
            "1 inputs stored under data/secret that the script does not make (the library \
           empties the folder first), left out: data/secret/g1/old.in",
        ],
    );
    let plan = plan(&kit, "custom");
    assert_eq!(
        plan[4]["file"].as_str(),
        Some("package/data/secret/g1/003-custom.in")
    );
    // Its answer, the package's too.
    let answer = plan[4]["answer"].as_str();
    assert_eq!(answer, Some("package/data/secret/g1/003-custom.ans"));

    // A script that fails leaves the tests the package stores.
    let root = dir.path().join("contest/failing");
    package(&root, &format!("{ONE_GROUP}exit 3\n"), &stored);
    let report = imported(&kit, &root, "failing", true);
    assert_eq!(report["tests"], 4, "{report:#}");
    assert_says(
        &report["warnings"].to_string(),
        &[
            "ended with exit code 3",
            "the tests data/ stores are taken as they are",
        ],
    );
}

#[test]
fn a_script_of_a_pass_fail_problem_is_compared_with_what_the_package_stores() {
    let kit = kit();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("contest/plain");
    let script = "USE_SCORING=0\n. ../testdata_tools/gen.sh\nuse_solution ../ref.py\n\
                  compile gen_same.sh\nsample 1\nsample 2\ntc five gen_same n=5 value=2\n\
                  tc_manual ../hand/zeros.in\n\
                  printf '1\\n9\\n' > secret/own.in\nprintf '9\\n' > secret/own.ans\n";
    let stored = [
        ("submissions/ref.py", SUM),
        ("problem.yaml", "name: Sum of a list\nvalidation: custom\n"),
        ("data/secret/001-five.in", "5\n2 2 2 2 3\n"),
        ("data/secret/001-five.ans", "11\n"),
    ];
    package(&root, script, &stored);
    let report = imported(&kit, &root, "plain", false);
    assert_eq!(report["tests"], 5, "{report:#}");
    let notes = report["notes"].to_string();
    assert_says(
        &notes,
        &[
            "5 tests: 2 samples, 1 generated, 1 files as they are (tc_manual), 1 written by the script itself",
            "1 generated inputs compared by judge build with those stored in data/secret; 4 \
             answers as the package (or its script) stores them, 1 made by the solution",
            "made/: 2 files the script made by itself at import",
        ],
    );
    let problem = kit.read("problems/plain/problem.toml");
    assert!(!problem.contains("[[groups]]"), "{problem}");
    assert_says(
        &problem,
        &[
            // A solution outside the verdict folders, kept where it is.
            "reference = \"../../problems/plain/package/submissions/ref.py\"",
            "stored = \"package/data/secret/001-five.in\"",
            "file = \"made/data/secret/own.in\"\nanswer = \"made/data/secret/own.ans\"",
        ],
    );
    // The package's input, which its judges used, differs from the
    // recipe's: said, and kept.
    let (code, build) = kit.json(&["build", "plain"]);
    assert_eq!(code, 0, "{build:#}");
    assert_eq!(
        build["problems"][0]["regenerated_different"],
        serde_json::json!(["03"])
    );
    let kept = kit.read("problems/plain/tests/03.in");
    assert_eq!(kept, "5\n2 2 2 2 3\n");
    assert_eq!(kit.read("problems/plain/tests/05.ans"), "9\n");
}

#[test]
fn python_generators_run_under_pypy_unless_the_script_says_cpython() {
    let kit = kit();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("contest/pypy");
    let script = format!("{ONE_GROUP}compile gen_list.py\ntc wide gen_list n=3 max=5\n");
    package(&root, &script, &[]);
    let report = imported(&kit, &root, "pypy", false);
    assert_says(&report["notes"].to_string(), &["made/pypy3/: 1 scripts"]);
    let problem = kit.read("problems/pypy/problem.toml");
    let program = "\"data/gen_list-pypy3\" = [\"made/pypy3/data/gen_list.sh\", \
                   \"package/data/gen_list.py\", \"package/data/spread.py\"]";
    assert_says(&problem, &[program]);
    let starter = kit.read("problems/pypy/made/pypy3/data/gen_list.sh");
    assert_says(&starter, &["exec pypy3 \"${0%/*}/gen_list.py\" \"$@\""]);
}

#[test]
fn the_inputs_a_package_stores_tell_which_python_its_library_runs() {
    let kit = kit();
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("contest/order");
    // A set's order is CPython's, by the numbers' hashes (PyPy keeps the
    // order they came in): the package stores CPython's.
    let generator = "import sys\nprint(3)\nprint(*{100, 1, 50})\n";
    let script = format!("{ONE_GROUP}compile gen_set.py\ntc set gen_set\n");
    let stored = [
        ("data/gen_set.py", generator),
        ("data/secret/g1/003-set.in", "3\n1 50 100\n"),
        ("data/secret/g1/003-set.ans", "151\n"),
    ];
    package(&root, &script, &stored);
    let report = imported(&kit, &root, "order", false);
    let notes = report["notes"].to_string();
    assert_says(
        &notes,
        &[
            "the inputs the package stores show that its testdata_tools runs Python generators \
           under CPython, as the library did before 2023: so does the kit",
        ],
    );
    let problem = kit.read("problems/order/problem.toml");
    assert_says(&problem, &["generator = \"package/data/gen_set.py\""]);
    assert!(!kit.path("problems/order/made").exists());
}
