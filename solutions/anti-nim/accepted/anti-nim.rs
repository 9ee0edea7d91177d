// Misère Nim (whoever takes the last stone loses), by the SJ theorem: if every
// pile has one stone, the piles simply alternate and the first player wins
// iff their number is even; otherwise play as in Nim until one pile above 1 is
// left, then leave an odd number of single stones, so the first player wins
// iff the xor of the piles is not 0.
use std::io::{self, Read, Write};

pub fn first_wins(piles: &[u64]) -> bool {
    if piles.iter().all(|&a| a == 1) {
        piles.len() % 2 == 0
    } else {
        piles.iter().fold(0, |x, &a| x ^ a) != 0
    }
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
    let mut out = Vec::with_capacity(t as usize * 7);
    for _ in 0..t {
        let n = next() as usize;
        piles.clear();
        piles.extend((0..n).map(|_| next()));
        out.extend_from_slice(if first_wins(&piles) {
            b"First\n"
        } else {
            b"Second\n"
        });
    }
    io::stdout().write_all(&out).unwrap();
}
