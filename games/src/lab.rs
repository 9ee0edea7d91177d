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
    /// With a budget (no `--upto`), a table whose theorem could prove a
    /// period but has not yet is made again twice as long, up to the
    /// budget; the proof then says how far the table grew, or that the
    /// budget was reached.
    pub fn tabulate(
        family: &'static dyn Family,
        params: Params,
        mut ask: Ask,
    ) -> Result<Lab, String> {
        let first = ask.upto;
        let mut table = family.table(&params, &ask)?;
        table.prove(ask.upto);
        let Some(budget) = ask.budget else {
            return Ok(Lab {
                family,
                params,
                ask,
                table,
            });
        };
        while table.may_prove() && table.period.is_none() && ask.upto < budget {
            ask.upto = ask.upto.saturating_mul(2).min(budget);
            table = family.table(&params, &ask)?;
            table.prove(ask.upto);
        }
        table.say_growth(first, ask.upto);
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

    fn grown(family: &'static dyn Family, given: &[(&str, &str)]) -> Lab {
        let given: Vec<(String, String)> = (given.iter())
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        let params = Params::parse(family.params(), &given).unwrap();
        let ask = Ask::new(family, &params, None, false, false).unwrap();
        Lab::tabulate(family, params, ask).unwrap()
    }

    /// Kayles' period needs 168 values (Guy and Smith): with no `--upto`
    /// the table doubles from 100 to 200 and proves it; an `--upto` is
    /// tabulated as asked, however short.
    #[test]
    fn kayles_grows_until_its_period_is_proven() {
        let kayles = grown(&octal::OctalFamily, &[("code", "0.77")]);
        assert_eq!((kayles.ask.upto, kayles.ask.budget), (200, Some(12_800)));
        let found = kayles.table.period.unwrap();
        assert_eq!((found.preperiod, found.period), (71, 12));
        assert!(
            (kayles.table.proof)
                .ends_with("(the table doubled from 100 to 200 positions to prove it)"),
            "{}",
            kayles.table.proof
        );
        let short = lab(&octal::OctalFamily, &[("code", "0.77")], 160);
        assert_eq!((short.ask.upto, short.ask.budget), (160, None));
        assert_eq!(short.table.period, None);
        assert!(
            short
                .table
                .proof
                .starts_with("no period found up to 160: Guy and Smith")
        );
        // Proven at the first bound: nothing to say of growth.
        let bash = grown(&subtraction::BashFamily, &[("m", "3")]);
        assert_eq!(bash.ask.upto, 100);
        assert_eq!(
            bash.table.proof,
            "each position is decided by the 3 before it (the largest move)"
        );
    }

    /// A subtraction game whose table may grow to `self.0` positions only.
    struct Budgeted(usize);

    impl Family for Budgeted {
        fn name(&self) -> &'static str {
            "budgeted"
        }
        fn about(&self) -> &'static str {
            "a subtraction game on a small budget"
        }
        fn params(&self) -> &'static [crate::family::Param] {
            subtraction::SubtractionFamily.params()
        }
        fn upto(&self, _: &Params) -> usize {
            100
        }
        fn budget(&self, _: &Params) -> usize {
            self.0
        }
        fn table(&self, params: &Params, ask: &Ask) -> Result<crate::table::Table, String> {
            subtraction::SubtractionFamily.table(params, ask)
        }
    }

    /// The moves {300}: period 600 from 0, proven by 900 positions. A
    /// budget of 400 stops short and says so; one of 1000 is reached by
    /// doubling to 800, then the budget itself, and proves it.
    #[test]
    fn a_period_beyond_the_budget_names_the_budget() {
        static SMALL: Budgeted = Budgeted(400);
        let lab = grown(&SMALL, &[("moves", "300")]);
        assert_eq!(lab.ask.upto, 400);
        assert_eq!(lab.table.period, None);
        assert_eq!(
            lab.table.proof,
            "no period proven up to 400, the budget: each position is decided by the 300 before \
             it (the largest move); pass --upto 800 to look further"
        );
        static ENOUGH: Budgeted = Budgeted(1000);
        let lab = grown(&ENOUGH, &[("moves", "300")]);
        assert_eq!(lab.ask.upto, 1000);
        assert_eq!(lab.table.period.map(|p| p.period), Some(600));
        assert!(
            lab.table
                .proof
                .ends_with("doubled from 100 to 1000 positions to prove it)")
        );
    }

    /// Tables no theorem carries do not grow: their first bound stands.
    #[test]
    fn tables_with_no_period_theorem_keep_their_first_bound() {
        for (family, given, upto) in [
            (&wythoff::WythoffFamily as &'static dyn Family, &[][..], 20),
            (&fibonacci::FibonacciFamily, &[], 50),
            (&circle::CircleFamily, &[("k", "3")], 100),
            (&heaps::MergePilesFamily, &[], 12),
        ] {
            let lab = grown(family, given);
            assert_eq!(lab.ask.upto, upto, "{}", family.name());
            assert_eq!(lab.table.period, None);
        }
        // An octal game in misère play (one that splits no heap, which the
        // table cannot play misère): no theorem, no growth.
        let given = [("code".to_string(), "0.33".to_string())];
        let params = Params::parse(octal::OctalFamily.params(), &given).unwrap();
        let ask = Ask::new(&octal::OctalFamily, &params, None, false, true).unwrap();
        let misere = Lab::tabulate(&octal::OctalFamily, params, ask).unwrap();
        assert_eq!(misere.ask.upto, 100);
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
