//! What a failing test looks like: its input, the checker's message, a
//! line-numbered side-by-side diff of expected against actual output with
//! visible whitespace, and a hint when the output would pass with
//! whitespace ignored. Colours are ANSI codes; the terminal stream strips
//! them when colours are off.

use std::fmt::Write as _;
use std::path::Path;

use anstyle::{AnsiColor, Style};
use similar::TextDiff;

use crate::model::results::TestOutcome;
use crate::model::verdict::Verdict;

/// A failing run's own words, for a terminal: the last lines of its error
/// stream (at most `lines` of them), then where the files of its test
/// `test` are kept, each line after `indent`.
pub fn last_words(
    test: &str,
    stderr: Option<&str>,
    kept: Option<&str>,
    indent: &str,
    lines: usize,
) -> String {
    let mut out = String::new();
    if let Some(text) = stderr {
        let all: Vec<&str> = text.lines().collect();
        let shown = &all[all.len().saturating_sub(lines)..];
        let what = match shown.len() {
            1 => "its error stream ended:".to_string(),
            n => format!("its error stream ended ({n} lines):"),
        };
        writeln!(out, "{indent}{}", bold(&what)).unwrap();
        for line in shown {
            writeln!(out, "{indent}  {line}").unwrap();
        }
    }
    if let Some(folder) = kept {
        let folder = relative(Path::new(folder));
        let files = folder.join(format!("{test}.*"));
        writeln!(out, "{indent}{} {}", bold("its files:"), files.display()).unwrap();
    }
    out
}

/// `path` from the current folder where it lies under it (what a user
/// types), else as it is.
pub fn relative(path: &Path) -> &Path {
    let here = std::env::current_dir().unwrap_or_default();
    match path.strip_prefix(&here) {
        Ok(inside) if !inside.as_os_str().is_empty() => inside,
        _ => path,
    }
}

/// `text` in `style`.
pub fn paint(style: Style, text: &str) -> String {
    format!("{style}{text}{style:#}")
}

/// Bold text.
pub fn bold(text: &str) -> String {
    paint(Style::new().bold(), text)
}

/// The colour of a verdict.
pub fn verdict_style(v: Verdict) -> Style {
    let colour = match v {
        Verdict::Ac => AnsiColor::Green,
        Verdict::Wa | Verdict::Pe | Verdict::Fail => AnsiColor::Red,
        Verdict::Pc | Verdict::Tle | Verdict::Mle | Verdict::Ole => AnsiColor::Yellow,
        Verdict::Re | Verdict::Ce => AnsiColor::Magenta,
    };
    let style = Style::new().fg_color(Some(colour.into()));
    if v == Verdict::Fail {
        style.bold()
    } else {
        style
    }
}

/// A verdict, padded to `width` and coloured.
pub fn verdict(v: Verdict, width: usize) -> String {
    paint(verdict_style(v), &format!("{:<width$}", v.as_str()))
}

/// One line per test: `  07  WA    0.010 s      3 MiB  wrong answer case 3: ...`.
pub fn test_line(o: &TestOutcome) -> String {
    let message = o.message.lines().next().unwrap_or("");
    let message = if message.chars().count() > 100 {
        format!("{}…", message.chars().take(100).collect::<String>())
    } else {
        message.to_string()
    };
    format!(
        "  {:>4}  {} {:>6.3} s {:>6} MiB  {}",
        o.name,
        verdict(o.verdict, 4),
        o.cpu.as_secs_f64(),
        o.memory_bytes >> 20,
        message
    )
    .trim_end()
    .to_string()
}

/// Makes whitespace visible: `·` for a trailing space, `→` for a tab, `\r`
/// for a carriage return.
pub fn visible(line: &str) -> String {
    let trimmed = line.trim_end_matches(' ');
    let trailing = line.len() - trimmed.len();
    let mut out = trimmed.replace('\t', "→").replace('\r', "\\r");
    out.push_str(&"·".repeat(trailing));
    out
}

/// Reads at most `limit` bytes of a file as text.
fn head(path: &Path, limit: usize) -> (String, bool) {
    let bytes = std::fs::read(path).unwrap_or_default();
    let cut = bytes.len() > limit;
    (
        String::from_utf8_lossy(&bytes[..bytes.len().min(limit)]).into_owned(),
        cut,
    )
}

fn describe_end(text: &str, cut: bool) -> &'static str {
    if cut {
        "(cut)"
    } else if text.is_empty() {
        "(empty)"
    } else if !text.ends_with('\n') {
        "(no trailing newline)"
    } else {
        ""
    }
}

/// Returns true if and only if the two texts have the same tokens.
pub fn same_tokens(a: &str, b: &str) -> bool {
    a.split_ascii_whitespace().eq(b.split_ascii_whitespace())
}

/// The width of the expected column in the side-by-side diff.
const WIDTH: usize = 36;
const MAX_DIFF: usize = 40;

fn cell(text: Option<&str>) -> String {
    let shown = text
        .map(|t| visible(t.trim_end_matches('\n')))
        .unwrap_or_default();
    if shown.chars().count() > WIDTH {
        format!("{}…", shown.chars().take(WIDTH - 1).collect::<String>())
    } else {
        shown
    }
}

/// Writes the differing lines of `expected` and `actual` side by side, with
/// two lines of context; returns the rows written. Outputs with as many lines
/// as the answer are compared line by line (the usual one-answer-per-line
/// shape); otherwise a line diff aligns them.
fn side_by_side(expected: &str, actual: &str, out: &mut String) -> usize {
    let old: Vec<&str> = expected.split_inclusive('\n').collect();
    let new: Vec<&str> = actual.split_inclusive('\n').collect();
    // (line number, expected, actual) for each row to consider.
    let mut rows: Vec<(usize, Option<&str>, Option<&str>)> = Vec::new();
    if old.len() == new.len() {
        rows.extend((0..old.len()).map(|i| (i + 1, Some(old[i]), Some(new[i]))));
    } else {
        let diff = TextDiff::from_lines(expected, actual);
        for op in diff.ops() {
            let (o, n) = (op.old_range(), op.new_range());
            for k in 0..o.len().max(n.len()) {
                let left = (k < o.len()).then(|| old[o.start + k]);
                let right = (k < n.len()).then(|| new[n.start + k]);
                rows.push((
                    if k < o.len() {
                        o.start + k + 1
                    } else {
                        n.start + k + 1
                    },
                    left,
                    right,
                ));
            }
        }
    }
    let differs: Vec<bool> = rows
        .iter()
        .map(|(_, l, r)| {
            l.map(|t| t.trim_end_matches('\n')) != r.map(|t| t.trim_end_matches('\n'))
                || l.is_none()
                || r.is_none()
        })
        .collect();
    let near = |i: usize| (i.saturating_sub(2)..(i + 3).min(rows.len())).any(|j| differs[j]);
    let (mut shown, mut skipped) = (0, false);
    for (i, (line, left, right)) in rows.iter().enumerate() {
        if !near(i) {
            skipped = true;
            continue;
        }
        if skipped && shown > 0 {
            writeln!(out, "  ...").unwrap();
        }
        skipped = false;
        if shown >= MAX_DIFF {
            return shown;
        }
        shown += 1;
        let mark = if differs[i] { '|' } else { ' ' };
        let row = format!(
            "{line:>5} {mark} {:<WIDTH$} {mark} {}",
            cell(*left),
            cell(*right)
        );
        writeln!(
            out,
            "{}",
            if differs[i] {
                paint(AnsiColor::Red.on_default(), &row)
            } else {
                row
            }
        )
        .unwrap();
    }
    shown
}

/// The details of a failing test: input, checker message, diff, hint.
pub fn failure_details(o: &TestOutcome, input: &Path, answer: &Path) -> String {
    const MAX_LINES: usize = 12;
    let mut out = String::new();
    let title = format!("test {} — {}", o.name, o.verdict.as_str());
    writeln!(out, "\n{}", bold(&title)).unwrap();

    let (input_text, cut) = head(input, 4096);
    let lines: Vec<&str> = input_text.lines().collect();
    writeln!(out, "input ({}):", input.display()).unwrap();
    for line in lines.iter().take(MAX_LINES) {
        let shown: String = line.chars().take(120).collect();
        writeln!(
            out,
            "  {shown}{}",
            if line.chars().count() > 120 {
                "…"
            } else {
                ""
            }
        )
        .unwrap();
    }
    if lines.len() > MAX_LINES || cut {
        writeln!(
            out,
            "  … ({} bytes in all)",
            std::fs::metadata(input).map_or(0, |m| m.len())
        )
        .unwrap();
    }
    if !o.message.is_empty() {
        writeln!(out, "{} {}", bold("message:"), o.message).unwrap();
    }
    out.push_str(&last_words(
        &o.name,
        o.stderr.as_deref(),
        o.kept.as_deref(),
        "",
        usize::MAX,
    ));
    if o.output.extension().is_some_and(|e| e == "transcript") {
        // An interactive test: what the two sides said, up to the end.
        let (text, _) = head(&o.output, 1 << 20);
        let lines: Vec<&str> = text.lines().collect();
        let from = lines.len().saturating_sub(2 * MAX_LINES);
        writeln!(out, "transcript ({}):", o.output.display()).unwrap();
        if from > 1 {
            writeln!(out, "  {}", lines[0]).unwrap();
            writeln!(out, "  … ({} lines before these)", from - 1).unwrap();
        }
        for line in &lines[from..] {
            writeln!(out, "  {line}").unwrap();
        }
        return out;
    }
    if !matches!(o.verdict, Verdict::Wa | Verdict::Pe) {
        return out;
    }

    let (expected, cut_e) = head(answer, 1 << 16);
    let (actual, cut_a) = head(&o.output, 1 << 16);
    writeln!(out, "answer: {}", answer.display()).unwrap();
    writeln!(out, "{:>5}   {:<WIDTH$}   actual", "line", "expected").unwrap();
    let shown = side_by_side(&expected, &actual, &mut out);
    if shown >= MAX_DIFF {
        writeln!(out, "  … (diff cut after {MAX_DIFF} lines)").unwrap();
    }
    for (label, text, cut) in [("expected", &expected, cut_e), ("actual", &actual, cut_a)] {
        let end = describe_end(text, cut);
        if !end.is_empty() {
            writeln!(out, "  {label}: {end}").unwrap();
        }
    }
    if !cut_e && !cut_a && expected != actual && same_tokens(&expected, &actual) {
        writeln!(
            out,
            "{}",
            paint(
                AnsiColor::Yellow.on_default(),
                "hint: the output would be accepted if whitespace were ignored"
            )
        )
        .unwrap();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_is_made_visible() {
        assert_eq!(visible("a b  "), "a b··");
        assert_eq!(visible("a\tb\r"), "a→b\\r");
        assert!(same_tokens("1  2\n3", "1 2 3\n"));
        assert!(!same_tokens("1 2", "1 3"));
    }
}
