//! `judge lab --plot PATH`: the P-positions as an SVG picture, a square
//! per position, black where the player to move loses.
//! * one heap (or pile): rows as wide as the proven period (else 50), so
//!   that each period is a row and its P-positions stand in columns;
//! * two piles: the grid of `(a, b)`, Wythoff's two beams;
//! * a sweep: a row per parameter set, its label on the left.
//!
//! Each square of a P-position is a `rect` with class `p` and the position
//! in `data-n` (or `data-a`, `data-b`, `data-set`), so a test (or a
//! reader's script) can find it.

use std::fmt::Write;
use std::path::Path;

use anyhow::{Context, Result};

use crate::fsutil;
use crate::report::html::escape;
use crate::results::report::LabReport;

/// The widest row of a one-heap picture, in positions, when no period was
/// proven.
const ROW: usize = 50;
/// The positions of a sweep's row shown (each row's `outcomes`).
const SWEPT: usize = crate::results::report::SWEPT_SHOWN;

/// The picture of the lab's table.
pub fn svg(r: &LabReport) -> String {
    if r.sweep.is_some() {
        return swept(r);
    }
    if r.family == "wythoff" {
        return grid(r);
    }
    strip(r)
}

/// Writes the picture to `path`, whole or not at all.
pub fn write(path: &Path, svg: &str) -> Result<()> {
    let cannot = || format!("cannot write the plot {}", path.display());
    let absolute = std::path::absolute(path).with_context(cannot)?;
    if let Some(dir) = absolute.parent() {
        fsutil::create_dir_all(dir).with_context(cannot)?;
    }
    fsutil::publish(&absolute, svg.as_bytes()).with_context(cannot)
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
        for (i, c) in set.outcomes.chars().take(width).enumerate() {
            if c == 'P' {
                let _ = write!(
                    out,
                    "<rect class=\"p\" data-set=\"{s}\" data-n=\"{i}\" x=\"{}\" y=\"{y}\" \
                     width=\"{side}\" height=\"{side}\" fill=\"#000\"/>",
                    left + i * side
                );
            }
        }
    }
    out.push_str("</svg>\n");
    out
}
