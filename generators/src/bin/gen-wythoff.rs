//! Generator for wythoff. `-mode` picks the kind of cases, `-T` how many,
//! `-index` only varies the seed. Piles are printed in random order except
//! where the mode says otherwise. Modes:
//! `all -n` every pair 0..=n; `small -max` piles up to max; `random`;
//! `losing` losing positions at every scale and their neighbours; `max`
//! values near 10^18; `special` fixed extremes first; and one per trap:
//! `swap` (a > b), `s2` (a move from the smaller pile wins), `unsorted`,
//! `duplicate`, `zero`, `three` (three winning moves), and `float`,
//! `double`, `long-double` (where ⌊kφ⌋ computed in that floating-point type
//! is wrong, found by doing the same arithmetic here bit for bit).
use checkers::wythoff::{isqrt, lower, winning_moves};
use testlib::prelude::*;

const MAX: u64 = 1_000_000_000_000_000_000;

/// The largest k whose losing position fits under `limit`.
fn max_k(limit: u64) -> u64 {
    let (mut lo, mut hi) = (0u64, limit);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if lower(mid) + mid <= limit {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// ⌊kφ⌋ as `(long long)(k * phi)` computes it in C++ with `float`, `double`
/// and x87 `long double` φ = (1 + sqrt(5)) / 2.
fn float_lower(k: u64) -> u64 {
    let phi = (1.0f32 + 5f32.sqrt()) / 2.0;
    (k as f32 * phi) as u64
}

fn double_lower(k: u64) -> u64 {
    let phi = (1.0f64 + 5f64.sqrt()) / 2.0;
    (k as f64 * phi) as u64
}

/// x87 extended precision has a 64-bit significand: √5 rounds to s/2^62,
/// φ is then (s + 2^62)/2^63 exactly, and k·φ rounds to 64 significant bits
/// (to nearest, ties to even) before the cast truncates it.
fn long_double_lower(k: u64) -> u64 {
    let five = 5u128 << 124;
    let r = isqrt(five);
    let s = if five - r * r > r { r + 1 } else { r };
    let product = k as u128 * (s + (1 << 62));
    let bits = 128 - product.leading_zeros();
    let rounded = if bits <= 64 {
        product
    } else {
        let shift = bits - 64;
        let (kept, rest, half) = (
            product >> shift,
            product & ((1 << shift) - 1),
            1 << (shift - 1),
        );
        let up = rest > half || (rest == half && kept & 1 == 1);
        (kept + up as u128) << shift
    };
    (rounded >> 63) as u64
}

/// Every k whose Zeckendorf representation has at most `terms` terms, each
/// at least `smallest`, and whose losing position fits under `limit`. kφ is
/// within (roughly) the smallest term's φ^-i of an integer, so these are the
/// k where rounding errors decide.
fn sparse_ks(terms: usize, smallest: u64, limit: u64) -> Vec<u64> {
    let top = max_k(limit);
    let mut fib = vec![1u64, 2];
    while fib[fib.len() - 1] <= top {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    let fib: Vec<u64> = fib
        .into_iter()
        .filter(|&f| f >= smallest && f <= top)
        .collect();
    let mut found = Vec::new();
    // Depth-first over index sets with gaps of at least 2 (no neighbours).
    let mut stack: Vec<(usize, usize, u64)> = vec![(0, 0, 0)];
    while let Some((from, used, sum)) = stack.pop() {
        if sum > 0 {
            found.push(sum);
        }
        if used == terms {
            continue;
        }
        for (i, &f) in fib.iter().enumerate().skip(from) {
            if sum + f <= top {
                stack.push((i + 2, used + 1, sum + f));
            }
        }
    }
    found.sort_unstable();
    found
}

struct Gen {
    rnd: testlib::Rnd,
}

impl Gen {
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        self.rnd.next_range(lo, hi)
    }

    /// A k at a random scale: 10^d for a random d, so small and huge k both
    /// turn up.
    fn scaled_k(&mut self, limit: u64) -> u64 {
        let top = max_k(limit);
        let digits = self.rnd.next_range(0u32, 17);
        self.range(1, top.min(10u64.pow(digits) * 4).max(1))
    }

    /// A losing position under `limit`, or one of its neighbours.
    fn near_losing(&mut self, limit: u64) -> (u64, u64) {
        let k = self.scaled_k(limit);
        let (a, b) = (lower(k), lower(k) + k);
        let (da, db) = match self.rnd.next_int(7) {
            0 | 1 => (0, 0),
            2 => (1, 1),
            3 => (-1, -1),
            4 => (0, 1),
            5 => (1, 0),
            _ => (0, -1),
        };
        let shift = |v: u64, d: i64| v.saturating_add_signed(d).min(limit);
        (shift(a, da), shift(b, db))
    }

    /// Piles in random order.
    fn shuffled(&mut self, (a, b): (u64, u64)) -> (u64, u64) {
        if self.rnd.next_int(2) == 0 {
            (a, b)
        } else {
            (b, a)
        }
    }
}

fn main() {
    let mut g = Gen {
        rnd: register_gen(),
    };
    let mode: String = opt("mode");
    let _ = opt_or::<i64>("index", 0);
    let cases: Vec<(u64, u64)> = match mode.as_str() {
        "all" => {
            let n: u64 = opt("n");
            (0..=n).flat_map(|a| (0..=n).map(move |b| (a, b))).collect()
        }
        "float" | "double" | "long-double" => {
            let (candidates, lower_fp): (Vec<u64>, fn(u64) -> u64) = match mode.as_str() {
                "float" => ((1..=max_k(opt_or("maxb", 100_000))).collect(), float_lower),
                "double" => (
                    sparse_ks(6, 10_000, opt_or("maxb", 1_000_000_000)),
                    double_lower,
                ),
                _ => (sparse_ks(3, 10_000, opt_or("maxb", MAX)), long_double_lower),
            };
            // -T bounds the number of cases, two per k where it goes wrong.
            let wanted: usize = opt_or("T", usize::MAX);
            let mut cases = Vec::new();
            for k in candidates {
                let (exact, fp) = (lower(k), lower_fp(k));
                if exact != fp && cases.len() + 2 <= wanted {
                    // The losing position it calls winning, and the
                    // position it believes losing.
                    cases.push((exact, exact + k));
                    cases.push((fp, fp + k));
                }
            }
            ensure!(!cases.is_empty());
            cases
        }
        _ => {
            let t: usize = opt_or("T", 100_000);
            let small_max: u64 = if mode == "small" {
                opt_or("max", 60)
            } else {
                0
            };
            let mut cases = Vec::with_capacity(t);
            while cases.len() < t {
                let case = match mode.as_str() {
                    "small" => (g.range(0, small_max), g.range(0, small_max)),
                    "random" => (g.range(0, MAX), g.range(0, MAX)),
                    "losing" => {
                        let c = g.near_losing(MAX);
                        g.shuffled(c)
                    }
                    // Near 10^18: losing positions at the top and their
                    // neighbours, and piles just under the limit.
                    "max" => {
                        let c = if g.rnd.next_int(2) == 0 {
                            let k = max_k(MAX - 2) - g.range(0, 1000);
                            let d = g.range(0, 2);
                            (lower(k) + d, lower(k) + k + d)
                        } else {
                            (MAX - g.range(0, 1000), MAX - g.range(0, 1000))
                        };
                        g.shuffled(c)
                    }
                    "special" => {
                        let (k, k1) = (max_k(MAX), max_k(MAX - 1));
                        let fixed = [
                            (0, 0),
                            (0, 1),
                            (1, 1),
                            (1, 2),
                            (2, 2),
                            (3, 5),
                            (4, 5),
                            (10, 15),
                            (MAX, MAX),
                            (0, MAX),
                            (MAX, 0),
                            (MAX - 1, MAX),
                            (lower(k), lower(k) + k),
                            (lower(k1) + 1, lower(k1) + k1 + 1),
                            (lower(k), MAX),
                        ];
                        match fixed.get(cases.len()) {
                            Some(&c) => c,
                            None => {
                                let c = g.near_losing(MAX);
                                g.shuffled(c)
                            }
                        }
                    }
                    // The larger pile first: a solution must sort.
                    "swap" => {
                        let (a, b) = if cases.is_empty() {
                            (1, 2)
                        } else if g.rnd.next_int(2) == 0 {
                            g.near_losing(MAX)
                        } else {
                            let b = g.range(1, 100);
                            (g.range(0, b - 1), b)
                        };
                        (b.max(a), a.min(b))
                    }
                    // b is the larger pile of a losing position (b_j) and
                    // a > a_j: taking a − a_j from the smaller pile wins.
                    "s2" => {
                        let c = if cases.is_empty() {
                            (4, 5)
                        } else {
                            let j = g.scaled_k(MAX);
                            let (aj, bj) = (lower(j), lower(j) + j);
                            (g.range(aj + 1, bj), bj)
                        };
                        g.shuffled(c)
                    }
                    // a a smaller pile a_j with b > b_j (the winning pair
                    // has the moved pile larger), or a a larger pile b_j
                    // (the moved pile ends smaller).
                    "unsorted" => {
                        let c = if cases.is_empty() {
                            (1, 3)
                        } else {
                            let j = g.scaled_k(MAX / 2);
                            let (aj, bj) = (lower(j), lower(j) + j);
                            let a = if g.rnd.next_int(2) == 0 { aj } else { bj };
                            let b = g.range(bj + 1, (bj * 2).min(MAX));
                            (a, b)
                        };
                        g.shuffled(c)
                    }
                    // (b_j, b_j + j): the equal removal and the larger-pile
                    // move reach the same position; (a, a): both single-pile
                    // moves do.
                    "duplicate" => {
                        let c = if cases.is_empty() {
                            (2, 3)
                        } else if g.rnd.next_int(2) == 0 {
                            let j = g.scaled_k(MAX / 2);
                            (lower(j) + j, lower(j) + 2 * j)
                        } else {
                            let a = g.range(1, MAX);
                            (a, a)
                        };
                        g.shuffled(c)
                    }
                    "zero" => {
                        let b = match cases.len() {
                            0 => 0,
                            1 => 1,
                            2 => MAX,
                            _ => {
                                let digits = g.rnd.next_range(1u32, 18);
                                g.range(0, 10u64.pow(digits))
                            }
                        };
                        g.shuffled((0, b))
                    }
                    // Three winning moves: b a larger pile b_j with a_j < a,
                    // kept only when the other two moves win as well.
                    "three" => {
                        let c = if cases.is_empty() {
                            (10, 15)
                        } else {
                            loop {
                                let j = g.scaled_k(MAX);
                                let (aj, bj) = (lower(j), lower(j) + j);
                                let a = g.range(aj + 1, bj);
                                if winning_moves(a, bj).len() == 3 {
                                    break (a, bj);
                                }
                            }
                        };
                        g.shuffled(c)
                    }
                    other => quitf!(FAIL, "unknown mode `{other}`"),
                };
                cases.push(case);
            }
            cases
        }
    };
    let mut out = String::with_capacity(cases.len() * 40);
    out.push_str(&format!("{}\n", cases.len()));
    for (a, b) in cases {
        out.push_str(&format!("{a} {b}\n"));
    }
    print!("{out}");
}
