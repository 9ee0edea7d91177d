// Misère Nim by game search: a position is winning iff some move (leave a
// pile with fewer stones) leads to a losing one; once every stone is gone,
// the player who took the last one lost, so the player to move has won.
// Positions are memoised as sorted lists of the non-empty piles. Only for
// small piles: the number of positions is the product of (a_i + 1).
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

impl Search {
    pub fn new() -> Search {
        Search::default()
    }

    /// True iff the player to move wins.
    pub fn first_wins(&mut self, piles: &[u64]) -> bool {
        self.wins(key(piles.to_vec()))
    }

    fn wins(&mut self, position: Vec<u64>) -> bool {
        if position.is_empty() {
            return true;
        }
        if let Some(&w) = self.memo.get(&position) {
            return w;
        }
        let mut win = false;
        'moves: for i in 0..position.len() {
            for left in 0..position[i] {
                let mut next = position.clone();
                next[i] = left;
                if !self.wins(key(next)) {
                    win = true;
                    break 'moves;
                }
            }
        }
        self.memo.insert(position, win);
        win
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
        out.push_str(if search.first_wins(&piles) {
            "First\n"
        } else {
            "Second\n"
        });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
