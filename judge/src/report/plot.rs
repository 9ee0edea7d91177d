//! `judge lab`'s pictures: `--plot PATH`, the P-positions as an SVG
//! picture, a square per position, black where the player to move loses;
//! `--html PATH`, one self-contained page with the table, what it proves
//! and the picture. The family's table says which layout its picture
//! takes (`games::table::Layout`), so a new family draws with no change
//! here:
//! * one heap (or pile): rows as wide as the proven period (else 50), so
//!   that each period is a row and its P-positions stand in columns;
//! * two piles: the grid of `(a, b)`, Wythoff's two beams;
//! * the circle: the (n, k) plane, a row per k up to the one asked;
//! * a sweep: a row per parameter set, its label on the left.
//!
//! Each square of a P-position is a `rect` with class `p` and the position
//! in `data-n` (or `data-a`, `data-b`, `data-k`, `data-set`), so a test (or a
//! reader's script) can find it.

use std::fmt::Write;
use std::path::Path;

use anyhow::{Context, Result};
use games::table::Layout;

use super::file::Render;
use crate::model::results::report::{LabReport, Report};
use crate::report::html::escape;

/// The widest row of a one-heap picture, in positions, when no period was
/// proven.
const ROW: usize = 50;
/// The positions of a sweep's row shown (each row's `outcomes`).
const SWEPT: usize = games::table::SHOWN;

/// The picture of the lab's table.
pub fn svg(r: &LabReport) -> String {
    match r.layout {
        Layout::Strip => strip(r),
        Layout::Grid => grid(r),
        Layout::Plane => plane(r),
        Layout::Sets => swept(r),
    }
}

/// The lab's page: the game, the period summary, the table (the P/N
/// strip, the Grundy values, a sweep's sets) and the picture, inline.
pub fn page(r: &LabReport) -> String {
    let title = escape(&format!("judge lab: {}, {}", r.family, r.game));
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n<style>{PAGE_STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n"
    );
    let summary = match (r.preperiod, r.period, &r.gaps) {
        (Some(pre), Some(period), Some(gaps)) => format!(
            "{} play, positions 0..{}: period {period} from position {pre}, proven ({}); gaps {}",
            r.play,
            r.upto,
            r.proof,
            self::gaps(gaps)
        ),
        _ => format!("{} play, positions 0..{}: {}", r.play, r.upto, r.proof),
    };
    let _ = writeln!(
        out,
        "<p id=\"summary\" data-proven=\"{}\" data-period=\"{}\" data-preperiod=\"{}\">{}</p>",
        r.proven,
        r.period.map_or(String::new(), |p| p.to_string()),
        r.preperiod.map_or(String::new(), |p| p.to_string()),
        escape(&summary)
    );
    if let Some(c) = &r.conjecture {
        let said = match (&c.first, &c.shrunk) {
            (Some(first), Some(shrunk)) => format!(
                "disagrees on {} of {} cases; first `{}`: the table says {}, the conjecture {}; \
                 shrunk to `{}`: the table says {}, the conjecture {}",
                c.disagreements,
                c.compared,
                first.case,
                first.table,
                first.conjecture,
                shrunk.case,
                shrunk.table,
                shrunk.conjecture
            ),
            _ => format!("agrees on all {} cases", c.compared),
        };
        let _ = writeln!(
            out,
            "<p id=\"conjecture\" data-disagreements=\"{}\">conjecture {} (a case: <code>{}</code>, \
             it predicts the {}): {}</p>",
            c.disagreements,
            escape(&c.program),
            escape(&c.case),
            escape(&c.predicts),
            escape(&said)
        );
    }
    if !r.outcomes.is_empty() {
        out.push_str("<h2>Outcomes (P: the player to move loses)</h2>\n<pre id=\"outcomes\">");
        for (i, chunk) in r.outcomes.as_bytes().chunks(ROW).enumerate() {
            let _ = writeln!(out, "{:>8}  {}", i * ROW, String::from_utf8_lossy(chunk));
        }
        out.push_str("</pre>\n");
    }
    if let Some(values) = &r.grundy {
        out.push_str("<h2>Grundy values</h2>\n<pre id=\"grundy\">");
        for (i, chunk) in values.chunks(20).enumerate() {
            let shown: Vec<String> = chunk.iter().map(u32::to_string).collect();
            let _ = writeln!(out, "{:>8}  {}", i * 20, shown.join(" "));
        }
        out.push_str("</pre>\n");
    }
    if !r.sets.is_empty() {
        out.push_str("<h2>Sets</h2>\n<table id=\"sets\">\n<tr>");
        for name in &r.parameters {
            let _ = write!(out, "<th>{}</th>", escape(name));
        }
        out.push_str("<th>period</th><th>preperiod</th><th>gaps</th><th>shape</th></tr>\n");
        for set in &r.sets {
            out.push_str("<tr class=\"set\">");
            for name in &r.parameters {
                let _ = write!(out, "<td>{}</td>", set.values[name]);
            }
            let number = |v: Option<usize>| v.map_or("-".to_string(), |v| v.to_string());
            let _ = writeln!(
                out,
                "<td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                number(set.period),
                number(set.preperiod),
                escape(&set.pattern),
                escape(&set.shape)
            );
        }
        out.push_str("</table>\n");
    }
    let _ = write!(out, "<h2>P-positions</h2>\n<figure>{}</figure>\n", svg(r));
    out.push_str("</body>\n</html>\n");
    out
}

/// Gaps as the seeds write them.
fn gaps(gaps: &[usize]) -> String {
    let parts: Vec<String> = gaps.iter().map(usize::to_string).collect();
    match parts.is_empty() {
        true => "none".into(),
        false => parts.join("/"),
    }
}

const PAGE_STYLE: &str = "body { font-family: sans-serif; margin: 1.5em; }\
    pre { font-size: 12px; line-height: 1.2; }\
    table { border-collapse: collapse; font-size: 12px; }\
    td, th { border: 1px solid #ccc; padding: 1px 6px; text-align: right; }";

/// `judge lab --html PATH`: the lab's page.
#[derive(Clone, Copy, Debug, Default)]
pub struct Page;

impl Render for Page {
    fn what(&self) -> &'static str {
        "the HTML report"
    }

    fn render(&self, report: &Report, _: &Path) -> Result<Option<Vec<u8>>> {
        match report {
            Report::Lab(r) => Ok(Some(page(r).into_bytes())),
            _ => Ok(None),
        }
    }
}

/// `judge lab --plot PATH`: the picture, as PNG when the path ends in
/// `.png`, else as SVG.
#[derive(Clone, Copy, Debug, Default)]
pub struct Plot;

impl Render for Plot {
    fn what(&self) -> &'static str {
        "the plot"
    }

    fn render(&self, report: &Report, path: &Path) -> Result<Option<Vec<u8>>> {
        let Report::Lab(r) = report else {
            return Ok(None);
        };
        let svg = svg(r);
        match (path.extension()).is_some_and(|e| e.eq_ignore_ascii_case("png")) {
            true => png(&svg).map(Some),
            false => Ok(Some(svg.into_bytes())),
        }
    }
}

/// The SVG picture drawn as PNG pixels, one per SVG unit. The labels take
/// one of this machine's fonts, a sans-serif one if there is one.
pub fn png(svg: &str) -> Result<Vec<u8>> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    if let Some((family, bytes)) = label_font() {
        let fonts = options.fontdb_mut();
        fonts.load_font_data(bytes);
        fonts.set_sans_serif_family(family);
    }
    let tree = usvg::Tree::from_str(svg, &options).context("cannot read the plot's SVG")?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .with_context(|| format!("a plot of {}×{} pixels", size.width(), size.height()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap.encode_png().context("cannot encode the plot as PNG")
}

/// A regular face of a sans-serif family this machine has (else of any),
/// read whole: a font the database only names is mapped again for each
/// label, which costs seconds on a sweep's thousands.
fn label_font() -> Option<(String, Vec<u8>)> {
    use resvg::usvg::fontdb::{Database, Family, Query, Source};
    let mut all = Database::new();
    all.load_system_fonts();
    let has = |family: &str| (all.faces()).any(|f| f.families.iter().any(|(n, _)| n == family));
    let family = [
        "DejaVu Sans",
        "Noto Sans",
        "Liberation Sans",
        "Noto Sans CJK SC",
    ]
    .into_iter()
    .find(|f| has(f))
    .map(str::to_string)
    .or_else(|| Some(all.faces().next()?.families.first()?.0.clone()))?;
    let id = all.query(&Query {
        families: &[Family::Name(&family)],
        ..Query::default()
    })?;
    let bytes = match &all.face(id)?.source {
        Source::File(path) | Source::SharedFile(path, _) => std::fs::read(path).ok()?,
        Source::Binary(data) => (**data).as_ref().to_vec(),
    };
    Some((family, bytes))
}

/// The side of a square for `count` squares across, 4 to 12 pixels.
fn cell(count: usize) -> usize {
    (800 / count.max(1)).clamp(1, 12)
}

/// The picture's narrowest width: room for its caption.
const NARROWEST: usize = 320;

fn open(out: &mut String, width: usize, height: usize, title: &str) {
    let width = width.max(NARROWEST);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"11\">\
         <title>{}</title><rect width=\"{width}\" height=\"{height}\" fill=\"#fff\"/>",
        escape(title)
    );
}

fn title(r: &LabReport) -> String {
    format!("{}, {}: P-positions (black)", r.family, r.game)
}

/// One heap: rows of a period each.
fn strip(r: &LabReport) -> String {
    let n = r.outcomes.len();
    let width = r.period.filter(|&p| p <= 200).unwrap_or(ROW);
    let rows = n.div_ceil(width.max(1));
    let side = cell(width).max(4);
    let (left, top) = (48, 24);
    let mut out = String::new();
    open(
        &mut out,
        left + width * side + 8,
        top + rows * side + 8,
        &title(r),
    );
    let caption = match (r.period, r.preperiod) {
        (Some(p), Some(pre)) => format!("rows of {width}: period {p} from {pre}, proven"),
        _ => format!("rows of {width}"),
    };
    let _ = write!(out, "<text x=\"4\" y=\"14\">{}</text>", escape(&caption));
    for row in 0..rows {
        let y = top + row * side;
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>",
            left - 4,
            y + side,
            row * width
        );
        let _ = write!(
            out,
            "<rect x=\"{left}\" y=\"{y}\" width=\"{}\" height=\"{side}\" fill=\"#eee\"/>",
            width.min(n - row * width) * side
        );
    }
    for (i, c) in r.outcomes.chars().enumerate() {
        if c == 'P' {
            let (x, y) = (left + (i % width) * side, top + (i / width) * side);
            let _ = write!(
                out,
                "<rect class=\"p\" data-n=\"{i}\" x=\"{x}\" y=\"{y}\" width=\"{side}\" \
                 height=\"{side}\" fill=\"#000\"/>"
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

/// Two piles: the grid, `a` down and `b` across, both `(a, b)` and
/// `(b, a)` of each P-position.
fn grid(r: &LabReport) -> String {
    let n = r.upto;
    let side = cell(n);
    let (left, top) = (8, 24);
    let mut out = String::new();
    open(&mut out, left + n * side + 8, top + n * side + 8, &title(r));
    let _ = write!(
        out,
        "<text x=\"4\" y=\"14\">{}</text><rect x=\"{left}\" y=\"{top}\" width=\"{}\" \
         height=\"{}\" fill=\"#eee\"/>",
        escape(&format!("a down, b across, 0..{n}")),
        n * side,
        n * side
    );
    for &[a, b] in &r.p_pairs {
        for (x, y) in [(a, b), (b, a)] {
            let _ = write!(
                out,
                "<rect class=\"p\" data-a=\"{y}\" data-b=\"{x}\" x=\"{}\" y=\"{}\" \
                 width=\"{side}\" height=\"{side}\" fill=\"#000\"/>",
                left + x * side,
                top + y * side
            );
            if a == b {
                break;
            }
        }
    }
    out.push_str("</svg>\n");
    out
}

/// The circle: the (n, k) plane, `k` down from 1 and `n` across, black
/// where the first player loses.
fn plane(r: &LabReport) -> String {
    let n = r.plane.first().map_or(0, String::len);
    let side = cell(n).max(2);
    let (left, top) = (40, 24);
    let rows = r.plane.len();
    let mut out = String::new();
    open(
        &mut out,
        left + n * side + 8,
        top + rows * side + 8,
        &title(r),
    );
    let _ = write!(
        out,
        "<text x=\"4\" y=\"14\">{}</text>",
        escape(&format!(
            "k down from 1, circles of n = 0..{n} tokens across"
        ))
    );
    for (k, row) in (1..).zip(&r.plane) {
        let y = top + (k - 1) * side;
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"{}\">k={k}</text>\
             <rect x=\"{left}\" y=\"{y}\" width=\"{}\" height=\"{side}\" fill=\"#eee\"/>",
            left - 4,
            y + side,
            side.clamp(6, 11),
            n * side
        );
        row_squares(&mut out, row, &format!("data-k=\"{k}\""), (left, y), side);
    }
    out.push_str("</svg>\n");
    out
}

/// A square for each P-position of the strip `row`, from (`left`, `y`) to
/// the right; `row_attr` names the row (`data-k="3"`).
fn row_squares(
    out: &mut String,
    row: &str,
    row_attr: &str,
    (left, y): (usize, usize),
    side: usize,
) {
    for (i, c) in row.chars().enumerate() {
        if c == 'P' {
            let _ = write!(
                out,
                "<rect class=\"p\" {row_attr} data-n=\"{i}\" x=\"{}\" y=\"{y}\" \
                 width=\"{side}\" height=\"{side}\" fill=\"#000\"/>",
                left + i * side
            );
        }
    }
}

/// A sweep: a row per parameter set, its first positions.
fn swept(r: &LabReport) -> String {
    let width = SWEPT.min(r.upto);
    let side = 6;
    let labels: Vec<String> = (r.sets.iter())
        .map(|set| {
            let values: Vec<String> = (r.parameters.iter())
                .map(|k| format!("{k}={}", set.values[k]))
                .collect();
            values.join(" ")
        })
        .collect();
    let left = 8 + 4 * labels.iter().map(String::len).max().unwrap_or(0);
    let top = 24;
    let mut out = String::new();
    let height = top + r.sets.len() * side + 8;
    open(&mut out, left + width * side + 8, height, &title(r));
    let _ = write!(
        out,
        "<text x=\"4\" y=\"14\">{}</text>",
        escape(&format!("a row per set, positions 0..{width}"))
    );
    for (s, (set, label)) in r.sets.iter().zip(&labels).enumerate() {
        let y = top + s * side;
        let _ = write!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"{side}\">{}</text>",
            left - 2,
            y + side,
            escape(label)
        );
        let row = &set.outcomes[..set.outcomes.len().min(width)];
        row_squares(&mut out, row, &format!("data-set=\"{s}\""), (left, y), side);
    }
    out.push_str("</svg>\n");
    out
}
