//! Statements as pages: a problem's Markdown statement rendered to a
//! standalone HTML page, as contestants see it, and a contest's problems
//! as one booklet. Pure text in, text out; printing to PDF is the
//! browser's ([`crate::core::browser`]).
//!
//! The Markdown is read with `pulldown-cmark`; `$...$` and `$$...$$` become
//! MathML (`math-core`), which browsers lay out natively. The page's header
//! holds what the kit knows better than the prose: the title, the limits
//! and the scored groups. So the statement's own title and its limits
//! section are left out, and its sample section shows the problem's sample
//! tests (inputs and the reference's answers) as boxes side by side in
//! place of the code blocks written in the Markdown.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use math_core::{LatexToMathML, MathCoreConfig, MathDisplay};
use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

use crate::model::lang::Lang;
use crate::model::problem::Problem;
use crate::model::results::Test;

/// The words a page in `lang` adds around the statement: Chinese ones
/// for Chinese, else English ones (a statement imported in another
/// language keeps its own words, and the page's are few).
fn words(lang: &Lang) -> &'static Words {
    match lang.code().split('-').next() {
        Some("zh") => &ZH,
        _ => &EN,
    }
}

/// The words a page adds around the statement.
struct Words {
    time_limit: &'static str,
    memory_limit: &'static str,
    input: &'static str,
    output: &'static str,
    standard_input: &'static str,
    standard_output: &'static str,
    group: &'static str,
    points: &'static str,
    sample: &'static str,
    jury: &'static str,
    you: &'static str,
    interaction: &'static str,
    problem: &'static str,
    problems: &'static str,
    seconds: fn(f64) -> String,
}

const EN: Words = Words {
    time_limit: "Time limit",
    memory_limit: "Memory limit",
    input: "Input",
    output: "Output",
    standard_input: "standard input",
    standard_output: "standard output",
    group: "Subtask",
    points: "Points",
    sample: "Sample",
    jury: "Jury",
    you: "You",
    interaction: "interactive",
    problem: "Problem",
    problems: "Problems",
    seconds: |s| format!("{s} second{}", if s == 1.0 { "" } else { "s" }),
};

const ZH: Words = Words {
    time_limit: "时间限制",
    memory_limit: "内存限制",
    input: "输入",
    output: "输出",
    standard_input: "标准输入",
    standard_output: "标准输出",
    group: "子任务",
    points: "分值",
    sample: "样例",
    jury: "评测程序",
    you: "你的程序",
    interaction: "交互",
    problem: "题目",
    problems: "题目列表",
    seconds: |s| format!("{s} 秒"),
};

/// Section headings the page replaces: the limits, in the header.
const LIMITS: [&str; 2] = ["Limits", "限制"];
/// Section headings whose code blocks the sample boxes replace.
const SAMPLES: [&str; 4] = ["Sample", "Samples", "样例", "样例数据"];
/// Paragraphs that only label a sample's code block (`Input:`).
const SAMPLE_LABELS: [&str; 4] = ["Input", "Output", "输入", "输出"];

/// A sample test: its input and the reference's answer, or, on an
/// interactive problem, the reference's play against the interactor (an
/// ICPC `.interaction` file: `<` before the jury's lines, `>` before the
/// solution's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sample {
    Files { input: String, output: String },
    Interaction(String),
}

/// One problem of a page.
pub struct Sheet<'a> {
    pub problem: &'a Problem,
    pub lang: &'a Lang,
    /// The statement in Markdown, and the file it was read from (for
    /// errors).
    pub markdown: &'a str,
    pub source: &'a Path,
    pub samples: &'a [Sample],
}

impl Sample {
    /// The sample tests among `tests`, read from their files.
    pub fn of(tests: &[Test]) -> Result<Vec<Sample>> {
        let read = |path: &Path| {
            std::fs::read(path)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .with_context(|| format!("cannot read the sample {}", path.display()))
        };
        tests
            .iter()
            .filter(|t| t.sample)
            .map(|t| {
                let interaction = crate::model::results::interaction_of(&t.answer);
                if interaction.is_file() {
                    return Ok(Sample::Interaction(read(&interaction)?));
                }
                Ok(Sample::Files {
                    input: read(&t.input)?,
                    output: read(&t.answer)?,
                })
            })
            .collect()
    }
}

/// A problem's statement in one language, read, with its built tests'
/// samples: what a page needs.
pub struct Source {
    pub lang: Lang,
    pub path: PathBuf,
    pub markdown: String,
    pub samples: Vec<Sample>,
}

impl Source {
    /// Reads `problem`'s statement in `lang`; `tests` are its built tests.
    pub fn read(problem: &Problem, tests: &[Test], lang: Lang) -> Result<Source> {
        let path = problem.statement_file(&lang);
        let markdown = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read the statement {}", path.display()))?;
        Ok(Source {
            lang,
            path,
            markdown,
            samples: Sample::of(tests)?,
        })
    }

    /// The page of `problem` from this source.
    pub fn sheet<'a>(&'a self, problem: &'a Problem) -> Sheet<'a> {
        Sheet {
            problem,
            lang: &self.lang,
            markdown: &self.markdown,
            source: &self.path,
            samples: &self.samples,
        }
    }
}

/// Checks `problem`'s statements against its built `tests`: each renders
/// (every formula parses), and the samples written in one are the sample
/// tests, inputs and the reference's answers, in order. An interactive
/// problem's sample is its play, which the page shows: its statement
/// writes none. A problem without a statement (an imported one keeps its
/// package's) has nothing to check.
pub fn check(problem: &Problem, tests: &[Test]) -> Result<()> {
    for lang in Lang::KIT {
        let path = problem.statement_file(&lang);
        if !path.is_file() {
            continue;
        }
        let source = Source::read(problem, tests, lang)?;
        page(&source.sheet(problem))?;
        let written = written_samples(&source.markdown);
        let line = |i: usize| format!("{}:{}", path.display(), written[i].0);
        if problem.interactive {
            if !written.is_empty() {
                bail!(
                    "{}: a sample written in the statement of an interactive problem: its \
                     sample is the reference's play, which the page shows",
                    line(0)
                );
            }
            continue;
        }
        if written.is_empty() {
            continue;
        }
        let samples: Vec<&Test> = tests.iter().filter(|t| t.sample).collect();
        if written.len() != 2 * samples.len() {
            bail!(
                "{}: {} code blocks in the sample section; the problem has {} sample tests, \
                 an input and an output each",
                line(0),
                written.len(),
                samples.len()
            );
        }
        for (k, test) in samples.iter().enumerate() {
            for (i, (file, what)) in [(&test.input, "input"), (&test.answer, "output")]
                .into_iter()
                .enumerate()
            {
                let block = 2 * k + i;
                let expected = std::fs::read_to_string(file)
                    .with_context(|| format!("cannot read the sample {}", file.display()))?;
                if written[block].1 != expected {
                    bail!(
                        "{}: sample {}'s {what} is not the sample test's ({}{}):\n{}",
                        line(block),
                        k + 1,
                        file.display(),
                        match what {
                            "output" => ", the reference's answer",
                            _ => "",
                        },
                        first_difference(&written[block].1, &expected)
                    );
                }
            }
        }
    }
    Ok(())
}

/// The code blocks of the statement's sample section, with the line each
/// starts on.
fn written_samples(markdown: &str) -> Vec<(usize, String)> {
    let line_of = |offset: usize| markdown[..offset].matches('\n').count() + 1;
    let mut blocks = Vec::new();
    let mut section = Section::Other;
    let mut current: Option<(usize, String)> = None;
    let events: Vec<(Event, std::ops::Range<usize>)> =
        Parser::new_ext(markdown, Options::ENABLE_MATH)
            .into_offset_iter()
            .collect();
    for (i, (event, range)) in events.iter().enumerate() {
        match event {
            Event::Start(Tag::Heading { .. }) => {
                let text = plain_text(&events[i + 1..heading_end(&events, i)]);
                section = match SAMPLES.contains(&text.trim()) {
                    true => Section::Samples,
                    false => Section::Other,
                };
            }
            Event::Start(Tag::CodeBlock(_)) if section == Section::Samples => {
                current = Some((line_of(range.start), String::new()));
            }
            Event::Text(text) => {
                if let Some((_, block)) = &mut current {
                    block.push_str(text);
                }
            }
            Event::End(TagEnd::CodeBlock) => blocks.extend(current.take()),
            _ => {}
        }
    }
    blocks
}

/// The first line where `written` and `expected` differ, both ways.
fn first_difference(written: &str, expected: &str) -> String {
    let (mut a, mut b) = (written.lines(), expected.lines());
    for n in 1.. {
        match (a.next(), b.next()) {
            (x, y) if x == y && x.is_some() => continue,
            (None, None) => return "they differ in white space at the end".to_string(),
            (x, y) => {
                return format!(
                    "line {n}: written `{}`, the test has `{}`",
                    x.unwrap_or("(nothing)"),
                    y.unwrap_or("(nothing)")
                );
            }
        }
    }
    unreachable!()
}

/// Escapes text for HTML.
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

/// A standalone page of one problem.
pub fn page(sheet: &Sheet) -> Result<String> {
    let title = sheet.problem.title_in(sheet.lang);
    let body = article(sheet, None)?;
    Ok(document(sheet.lang, title, &body))
}

/// A contest booklet: a title page listing the problems, then each
/// problem from a new page, lettered A, B, ...
pub fn booklet(lang: &Lang, title: &str, sheets: &[Sheet]) -> Result<String> {
    let w = words(lang);
    let mut body = format!(
        "<section class=\"cover\">\n<h1>{}</h1>\n<h2>{}</h2>\n<ol class=\"contents\">\n",
        escape(title),
        w.problems
    );
    for (i, sheet) in sheets.iter().enumerate() {
        let _ = writeln!(
            body,
            "<li><span class=\"letter\">{}</span> {}</li>",
            letter(i),
            escape(sheet.problem.title_in(sheet.lang))
        );
    }
    body.push_str("</ol>\n</section>\n");
    for (i, sheet) in sheets.iter().enumerate() {
        body.push_str(&article(sheet, Some(i))?);
    }
    Ok(document(lang, title, &body))
}

/// The letter of the `i`-th problem of a contest (A, ..., Z, AA, ...).
fn letter(i: usize) -> String {
    let mut n = i + 1;
    let mut out = Vec::new();
    while n > 0 {
        n -= 1;
        out.push(b'A' + (n % 26) as u8);
        n /= 26;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

/// The whole HTML document around `body`.
fn document(lang: &Lang, title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n{body}</body>\n</html>\n",
        lang.code(),
        escape(title)
    )
}

/// One problem as an `<article>`: the header, then the statement.
fn article(sheet: &Sheet, index: Option<usize>) -> Result<String> {
    let w = words(sheet.lang);
    let p = sheet.problem;
    let mut out = format!("<article class=\"problem\" id=\"{}\">\n", escape(&p.name));
    out.push_str("<header>\n<h1>");
    if let Some(i) = index {
        let _ = write!(out, "{} {}. ", w.problem, letter(i));
    }
    out.push_str(&escape(p.title_in(sheet.lang)));
    out.push_str("</h1>\n<dl class=\"limits\">\n");
    let memory = format!("{} MiB", p.limits.memory_bytes >> 20);
    let time = (w.seconds)(p.limits.time.as_secs_f64());
    // An interactive problem's input and output are the dialogue; a
    // problem of files names them, as Polygon's and NOI's statements do.
    let (input, output) = match p.interactive {
        true => (w.interaction, w.interaction),
        false => (
            p.files.input.as_deref().unwrap_or(w.standard_input),
            p.files.output.as_deref().unwrap_or(w.standard_output),
        ),
    };
    for (term, value) in [
        (w.time_limit, time.as_str()),
        (w.memory_limit, memory.as_str()),
        (w.input, input),
        (w.output, output),
    ] {
        let _ = writeln!(out, "<dt>{term}</dt><dd>{}</dd>", escape(value));
    }
    out.push_str("</dl>\n");
    if !p.groups.is_empty() {
        let _ = writeln!(
            out,
            "<table class=\"groups\">\n<tr><th>{}</th><th>{}</th></tr>",
            w.group, w.points
        );
        for g in &p.groups {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td>{}</td></tr>",
                escape(&g.name),
                g.points
            );
        }
        out.push_str("</table>\n");
    }
    out.push_str("</header>\n");
    let imported = sheet.source.starts_with(p.dir.join("package"));
    out.push_str(&body(
        sheet.markdown,
        sheet.source,
        sheet.lang,
        sheet.samples,
        imported,
    )?);
    out.push_str("</article>\n");
    Ok(out)
}

/// The sample tests as boxes side by side; a sample interaction as a
/// table, the jury's lines on the left and the solution's on the right, in
/// the order they were sent.
fn sample_boxes(lang: &Lang, samples: &[Sample]) -> String {
    let w = words(lang);
    let mut out = String::new();
    for (i, s) in samples.iter().enumerate() {
        let n = i + 1;
        let number = if samples.len() > 1 {
            format!(" {n}")
        } else {
            String::new()
        };
        match s {
            Sample::Files { input, output } => {
                let _ = write!(
                    out,
                    "<div class=\"sample\" id=\"sample-{n}\">\n\
                     <div class=\"box\"><div class=\"label\">{}{number}</div><pre class=\"sample-input\">{}</pre></div>\n\
                     <div class=\"box\"><div class=\"label\">{}{number}</div><pre class=\"sample-output\">{}</pre></div>\n\
                     </div>\n",
                    w.input,
                    escape(input),
                    w.output,
                    escape(output),
                );
            }
            Sample::Interaction(dialogue) => {
                let _ = write!(
                    out,
                    "<table class=\"interaction\" id=\"sample-{n}\">\n\
                     <tr><th>{}{number}</th><th>{}</th></tr>\n",
                    w.jury, w.you
                );
                for line in dialogue.lines() {
                    let (jury, text) = match line.split_at_checked(1) {
                        Some(("<", text)) => (true, text),
                        Some((_, text)) => (false, text),
                        None => (false, ""),
                    };
                    let cell = format!("<td><pre>{}</pre></td>", escape(text));
                    let (left, right) = match jury {
                        true => (cell.as_str(), "<td></td>"),
                        false => ("<td></td>", cell.as_str()),
                    };
                    let _ = writeln!(out, "<tr>{left}{right}</tr>");
                }
                out.push_str("</table>\n");
            }
        }
    }
    out
}

/// Where the statement's events go, section by section.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    /// The title (shown in the header instead).
    Title,
    /// The limits (shown in the header instead).
    Limits,
    /// The samples: code blocks and their labels give way to the boxes.
    Samples,
    Other,
}

/// The units of siunitx (`\SI{3}{\cm}`) that packages' statements use
/// most, as math.
const SIUNITX: [(&str, &str); 13] = [
    ("SI", r"#1\,\mathrm{#2}"),
    ("si", r"\mathrm{#1}"),
    ("num", "#1"),
    ("mm", r"\text{mm}"),
    ("cm", r"\text{cm}"),
    ("km", r"\text{km}"),
    ("metre", r"\text{m}"),
    ("meter", r"\text{m}"),
    ("kg", r"\text{kg}"),
    ("gram", r"\text{g}"),
    ("second", r"\text{s}"),
    ("ms", r"\text{ms}"),
    ("percent", r"\%"),
];

/// How formulas are read: a kit's statement's strictly (a command the kit
/// does not know is an error its author mends); an imported package's as
/// its LaTeX meant them where the kit can (siunitx's units), a command
/// still unknown shown in red rather than stopping the page.
fn math_config(imported: bool) -> MathCoreConfig {
    match imported {
        false => MathCoreConfig::default(),
        true => MathCoreConfig {
            macros: (SIUNITX.iter())
                .map(|(name, body)| (name.to_string(), body.to_string()))
                .collect(),
            ignore_unknown_commands: true,
            ..MathCoreConfig::default()
        },
    }
}

/// The statement's Markdown as HTML, with the changes above.
fn body(
    markdown: &str,
    source: &Path,
    lang: &Lang,
    samples: &[Sample],
    imported: bool,
) -> Result<String> {
    let options = Options::ENABLE_MATH | Options::ENABLE_TABLES;
    let events: Vec<(Event, std::ops::Range<usize>)> = Parser::new_ext(markdown, options)
        .into_offset_iter()
        .collect();
    let math = LatexToMathML::new(math_config(imported))
        .map_err(|(e, _, _)| anyhow!("the MathML converter: {e}"))?;
    let mut kept: Vec<Event> = Vec::new();
    let mut in_code = false;
    let mut section = Section::Other;
    let mut boxes_shown = false;
    let mut i = 0;
    while i < events.len() {
        let (event, range) = &events[i];
        if let Event::Start(Tag::Heading { level, .. }) = event {
            let end = heading_end(&events, i);
            let text = plain_text(&events[i + 1..end]);
            section = match level {
                HeadingLevel::H1 => Section::Title,
                _ if LIMITS.contains(&text.trim()) => Section::Limits,
                _ if SAMPLES.contains(&text.trim()) => Section::Samples,
                _ => Section::Other,
            };
            if matches!(section, Section::Title | Section::Limits) {
                i = end + 1;
                continue;
            }
            kept.extend(events[i..=end].iter().map(|(e, _)| e.clone()));
            if section == Section::Samples && !boxes_shown {
                kept.push(Event::Html(sample_boxes(lang, samples).into()));
                boxes_shown = true;
            }
            i = end + 1;
            continue;
        }
        if section == Section::Limits {
            i += 1;
            continue;
        }
        if section == Section::Samples
            && let Some(end) = written_sample_end(&events, i)
        {
            i = end + 1;
            continue;
        }
        // A line break inside Chinese text is no space: Markdown sources
        // wrap lines, but CJK writing puts no space between words.
        if matches!(event, Event::SoftBreak) && joins_cjk(kept.last(), events.get(i + 1)) {
            i += 1;
            continue;
        }
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_code = true,
            Event::End(TagEnd::CodeBlock) => in_code = false,
            _ => {}
        }
        let at = Place {
            markdown,
            source,
            range: range.clone(),
        };
        kept.push(shown(event, &at, in_code, &math)?);
        i += 1;
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, kept.into_iter());
    if !boxes_shown && !samples.is_empty() {
        let _ = writeln!(html, "<h2>{}</h2>", words(lang).sample);
        html.push_str(&sample_boxes(lang, samples));
    }
    Ok(html)
}

/// Where the written sample at event `i` of the samples section ends, if
/// it is one (a code block, or its `Input:` label): it gives way to the
/// sample tests.
fn written_sample_end(events: &[(Event, std::ops::Range<usize>)], i: usize) -> Option<usize> {
    match &events[i].0 {
        Event::Start(Tag::CodeBlock(_)) => Some(block_end(events, i)),
        Event::Start(Tag::Paragraph) => {
            let end = block_end(events, i);
            let text = plain_text(&events[i + 1..end]);
            let label = text.trim().trim_end_matches([':', '：']).trim();
            SAMPLE_LABELS.contains(&label).then_some(end)
        }
        _ => None,
    }
}

/// Where an event is in its statement.
struct Place<'a> {
    markdown: &'a str,
    source: &'a Path,
    range: std::ops::Range<usize>,
}

impl Place<'_> {
    fn line(&self) -> usize {
        self.markdown[..self.range.start].matches('\n').count() + 1
    }
}

/// `event` as the page shows it: a formula as MathML. A formula
/// pulldown-cmark could not read stays text, `$` and all (its braces must
/// balance): an error, not raw TeX on the page.
fn shown<'e>(
    event: &Event<'e>,
    at: &Place,
    in_code: bool,
    math: &LatexToMathML,
) -> Result<Event<'e>> {
    let (source, line) = (at.source.display(), at.line());
    if let Event::Text(_) = event
        && !in_code
        && unescaped_dollar(at.markdown, at.range.clone())
    {
        return Err(anyhow!(
            "{source}:{line}: `{}` holds a `$` that opens no formula (are its braces \
             balanced?); write `\\$` for a dollar sign",
            at.markdown[at.range.clone()].trim()
        ));
    }
    let (tex, display) = match event {
        Event::InlineMath(tex) => (tex, MathDisplay::Inline),
        Event::DisplayMath(tex) => (tex, MathDisplay::Block),
        _ => return Ok(event.clone()),
    };
    let mathml = math.convert_with_local_counter(tex, display).map_err(|e| {
        anyhow!("{source}:{line}: the formula `{tex}` is not LaTeX math the kit can render: {e}")
    })?;
    Ok(Event::InlineHtml(CowStr::from(mathml)))
}

/// Whether the Markdown `markdown[range]` has a `$` not escaped with a
/// backslash (which may come just before the range).
fn unescaped_dollar(markdown: &str, range: std::ops::Range<usize>) -> bool {
    let bytes = markdown.as_bytes();
    (range.start..range.end.min(bytes.len()))
        .filter(|&at| bytes[at] == b'$')
        .any(|at| {
            let backslashes = bytes[..at]
                .iter()
                .rev()
                .take_while(|&&b| b == b'\\')
                .count();
            backslashes % 2 == 0
        })
}

/// Whether a line break between `before` and `after` falls between two
/// CJK characters.
fn joins_cjk(before: Option<&Event>, after: Option<&(Event, std::ops::Range<usize>)>) -> bool {
    let last = match before {
        Some(Event::Text(t)) => t.chars().last(),
        _ => None,
    };
    let first = match after {
        Some((Event::Text(t), _)) => t.chars().next(),
        _ => None,
    };
    matches!((last, first), (Some(a), Some(b)) if is_cjk(a) && is_cjk(b))
}

/// CJK ideographs and the fullwidth punctuation written between them.
fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3000..=0x303F | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0xFF00..=0xFFEF)
}

/// The index of the event that ends the heading starting at `start`.
fn heading_end(events: &[(Event, std::ops::Range<usize>)], start: usize) -> usize {
    (start..events.len())
        .find(|&j| matches!(events[j].0, Event::End(TagEnd::Heading(_))))
        .unwrap_or(events.len() - 1)
}

/// The index of the event that ends the block starting at `start` (nested
/// blocks of the same kind counted).
fn block_end(events: &[(Event, std::ops::Range<usize>)], start: usize) -> usize {
    let mut depth = 0usize;
    for (j, (event, _)) in events.iter().enumerate().skip(start) {
        match event {
            Event::Start(_) => depth += 1,
            Event::End(_) => {
                depth -= 1;
                if depth == 0 {
                    return j;
                }
            }
            _ => {}
        }
    }
    events.len() - 1
}

/// The text of some events, without markup.
fn plain_text(events: &[(Event, std::ops::Range<usize>)]) -> String {
    events
        .iter()
        .filter_map(|(e, _)| match e {
            Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
            _ => None,
        })
        .collect()
}

/// The page's style: A4 when printed, each problem of a booklet from a new
/// page, samples side by side; CJK fonts for the Chinese statements.
const STYLE: &str = r#"@page { size: A4; margin: 18mm 16mm; }
:root { color: #111; background: #fff; }
body { font-family: "Noto Serif", "Noto Serif CJK SC", "Noto Sans CJK SC", "Source Han Serif SC", serif;
       font-size: 11pt; line-height: 1.45; max-width: 50em; margin: 1.5em auto; padding: 0 1em; }
h1 { font-size: 1.6em; text-align: center; margin: 0 0 .3em; }
h2 { font-size: 1.15em; margin: 1.2em 0 .4em; border-bottom: 1px solid #ccc; }
header { text-align: center; margin-bottom: 1.2em; }
dl.limits { display: inline-grid; grid-template-columns: auto auto; gap: .1em 1em; margin: .3em 0; text-align: left; }
dl.limits dt { font-weight: bold; }
dl.limits dd { margin: 0; }
table { border-collapse: collapse; margin: .5em auto; }
th, td { border: 1px solid #999; padding: .2em .6em; }
table.groups { margin-top: .6em; }
code, pre { font-family: "Noto Sans Mono", "DejaVu Sans Mono", "Noto Sans Mono CJK SC", monospace; font-size: .95em; }
pre { margin: 0; white-space: pre-wrap; }
.sample { display: grid; grid-template-columns: 1fr 1fr; gap: .8em; margin: .6em 0; break-inside: avoid; }
.sample .box { border: 1px solid #888; }
.sample .label { font-weight: bold; background: #eee; border-bottom: 1px solid #888; padding: .15em .5em; }
.sample pre { padding: .4em .5em; }
table.interaction { border-collapse: collapse; margin: .6em 0; min-width: 60%; break-inside: avoid; }
table.interaction th { background: #eee; text-align: left; }
table.interaction th, table.interaction td { border: 1px solid #888; padding: 0 .5em; width: 50%; }
table.interaction pre { margin: 0; }
math[display="block"] { margin: .5em 0; }
article + article, .cover + article { break-before: page; }
.cover { text-align: center; padding-top: 25vh; }
.cover ol { list-style: none; padding: 0; font-size: 1.2em; }
.cover .letter { font-weight: bold; margin-right: .5em; }
@media print { body { max-width: none; margin: 0; padding: 0; } }
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_go_on_after_z() {
        let got: Vec<String> = [0, 1, 25, 26, 27, 51, 52].map(letter).to_vec();
        assert_eq!(got, ["A", "B", "Z", "AA", "AB", "AZ", "BA"]);
    }

    const STATEMENT: &str = "# Title\n\nTake $1 \\le x \\le 10^{18}$ stones <b>.\n\n\
        ## Limits\n\nTime: 1 second.\n\n## Sample\n\nInput:\n\n```\n1\n```\n\n\
        Output:\n\n```\nFirst\n```\n\nThe first player wins.\n\n$$a \\oplus b$$\n";

    fn render(markdown: &str, samples: &[Sample]) -> Result<String> {
        body(
            markdown,
            Path::new("statement.en.md"),
            &Lang::EN,
            samples,
            false,
        )
    }

    /// An imported package's formulas may use siunitx's units, and
    /// commands the kit does not know: shown, where a kit's statement with
    /// them is refused.
    #[test]
    fn an_imported_statement_shows_units_and_unknown_commands() {
        let markdown = "# T\n\nEach socket is $\\SI{3}{\\cm}$ wide, $\\foo{x}$.\n";
        let at = Path::new("statement.en.md");
        let html = body(markdown, at, &Lang::EN, &[], true).unwrap();
        assert!(
            html.contains("<mn>3</mn>") && html.contains(">cm<"),
            "{html}"
        );
        assert!(html.contains("\\foo</mtext>"), "{html}");
        assert!(body(markdown, at, &Lang::EN, &[], false).is_err());
    }

    #[test]
    fn the_title_and_limits_go_and_the_samples_come_from_the_tests() {
        let samples = [Sample::Files {
            input: "2\n1 <2\n".into(),
            output: "Second\n".into(),
        }];
        let html = render(STATEMENT, &samples).unwrap();
        assert!(!html.contains("<h1>"), "{html}");
        assert!(!html.contains("Time: 1 second"), "{html}");
        assert!(
            !html.contains("Input:") && !html.contains("First"),
            "{html}"
        );
        assert!(
            html.contains("<pre class=\"sample-input\">2\n1 &lt;2\n</pre>"),
            "{html}"
        );
        assert!(
            html.contains("<pre class=\"sample-output\">Second\n</pre>"),
            "{html}"
        );
        assert!(html.contains("The first player wins."), "{html}");
        // Raw HTML in the Markdown stays as written, as Markdown allows.
        assert!(html.contains("<b>"), "{html}");
    }

    #[test]
    fn a_sample_interaction_is_a_table_of_both_sides() {
        let samples = [Sample::Interaction("<1\n<5 1\n>First\n>1 <4\n".into())];
        let html = render(STATEMENT, &samples).unwrap();
        assert!(!html.contains("Input:"), "{html}");
        assert!(
            html.contains("<tr><td><pre>5 1</pre></td><td></td></tr>\n"),
            "{html}"
        );
        assert!(
            html.contains("<tr><td></td><td><pre>1 &lt;4</pre></td></tr>\n"),
            "{html}"
        );
        assert!(html.contains("<th>Jury</th><th>You</th>"), "{html}");
    }

    #[test]
    fn math_becomes_mathml() {
        let html = render(STATEMENT, &[]).unwrap();
        assert!(html.contains("<math><mn>1</mn><mo>≤</mo>"), "{html}");
        assert!(
            html.contains("<msup><mn>10</mn><mn>18</mn></msup>"),
            "{html}"
        );
        assert!(html.contains("<math display=\"block\">"), "{html}");
        assert!(html.contains("⊕"), "{html}");
    }

    #[test]
    fn a_statement_without_a_sample_section_gets_one() {
        let samples = [Sample::Files {
            input: "1\n".into(),
            output: "2\n".into(),
        }];
        let html = render("# T\n\nText.\n", &samples).unwrap();
        assert!(html.ends_with("</div>\n"), "{html}");
        assert!(html.contains("<h2>Sample</h2>"), "{html}");
    }

    #[test]
    fn bad_math_names_the_file_and_line() {
        let err = render("# T\n\nOne.\n\nTwo $\\frac{1}$.\n", &[]).unwrap_err();
        let message = err.to_string();
        assert!(
            message.starts_with("statement.en.md:5: the formula `\\frac{1}`"),
            "{message}"
        );
    }

    #[test]
    fn chinese_lines_join_without_a_space() {
        let html = render("以下\n两种，and\nmore\n", &[]).unwrap();
        assert!(html.contains("以下两种，and\nmore"), "{html}");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;"
        );
    }

    #[test]
    fn a_formula_that_does_not_parse_is_an_error_at_its_line() {
        for markdown in [
            "x\n\nsee $a_{1$ here\n",
            "x\n\n$$\\frac{1}{2$$\n",
            "x\n\n$a}$\n",
        ] {
            let error = render(markdown, &[]).unwrap_err().to_string();
            assert!(
                error.starts_with("statement.en.md:3: `"),
                "{markdown:?}: {error}"
            );
            assert!(error.contains("opens no formula"), "{error}");
        }
        // A dollar sign written `\$`, and one in code, are text.
        let html = render("costs \\$5 and `$x`\n\n```\n$ run\n```\n", &[]).unwrap();
        assert!(html.contains("costs $5"), "{html}");
        // Balanced formulas render.
        assert!(
            render("$a_{1}$ and $$b^{2}$$\n", &[])
                .unwrap()
                .contains("<math")
        );
    }
}
