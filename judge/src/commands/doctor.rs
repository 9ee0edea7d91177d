//! `judge doctor`: how this machine contains submissions, layer by layer.

use anyhow::Result;

use crate::event::{EventKind, Events};
use crate::jury::Jury;
use crate::results::report::{DoctorReport, Report};
use crate::verdict::Verdict;

/// Reports the sandbox's layers (after cutting the network, as the judge
/// does before it runs a submission).
pub fn run(jury: &Jury, events: &mut Events) -> Result<bool> {
    jury.isolate_network();
    let report = Report::Doctor(DoctorReport {
        verdict: Verdict::Ac,
        isolation: jury.isolation(),
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(true)
}
