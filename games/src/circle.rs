//! The circle game: `n` tokens in a circle; a move takes one to `k`
//! neighbouring tokens, and tokens on both sides of a gap are not
//! neighbours. The first move leaves a row of `n - j` tokens, and a row is
//! the octal game `0.77…7` (`k` sevens): taking `j` from a row leaves no
//! row, one, or two. `judge lab circle --k K` draws the (n, k) plane.

use crate::family::{Ask, Family, Kind, Param, Params};
use crate::octal::Octal;
use crate::table::{SHOWN, Table};

/// Whether the first player wins each circle of `0..size` tokens, taking
/// one to `k` (at least 1) at a time; the circle of 0 has no move and is
/// lost.
pub fn first_wins(k: usize, size: usize) -> Result<Vec<bool>, String> {
    if k == 0 {
        return Err("k = 0: expected at least 1 token a move".into());
    }
    // Taking more than the row holds is no move: a code longer than the
    // table changes nothing.
    let row = Octal::of_digits(vec![7; k.min(size.max(1))], size).grundy();
    Ok((0..size)
        .map(|n| (1..=k.min(n)).any(|j| row[n - j] == 0))
        .collect())
}

/// `judge lab circle --k K`: the first player's outcome on each circle,
/// and the plane of the smaller k.
pub struct CircleFamily;

impl Family for CircleFamily {
    fn name(&self) -> &'static str {
        "circle"
    }

    fn about(&self) -> &'static str {
        "Tokens in a circle; take 1 to K neighbouring ones"
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[Param::required("k", Kind::Count, "")];
        PARAMS
    }

    fn upto(&self, _: &Params) -> usize {
        100
    }

    fn table(&self, params: &Params, ask: &Ask) -> Result<Table, String> {
        if ask.sg || ask.play == crate::Play::Misere {
            return Err(
                "circle: the table gives normal play's outcomes only (no --sg, --misere)".into(),
            );
        }
        let k = params.count("k")?;
        let wins = first_wins(k, ask.upto)?;
        // The plane's rows for the smaller k, as far as a sweep's rows go:
        // a row costs as much as the table itself.
        let shown = ask.upto.min(SHOWN);
        let plane = (1..k)
            .map(|k| first_wins(k, shown))
            .chain([Ok(wins[..shown].to_vec())])
            .collect::<Result<_, _>>()?;
        Ok(Table::one_heap(format!("k {k}"), wins)
            .drawn_as_plane(plane)
            .unproven(
                "the first move leaves a row: no period theorem for the circle, no period claimed",
            ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With k = 1 the first player wins on odd circles; with k ≥ 2 only by
    /// taking the whole circle (`n ≤ k`): otherwise the second player
    /// splits the row left into two equal rows and mirrors.
    #[test]
    fn the_circle_game_is_parity_or_symmetry() {
        let one = first_wins(1, 50).unwrap();
        assert!(one.iter().enumerate().all(|(n, &w)| w == (n % 2 == 1)));
        for k in 2..8 {
            let wins = first_wins(k, 60).unwrap();
            let rule = |n: usize| (1..=k).contains(&n);
            assert!(
                wins.iter().enumerate().all(|(n, &w)| w == rule(n)),
                "k = {k}"
            );
        }
        assert!(first_wins(0, 5).is_err());
    }
}
