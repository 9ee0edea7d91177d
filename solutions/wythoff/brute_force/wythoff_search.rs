// Wythoff's game by game search, no formula: a position is losing iff no
// move (take 1..=a from the first pile, 1..=b from the second, or the same
// amount from both) reaches a losing one. The table covers every position
// up to the largest pile in the input, in O(m³) time: only for small tests.
use std::io::{self, Read, Write};

// Beyond this the search would take hours; it gives up instead.
const LIMIT: usize = 2_000;

// lose[a][b] for all 0 ≤ a, b ≤ m, row by row: every move lowers a pile.
pub fn losing_table(m: usize) -> Vec<Vec<bool>> {
    assert!(m <= LIMIT, "a pile of {m} is too large for a search");
    let mut lose = vec![vec![false; m + 1]; m + 1];
    for a in 0..=m {
        for b in 0..=m {
            let one = (0..a).any(|x| lose[x][b]);
            let other = (0..b).any(|y| lose[a][y]);
            let both = (1..=a.min(b)).any(|d| lose[a - d][b - d]);
            lose[a][b] = !(one || other || both);
        }
    }
    lose
}

// Every move from (a, b), as the sorted pair it leaves, whether both piles
// shrank, in the order they are tried.
pub fn moves(a: usize, b: usize) -> Vec<((usize, usize), bool)> {
    let sorted = |x: usize, y: usize| (x.min(y), x.max(y));
    let mut all = Vec::new();
    all.extend((0..a).map(|x| (sorted(x, b), false)));
    all.extend((0..b).map(|y| (sorted(a, y), false)));
    all.extend((1..=a.min(b)).map(|d| (sorted(a - d, b - d), true)));
    all
}

// The distinct positions reachable from (a, b) that lose for the opponent:
// the one reached by an equal removal first, then by increasing x.
pub fn winning_moves(lose: &[Vec<bool>], a: usize, b: usize) -> Vec<(usize, usize)> {
    let mut found: Vec<((usize, usize), bool)> = Vec::new();
    for (pos, both) in moves(a, b) {
        if lose[pos.0][pos.1] {
            match found.iter_mut().find(|(p, _)| *p == pos) {
                Some(seen) => seen.1 |= both,
                None => found.push((pos, both)),
            }
        }
    }
    // Equal removal first (false < true, hence the !), then by pair.
    found.sort_by_key(|&(pos, both)| (!both, pos));
    found.into_iter().map(|(pos, _)| pos).collect()
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let numbers: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    let cases: Vec<&[usize]> = numbers[1..].chunks(2).collect();
    let m = numbers[1..].iter().copied().max().unwrap_or(0);
    let lose = losing_table(m);
    let mut out = String::new();
    for case in cases {
        let list = winning_moves(&lose, case[0], case[1]);
        if list.is_empty() {
            out.push_str("Second\n");
        } else {
            out.push_str(&format!("First {}\n", list.len()));
            for (x, y) in list {
                out.push_str(&format!("{x} {y}\n"));
            }
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
