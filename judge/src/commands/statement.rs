//! `judge statement [PROBLEM] [--lang en|zh] [--pdf] [--out PATH]`: a
//! problem's statement as a standalone page, or every problem as a contest
//! booklet, in HTML or printed to PDF.

use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::base::fsutil;
use crate::cli::StatementArgs;
use crate::core::browser::Browser;
use crate::core::jury::Jury;
use crate::core::testset;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::problem::Problem;
use crate::model::results::report::{Report, StatementReport};
use crate::model::verdict::Verdict;
use crate::service::package_statements::{self, Page};
use crate::service::statement;

pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &StatementArgs) -> Result<bool> {
    // The browser is looked for first: a missing one is known before any
    // work is done.
    let browser = if args.pdf {
        Some(Browser::find()?)
    } else {
        None
    };
    let names: Vec<String> = args.problem.iter().cloned().collect();
    let building = kit.lock_builds(events)?;
    let problems = jury.prepare(kit, &names, false, events)?;
    // The samples are the built sample tests and the reference's answers.
    let mut pages = Vec::new();
    for problem in &problems {
        let tests = testset::build(kit, jury, problem, events)?.0;
        pages.push(package_statements::page(problem, &tests, &args.lang)?);
    }
    drop(building);
    let ext = if args.pdf { "pdf" } else { "html" };
    let out = match &args.out {
        Some(path) => path.clone(),
        None => {
            let stem = args.problem.as_deref().unwrap_or("contest");
            kit.work_dir()
                .join("statements")
                .join(format!("{stem}.{}.{ext}", args.lang.code()))
        }
    };
    let bytes = bytes(args, &problems, pages, browser.as_ref())?;
    write(&out, &bytes)?;
    let report = Report::Statement(StatementReport {
        verdict: Verdict::Ac,
        problems: problems.iter().map(|p| p.name.clone()).collect(),
        lang: args.lang.to_string(),
        format: ext,
        out: std::path::absolute(&out)?.display().to_string(),
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(true)
}

/// The page's bytes: the problem's page (or the booklet of every
/// problem's), printed when `browser` is given; an imported problem's own
/// page or PDF as its package has it.
fn bytes(
    args: &StatementArgs,
    problems: &[Problem],
    pages: Vec<Page>,
    browser: Option<&Browser>,
) -> Result<Vec<u8>> {
    let mut sources = Vec::new();
    for (page, problem) in pages.into_iter().zip(problems) {
        let (what, alone) = match &page {
            Page::Source(_) => ("", true),
            Page::Html(_) => ("a page (HTML)", args.problem.is_some()),
            Page::Pdf(_) => ("a PDF", args.problem.is_some() && browser.is_some()),
        };
        if !alone {
            bail!(
                "{}: its package has its statement in `{}` as {what} only, which the kit shows \
                 as it is: ask for that problem alone{}",
                problem.name,
                args.lang.code(),
                if let Page::Pdf(_) = page {
                    ", with --pdf"
                } else {
                    ""
                }
            );
        }
        match (page, browser) {
            (Page::Source(source), _) => sources.push(source),
            (Page::Html(html), Some(browser)) => return browser.print(&html),
            (Page::Html(html), None) => return Ok(html.into_bytes()),
            (Page::Pdf(pdf), _) => {
                return Ok(std::fs::read(&pdf).map_err(|e| fsutil::naming(&pdf, e))?);
            }
        }
    }
    let sheets: Vec<_> = (sources.iter().zip(problems))
        .map(|(s, p)| s.sheet(p))
        .collect();
    let html = match (&args.problem, sheets.as_slice()) {
        (Some(_), [sheet]) => statement::page(sheet)?,
        _ => statement::booklet(&args.lang, crate::model::kit::SOURCE, &sheets)?,
    };
    match browser {
        Some(browser) => browser.print(&html),
        None => Ok(html.into_bytes()),
    }
}

/// Writes the page in one step, creating its folder.
fn write(out: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        fsutil::create_dir_all(dir)?;
    }
    fsutil::publish(out, bytes).with_context(|| format!("cannot write {}", out.display()))
}
