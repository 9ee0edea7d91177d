//! The fibonacci-play interactor's logic: the position, move legality, the
//! winning rule and the jury's replies.
//!
//! One pile of n stones; the first move takes 1 to n − 1 stones, every later
//! move 1 to twice the previous move (and at most what is left); whoever
//! takes the last stone wins. Write m as its Zeckendorf sum (non-consecutive
//! Fibonacci numbers 1, 2, 3, 5, ...) and let z(m) be its smallest term. The
//! player to move with m stones and cap c wins iff c ≥ z(m); so the first
//! player (cap n − 1) loses iff n is a Fibonacci number. The winning moves
//! are the sums of the j smallest terms, P_j, with 2·P_j below the next
//! term (P_1 = z(m) always qualifies), and the whole pile when the cap
//! allows it; no move below z(m) wins.
//!
//! When the jury loses it picks a reply by a [`Policy`]. Left free, a losing
//! reply can make the game last about n moves (take one stone, and the
//! winner's replies stay tiny). So `strong` and `random` follow the rule
//! behind [`Position::rule_moves`]: a reply (after the first move) must
//! leave a pile whose smallest term is larger than the contestant's last
//! move. Every winning move is at least that smallest term, and Zeckendorf
//! terms are Fibonacci numbers, so each move of a winning contestant then
//! reaches a larger Fibonacci number than its previous one: at most
//! [`index`]`(n)` ≤ 86 moves each way in a game. `uniform` and `slow` follow
//! no rule; a game under them has at most n moves, which is why their n is
//! bounded ([`MAX_SLOW_N`]). [`budget`] is the bound per game; a test's
//! budgets add up to at most [`MAX_MOVES`]. `certify_fibonacci_play` checks
//! all of this against a search of the game.

use std::cmp::Reverse;
use std::fmt;

pub use crate::nim_play::Rng;

/// The largest n.
pub const MAX_N: u64 = 1_000_000_000_000_000_000;
/// The most games in a test.
pub const MAX_T: usize = 1000;
/// The largest n of a game against `uniform` or `slow`.
pub const MAX_SLOW_N: u64 = 200_000;
/// The most moves (both sides) the games of a test may need, by [`budget`]:
/// about 10^5 lines each way.
pub const MAX_MOVES: u64 = 200_000;
/// How many more moves a contestant who has lost a game may make before the
/// interactor stops it.
pub const AFTER_MISTAKE: u64 = 1000;
/// The first move of `strong` is the best of the first this many takes (on
/// the largest piles the best is 4; certified up to 600 stones).
pub const STRONG_FIRST: u64 = 16;

/// The distinct Fibonacci numbers 1, 2, 3, 5, ... up to 10^18.
pub const FIB: [u64; 86] = {
    let mut f = [0u64; 86];
    f[0] = 1;
    f[1] = 2;
    let mut i = 2;
    while i < 86 {
        f[i] = f[i - 1] + f[i - 2];
        i += 1;
    }
    f
};

/// How many Fibonacci numbers are at most `m` (so `FIB[index(m) - 1]` is the
/// largest one); 0 for 0.
pub fn index(m: u64) -> usize {
    FIB.partition_point(|&f| f <= m)
}

pub fn is_fibonacci(m: u64) -> bool {
    FIB.binary_search(&m).is_ok()
}

/// The Zeckendorf terms of `m`, smallest first (greedy from the largest).
pub fn terms(m: u64) -> Vec<u64> {
    let mut rest = m;
    let mut out = Vec::new();
    for &f in FIB[..index(m)].iter().rev() {
        if f <= rest {
            rest -= f;
            out.push(f);
        }
    }
    out.reverse();
    out
}

/// z(m): the smallest Zeckendorf term of `m` (m ≥ 1).
pub fn smallest_term(m: u64) -> u64 {
    assert!(m > 0, "0 has no Zeckendorf term");
    let mut rest = m;
    let mut last = 0;
    for &f in FIB[..index(m)].iter().rev() {
        if f <= rest {
            rest -= f;
            last = f;
            if rest == 0 {
                break;
            }
        }
    }
    last
}

/// `m` without its Zeckendorf terms below `least`: the largest number at
/// most `m` whose terms are all at least `least` (a Fibonacci number).
fn drop_terms_below(m: u64, least: u64) -> u64 {
    let mut rest = m;
    let mut kept = 0;
    for &f in FIB[..index(m)].iter().rev() {
        if f < least {
            break;
        }
        if f <= rest {
            rest -= f;
            kept += f;
        }
    }
    kept
}

/// Whether taking `x` of `s` stones (1 ≤ x ≤ s) wins for the mover: it takes
/// the last stone, or the opponent's cap 2x is below z(s − x).
pub fn move_wins(s: u64, x: u64) -> bool {
    x == s || 2 * x < smallest_term(s - x)
}

/// Every winning move with `s` stones and cap `cap`, ascending: the sums of
/// the smallest terms that stay below half the next term, and the whole
/// pile if the cap allows it.
pub fn winning_moves(s: u64, cap: u64) -> Vec<u64> {
    let t = terms(s);
    let mut out = Vec::new();
    let mut sum = 0;
    for j in 0..t.len() {
        sum += t[j];
        if sum > cap {
            break;
        }
        if j + 1 == t.len() || 2 * sum < t[j + 1] {
            out.push(sum);
        }
    }
    out
}

/// How the jury chooses among its losing replies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// The rule's reply (see the module) that leaves the smallest smallest
    /// term, so that the contestant's moves grow as slowly as they can,
    /// then the fewest winning replies (the contestant's hardest position),
    /// then the most stones ([`Position::strong_measure`]); in practice the
    /// rule leaves one reply. Its first move (when the contestant chose
    /// Second) is the take of 1..=16 after which the game lasts longest,
    /// by [`Position::simulated_length`]: twice as long as after taking 1
    /// on the largest piles. It needs no seed.
    Strong,
    /// One of the rule's replies, uniformly; its first move takes a number
    /// of a uniform bit length, then uniform of that length: varied starts
    /// (the rule leaves little choice afterwards).
    Random,
    /// Any legal reply, uniformly (1 to the cap): no rule, long games.
    Uniform,
    /// One stone, always: the longest games.
    Slow,
}

impl Policy {
    pub const ALL: [Policy; 4] = [
        Policy::Strong,
        Policy::Random,
        Policy::Uniform,
        Policy::Slow,
    ];

    /// The policy named in a test.
    pub fn parse(word: &[u8]) -> Option<Policy> {
        Policy::ALL
            .into_iter()
            .find(|p| p.name().as_bytes() == word)
    }

    pub fn name(self) -> &'static str {
        match self {
            Policy::Strong => "strong",
            Policy::Random => "random",
            Policy::Uniform => "uniform",
            Policy::Slow => "slow",
        }
    }

    /// Whether its losing replies follow the rule that keeps games short.
    pub fn keeps_games_short(self) -> bool {
        matches!(self, Policy::Strong | Policy::Random)
    }

    /// The largest n a game under this policy may have.
    pub fn max_n(self) -> u64 {
        if self.keeps_games_short() {
            MAX_N
        } else {
            MAX_SLOW_N
        }
    }
}

/// The most moves a winning contestant makes in a game of n stones.
pub fn contestant_move_cap(n: u64, policy: Policy) -> u64 {
    if policy.keeps_games_short() {
        index(n) as u64
    } else {
        // Every move takes a stone and the contestant moves at most once
        // more than the jury.
        n.div_ceil(2)
    }
}

/// The most moves (both sides) of a game of n stones the contestant wins.
pub fn budget(n: u64, policy: Policy) -> u64 {
    if policy.keeps_games_short() {
        n.min(2 * index(n) as u64)
    } else {
        n
    }
}

/// Why a contestant's move is not a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// Fewer than one stone taken.
    TakesNothing { take: i64 },
    /// More stones taken than are left.
    TooMany { stones: u64, take: i64 },
    /// The first move took the whole pile.
    WholePile { stones: u64 },
    /// More than twice the previous move.
    OverCap { last: u64, take: i64 },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::TakesNothing { take } => {
                write!(
                    f,
                    "taking {take} stone(s) is not a move (a move takes at least 1)"
                )
            }
            Illegal::TooMany { stones, take } => {
                write!(f, "only {stones} stone(s) are left, cannot take {take}")
            }
            Illegal::WholePile { stones } => write!(
                f,
                "the first move may not take the whole pile of {stones} (at most {})",
                stones - 1
            ),
            Illegal::OverCap { last, take } => write!(
                f,
                "the previous move took {last}, so a move takes at most {}, not {take}",
                2 * last
            ),
        }
    }
}

/// A game in progress: the stones left and the previous move (0 before the
/// first move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    stones: u64,
    last: u64,
}

impl Position {
    /// The start: n ≥ 2 stones, no move yet.
    pub fn new(n: u64) -> Position {
        assert!(n >= 2, "a game needs at least 2 stones");
        Position { stones: n, last: 0 }
    }

    /// A position after a move of `last` stones (≥ 1) left `stones`.
    pub fn after(stones: u64, last: u64) -> Position {
        assert!(last >= 1, "a previous move takes a stone");
        Position { stones, last }
    }

    pub fn stones(&self) -> u64 {
        self.stones
    }

    /// The previous move, 0 before the first.
    pub fn last(&self) -> u64 {
        self.last
    }

    /// True iff no stone is left: the player who moved last has won.
    pub fn is_over(&self) -> bool {
        self.stones == 0
    }

    /// The most the player to move may take.
    pub fn cap(&self) -> u64 {
        if self.last == 0 {
            self.stones - 1
        } else {
            self.stones.min(2 * self.last)
        }
    }

    /// True iff the player to move wins: its cap reaches z(stones).
    pub fn mover_wins(&self) -> bool {
        self.stones > 0 && self.cap() >= smallest_term(self.stones)
    }

    /// Checks a contestant's move as written and returns it.
    pub fn check(&self, take: i64) -> Result<u64, Illegal> {
        if take < 1 {
            return Err(Illegal::TakesNothing { take });
        }
        let stones = self.stones;
        if take as u64 > stones {
            return Err(Illegal::TooMany { stones, take });
        }
        if self.last == 0 && take as u64 == stones {
            return Err(Illegal::WholePile { stones });
        }
        if self.last > 0 && take as u64 > 2 * self.last {
            return Err(Illegal::OverCap {
                last: self.last,
                take,
            });
        }
        Ok(take as u64)
    }

    /// Takes `take` stones; the move must be legal.
    pub fn apply(&mut self, take: u64) {
        assert!(
            (1..=self.cap()).contains(&take),
            "taking {take} with {} stones left, cap {}",
            self.stones,
            self.cap()
        );
        self.stones -= take;
        self.last = take;
    }

    /// The position after taking `take` (legal).
    pub fn then(mut self, take: u64) -> Position {
        self.apply(take);
        self
    }

    /// The least winning move, z(stones), if the player to move wins.
    pub fn winning_move(&self) -> Option<u64> {
        self.mover_wins().then(|| smallest_term(self.stones))
    }

    /// Every winning move, ascending.
    pub fn winning_moves(&self) -> Vec<u64> {
        winning_moves(self.stones, self.cap())
    }

    /// The losing replies the rule allows after the first move (ascending):
    /// those leaving a pile whose smallest term is larger than the previous
    /// move. Writing the pile as H + F (F = z(stones) > cap), the pile left
    /// is H + (F − y) and its smallest term is that of F − y; so they are the
    /// numbers below F whose terms all exceed the previous move, down to
    /// F − cap, each found from the one above it by dropping the small
    /// terms of one less. There are at most a handful, and at least one
    /// (those numbers are at most the cap apart).
    pub fn rule_moves(&self) -> Vec<u64> {
        assert!(
            self.last > 0 && !self.mover_wins(),
            "the rule is for losing replies after the first move"
        );
        let f = smallest_term(self.stones);
        let least = FIB[index(self.last)];
        let cap = self.cap();
        let mut out = Vec::new();
        let mut left = drop_terms_below(f - 1, least);
        while left >= 1 && f - left <= cap {
            out.push(f - left);
            left = drop_terms_below(left - 1, least);
        }
        out
    }

    /// What `strong` minimises over its replies `y`: the smallest term of
    /// the pile left, then the number of the contestant's winning replies,
    /// then `y` itself (the most stones left).
    pub fn strong_measure(&self, y: u64) -> (u64, usize, u64) {
        let next = self.then(y);
        (smallest_term(next.stones), next.winning_moves().len(), y)
    }

    /// The number of moves the contestant makes from here (its turn, in a
    /// winning position) when it always takes its least winning move and
    /// the jury replies by `strong`'s rule (no simulation after the first
    /// move). At most 86.
    pub fn simulated_length(mut self) -> u64 {
        let mut moves = 0;
        loop {
            self.apply(self.winning_move().expect("a winning position"));
            moves += 1;
            if self.is_over() {
                return moves;
            }
            let y = self
                .rule_moves()
                .into_iter()
                .min_by_key(|&y| self.strong_measure(y))
                .unwrap();
            self.apply(y);
        }
    }

    /// The jury's move on a position with at least one stone: the least
    /// winning move if there is one, else a losing reply chosen by
    /// `policy`.
    pub fn jury_move(&self, policy: Policy, rng: &mut Rng) -> u64 {
        assert!(!self.is_over(), "the jury has no move");
        if let Some(x) = self.winning_move() {
            return x;
        }
        let cap = self.cap();
        match policy {
            Policy::Slow => 1,
            Policy::Uniform => rng.between(1, cap),
            Policy::Random if self.last == 0 => {
                let bits = rng.between(1, u64::from(64 - cap.leading_zeros()));
                let low = 1u64 << (bits - 1);
                rng.between(low, cap.min((low << 1) - 1))
            }
            Policy::Random => {
                let moves = self.rule_moves();
                moves[rng.below(moves.len() as u64) as usize]
            }
            // The longest game by simulation; 1 wins ties.
            Policy::Strong if self.last == 0 => (1..=cap.min(STRONG_FIRST))
                .max_by_key(|&y| (self.then(y).simulated_length(), Reverse(y)))
                .unwrap(),
            Policy::Strong => self
                .rule_moves()
                .into_iter()
                .min_by_key(|&y| self.strong_measure(y))
                .unwrap(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_the_fibonacci_checkers() {
        assert_eq!(FIB.to_vec(), crate::fibonacci::table());
        assert_eq!(FIB[85], 679_891_637_638_612_258);
        assert!(FIB[85] + FIB[84] > MAX_N);
        assert_eq!(
            (index(0), index(1), index(4), index(5), index(MAX_N)),
            (0, 1, 3, 4, 86)
        );
    }

    #[test]
    fn terms_and_winning_moves() {
        assert_eq!(terms(100), vec![3, 8, 89]);
        assert_eq!(smallest_term(100), 3);
        assert_eq!(drop_terms_below(100, 5), 97);
        assert_eq!(drop_terms_below(12, 3), 11);
        // 3 and 3 + 8 = 11 (22 < 89) win; the whole pile only with cap 100.
        assert_eq!(winning_moves(100, 99), vec![3, 11]);
        assert_eq!(winning_moves(100, 100), vec![3, 11, 100]);
        assert_eq!(winning_moves(100, 2), Vec::<u64>::new());
        assert!(move_wins(100, 11) && !move_wins(100, 10));
    }

    #[test]
    fn illegal_moves_are_named() {
        let start = Position::new(8);
        assert_eq!(start.check(7), Ok(7));
        assert_eq!(start.check(8), Err(Illegal::WholePile { stones: 8 }));
        assert_eq!(start.check(9), Err(Illegal::TooMany { stones: 8, take: 9 }));
        assert_eq!(start.check(0), Err(Illegal::TakesNothing { take: 0 }));
        let p = Position::after(6, 2);
        assert_eq!(p.check(4), Ok(4));
        assert_eq!(p.check(5), Err(Illegal::OverCap { last: 2, take: 5 }));
        assert_eq!(
            Illegal::OverCap { last: 2, take: 5 }.to_string(),
            "the previous move took 2, so a move takes at most 4, not 5"
        );
    }

    #[test]
    fn rule_moves_on_large_piles() {
        // 10^18 = ... + F, the jury facing it after a move of 10^9 stones.
        let mut rng = Rng::new(3);
        for _ in 0..2000 {
            let z = FIB[rng.between(10, 85) as usize];
            let high = terms(rng.between(0, MAX_N - z))
                .into_iter()
                .filter(|&t| t > 3 * z)
                .sum::<u64>();
            let last = rng.between(1, (z - 1) / 2);
            let p = Position::after(high + z, last);
            assert!(!p.mover_wins());
            let moves = p.rule_moves();
            assert!((1..=4).contains(&moves.len()), "{p:?}: {moves:?}");
            for y in moves {
                assert!(y <= p.cap() && smallest_term(p.stones - y) > last);
            }
        }
    }
}
