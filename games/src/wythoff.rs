//! Wythoff's game: two piles; a move takes any number from one pile, or
//! the same number from both. `judge lab wythoff` lists its P-positions.

use crate::family::{Ask, Family, Params};
use crate::table::Table;
use crate::{Game, Play};

/// Wythoff's game tabulated on the piles `0..side` × `0..side`; position
/// `a * side + b` is the piles `(a, b)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wythoff {
    pub side: usize,
}

impl Wythoff {
    /// Whether each position `(a, b)` is lost for the player to move,
    /// row by row: a position is lost exactly when no lost position lies
    /// before it in its row, its column or its diagonal, so one pass over
    /// the table decides all (no move is listed).
    pub fn lost(&self) -> Vec<bool> {
        let n = self.side;
        let mut lost = vec![false; n * n];
        let (mut row, mut column, mut diagonal) =
            (vec![false; n], vec![false; n], vec![false; 2 * n]);
        for a in 0..n {
            for b in 0..n {
                let d = n + a - b;
                if !row[a] && !column[b] && !diagonal[d] {
                    lost[a * n + b] = true;
                    (row[a], column[b], diagonal[d]) = (true, true, true);
                }
            }
        }
        lost
    }

    /// The lost positions `(a, b)` with `a ≤ b`, by `a`.
    pub fn p_positions(&self) -> Vec<(usize, usize)> {
        let n = self.side;
        let lost = self.lost();
        (0..n)
            .flat_map(|a| (a..n).map(move |b| (a, b)))
            .filter(|&(a, b)| lost[a * n + b])
            .collect()
    }
}

impl Game for Wythoff {
    fn size(&self) -> usize {
        self.side * self.side
    }

    fn options(&self, position: usize, option: &mut dyn FnMut(&[usize])) {
        let n = self.side;
        let (a, b) = (position / n, position % n);
        for t in 1..=a {
            option(&[(a - t) * n + b]);
        }
        for t in 1..=b {
            option(&[a * n + b - t]);
        }
        for t in 1..=a.min(b) {
            option(&[(a - t) * n + b - t]);
        }
    }
}

/// `judge lab wythoff`: the P-positions of the piles below N.
pub struct WythoffFamily;

impl Family for WythoffFamily {
    fn name(&self) -> &'static str {
        "wythoff"
    }

    fn about(&self) -> &'static str {
        "Two piles: take any number from one, or the same from both"
    }

    fn upto(&self, _: &Params) -> usize {
        20
    }

    fn needs(&self, _: &Params, upto: usize) -> u128 {
        let n = upto as u128;
        n.saturating_mul(n).saturating_mul(2)
    }

    fn table(&self, _: &Params, ask: &Ask) -> Result<Table, String> {
        if ask.sg || ask.play == Play::Misere {
            return Err(
                "wythoff: the table gives normal play's P-positions only (no --sg, --misere)"
                    .into(),
            );
        }
        let lost = (Wythoff { side: ask.upto }.p_positions().into_iter())
            .map(|(a, b)| [a, b])
            .collect();
        Ok(Table::two_piles("two piles", lost)
            .unproven("two piles: no period (the P-positions are (⌊kφ⌋, ⌊kφ²⌋))"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Play, outcomes};

    #[test]
    fn the_pass_is_the_game() {
        let game = Wythoff { side: 40 };
        let wins = outcomes(&game, Play::Normal).unwrap();
        let lost = game.lost();
        assert!(wins.iter().zip(&lost).all(|(w, l)| w != l));
    }

    /// The P-positions are (⌊kφ⌋, ⌊kφ²⌋).
    #[test]
    fn the_p_positions_are_the_golden_pairs() {
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        let found = Wythoff { side: 1000 }.p_positions();
        let expected: Vec<(usize, usize)> = (0..)
            .map(|k| ((k as f64 * phi) as usize, (k as f64 * phi * phi) as usize))
            .take_while(|&(_, b)| b < 1000)
            .collect();
        assert_eq!(found, expected);
        assert_eq!(found[..4], [(0, 0), (1, 2), (3, 5), (4, 7)]);
    }
}
