//! Fibonacci Nim: one pile; the first move takes at least one token but
//! not all; every later move takes at least one and at most twice what the
//! move before took. `judge lab fibonacci` gives the first player's
//! outcome on each pile.

use crate::family::{Ask, Family, Params};
use crate::table::Table;
use crate::{Game, Play};

/// Fibonacci Nim tabulated on piles `0..piles`: a position is a pile `n`
/// and the most the player to move may take, `cap` (`1 ≤ cap ≤ n`, a cap
/// above the pile being the pile), at index `n (n + 1) / 2 + cap`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fibonacci {
    pub piles: usize,
}

impl Fibonacci {
    /// The index of the pile `n` with the cap `cap` (made at most `n`).
    pub fn index(n: usize, cap: usize) -> usize {
        n * (n + 1) / 2 + cap.min(n)
    }

    /// The pile and the cap at `index`: the pile `n` holds the indices
    /// `n (n + 1) / 2 ..= n (n + 1) / 2 + n` (the square root's estimate
    /// corrected for rounding).
    pub fn position(index: usize) -> (usize, usize) {
        let guess = ((8.0 * index as f64 + 1.0).sqrt() as usize).saturating_sub(1) / 2;
        let n = (guess.saturating_sub(1)..=guess + 1)
            .rfind(|&m| m * (m + 1) / 2 <= index)
            .unwrap_or(0);
        (n, index - n * (n + 1) / 2)
    }

    /// Whether the player to move wins each position, by index: taking up
    /// to `cap` wins when taking up to `cap - 1` does or taking exactly
    /// `cap` does, so a pile's row is a running "or" (time and memory
    /// `piles² / 2`, where listing every move would take `piles³ / 6`).
    pub fn wins(&self) -> Vec<bool> {
        let mut wins = vec![false; self.size()];
        for n in 1..self.piles {
            for cap in 1..=n {
                let taken = cap == n || !wins[Self::index(n - cap, 2 * cap)];
                wins[Self::index(n, cap)] = wins[Self::index(n, cap - 1)] || taken;
            }
        }
        wins
    }

    /// Whether the first player wins each pile (first move: any but all);
    /// a pile of 0 or 1 has no first move and is lost.
    pub fn first_wins(&self, wins: &[bool]) -> Vec<bool> {
        (0..self.piles)
            .map(|n| n >= 2 && wins[Self::index(n, n - 1)])
            .collect()
    }
}

impl Game for Fibonacci {
    fn size(&self) -> usize {
        self.piles * (self.piles + 1) / 2
    }

    fn options(&self, position: usize, option: &mut dyn FnMut(&[usize])) {
        let (n, cap) = Self::position(position);
        for take in 1..=cap.min(n) {
            option(&[Self::index(n - take, 2 * take)]);
        }
    }
}

/// `judge lab fibonacci`: the first player's outcome on each pile.
pub struct FibonacciFamily;

impl Family for FibonacciFamily {
    fn name(&self) -> &'static str {
        "fibonacci"
    }

    fn about(&self) -> &'static str {
        "One pile; the first move takes any but all, each later one at most twice the one before"
    }

    fn upto(&self, _: &Params) -> usize {
        50
    }

    fn needs(&self, _: &Params, upto: usize) -> u128 {
        // A u32 value and an outcome for each (pile, cap).
        let n = upto as u128;
        n.saturating_mul(n).saturating_mul(5) / 2
    }

    fn table(&self, _: &Params, ask: &Ask) -> Result<Table, String> {
        if ask.sg {
            return Err("fibonacci: --sg is not offered (a position is a pile and a cap)".into());
        }
        let game = Fibonacci { piles: ask.upto };
        let table = match ask.play {
            Play::Normal => game.wins(),
            Play::Misere => crate::outcomes(&game, ask.play)?,
        };
        Ok(Table::one_heap(
            "one pile, the first move any but all",
            game.first_wins(&table),
        )
        .unproven("no period theorem for Fibonacci Nim: no period claimed"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Play, outcomes};

    #[test]
    fn indices_and_positions_are_one_to_one() {
        for n in 0..200 {
            for cap in 0..=n {
                assert_eq!(Fibonacci::position(Fibonacci::index(n, cap)), (n, cap));
            }
        }
    }

    #[test]
    fn the_running_or_is_the_game() {
        let game = Fibonacci { piles: 150 };
        assert_eq!(game.wins(), outcomes(&game, Play::Normal).unwrap());
    }

    /// The first player loses exactly on the Fibonacci numbers.
    #[test]
    fn the_first_player_loses_on_fibonacci_numbers() {
        let game = Fibonacci { piles: 300 };
        let wins = game.wins();
        let first = game.first_wins(&wins);
        let mut fib = vec![1usize, 2];
        while fib[fib.len() - 1] < 300 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        for (n, &wins) in first.iter().enumerate().skip(2) {
            assert_eq!(wins, !fib.contains(&n), "{n}");
        }
    }
}
