// Nim by game search: a position is winning iff some move (leave a pile with
// fewer stones) leads to a losing one; with no stones left the player to move
// has no move and loses. Positions are memoised as sorted lists of the
// non-empty piles, so the order of piles does not matter. Only for small
// piles: the number of positions is the product of (a_i + 1).
use std::collections::HashMap;
use std::io::{self, Read, Write};

#[derive(Default)]
pub struct Search {
    memo: HashMap<Vec<u64>, bool>,
}

/// A position in memo form: its non-empty piles, sorted.
fn key(mut piles: Vec<u64>) -> Vec<u64> {
    piles.retain(|&a| a > 0);
    piles.sort_unstable();
    piles
}

/// The position after leaving `left` stones in pile `i`, in memo form.
fn after(piles: &[u64], i: usize, left: u64) -> Vec<u64> {
    let mut next = piles.to_vec();
    next[i] = left;
    key(next)
}

impl Search {
    pub fn new() -> Search {
        Search::default()
    }

    /// True iff the player to move wins.
    pub fn first_wins(&mut self, piles: &[u64]) -> bool {
        self.wins(key(piles.to_vec()))
    }

    fn wins(&mut self, key: Vec<u64>) -> bool {
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut win = false;
        'moves: for i in 0..key.len() {
            for left in 0..key[i] {
                if !self.wins(after(&key, i, left)) {
                    win = true;
                    break 'moves;
                }
            }
        }
        self.memo.insert(key, win);
        win
    }

    /// Every winning move as (1-based pile, stones left), piles in order and
    /// then by stones left.
    pub fn winning_moves(&mut self, piles: &[u64]) -> Vec<(usize, u64)> {
        let mut moves = Vec::new();
        for i in 0..piles.len() {
            for left in 0..piles[i] {
                if !self.wins(after(piles, i, left)) {
                    moves.push((i + 1, left));
                }
            }
        }
        moves
    }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|x| x.parse::<u64>().unwrap());
    let t = it.next().unwrap();
    let mut search = Search::new();
    let mut out = String::new();
    for _ in 0..t {
        let n = it.next().unwrap() as usize;
        let piles: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
        // Refuse what the search cannot finish rather than eat all memory.
        let positions = piles
            .iter()
            .fold(1u64, |p, &a| p.saturating_mul(a.saturating_add(1)));
        assert!(positions <= 1 << 22, "too many positions for a search");
        match search.winning_moves(&piles).first() {
            None => out.push_str("Second\n"),
            Some((i, left)) => out.push_str(&format!("First {i} {left}\n")),
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
