//! The statements as contestants see them, checked in a real browser:
//! * every problem in both languages, rendered by `judge statement`: the
//!   page as headless Chromium parsed it has the title, the limits, the
//!   groups with their points, one MathML formula per formula of the
//!   Markdown, and sample boxes holding exactly the sample file and the
//!   reference's answer; a screenshot of each goes to `target/screenshots/`;
//! * printed to PDF, `pdftotext` reads back the title, the limits and every
//!   line of both sides of the sample; printing again gives the same bytes;
//! * the contest booklet lists every problem, A to H in judge.toml's order,
//!   each from a new page;
//! * packages hold the PDFs (CMS, and Polygon, which lists them in
//!   problem.xml with the pages); without a browser the export says how to
//!   do without, and `--no-pdf` leaves them out.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use judge::core::browser::Browser;
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use scraper::{Html, Selector};
use serde_json::Value;

use testkit::paths::{root, target};
use testkit::schema::assert_documented;

fn judge(args: &[&str], envs: &[(&str, &str)]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(args)
        .envs(envs.iter().copied())
        .current_dir(root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Runs `judge --json ARGS`, which must succeed; its report, which
/// follows the schema.
fn judge_json(args: &[&str]) -> Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let out = judge(&all, &[]);
    assert!(
        out.status.success(),
        "judge {all:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = serde_json::from_slice(&out.stdout).unwrap();
    assert_documented(&report);
    report
}

fn toml(path: &Path) -> toml::Table {
    std::fs::read_to_string(path).unwrap().parse().unwrap()
}

fn problems() -> Vec<String> {
    let config = toml(&root().join("judge.toml"));
    (config["problems"].as_array().unwrap().iter())
        .map(|p| p.as_str().unwrap().to_string())
        .collect()
}

/// What a problem's page must show.
struct Expected {
    title: String,
    time: String,
    memory: String,
    groups: Vec<(String, i64)>,
    /// The sample file and the reference's answer on it.
    sample_in: String,
    sample_out: String,
    /// On an interactive problem, the reference's play of the sample (an
    /// ICPC `.interaction` file), and the lines the Sample section's prose
    /// quotes (`code`), which must come in the play in that order.
    interaction: Option<String>,
    quoted: Vec<String>,
    formulas: usize,
}

fn expected(problem: &str, lang: &str) -> Expected {
    let dir = root().join("problems").join(problem);
    let config = toml(&dir.join("problem.toml"));
    let seconds = config["time_limit_ms"].as_integer().unwrap() as f64 / 1000.0;
    let time = match lang {
        "en" => format!("{seconds} second{}", if seconds == 1.0 { "" } else { "s" }),
        _ => format!("{seconds} 秒"),
    };
    let memory = format!("{} MiB", config["memory_limit_mib"].as_integer().unwrap());
    let groups = match config.get("groups") {
        Some(groups) => (groups.as_array().unwrap().iter())
            .map(|g| {
                let name = g["name"].as_str().unwrap().to_string();
                (name, g["points"].as_integer().unwrap())
            })
            .collect(),
        None => Vec::new(),
    };
    let sample_in = std::fs::read_to_string(dir.join("samples/1.in")).unwrap();
    // The built test whose input is the sample file holds the answer.
    let tests = dir.join("tests");
    let sample = (std::fs::read_dir(&tests).unwrap())
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "in"))
        .find(|p| std::fs::read_to_string(p).unwrap() == sample_in)
        .unwrap_or_else(|| panic!("{problem}: no built test is the sample"));
    let sample_out = std::fs::read_to_string(sample.with_extension("ans")).unwrap();
    let interaction = config
        .contains_key("interactor")
        .then(|| std::fs::read_to_string(sample.with_extension("interaction")).unwrap());
    let markdown = std::fs::read_to_string(dir.join(format!("statement.{lang}.md"))).unwrap();
    // The first paragraph of the Sample section tells the play.
    let mut quoted = Vec::new();
    let (mut heading, mut in_sample, mut paragraphs) = (false, false, 0);
    for event in Parser::new(&markdown) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = true,
            Event::End(TagEnd::Heading(_)) => heading = false,
            Event::Text(t) if heading => in_sample = ["Sample", "样例"].contains(&t.as_ref()),
            Event::End(TagEnd::Paragraph) if in_sample => paragraphs += 1,
            Event::Code(code) if in_sample && paragraphs == 0 => quoted.push(code.to_string()),
            _ => {}
        }
    }
    let formulas = Parser::new_ext(&markdown, Options::ENABLE_MATH | Options::ENABLE_TABLES)
        .filter(|e| matches!(e, Event::InlineMath(_) | Event::DisplayMath(_)))
        .count();
    Expected {
        title: config["title"][lang].as_str().unwrap().to_string(),
        time,
        memory,
        groups,
        sample_in,
        sample_out,
        interaction,
        quoted,
        formulas,
    }
}

fn select<'a>(page: &'a Html, css: &str) -> Vec<scraper::ElementRef<'a>> {
    page.select(&Selector::parse(css).unwrap()).collect()
}

fn text(e: &scraper::ElementRef) -> String {
    e.text().collect()
}

fn pdf_text(pdf: &Path) -> String {
    let out = Command::new("pdftotext")
        .arg(pdf)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is needed: apt-get install poppler-utils");
    assert!(out.status.success(), "pdftotext {}", pdf.display());
    String::from_utf8(out.stdout).unwrap()
}

fn scratch() -> tempfile::TempDir {
    let parent = target().join("tmp");
    std::fs::create_dir_all(&parent).unwrap();
    tempfile::Builder::new()
        .prefix("statements")
        .tempdir_in(parent)
        .unwrap()
}

#[test]
#[ignore = "slow tier: headless Chromium"]
fn every_statement_renders_as_a_page_and_a_pdf() {
    let browser = Browser::find().expect("a headless Chromium (CI installs one)");
    let dir = scratch();
    let shots = target().join("screenshots");
    for problem in problems() {
        for lang in ["en", "zh"] {
            let html = dir.path().join(format!("{problem}.{lang}.html"));
            let report = judge_json(&[
                "statement",
                &problem,
                "--lang",
                lang,
                "--out",
                html.to_str().unwrap(),
            ]);
            assert_eq!(report["problems"], serde_json::json!([problem]));
            assert_eq!(report["format"], "html");
            let want = expected(&problem, lang);
            let what = format!("{problem} ({lang})");

            // The page as the browser parsed it.
            let page = Html::parse_document(&browser.dom(&html).unwrap());
            let h1 = select(&page, "h1");
            assert_eq!(h1.len(), 1, "{what}: one title");
            assert_eq!(text(&h1[0]), want.title, "{what}");
            let limits = text(&select(&page, "dl.limits")[0]);
            assert!(limits.contains(&want.time), "{what}: {limits}");
            assert!(limits.contains(&want.memory), "{what}: {limits}");
            let rows: Vec<Vec<String>> = select(&page, "table.groups tr")
                .iter()
                .skip(1)
                .map(|r| select_in(r, "td"))
                .collect();
            let groups: Vec<Vec<String>> = (want.groups.iter())
                .map(|(n, p)| vec![n.clone(), p.to_string()])
                .collect();
            assert_eq!(rows, groups, "{what}: groups");
            let shown_lines: Vec<String> = match &want.interaction {
                None => {
                    let inputs = select(&page, "pre.sample-input");
                    let outputs = select(&page, "pre.sample-output");
                    assert_eq!(inputs.len(), 1, "{what}: one sample");
                    assert_eq!(text(&inputs[0]), want.sample_in, "{what}: sample input");
                    assert_eq!(outputs.len(), 1, "{what}: one sample");
                    assert_eq!(text(&outputs[0]), want.sample_out, "{what}: sample output");
                    // The Markdown's own sample code blocks gave way to the boxes.
                    assert!(
                        select(&page, "pre > code")
                            .iter()
                            .all(|c| text(c) != want.sample_in)
                    );
                    want.sample_in
                        .lines()
                        .chain(want.sample_out.lines())
                        .map(String::from)
                        .collect()
                }
                Some(interaction) => {
                    // The play, line by line: the jury's in the left cell,
                    // the solution's in the right.
                    let rows: Vec<String> = select(&page, "table.interaction tr")
                        .iter()
                        .skip(1)
                        .map(|r| match select_in(r, "td").as_slice() {
                            [left, right] if right.is_empty() => format!("<{left}"),
                            [_, right] => format!(">{right}"),
                            cells => panic!("{what}: a row of {cells:?}"),
                        })
                        .collect();
                    let lines: Vec<String> = interaction.lines().map(String::from).collect();
                    assert_eq!(rows, lines, "{what}: the sample play");
                    // What the prose's first paragraph quotes happens, in
                    // that order.
                    let mut rest = lines.iter().map(|l| &l[1..]);
                    for code in &want.quoted {
                        assert!(
                            rest.any(|l| l == code),
                            "{what}: the statement quotes `{code}`, which the play of the \
                             sample does not say at that point:\n{interaction}"
                        );
                    }
                    assert!(
                        !want.quoted.is_empty(),
                        "{what}: the prose explains the play"
                    );
                    lines.iter().map(|l| l[1..].to_string()).collect()
                }
            };
            assert_eq!(
                select(&page, "math").len(),
                want.formulas,
                "{what}: formulas"
            );
            let headings: Vec<String> = select(&page, "h2").iter().map(text).collect();
            assert!(
                !headings.iter().any(|h| h == "Limits" || h == "限制"),
                "{what}: {headings:?}"
            );
            browser
                .screenshot(
                    &html,
                    &shots.join(format!("statement-{problem}-{lang}.png")),
                    900,
                    1400,
                )
                .unwrap();

            // Printed, and read back.
            let pdf = dir.path().join(format!("{problem}.{lang}.pdf"));
            let report = judge_json(&[
                "statement",
                &problem,
                "--lang",
                lang,
                "--pdf",
                "--out",
                pdf.to_str().unwrap(),
            ]);
            assert_eq!(report["format"], "pdf");
            let bytes = std::fs::read(&pdf).unwrap();
            assert!(bytes.starts_with(b"%PDF-"), "{what}");
            let read = pdf_text(&pdf);
            let lines: Vec<&str> = read.lines().map(str::trim).collect();
            for needle in [&want.title, &want.time, &want.memory] {
                assert!(
                    read.contains(needle.as_str()),
                    "{what}: no {needle} in\n{read}"
                );
            }
            for line in &shown_lines {
                assert!(
                    lines.contains(&line.trim()),
                    "{what}: the sample line {line:?} is not in the PDF:\n{read}"
                );
            }
        }
    }
    let png = std::fs::read(shots.join("statement-bash-zh.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
}

fn select_in(e: &scraper::ElementRef, css: &str) -> Vec<String> {
    e.select(&Selector::parse(css).unwrap())
        .map(|c| text(&c))
        .collect()
}

#[test]
#[ignore = "slow tier: headless Chromium"]
fn the_booklet_holds_every_problem_in_order_each_from_a_new_page() {
    let dir = scratch();
    let pdf = dir.path().join("contest.en.pdf");
    let report = judge_json(&["statement", "--pdf", "--out", pdf.to_str().unwrap()]);
    let names = problems();
    assert_eq!(report["problems"], serde_json::json!(names));
    let read = pdf_text(&pdf);
    let mut from = 0;
    for (i, problem) in names.iter().enumerate() {
        let heading = format!(
            "Problem {}. {}",
            (b'A' + i as u8) as char,
            expected(problem, "en").title
        );
        let at = read[from..]
            .find(&heading)
            .unwrap_or_else(|| panic!("no {heading:?} after the previous one in\n{read}"));
        from += at + heading.len();
    }
    // A title page, then each problem from a new page: pdftotext ends each
    // page with a form feed.
    let pages: Vec<&str> = read.split('\x0c').collect();
    for (i, problem) in names.iter().enumerate() {
        let title = expected(problem, "en").title;
        let starts = pages.iter().any(|p| {
            p.trim_start()
                .starts_with(&format!("Problem {}. {title}", (b'A' + i as u8) as char))
        });
        assert!(starts, "{problem} does not start a page");
    }
}

#[test]
#[ignore = "slow tier: headless Chromium"]
fn the_same_statement_prints_to_the_same_bytes() {
    let dir = scratch();
    let (one, two) = (dir.path().join("one.pdf"), dir.path().join("two.pdf"));
    for out in [&one, &two] {
        judge_json(&[
            "statement",
            "nim",
            "--lang",
            "zh",
            "--pdf",
            "--out",
            out.to_str().unwrap(),
        ]);
    }
    assert_eq!(std::fs::read(&one).unwrap(), std::fs::read(&two).unwrap());
}

#[test]
#[ignore = "slow tier: headless Chromium"]
fn packages_hold_the_pdfs_or_say_how_to_do_without() {
    let dir = scratch();
    let cms = dir.path().join("cms");
    judge_json(&[
        "package",
        "nim",
        "--format",
        "cms",
        "--out",
        cms.to_str().unwrap(),
    ]);
    // Named as CMS names the languages, which its loader looks for.
    for (lang, language) in [("en", "english"), ("zh", "chinese")] {
        let read = pdf_text(&cms.join(format!("statement/{language}.pdf")));
        assert!(read.contains(&expected("nim", lang).title), "{read}");
    }

    let polygon = dir.path().join("nim-polygon");
    judge_json(&[
        "package",
        "nim",
        "--format",
        "polygon",
        "--out",
        polygon.to_str().unwrap(),
    ]);
    let xml = std::fs::read_to_string(polygon.join("problem.xml")).unwrap();
    for language in ["english", "chinese"] {
        for (path, kind) in [
            (
                format!("statements/.pdf/{language}/problem.pdf"),
                "application/pdf",
            ),
            (
                format!("statements/.html/{language}/problem.html"),
                "text/html",
            ),
        ] {
            assert!(polygon.join(&path).is_file(), "{path}");
            let listed = format!("path=\"{path}\" type=\"{kind}\"");
            assert!(xml.contains(&listed), "{listed} in\n{xml}");
        }
    }

    let missing = dir.path().join("no-such-browser");
    let out = dir.path().join("polygon");
    let failed = judge(
        &[
            "package",
            "nim",
            "--format",
            "polygon",
            "--out",
            out.to_str().unwrap(),
        ],
        &[("JUDGE_CHROMIUM", missing.to_str().unwrap())],
    );
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert_eq!(failed.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--no-pdf") && stderr.contains("no-such-browser"),
        "{stderr}"
    );
    assert!(!out.exists(), "nothing is written");

    let legacy = dir.path().join("legacy");
    judge_json(&[
        "package",
        "nim",
        "--format",
        "icpc-legacy",
        "--no-pdf",
        "--out",
        legacy.to_str().unwrap(),
    ]);
    assert!(legacy.join("problem_statement/problem.en.tex").is_file());
    assert!(!legacy.join("problem_statement/problem.pdf").exists());
    assert!(!legacy.join("problem_statement/problem.en.pdf").exists());
}
