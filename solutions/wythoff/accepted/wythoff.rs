// Wythoff's game with the winning moves. Piles (a, b), a ≤ b, k = b − a:
// the losing positions are (⌊jφ⌋, ⌊jφ⌋ + j), so (a, b) is losing iff
// a = ⌊kφ⌋. All in exact integers: ⌊kφ⌋ = (k + ⌊√(5k²)⌋) / 2 (the root is
// irrational for k > 0, so the halving floors correctly), 5k² in u128.
// The square root is exact: an estimate, then corrected by comparing squares.
// A winning position has at most three winning moves: the equal removal
// down to (⌊kφ⌋, ⌊kφ⌋ + k), the larger pile down to the partner of a, and
// the smaller pile down to the partner of b.
use std::io::{self, Read, Write};

// ⌊√5 · 2^62⌋, found at compile time by bisection on integers.
const SQRT5_Q62: u128 = {
    let n = 5u128 << 124;
    let (mut lo, mut hi) = (0u128, 1u128 << 64); // lo² ≤ n < hi²
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if mid * mid <= n {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
};

// ⌊x√5⌋ = ⌊√(5x²)⌋ for x ≤ 10^18 < 2^60: x · ⌊√5 · 2^62⌋ / 2^62 is at most
// 2 below it, and comparing squares makes it exact.
fn floor_sqrt5(x: u64) -> u128 {
    let n = 5 * x as u128 * x as u128;
    let mut r = (x as u128 * SQRT5_Q62) >> 62;
    while r * r > n {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= n {
        r += 1;
    }
    r
}

// ⌊kφ⌋, the smaller pile of the k-th losing position.
fn lower(k: u64) -> u64 {
    ((k as u128 + floor_sqrt5(k)) / 2) as u64
}

pub fn is_losing(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    a == lower(b - a)
}

// The other pile of the losing position holding a pile of x. If x is the
// smaller pile of the j-th one, j is near x/φ; if it is the larger pile, j is
// near x/φ² = x − x/φ. Both are found exactly by trying the few neighbours.
fn partner(x: u64) -> u64 {
    if x == 0 {
        return 0;
    }
    let near = ((floor_sqrt5(x) - x as u128) / 2) as u64; // about x/φ
    for j in near.saturating_sub(1)..=near + 2 {
        if lower(j) == x {
            return x + j;
        }
    }
    for j in (x - near).saturating_sub(2)..=x - near + 1 {
        if lower(j) + j == x {
            return lower(j);
        }
    }
    unreachable!("every number is in exactly one losing position")
}

// The positions the mover can leave that lose for the opponent, in the
// printed order: the equal removal first, then by increasing smaller pile.
pub fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let (a, b) = (a.min(b), a.max(b));
    let k = b - a;
    let low = lower(k);
    let mut moves = Vec::new();
    if a == low {
        return moves;
    }
    if a > low {
        moves.push((low, low + k));
    }
    let mut single = Vec::new();
    let p = partner(a);
    if p < b {
        single.push((p.min(a), p.max(a)));
    }
    let q = partner(b);
    if q < a {
        single.push((q, b));
    }
    single.sort();
    for m in single {
        if !moves.contains(&m) {
            moves.push(m);
        }
    }
    moves
}

fn main() {
    let mut input = Vec::new();
    io::stdin().read_to_end(&mut input).unwrap();
    let mut numbers = input
        .split(|c| c.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| w.iter().fold(0u64, |v, &d| v * 10 + (d - b'0') as u64));
    let t = numbers.next().unwrap();
    let mut out = Vec::with_capacity(t as usize * 48);
    for _ in 0..t {
        let (a, b) = (numbers.next().unwrap(), numbers.next().unwrap());
        let moves = winning_moves(a, b);
        if moves.is_empty() {
            out.extend_from_slice(b"Second\n");
        } else {
            writeln!(out, "First {}", moves.len()).unwrap();
            for (x, y) in moves {
                writeln!(out, "{x} {y}").unwrap();
            }
        }
    }
    io::stdout().write_all(&out).unwrap();
}
