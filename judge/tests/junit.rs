//! `--junit PATH` end to end: `judge test` (one file, and standings) and
//! `judge verify` write JUnit XML that nextest's own reader (quick-junit)
//! takes, and its suites, cases and counts say what the same run's
//! `--json` document says.

use std::collections::BTreeMap;

use quick_junit::{NonSuccessKind, Report, TestCaseStatus, TestSuite};
use serde_json::Value;

use testkit::kit::{Kit, c_program, plus_one, reference};

/// The kit's three tests, in order.
const TESTS: [&str; 3] = ["01", "02", "03"];

/// A kit with a wrong answer and a correct solution filed under
/// `wrong_answer/` (a broken promise), a test aimed at each, and a class: an accepted file, a
/// file that does not compile and one that loops.
fn kit() -> Kit {
    let kit = Kit::new();
    let toml = (kit.problem_toml)
        .replacen("checker =", "time_limit_ms = 300\nchecker =", 1)
        .replacen(
            "file = \"t2.in\"",
            "file = \"t2.in\"\ntargets = [\"wrong_answer/plus_one.c\"]",
            1,
        )
        .replacen(
            "file = \"t3.in\"",
            "file = \"t3.in\"\ntargets = [\"wrong_answer/not_wrong.c\"]",
            1,
        );
    assert_eq!(toml.matches("targets").count(), 2, "{toml}");
    kit.write("problems/sum/problem.toml", &toml);
    kit.write("solutions/sum/wrong_answer/plus_one.c", &plus_one());
    kit.write("solutions/sum/wrong_answer/not_wrong.c", &reference(""));
    kit.write("class/alice.c", &reference(""));
    kit.write("class/carol.c", "int main( {\n");
    kit.write("class/erin.c", &c_program("for (;;) {}"));
    kit
}

/// Runs `args` with `--json` and `--junit`: the document and the report.
fn both(kit: &Kit, args: &[&str]) -> (i32, Value, Report) {
    let path = kit.path("out/junit.xml");
    let mut all = args.to_vec();
    all.extend(["--junit", path.to_str().unwrap()]);
    let (code, json) = kit.json(&all);
    let xml = std::fs::read_to_string(&path).unwrap();
    let report = Report::deserialize_from_str(&xml).unwrap_or_else(|e| panic!("{e}: {xml}"));
    check_counts(&report, &xml);
    (code, json, report)
}

/// The counts each element carries are those of the cases it holds.
fn check_counts(report: &Report, xml: &str) {
    let mut total = (0, 0, 0, 0);
    for suite in &report.test_suites {
        let counts = counts(suite);
        assert_eq!(
            (suite.tests, suite.failures, suite.errors, suite.skipped),
            counts,
            "{xml}"
        );
        total = (
            total.0 + counts.0,
            total.1 + counts.1,
            total.2 + counts.2,
            total.3 + counts.3,
        );
    }
    let all = (report.tests, report.failures, report.errors, report.skipped);
    assert_eq!(all, total, "{xml}");
}

/// A suite's (tests, failures, errors, skipped), counted case by case.
fn counts(suite: &TestSuite) -> (usize, usize, usize, usize) {
    let mut counts = (suite.test_cases.len(), 0, 0, 0);
    for case in &suite.test_cases {
        match &case.status {
            TestCaseStatus::Success { .. } => {}
            TestCaseStatus::NonSuccess { kind, .. } => match kind {
                NonSuccessKind::Failure => counts.1 += 1,
                NonSuccessKind::Error => counts.2 += 1,
            },
            TestCaseStatus::Skipped { .. } => counts.3 += 1,
        }
    }
    counts
}

/// Each case of `suite` as `(name, what)`: `pass`, `skipped`, or the
/// failure's or error's type.
fn cases(suite: &TestSuite) -> Vec<(String, String)> {
    (suite.test_cases.iter())
        .map(|case| {
            let what = match &case.status {
                TestCaseStatus::Success { .. } => "pass".to_string(),
                TestCaseStatus::Skipped { .. } => "skipped".to_string(),
                TestCaseStatus::NonSuccess { ty, .. } => ty.as_ref().unwrap().to_string(),
            };
            (case.name.to_string(), what)
        })
        .collect()
}

/// The cases a judging in JSON (its tests' outcomes, and its compiler's
/// message) must give, by the same rules: accepted passes, the verdict
/// otherwise, a test not judged skipped, `compile` first if it did not.
fn expected(outcomes: &Value, compile_error: &Value) -> Vec<(String, String)> {
    let verdicts: BTreeMap<&str, &str> = (outcomes.as_array().unwrap().iter())
        .map(|o| (o["name"].as_str().unwrap(), o["verdict"].as_str().unwrap()))
        .collect();
    let compile = (!compile_error.is_null()).then(|| ("compile".into(), "CE".into()));
    let tests = TESTS.iter().map(|t| {
        let what = match verdicts.get(t) {
            None => "skipped",
            Some(&"AC") => "pass",
            Some(v) => v,
        };
        (t.to_string(), what.to_string())
    });
    compile.into_iter().chain(tests).collect()
}

/// The suite named `name`.
fn suite<'r>(report: &'r Report, name: &str) -> &'r TestSuite {
    (report.test_suites.iter())
        .find(|s| s.name.as_str() == name)
        .unwrap_or_else(|| panic!("no suite {name}"))
}

/// A property of a suite.
fn property<'s>(suite: &'s TestSuite, name: &str) -> &'s str {
    let found = suite.properties.iter().find(|p| p.name.as_str() == name);
    found.map_or("", |p| p.value.as_str())
}

#[test]
fn one_file_is_a_suite_with_a_case_per_test() {
    let kit = kit();
    let file = "solutions/sum/wrong_answer/plus_one.c";
    let (code, json, report) = both(&kit, &["test", "sum", file, "--fail-fast"]);
    assert_eq!(code, 1);
    assert_eq!(report.test_suites.len(), 1);
    let suite = suite(&report, file);
    assert_eq!(
        cases(suite),
        expected(&json["tests"], &json["compile_error"])
    );
    assert_eq!(
        cases(suite)[1..],
        [
            ("02".into(), "skipped".into()),
            ("03".into(), "skipped".into())
        ]
    );
    assert_eq!(
        property(suite, "verdict"),
        json["verdict"].as_str().unwrap()
    );
    assert_eq!(property(suite, "problem"), "sum");
    let TestCaseStatus::NonSuccess {
        kind,
        message,
        description,
        ..
    } = &suite.test_cases[0].status
    else {
        panic!("{:?}", suite.test_cases[0]);
    };
    assert_eq!(*kind, NonSuccessKind::Failure, "a wrong answer fails");
    let said = json["tests"][0]["message"].as_str().unwrap();
    assert_eq!(message.as_deref(), said.lines().next());
    assert_eq!(description.as_deref(), Some(said));
    assert_eq!(
        report.name.as_deref(),
        Some(&*format!("judge test sum {file}"))
    );
}

#[test]
fn standings_are_a_suite_per_file() {
    let kit = kit();
    let (code, json, report) = both(&kit, &["test", "sum", "class"]);
    assert_eq!(code, 1);
    let rows = json["solutions"].as_array().unwrap();
    assert_eq!(report.test_suites.len(), rows.len());
    for row in rows {
        let suite = suite(&report, row["solution"].as_str().unwrap());
        assert_eq!(
            cases(suite),
            expected(&row["results"], &row["compile_error"]),
            "{row}"
        );
        assert_eq!(property(suite, "verdict"), row["verdict"].as_str().unwrap());
    }
    let erin = suite(&report, "class/erin.c");
    assert_eq!(
        counts(erin),
        (3, 0, 3, 0),
        "a time-out is an error, not a failure"
    );
    let carol = suite(&report, "class/carol.c");
    assert_eq!(
        counts(carol),
        (4, 0, 1, 3),
        "not compiled: an error, its tests skipped"
    );
    assert_eq!(report.failures + report.errors, 4);
}

#[test]
fn verify_fails_what_breaks_a_promise() {
    let kit = kit();
    let (code, json, report) = both(&kit, &["verify"]);
    assert_eq!(code, 1, "not_wrong.c breaks its promise");
    let rows = json["solutions"].as_array().unwrap();
    assert_eq!(report.test_suites.len(), rows.len());
    for row in rows {
        let name = format!("sum/{}", row["solution"].as_str().unwrap());
        let suite = suite(&report, &name);
        let promise = match row["ok"].as_bool().unwrap() {
            true => "pass",
            false => "promise",
        };
        assert_eq!(cases(suite)[0], ("promise".into(), promise.into()), "{row}");
        assert_eq!(
            property(suite, "expected"),
            row["expected"].as_str().unwrap()
        );
        let (_, failures, errors, skipped) = counts(suite);
        let judged = row["judged"].as_u64().unwrap() as usize;
        assert_eq!(skipped, TESTS.len() - judged, "{row}");
        // A promise kept fails nothing: plus_one.c's wrong answer passes.
        if row["ok"] == true {
            assert_eq!((failures, errors), (0, 0), "{row}");
        }
    }
    let plus_one = suite(&report, "sum/wrong_answer/plus_one.c");
    assert_eq!(cases(plus_one)[1], ("01".into(), "pass".into()));
    let said = plus_one.test_cases[1]
        .system_out
        .as_deref()
        .unwrap_or_default();
    assert!(said.starts_with("WA: "), "{said}: {plus_one:?}");
    assert_eq!(
        (report.failures, report.errors),
        (1, 0),
        "only the broken promise"
    );
}

#[test]
fn a_junit_path_that_cannot_be_written_is_an_error_naming_it() {
    let kit = kit();
    let path = "problems/sum/t1.in/junit.xml";
    let file = "solutions/sum/accepted/ref.c";
    let run = kit.judge(&["--json", "test", "sum", file, "--junit", path]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("cannot write the JUnit report"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains(path), "{}", run.stderr);
    assert_eq!(run.stdout, "", "no report after an output that failed");
}
