//! Statements in LaTeX, for the judges and tools that read only LaTeX
//! (BAPCtools, Kattis's problem2pdf): the kit's Markdown statements, read
//! with `pulldown-cmark`, written in the subset of LaTeX their problem
//! class knows. The title becomes `\problemname{...}`; `## Input` a
//! section; `$...$` stays math; code blocks become verbatim.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// Escapes text for LaTeX.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            _ => out.push(c),
        }
    }
    out
}

/// The statement `markdown` as a LaTeX problem statement.
pub fn statement(markdown: &str) -> String {
    let options = Options::ENABLE_MATH | Options::ENABLE_TABLES;
    let mut out = String::new();
    // Inside the title, a table cell, or a code block: where text goes.
    let mut title: Option<String> = None;
    let mut in_code = false;
    let mut table_head = false;
    let mut cell = 0;
    for event in Parser::new_ext(markdown, options) {
        if let Some(t) = title.as_mut() {
            match event {
                Event::End(TagEnd::Heading(_)) => {
                    out.push_str(&format!(
                        "\\problemname{{{}}}\n\n",
                        title.take().unwrap_or_default()
                    ));
                }
                Event::Text(text) | Event::Code(text) => t.push_str(&escape(&text)),
                Event::InlineMath(math) => t.push_str(&format!("${math}$")),
                _ => {}
            }
            continue;
        }
        match event {
            Event::Start(Tag::Heading { level, .. }) => match level {
                HeadingLevel::H1 => title = Some(String::new()),
                HeadingLevel::H2 => out.push_str("\\section*{"),
                _ => out.push_str("\\subsection*{"),
            },
            Event::End(TagEnd::Heading(_)) => out.push_str("}\n\n"),
            Event::Start(Tag::Paragraph) => {}
            Event::End(TagEnd::Paragraph) => out.push_str("\n\n"),
            Event::Start(Tag::CodeBlock(_)) => {
                in_code = true;
                out.push_str("\\begin{verbatim}\n");
            }
            Event::End(TagEnd::CodeBlock) => {
                in_code = false;
                out.push_str("\\end{verbatim}\n\n");
            }
            Event::Start(Tag::List(Some(_))) => out.push_str("\\begin{enumerate}\n"),
            Event::Start(Tag::List(None)) => out.push_str("\\begin{itemize}\n"),
            Event::End(TagEnd::List(true)) => out.push_str("\\end{enumerate}\n\n"),
            Event::End(TagEnd::List(false)) => out.push_str("\\end{itemize}\n\n"),
            Event::Start(Tag::Item) => out.push_str("\\item "),
            Event::End(TagEnd::Item) => out.push('\n'),
            Event::Start(Tag::Emphasis) => out.push_str("\\emph{"),
            Event::Start(Tag::Strong) => out.push_str("\\textbf{"),
            Event::End(TagEnd::Emphasis | TagEnd::Strong) => out.push('}'),
            Event::Start(Tag::Table(alignments)) => {
                let columns = "l".repeat(alignments.len().max(1));
                out.push_str(&format!("\\begin{{tabular}}{{{columns}}}\n"));
            }
            Event::End(TagEnd::Table) => out.push_str("\\end{tabular}\n\n"),
            Event::Start(Tag::TableHead) => {
                table_head = true;
                cell = 0;
            }
            Event::End(TagEnd::TableHead) => {
                table_head = false;
                out.push_str(" \\\\\n\\hline\n");
            }
            Event::Start(Tag::TableRow) => cell = 0,
            Event::End(TagEnd::TableRow) => out.push_str(" \\\\\n"),
            Event::Start(Tag::TableCell) => {
                if cell > 0 {
                    out.push_str(" & ");
                }
                cell += 1;
                if table_head {
                    out.push_str("\\textbf{");
                }
            }
            Event::End(TagEnd::TableCell) if table_head => out.push('}'),
            Event::Text(text) if in_code => out.push_str(&text),
            Event::Text(text) => out.push_str(&escape(&text)),
            Event::Code(text) => out.push_str(&format!("\\texttt{{{}}}", escape(&text))),
            Event::InlineMath(math) => out.push_str(&format!("${math}$")),
            Event::DisplayMath(math) => out.push_str(&format!("\\[{math}\\]")),
            Event::SoftBreak => out.push('\n'),
            Event::HardBreak => out.push_str("\\\\\n"),
            Event::Rule => out.push_str("\\medskip\\hrule\\medskip\n\n"),
            // Links keep their text; the rest has no place in a statement.
            _ => {}
        }
    }
    format!("{}\n", out.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statement_becomes_latex() {
        let md = "# Bash: 100% Game\n\nTake $1 \\le x \\le m$ stones, `First` or _not_.\n\n## Input\n\n- one\n- two\n\n```\n3 2\n```\n\n| a | b |\n|---|---|\n| 1 | $x$ |\n";
        let tex = statement(md);
        assert!(
            tex.starts_with("\\problemname{Bash: 100\\% Game}\n"),
            "{tex}"
        );
        assert!(
            tex.contains("Take $1 \\le x \\le m$ stones, \\texttt{First} or \\emph{not}."),
            "{tex}"
        );
        assert!(tex.contains("\\section*{Input}"), "{tex}");
        assert!(
            tex.contains("\\begin{itemize}\n\\item one\n\\item two\n\\end{itemize}"),
            "{tex}"
        );
        assert!(
            tex.contains("\\begin{verbatim}\n3 2\n\\end{verbatim}"),
            "{tex}"
        );
        assert!(
            tex.contains(
                "\\begin{tabular}{ll}\n\\textbf{a} & \\textbf{b} \\\\\n\\hline\n1 & $x$ \\\\\n"
            ),
            "{tex}"
        );
    }
}
