//! `judge contest`: a mock contest laid out as LemonLime and Arbiter lay
//! one out (a folder per contestant, a file or a folder per problem), over
//! three problems (`sum` on stdin and stdout, `io` through files as NOI's
//! `freopen`, `parts` in two groups of 40 and 60 points), judged into
//! standings: totals, ranks that ties share, every missing or failing
//! submission said, a CSV; and again from what was judged before.

use std::time::Instant;

use judge::core::browser::Browser;
use scraper::{Html, Selector};
use serde_json::Value;
use testkit::kit::{Kit, c_program};

/// Reads `a b` (from `io.in` where `io`) and prints `a + b`, plus one on
/// inputs of `a > wrong_above` (to `io.out` where `io`).
fn adder(io: bool, wrong_above: i64) -> String {
    let files = match io {
        true => {
            "if (!freopen(\"io.in\", \"r\", stdin) || !freopen(\"io.out\", \"w\", stdout)) return 5;"
        }
        false => "",
    };
    c_program(&format!(
        "{files} long long a = 0, b = 0; if (scanf(\"%lld %lld\", &a, &b) != 2) return 9; \
         printf(\"%lld\\n\", a + b + (a > {wrong_above}LL)); return 0;"
    ))
}

/// The sum kit with the problems `io` and `parts` beside `sum`.
fn contest_kit() -> Kit {
    let kit = Kit::new();
    for name in ["io", "parts"] {
        for file in ["check.c", "validate.c", "t1.in", "t2.in", "t3.in"] {
            let text = kit.read(&format!("problems/sum/{file}"));
            kit.write(&format!("problems/{name}/{file}"), &text);
        }
    }
    let sum = kit.read("problems/sum/problem.toml");
    kit.write(
        "problems/io/problem.toml",
        &format!("{sum}\n[files]\ninput = \"io.in\"\noutput = \"io.out\"\n"),
    );
    kit.write("solutions/io/accepted/ref.c", &adder(true, i64::MAX));
    let parts = "title = { en = \"Parts\", zh = \"分组\" }\nchecker = \"check.c\"\n\
        validator = \"validate.c\"\nreference = \"accepted/ref.c\"\n\n\
        [[groups]]\nname = \"small\"\npoints = 40\n\n[[groups]]\nname = \"large\"\npoints = 60\n\n\
        [[tests]]\nfile = \"t1.in\"\ngroup = \"small\"\n\n[[tests]]\nfile = \"t2.in\"\ngroup = \"small\"\n\n\
        [[tests]]\nfile = \"t3.in\"\ngroup = \"large\"\n";
    kit.write("problems/parts/problem.toml", parts);
    kit.write("solutions/parts/accepted/ref.c", &adder(false, i64::MAX));
    kit.edit(
        "judge.toml",
        "problems = [\"sum\"]",
        "problems = [\"sum\", \"io\", \"parts\"]",
    );
    kit
}

/// Each contestant's (rank, name, total) and cells (the score, or `-`).
fn standings(report: &Value) -> Vec<(u64, String, f64, Vec<String>)> {
    let contestants = report["contestants"].as_array().expect("contestants");
    (contestants.iter())
        .map(|c| {
            let cells = (c["problems"].as_array().unwrap().iter())
                .map(|cell| match cell["judged"]["score"].as_f64() {
                    Some(score) => format!("{score}"),
                    None => "-".to_string(),
                })
                .collect();
            (
                c["rank"].as_u64().unwrap(),
                c["name"].as_str().unwrap().to_string(),
                c["total"].as_f64().unwrap(),
                cells,
            )
        })
        .collect()
}

/// The kit with a LemonLime contest of four in `mock/source/`: alice gets
/// everything right; Bob misses io and loses parts' large group; carol's
/// sum crashes, her io is Pascal (in no language), her parts is right;
/// dave has two files for sum and nothing else; a hidden folder is no one.
fn mock_contest() -> Kit {
    let kit = contest_kit();
    let write = |path: &str, text: &str| kit.write(&format!("mock/source/{path}"), text);
    // alice: everything right, io in a folder of its own.
    write("alice/sum.c", &adder(false, i64::MAX));
    write("alice/io/io.c", &adder(true, i64::MAX));
    write("alice/parts/parts.c", &adder(false, i64::MAX));
    // Bob: parts wrong on the large group (40 of 100), io missing.
    write("Bob/sum.c", &adder(false, i64::MAX));
    write("Bob/parts.c", &adder(false, 100));
    // carol: sum crashes; io in Pascal, which judge.toml has not; parts right.
    write(
        "carol/sum.c",
        &c_program("fprintf(stderr, \"carol gives up\\n\"); abort();"),
    );
    write("carol/io.pas", "begin end.\n");
    write("carol/parts.c", &adder(false, i64::MAX));
    // dave: two files for sum, nothing else; a hidden folder is no one.
    write("dave/sum.c", &adder(false, i64::MAX));
    write("dave/sum/sum.c", &adder(false, i64::MAX));
    write(".trash/sum.c", "int main( {\n");
    kit
}

/// LemonLime's layout: `source/<contestant>/`, a file per problem or a
/// folder per problem; a missing file, a file in no language, two files
/// for one problem, a wrong answer on the large group and a crash are each
/// said; equal totals share a rank.
#[test]
fn a_lemonlime_contest_is_judged_into_ranked_standings() {
    let kit = mock_contest();
    let csv = kit.path("standings.csv");
    let start = Instant::now();
    let (code, report) = kit.json(&["contest", "mock", "--csv", csv.to_str().unwrap()]);
    eprintln!(
        "4 contestants × 3 problems in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    assert_eq!(code, 1, "{report:#}");
    assert_eq!(
        (&report["command"], &report["verdict"], &report["layout"]),
        (&"contest".into(), &"REJECTED".into(), &"lemonlime".into()),
        "{report:#}"
    );
    assert_eq!(report["max_total"], 300, "{report:#}");
    let dash = || "-".to_string();
    let expected = vec![
        (
            1,
            "alice".to_string(),
            300.0,
            vec!["100".to_string(), "100".into(), "100".into()],
        ),
        (
            2,
            "Bob".to_string(),
            140.0,
            vec!["100".to_string(), dash(), "40".into()],
        ),
        (
            3,
            "carol".to_string(),
            100.0,
            vec!["0".to_string(), dash(), "100".into()],
        ),
        (4, "dave".to_string(), 0.0, vec![dash(), dash(), dash()]),
    ];
    assert_eq!(standings(&report), expected, "{report:#}");
    let cell = |c: usize, p: usize| &report["contestants"][c]["problems"][p];
    let missing = |c, p| {
        cell(c, p)["missing"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        missing(1, 1).starts_with("no file io.<ext> or io/io.<ext>"),
        "{report:#}"
    );
    assert!(missing(2, 1).contains("`.pas`"), "{report:#}");
    assert!(
        missing(3, 0).starts_with("more than one file for sum"),
        "{report:#}"
    );
    let crash = &cell(2, 0)["judged"]["first_failure"];
    assert_eq!(
        (&crash["verdict"], &crash["stderr"]),
        (&"RE".into(), &"carol gives up".into()),
        "{report:#}"
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "rank,contestant,sum,io,parts,total",
            "1,alice,100,100,100,300",
            "2,Bob,100,,40,140",
            "3,carol,0,,100,100",
            "4,dave,,,,0",
        ]
    );
    // The table, and each failure in its own words.
    let run = kit.judge(&["contest", "mock"]);
    let out = &run.stdout;
    assert!(out.contains("rank  contestant"), "{out}");
    assert!(
        out.contains("carol, sum (mock/source/carol/sum.c), test 01: RE killed by SIGABRT"),
        "{out}"
    );
    assert!(out.contains("  carol gives up\n"), "{out}");
    assert!(
        out.contains(
            "4 contestants, 3 problems (at most 300 points): 5 of 7 submissions accepted, 5 missing"
        ),
        "{out}"
    );
    // Judged before: every cell kept; two equal totals share a rank.
    let write = |path: &str, text: &str| kit.write(&format!("mock/source/{path}"), text);
    write("erin/sum.c", &adder(false, i64::MAX));
    write("erin/parts.c", &adder(false, 100));
    write("erin/io/io.c", &adder(true, 0));
    let (_, again) = kit.json(&["contest", "mock", "sum", "parts"]);
    let rows = standings(&again);
    assert_eq!(
        rows[1..3].iter().map(|r| (r.0, r.2)).collect::<Vec<_>>(),
        [(2, 140.0), (2, 140.0)],
        "{again:#}"
    );
    assert_eq!(rows[3].0, 4, "{again:#}");
    let alice = &again["contestants"][0]["problems"][0]["judged"];
    assert_eq!(alice["cached"], true, "{again:#}");
}

/// Arbiter's layout (`players/<contestant>/<problem>/<problem>.<ext>`),
/// and a contest of 30 contestants over the three problems: the time is
/// printed (`--nocapture`).
#[test]
#[ignore = "slow tier: 30 contestants × 3 problems"]
fn thirty_contestants_of_arbiter_are_judged_and_ranked() {
    let kit = contest_kit();
    for i in 1..=30 {
        let wrong_above = match i % 3 {
            0 => i64::MAX,
            1 => 100,
            _ => 10,
        };
        for (problem, io) in [("sum", false), ("io", true), ("parts", false)] {
            // Each file its own (a copy would be compiled and judged once).
            let wrong_above = if problem == "sum" {
                i64::MAX
            } else {
                wrong_above
            };
            kit.write(
                &format!("arbiter/players/s{i}/{problem}/{problem}.c"),
                &format!("/* s{i} */\n{}", adder(io, wrong_above)),
            );
        }
    }
    let start = Instant::now();
    let (code, report) = kit.json(&["contest", "arbiter"]);
    let first = start.elapsed().as_secs_f64();
    let start = Instant::now();
    let (_, again) = kit.json(&["contest", "arbiter"]);
    eprintln!(
        "30 contestants × 3 problems: {first:.1} s, {:.1} s again from what was judged",
        start.elapsed().as_secs_f64()
    );
    assert_eq!(
        (code, &report["layout"]),
        (1, &"arbiter".into()),
        "{report:#}"
    );
    let rows = standings(&report);
    assert_eq!(rows.len(), 30);
    // s3, s6, … (every third) all right: 300, sharing rank 1; then the
    // 1 mod 3 contestants (sum 100, io 66.67, parts 40); then the rest
    // (sum 100, io 33.33, parts 0: a wrong test in each group).
    let ranks: Vec<(u64, f64)> = rows.iter().map(|r| (r.0, r.2)).collect();
    assert!(ranks[..10].iter().all(|r| *r == (1, 300.0)), "{ranks:?}");
    assert!(
        ranks[10..20].iter().all(|r| *r == (11, 206.67)),
        "{ranks:?}"
    );
    assert!(ranks[20..].iter().all(|r| *r == (21, 133.33)), "{ranks:?}");
    let names: Vec<&str> = rows[..3].iter().map(|r| r.1.as_str()).collect();
    assert_eq!(names, ["s3", "s6", "s9"], "natural order within a rank");
    assert_eq!(standings(&again), rows);
}

/// The contest's page, loaded in headless Chromium (its screenshot kept
/// under `target/screenshots/`): a row per contestant in the JSON's order
/// with its rank and total, a cell per problem with the JSON's verdict and
/// score, and each contestant's judgings in their own words below.
#[test]
#[ignore = "slow tier: headless Chromium"]
fn the_contest_page_shows_the_standings_and_each_contestants_judgings() {
    let kit = mock_contest();
    let page = kit.path("contest.html");
    let (_, report) = kit.json(&["contest", "mock", "--html", page.to_str().unwrap()]);
    let browser = Browser::find().expect("a headless Chromium (CI installs one)");
    let dom = Html::parse_document(&browser.dom(&page).unwrap());
    let shot = testkit::paths::target().join("screenshots/contest-page.png");
    browser.screenshot(&page, &shot, 1280, 900).unwrap();
    assert!(std::fs::read(&shot).unwrap().starts_with(b"\x89PNG"));
    let select = |css: &str| Selector::parse(css).unwrap();
    let rows: Vec<_> = dom.select(&select("tr.contestant")).collect();
    let contestants = report["contestants"].as_array().unwrap();
    assert_eq!(rows.len(), contestants.len(), "{report:#}");
    for (row, c) in rows.iter().zip(contestants) {
        let attr = |name: &str| row.value().attr(name).unwrap().to_string();
        assert_eq!(attr("data-contestant"), c["name"].as_str().unwrap());
        assert_eq!(attr("data-rank"), c["rank"].to_string());
        assert_eq!(attr("data-total"), c["total"].to_string());
        let cells: Vec<(String, String)> = (row.select(&select("td.cell")))
            .map(|td| {
                let attr = |name: &str| td.value().attr(name).unwrap().to_string();
                (attr("data-verdict"), attr("data-score"))
            })
            .collect();
        let expected: Vec<(String, String)> = (c["problems"].as_array().unwrap().iter())
            .map(|p| match p["judged"].is_null() {
                true => ("none".to_string(), "0".to_string()),
                false => (
                    p["judged"]["verdict"].as_str().unwrap().to_string(),
                    p["judged"]["score"].to_string(),
                ),
            })
            .collect();
        assert_eq!(cells, expected, "{}", c["name"]);
    }
    let text: String = dom
        .select(&select("section.detail"))
        .flat_map(|s| s.text())
        .collect();
    for said in [
        "carol gives up",
        "`.pas`",
        "no file io.<ext>",
        "more than one file for sum",
        "WA 40 points, 2 / 3 tests",
    ] {
        assert!(text.contains(said), "{said} not in the detail: {text}");
    }
}
