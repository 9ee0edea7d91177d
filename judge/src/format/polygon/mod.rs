//! Codeforces Polygon's full package: `problem.xml` names everything (the
//! testset and its groups, the checker, validators and interactor, the
//! solutions by tag, the statements), the files beside it. [`files`] holds
//! the types of its files, [`read`] makes a kit problem of a package,
//! [`write`] a package of a kit problem.

pub mod files;
pub mod read;
pub mod write;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::format::written::{self, Form, Part, Sections, Written};
use crate::format::{Package, xml};
use crate::model::lang;

/// Where a package keeps its statements.
pub const STATEMENTS: &[&str] = &["statements/"];

/// Whether `package` is a Polygon package: it has a `problem.xml`.
pub fn recognises(package: &Package) -> bool {
    package.has("problem.xml")
}

/// The problem's own name (`short-name`).
pub fn own_name(package: &Package) -> Result<Option<String>> {
    let root = xml::parse(&package.text("problem.xml")?, &package.shown("problem.xml"))?;
    Ok(root.attr("short-name").map(str::to_string))
}

/// The statements of the package in `dir`, each language's in the best
/// form it has: its LaTeX sections (`problem-properties.json`, else the
/// section files), else its `problem.tex`, else the page Polygon made
/// (`statements/.html/<language>/problem.html`), else its PDF.
pub fn statements(dir: &Path) -> Result<Vec<Written>> {
    let root = dir.join("statements");
    let mut languages = std::collections::BTreeSet::new();
    for folder in [root.clone(), root.join(".html"), root.join(".pdf")] {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if !name.starts_with('.') && entry.path().is_dir() {
                languages.insert(name);
            }
        }
    }
    let mut all = Vec::new();
    for language in languages {
        let (lang, source) = (lang::code_of(&language), root.join(&language));
        let html = root.join(".html").join(&language).join("problem.html");
        let pdf = root.join(".pdf").join(&language).join("problem.pdf");
        let (form, path) = if let Some((tex, path)) = sections(&source, &lang)? {
            (Form::Latex(tex), path)
        } else if source.join("problem.tex").is_file() {
            let path = source.join("problem.tex");
            (Form::Latex(olymp(&written::text(&path)?)), path)
        } else if html.is_file() {
            (Form::Html(written::text(&html)?), html)
        } else if pdf.is_file() {
            (Form::Pdf, pdf)
        } else {
            continue;
        };
        all.push(Written { lang, form, path });
    }
    Ok(all)
}

/// A language's sections as one document: from `problem-properties.json`,
/// else from the section files (`legend.tex`, ...); `None` without either.
fn sections(folder: &Path, lang: &str) -> Result<Option<(String, PathBuf)>> {
    let properties = folder.join("problem-properties.json");
    let mut sections = Sections::default();
    if properties.is_file() {
        let json: serde_json::Value = serde_json::from_str(&written::text(&properties)?)
            .with_context(|| format!("{}: expected JSON", properties.display()))?;
        let key = |k: &str| json.get(k).and_then(|v| v.as_str()).map(str::to_string);
        sections.name = key("name");
        for part in Part::ALL {
            if let Some(tex) = key(part.key()).filter(|t| !t.trim().is_empty()) {
                sections.parts.push((part, tex.replace("\r\n", "\n")));
            }
        }
        return Ok(Some((sections.document(lang), properties)));
    }
    let legend = folder.join("legend.tex");
    if !legend.is_file() {
        return Ok(None);
    }
    let name = folder.join("name.tex");
    if name.is_file() {
        sections.name = Some(written::text(&name)?.trim().to_string());
    }
    for part in Part::ALL {
        let file = folder.join(format!("{}.tex", part.key()));
        if file.is_file() {
            sections.parts.push((part, written::text(&file)?));
        }
    }
    Ok(Some((sections.document(lang), legend)))
}

/// Polygon's whole `problem.tex` (olymp.sty's `problem` environment, or
/// the kit's problemtools document) as a problemtools document: its
/// headings made sections, its examples left to the judge.
fn olymp(tex: &str) -> String {
    let mut out = String::new();
    // Inside the examples (`\Examples` with its `\exmp{...}{...}`, or an
    // `example` environment), up to the next heading.
    let mut in_example = false;
    for line in tex.lines() {
        let trimmed = line.trim();
        if let Some(args) = trimmed.strip_prefix("\\begin{problem}{") {
            let name = args.split('}').next().unwrap_or_default();
            out.push_str(&format!("\\problemname{{{name}}}\n"));
            continue;
        }
        let heading = match trimmed {
            "\\InputFile" => Some("\\section*{Input}"),
            "\\OutputFile" => Some("\\section*{Output}"),
            "\\Interaction" => Some("\\section*{Interaction}"),
            "\\Scoring" => Some("\\section*{Scoring}"),
            "\\Note" | "\\Notes" => Some("\\section*{Notes}"),
            "\\end{problem}" => Some(""),
            _ => None,
        };
        if trimmed.starts_with("\\Example") || trimmed.starts_with("\\begin{example") {
            in_example = true;
        } else if let Some(heading) = heading {
            in_example = false;
            out.push_str(heading);
            out.push('\n');
        } else if !in_example {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The points of each test of a group as the kit writes them: the group's
/// points shared out, the remainder on the first tests, so that they add
/// up exactly. Tests whose points differ from these keep points of their
/// own when read back.
pub fn shares(points: u32, tests: usize) -> Vec<u32> {
    let n = tests.max(1) as u32;
    (0..tests as u32)
        .map(|i| points / n + u32::from(i < points % n))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn points_are_shared_exactly() {
        assert_eq!(super::shares(30, 4), [8, 8, 7, 7]);
        assert_eq!(super::shares(70, 7).iter().sum::<u32>(), 70);
        assert_eq!(super::shares(5, 1), [5]);
    }
}
