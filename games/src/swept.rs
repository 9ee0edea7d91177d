//! A family's table for every parameter set of a sweep (`--sweep`): each
//! set tabulated by the family ([`Family::set`]), its period proven, and
//! the gaps of its P-positions written as the seeds write them and in the
//! parameters (their shape), so that the sets one rule covers show
//! together.

use crate::family::{Ask, Family, Params};
use crate::period;
use crate::sweep::{self, Sweep, Values};
use crate::table::{SHOWN, Set, SetRow, Swept};

/// Every set of `sweep`, in order, as `family` tabulates it.
pub fn table(
    family: &dyn Family,
    params: &Params,
    sweep: &str,
    ask: &Ask,
) -> Result<Swept, String> {
    let parsed = Sweep::parse(sweep)?;
    let names = parsed.names();
    let mut rows = Vec::new();
    for values in parsed.sets() {
        let Set {
            moves,
            mut wins,
            grundy,
            proof,
        } = set(family, params, &values, ask)?;
        // With --sg the period is the values' (a multiple of the outcomes').
        let found = match &grundy {
            Some(grundy) => period::proven(grundy, proof),
            None => period::proven(&wins, proof),
        };
        let gaps = found.map(|f| period::gaps(&wins, f));
        let shape = match &gaps {
            Some(gaps) => sweep::shape(gaps, &names, &values),
            None => "none".into(),
        };
        wins.truncate(SHOWN);
        rows.push(SetRow {
            pattern: gaps.as_deref().map_or("none".into(), period::shown),
            grundy: grundy.map(|mut values| {
                values.truncate(SHOWN);
                values
            }),
            values,
            moves,
            wins,
            period: found,
            gaps,
            shape,
        });
    }
    Ok(Swept {
        sweep: sweep.to_string(),
        names: names.iter().map(|n| n.to_string()).collect(),
        rows,
    })
}

/// One set of a sweep, the set named in the error.
pub fn set(
    family: &dyn Family,
    params: &Params,
    values: &Values,
    ask: &Ask,
) -> Result<Set, String> {
    family.set(params, values, ask).map_err(|e| {
        let shown: Vec<String> = values.iter().map(|(k, v)| format!("{k}={v}")).collect();
        format!("the sweep's set {}: {e}", shown.join(" "))
    })
}
