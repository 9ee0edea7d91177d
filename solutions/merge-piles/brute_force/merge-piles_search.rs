// Merge piles by game search: a position (the multiset of pile sizes) is
// winning iff some move — removing one stone from a pile, or merging two
// piles — leads to a losing one. Positions are memoised across cases. Only
// for small inputs: the number of positions explodes with the stones, and
// the search gives up (a runtime error) once its memo holds 2^24 piles.
use std::collections::HashMap;
use std::io::{self, Read, Write};

const MAX_STORED_PILES: usize = 1 << 24;

#[derive(Default)]
pub struct Search {
    memo: HashMap<Vec<u64>, bool>,
    stored_piles: usize,
}

impl Search {
    pub fn new() -> Search {
        Search::default()
    }

    /// Whether the player to move wins on these piles (in any order).
    pub fn first_wins(&mut self, piles: &[u64]) -> bool {
        let mut position = piles.to_vec();
        position.sort_unstable();
        self.wins(position)
    }

    /// The number of positions searched so far.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// `position` is sorted; every move below keeps it sorted.
    fn wins(&mut self, position: Vec<u64>) -> bool {
        if let Some(&win) = self.memo.get(&position) {
            return win;
        }
        let win = self
            .moves(&position)
            .into_iter()
            .any(|next| !self.wins(next));
        self.stored_piles += position.len();
        assert!(
            self.stored_piles <= MAX_STORED_PILES,
            "too many positions for a search"
        );
        self.memo.insert(position, win);
        win
    }

    fn moves(&self, position: &[u64]) -> Vec<Vec<u64>> {
        let mut moves = Vec::new();
        for i in 0..position.len() {
            // Equal piles give equal moves: try each size once.
            if i > 0 && position[i] == position[i - 1] {
                continue;
            }
            let mut next = position.to_vec();
            if next[i] == 1 {
                next.remove(i);
            } else {
                next[i] -= 1;
                next.sort_unstable();
            }
            moves.push(next);
            for j in i + 1..position.len() {
                if j > i + 1 && position[j] == position[j - 1] {
                    continue;
                }
                let mut next: Vec<u64> = position.to_vec();
                next.remove(j);
                next.remove(i);
                next.push(position[i] + position[j]);
                next.sort_unstable();
                moves.push(next);
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
        let n = it.next().unwrap();
        let piles: Vec<u64> = (0..n).map(|_| it.next().unwrap()).collect();
        out.push_str(if search.first_wins(&piles) {
            "First\n"
        } else {
            "Second\n"
        });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
