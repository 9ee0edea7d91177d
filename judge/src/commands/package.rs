//! `judge package [PROBLEM...] --format FORMAT --out PATH`: export to a judge.

use anyhow::Result;

use crate::cli::PackageArgs;
use crate::core::jury::Jury;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::results::report::{PackageReport, Report};
use crate::model::verdict::Verdict;
use crate::service::export;

/// Exports the named problems (all when none is named).
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events, args: &PackageArgs) -> Result<bool> {
    let request = export::Request {
        names: &args.problems,
        format: args.format,
        out: &args.out,
        testlib_h: args.testlib_h.as_deref(),
        no_pdf: args.no_pdf,
        pid_prefix: args.pid_prefix.as_deref(),
        lossy: args.lossy,
    };
    let exported = export::export(kit, jury, events, &request)?;
    let report = Report::Package(PackageReport {
        verdict: Verdict::Ac,
        format: args.format.name(),
        out: std::path::absolute(&args.out)?.display().to_string(),
        problems: exported.problems,
        warnings: exported.warnings,
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(true)
}
