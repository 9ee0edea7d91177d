//! `judge statement [PROBLEM] [--lang en|zh] [--pdf] [--out PATH]`: a
//! problem's statement as a standalone page, or every problem as a contest
//! booklet, in HTML or printed to PDF.

use std::path::Path;

use anyhow::{Context, Result};

use crate::base::fsutil;
use crate::cli::StatementArgs;
use crate::core::browser::Browser;
use crate::core::jury::Jury;
use crate::core::testset;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::results::report::{Report, StatementReport};
use crate::model::verdict::Verdict;
use crate::service::statement::{self, Source};

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
    let mut sources = Vec::new();
    for problem in &problems {
        let tests = testset::build(kit, jury, problem, events)?.0;
        sources.push(Source::read(problem, &tests, args.lang)?);
    }
    drop(building);
    let sheets: Vec<_> = (sources.iter().zip(&problems))
        .map(|(s, p)| s.sheet(p))
        .collect();
    let html = match (&args.problem, sheets.as_slice()) {
        (Some(_), [sheet]) => statement::page(sheet)?,
        _ => statement::booklet(args.lang, crate::model::kit::SOURCE, &sheets)?,
    };
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
    let bytes = match &browser {
        Some(browser) => browser.print(&html)?,
        None => html.into_bytes(),
    };
    write(&out, &bytes)?;
    let report = Report::Statement(StatementReport {
        verdict: Verdict::Ac,
        problems: problems.iter().map(|p| p.name.clone()).collect(),
        lang: args.lang.code(),
        format: ext,
        out: std::path::absolute(&out)?.display().to_string(),
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(true)
}

/// Writes the page in one step, creating its folder.
fn write(out: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        fsutil::create_dir_all(dir)?;
    }
    fsutil::publish(out, bytes).with_context(|| format!("cannot write {}", out.display()))
}
