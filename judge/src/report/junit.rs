//! `--junit PATH`: the results as JUnit XML, the format CI systems read, in
//! the shape cargo-nextest writes: one `<testsuites>`, a `<testsuite>` per
//! solution judged (another for the same file under its other
//! interpreter), a `<testcase>` per test of the problem, in order.
//!
//! A test not accepted is a `<failure>` when the checker judged the output
//! (WA, PE, PC) and an `<error>` when the run did not end as it should
//! (TLE, MLE, OLE, RE) or the kit failed (FAIL): its `type` is the
//! verdict, its `message` the checker's first line and its text the whole
//! message. A test the solution was not judged on is `<skipped>`. A file
//! that does not compile has a testcase `compile` first, an error with the
//! compiler's message. Under `judge verify` what fails is a broken promise,
//! as its exit status says: each suite opens with a testcase `promise`,
//! failed with every way the solution broke it (passed, with the timing
//! warnings in `<system-out>`, when it keeps it), and the tests of a
//! solution that keeps its promise pass (a wrong answer in `wrong_answer/`
//! is what it promises), their verdict in `<system-out>`. Times are CPU
//! seconds, and there is no timestamp: the same results give the same
//! bytes.

use std::io;
use std::path::Path;
use std::time::Duration;

use anyhow::Result;
use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};

use super::file::{Judged, Problems, Render};
use crate::model::event::EventKind;
use crate::model::results::report::Report;
use crate::model::results::{OtherJudging, Standing, TestOutcome, VerifyRow};
use crate::model::verdict::{NOT_COMPILED, Score, Verdict};

/// `--junit PATH`: the report of `judge test` (a suite per file) or
/// `judge verify` (a suite per solution).
#[derive(Clone, Debug, Default)]
pub struct Junit {
    problems: Problems,
}

impl Render for Junit {
    fn what(&self) -> &'static str {
        "the JUnit report"
    }

    fn gather(&mut self, event: &EventKind) {
        self.problems.gather(event);
    }

    fn render(&self, report: &Report, _: &Path) -> Result<Option<Vec<u8>>> {
        let (name, suites) = match report {
            Report::Test(r) => {
                let p = self.problems.named(&r.problem)?;
                let run = Suite::of(p, &r.solution, &r.tests, r.compile_error.as_deref(), false);
                let other = (r.other.as_ref()).map(|o| Suite::other(p, &r.solution, o));
                let suites = std::iter::once(run.verdict(r.verdict, r.score));
                let title = format!("judge test {} {}", r.problem, r.solution);
                (title, suites.chain(other).collect())
            }
            Report::Standings(r) => {
                let p = self.problems.named(&r.problem)?;
                let suites = (r.solutions.iter()).flat_map(|row| {
                    let other = (row.other.as_ref()).map(|o| Suite::other(p, &row.solution, o));
                    std::iter::once(Suite::standing(p, row)).chain(other)
                });
                (format!("judge test {}", r.problem), suites.collect())
            }
            Report::Verify(r) => {
                let suites = (r.solutions.iter())
                    .map(|row| Ok(Suite::verified(self.problems.named(&row.problem)?, row)))
                    .collect::<Result<Vec<Suite>>>()?;
                ("judge verify".to_string(), suites)
            }
            _ => return Ok(None),
        };
        Ok(Some(document(&name, &suites)?))
    }
}

/// One solution's suite.
struct Suite {
    name: String,
    properties: Vec<(&'static str, String)>,
    cases: Vec<Case>,
}

/// One test case.
struct Case {
    name: String,
    /// The CPU time of a test judged.
    time: Option<Duration>,
    status: Status,
}

/// How a test case ended.
enum Status {
    /// Passed; what it says, if anything (a verdict it promised).
    Passed(Option<String>),
    /// A `failure` or an `error` (`tag`) of type `kind` with `message`.
    Failed {
        tag: &'static str,
        kind: String,
        message: String,
    },
    Skipped,
}

impl Status {
    /// A test (or the compilation) that gave `verdict`, not accepted.
    fn failed(verdict: Verdict, message: &str) -> Status {
        Status::Failed {
            tag: match verdict.is_checked() {
                true => "failure",
                false => "error",
            },
            kind: verdict.as_str().to_string(),
            message: message.to_string(),
        }
    }
}

impl Suite {
    /// `solution` judged on problem `p`'s tests: its `outcomes`, the
    /// tests it was not judged on skipped, after the compiler's message if
    /// it did not compile. When `kept` (a promise kept), no verdict fails.
    fn of(
        p: &Judged,
        solution: &str,
        outcomes: &[TestOutcome],
        compile_error: Option<&str>,
        kept: bool,
    ) -> Suite {
        let compile = compile_error.map(|e| Case {
            name: "compile".into(),
            time: None,
            status: Status::failed(NOT_COMPILED, e),
        });
        let tests = (p.tests.iter()).map(|test| {
            let Some(o) = outcomes.iter().find(|o| o.name == test.name) else {
                return Case {
                    name: test.name.clone(),
                    time: None,
                    status: Status::Skipped,
                };
            };
            let status = match o.verdict.is_accepted() {
                true => Status::Passed(None),
                false if kept => Status::Passed(Some(format!("{}: {}", o.verdict, o.message))),
                false => Status::failed(o.verdict, &o.message),
            };
            Case {
                name: test.name.clone(),
                time: Some(o.cpu),
                status,
            }
        });
        Suite {
            name: solution.to_string(),
            properties: vec![("problem", p.name.clone())],
            cases: compile.into_iter().chain(tests).collect(),
        }
    }

    /// The suite with the solution's verdict and score as properties.
    fn verdict(mut self, verdict: Verdict, score: Option<Score>) -> Suite {
        self.properties
            .push(("verdict", verdict.as_str().to_string()));
        if let Some(score) = score {
            self.properties.push(("score", score.to_string()));
        }
        self
    }

    /// A file of the standings.
    fn standing(p: &Judged, row: &Standing) -> Suite {
        let error = row.compile_error.as_deref();
        Suite::of(p, &row.solution, &row.results, error, false).verdict(row.verdict, row.score)
    }

    /// `solution` judged again under its other interpreter.
    fn other(p: &Judged, solution: &str, other: &OtherJudging) -> Suite {
        let shown = OtherJudging::shown(solution, &other.interpreter);
        let mut suite = Suite::of(p, &shown, &other.tests, None, false);
        suite
            .properties
            .push(("interpreter", other.interpreter.clone()));
        suite.verdict(other.verdict, other.score)
    }

    /// A solution `judge verify` judged against its folder's promise.
    fn verified(p: &Judged, row: &VerifyRow) -> Suite {
        let name = format!("{}/{}", row.problem, row.solution);
        let error = row.compile_error.as_deref();
        let mut suite = Suite::of(p, &name, &row.results, error, row.ok);
        let status = match row.ok {
            // Kept by too little to trust on another machine: said, not failed.
            true => Status::Passed(Some(row.warnings.join("\n")).filter(|w| !w.is_empty())),
            false => Status::Failed {
                tag: "failure",
                kind: "promise".into(),
                message: match row.problems.is_empty() {
                    true => format!("expected {}, got {}", row.expected, row.verdict),
                    false => row.problems.join("\n"),
                },
            },
        };
        let promise = Case {
            name: "promise".into(),
            time: None,
            status,
        };
        suite.cases.insert(0, promise);
        suite.properties.push(("expected", row.expected.clone()));
        suite.verdict(row.verdict, row.score)
    }
}

/// A suite's (or all suites') counts, as the attributes say them.
#[derive(Clone, Copy, Default)]
struct Counts {
    tests: usize,
    failures: usize,
    errors: usize,
    skipped: usize,
    time: Duration,
}

impl Counts {
    fn of(suite: &Suite) -> Counts {
        let mut counts = Counts {
            tests: suite.cases.len(),
            ..Counts::default()
        };
        for case in &suite.cases {
            counts.time += case.time.unwrap_or_default();
            match case.status {
                Status::Passed(_) => {}
                Status::Failed { tag: "failure", .. } => counts.failures += 1,
                Status::Failed { .. } => counts.errors += 1,
                Status::Skipped => counts.skipped += 1,
            }
        }
        counts
    }

    fn add(self, other: Counts) -> Counts {
        Counts {
            tests: self.tests + other.tests,
            failures: self.failures + other.failures,
            errors: self.errors + other.errors,
            skipped: self.skipped + other.skipped,
            time: self.time + other.time,
        }
    }

    /// The attributes, `name` first.
    fn attributes(self, name: &str) -> Vec<(&'static str, String)> {
        vec![
            ("name", text(name)),
            ("tests", self.tests.to_string()),
            ("skipped", self.skipped.to_string()),
            ("failures", self.failures.to_string()),
            ("errors", self.errors.to_string()),
            ("time", seconds(self.time)),
        ]
    }
}

/// The document: `name`, then the suites.
fn document(name: &str, suites: &[Suite]) -> io::Result<Vec<u8>> {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 4);
    w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
    let all = (suites.iter().map(Counts::of)).fold(Counts::default(), Counts::add);
    let attributes = all.attributes(name);
    w.create_element("testsuites")
        .with_attributes(attributes.iter().map(|(k, v)| (*k, v.as_str())))
        .write_inner_content(|w| suites.iter().try_for_each(|s| suite(w, s)))?;
    let mut bytes = w.into_inner();
    bytes.push(b'\n');
    Ok(bytes)
}

fn suite(w: &mut Writer<Vec<u8>>, suite: &Suite) -> io::Result<()> {
    let attributes = Counts::of(suite).attributes(&suite.name);
    let element = (w.create_element("testsuite"))
        .with_attributes(attributes.iter().map(|(k, v)| (*k, v.as_str())));
    element.write_inner_content(|w| {
        w.create_element("properties").write_inner_content(|w| {
            for (name, value) in &suite.properties {
                let value = text(value);
                (w.create_element("property"))
                    .with_attributes([("name", *name), ("value", value.as_str())])
                    .write_empty()?;
            }
            Ok(())
        })?;
        for case in &suite.cases {
            test_case(w, &suite.name, case)?;
        }
        Ok(())
    })?;
    Ok(())
}

fn test_case(w: &mut Writer<Vec<u8>>, classname: &str, case: &Case) -> io::Result<()> {
    let (name, classname) = (text(&case.name), text(classname));
    let time = case.time.map(seconds);
    let mut element = (w.create_element("testcase"))
        .with_attributes([("name", name.as_str()), ("classname", classname.as_str())]);
    if let Some(time) = &time {
        element = element.with_attribute(("time", time.as_str()));
    }
    match &case.status {
        Status::Passed(None) => element.write_empty()?,
        Status::Passed(Some(out)) => element.write_inner_content(|w| {
            w.create_element("system-out")
                .write_text_content(BytesText::new(&text(out)))?;
            Ok(())
        })?,
        Status::Failed { tag, kind, message } => element.write_inner_content(|w| {
            let first = text(message.lines().next().unwrap_or(""));
            (w.create_element(*tag))
                .with_attributes([("message", first.as_str()), ("type", kind.as_str())])
                .write_text_content(BytesText::new(&text(message)))?;
            Ok(())
        })?,
        Status::Skipped => element.write_inner_content(|w| {
            (w.create_element("skipped"))
                .with_attribute(("message", "not judged"))
                .write_empty()?;
            Ok(())
        })?,
    };
    Ok(())
}

/// `d` in seconds, to the millisecond.
fn seconds(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

/// `s` with the characters XML 1.0 cannot hold (control characters, as in
/// a program's coloured message) replaced.
fn text(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '\t' | '\n' | '\r' => c,
            c if c < ' ' || c == '\u{FFFE}' || c == '\u{FFFF}' => '\u{FFFD}',
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;
    use crate::model::event::EventKind;
    use crate::model::results::report::TestReport;
    use crate::model::results::{Isolation, Test};

    fn test(name: &str) -> Test {
        Test {
            name: name.into(),
            input: PathBuf::from(format!("{name}.in")),
            answer: PathBuf::from(format!("{name}.ans")),
            group: None,
            sample: false,
            targets: Vec::new(),
            points: None,
        }
    }

    fn outcome(name: &str, verdict: Verdict, message: &str) -> TestOutcome {
        TestOutcome {
            name: name.into(),
            verdict,
            cpu: Duration::from_millis(1500),
            wall: Duration::from_millis(1600),
            memory_bytes: 1 << 20,
            message: message.into(),
            note: None,
            group: None,
            points: None,
            partial: None,
            output: PathBuf::new(),
            stderr: None,
            kept: None,
        }
    }

    /// The report of `<odd>.c` on three tests: a wrong answer whose message
    /// holds markup, quotes and control characters, a time-out, one not
    /// judged.
    fn rendered() -> String {
        let tests = [test("01"), test("02"), test("03")];
        let mut junit = Junit::default();
        junit.gather(&EventKind::Judging {
            problem: "sum",
            time_limit: Duration::from_secs(1),
            groups: &[],
            tests: &tests,
        });
        let message = "expected <3> & \"4\", found '5'\u{1b}[31m\nsecond line";
        let report = Report::Test(TestReport {
            verdict: Verdict::Wa,
            problem: "sum".into(),
            solution: "<odd>.c".into(),
            score: None,
            max_score: None,
            compile_error: None,
            network_isolated: true,
            isolation: Isolation {
                processes: "reaper".into(),
                files: "none".into(),
                memory: "watcher".into(),
                network: "isolated".into(),
                user: "judge".into(),
                pids: "all".into(),
                off: Vec::new(),
                missing: Vec::new(),
            },
            tests: vec![
                outcome("01", Verdict::Wa, message),
                outcome("02", Verdict::Tle, "1500 ms of CPU time"),
            ],
            other: None,
            target: None,
        });
        let bytes = junit.render(&report, Path::new("x.xml")).unwrap().unwrap();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn a_failure_keeps_its_message_escaped_and_its_verdict() {
        let xml = rendered();
        assert!(!xml.contains("<odd>") && !xml.contains('\u{1b}'), "{xml}");
        assert!(xml.contains("name=\"&lt;odd&gt;.c\""), "{xml}");
        let failure = xml.lines().find(|l| l.contains("<failure")).unwrap();
        assert!(failure.contains("type=\"WA\""), "{failure}");
        assert!(
            failure
                .contains("message=\"expected &lt;3&gt; &amp; &quot;4&quot;, found &apos;5&apos;"),
            "{failure}"
        );
        assert!(xml.contains("<error message=\"1500 ms of CPU time\" type=\"TLE\">"));
        assert!(xml.contains("<skipped message=\"not judged\"/>"));
        // nextest's own reader gets the message back, its control character
        // replaced.
        let read = quick_junit::Report::deserialize_from_str(&xml).unwrap();
        let case = &read.test_suites[0].test_cases[0];
        let quick_junit::TestCaseStatus::NonSuccess { description, .. } = &case.status else {
            panic!("{case:?}");
        };
        let expected = "expected <3> & \"4\", found '5'\u{FFFD}[31m\nsecond line";
        assert_eq!(description.as_deref(), Some(expected));
        assert!(
            xml.contains("tests=\"3\" skipped=\"1\" failures=\"1\" errors=\"1\" time=\"3.000\"")
        );
    }

    #[test]
    fn the_same_results_give_the_same_bytes() {
        assert_eq!(rendered(), rendered());
        assert!(rendered().starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "));
    }
}
