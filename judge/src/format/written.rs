//! An imported problem's statements as its package wrote them: in which
//! language and in which form (Markdown, LaTeX, a page, a PDF), read by
//! each format from the package the problem keeps; and the LaTeX sections
//! Polygon splits a statement into (legend, input, output, ...), joined
//! into one document as problemtools writes it and split again.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// One statement of a package.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The language's code (`en`), as the package names it.
    pub lang: String,
    pub form: Form,
    /// Its file (the main one, for messages).
    pub path: PathBuf,
}

/// The form a statement is written in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Form {
    Markdown(String),
    /// A document as problemtools writes one: `\problemname{...}`, the
    /// legend, then `\section*{Input}` and the other sections.
    Latex(String),
    /// A page to show as it is (Polygon's `problem.html`).
    Html(String),
    /// A PDF, at [`Written::path`].
    Pdf,
}

impl Form {
    /// Its name, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Form::Markdown(_) => "Markdown",
            Form::Latex(_) => "LaTeX",
            Form::Html(_) => "HTML",
            Form::Pdf => "PDF",
        }
    }
}

/// What the first line of a statement the kit writes in a package that
/// wants one, where the problem has none in that language (its title and
/// where its statement is), says: an import of the package takes it for
/// no statement.
const STAND_IN: &str = "stands in for a statement the problem has not (judge package wrote it)";

/// A stand-in statement in LaTeX.
pub fn latex_stand_in(tex: &str) -> String {
    format!("% {STAND_IN}\n{tex}")
}

/// A stand-in statement in Markdown.
pub fn markdown_stand_in(markdown: &str) -> String {
    format!("<!-- {STAND_IN} -->\n{markdown}")
}

/// Whether `text` is a stand-in statement.
pub fn is_stand_in(text: &str) -> bool {
    text.lines()
        .next()
        .is_some_and(|line| line.contains(STAND_IN))
}

/// A file of the package read as text, with Windows line ends made `\n`.
pub fn text(path: &Path) -> Result<String> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let text = String::from_utf8(bytes)
        .with_context(|| format!("{}: expected UTF-8 text", path.display()))?;
    Ok(text.replace("\r\n", "\n"))
}

/// The sections of a statement, as Polygon names their files
/// (`legend.tex`, ...) and keys (`problem-properties.json`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    Legend,
    Input,
    Output,
    Interaction,
    Scoring,
    Notes,
}

impl Part {
    pub const ALL: [Part; 6] = [
        Part::Legend,
        Part::Input,
        Part::Output,
        Part::Interaction,
        Part::Scoring,
        Part::Notes,
    ];

    /// Its name in Polygon: `legend` (its file is `legend.tex`).
    pub fn key(self) -> &'static str {
        match self {
            Part::Legend => "legend",
            Part::Input => "input",
            Part::Output => "output",
            Part::Interaction => "interaction",
            Part::Scoring => "scoring",
            Part::Notes => "notes",
        }
    }

    /// Its heading in a statement in `lang` (none for the legend).
    fn heading(self, lang: &str) -> &'static str {
        let zh = lang == "zh";
        match self {
            Part::Legend => "",
            Part::Input if zh => "输入格式",
            Part::Input => "Input",
            Part::Output if zh => "输出格式",
            Part::Output => "Output",
            Part::Interaction if zh => "交互",
            Part::Interaction => "Interaction",
            Part::Scoring if zh => "子任务",
            Part::Scoring => "Scoring",
            Part::Notes if zh => "提示",
            Part::Notes => "Notes",
        }
    }

    /// The part a heading begins, `Some(None)` for one whose text the
    /// judge makes itself (the samples, the limits), `None` for a heading
    /// of no part (it stays inside the part before).
    fn of_heading(heading: &str) -> Option<Option<Part>> {
        let h = heading.trim().trim_end_matches([':', '：']).to_lowercase();
        let part = match h.as_str() {
            "input" | "input format" | "输入" | "输入格式" => Part::Input,
            "output" | "output format" | "输出" | "输出格式" => Part::Output,
            "interaction" | "interaction protocol" | "交互" | "交互格式" => Part::Interaction,
            "scoring" | "subtasks" | "grading" | "评分" | "子任务" | "数据范围" => {
                Part::Scoring
            }
            "notes" | "note" | "explanation" | "提示" | "说明" | "注释" | "样例解释" => {
                Part::Notes
            }
            "sample" | "samples" | "sample input" | "sample output" | "examples" | "example"
            | "样例" | "样例数据" | "limits" | "限制" => return Some(None),
            _ => return None,
        };
        Some(Some(part))
    }
}

/// A statement in sections: its name and each part's LaTeX.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sections {
    pub name: Option<String>,
    pub parts: Vec<(Part, String)>,
}

impl Sections {
    /// The one document problemtools reads, in `lang` (the headings').
    pub fn document(&self, lang: &str) -> String {
        let mut out = String::new();
        if let Some(name) = &self.name {
            out.push_str(&format!("\\problemname{{{}}}\n\n", name.trim()));
        }
        for part in Part::ALL {
            let Some((_, tex)) = self.parts.iter().find(|(p, _)| *p == part) else {
                continue;
            };
            if tex.trim().is_empty() {
                continue;
            }
            if part != Part::Legend {
                out.push_str(&format!("\\section*{{{}}}\n\n", part.heading(lang)));
            }
            out.push_str(tex.trim());
            out.push_str("\n\n");
        }
        format!("{}\n", out.trim_end())
    }

    /// A problemtools document in sections: the text before the first
    /// section is the legend; a section whose text the judge makes (the
    /// samples, the limits) is left out; one of no part stays, heading
    /// and all, in the part before it.
    pub fn of_document(tex: &str) -> Sections {
        let mut sections = Sections::default();
        let mut current: Option<Part> = Some(Part::Legend);
        let mut text = String::new();
        let mut rest = tex;
        let flush = |part: Option<Part>, text: &mut String, sections: &mut Sections| {
            if let Some(part) = part
                && !text.trim().is_empty()
            {
                match sections.parts.iter_mut().find(|(p, _)| *p == part) {
                    Some((_, t)) => t.push_str(&format!("\n\n{}", text.trim())),
                    None => sections.parts.push((part, text.trim().to_string())),
                }
            }
            text.clear();
        };
        while let Some((command, argument, before, after)) = next_heading(rest) {
            text.push_str(before);
            rest = after;
            if command == "problemname" {
                sections.name = Some(argument.to_string());
                continue;
            }
            match Part::of_heading(argument) {
                Some(part) => {
                    flush(current, &mut text, &mut sections);
                    current = part;
                }
                None => text.push_str(&format!("\\{command}*{{{argument}}}")),
            }
        }
        text.push_str(rest);
        flush(current, &mut text, &mut sections);
        sections
    }
}

/// The next `\problemname{...}`, `\section{...}` or `\section*{...}` (or
/// subsection) in `tex`: its command, its argument, the text before it and
/// after it.
fn next_heading(tex: &str) -> Option<(&str, &str, &str, &str)> {
    let mut from = 0;
    while let Some(at) = tex[from..].find('\\').map(|i| from + i) {
        from = at + 1;
        let rest = &tex[at + 1..];
        let Some(command) = ["problemname", "subsection", "section"]
            .into_iter()
            .find(|c| rest.starts_with(c))
        else {
            continue;
        };
        let after = rest[command.len()..].trim_start_matches('*').trim_start();
        let Some(body) = after.strip_prefix('{') else {
            continue;
        };
        // The argument ends at its closing brace (braces inside counted).
        let mut depth = 1;
        let end = body.char_indices().find_map(|(i, c)| {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            (depth == 0).then_some(i)
        })?;
        return Some((command, &body[..end], &tex[..at], &body[end + 1..]));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_make_a_document_and_come_back_from_it() {
        let sections = Sections {
            name: Some("Piles".into()),
            parts: vec![
                (Part::Legend, "Take $x_i$ stones.".into()),
                (Part::Input, "One line: $n$.".into()),
                (Part::Output, "\\texttt{First}.".into()),
                (Part::Notes, "The first player wins.".into()),
            ],
        };
        let tex = sections.document("en");
        assert!(
            tex.starts_with("\\problemname{Piles}\n\nTake $x_i$ stones.\n\n\\section*{Input}\n"),
            "{tex}"
        );
        assert_eq!(Sections::of_document(&tex), sections);
    }

    #[test]
    fn samples_and_limits_are_the_judges_and_other_headings_stay() {
        let tex = "\\problemname{A {b} c}\nLegend.\n\\section*{Input}\nIn.\n\\subsection*{Bounds}\n$n \\le 5$\n\\section*{Sample}\n\\begin{verbatim}\n1\n\\end{verbatim}\n\\section*{Notes}\nWhy.\n";
        let s = Sections::of_document(tex);
        assert_eq!(s.name.as_deref(), Some("A {b} c"));
        assert_eq!(
            s.parts,
            vec![
                (Part::Legend, "Legend.".to_string()),
                (
                    Part::Input,
                    "In.\n\\subsection*{Bounds}\n$n \\le 5$".to_string()
                ),
                (Part::Notes, "Why.".to_string()),
            ]
        );
    }
}
