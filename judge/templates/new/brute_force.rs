// {{name}} by searching the game (made by `judge new`): with i stones left
// the player to move wins iff some move of 1..=min(k, i) stones leads to a
// position the opponent loses; with none left, the opponent has just taken
// the last stone, so the player to move has won. No formula, only the
// rules. It walks every position 0..=n, so it is for small n only: on big
// tests it cannot even allocate the table and crashes, which `judge
// verify` allows a brute force. `TryFrom` is named for the judges that
// compile Rust as edition 2015 or 2018, whose prelude lacks it.
use std::convert::TryFrom;
use std::io::{self, Read, Write};

pub fn first_wins(n: u64, k: u64) -> bool {
    let n = usize::try_from(n).unwrap();
    let mut wins = vec![false; n + 1];
    wins[0] = true;
    for left in 1..=n {
        let most = usize::try_from(k).unwrap_or(usize::MAX).min(left);
        wins[left] = (1..=most).any(|take| !wins[left - take]);
    }
    wins[n]
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|x| x.parse::<u64>().unwrap());
    let games = numbers.next().unwrap();
    let mut out = String::new();
    for _ in 0..games {
        let (n, k) = (numbers.next().unwrap(), numbers.next().unwrap());
        out.push_str(if first_wins(n, k) { "First\n" } else { "Second\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
