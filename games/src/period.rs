//! Periods a table proves. A sequence is periodic from `preperiod` with
//! `period` when every value from there on equals the one `period` later.
//! A table is finite, so a period is only claimed when a theorem carries
//! what the table shows to every later position:
//! * a subtraction game's values are decided by the `window` values before
//!   each (its largest move): `window` matching values in a row, past the
//!   first `window` positions, repeat forever;
//! * an octal game's Grundy values (Guy and Smith): if `g(n + p) = g(n)`
//!   for every `n` with `l ≤ n < 2l + p + t`, `t` the most tokens a move
//!   takes, the values are periodic from `l` with period `p`.

/// A period and the positions before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Period {
    pub preperiod: usize,
    pub period: usize,
}

/// What carries a period from the table to every position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// Each value is decided by this many values before it (for every
    /// position at least this large).
    Window(usize),
    /// Guy and Smith's theorem for an octal game whose moves take at most
    /// this many tokens.
    Octal(usize),
}

impl Proof {
    /// How many values from `l` on must match the ones `p` later.
    fn needed(self, l: usize, p: usize) -> usize {
        match self {
            Proof::Window(w) => w.max(1),
            Proof::Octal(t) => l + p + t,
        }
    }
}

/// The smallest period the table `values` proves, with its preperiod (the
/// least for that period), or `None` when it proves none.
pub fn proven<T: PartialEq>(values: &[T], proof: Proof) -> Option<Period> {
    let n = values.len();
    for p in 1..n {
        // The last position that differs from the one p later.
        let last = (0..n - p).rev().find(|&i| values[i] != values[i + p]);
        let l = last.map_or(0, |i| i + 1);
        if n - p - l >= proof.needed(l, p) {
            return Some(Period {
                preperiod: l,
                period: p,
            });
        }
    }
    None
}

/// The gaps between the P-positions (`wins[n]` false) of one period from
/// the preperiod on, the last gap wrapping around to the next period's
/// first: `[2, 5]` for P-positions 0 and 2 of period 7. Empty when the
/// period has no P-position.
pub fn gaps(wins: &[bool], period: Period) -> Vec<usize> {
    let start = period.preperiod;
    let lost: Vec<usize> = (start..start + period.period)
        .filter(|&i| !wins[i])
        .collect();
    let mut gaps: Vec<usize> = lost.windows(2).map(|w| w[1] - w[0]).collect();
    if let (Some(first), Some(last)) = (lost.first(), lost.last()) {
        gaps.push(first + period.period - last);
    }
    gaps
}

/// The gaps as the seeds write them: `2/5`.
pub fn shown(gaps: &[usize]) -> String {
    let parts: Vec<String> = gaps.iter().map(usize::to_string).collect();
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::subtraction::Subtraction;
    use crate::{Play, outcomes};

    fn wins(moves: &[usize], size: usize) -> Vec<bool> {
        outcomes(&Subtraction::new(moves, size).unwrap(), Play::Normal).unwrap()
    }

    #[test]
    fn one_three_four_is_two_five_period_seven() {
        let table = wins(&[1, 3, 4], 100);
        let period = proven(&table, Proof::Window(4)).unwrap();
        assert_eq!(
            period,
            Period {
                preperiod: 0,
                period: 7
            }
        );
        assert_eq!(shown(&gaps(&table, period)), "2/5");
    }

    #[test]
    fn a_table_too_short_proves_nothing() {
        // Period 7 needs 7 + 4 values from the start.
        let table = wins(&[1, 3, 4], 10);
        assert_eq!(proven(&table, Proof::Window(4)), None);
        let table = wins(&[1, 3, 4], 11);
        assert_eq!(proven(&table, Proof::Window(4)).map(|p| p.period), Some(7));
    }

    #[test]
    fn a_preperiod_is_found() {
        // 0 0, then 1 2 repeating: period 2 from position 2.
        let values = [0, 0, 1, 2, 1, 2, 1, 2, 1, 2];
        let period = proven(&values, Proof::Window(2)).unwrap();
        assert_eq!((period.preperiod, period.period), (2, 2));
    }
}
