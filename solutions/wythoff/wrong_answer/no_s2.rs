// Trap: the move from the smaller pile is forgotten: only the equal removal
// and the larger pile are tried, so (4, 5) misses `3 5`.
use std::io::{self, Read, Write};

fn isqrt(n: u128) -> u128 {
    let (mut lo, mut hi) = (0u128, 1u128 << 64);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if mid * mid <= n {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

fn lower(k: u64) -> u64 {
    let k = k as u128;
    ((k + isqrt(5 * k * k)) / 2) as u64
}

fn partner(x: u64) -> u64 {
    if x == 0 {
        return 0;
    }
    let w = x as u128;
    let j = ((isqrt(5 * w * w) - w) / 2) as u64;
    if lower(j + 1) == x { x + j + 1 } else { j }
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
        let (x, y) = (it.next().unwrap(), it.next().unwrap());
        let (a, b) = (x.min(y), x.max(y));
        let k = b - a;
        let low = lower(k);
        if a == low {
            out.push_str("Second\n");
            continue;
        }
        let mut moves = Vec::new();
        if a > low {
            moves.push((low, low + k));
        }
        let p = partner(a);
        if p < b && !moves.contains(&(a.min(p), a.max(p))) {
            moves.push((a.min(p), a.max(p)));
        }
        out.push_str(&format!("First {}\n", moves.len()));
        for (x, y) in moves {
            out.push_str(&format!("{x} {y}\n"));
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
