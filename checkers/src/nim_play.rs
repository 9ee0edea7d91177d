//! The nim-play interactor's logic: the position, move legality, the
//! winning rule and the jury's replies.
//!
//! A Nim position is lost for the player to move iff the xor of its piles is
//! 0 (Bouton). From a non-zero xor X the jury plays a winning move: it cuts
//! the first pile holding X's top bit down to `a_i xor X`. From a zero xor
//! every move loses, and the jury chooses among its LOSING replies by a
//! [`Policy`], always taking at least half of the chosen pile (rounded up).
//!
//! That rule bounds the game: let the potential be the sum over the piles of
//! their bit lengths (at most 60 per pile, as 10^18 < 2^60). Leaving at most
//! `floor(a / 2)` of `a` stones lowers the pile's bit length by at least 1,
//! and no move raises it; so against a contestant who always restores a zero
//! xor, the jury moves at most `potential` times and the contestant at most
//! `potential + 1` times. [`Position::move_cap`] is that bound: a contestant
//! who needs more moves has handed the win to the jury somewhere.
//! `certify_nim_play` checks all of this against a search of the game.

use std::fmt;

/// How the jury chooses among its losing replies (from a zero xor).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// A non-empty pile chosen uniformly, then a uniform number of stones
    /// between half the pile (rounded up) and all of it.
    Random,
    /// The reply that survives longest: it keeps the largest potential (the
    /// pile loses exactly one bit of length), and among those it leaves the
    /// contestant the fewest winning replies (the piles holding the new xor's
    /// top bit); ties are broken by the seed, pile first, then the stones
    /// left.
    Longest,
}

impl Policy {
    /// The policy named in a test (`random` or `longest`).
    pub fn parse(word: &[u8]) -> Option<Policy> {
        match word {
            b"random" => Some(Policy::Random),
            b"longest" => Some(Policy::Longest),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Policy::Random => "random",
            Policy::Longest => "longest",
        }
    }
}

/// The jury's random numbers: splitmix64, seeded from the test, so that a
/// test always plays out the same way against the same moves.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by the high half of a 128-bit product.
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "an empty range");
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// A number in `lo..=hi`.
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "an empty range");
        match (hi - lo).checked_add(1) {
            Some(n) => lo + self.below(n),
            None => self.next_u64(),
        }
    }
}

/// The number of binary digits of `a` (0 for 0).
pub fn bit_length(a: u64) -> u32 {
    64 - a.leading_zeros()
}

/// The sum of the piles' bit lengths: the jury's losing replies each lower
/// it by at least one.
pub fn potential(piles: &[u64]) -> u64 {
    piles.iter().map(|&a| u64::from(bit_length(a))).sum()
}

/// The fewest stones a losing reply of the jury takes from a pile of `a`:
/// half of it, rounded up.
pub fn least_jury_take(a: u64) -> u64 {
    a - a / 2
}

/// Why a contestant's move is not a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The pile index is not in 1..=n.
    NoSuchPile { pile: i64, n: usize },
    /// Fewer than one stone taken.
    TakesNothing { pile: i64, take: i64 },
    /// More stones taken than the pile holds.
    TooMany { pile: i64, stones: u64, take: i64 },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::NoSuchPile { pile, n } => {
                write!(f, "there is no pile {pile} (the piles are 1..{n})")
            }
            Illegal::TakesNothing { pile, take } => write!(
                f,
                "taking {take} stone(s) from pile {pile} is not a move (a move takes at least 1)"
            ),
            Illegal::TooMany { pile, stones, take } => {
                write!(f, "pile {pile} holds {stones} stone(s), cannot take {take}")
            }
        }
    }
}

/// A game in progress: the piles, their xor, how many piles hold each bit,
/// and the non-empty piles listed by their top bit, all kept up to date
/// move by move, so that the jury chooses a reply in O(64) steps whatever
/// the number of piles.
#[derive(Clone, Debug)]
pub struct Position {
    piles: Vec<u64>,
    xor: u64,
    holding: [u32; 64],
    /// `by_top[b]`: the non-empty piles whose top bit is `b`, in no order.
    by_top: Vec<Vec<usize>>,
    /// Where each non-empty pile stands in its `by_top` list.
    slot: Vec<usize>,
    non_empty: usize,
}

impl Position {
    pub fn new(piles: &[u64]) -> Position {
        let mut p = Position {
            piles: vec![0; piles.len()],
            xor: 0,
            holding: [0; 64],
            by_top: vec![Vec::new(); 64],
            slot: vec![0; piles.len()],
            non_empty: 0,
        };
        for (i, &a) in piles.iter().enumerate() {
            p.set(i, a);
        }
        p
    }

    /// Sets pile `i` to `a` stones, keeping the counts and lists.
    fn set(&mut self, i: usize, a: u64) {
        let before = self.piles[i];
        self.piles[i] = a;
        self.xor ^= before ^ a;
        for bit in 0..64 {
            let (was, is) = (before >> bit & 1, a >> bit & 1);
            if was != is {
                if was == 1 {
                    self.holding[bit] -= 1;
                } else {
                    self.holding[bit] += 1;
                }
            }
        }
        let (old_top, new_top) = (bit_length(before), bit_length(a));
        if old_top == new_top {
            return;
        }
        if old_top > 0 {
            let list = &mut self.by_top[old_top as usize - 1];
            let at = self.slot[i];
            list.swap_remove(at);
            if let Some(&moved) = list.get(at) {
                self.slot[moved] = at;
            }
            self.non_empty -= 1;
        }
        if new_top > 0 {
            let list = &mut self.by_top[new_top as usize - 1];
            self.slot[i] = list.len();
            list.push(i);
            self.non_empty += 1;
        }
    }

    /// The `k`-th non-empty pile (0-based) among those whose top bit passes
    /// `keep`, counting list by list from bit 0.
    fn kth_pile(&self, mut k: usize, keep: impl Fn(usize) -> bool) -> usize {
        for (bit, list) in self.by_top.iter().enumerate() {
            if !keep(bit) {
                continue;
            }
            if k < list.len() {
                return list[k];
            }
            k -= list.len();
        }
        unreachable!("fewer piles than counted")
    }

    pub fn piles(&self) -> &[u64] {
        &self.piles
    }

    pub fn xor(&self) -> u64 {
        self.xor
    }

    /// True iff the player to move wins (the xor is not 0).
    pub fn mover_wins(&self) -> bool {
        self.xor != 0
    }

    /// True iff no stone is left: the player who moved last has won.
    pub fn is_over(&self) -> bool {
        self.non_empty == 0
    }

    /// The most moves a contestant who always restores a zero xor makes in
    /// a game from this position (see the module's documentation).
    pub fn move_cap(&self) -> u64 {
        potential(&self.piles) + 1
    }

    /// Checks a contestant's move as written (1-based pile, stones taken)
    /// and returns it as (0-based pile, stones taken).
    pub fn check(&self, pile: i64, take: i64) -> Result<(usize, u64), Illegal> {
        let n = self.piles.len();
        if pile < 1 || pile > n as i64 {
            return Err(Illegal::NoSuchPile { pile, n });
        }
        if take < 1 {
            return Err(Illegal::TakesNothing { pile, take });
        }
        let stones = self.piles[pile as usize - 1];
        if take as u64 > stones {
            return Err(Illegal::TooMany { pile, stones, take });
        }
        Ok((pile as usize - 1, take as u64))
    }

    /// Takes `take` stones from pile `i` (0-based); the move must be legal.
    pub fn apply(&mut self, i: usize, take: u64) {
        let before = self.piles[i];
        assert!(
            (1..=before).contains(&take),
            "taking {take} of {before} stones"
        );
        self.set(i, before - take);
    }

    /// A winning move (0-based pile, stones taken) if the player to move
    /// wins: the first pile holding the xor's top bit, cut to `a_i xor X`.
    pub fn winning_move(&self) -> Option<(usize, u64)> {
        if self.xor == 0 {
            return None;
        }
        let top = 63 - self.xor.leading_zeros();
        let i = self.piles.iter().position(|&a| a >> top & 1 == 1)?;
        Some((i, self.piles[i] - (self.piles[i] ^ self.xor)))
    }

    /// The number of winning replies the contestant has after the jury
    /// cuts a pile of top bit `b` to below 2^b: the other piles holding bit
    /// `b`, which becomes the xor's top bit (each can be cut in one way).
    fn winning_replies_after_cutting_top(&self, b: usize) -> u32 {
        self.holding[b] - 1
    }

    /// The jury's move (0-based pile, stones taken) on a position with at
    /// least one stone: a winning move if there is one, else a losing reply
    /// chosen by `policy` that takes at least half of its pile.
    pub fn jury_move(&self, policy: Policy, rng: &mut Rng) -> (usize, u64) {
        assert!(!self.is_over(), "the jury has no move");
        if let Some(m) = self.winning_move() {
            return m;
        }
        match policy {
            Policy::Random => {
                let k = rng.below(self.non_empty as u64) as usize;
                let i = self.kth_pile(k, |_| true);
                let a = self.piles[i];
                (i, rng.between(least_jury_take(a), a))
            }
            Policy::Longest => {
                // The fewest winning replies over the top bits of the
                // non-empty piles, then one of the piles reaching it, chosen
                // by the seed.
                let tops = || (0..64).filter(|&b| !self.by_top[b].is_empty());
                let best = tops()
                    .map(|b| self.winning_replies_after_cutting_top(b))
                    .min()
                    .unwrap();
                let tie = |b: usize| {
                    !self.by_top[b].is_empty() && self.winning_replies_after_cutting_top(b) == best
                };
                let ties: usize = (0..64)
                    .filter(|&b| tie(b))
                    .map(|b| self.by_top[b].len())
                    .sum();
                let i = self.kth_pile(rng.below(ties as u64) as usize, tie);
                // Leave a number of exactly one bit fewer: 2^(b-2) ..= a/2
                // for a pile of b bits (0 for a single stone).
                let a = self.piles[i];
                let b = bit_length(a);
                let lowest = if b >= 2 { 1u64 << (b - 2) } else { 0 };
                let left = rng.between(lowest, a / 2);
                (i, a - left)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_moves_are_named() {
        let p = Position::new(&[3, 0, 5]);
        assert_eq!(p.check(3, 5), Ok((2, 5)));
        assert_eq!(p.check(0, 1), Err(Illegal::NoSuchPile { pile: 0, n: 3 }));
        assert_eq!(p.check(4, 1), Err(Illegal::NoSuchPile { pile: 4, n: 3 }));
        assert_eq!(
            p.check(1, 0),
            Err(Illegal::TakesNothing { pile: 1, take: 0 })
        );
        assert_eq!(
            p.check(2, 1),
            Err(Illegal::TooMany {
                pile: 2,
                stones: 0,
                take: 1
            })
        );
        assert_eq!(
            Illegal::TooMany {
                pile: 2,
                stones: 7,
                take: 9
            }
            .to_string(),
            "pile 2 holds 7 stone(s), cannot take 9"
        );
    }

    #[test]
    fn counts_follow_the_moves() {
        let mut p = Position::new(&[6, 5, 3]);
        assert_eq!(p.xor(), 0);
        p.apply(0, 6);
        assert_eq!((p.xor(), p.non_empty), (6, 2));
        assert_eq!(p.holding[..3], [2, 1, 1]);
        assert_eq!(
            (p.by_top[2].clone(), p.by_top[1].clone()),
            (vec![1], vec![2])
        );
        p.apply(2, 2);
        assert_eq!(
            (p.by_top[1].len(), p.by_top[0].clone(), p.slot[2]),
            (0, vec![2], 0)
        );
        assert_eq!(p.winning_move(), Some((1, 4)));
        assert_eq!(p.move_cap(), 3 + 1 + 1);
    }

    #[test]
    fn the_rng_stays_in_range() {
        let mut rng = Rng::new(7);
        for _ in 0..1000 {
            assert!((3..=9).contains(&rng.between(3, 9)));
        }
        assert!(rng.between(0, u64::MAX) > 0 || rng.between(0, u64::MAX) > 0);
    }
}
