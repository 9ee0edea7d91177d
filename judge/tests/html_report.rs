//! `--html` end to end: `judge verify` and `judge test` write the page, the
//! real headless Chromium loads it, and its DOM must say what the same
//! run's `--json` document says — one cell per solution and test with that
//! test's verdict, "not judged" where the solution was not judged, the
//! mismatch mark exactly on the solutions that broke their folder's
//! promise, a chart per solution. A screenshot of each page is kept under
//! `target/screenshots/` (CI keeps it).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use judge::core::browser::Browser;
use scraper::{ElementRef, Html, Selector};
use serde_json::Value;

use testkit::kit::{Kit, c_program, plus_one, reference};

/// Four tests in two scored groups; three of them aim at solutions.
const PROBLEM_TOML: &str = r#"
title = { en = "Sum", zh = "求和" }
checker = "check.c"
validator = "validate.c"
reference = "accepted/ref.c"
time_limit_ms = 200

[[groups]]
name = "small"
points = 40

[[groups]]
name = "big"
points = 60

[[tests]]
file = "t1.in"
group = "small"

[[tests]]
file = "t2.in"
group = "small"
targets = ["wrong_answer/plus_one.c"]

[[tests]]
file = "t3.in"
group = "big"
targets = ["time_limit_exceeded/spin.c", "wrong_answer/not_wrong.c"]

[[tests]]
file = "t4.in"
group = "big"
"#;

/// A kit with an accepted, a wrong-answer and a time-limit solution, and a
/// correct solution filed under `wrong_answer/`, which breaks its promise.
fn kit() -> Kit {
    let kit = Kit::new();
    kit.write("problems/sum/problem.toml", PROBLEM_TOML);
    kit.write("problems/sum/t4.in", "5 5\n");
    let read = "long long a, b; scanf(\"%lld %lld\", &a, &b);";
    kit.write("solutions/sum/wrong_answer/plus_one.c", &plus_one());
    // Right on small numbers; spins on the big one (test 3).
    kit.write(
        "solutions/sum/time_limit_exceeded/spin.c",
        &c_program(&format!(
            "{read} volatile long long s = 0; if (a > 1000) for (;;) s++; \
             printf(\"%lld\\n\", a + b); return 0;"
        )),
    );
    kit.write("solutions/sum/wrong_answer/not_wrong.c", &reference(""));
    kit
}

/// Where the screenshots go: the workspace's target folder.
fn screenshots() -> PathBuf {
    testkit::paths::target().join("screenshots")
}

/// Loads `page` in Chromium (which must be there: CI installs it), takes
/// its screenshot as `shot`, and returns the DOM Chromium built.
fn load(page: &Path, shot: &str) -> Html {
    let browser = Browser::find().expect("a headless Chromium (CI installs one)");
    let dom = browser.dom(page).unwrap();
    let png = screenshots().join(shot);
    browser.screenshot(page, &png, 1280, 900).unwrap();
    let bytes = std::fs::read(&png).unwrap();
    assert!(
        bytes.len() > 1000,
        "{} has {} bytes",
        png.display(),
        bytes.len()
    );
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{}", png.display());
    Html::parse_document(&dom)
}

fn select<'d>(dom: &'d Html, css: &str) -> Vec<ElementRef<'d>> {
    dom.select(&Selector::parse(css).unwrap()).collect()
}

fn attr<'e>(e: &ElementRef<'e>, name: &str) -> &'e str {
    e.value()
        .attr(name)
        .unwrap_or_else(|| panic!("no {name} on {}", e.html()))
}

fn has_class(e: &ElementRef, class: &str) -> bool {
    e.value().classes().any(|c| c == class)
}

/// A judged solution as the JSON document tells it: its verdict on each
/// test it was judged on.
struct Judged {
    verdicts: BTreeMap<String, String>,
    score: f64,
}

impl Judged {
    fn of(results: &Value, score: &Value) -> Judged {
        let verdicts = (results.as_array().unwrap().iter())
            .map(|o| {
                let name = o["name"].as_str().unwrap().to_string();
                (name, o["verdict"].as_str().unwrap().to_string())
            })
            .collect();
        Judged {
            verdicts,
            score: score.as_f64().unwrap(),
        }
    }
}

/// Checks the matrix in `dom` against `judged` (per solution) for the
/// problem's tests `tests`, and returns the cells aimed at their solution,
/// as (solution, test).
fn check_matrix(
    dom: &Html,
    judged: &BTreeMap<String, Judged>,
    tests: &[&str],
) -> BTreeSet<(String, String)> {
    let cells = select(dom, "td.cell");
    let mut seen = BTreeSet::new();
    let mut aimed = BTreeSet::new();
    for cell in &cells {
        let solution = attr(cell, "data-solution").to_string();
        let test = attr(cell, "data-test").to_string();
        let shown = attr(cell, "data-verdict");
        let expected = judged[&solution].verdicts.get(&test);
        match expected {
            Some(verdict) => {
                assert_eq!(shown, verdict, "{}", cell.html());
                assert!(has_class(cell, &format!("v-{verdict}")), "{}", cell.html());
                let percent: u64 = attr(cell, "data-limit-percent").parse().unwrap();
                assert_eq!(
                    has_class(cell, "near-limit"),
                    percent >= 50,
                    "{}",
                    cell.html()
                );
                if verdict == "TLE" {
                    assert!(percent >= 100, "{}", cell.html());
                }
            }
            None => {
                assert_eq!(shown, "none", "{}", cell.html());
                assert!(has_class(cell, "not-judged"), "{}", cell.html());
            }
        }
        if has_class(cell, "aimed") {
            aimed.insert((solution.clone(), test.clone()));
        }
        assert!(
            seen.insert((solution, test)),
            "a second cell: {}",
            cell.html()
        );
    }
    assert_eq!(cells.len(), judged.len() * tests.len());
    for solution in judged.keys() {
        for test in tests {
            assert!(seen.contains(&(solution.clone(), test.to_string())));
        }
    }
    // One chart per solution, a bar per judged test, and the limit line.
    let charts = select(dom, "svg.chart");
    assert_eq!(charts.len(), judged.len());
    for chart in &charts {
        let solution = attr(chart, "data-solution");
        let bars = chart.select(&Selector::parse("rect").unwrap()).count();
        assert_eq!(bars, judged[solution].verdicts.len(), "{solution}");
        assert_eq!(
            chart
                .select(&Selector::parse("line.limit").unwrap())
                .count(),
            1
        );
    }
    // The group scores add up to the score.
    for (solution, j) in judged {
        let earned: f64 = (select(dom, "tr.group-score td").iter())
            .filter(|td| attr(td, "data-solution") == solution)
            .map(|td| attr(td, "data-score").parse::<f64>().unwrap())
            .sum();
        assert_eq!(earned, j.score, "{solution}");
    }
    aimed
}

fn pairs(list: &[(&str, &str)]) -> BTreeSet<(String, String)> {
    list.iter()
        .map(|(s, t)| (s.to_string(), t.to_string()))
        .collect()
}

#[test]
#[ignore = "slow tier: headless Chromium"]
fn verify_html_shows_every_cell_as_the_json_report_does() {
    let kit = kit();
    let page = kit.path("report/verify.html");
    let (code, report) = kit.json(&["verify", "--html", page.to_str().unwrap()]);
    assert_eq!(code, 1, "not_wrong.c breaks its promise");
    let rows = report["solutions"].as_array().unwrap();
    let judged: BTreeMap<String, Judged> = (rows.iter())
        .map(|r| {
            let name = r["solution"].as_str().unwrap().to_string();
            (name, Judged::of(&r["results"], &r["score"]))
        })
        .collect();
    assert_eq!(judged.len(), 4);
    // verify stops a wrong solution early: some cells are not judged.
    assert_eq!(judged["wrong_answer/plus_one.c"].verdicts.len(), 2);
    assert_eq!(judged["time_limit_exceeded/spin.c"].verdicts["03"], "TLE");

    let dom = load(&page, "verify-report.png");
    let aimed = check_matrix(&dom, &judged, &["01", "02", "03", "04"]);
    assert_eq!(
        aimed,
        pairs(&[
            ("wrong_answer/plus_one.c", "02"),
            ("time_limit_exceeded/spin.c", "03"),
            ("wrong_answer/not_wrong.c", "03"),
        ])
    );
    let broken: BTreeSet<&str> = (rows.iter())
        .filter(|r| r["ok"] == false)
        .map(|r| r["solution"].as_str().unwrap())
        .collect();
    let marked: BTreeSet<&str> = (select(&dom, ".mismatch").iter())
        .map(|e| attr(e, "data-solution"))
        .collect();
    assert_eq!(marked, BTreeSet::from(["wrong_answer/not_wrong.c"]));
    assert_eq!(marked, broken);
    let expected: BTreeMap<&str, &str> = (select(&dom, "td.expected").iter())
        .map(|e| (attr(e, "data-solution"), attr(e, "data-expected")))
        .collect();
    assert_eq!(expected["time_limit_exceeded/spin.c"], "TLE");
    assert_eq!(expected["wrong_answer/not_wrong.c"], "WA");

    // With the terminal's report too; the page names the problem.
    let again = kit.path("again.html");
    let run = kit.judge(&["verify", "--html", again.to_str().unwrap()]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.contains("not_wrong.c"));
    let text = std::fs::read_to_string(&again).unwrap();
    assert!(text.contains("<section class=\"problem\" data-problem=\"sum\">"));
}

#[test]
#[ignore = "slow tier: headless Chromium"]
fn test_html_shows_one_solution_column() {
    let kit = kit();
    let page = kit.path("test.html");
    let file = "solutions/sum/time_limit_exceeded/spin.c";
    let (code, report) = kit.json(&["test", "sum", file, "--html", page.to_str().unwrap()]);
    assert_eq!((code, report["verdict"].as_str()), (1, Some("TLE")));
    let judged = BTreeMap::from([(
        file.to_string(),
        Judged::of(&report["tests"], &report["score"]),
    )]);
    assert_eq!(
        judged[file].verdicts.len(),
        4,
        "judge test judges every test"
    );

    let dom = load(&page, "test-report.png");
    let aimed = check_matrix(&dom, &judged, &["01", "02", "03", "04"]);
    assert_eq!(aimed, pairs(&[(file, "03")]));
    assert!(select(&dom, ".mismatch").is_empty(), "no promise to break");
    assert_eq!(select(&dom, "th.solution").len(), 1);
}

/// The standings of a class as a coach reads them: a row per file under
/// its short name (the shared folder left out), its verdict, score and a
/// square per test as the JSON document gives them, the first failure's
/// message in plain sight, no column of the kit's own (groups of tests,
/// tests aimed at its wrong solutions).
#[test]
#[ignore = "slow tier: headless Chromium"]
fn standings_html_is_a_table_a_coach_reads() {
    let kit = kit();
    kit.write("class/plus_one.c", &plus_one());
    kit.write("class/broken.c", "int main( {\n");
    // A Python file judged under a second interpreter (`python3 -O`, which
    // drops asserts): a row of its own under the file's.
    let other = "\n[languages.python.other]\nname = \"python3 -O\"\nrun = [\"python3\", \"-O\", \"{source}\"]\n";
    kit.write("judge.toml", &format!("{}{other}", kit.judge_toml));
    kit.write(
        "class/asserting.py",
        "a, b = map(int, input().split())\nassert False\nprint(a + b)\n",
    );
    kit.write(
        "class/crlf.py",
        "a, b = map(int, input().split())\nprint(a + b, end='\\r\\n')\n",
    );
    let page = kit.path("standings.html");
    let args = ["test", "sum", "--both-pythons", "class", "--html"];
    let (code, report) = kit.json(&[&args[..], &[page.to_str().unwrap()]].concat());
    assert_eq!(code, 1, "{report}");
    let dom = load(&page, "standings-report.png");

    let rows = select(&dom, "tr.file");
    let json = report["solutions"].as_array().unwrap();
    assert_eq!(rows.len(), json.len(), "{report}");
    for (row, judged) in rows.iter().zip(json) {
        let file = judged["solution"].as_str().unwrap();
        assert_eq!(attr(row, "data-solution"), file);
        assert_eq!(
            attr(row, "data-verdict"),
            judged["verdict"].as_str().unwrap()
        );
        let name = row
            .select(&Selector::parse("td.name").unwrap())
            .next()
            .unwrap();
        let shown = name.text().collect::<String>();
        assert_eq!(shown, file.strip_prefix("class/").unwrap(), "short names");
        let squares: Vec<(String, String)> = (row.select(&Selector::parse("span.t").unwrap()))
            .map(|t| {
                (
                    attr(&t, "data-test").into(),
                    attr(&t, "data-verdict").into(),
                )
            })
            .collect();
        let results: Vec<(String, String)> = (judged["results"].as_array().unwrap().iter())
            .map(|o| {
                (
                    o["name"].as_str().unwrap().into(),
                    o["verdict"].as_str().unwrap().into(),
                )
            })
            .collect();
        assert_eq!(squares, results, "{file}");
    }
    let text = |css: &str| -> String {
        select(&dom, css)
            .iter()
            .map(|e| e.text().collect::<String>())
            .collect()
    };
    // The messages in plain sight, not in tooltips.
    let failures = text("td.failure");
    assert!(
        failures.contains("test 01: WA wrong answer expected 3, found 4"),
        "{failures}"
    );
    assert!(failures.contains("does not compile: "), "{failures}");
    assert!(failures.contains("test 01: RE exit code 1"), "{failures}");
    // Each failing file's own words below the table.
    assert!(text("pre.stderr").contains("AssertionError"), "{report}");
    assert!(
        text("td.failure .note").contains("Windows line ends (CRLF)"),
        "{failures}"
    );
    // The other interpreter's row, AC where asserts are dropped.
    let other = select(&dom, "tr.other");
    assert!(
        (other.iter()).any(
            |r| attr(r, "data-solution") == "class/asserting.py under python3 -O"
                && attr(r, "data-verdict") == "AC"
        ),
        "{report}"
    );
    let heads = text("thead th");
    assert!(
        !heads.contains("Aimed at") && !heads.contains("Group"),
        "{heads}"
    );
    let overall = &select(&dom, "span.overall")[0];
    assert_eq!(attr(overall, "data-verdict"), "REJECTED");
    assert_eq!(overall.text().collect::<String>(), "1 of 4 files accepted");
}

#[test]
fn an_html_path_that_cannot_be_written_is_an_error_naming_it() {
    let kit = kit();
    let stderr = kit.error(&[
        "test",
        "sum",
        "solutions/sum/accepted/ref.c",
        "--html",
        "problems/sum/t1.in/page.html",
    ]);
    assert!(stderr.contains("problems/sum/t1.in/page.html"), "{stderr}");
}

/// `judge lab --html`: the page holds the summary, the table and the
/// picture with a square per P-position, as the JSON report says; a
/// sweep's page has a row per set.
#[test]
#[ignore = "slow tier: headless Chromium"]
fn lab_pages_show_the_table_and_its_picture() {
    let kit = Kit::new();
    let page = kit.path("lab.html");
    let args = ["lab", "subtraction", "--moves", "1,3,4", "--upto", "70"];
    let run = kit.judge(&[&args[..], &["--html", page.to_str().unwrap()]].concat());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let out = kit.judge(&[&["--json"][..], &args[..]].concat());
    let report: Value = serde_json::from_str(&out.stdout).unwrap();
    let dom = load(&page, "lab-subtraction.png");
    let summary = &select(&dom, "#summary")[0];
    assert_eq!(
        (attr(summary, "data-period"), attr(summary, "data-proven")),
        ("7", "true")
    );
    assert!(summary.text().collect::<String>().contains("gaps 2/5"));
    let outcomes: String = select(&dom, "#outcomes")[0].text().collect();
    assert!(outcomes.contains("PNPNNNNPNPNNNN"), "{outcomes}");
    let squares = select(&dom, "figure svg rect.p");
    let lost = report["p_positions"].as_array().unwrap();
    assert_eq!(squares.len(), lost.len());
    for (square, n) in squares.iter().zip(lost) {
        assert_eq!(attr(square, "data-n"), n.to_string());
    }

    // The picture alone, as Chromium draws the SVG and as `--plot x.png`
    // draws it with resvg: each square's pixels the same colour in both,
    // black for a P-position, grey for the others (rows of two periods,
    // as the SVG's `strip` group lays them out).
    let (svg, png) = (kit.path("plot.svg"), kit.path("plot.png"));
    for plot in [&svg, &png] {
        let run = kit.judge(&[&args[..], &["--plot", plot.to_str().unwrap()]].concat());
        assert_eq!(run.code, Some(0), "{}", run.stderr);
    }
    let text = std::fs::read_to_string(&svg).unwrap();
    let number = |from: &str, name: &str| -> u64 {
        let rest = &text[text.find(from).unwrap()..];
        let start = rest.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        rest[start..start + rest[start..].find('"').unwrap()]
            .parse()
            .unwrap()
    };
    let [columns, side, left, top] = ["data-columns", "data-side", "data-left", "data-top"]
        .map(|n| number("<g class=\"strip\"", n));
    let shot = screenshots().join("lab-plot.png");
    let browser = Browser::find().expect("a headless Chromium (CI installs one)");
    let (width, height) = (number("<svg", "width"), number("<svg", "height"));
    browser
        .screenshot(&svg, &shot, width as u32, height as u32)
        .unwrap();
    let lost: Vec<u64> = lost.iter().map(|n| n.as_u64().unwrap()).collect();
    for picture in [&shot, &png] {
        let decoder = png::Decoder::new(std::io::BufReader::new(
            std::fs::File::open(picture).unwrap(),
        ));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut pixels).unwrap();
        let channels = info.line_size / info.width as usize;
        for n in 0..70u64 {
            let (x, y) = (
                left + (n % columns) * side + side / 2,
                top + (n / columns) * side + side / 2,
            );
            let at = y as usize * info.line_size + x as usize * channels;
            let expected = match lost.contains(&n) {
                true => [0, 0, 0],
                false => [0xee, 0xee, 0xee],
            };
            assert_eq!(
                pixels[at..at + 3],
                expected,
                "{}: position {n}",
                picture.display()
            );
        }
    }

    let sweep = kit.path("sweep.html");
    let args = [
        "lab",
        "subtraction",
        "--moves",
        "1-a,c-b",
        "--sweep",
        "a=1..3, c=a+2..8, b=c..10",
        "--html",
        sweep.to_str().unwrap(),
    ];
    let run = kit.judge(&args);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let dom = load(&sweep, "lab-sweep.png");
    let rows = select(&dom, "#sets tr.set");
    assert!(rows.len() > 50, "{}", rows.len());
    assert_eq!(select(&dom, "#sets th").len(), 3 + 4);
}
