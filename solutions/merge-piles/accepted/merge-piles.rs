// Merge piles: a move removes one stone from a pile or merges two piles;
// whoever cannot move loses. Piles of one stone are special (removing one
// also removes a pile); all other piles act as one group that can absorb
// b = Σ (a_i + 1) − 1 more moves (each stone, and each merge into one pile).
// With a piles of one stone, the first player loses iff
//   b ≤ 2 (no group, or a single pile of 2) and a mod 3 = 0, or
//   b ≥ 3 and a and b are both even.
// checkers/tests/certify_merge-piles.rs checks this against a search of the
// real game on every position with at most 40 stones.
use std::io::{self, Read, Write};

pub fn first_wins(piles: &[u64]) -> bool {
    let ones = piles.iter().filter(|&&x| x == 1).count() as u64;
    let group: u64 = piles.iter().filter(|&&x| x >= 2).map(|&x| x + 1).sum();
    let b = group.saturating_sub(1);
    let first_loses = if b <= 2 {
        ones % 3 == 0
    } else {
        ones % 2 == 0 && b % 2 == 0
    };
    !first_loses
}

fn main() {
    let mut input = Vec::new();
    io::stdin().read_to_end(&mut input).unwrap();
    let mut pos = 0;
    let mut next = || {
        while input[pos].is_ascii_whitespace() {
            pos += 1;
        }
        let mut value = 0u64;
        while pos < input.len() && input[pos].is_ascii_digit() {
            value = value * 10 + u64::from(input[pos] - b'0');
            pos += 1;
        }
        value
    };
    let t = next();
    let mut out = String::with_capacity(t as usize * 7);
    let mut piles = Vec::new();
    for _ in 0..t {
        let n = next();
        piles.clear();
        piles.extend((0..n).map(|_| next()));
        out.push_str(if first_wins(&piles) {
            "First\n"
        } else {
            "Second\n"
        });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
