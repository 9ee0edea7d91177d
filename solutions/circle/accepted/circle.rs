// Circle game: n stones in a circle, a move removes 1..=k stones that are
// consecutive on the original circle (a gap is never closed up), whoever
// takes the last stone wins.
// - k = 1: every move removes exactly one stone, so only parity matters.
// - k ≥ 2 and n ≤ k: the first player takes the whole circle.
// - k ≥ 2 and n > k: the first move leaves one path. The second player
//   removes its middle stone (odd length) or middle two (even length),
//   leaving two equal paths (maybe empty); from then on they copy every
//   move in the other path, so they take the last stone.
use std::io::{self, Read, Write};

pub fn first_wins(n: u64, k: u64) -> bool {
    if k == 1 { n % 2 == 1 } else { n <= k }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|x| x.parse::<u64>().unwrap());
    let t = it.next().unwrap();
    let mut out = String::with_capacity(t as usize * 7);
    for _ in 0..t {
        let (n, k) = (it.next().unwrap(), it.next().unwrap());
        out.push_str(if first_wins(n, k) {
            "First\n"
        } else {
            "Second\n"
        });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
