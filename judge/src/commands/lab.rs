//! `judge lab FAMILY`: a game tabulated (打表). The `games` crate holds
//! the families and all the lab computes of them (`games::lab`); this is
//! the glue from the arguments to the table, the conjecture (which needs a
//! kit), the positions `--emit-tests` writes and the report (which the
//! `--plot` and `--html` reporters draw). It needs no kit.

use anyhow::{Context, Result, bail};
use games::family::{Ask, Family, Params};
use games::lab::Lab;

use super::conjecture;
use crate::base::fsutil;
use crate::cli::LabArgs;
use crate::core::jury::Jury;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::results::report::{LabReport, Report};
use crate::model::verdict::Verdict;

/// Tabulates the game `args` names among `families`; false when a
/// conjecture disagrees with the table (bad parameters are errors). A
/// conjecture is compiled by the `kit`.
pub fn run(
    events: &mut Events,
    args: &LabArgs,
    kit: Option<(&Kit, &Jury)>,
    families: &[&'static dyn Family],
) -> Result<bool> {
    let lab = tabulate(families, args)?;
    let compared = match (&args.conjecture, kit) {
        (Some(source), Some((kit, jury))) => Some(conjecture::compare(
            kit,
            jury,
            &lab,
            args.positions,
            source,
        )?),
        _ => None,
    };
    if let Some(path) = &args.emit_tests {
        let lines = lab
            .positions_to_test(args.max)
            .map_err(anyhow::Error::msg)?;
        fsutil::publish(path, lines.as_bytes())
            .with_context(|| format!("cannot write the positions {}", path.display()))?;
    }
    let mut table = LabReport::of(lab);
    if let Some(compared) = compared {
        if compared.disagreements > 0 {
            table.verdict = Verdict::Wa;
        }
        table.conjecture = Some(Box::new(compared));
    }
    let report = Report::Lab(table);
    events.emit(EventKind::Finished { report: &report });
    Ok(report.accepted())
}

/// The family `args` names among `families`, tabulated as they ask. Bad
/// parameters, and a table that would not fit in this machine's free
/// memory, are errors saying what was expected.
pub fn tabulate(families: &[&'static dyn Family], args: &LabArgs) -> Result<Lab> {
    let family = games::lab::find(families, &args.family.name).map_err(anyhow::Error::msg)?;
    let params = Params::parse(family.params(), &args.family.given).map_err(anyhow::Error::msg)?;
    let mut ask =
        Ask::new(family, &params, args.upto, args.sg, args.misere).map_err(anyhow::Error::msg)?;
    let free = available();
    let need = family.needs(&params, ask.upto);
    if let Some(free) = free
        && need > free
    {
        bail!(
            "--upto {}: the table of {} would need about {}, and this machine has {} free; \
             expected a smaller N",
            ask.upto,
            family.name(),
            gib(need),
            gib(free)
        );
    }
    // A table grown unasked stops short of what this machine cannot hold
    // (the budgets are a few megabytes: on any machine fit to run the
    // kit, the same command gives the same table).
    if let (Some(budget), Some(free)) = (ask.budget, free) {
        let mut fits = budget;
        while fits > ask.upto && family.needs(&params, fits) > free {
            fits /= 2;
        }
        ask.budget = Some(fits.max(ask.upto));
    }
    Lab::tabulate(family, params, ask).map_err(anyhow::Error::msg)
}

/// What this machine has free, from `/proc/meminfo`.
fn available() -> Option<u128> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u128 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

fn gib(bytes: u128) -> String {
    format!("{:.1} GiB", bytes as f64 / (1u128 << 30) as f64)
}
