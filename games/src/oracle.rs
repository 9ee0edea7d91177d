//! What a table says of the cases a conjecture is asked (`judge lab
//! --conjecture`): a case is a line, a position (`n`; two piles `a b`;
//! heaps `k h1 … hk`) or a sweep's set (its values in the sweep's order,
//! then with `--positions` a position), and its answer the period or `P`
//! or `N`. The kit runs the program and shrinks a disagreement; the table
//! answers every case it covers, also those the shrinker makes.

use std::collections::{HashMap, HashSet};

use crate::family::Ask;
use crate::lab::Lab;
use crate::period;
use crate::sweep::{Sweep, Values};
use crate::swept;
use crate::table::{Positions, Swept};

/// What the program prints for a case.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predicts {
    /// The period of a sweep's set.
    Period,
    /// `P` or `N`.
    Outcome,
}

impl Predicts {
    pub fn name(self) -> &'static str {
        match self {
            Predicts::Period => "period",
            Predicts::Outcome => "outcome",
        }
    }

    /// What an answer must be, in words.
    pub fn expected(self) -> &'static str {
        match self {
            Predicts::Period => "a period (a positive integer)",
            Predicts::Outcome => "P or N",
        }
    }

    /// The answer as the table writes it, if `printed` is one.
    pub fn read(self, printed: &str) -> Option<String> {
        match self {
            Predicts::Period => (printed.parse::<usize>().ok())
                .filter(|&p| p > 0)
                .map(|p| p.to_string()),
            Predicts::Outcome => (printed == "P" || printed == "N").then(|| printed.to_string()),
        }
    }
}

/// What the table says of any case it covers.
pub enum Oracle<'a> {
    /// One heap or pile: each position's outcome, `true` where the player
    /// to move wins.
    Strip(&'a [bool]),
    /// Two piles, `side` × `side`: the P-positions, `a ≤ b`.
    Pairs {
        side: usize,
        lost: HashSet<[usize; 2]>,
    },
    /// Several heaps: each position's index by its heaps, and outcomes.
    Heaps {
        positions: &'a [Vec<u64>],
        index: HashMap<&'a [u64], usize>,
        wins: &'a [bool],
    },
    /// A sweep: its family's table for each set.
    Sets {
        lab: &'a Lab,
        swept: &'a Swept,
        /// Where the shrinker's sets may lie.
        domain: Sweep,
        positions: bool,
    },
}

fn outcome(wins: bool) -> String {
    if wins { "N" } else { "P" }.to_string()
}

impl<'a> Oracle<'a> {
    /// The cases of `lab`: a sweep's sets (with `positions`, their
    /// positions), or one game's positions, which need `positions`.
    pub fn of(lab: &'a Lab, positions: bool) -> Result<Oracle<'a>, String> {
        let sweep = matches!(lab.table.positions, Positions::Sets(_));
        if !positions && !sweep {
            return Err(
                "--conjecture on one game predicts its positions' outcomes: expected --positions \
                 (or a --sweep, whose sets' periods it predicts)"
                    .into(),
            );
        }
        Ok(match &lab.table.positions {
            Positions::Sets(swept) => Oracle::Sets {
                lab,
                swept,
                // Sets in the sweep's order are compared first to last, so
                // none smaller in each parameter lies inside it: the
                // shrinker looks below its numbers' lower ends too.
                domain: Sweep::parse(&swept.sweep)?.relaxed(),
                positions,
            },
            Positions::TwoPiles(lost) => Oracle::Pairs {
                side: lab.ask.upto,
                lost: lost.iter().copied().collect(),
            },
            Positions::Heaps { positions, wins } => Oracle::Heaps {
                positions,
                index: (positions.iter().enumerate())
                    .map(|(i, p)| (p.as_slice(), i))
                    .collect(),
                wins,
            },
            Positions::OneHeap(wins) => Oracle::Strip(wins),
        })
    }

    pub fn predicts(&self) -> Predicts {
        match self {
            Oracle::Sets {
                positions: false, ..
            } => Predicts::Period,
            _ => Predicts::Outcome,
        }
    }

    /// What a case's line holds, in words.
    pub fn case(&self) -> String {
        match self {
            Oracle::Strip(_) => "n".into(),
            Oracle::Pairs { .. } => "a b".into(),
            Oracle::Heaps { .. } => "k h1 … hk".into(),
            Oracle::Sets {
                swept, positions, ..
            } => {
                let mut words = swept.names.clone();
                if *positions {
                    words.push("n".into());
                }
                words.join(" ")
            }
        }
    }

    /// Every case of the table with its answer, and how many sets were
    /// left out (no period proven).
    pub fn cases(&self) -> Result<(Vec<(String, String)>, usize), String> {
        let mut cases = Vec::new();
        let mut skipped = 0;
        match self {
            Oracle::Strip(wins) => {
                cases.extend((wins.iter().enumerate()).map(|(n, &w)| (n.to_string(), outcome(w))))
            }
            Oracle::Pairs { side, lost } => {
                for a in 0..*side {
                    for b in 0..*side {
                        let p = lost.contains(&[a.min(b), a.max(b)]);
                        cases.push((format!("{a} {b}"), outcome(!p)));
                    }
                }
            }
            Oracle::Heaps {
                positions, wins, ..
            } => {
                for (heaps, &w) in positions.iter().zip(wins.iter()) {
                    cases.push((heaps_line(heaps), outcome(w)));
                }
            }
            Oracle::Sets {
                lab,
                swept,
                positions,
                ..
            } => {
                for row in &swept.rows {
                    let values: Vec<String> = (swept.names.iter())
                        .map(|k| row.values[k].to_string())
                        .collect();
                    let values = values.join(" ");
                    match (positions, row.period) {
                        (false, Some(found)) => cases.push((values, found.period.to_string())),
                        (false, None) => skipped += 1,
                        (true, _) => {
                            let set =
                                swept::set(lab.family, &lab.params, &row.values, &plain(lab))?;
                            for (n, &w) in set.wins.iter().enumerate() {
                                cases.push((format!("{values} {n}"), outcome(w)));
                            }
                        }
                    }
                }
            }
        }
        Ok((cases, skipped))
    }

    /// The table's answer to `line`, if the table covers it (the shrinker
    /// makes lines the table may not cover).
    pub fn truth(&self, line: &str) -> Option<String> {
        let numbers: Vec<i64> = (line.split_ascii_whitespace())
            .map(|t| t.parse().ok())
            .collect::<Option<_>>()?;
        let index = |v: i64| usize::try_from(v).ok();
        match self {
            Oracle::Strip(wins) => match numbers[..] {
                [n] => Some(outcome(*wins.get(index(n)?)?)),
                _ => None,
            },
            Oracle::Pairs { side, lost } => match numbers[..] {
                [a, b] => {
                    let (a, b) = (index(a)?, index(b)?);
                    (a < *side && b < *side).then_some(())?;
                    Some(outcome(!lost.contains(&[a.min(b), a.max(b)])))
                }
                _ => None,
            },
            Oracle::Heaps {
                index: at, wins, ..
            } => {
                let (&k, heaps) = numbers.split_first()?;
                let mut heaps: Vec<u64> = (heaps.iter())
                    .map(|&h| u64::try_from(h).ok().filter(|&h| h > 0))
                    .collect::<Option<_>>()?;
                (index(k)? == heaps.len()).then_some(())?;
                heaps.sort_unstable();
                Some(outcome(wins[*at.get(heaps.as_slice())?]))
            }
            Oracle::Sets {
                lab,
                swept,
                domain,
                positions,
            } => {
                let names = &swept.names;
                if numbers.len() != names.len() + usize::from(*positions) {
                    return None;
                }
                let values: Values = names.iter().cloned().zip(numbers.iter().copied()).collect();
                if !domain.contains(&values) {
                    return None;
                }
                let set = swept::set(lab.family, &lab.params, &values, &plain(lab)).ok()?;
                match positions {
                    false => period::proven(&set.wins, set.proof).map(|f| f.period.to_string()),
                    true => Some(outcome(*set.wins.get(index(numbers[names.len()])?)?)),
                }
            }
        }
    }
}

/// The lab's request without the Grundy values: a set's outcomes.
fn plain(lab: &Lab) -> Ask {
    Ask {
        sg: false,
        ..lab.ask
    }
}

/// A position of several heaps as a case: `k h1 … hk`.
fn heaps_line(heaps: &[u64]) -> String {
    let mut words = vec![heaps.len().to_string()];
    words.extend(heaps.iter().map(u64::to_string));
    words.join(" ")
}
