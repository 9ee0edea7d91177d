// Playing Nim by searching the game, no formula: a position is winning iff
// some move (take stones from one pile) leads to a losing one; with no stone
// left the player to move has lost. Positions are memoised as the sorted
// list of their non-empty piles. We choose First iff the start is winning
// and then always play the first move the search finds winning. Only for
// small piles: the positions number the product of (a_i + 1).
use std::collections::HashMap;
use std::io::{self, BufRead, Write};

#[derive(Default)]
pub struct Search {
    memo: HashMap<Vec<u64>, bool>,
}

fn key(piles: &[u64]) -> Vec<u64> {
    let mut k: Vec<u64> = piles.iter().copied().filter(|&a| a > 0).collect();
    k.sort_unstable();
    k
}

impl Search {
    pub fn new() -> Search {
        Search::default()
    }

    /// True iff the player to move wins.
    pub fn wins(&mut self, piles: &[u64]) -> bool {
        let k = key(piles);
        if let Some(&w) = self.memo.get(&k) {
            return w;
        }
        let mut next = k.clone();
        let mut win = false;
        'moves: for i in 0..k.len() {
            for take in 1..=k[i] {
                next[i] = k[i] - take;
                if !self.wins(&next) {
                    win = true;
                    break 'moves;
                }
            }
            next[i] = k[i];
        }
        self.memo.insert(k, win);
        win
    }

    /// Every winning move as (1-based pile, stones taken), by pile and then
    /// by stones taken.
    pub fn winning_moves(&mut self, piles: &[u64]) -> Vec<(usize, u64)> {
        let mut moves = Vec::new();
        let mut next = piles.to_vec();
        for i in 0..piles.len() {
            for take in 1..=piles[i] {
                next[i] = piles[i] - take;
                if !self.wins(&next) {
                    moves.push((i + 1, take));
                }
            }
            next[i] = piles[i];
        }
        moves
    }
}

/// Whitespace-separated numbers from stdin, a line at a time.
struct Words {
    line: String,
    pos: usize,
}

impl Words {
    fn next(&mut self) -> u64 {
        loop {
            let rest = &self.line[self.pos..];
            if let Some(start) = rest.find(|c: char| !c.is_ascii_whitespace()) {
                let word = &rest[start..];
                let end = word
                    .find(|c: char| c.is_ascii_whitespace())
                    .unwrap_or(word.len());
                self.pos += start + end;
                return word[..end].parse().expect("a number");
            }
            self.line.clear();
            self.pos = 0;
            if io::stdin().lock().read_line(&mut self.line).unwrap() == 0 {
                std::process::exit(0);
            }
        }
    }
}

fn main() {
    let mut words = Words {
        line: String::new(),
        pos: 0,
    };
    let mut out = io::stdout().lock();
    let mut search = Search::new();
    let t = words.next();
    for _ in 0..t {
        let n = words.next() as usize;
        let mut piles: Vec<u64> = (0..n).map(|_| words.next()).collect();
        // Refuse what the search cannot finish rather than eat all memory.
        let positions = piles
            .iter()
            .fold(1u64, |p, &a| p.saturating_mul(a.saturating_add(1)));
        assert!(positions <= 1 << 22, "too many positions for a search");
        let mut mine = search.wins(&piles);
        writeln!(out, "{}", if mine { "First" } else { "Second" }).unwrap();
        out.flush().unwrap();
        while piles.iter().any(|&a| a > 0) {
            let (i, take) = if mine {
                let (i, take) = search.winning_moves(&piles)[0];
                writeln!(out, "{i} {take}").unwrap();
                out.flush().unwrap();
                (i, take)
            } else {
                (words.next() as usize, words.next())
            };
            piles[i - 1] -= take;
            mine = !mine;
        }
    }
}
