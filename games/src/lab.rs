//! `judge lab`'s families, a line each ([`FAMILIES`]), and what the lab
//! computes of a family that is not about the kit: its table with the
//! period proven ([`Lab::tabulate`]) and the positions a problem's tests
//! should hold ([`Lab::positions_to_test`]); the conjecture's cases are
//! [`crate::oracle`]'s.

use std::collections::BTreeMap;

use crate::family::{Ask, Family, Params};
use crate::table::{Positions, Table};
use crate::{circle, fibonacci, heaps, octal, subtraction, wythoff};

/// The families `judge lab` knows, in the order its help lists them. A
/// new family is a type implementing [`Family`] and a line here.
pub static FAMILIES: &[&dyn Family] = &[
    &subtraction::SubtractionFamily,
    &subtraction::BashFamily,
    &octal::OctalFamily,
    &wythoff::WythoffFamily,
    &fibonacci::FibonacciFamily,
    &circle::CircleFamily,
    &heaps::NimFamily,
    &heaps::MergePilesFamily,
];

/// The family named `name` among `families`.
pub fn find<'f>(families: &[&'f dyn Family], name: &str) -> Result<&'f dyn Family, String> {
    (families.iter().copied())
        .find(|f| f.name() == name)
        .ok_or_else(|| format!("no game family `{name}`"))
}

/// A family's table for the parameters given, its period proven.
pub struct Lab {
    pub family: &'static dyn Family,
    pub params: Params,
    pub ask: Ask,
    pub table: Table,
}

impl Lab {
    /// Tabulates `family`: the table, and the period its theorem proves.
    pub fn tabulate(family: &'static dyn Family, params: Params, ask: Ask) -> Result<Lab, String> {
        let mut table = family.table(&params, &ask)?;
        table.prove(ask.upto);
        Ok(Lab {
            family,
            params,
            ask,
            table,
        })
    }

    /// The positions a problem's tests should hold, a line each: `n P|N
    /// # why`, by position: the first period after the preperiod, the
    /// positions beside each of its P-positions, and the largest position
    /// up to `max` of each residue class. Needs a one-heap table with a
    /// proven period, which gives every position's outcome up to `max`.
    pub fn positions_to_test(&self, max: u64) -> Result<String, String> {
        let (Some(found), Positions::OneHeap(wins)) = (self.table.period, &self.table.positions)
        else {
            return Err(format!(
                "--emit-tests needs a one-heap game whose period the table proves: {}",
                self.table.proof
            ));
        };
        let (pre, period) = (found.preperiod as u64, found.period as u64);
        let lost_at = |n: u64| {
            let n = match n < pre + period {
                true => n,
                false => pre + (n - pre) % period,
            };
            !wins[n as usize]
        };
        let mut why: BTreeMap<u64, &str> = BTreeMap::new();
        for n in pre..pre + period {
            why.entry(n)
                .or_insert("the first period after the preperiod");
            if lost_at(n) {
                why.insert(n, "a P-position of the first period");
                for side in [n.checked_sub(1), n.checked_add(1)].into_iter().flatten() {
                    why.entry(side).or_insert("beside a P-position");
                }
            }
        }
        if max >= pre {
            for r in 0..period {
                // The largest n ≤ max with n ≡ pre + r (mod period).
                let offset = (max - pre) % period;
                let n = max - (offset + period - r) % period;
                if n >= pre {
                    why.entry(n)
                        .or_insert("the largest position of its residue class");
                }
            }
        }
        let mut out = String::new();
        for (n, reason) in why.into_iter().filter(|&(n, _)| n <= max) {
            let outcome = if lost_at(n) { 'P' } else { 'N' };
            out.push_str(&format!("{n} {outcome}  # {reason}\n"));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::Kind;

    /// Each family has a name of its own, parameters the command line can
    /// take, and a table for its defaults.
    #[test]
    fn every_family_is_registered_once_and_tabulates() {
        let mut names: Vec<&str> = FAMILIES.iter().map(|f| f.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FAMILIES.len());
        let given = |family: &dyn Family| -> Vec<(String, String)> {
            (family.params().iter())
                .filter(|p| p.default.is_none() && !p.optional)
                .map(|p| {
                    let value = match (family.name(), p.kind) {
                        ("octal", _) => "0.77",
                        ("subtraction", _) => "1,3-4",
                        (_, Kind::Count) => "3",
                        _ => "1",
                    };
                    (p.name.to_string(), value.to_string())
                })
                .collect()
        };
        for &family in FAMILIES {
            assert_eq!(find(FAMILIES, family.name()).unwrap().name(), family.name());
            let params = Params::parse(family.params(), &given(family)).unwrap();
            let ask = Ask::new(family, &params, None, false, false).unwrap();
            let lab = Lab::tabulate(family, params, ask).unwrap();
            assert!(!lab.table.proof.is_empty(), "{}", family.name());
        }
        assert!(find(FAMILIES, "chess").is_err());
    }

    fn lab(family: &'static dyn Family, given: &[(&str, &str)], upto: usize) -> Lab {
        let given: Vec<(String, String)> = (given.iter())
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        let params = Params::parse(family.params(), &given).unwrap();
        let ask = Ask::new(family, &params, Some(upto), false, false).unwrap();
        Lab::tabulate(family, params, ask).unwrap()
    }

    #[test]
    fn the_positions_to_test_follow_the_period() {
        let bash = lab(&subtraction::BashFamily, &[("m", "2")], 30);
        let text = bash.positions_to_test(20).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                "0 P  # a P-position of the first period",
                "1 N  # beside a P-position",
                "2 N  # the first period after the preperiod",
                "18 P  # the largest position of its residue class",
                "19 N  # the largest position of its residue class",
                "20 N  # the largest position of its residue class",
            ]
        );
        let wythoff = lab(&wythoff::WythoffFamily, &[], 8);
        let error = wythoff.positions_to_test(20).unwrap_err();
        assert!(
            error.starts_with("--emit-tests needs a one-heap game"),
            "{error}"
        );
    }
}
