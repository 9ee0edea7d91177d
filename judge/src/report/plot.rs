//! `judge lab`'s pictures: `--plot PATH`, the P-positions as an SVG
//! picture, a square per position, black where the player to move loses;
//! `--html PATH`, one self-contained page with the table, what it proves
//! and the picture. The family's table says which layout its picture
//! takes (`games::table::Layout`), so a new family draws with no change
//! here:
//! * one heap (or pile): rows as wide as the proven period (a few periods
//!   when it is shorter than 10; else 50), so that each period is a row
//!   and its P-positions stand in columns, the rows labelled with their
//!   first position and the columns with their residue, each Grundy value
//!   written in its square when the report has them, the start of the
//!   period marked, and a legend below, inside the picture's height;
//! * two piles: the grid of `(a, b)`, Wythoff's two beams;
//! * the circle: the (n, k) plane, a row per k up to the one asked;
//! * a sweep: a row per parameter set, its label on the left.
//!
//! Each square of a P-position is a `rect` with class `p` and the position
//! in `data-n` (or `data-a`, `data-b`, `data-k`, `data-set`), so a test (or a
//! reader's script) can find it; a one-heap picture's squares are in a
//! `g` of class `strip` whose `data-` attributes give the layout (columns,
//! rows, side, left, top).

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

/// How a one-heap picture is laid out: rows of `columns` positions, a
/// square of `side` pixels each, the first at (`left`, `top`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Strip {
    /// The positions drawn, `0..n`.
    n: usize,
    columns: usize,
    rows: usize,
    side: usize,
    left: usize,
    top: usize,
}

/// The fewest columns of a one-heap picture whose period is proven: a
/// short period takes several a row (still a column each residue), so
/// that the picture is not a tall thin stripe.
const FEWEST_COLUMNS: usize = 10;
/// About how wide the squares of a row are drawn, in pixels: short rows
/// get larger squares, up to [`LARGEST_SIDE`], and none is smaller than
/// [`SMALLEST_SIDE`], where a position can still be told apart.
const ROW_PIXELS: usize = 480;
const SMALLEST_SIDE: usize = 12;
const LARGEST_SIDE: usize = 20;
/// The baselines of the caption and of the column labels, and the top of
/// the squares under them.
const CAPTION_Y: usize = 16;
const HEADER_Y: usize = 36;
const STRIP_TOP: usize = 44;
/// A legend line's height, and the pixels a character of the 11-pixel
/// labels takes at most, about (to leave room for a text).
const LEGEND_LINE: usize = 18;
const CHAR_PIXELS: usize = 7;

impl Strip {
    fn of(r: &LabReport) -> Strip {
        let n = r.outcomes.len();
        let columns = match r.period.filter(|&p| p <= 200) {
            Some(p) => p * FEWEST_COLUMNS.div_ceil(p),
            None => ROW,
        };
        let last = n.saturating_sub(1) / columns * columns;
        Strip {
            n,
            columns,
            rows: n.div_ceil(columns),
            side: (ROW_PIXELS / columns).clamp(SMALLEST_SIDE, LARGEST_SIDE),
            left: 16 + digits(last) * CHAR_PIXELS,
            top: STRIP_TOP,
        }
    }

    /// The top-left corner of position `i`'s square.
    fn at(&self, i: usize) -> (usize, usize) {
        (
            self.left + (i % self.columns) * self.side,
            self.top + (i / self.columns) * self.side,
        )
    }

    /// Below the last row: where the legend starts.
    fn bottom(&self) -> usize {
        self.top + self.rows * self.side
    }
}

fn digits(n: usize) -> usize {
    n.to_string().len()
}

/// One heap: rows of a period each (or of several), each labelled with
/// its first position, the columns with their residue, a legend below.
fn strip(r: &LabReport) -> String {
    let g = Strip::of(r);
    let caption = match (r.period, r.preperiod) {
        (Some(p), Some(pre)) if g.columns == p => format!(
            "positions 0..{}, rows of {p}: period {p} from {pre}, proven",
            g.n
        ),
        (Some(p), Some(pre)) => format!(
            "positions 0..{}, rows of {} ({} periods): period {p} from {pre}, proven",
            g.n,
            g.columns,
            g.columns / p
        ),
        _ => format!(
            "positions 0..{}, rows of {}: no period proven",
            g.n, g.columns
        ),
    };
    let legend = strip_legend(r, &g);
    let text_width = (legend.iter().map(|(_, text)| text.chars().count() + 3))
        .chain([caption.chars().count() + 1])
        .max()
        .unwrap_or(0)
        * CHAR_PIXELS;
    let width = (g.left + g.columns * g.side + 12).max(text_width + 8);
    let height = g.bottom() + 12 + legend.len() * LEGEND_LINE;
    let mut out = String::new();
    open(&mut out, width, height, &title(r));
    let _ = write!(
        out,
        "<text x=\"4\" y=\"{CAPTION_Y}\" font-size=\"12\">{}</text>",
        escape(&caption)
    );
    strip_axes(&mut out, &g);
    strip_cells(&mut out, r, &g);
    for (i, (key, text)) in legend.iter().enumerate() {
        let y = g.bottom() + 12 + i * LEGEND_LINE;
        let _ = write!(
            out,
            "<g class=\"legend\">{key}<text x=\"{}\" y=\"{}\">{}</text></g>",
            g.left + 18,
            y + 10,
            escape(text)
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The labels of the columns (each residue, or every few when the squares
/// are too small for their numbers) and of the rows (their first
/// position), and the rows' grey ground.
fn strip_axes(out: &mut String, g: &Strip) {
    let label = (digits(g.columns - 1) * CHAR_PIXELS).max(1);
    let step = [1, 2, 5, 10, 20, 50, 100]
        .into_iter()
        .find(|&step| step * g.side >= label + 4)
        .unwrap_or(g.columns);
    for c in (0..g.columns).step_by(step) {
        let _ = write!(
            out,
            "<text class=\"column\" x=\"{}\" y=\"{HEADER_Y}\" text-anchor=\"middle\">{c}</text>",
            g.left + c * g.side + g.side / 2
        );
    }
    for row in 0..g.rows {
        let (first, y) = (row * g.columns, g.top + row * g.side);
        let drawn = g.columns.min(g.n - first.min(g.n));
        let _ = write!(
            out,
            "<text class=\"row\" x=\"{}\" y=\"{}\" text-anchor=\"end\">{first}</text>\
             <rect x=\"{}\" y=\"{y}\" width=\"{}\" height=\"{}\" fill=\"#eee\"/>",
            g.left - 6,
            y + g.side / 2 + 4,
            g.left,
            drawn * g.side,
            g.side
        );
        if drawn < g.columns {
            // The rest of the last row: no position there was tabulated.
            let _ = write!(
                out,
                "<rect class=\"untabulated\" x=\"{}\" y=\"{}\" width=\"{}\" \
                 height=\"{}\" fill=\"none\" stroke=\"#bbb\" stroke-dasharray=\"3 2\"/>",
                g.left + drawn * g.side,
                y,
                (g.columns - drawn) * g.side - 1,
                g.side - 1
            );
        }
    }
}

/// A black square for each P-position, each N-position's Grundy value
/// (when the report has them and they fit the squares), the start of a
/// proven period in red, and white lines between the squares.
fn strip_cells(out: &mut String, r: &LabReport, g: &Strip) {
    let side = g.side;
    // The layout, for a reader's script (and the tests) to find a square.
    let _ = write!(
        out,
        "<g class=\"strip\" data-columns=\"{}\" data-rows=\"{}\" data-side=\"{side}\" \
         data-left=\"{}\" data-top=\"{}\">",
        g.columns, g.rows, g.left, g.top
    );
    for (i, c) in r.outcomes.chars().enumerate() {
        if c == 'P' {
            let (x, y) = g.at(i);
            let _ = write!(
                out,
                "<rect class=\"p\" data-n=\"{i}\" x=\"{x}\" y=\"{y}\" width=\"{side}\" \
                 height=\"{side}\" fill=\"#000\"/>"
            );
        }
    }
    let font = side * 3 / 5;
    if let Some(values) = &r.grundy
        && values.iter().max().is_some_and(|&v| {
            // A digit of `font` pixels is about 0.6 of it wide.
            digits(v as usize) * font * 3 / 5 + 2 <= side
        })
    {
        let _ = write!(
            out,
            "<g class=\"grundy\" font-size=\"{font}\" fill=\"#555\">"
        );
        for (i, &v) in values.iter().enumerate().filter(|&(_, &v)| v != 0) {
            let (x, y) = g.at(i);
            let _ = write!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{v}</text>",
                x + side / 2,
                y + side / 2 + font * 7 / 20
            );
        }
        out.push_str("</g>");
    }
    if let Some(pre) = r.preperiod.filter(|&pre| pre > 0 && pre < g.n) {
        let (x, y) = g.at(pre);
        let _ = write!(
            out,
            "<rect class=\"preperiod\" data-n=\"{pre}\" x=\"{x}\" y=\"{y}\" width=\"2\" \
             height=\"{side}\" fill=\"#d00\"/>"
        );
    }
    let mut lines = String::new();
    for c in 1..g.columns {
        let _ = write!(lines, "M{} {}V{}", g.left + c * side, g.top, g.bottom());
    }
    for row in 1..g.rows {
        let y = g.top + row * side;
        let _ = write!(lines, "M{} {y}H{}", g.left, g.left + g.columns * side);
    }
    let _ = write!(
        out,
        "<path d=\"{lines}\" stroke=\"#fff\" stroke-width=\"1\" fill=\"none\"/></g>"
    );
}

/// The legend's lines: each a key drawn at the left and its words.
fn strip_legend(r: &LabReport, g: &Strip) -> Vec<(String, String)> {
    if g.n == 0 {
        // Several heaps: no strip to explain.
        return Vec::new();
    }
    let key = |i: usize, width: usize, attrs: &str| {
        let y = g.bottom() + 12 + i * LEGEND_LINE;
        format!(
            "<rect x=\"{}\" y=\"{y}\" width=\"{width}\" height=\"12\" {attrs}/>",
            g.left
        )
    };
    let mut lines = vec![
        "P: the player to move loses".to_string(),
        "N: the player to move wins".to_string(),
    ];
    let mut keys = vec![key(0, 12, "fill=\"#000\""), key(1, 12, "fill=\"#eee\"")];
    if r.grundy.is_some() {
        lines[1].push_str(", with its Grundy value where it fits");
    }
    if let Some(pre) = r.preperiod.filter(|&pre| pre > 0 && pre < g.n) {
        let i = lines.len();
        keys.push(key(i, 12, "fill=\"#eee\"") + &key(i, 2, "fill=\"#d00\""));
        lines.push(format!("the period starts: position {pre}"));
    }
    if !g.n.is_multiple_of(g.columns) {
        keys.push(key(
            lines.len(),
            11,
            "fill=\"none\" stroke=\"#bbb\" stroke-dasharray=\"3 2\"",
        ));
        lines.push(format!("not tabulated: position {} on", g.n));
    }
    keys.into_iter().zip(lines).collect()
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
