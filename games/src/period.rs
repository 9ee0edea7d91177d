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
    // The last value unlike the final one (a P-position among N-positions,
    // mostly): a period whose shift does not carry it is refused by one
    // comparison when the table after it is too short to prove anything,
    // instead of a scan back through the values that do match.
    let unlike = (0..n).rev().find(|&i| values[i] != values[n - 1]);
    for p in 1..n {
        // Past this p no preperiod leaves enough values (fewer after it,
        // as many or more needed).
        if n - p < proof.needed(0, p) {
            break;
        }
        if let Some(q) = unlike
            && q >= p
            && values[q - p] != values[q]
            && n - q - 1 < proof.needed(q - p + 1, p)
        {
            continue;
        }
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

    /// The definition, every period tried and every value scanned.
    fn proven_plainly<T: PartialEq>(values: &[T], proof: Proof) -> Option<Period> {
        let n = values.len();
        (1..n).find_map(|p| {
            let last = (0..n - p).rev().find(|&i| values[i] != values[i + p]);
            let l = last.map_or(0, |i| i + 1);
            (n - p - l >= proof.needed(l, p)).then_some(Period {
                preperiod: l,
                period: p,
            })
        })
    }

    /// The shortcuts (no period past what the table can prove, a shift
    /// refused at the last unlike value) change no answer: tables made
    /// periodic after a random start, with random values sparse or not.
    #[test]
    fn the_shortcuts_find_what_the_definition_finds() {
        let mut x: u64 = 7;
        let mut next = |m: u64| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (x >> 33) % m
        };
        for round in 0..3000 {
            let (n, pre, period) = (
                next(200) as usize + 1,
                next(40) as usize,
                next(12) as usize + 1,
            );
            let kinds = 1 + next(4);
            let head: Vec<u64> = (0..pre + period)
                .map(|_| u64::from(next(9) == 0) * next(kinds))
                .collect();
            let values: Vec<u64> = (0..n)
                .map(|i| match i < pre {
                    true => head[i],
                    false => head[pre + (i - pre) % period],
                })
                .collect();
            let proof = match round % 2 {
                0 => Proof::Window(next(30) as usize + 1),
                _ => Proof::Octal(next(4) as usize + 1),
            };
            assert_eq!(
                proven(&values, proof),
                proven_plainly(&values, proof),
                "{values:?} {proof:?}"
            );
        }
    }

    /// The outcomes of the subtraction game {1, 3, 4}: lost at 0 and 2
    /// modulo 7 (`subtraction.rs` computes them).
    fn one_three_four(size: usize) -> Vec<bool> {
        (0..size).map(|n| n % 7 != 0 && n % 7 != 2).collect()
    }

    #[test]
    fn one_three_four_is_two_five_period_seven() {
        let table = one_three_four(100);
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
        let table = one_three_four(10);
        assert_eq!(proven(&table, Proof::Window(4)), None);
        let table = one_three_four(11);
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
