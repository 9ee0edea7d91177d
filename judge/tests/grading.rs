//! The ICPC legacy grader's flags (`grader_flags`, `on_reject`,
//! `accept_score` in `testdata.yaml`), imported into problem.toml's
//! `[verdict]` and group scorings, judge every submission as problemtools'
//! `verifyproblem` judges it: the same verdict and the same score, each
//! fixture's submissions run through both. One problem and its
//! submissions, graded each way.

use std::collections::BTreeMap;
use std::path::Path;

use testkit::kit::Kit;
use testkit::kit::sum::KATTIS_CHECKER;
use testkit::tools::{tool, verifyproblem};

/// A submission: the echo of its test's number, wrong (`w`) or crashing
/// (`r`) on the numbers it lists.
type Submission = (&'static str, &'static [(u32, char)]);

const SUBMISSIONS: [Submission; 6] = [
    ("ok", &[]),
    ("wa21", &[(21, 'w')]),
    ("wa22", &[(22, 'w')]),
    ("wasample", &[(1, 'w')]),
    ("wa31re32", &[(31, 'w'), (32, 'r')]),
    ("wa11wa21wa31", &[(11, 'w'), (21, 'w'), (31, 'w')]),
];

/// A fixture: its name, whether it scores, its settings files, and the
/// submissions it tells apart (with `ok`, which problemtools needs for its
/// time limit).
type Fixture = (
    &'static str,
    bool,
    &'static [(&'static str, &'static str)],
    &'static [&'static str],
);

const FIXTURES: [Fixture; 9] = [
    // Judging stops at the first rejection: no group after it scores.
    ("breaks", true, &[], &["wa21", "wa22", "wasample"]),
    // Each group alone; its sum the tests before its first rejection.
    (
        "continues",
        true,
        &[("data/secret/testdata.yaml", "on_reject: continue\n")],
        &["wa22", "wa11wa21wa31"],
    ),
    // IOI style: the samples ignored, a solution that scores accepted.
    (
        "ioi",
        true,
        &[
            (
                "data/testdata.yaml",
                "grader_flags: ignore_sample\non_reject: continue\n",
            ),
            (
                "data/sample/testdata.yaml",
                "grader_flags: first_error\naccept_score: 0\n",
            ),
            (
                "data/secret/testdata.yaml",
                "grader_flags: first_error accept_if_any_accepted\non_reject: continue\n",
            ),
            (
                "data/secret/g1/testdata.yaml",
                "accept_score: 10\ngrader_flags: min\n",
            ),
            (
                "data/secret/g2/testdata.yaml",
                "accept_score: 10\ngrader_flags: min\n",
            ),
            (
                "data/secret/g3/testdata.yaml",
                "accept_score: 10\ngrader_flags: min\n",
            ),
        ],
        &["wasample", "wa21", "wa11wa21wa31"],
    ),
    // The worst error, the grader's default where judging goes on.
    (
        "worst",
        true,
        &[
            ("data/secret/testdata.yaml", "on_reject: continue\n"),
            ("data/secret/g3/testdata.yaml", "on_reject: continue\n"),
        ],
        &["wa31re32"],
    ),
    (
        "first",
        true,
        &[
            (
                "data/secret/testdata.yaml",
                "on_reject: continue\ngrader_flags: first_error\n",
            ),
            (
                "data/secret/g3/testdata.yaml",
                "on_reject: continue\ngrader_flags: first_error\n",
            ),
        ],
        &["wa31re32"],
    ),
    // The most and the average of a group's tests.
    (
        "max",
        true,
        &[
            ("data/secret/testdata.yaml", "on_reject: continue\n"),
            (
                "data/secret/g2/testdata.yaml",
                "on_reject: continue\ngrader_flags: max\naccept_score: 10\n",
            ),
        ],
        &["wa21"],
    ),
    (
        "avg",
        true,
        &[
            ("data/secret/testdata.yaml", "on_reject: continue\n"),
            (
                "data/secret/g2/testdata.yaml",
                "on_reject: continue\ngrader_flags: avg\naccept_score: 10\n",
            ),
        ],
        &["wa21"],
    ),
    (
        "always",
        true,
        &[
            (
                "data/secret/testdata.yaml",
                "on_reject: continue\ngrader_flags: always_accept\n",
            ),
            ("data/secret/g1/testdata.yaml", "grader_flags: sum\n"),
            ("data/secret/g2/testdata.yaml", "grader_flags: sum\n"),
            ("data/secret/g3/testdata.yaml", "grader_flags: sum\n"),
        ],
        &["wasample", "wa11wa21wa31"],
    ),
    // Pass-fail: accepted if one test of data/secret is, else the worst.
    (
        "passfail",
        false,
        &[(
            "data/secret/testdata.yaml",
            "on_reject: continue\ngrader_flags: worst_error accept_if_any_accepted\n",
        )],
        &["wasample", "wa31re32", "wa11wa21wa31"],
    ),
];

/// The tests: a sample, and two tests in each of three groups (or right
/// in data/secret, pass-fail).
const TESTS: [(&str, u32); 7] = [
    ("sample/1", 1),
    ("secret/g1/11", 11),
    ("secret/g1/12", 12),
    ("secret/g2/21", 21),
    ("secret/g2/22", 22),
    ("secret/g3/31", 31),
    ("secret/g3/32", 32),
];

fn submission(failures: &[(u32, char)]) -> String {
    let cases: String = (failures.iter())
        .map(|(n, how)| match how {
            'w' => format!("if (n == {n}) n += 1000;\n"),
            _ => format!("if (n == {n}) return 3;\n"),
        })
        .collect();
    format!(
        "#include <stdio.h>\nint main(void) {{\nlong long n = 0;\nif (scanf(\"%lld\", &n) != 1) return 1;\n{cases}printf(\"%lld\\n\", n);\nreturn 0;\n}}\n"
    )
}

/// Writes the fixture's package under `dir`, every submission in
/// `accepted/` (problemtools says what it got either way).
fn package(dir: &Path, fixture: &Fixture) {
    let (_, scoring, settings, told) = fixture;
    let mut files: BTreeMap<String, String> = BTreeMap::new();
    let kind = if *scoring { "type: scoring\n" } else { "" };
    files.insert(
        "problem.yaml".into(),
        format!("name: Echo\n{kind}validation: custom\nlicense: cc0\nrights_owner: the kit\n"),
    );
    files.insert(
        "output_validators/echo/echo.c".into(),
        KATTIS_CHECKER.into(),
    );
    files.insert(
        "input_validators/val/val.py".into(),
        "import sys\nsys.stdin.read()\nsys.exit(42)\n".into(),
    );
    for (path, n) in TESTS {
        let path = match scoring {
            true => path.to_string(),
            false => path
                .replace("/g1/", "/")
                .replace("/g2/", "/")
                .replace("/g3/", "/"),
        };
        files.insert(format!("data/{path}.in"), format!("{n}\n"));
        files.insert(format!("data/{path}.ans"), format!("{n}\n"));
    }
    for (file, text) in *settings {
        files.insert(file.to_string(), text.to_string());
    }
    for (name, failures) in SUBMISSIONS
        .iter()
        .filter(|(n, _)| *n == "ok" || told.contains(n))
    {
        files.insert(
            format!("submissions/accepted/{name}.c"),
            submission(failures),
        );
    }
    for (file, text) in files {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// What problemtools said of each submission: (verdict, score), from its
/// line and the results table's `Pts`.
fn problemtools_results(text: &str) -> BTreeMap<String, (String, Option<f64>)> {
    let mut results = BTreeMap::new();
    let points: BTreeMap<&str, f64> = (text.lines())
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .filter(|w| w.len() > 3 && w[0].ends_with(".c"))
        .filter_map(|w| Some((w[0].strip_suffix(".c")?, w[w.len() - 2].parse().ok()?)))
        .collect();
    for line in text.lines() {
        let Some((_, rest)) = line.split_once("accepted/") else {
            continue;
        };
        let Some((file, rest)) = rest.split_once(".c ") else {
            continue;
        };
        let Some((_, after)) = rest.split_once("OK: ").or_else(|| rest.split_once("got ")) else {
            continue;
        };
        let verdict = after.split_whitespace().next().unwrap_or_default();
        let score = points.get(file).copied();
        results.insert(file.to_string(), (verdict.replace("RTE", "RE"), score));
    }
    results
}

#[test]
#[ignore = "slow tier: the judges' own tools"]
fn legacy_grader_flags_judge_as_problemtools_judges_them() {
    let kit = Kit::new();
    let packages = tempfile::tempdir().unwrap();
    for fixture in &FIXTURES {
        package(&packages.path().join(fixture.0), fixture);
    }
    let home = packages.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    let mut args: Vec<&str> = FIXTURES.iter().map(|f| f.0).collect();
    args.extend(["-p", "submissions"]);
    let started = std::time::Instant::now();
    let (_, text) = verifyproblem(&tool("verifyproblem"), &args, packages.path(), &home);
    eprintln!("verifyproblem: {:.1} s", started.elapsed().as_secs_f64());
    let by_problem: Vec<&str> = text.split("Loading problem ").skip(1).collect();
    assert_eq!(by_problem.len(), FIXTURES.len(), "{text}");

    let mut compared = 0;
    for (fixture, said) in FIXTURES.iter().zip(by_problem) {
        let (name, scoring, _, told) = fixture;
        let theirs = problemtools_results(said);
        assert_eq!(theirs.len(), told.len() + 1, "{name}: {said}");
        let dir = packages.path().join(name);
        let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", name]);
        assert_eq!(code, 0, "{name}: {report}");
        for submission in theirs.keys() {
            let file = dir.join(format!("submissions/accepted/{submission}.c"));
            let (_, test) = kit.json(&["test", name, file.to_str().unwrap()]);
            let ours = (
                test["verdict"].as_str().unwrap_or_default().to_string(),
                test["score"].as_f64().filter(|_| *scoring).map(f64::round),
            );
            assert_eq!(
                ours,
                theirs[submission.as_str()],
                "{name}/{submission}: the kit's {test:#}\nproblemtools:\n{said}"
            );
            compared += 1;
        }
    }
    eprintln!("{compared} submissions judged alike by the kit and problemtools");
}

/// A wrong solution that fails a sample first, under `ignore_samples`, is
/// judged on: `judge verify` finds its failure in the secret tests, where
/// stopping at the sample would have made it accepted.
#[test]
fn verify_judges_on_past_an_ignored_sample() {
    let kit = Kit::builder().inputs(3).create();
    let toml = kit
        .read("problems/sum/problem.toml")
        .replace("file = \"t1.in\"", "file = \"t1.in\"\nsample = true");
    let toml = toml.replacen("reference = ", "targets_required = false\nreference = ", 1);
    let toml = format!("{toml}\n[verdict]\nignore_samples = true\n");
    kit.write("problems/sum/problem.toml", &toml);
    kit.build();
    // Wrong on the sample (1 2) and on the last test, right on 40 2.
    let wrong = testkit::kit::sum::reference("if (a != 40) b += 1;");
    kit.write("solutions/sum/wrong_answer/wrong.c", &wrong);
    let report = kit.accepted(&["verify"]);
    let rows = report["solutions"].as_array().unwrap();
    let row = rows
        .iter()
        .find(|r| r["solution"] == "wrong_answer/wrong.c")
        .unwrap();
    assert_eq!(row["verdict"], "WA", "{report:#}");
}

/// `partially_accepted/` takes a solution accepted with no points, as
/// problemtools does (a real package's solutions aimed at 0-point groups
/// live there), but not one rejected with none.
#[test]
fn an_accepted_solution_with_no_points_is_partially_accepted() {
    let kit = Kit::builder().inputs(3).create();
    let mut toml = kit.read("problems/sum/problem.toml");
    for (test, group) in [("t1", "zero"), ("t2", "half"), ("t3", "other")] {
        let file = format!("file = \"{test}.in\"");
        toml = toml.replace(&file, &format!("{file}\ngroup = \"{group}\""));
    }
    let groups = "[[groups]]\nname = \"zero\"\npoints = 0\n\n[[groups]]\nname = \"half\"\npoints = 50\n\n[[groups]]\nname = \"other\"\npoints = 50\n";
    let toml = format!("{toml}\n{groups}\n[verdict]\naccept = \"any-group\"\n");
    kit.write("problems/sum/problem.toml", &toml);
    kit.build();
    // Right on the 0-point group's test only; wrong everywhere.
    let zero = testkit::kit::sum::reference("if (a != 1) b += 1;");
    kit.write("solutions/sum/partially_accepted/zero.c", &zero);
    kit.write(
        "solutions/sum/partially_accepted/never.c",
        &testkit::kit::sum::plus_one(),
    );
    let (_, report) = kit.json(&["verify"]);
    let rows = report["solutions"].as_array().unwrap();
    let row = |name: &str| {
        let found = rows.iter().find(|r| r["solution"] == name);
        found
            .unwrap_or_else(|| panic!("{name}: {report:#}"))
            .clone()
    };
    let zero = row("partially_accepted/zero.c");
    assert_eq!(
        (zero["verdict"].as_str(), zero["score"].as_f64()),
        (Some("AC"), Some(0.0)),
        "{zero:#}"
    );
    assert_eq!(zero["ok"], true, "{zero:#}");
    let never = row("partially_accepted/never.c");
    assert_eq!(never["verdict"], "WA", "{never:#}");
    assert_eq!(never["ok"], false, "{never:#}");
}
