//! `judge test FILE|DIR... --html PATH`: the standings as a coach reads
//! them — a row per file (short names: the folder they share left out),
//! its verdict, score, tests passed and slowest test, a square per test,
//! and the first failure's message in plain sight; then each failing
//! file's own words, as the matrix page gives them.
//!
//! Rendering is pure: the same standings give the same bytes; every row
//! and square carries `data-*` attributes so that a program can read it
//! back.

use std::fmt::Write;
use std::path::{Component, Path};

use super::file::Judged;
use super::html::{Column, escape, matrix, notes, page_head, verdict_class};
use crate::model::results::report::StandingsReport;
use crate::model::results::{OtherJudging, Standing, TestOutcome, scored, spacing_summary};
use crate::model::verdict;

/// The whole page of the standings `r` of problem `p`.
pub fn render(r: &StandingsReport, p: &Judged) -> String {
    let title = format!("judge test {}", r.problem);
    let label = format!("{} of {} files accepted", r.accepted, r.files);
    let mut page = page_head(&title, r.verdict.as_str(), &label);
    let prefix = shared_folder(r);
    let groups: Vec<String> = (p.groups.iter())
        .map(|g| format!("{} ({} points)", g.name, g.points))
        .collect();
    let _ = writeln!(
        page,
        "<p class=\"limits\">{} files in <code>{}</code>; time limit {} ms; {} tests{}.</p>",
        r.solutions.len(),
        escape(&prefix),
        p.time_limit.as_millis(),
        p.tests.len(),
        match groups.is_empty() {
            true => String::new(),
            false => format!("; groups {}", escape(&groups.join(", "))),
        }
    );
    page.push_str("<table class=\"standings\">\n<thead><tr><th>#</th><th>File</th>");
    page.push_str("<th>Verdict</th><th>Score</th><th>Passed</th><th>Slowest</th>");
    for g in &p.groups {
        let _ = write!(page, "<th class=\"group\">{}</th>", escape(&g.name));
    }
    page.push_str("<th>Tests</th><th>First failure</th></tr></thead>\n<tbody>\n");
    for (i, row) in r.solutions.iter().enumerate() {
        let short = short_name(&row.solution, &prefix);
        standing_row(&mut page, p, (i + 1, &short), row);
        if let Some(other) = &row.other {
            other_row(&mut page, p, &short, &row.solution, other);
        }
    }
    page.push_str("</tbody>\n</table>\n");
    let columns = (r.solutions.iter())
        .filter(|row| !row.verdict.is_accepted())
        .map(Column::standing)
        .collect();
    notes(&mut page, &matrix(p, columns));
    page.push_str("</body>\n</html>\n");
    page
}

/// The folder every file of the standings is in (`class`), or "." when
/// they share none.
fn shared_folder(r: &StandingsReport) -> String {
    let folders = r.solutions.iter().map(|s| {
        let parent = Path::new(&s.solution).parent().unwrap_or(Path::new(""));
        parent.components().collect::<Vec<Component>>()
    });
    let shared = folders.reduce(|a, b| {
        let same = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        a[..same].to_vec()
    });
    let shared: std::path::PathBuf = shared.unwrap_or_default().iter().collect();
    match shared.as_os_str().is_empty() {
        true => ".".into(),
        false => shared.display().to_string(),
    }
}

/// `file` without the folder `prefix` all files share.
fn short_name(file: &str, prefix: &str) -> String {
    match Path::new(file).strip_prefix(prefix) {
        Ok(rest) if prefix != "." => rest.display().to_string(),
        _ => file.to_string(),
    }
}

/// A file's row: rank, short name (the whole path on hover), verdict,
/// score, tests passed, slowest run, each group's points, a square per
/// test, and the first failure in words.
fn standing_row(page: &mut String, p: &Judged, (rank, short): (usize, &str), row: &Standing) {
    let score = match (row.score, row.max_score) {
        (Some(s), Some(max)) => format!("{s} / {max}"),
        (Some(s), None) => s.to_string(),
        (None, _) => String::new(),
    };
    let slowest = match row.results.is_empty() {
        true => String::new(),
        false => format!("{:.3} s", row.max_time.as_secs_f64()),
    };
    let _ = write!(
        page,
        "<tr class=\"file\" data-solution=\"{full}\" data-verdict=\"{v}\">\
         <td class=\"rank\">{rank}</td><td class=\"name\" title=\"{full}\">{name}</td>\
         <td class=\"outcome {class}\">{v}</td><td class=\"score\">{score}</td>\
         <td class=\"passed\">{} / {}</td><td class=\"slowest\">{slowest}</td>",
        row.passed,
        row.tests,
        full = escape(&row.solution),
        name = escape(short),
        class = verdict_class(row.verdict),
        v = row.verdict.as_str(),
    );
    group_cells(page, p, &row.results);
    squares(page, p, &row.results);
    let failure = match (&row.first_failure, &row.compile_error) {
        (Some(f), _) => format!("test {}: {} {}", f.test, f.verdict, f.message),
        (None, Some(e)) => format!("does not compile: {}", e.lines().next().unwrap_or_default()),
        (None, None) => String::new(),
    };
    let note = spacing_summary(&row.results)
        .map(|n| format!("<div class=\"note\">note: {}</div>", escape(&n)))
        .unwrap_or_default();
    let _ = writeln!(
        page,
        "<td class=\"failure\">{}{note}</td></tr>",
        escape(&failure)
    );
}

/// The row of a file judged again under its language's other interpreter.
fn other_row(page: &mut String, p: &Judged, short: &str, full: &str, other: &OtherJudging) {
    let shown = OtherJudging::shown(short, &other.interpreter);
    let failure = (other.tests.iter())
        .find(|o| !o.verdict.is_accepted())
        .map(|o| format!("test {}: {} {}", o.name, o.verdict, first_line(&o.message)))
        .unwrap_or_default();
    let _ = write!(
        page,
        "<tr class=\"other\" data-solution=\"{}\" data-verdict=\"{v}\">\
         <td class=\"rank\"></td><td class=\"name\">{}</td><td class=\"outcome {}\">{v}</td>\
         <td class=\"score\">{}</td><td class=\"passed\"></td><td class=\"slowest\"></td>",
        escape(&OtherJudging::shown(full, &other.interpreter)),
        escape(&shown),
        verdict_class(other.verdict),
        other.score.map_or(String::new(), |s| s.to_string()),
        v = other.verdict.as_str(),
    );
    group_cells(page, p, &other.tests);
    squares(page, p, &other.tests);
    let _ = writeln!(page, "<td class=\"failure\">{}</td></tr>", escape(&failure));
}

/// Each group's points, by the problem's own scoring rule.
fn group_cells(page: &mut String, p: &Judged, outcomes: &[TestOutcome]) {
    let all: Vec<Option<&str>> = p.tests.iter().map(|t| t.group.as_deref()).collect();
    let judged = scored(&p.tests, outcomes);
    for group in &p.groups {
        let earned = verdict::score(std::slice::from_ref(group), &all, &judged);
        let class = if earned.0 > 0.0 { "earned" } else { "lost" };
        let _ = write!(
            page,
            "<td class=\"group {class}\" data-group=\"{}\">{earned}</td>",
            escape(&group.name)
        );
    }
}

/// A square per test of the problem: ✓ where accepted, the verdict where
/// not, blank where not judged (after a `--fail-fast` stop); the message
/// on hover.
fn squares(page: &mut String, p: &Judged, outcomes: &[TestOutcome]) {
    // A file judged on nothing (not compiled) shows no empty squares.
    let tests = match outcomes.is_empty() {
        true => &[][..],
        false => &p.tests[..],
    };
    // Wide enough for a line of up to 15 squares.
    let width = 2 * tests.len().min(15);
    let _ = write!(page, "<td class=\"tests\" style=\"min-width:{width}em\">");
    for test in tests {
        let name = escape(&test.name);
        match outcomes.iter().find(|o| o.name == test.name) {
            Some(o) => {
                let mark = match o.verdict.is_accepted() {
                    true => "✓",
                    false => o.verdict.as_str(),
                };
                let _ = write!(
                    page,
                    "<span class=\"t {}\" data-test=\"{name}\" data-verdict=\"{v}\" \
                     title=\"{name}: {v}, {} ms. {}\">{mark}</span>",
                    verdict_class(o.verdict),
                    o.cpu.as_millis(),
                    escape(first_line(&o.message)),
                    v = o.verdict.as_str(),
                );
            }
            None => {
                let _ = write!(
                    page,
                    "<span class=\"t not-judged\" data-test=\"{name}\" data-verdict=\"none\" \
                     title=\"{name}: not judged\"></span>"
                );
            }
        }
    }
    page.push_str("</td>");
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}
