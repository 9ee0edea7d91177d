//! `--html PATH`: the invocation matrix as one self-contained page — per
//! problem, its tests as rows and the judged solutions as columns, each
//! cell coloured by its verdict with its CPU time against the time limit,
//! then the group scores and a chart of time per test for each solution.
//!
//! Rendering is pure (data in, a `String` out): the same results give the
//! same bytes. The page has its CSS inline and no script, and every cell
//! carries `data-*` attributes so that a program can read it back.

use std::borrow::Cow;
use std::fmt::Write;
use std::path::Path;
use std::time::Duration;

use super::file::Judged;
use crate::model::results::OtherJudging;
use crate::model::results::Standing;
use crate::model::results::Test;
use crate::model::results::TestOutcome;
use crate::model::results::VerifyRow;
use crate::model::results::report::TestReport;
use crate::model::verdict::{self, Group, Score, Verdict};

/// A run at or above this share of the time limit (in percent) is marked:
/// it leaves no margin for a slower judging machine.
pub const NEAR_LIMIT_PERCENT: u64 = 50;

/// The chart's height in pixels, and the share of the time limit its top
/// stands for (in percent), so that a run over the limit still shows how far.
const CHART_HEIGHT: f64 = 48.0;
const CHART_TOP_PERCENT: f64 = 125.0;

/// One problem's matrix.
pub struct Matrix<'a> {
    pub problem: &'a str,
    pub time_limit: Duration,
    pub groups: &'a [Group],
    /// Every test of the problem, in order: the rows.
    pub tests: &'a [Test],
    /// The solutions judged: the columns.
    pub columns: Vec<Column<'a>>,
}

/// One judged solution.
pub struct Column<'a> {
    /// The solution as the command shows it.
    pub solution: Cow<'a, str>,
    /// Its path under `solutions/<problem>/`, as `targets` names it; `None`
    /// for a file elsewhere, which no test can aim at.
    pub target: Option<&'a str>,
    /// What its folder promises and whether it kept it (`verify` only).
    pub promise: Option<Promise<'a>>,
    pub verdict: Verdict,
    pub score: Option<Score>,
    pub compile_error: Option<&'a str>,
    /// The tests it was judged on; the others were not judged.
    pub outcomes: &'a [TestOutcome],
}

/// A folder's promise, as `verify` checked it.
pub struct Promise<'a> {
    /// `WA`, `AC`, ..., or `no WA` for a brute force.
    pub expected: &'a str,
    pub ok: bool,
    /// Every way the solution broke it.
    pub problems: &'a [String],
}

impl<'a> Column<'a> {
    /// The column of one solution `verify` judged.
    pub fn verified(row: &'a VerifyRow) -> Column<'a> {
        Column {
            solution: Cow::Borrowed(&row.solution),
            target: Some(&row.solution),
            promise: Some(Promise {
                expected: &row.expected,
                ok: row.ok,
                problems: &row.problems,
            }),
            verdict: row.verdict,
            score: row.score,
            compile_error: row.compile_error.as_deref(),
            outcomes: &row.results,
        }
    }

    /// The column of the one solution `judge test` judged.
    pub fn tested(report: &'a TestReport) -> Column<'a> {
        Column {
            solution: Cow::Borrowed(&report.solution),
            target: report.target.as_deref(),
            promise: None,
            verdict: report.verdict,
            score: report.score,
            compile_error: report.compile_error.as_deref(),
            outcomes: &report.tests,
        }
    }

    /// The column of one file of `judge test`'s standings.
    pub fn standing(row: &'a Standing) -> Column<'a> {
        Column {
            solution: Cow::Borrowed(&row.solution),
            target: None,
            promise: None,
            verdict: row.verdict,
            score: row.score,
            compile_error: row.compile_error.as_deref(),
            outcomes: &row.results,
        }
    }

    /// The column of `solution` judged again under its language's other
    /// interpreter.
    pub fn other(solution: &str, other: &'a OtherJudging) -> Column<'a> {
        Column {
            solution: Cow::Owned(OtherJudging::shown(solution, &other.interpreter)),
            target: None,
            promise: None,
            verdict: other.verdict,
            score: other.score,
            compile_error: None,
            outcomes: &other.tests,
        }
    }

    /// Its outcome on `test`, if it was judged on it.
    fn outcome(&self, test: &str) -> Option<&'a TestOutcome> {
        self.outcomes.iter().find(|o| o.name == test)
    }

    /// Returns true if and only if `test` aims at this solution.
    fn aimed_by(&self, test: &Test) -> bool {
        self.target.is_some_and(|t| test.aims_at(t))
    }
}

/// Escapes `text` for HTML text and double- or single-quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// The CSS class of a verdict: `v-AC`, `v-WA`, ...
pub fn verdict_class(verdict: Verdict) -> String {
    format!("v-{}", verdict.as_str())
}

/// `time` as a whole percentage of `limit` (rounded down).
pub fn limit_percent(time: Duration, limit: Duration) -> u64 {
    let limit = limit.as_micros().max(1);
    (time.as_micros() * 100 / limit)
        .try_into()
        .unwrap_or(u64::MAX)
}

/// The whole page: a heading with `title` and the overall `verdict` (a
/// verdict's code, or a batch's) shown as `label`, then one section per
/// matrix.
pub fn render(title: &str, verdict: &str, label: &str, matrices: &[Matrix]) -> String {
    let mut page = page_head(title, verdict, label);
    for matrix in matrices {
        section(&mut page, matrix);
    }
    page.push_str("</body>\n</html>\n");
    page
}

/// A page's start, to its heading: `title` and the overall `verdict` (a
/// verdict's code, or a batch's) shown as `label`.
pub(super) fn page_head(title: &str, verdict: &str, label: &str) -> String {
    let title = escape(title);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>{title} <span class=\"overall v-{v}\" data-verdict=\"{v}\">{label}</span></h1>\n",
        v = escape(verdict),
        label = escape(label),
    )
}

/// The matrix of `columns` on problem `p`'s tests.
pub fn matrix<'a>(p: &'a Judged, columns: Vec<Column<'a>>) -> Matrix<'a> {
    Matrix {
        problem: &p.name,
        time_limit: p.time_limit,
        groups: &p.groups,
        tests: &p.tests,
        columns,
    }
}

/// One problem: a caption, the table, and the notes on broken promises.
fn section(page: &mut String, m: &Matrix) {
    let problem = escape(m.problem);
    let _ = write!(
        page,
        "<section class=\"problem\" data-problem=\"{problem}\">\n<h2>{problem}</h2>\n\
         <p class=\"limits\">Time limit {} ms; {} tests; a cell at {NEAR_LIMIT_PERCENT}% \
         of the limit or more is marked; ◎ marks a test aimed at the solution.</p>\n",
        m.time_limit.as_millis(),
        m.tests.len(),
    );
    page.push_str("<table class=\"matrix\">\n<thead>\n");
    header_rows(page, m);
    page.push_str("</thead>\n<tbody>\n");
    for test in m.tests {
        test_row(page, m, test);
    }
    page.push_str("</tbody>\n<tfoot>\n");
    score_rows(page, m);
    chart_row(page, m);
    page.push_str("</tfoot>\n</table>\n");
    notes(page, m);
    page.push_str("</section>\n");
}

/// The attributes naming a column's problem and solution.
fn owner(m: &Matrix, c: &Column) -> String {
    format!(
        "data-problem=\"{}\" data-solution=\"{}\"",
        escape(m.problem),
        escape(&c.solution)
    )
}

/// The solutions' names, promises, verdicts and how many tests each was
/// judged on.
fn header_rows(page: &mut String, m: &Matrix) {
    page.push_str("<tr><th>Test</th><th>Group</th><th>Aimed at</th>");
    for c in &m.columns {
        let _ = write!(
            page,
            "<th class=\"solution\" {}>{}</th>",
            owner(m, c),
            escape(&c.solution)
        );
    }
    page.push_str("</tr>\n");
    if m.columns.iter().any(|c| c.promise.is_some()) {
        page.push_str("<tr class=\"expected\"><th colspan=\"3\">Expected</th>");
        for c in &m.columns {
            let expected = c.promise.as_ref().map_or("", |p| p.expected);
            let _ = write!(
                page,
                "<td class=\"expected\" {} data-expected=\"{e}\">{e}</td>",
                owner(m, c),
                e = escape(expected)
            );
        }
        page.push_str("</tr>\n");
    }
    page.push_str("<tr class=\"actual\"><th colspan=\"3\">Verdict</th>");
    for c in &m.columns {
        let (mark, ok, mismatch) = match &c.promise {
            Some(p) if p.ok => (" ✓", " data-ok=\"true\"", ""),
            Some(_) => (" ✗", " data-ok=\"false\"", " mismatch"),
            None => ("", "", ""),
        };
        let problems = c
            .promise
            .as_ref()
            .map_or(String::new(), |p| escape(&p.problems.join("; ")));
        let _ = write!(
            page,
            "<td class=\"outcome {}{mismatch}\" {}{ok} data-verdict=\"{v}\" title=\"{problems}\">\
             {v}{mark}</td>",
            verdict_class(c.verdict),
            owner(m, c),
            v = c.verdict.as_str(),
        );
    }
    page.push_str("</tr>\n<tr class=\"judged\"><th colspan=\"3\">Judged</th>");
    for c in &m.columns {
        let _ = write!(
            page,
            "<td {}>{} / {}</td>",
            owner(m, c),
            c.outcomes.len(),
            m.tests.len()
        );
    }
    page.push_str("</tr>\n");
}

/// One test: its name, group and targets, then one cell per solution.
fn test_row(page: &mut String, m: &Matrix, test: &Test) {
    let name = escape(&test.name);
    let group = escape(test.group.as_deref().unwrap_or(""));
    let targets = escape(&test.targets.join(", "));
    let _ = write!(
        page,
        "<tr data-test=\"{name}\"><th class=\"test\">{name}</th><td class=\"group\">{group}</td>\
         <td class=\"targets\">{targets}</td>"
    );
    for c in &m.columns {
        cell(page, m, c, test);
    }
    page.push_str("</tr>\n");
}

/// The cell of solution `c` on `test`.
fn cell(page: &mut String, m: &Matrix, c: &Column, test: &Test) {
    let mut classes = vec!["cell".to_string()];
    let aimed = c.aimed_by(test);
    if aimed {
        classes.push("aimed".into());
    }
    let data = format!(
        "{} data-test=\"{}\" data-aimed=\"{aimed}\"",
        owner(m, c),
        escape(&test.name)
    );
    let Some(o) = c.outcome(&test.name) else {
        classes.push("not-judged".into());
        let _ = write!(
            page,
            "<td class=\"{}\" {data} data-verdict=\"none\" title=\"not judged\">–</td>",
            classes.join(" ")
        );
        return;
    };
    let percent = limit_percent(o.cpu, m.time_limit);
    classes.push(verdict_class(o.verdict));
    if percent >= NEAR_LIMIT_PERCENT {
        classes.push("near-limit".into());
    }
    let _ = write!(
        page,
        "<td class=\"{}\" {data} data-verdict=\"{v}\" data-time-ms=\"{ms}\" \
         data-limit-percent=\"{percent}\" title=\"{message}\"><span class=\"verdict\">{v}</span>\
         <span class=\"time\">{ms} ms</span><span class=\"bar\" style=\"width:{width}%\"></span></td>",
        classes.join(" "),
        v = o.verdict.as_str(),
        ms = o.cpu.as_millis(),
        message = escape(&o.message),
        width = percent.min(100),
    );
}

/// Per group, the points each solution earned; then each one's score.
fn score_rows(page: &mut String, m: &Matrix) {
    let all: Vec<Option<&str>> = m.tests.iter().map(|t| t.group.as_deref()).collect();
    for group in m.groups {
        let name = escape(&group.name);
        let _ = write!(
            page,
            "<tr class=\"group-score\" data-group=\"{name}\"><th colspan=\"3\">Group {name} \
             ({} points)</th>",
            group.points
        );
        for c in &m.columns {
            let judged = crate::model::results::scored(m.tests, c.outcomes);
            // The problem's scoring rule, applied to this group alone.
            let earned = verdict::score(std::slice::from_ref(group), &all, &judged);
            let class = if earned.0 > 0.0 { "earned" } else { "lost" };
            let _ = write!(
                page,
                "<td class=\"{class}\" {} data-group=\"{name}\" data-score=\"{earned}\">{earned}</td>",
                owner(m, c)
            );
        }
        page.push_str("</tr>\n");
    }
    if m.columns.iter().all(|c| c.score.is_none()) {
        return;
    }
    page.push_str("<tr class=\"score\"><th colspan=\"3\">Score</th>");
    for c in &m.columns {
        let score = c.score.map_or(String::new(), |s| s.to_string());
        let judged = crate::model::results::scored(m.tests, c.outcomes);
        let max =
            verdict::max_score(m.groups, &judged).map_or(String::new(), |s| format!(" / {s}"));
        let _ = write!(
            page,
            "<td {} data-score=\"{score}\">{score}{max}</td>",
            owner(m, c),
        );
    }
    page.push_str("</tr>\n");
}

/// A chart of CPU time per test for each solution.
fn chart_row(page: &mut String, m: &Matrix) {
    page.push_str("<tr class=\"charts\"><th colspan=\"3\">CPU time per test</th>");
    for c in &m.columns {
        let _ = write!(page, "<td {}>", owner(m, c));
        chart(page, m, c);
        page.push_str("</td>");
    }
    page.push_str("</tr>\n");
}

/// One bar per judged test, coloured by verdict, its height its share of
/// the time limit; a solid line at the limit, a dashed one at the mark.
fn chart(page: &mut String, m: &Matrix, c: &Column) {
    let n = m.tests.len().max(1) as f64;
    let width = (4.0 * n).max(120.0);
    let step = width / n;
    let y_of =
        |percent: f64| CHART_HEIGHT * (1.0 - percent.min(CHART_TOP_PERCENT) / CHART_TOP_PERCENT);
    let _ = write!(
        page,
        "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" \
         height=\"{CHART_HEIGHT:.0}\" viewBox=\"0 0 {width:.0} {CHART_HEIGHT:.0}\" {}>",
        owner(m, c)
    );
    for (i, test) in m.tests.iter().enumerate() {
        let Some(o) = c.outcome(&test.name) else {
            continue;
        };
        let percent = limit_percent(o.cpu, m.time_limit) as f64;
        // A run of a few microseconds still shows as a sliver.
        let y = y_of(percent).min(CHART_HEIGHT - 1.0);
        let _ = write!(
            page,
            "<rect class=\"{}\" data-test=\"{name}\" x=\"{:.1}\" y=\"{y:.1}\" width=\"{:.1}\" \
             height=\"{:.1}\"><title>{name}: {} {} ms</title></rect>",
            verdict_class(o.verdict),
            i as f64 * step,
            (step - 1.0).max(1.0),
            CHART_HEIGHT - y,
            o.verdict.as_str(),
            o.cpu.as_millis(),
            name = escape(&test.name),
        );
    }
    let _ = write!(
        page,
        "<line class=\"limit\" x1=\"0\" x2=\"{width:.0}\" y1=\"{l:.1}\" y2=\"{l:.1}\"/>\
         <line class=\"half\" x1=\"0\" x2=\"{width:.0}\" y1=\"{h:.1}\" y2=\"{h:.1}\"/></svg>",
        l = y_of(100.0),
        h = y_of(NEAR_LIMIT_PERCENT as f64),
    );
}

/// Below the table: how each solution broke its promise, and compiler
/// messages.
pub(super) fn notes(page: &mut String, m: &Matrix) {
    let mut items = String::new();
    for c in &m.columns {
        let broken = c.promise.as_ref().map_or(&[][..], |p| p.problems);
        for problem in broken {
            let _ = writeln!(
                items,
                "<li class=\"broken\" {}><b>{}</b>: {}</li>",
                owner(m, c),
                escape(&c.solution),
                escape(problem)
            );
        }
        if let Some(error) = c.compile_error {
            let _ = writeln!(
                items,
                "<li class=\"compile-error\" {}><b>{}</b> does not compile:<pre>{}</pre></li>",
                owner(m, c),
                escape(&c.solution),
                escape(error)
            );
        }
        if let Some(o) = c.outcomes.iter().find(|o| !o.verdict.is_accepted()) {
            failure_note(&mut items, m, c, o);
        }
    }
    if !items.is_empty() {
        let _ = write!(page, "<ul class=\"notes\">\n{items}</ul>\n");
    }
}

/// A column's first failure in its own words: the message, the end of
/// its error stream, where its files are kept.
fn failure_note(items: &mut String, m: &Matrix, c: &Column, o: &TestOutcome) {
    let _ = write!(
        items,
        "<li class=\"failure\" {} data-test=\"{}\"><b>{}</b>, test {}: {} {}",
        owner(m, c),
        escape(&o.name),
        escape(&c.solution),
        escape(&o.name),
        o.verdict.as_str(),
        escape(o.message.lines().next().unwrap_or(""))
    );
    own_words(items, &o.name, o.stderr.as_deref(), o.kept.as_deref());
    items.push_str("</li>\n");
}

/// A failing run's own words: the end of its error stream, and where the
/// files of its `test` are kept.
pub(super) fn own_words(out: &mut String, test: &str, stderr: Option<&str>, kept: Option<&str>) {
    if let Some(stderr) = stderr {
        let _ = write!(
            out,
            "<div>the end of its error stream:</div><pre class=\"stderr\">{}</pre>",
            escape(stderr)
        );
    }
    if let Some(kept) = kept {
        let files = Path::new(kept).join(format!("{test}.*"));
        let _ = write!(
            out,
            "<div class=\"kept\">its files: <code>{}</code></div>",
            escape(&files.display().to_string())
        );
    }
}

/// The page's style: verdict colours for cells and bars, the marks.
const STYLE: &str = "
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em; color: #222; }
h1 .overall { font-size: 70%; padding: 0.1em 0.5em; border-radius: 4px; }
.limits { color: #555; }
table.matrix { border-collapse: collapse; }
.matrix th, .matrix td { border: 1px solid #ccc; padding: 2px 6px; text-align: center; vertical-align: middle; }
.matrix th.solution { font-weight: 600; max-width: 12em; overflow-wrap: anywhere; }
.matrix td.targets { font-size: 85%; color: #555; max-width: 14em; overflow-wrap: anywhere; }
td.cell { position: relative; min-width: 5.5em; }
td.cell .verdict { font-weight: 600; }
td.cell .time { display: block; font-size: 80%; color: #333; }
td.cell .bar { position: absolute; left: 0; bottom: 0; height: 3px; background: #667; }
td.cell.near-limit .bar { height: 5px; background: #d60; }
td.cell.near-limit .time { font-weight: 700; color: #a40; }
td.cell.aimed { box-shadow: inset 0 0 0 2px #36c; }
td.cell.aimed::after { content: '◎'; position: absolute; top: 0; right: 2px; font-size: 75%; color: #36c; }
td.not-judged { background: repeating-linear-gradient(45deg, #f4f4f4, #f4f4f4 4px, #fff 4px, #fff 8px); color: #999; }
td.outcome { font-weight: 700; }
td.outcome.mismatch { outline: 3px solid #c00; outline-offset: -3px; }
td.earned { color: #161; font-weight: 600; }
td.lost { color: #a00; }
svg.chart line.limit { stroke: #c00; stroke-width: 1; }
svg.chart line.half { stroke: #d60; stroke-width: 1; stroke-dasharray: 3 2; }
.notes li.broken { color: #a00; }
.notes pre { white-space: pre-wrap; background: #f6f6f6; padding: 0.5em; }
table.standings { border-collapse: collapse; }
.standings th, .standings td { border: 1px solid #ccc; padding: 3px 8px; text-align: left; vertical-align: top; }
.standings td.rank, .standings td.score, .standings td.passed, .standings td.slowest, .standings td.group { text-align: right; white-space: nowrap; }
.standings td.name { font-weight: 600; white-space: nowrap; }
.standings tr.other td { color: #555; font-size: 90%; }
.standings td.tests { max-width: 30em; }
.standings span.t { display: inline-block; min-width: 1.6em; margin: 1px; padding: 0 2px; font-size: 75%; text-align: center; border-radius: 3px; }
.standings span.t.not-judged { background: #f4f4f4; outline: 1px dashed #bbb; }
.standings td.failure { max-width: 36em; overflow-wrap: anywhere; }
.standings .note { color: #666; font-size: 90%; }
table.contest { border-collapse: collapse; }
.contest th, .contest td { border: 1px solid #ccc; padding: 3px 10px; text-align: center; }
.contest td.name { text-align: left; font-weight: 600; }
.contest td a { color: inherit; text-decoration: none; }
.contest td.cell .verdict { font-size: 75%; font-weight: 600; }
.contest td.total { font-weight: 700; }
.contest td.missing { color: #999; }
section.detail h2 { font-size: 110%; margin: 1.2em 0 0.3em; }
section.detail .badge { padding: 0 0.4em; border-radius: 3px; font-weight: 600; }
section.detail pre { white-space: pre-wrap; background: #f6f6f6; padding: 0.5em; }
section.detail .note { color: #666; }
.v-AC { background: #d6f5d6; } rect.v-AC { fill: #3a3; }
.v-PC { background: #e8f5c8; } rect.v-PC { fill: #8b3; }
.v-WA { background: #f8d0d0; } rect.v-WA { fill: #d33; }
.v-PE { background: #fbe0c8; } rect.v-PE { fill: #e73; }
.v-TLE { background: #f6e6a8; } rect.v-TLE { fill: #c90; }
.v-MLE { background: #e6d4f4; } rect.v-MLE { fill: #94c; }
.v-OLE { background: #f4d4ea; } rect.v-OLE { fill: #c4a; }
.v-RE { background: #f8c8b0; } rect.v-RE { fill: #b42; }
.v-CE { background: #ddd; } rect.v-CE { fill: #777; }
.v-FAIL { background: #333; color: #fff; } rect.v-FAIL { fill: #000; }
.v-REJECTED { background: #f8d0d0; }
";

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn test(name: &str, group: &str, targets: &[&str]) -> Test {
        Test {
            name: name.into(),
            input: PathBuf::from(format!("{name}.in")),
            answer: PathBuf::from(format!("{name}.ans")),
            group: Some(group.into()),
            sample: false,
            targets: targets.iter().map(|t| t.to_string()).collect(),
            points: None,
        }
    }

    fn outcome(name: &str, group: &str, verdict: Verdict, ms: u64, message: &str) -> TestOutcome {
        TestOutcome {
            name: name.into(),
            verdict,
            cpu: Duration::from_millis(ms),
            wall: Duration::from_millis(ms),
            memory_bytes: 1 << 20,
            message: message.into(),
            note: None,
            group: Some(group.into()),
            points: None,
            partial: None,
            output: PathBuf::new(),
            stderr: None,
            kept: None,
        }
    }

    fn groups() -> Vec<Group> {
        vec![
            Group::all_or_nothing("small", 30),
            Group::all_or_nothing("large", 70),
        ]
    }

    fn tests() -> Vec<Test> {
        vec![
            test("01", "small", &[]),
            test("02", "large", &["wrong_answer/<odd>.cpp"]),
            test("03", "large", &[]),
        ]
    }

    /// The opening tag of the element holding `needle`.
    fn tag_with<'p>(page: &'p str, needle: &str) -> &'p str {
        let at = page
            .find(needle)
            .unwrap_or_else(|| panic!("no {needle} in {page}"));
        let start = page[..at].rfind('<').unwrap();
        let end = at + page[at..].find('>').unwrap();
        &page[start..=end]
    }

    /// A page with an accepted solution at 60% of the limit on test 03 and
    /// a wrong one, in the wrong folder, judged on two tests of three.
    fn page() -> String {
        let groups = groups();
        let tests = tests();
        let accepted = [
            outcome("01", "small", Verdict::Ac, 10, "ok"),
            outcome("02", "large", Verdict::Ac, 490, "ok"),
            outcome("03", "large", Verdict::Ac, 600, "ok"),
        ];
        let wrong = [
            outcome("01", "small", Verdict::Ac, 5, "ok"),
            outcome(
                "02",
                "large",
                Verdict::Wa,
                7,
                "expected <First>, found \"Second\" & more",
            ),
        ];
        let broken = vec!["expected TLE".to_string()];
        let matrix = Matrix {
            problem: "bash",
            time_limit: Duration::from_secs(1),
            groups: &groups,
            tests: &tests,
            columns: vec![
                Column {
                    solution: "accepted/ok.cpp".into(),
                    target: Some("accepted/ok.cpp"),
                    promise: Some(Promise {
                        expected: "AC",
                        ok: true,
                        problems: &[],
                    }),
                    verdict: Verdict::Ac,
                    score: Some(Score(100.0)),
                    compile_error: None,
                    outcomes: &accepted,
                },
                Column {
                    solution: "wrong_answer/<odd>.cpp".into(),
                    target: Some("wrong_answer/<odd>.cpp"),
                    promise: Some(Promise {
                        expected: "TLE",
                        ok: false,
                        problems: &broken,
                    }),
                    verdict: Verdict::Wa,
                    score: Some(Score(30.0)),
                    compile_error: None,
                    outcomes: &wrong,
                },
            ],
        };
        render("judge verify", "FAIL", "FAIL", &[matrix])
    }

    #[test]
    fn text_and_attributes_are_escaped() {
        assert_eq!(
            escape("a<b>&\"c\"'d'"),
            "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;"
        );
        let page = page();
        assert!(!page.contains("<odd>"), "{page}");
        assert!(page.contains("data-solution=\"wrong_answer/&lt;odd&gt;.cpp\""));
        assert!(
            page.contains("title=\"expected &lt;First&gt;, found &quot;Second&quot; &amp; more\"")
        );
    }

    #[test]
    fn each_cell_is_classed_by_its_verdict_and_unjudged_tests_show() {
        let page = page();
        let cell = tag_with(
            &page,
            "data-solution=\"wrong_answer/&lt;odd&gt;.cpp\" data-test=\"02\"",
        );
        assert!(cell.contains("class=\"cell aimed v-WA\""), "{cell}");
        assert!(cell.contains("data-verdict=\"WA\""), "{cell}");
        let cell = tag_with(
            &page,
            "data-solution=\"wrong_answer/&lt;odd&gt;.cpp\" data-test=\"03\"",
        );
        assert!(cell.contains("class=\"cell not-judged\""), "{cell}");
        assert!(cell.contains("data-verdict=\"none\""), "{cell}");
        assert_eq!(page.matches("class=\"cell ").count(), 6);
        assert_eq!(page.matches("<svg class=\"chart\"").count(), 2);
        // The wrong solution has bars for its two judged tests only.
        assert_eq!(page.matches("<rect class=\"v-").count(), 5);
    }

    #[test]
    fn a_run_at_half_the_limit_or_more_is_marked() {
        assert_eq!(
            limit_percent(Duration::from_millis(499), Duration::from_secs(1)),
            49
        );
        assert_eq!(
            limit_percent(Duration::from_millis(1500), Duration::from_secs(1)),
            150
        );
        let page = page();
        let cell = |test: &str| {
            tag_with(
                &page,
                &format!("data-solution=\"accepted/ok.cpp\" data-test=\"{test}\""),
            )
            .to_string()
        };
        assert!(!cell("02").contains("near-limit"), "{}", cell("02"));
        assert!(cell("02").contains("data-limit-percent=\"49\""));
        assert!(
            cell("03").contains("class=\"cell v-AC near-limit\""),
            "{}",
            cell("03")
        );
        assert!(cell("03").contains("data-time-ms=\"600\""));
    }

    #[test]
    fn only_a_broken_promise_is_marked_as_a_mismatch() {
        let page = page();
        assert_eq!(page.matches("class=\"outcome v-").count(), 2);
        assert_eq!(page.matches(" mismatch\"").count(), 1);
        let marked = tag_with(&page, " mismatch\"");
        assert!(
            marked.contains("data-solution=\"wrong_answer/&lt;odd&gt;.cpp\""),
            "{marked}"
        );
        assert!(marked.contains("data-ok=\"false\""), "{marked}");
        assert!(page.contains("<li class=\"broken\""));
        assert!(page.contains("expected TLE"));
    }

    #[test]
    fn groups_score_as_the_problem_scores_them() {
        let page = page();
        let score = |solution: &str, group: &str| {
            tag_with(
                &page,
                &format!("data-solution=\"{solution}\" data-group=\"{group}\""),
            )
            .to_string()
        };
        assert!(score("accepted/ok.cpp", "large").contains("data-score=\"70\""));
        assert!(score("wrong_answer/&lt;odd&gt;.cpp", "small").contains("data-score=\"30\""));
        assert!(score("wrong_answer/&lt;odd&gt;.cpp", "large").contains("data-score=\"0\""));
    }

    #[test]
    fn the_page_is_self_contained_and_deterministic() {
        let first = page();
        assert_eq!(first, page());
        let page = first;
        assert!(!page.contains("<script"));
        // The only address is the SVG namespace, which is never fetched.
        assert_eq!(
            page.matches("http").count(),
            page.matches("xmlns=\"http://www.w3.org/2000/svg\"").count()
        );
    }
}
