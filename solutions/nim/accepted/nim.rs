// Nim with a winning move: the first player loses iff X, the xor of all piles,
// is 0 (every move changes X; from X != 0 some move restores 0). A winning
// move cuts a pile holding X's top bit, exactly the piles with a_i ^ X < a_i,
// down to a_i ^ X stones; we take the first such pile.
use std::io::{self, Read, Write};

/// `None` if the first player loses; otherwise a winning move as
/// (1-based pile, stones left in it).
pub fn winning_move(piles: &[u64]) -> Option<(usize, u64)> {
    let x = piles.iter().fold(0, |x, &a| x ^ a);
    if x == 0 {
        return None;
    }
    let i = piles.iter().position(|&a| a ^ x < a)?;
    Some((i + 1, piles[i] ^ x))
}

fn main() {
    let mut input = Vec::new();
    io::stdin().read_to_end(&mut input).unwrap();
    // Up to 20 MB of numbers: parse the bytes directly.
    let mut pos = 0;
    let mut next = || {
        while !input[pos].is_ascii_digit() {
            pos += 1;
        }
        let mut v: u64 = 0;
        while pos < input.len() && input[pos].is_ascii_digit() {
            v = v * 10 + u64::from(input[pos] - b'0');
            pos += 1;
        }
        v
    };
    let t = next();
    let mut piles = Vec::new();
    let mut out = Vec::with_capacity(t as usize * 32);
    for _ in 0..t {
        let n = next() as usize;
        piles.clear();
        piles.extend((0..n).map(|_| next()));
        match winning_move(&piles) {
            None => out.extend_from_slice(b"Second\n"),
            Some((i, left)) => writeln!(out, "First {i} {left}").unwrap(),
        }
    }
    io::stdout().write_all(&out).unwrap();
}
