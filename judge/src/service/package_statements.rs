//! An imported problem's own statements, in whatever form its package
//! wrote them: Markdown as the kit's statements are, LaTeX made Markdown by
//! pandoc (so that its page, formulas and all, is made as the kit's are),
//! Polygon's page shown as it is, a PDF copied. Only the languages the
//! package has: none is made up.

use std::path::PathBuf;

use anyhow::{Result, anyhow, bail};

use crate::core::pandoc::Pandoc;
use crate::format::Format;
use crate::format::written::{Form, Written};
use crate::model::lang::Lang;
use crate::model::problem::Problem;
use crate::model::results::Test;
use crate::service::statement::{Sample, Source};

/// Whether `problem` shows its package's statements: it is imported and
/// has none of the kit's (`statement.en.md`).
pub fn keeps_its_own(problem: &Problem) -> bool {
    problem.imported_from.is_some() && !problem.statement_file(&Lang::EN).exists()
}

/// The format `problem` was imported from.
pub fn origin(problem: &Problem) -> Result<Format> {
    let from = problem.imported_from.as_deref().unwrap_or_default();
    Format::named(from).ok_or_else(|| {
        anyhow!(
            "{}: `imported_from = \"{from}\"` is no format the kit knows",
            problem.config.path.display()
        )
    })
}

/// The statements of `problem`'s package, as written, by language.
pub fn written(problem: &Problem) -> Result<Vec<Written>> {
    origin(problem)?.statements(&problem.dir.join("package"))
}

/// A statement as the kit shows it.
#[derive(Clone, Debug)]
pub enum Shown {
    /// Markdown the kit renders; `latex`: the LaTeX it was made from, kept
    /// as LaTeX where a package takes LaTeX.
    Markdown {
        markdown: String,
        latex: Option<String>,
    },
    /// A page to show as it is.
    Html(String),
    /// A PDF to copy.
    Pdf,
}

/// One statement of a package, made ready to show.
pub struct Found {
    /// The language's code.
    pub lang: String,
    pub path: PathBuf,
    pub shown: Shown,
}

/// Turns written statements into shown ones, finding pandoc the first
/// time a LaTeX one needs it.
#[derive(Default)]
pub struct Converter {
    pandoc: Option<Pandoc>,
}

impl Converter {
    pub fn shown(&mut self, written: Written) -> Result<Found> {
        let shown = match written.form {
            Form::Markdown(markdown) => Shown::Markdown {
                markdown,
                latex: None,
            },
            Form::Latex(tex) => {
                let pandoc = match self.pandoc.take() {
                    Some(pandoc) => pandoc,
                    None => {
                        Pandoc::find(&format!("{}: a statement in LaTeX", written.path.display()))?
                    }
                };
                let markdown = pandoc.markdown(&tex, &written.path)?;
                self.pandoc = Some(pandoc);
                Shown::Markdown {
                    markdown,
                    latex: Some(tex),
                }
            }
            Form::Html(html) => Shown::Html(html),
            Form::Pdf => Shown::Pdf,
        };
        Ok(Found {
            lang: written.lang,
            path: written.path,
            shown,
        })
    }
}

/// What `judge statement` makes of a problem in one language.
pub enum Page {
    /// A statement in Markdown (the kit's, or made from its package's).
    Source(Source),
    /// A package's own page.
    Html(String),
    /// A package's own PDF.
    Pdf(PathBuf),
}

/// `problem`'s statement in `lang`: the kit's, else its package's, in the
/// form the package has it; an error naming the languages the package has
/// when it has not this one.
pub fn page(problem: &Problem, tests: &[Test], lang: &Lang) -> Result<Page> {
    if !keeps_its_own(problem) {
        return Ok(Page::Source(Source::read(problem, tests, lang.clone())?));
    }
    let all = written(problem)?;
    let languages: Vec<&str> = all.iter().map(|w| w.lang.as_str()).collect();
    let Some(one) = all.iter().find(|w| w.lang == lang.code()).cloned() else {
        bail!(
            "{}: its package ({}) has no statement in `{}`; it has {}",
            problem.name,
            problem.dir.join("package").display(),
            lang.code(),
            match languages.is_empty() {
                true => "none".to_string(),
                false => format!("`{}`", languages.join("`, `")),
            }
        );
    };
    let found = Converter::default().shown(one)?;
    Ok(match found.shown {
        Shown::Markdown { markdown, .. } => Page::Source(Source {
            lang: lang.clone(),
            path: found.path,
            markdown,
            samples: Sample::of(tests)?,
        }),
        Shown::Html(html) => Page::Html(html),
        Shown::Pdf => Page::Pdf(found.path),
    })
}
