// Fibonacci Nim by game search, no formula. win[s][c]: the player to move,
// facing s stones and allowed to take 1..=c of them (c ≤ s: a larger cap
// changes nothing), wins iff some take t leaves the opponent losing: t = s
// (the last stone), or the opponent loses facing s − t with cap 2t. Taking
// up to c wins iff taking up to c − 1 does or taking exactly c does, so each
// row is a running "or". Only for small piles: the table has n²/2 cells.
use std::io::{self, Read, Write};

// Beyond this the table would not fit in memory; the search gives up.
const LIMIT: usize = 10_000;

pub fn win_table(m: usize) -> Vec<Vec<bool>> {
    assert!(m <= LIMIT, "a pile of {m} is too large for a search");
    let mut win: Vec<Vec<bool>> = vec![vec![false]];
    for s in 1..=m {
        let mut row = vec![false; s + 1];
        for c in 1..=s {
            let takes_c = c == s || !win[s - c][(2 * c).min(s - c)];
            row[c] = row[c - 1] || takes_c;
        }
        win.push(row);
    }
    win
}

// The first move may take any x with 1 ≤ x < n; the opponent then faces
// n − x stones with cap 2x.
pub fn first_move_wins(win: &[Vec<bool>], n: usize, x: usize) -> bool {
    1 <= x && x < n && !win[n - x][(2 * x).min(n - x)]
}

pub fn winning_first_moves(win: &[Vec<bool>], n: usize) -> Vec<usize> {
    (1..n).filter(|&x| first_move_wins(win, n, x)).collect()
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let numbers: Vec<usize> = input
        .split_ascii_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    let win = win_table(numbers[1..].iter().copied().max().unwrap_or(0));
    let mut out = String::new();
    for &n in &numbers[1..] {
        match winning_first_moves(&win, n).first() {
            Some(x) => out.push_str(&format!("First {x}\n")),
            None => out.push_str("Second\n"),
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
