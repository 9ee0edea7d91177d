//! The fibonacci checker's logic: deciding an answer from the game's rules.
//!
//! One pile of n; the first move takes any number but not all, later moves
//! take 1 to twice the previous move; whoever takes the last stone wins. The
//! player facing m stones with cap c wins iff c ≥ z(m), the smallest term of
//! m's Zeckendorf representation; so the first player loses iff n is a
//! Fibonacci number, and a first move x wins iff 2x < z(n − x).

/// The largest value the problem allows.
pub const MAX_N: u64 = 1_000_000_000_000_000_000;

/// The distinct Fibonacci numbers 1, 2, 3, 5, ... up to 10^18 (the last one
/// is 679891637638612258).
pub fn table() -> Vec<u64> {
    let mut fib = vec![1u64, 2];
    loop {
        let next = fib[fib.len() - 1] + fib[fib.len() - 2];
        if next > MAX_N {
            return fib;
        }
        fib.push(next);
    }
}

/// The rules, with the Fibonacci table built once.
pub struct Game {
    fib: Vec<u64>,
}

impl Default for Game {
    fn default() -> Self {
        Self::new()
    }
}

impl Game {
    pub fn new() -> Game {
        Game { fib: table() }
    }

    /// Whether n (1 ≤ n ≤ 10^18) is a Fibonacci number.
    pub fn is_fibonacci(&self, n: u64) -> bool {
        self.fib.binary_search(&n).is_ok()
    }

    /// z(m): the smallest term of m's Zeckendorf representation (m ≥ 1),
    /// taking the largest Fibonacci number that fits, greedily.
    pub fn smallest_term(&self, m: u64) -> u64 {
        let mut rest = m;
        let mut last = 0;
        for &f in self.fib.iter().rev() {
            if f <= rest {
                rest -= f;
                last = f;
            }
        }
        last
    }

    /// Whether taking x stones first from a pile of n wins: it must be a
    /// legal first move (1 ≤ x < n), and then the opponent, facing n − x with
    /// cap 2x, must be unable to reach z(n − x).
    pub fn first_move_wins(&self, n: u64, x: u64) -> bool {
        1 <= x && x < n && 2 * x < self.smallest_term(n - x)
    }

    /// The answer for n, with the least winning move: z(n) itself.
    pub fn answer(&self, n: u64) -> Claim {
        if self.is_fibonacci(n) {
            Claim::Second
        } else {
            Claim::First(self.smallest_term(n) as i64)
        }
    }

    /// Judges a claim for a pile of n by the rules.
    pub fn judge(&self, n: u64, claim: &Claim) -> Result<(), String> {
        let lost = self.is_fibonacci(n);
        let x = match *claim {
            Claim::Second if lost => return Ok(()),
            Claim::Second => {
                return Err(format!(
                    "{n} is not a Fibonacci number, expected First (taking {} wins), found Second",
                    self.smallest_term(n)
                ));
            }
            Claim::First(_) if lost => {
                return Err(format!(
                    "{n} is a Fibonacci number, expected Second, found First"
                ));
            }
            Claim::First(x) => x,
        };
        if x < 1 {
            return Err(format!("First {x}: the first move takes at least 1 stone"));
        }
        let x = x as u64;
        if x >= n {
            return Err(format!(
                "First {x}: the first move must leave at least 1 of the {n} stones"
            ));
        }
        let z = self.smallest_term(n - x);
        if 2 * x >= z {
            return Err(format!(
                "First {x} loses: the opponent faces {} with cap {} ≥ {z}, its smallest \
                 Zeckendorf term, and wins (taking {} would win)",
                n - x,
                2 * x,
                self.smallest_term(n)
            ));
        }
        Ok(())
    }
}

/// A player's answer for one pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The first player loses.
    Second,
    /// The first player wins by taking this many stones first (as printed,
    /// so possibly out of range).
    First(i64),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_ends_at_the_largest_fibonacci_number_up_to_max() {
        let fib = table();
        assert_eq!(fib.last(), Some(&679_891_637_638_612_258));
        assert_eq!(fib.len(), 86);
    }

    #[test]
    fn small_terms_and_moves() {
        let game = Game::new();
        assert_eq!(game.smallest_term(100), 3);
        assert_eq!(game.smallest_term(12), 1);
        assert!(game.first_move_wins(100, 3) && game.first_move_wins(100, 11));
        assert!(!game.first_move_wins(100, 89) && !game.first_move_wins(10, 10));
        for phantom in [649, 12113, 14466, 15864] {
            assert!(!game.is_fibonacci(phantom));
        }
    }
}
