//! `judge contest DIR --html PATH`: a mock contest's standings as one
//! self-contained page, as LemonLime and Arbiter show theirs — a row per
//! contestant, best first, with the rank, a cell per problem (the score,
//! coloured by the verdict) and the total; a line of each problem's
//! submissions and accepted ones; then each contestant's judgings in
//! detail, each cell linking to its own.
//!
//! Rendering is pure: the same report gives the same bytes; rows and cells
//! carry `data-*` attributes so that a program can read the page back.

use std::fmt::Write;
use std::path::Path;

use super::html::{escape, own_words, page_head, verdict_class};
use crate::model::results::report::{ContestCell, ContestReport, Contestant};
use crate::model::results::spacing_summary;

/// The whole page of the contest `r`.
pub fn render(r: &ContestReport) -> String {
    let title = format!("judge contest {}", r.contestants_dir);
    let label = format!(
        "{} contestants, {} problems",
        r.contestants.len(),
        r.problems.len()
    );
    let mut page = page_head(&title, r.verdict.as_str(), &label);
    page.push_str("<table class=\"contest\">\n<thead><tr><th>Rank</th><th>Contestant</th>");
    for p in &r.problems {
        let most = p.max_score.map_or(String::new(), |s| format!(" ({s})"));
        let _ = write!(
            page,
            "<th class=\"problem\" data-problem=\"{n}\">{n}{most}</th>",
            n = escape(&p.name)
        );
    }
    let _ = writeln!(
        page,
        "<th>Total ({})</th></tr></thead>\n<tbody>",
        r.max_total
    );
    for (i, c) in r.contestants.iter().enumerate() {
        standings_row(&mut page, i, c);
    }
    page.push_str("</tbody>\n<tfoot><tr><th colspan=\"2\">Accepted / submitted</th>");
    for p in &r.problems {
        let _ = write!(
            page,
            "<td class=\"summary\" data-problem=\"{}\">{} / {}</td>",
            escape(&p.name),
            p.accepted,
            p.submitted
        );
    }
    page.push_str("<td></td></tr></tfoot>\n</table>\n");
    for (i, c) in r.contestants.iter().enumerate() {
        detail(&mut page, i, c);
    }
    page.push_str("</body>\n</html>\n");
    page
}

/// A contestant's line: rank, name, a cell per problem, total.
fn standings_row(page: &mut String, i: usize, c: &Contestant) {
    let name = escape(&c.name);
    let _ = write!(
        page,
        "<tr class=\"contestant\" data-contestant=\"{name}\" data-rank=\"{}\" data-total=\"{}\">\
         <td class=\"rank\">{}</td><td class=\"name\"><a href=\"#c{i}\">{name}</a></td>",
        c.rank, c.total, c.rank
    );
    for cell in &c.problems {
        let (class, verdict, shown) = match (&cell.judged, &cell.missing) {
            (Some(row), _) => {
                let score = row.score.map_or(String::new(), |s| s.to_string());
                let mark = match row.verdict.is_accepted() {
                    true => String::new(),
                    false => format!(" <span class=\"verdict\">{}</span>", row.verdict),
                };
                (
                    verdict_class(row.verdict),
                    row.verdict.as_str(),
                    score + &mark,
                )
            }
            (None, _) => ("missing".to_string(), "none", "–".to_string()),
        };
        let _ = write!(
            page,
            "<td class=\"cell {class}\" data-problem=\"{}\" data-verdict=\"{verdict}\" \
             data-score=\"{}\"><a href=\"#c{i}\">{shown}</a></td>",
            escape(&cell.problem),
            cell.judged
                .as_ref()
                .and_then(|r| r.score)
                .map_or(0.0, |s| s.0),
        );
    }
    let _ = writeln!(page, "<td class=\"total\">{}</td></tr>", c.total);
}

/// A contestant's judgings: for each problem, the file and its verdict,
/// score and tests passed, or why there is none; the first failure in its
/// own words, and where its files are kept.
fn detail(page: &mut String, i: usize, c: &Contestant) {
    let _ = writeln!(
        page,
        "<section class=\"detail\" id=\"c{i}\" data-contestant=\"{name}\">\n\
         <h2>{rank}. {name} <span class=\"total\">{total} points</span></h2>\n<ul>",
        name = escape(&c.name),
        rank = c.rank,
        total = c.total,
    );
    for cell in &c.problems {
        detail_item(page, cell);
    }
    page.push_str("</ul>\n</section>\n");
}

/// One problem's line of a contestant's detail.
fn detail_item(page: &mut String, cell: &ContestCell) {
    let problem = escape(&cell.problem);
    let Some(row) = &cell.judged else {
        let why = cell.missing.as_deref().unwrap_or("no submission");
        let _ = writeln!(
            page,
            "<li data-problem=\"{problem}\" data-verdict=\"none\"><b>{problem}</b>: {}</li>",
            escape(why)
        );
        return;
    };
    let file = Path::new(&row.solution)
        .file_name()
        .map_or(row.solution.clone(), |f| f.to_string_lossy().into_owned());
    let _ = write!(
        page,
        "<li data-problem=\"{problem}\" data-verdict=\"{v}\"><b>{problem}</b> \
         (<code title=\"{full}\">{file}</code>): <span class=\"badge {class}\">{v}</span> \
         {score}, {} / {} tests",
        row.passed,
        row.tests,
        v = row.verdict.as_str(),
        full = escape(&row.solution),
        file = escape(&file),
        class = verdict_class(row.verdict),
        score = row.score.map_or(String::new(), |s| format!("{s} points")),
    );
    if let Some(f) = &row.first_failure {
        let _ = write!(
            page,
            "<div class=\"failure\">test {}: {} {}</div>",
            escape(&f.test),
            f.verdict,
            escape(&f.message)
        );
        own_words(page, &f.test, f.stderr.as_deref(), f.kept.as_deref());
    }
    if let Some(error) = &row.compile_error {
        let _ = write!(page, "<pre class=\"compile-error\">{}</pre>", escape(error));
    }
    if let Some(note) = spacing_summary(&row.results) {
        let _ = write!(page, "<div class=\"note\">note: {}</div>", escape(&note));
    }
    page.push_str("</li>\n");
}
