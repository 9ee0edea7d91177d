// Trap: n < k instead of n <= k (misses taking the whole circle when n = k).
use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let v: Vec<u64> = input
        .split_ascii_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    let mut out = String::new();
    for c in v[1..].chunks(2) {
        let (n, k) = (c[0], c[1]);
        let first = if k == 1 { n % 2 == 1 } else { n < k };
        out.push_str(if first { "First\n" } else { "Second\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
