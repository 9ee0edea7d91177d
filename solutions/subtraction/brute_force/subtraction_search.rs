// Subtraction game by a DP over the pile size: k stones are a winning
// position iff some move s in {1..a} ∪ {c..b} leads to a losing one. With
// prefix counts of the losing positions, "is there a losing position in
// [k − a, k − 1] or in [k − b, k − c]" costs O(1), so this is O(n) per case,
// with no formula. Only for n up to 5·10^7 (it gives up beyond: a runtime error).
use std::io::{self, Read, Write};

const MAX_N: u64 = 50_000_000;

/// Whether the player to move wins with k stones, for every k in 0..=len.
pub fn outcomes(a: u64, c: u64, b: u64, len: u64) -> Vec<bool> {
    assert!(len <= MAX_N, "n = {len} is too large for the DP");
    let len = len as usize;
    let (a, c, b) = (a as usize, c as usize, b as usize);
    let mut win = vec![false; len + 1];
    // losing[k] = the number of losing positions among 0..k.
    let mut losing = vec![0u32; len + 2];
    losing[1] = 1; // position 0: no move, the player to move loses
    let count = |losing: &[u32], from: usize, to: usize| losing[to + 1] - losing[from];
    for k in 1..=len {
        let near = count(&losing, k.saturating_sub(a), k - 1);
        let far = if k >= c {
            count(&losing, k.saturating_sub(b), k - c)
        } else {
            0
        };
        win[k] = near > 0 || far > 0;
        losing[k + 1] = losing[k] + u32::from(!win[k]);
    }
    win
}

pub fn first_wins(a: u64, c: u64, b: u64, n: u64) -> bool {
    outcomes(a, c, b, n)[n as usize]
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|x| x.parse::<u64>().unwrap());
    let t = it.next().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let (a, c, b, n) = (
            it.next().unwrap(),
            it.next().unwrap(),
            it.next().unwrap(),
            it.next().unwrap(),
        );
        out.push_str(if first_wins(a, c, b, n) {
            "First\n"
        } else {
            "Second\n"
        });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
