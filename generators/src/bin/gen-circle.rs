//! Generator for circle. `-mode` picks the kind of cases, `-T` how many
//! (default 10^5), `-max` bounds n and k (default 10^18), `-index` only
//! varies the seed. `-mode=exhaustive -max=M` writes every pair n, k ≤ M
//! and takes no `-T`.
use testlib::prelude::*;

const MAX: i64 = 1_000_000_000_000_000_000;

/// A value in `[lo, hi]` whose number of digits is uniform, so that small
/// and huge values (and n ≤ k as often as n > k) all show up.
fn wide(rnd: &mut Random, lo: i64, hi: i64) -> i64 {
    let digits = |v: i64| v.to_string().len() as u32;
    let d = rnd.next_range(digits(lo), digits(hi));
    let from = lo.max(10i64.pow(d - 1));
    let to = hi.min(10i64.saturating_pow(d) - 1);
    rnd.next_range(from, to)
}

fn main() {
    let mut rnd = register_gen();
    let mode: String = opt("mode");
    let _ = opt_or::<i64>("index", 0);
    let mut cases: Vec<(i64, i64)> = Vec::new();
    // The exhaustive mode fills `cases` here, so the loop below adds nothing.
    let (t, max) = if mode == "exhaustive" {
        let side: i64 = opt("max");
        ensuref!(
            (1..=316).contains(&side),
            "-max must be in [1, 316] so that T ≤ 10^5"
        );
        for n in 1..=side {
            for k in 1..=side {
                cases.push((n, k));
            }
        }
        (cases.len() as i64, MAX)
    } else {
        (opt_or("T", 100_000), opt_or("max", MAX))
    };
    ensuref!((1..=100_000).contains(&t), "-T must be in [1, 10^5]");
    ensuref!((4..=MAX).contains(&max), "-max must be in [4, 10^18]");
    while (cases.len() as i64) < t {
        let (n, k) = match mode.as_str() {
            "random" => (rnd.next_range(1, max), rnd.next_range(1, max)),
            "wide" => (wide(&mut rnd, 1, max), wide(&mut rnd, 1, max)),
            // Both near the bound, where 32-bit and double arithmetic break.
            "max" => (
                max - rnd.next_range(0, 1000.min(max - 1)),
                max - rnd.next_range(0, 1000.min(max - 1)),
            ),
            // Around the boundary n = k, with tiny k mixed in.
            "special" => {
                let k = match rnd.next_int(4) {
                    0 => rnd.next_range(1, 3),
                    _ => wide(&mut rnd, 1, max),
                };
                let n = match rnd.next_int(6) {
                    0 => k - 1,
                    1 => k,
                    2 => k + 1,
                    3 => rnd.next_range(1, 3),
                    4 => wide(&mut rnd, 1, k),
                    _ => wide(&mut rnd, 1, max),
                };
                if !(1..=max).contains(&n) {
                    continue;
                }
                (n, k)
            }
            // Fixed extremes first, then random ones near the bounds.
            "edge" => {
                let fixed = [
                    (1, 1),
                    (2, 1),
                    (3, 1),
                    (1, 2),
                    (2, 2),
                    (3, 2),
                    (1, max),
                    (max, 1),
                    (max - 1, 1),
                    (max, 2),
                    (max, max),
                    (max, max - 1),
                    (max - 1, max),
                ];
                match fixed.get(cases.len()) {
                    Some(&c) => c,
                    None => (max - rnd.next_range(0, 3), rnd.next_range(1, 3)),
                }
            }
            // k = 1: nobody can split the circle, only parity counts.
            "k1" => (wide(&mut rnd, 1, max), 1),
            // k = 2: the classic game.
            "k2" => (wide(&mut rnd, 1, max), 2),
            // The classic answer "First iff n ≤ 2" is wrong for k ≥ 3 and
            // 3 ≤ n ≤ k; some n > k keep both answers in the test.
            "classic-k2" => {
                let k = wide(&mut rnd, 3, max);
                if rnd.next_int(4) > 0 || k == max {
                    (wide(&mut rnd, 3, k), k)
                } else {
                    (wide(&mut rnd, k + 1, max), k)
                }
            }
            // n < k instead of n ≤ k: n = k ≥ 2.
            "n-eq-k" => {
                let k = wide(&mut rnd, 2, max);
                (k, k)
            }
            "n-above-k" => {
                let k = wide(&mut rnd, 1, max - 1);
                (k + 1, k)
            }
            "n-below-k" => {
                let k = wide(&mut rnd, 2, max);
                (k - 1, k)
            }
            // Values above 2^32 whose low 32 bits tell another story.
            "int32" => {
                ensuref!(max > 1 << 33, "-mode=int32 needs -max above 2^33");
                (rnd.next_range(1 << 32, max), rnd.next_range(1 << 32, max))
            }
            other => quitf!(FAIL, "unknown mode `{other}`"),
        };
        cases.push((n, k));
    }
    let mut out = String::with_capacity(cases.len() * 40);
    out.push_str(&format!("{}\n", cases.len()));
    for (n, k) in cases {
        out.push_str(&format!("{n} {k}\n"));
    }
    print!("{out}");
}
