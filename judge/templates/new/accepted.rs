// {{name}} (made by `judge new`): one pile of n stones, a move takes 1..=k of
// them, and whoever takes the last stone loses. The player to move loses
// exactly when n % (k + 1) == 1: every move from such a pile leaves a
// remainder other than 1 (or takes the last stone), and from any other pile
// taking (n - 1) % (k + 1) stones, between 1 and k, leaves one to the
// opponent.
use std::io::{self, Read, Write};

/// Whether the first player wins the game with `n` stones and moves of
/// `1..=k` (k + 1 does not overflow: k ≤ 10^18).
pub fn first_wins(n: u64, k: u64) -> bool {
    n % (k + 1) != 1
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|x| x.parse::<u64>().unwrap());
    let games = numbers.next().unwrap();
    let mut out = String::with_capacity(games as usize * 7);
    for _ in 0..games {
        let (n, k) = (numbers.next().unwrap(), numbers.next().unwrap());
        out.push_str(if first_wins(n, k) { "First\n" } else { "Second\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
