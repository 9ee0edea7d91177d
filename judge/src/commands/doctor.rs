//! `judge doctor`: how this machine contains submissions, layer by layer,
//! and what each feature of the kit needs: found, or missing with what it
//! breaks and how to get it.

use anyhow::Result;

use crate::core::jury::Jury;
use crate::core::requirements::requirements;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::results::report::{DoctorReport, Report};
use crate::model::verdict::Verdict;

/// Reports the sandbox's layers (after cutting the network, as the judge
/// does before it runs a submission) and the requirements.
pub fn run(kit: &Kit, jury: &Jury, events: &mut Events) -> Result<bool> {
    jury.isolate_network();
    let report = Report::Doctor(DoctorReport {
        verdict: Verdict::Ac,
        isolation: jury.isolation(),
        requirements: requirements(kit, jury),
    });
    events.emit(EventKind::Finished { report: &report });
    Ok(true)
}
