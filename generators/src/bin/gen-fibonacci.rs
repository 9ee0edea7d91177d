//! Generator for fibonacci. `-mode` picks the kind of piles, `-T` how many,
//! `-index` only varies the seed. Modes: `all -n` every pile 2..=n; `small
//! -max`; `random`; `fib` Fibonacci numbers at every scale, their
//! neighbours and sums of two; `max` piles near 10^18; `special` fixed
//! extremes first; and one per trap: `int32` (the phantom "Fibonacci
//! numbers" of a 32-bit table of `-len` terms, found by building that table
//! here with the same wrapping), `top` (the largest Fibonacci numbers, which
//! a short table misses), `multi` (many Zeckendorf terms, where taking the
//! largest term or all the stones loses).
use testlib::prelude::*;

const MAX: u64 = 1_000_000_000_000_000_000;

/// 1, 2, 3, 5, ... up to 10^18.
fn fibonacci() -> Vec<u64> {
    let mut fib = vec![1u64, 2];
    while fib[fib.len() - 1] + fib[fib.len() - 2] <= MAX {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    fib
}

/// The positive values of `int f[len]` with f[0] = 1, f[1] = 2 and
/// f[i] = f[i-1] + f[i-2] wrapping at 32 bits, that are not Fibonacci
/// numbers, smallest first.
fn phantoms(len: usize, fib: &[u64]) -> Vec<u64> {
    let mut table = vec![1i32, 2];
    while table.len() < len {
        table.push(table[table.len() - 1].wrapping_add(table[table.len() - 2]));
    }
    let mut found: Vec<u64> = table
        .into_iter()
        .filter(|&v| v >= 2)
        .map(|v| v as u64)
        .filter(|v| fib.binary_search(v).is_err())
        .collect();
    found.sort_unstable();
    found.dedup();
    found
}

fn main() {
    let mut rnd = register_gen();
    let mode: String = opt("mode");
    let _ = opt_or::<i64>("index", 0);
    let fib = fibonacci();
    let cases: Vec<u64> = match mode.as_str() {
        "all" => (2..=opt::<u64>("n")).collect(),
        _ => {
            let t: usize = opt_or("T", 100_000);
            let small_max: u64 = if mode == "small" {
                opt_or("max", 60)
            } else {
                2
            };
            let fixed: Vec<u64> = match mode.as_str() {
                // The phantoms first (half the cases at most).
                "int32" => {
                    let len: usize = opt_or("len", 1_000_000);
                    let mut fixed = phantoms(len, &fib);
                    fixed.truncate(t / 2);
                    fixed
                }
                "special" => vec![
                    2,
                    3,
                    4,
                    5,
                    6,
                    7,
                    8,
                    MAX,
                    MAX - 1,
                    fib[fib.len() - 1],
                    fib[fib.len() - 1] + 1,
                    fib[fib.len() - 1] - 1,
                    fib[fib.len() - 2],
                    fib[fib.len() - 2] + fib[fib.len() - 4],
                    (1 << 31) - 1,
                    1 << 31,
                    1 << 32,
                ],
                _ => Vec::new(),
            };
            let mut cases = Vec::with_capacity(t);
            while cases.len() < t {
                if let Some(&n) = fixed.get(cases.len()) {
                    cases.push(n);
                    continue;
                }
                let any_fib =
                    |rnd: &mut testlib::Rnd, from: usize| fib[rnd.next_range(from, fib.len() - 1)];
                let n = match mode.as_str() {
                    "small" => rnd.next_range(2, small_max),
                    "random" => rnd.next_range(2, MAX),
                    "fib" | "special" => {
                        let f = any_fib(&mut rnd, 2);
                        match rnd.next_int(5) {
                            0 | 1 => f,
                            2 => f + 1,
                            3 => f - 1,
                            _ => (f + any_fib(&mut rnd, 0)).min(MAX),
                        }
                    }
                    "max" => match rnd.next_int(3) {
                        0 => fib[fib.len() - 1 - rnd.next_range(0, 2)],
                        1 => rnd.next_range(fib[fib.len() - 2], MAX),
                        _ => MAX - rnd.next_range(0, 1000),
                    },
                    // Below 2^31, where such a table is right but for its
                    // phantoms.
                    "int32" => match rnd.next_int(2) {
                        0 => fib[rnd.next_range(2, 44)],
                        _ => rnd.next_range(2, (1 << 31) - 1),
                    },
                    // The table must reach 679891637638612258.
                    "top" => {
                        let f = any_fib(&mut rnd, fib.len() - 6);
                        match rnd.next_int(4) {
                            0 | 1 => f,
                            2 => f + rnd.next_range(1, 1000),
                            _ => rnd.next_range(f, MAX),
                        }
                    }
                    // A sum of several non-neighbouring Fibonacci numbers.
                    "multi" => loop {
                        let mut n = 0;
                        let mut i = rnd.next_range(0, 5);
                        while i < fib.len() && n + fib[i] <= MAX && rnd.next_int(4) != 0 {
                            n += fib[i];
                            i += rnd.next_range(2, 6);
                        }
                        if n >= 2 && fib.binary_search(&n).is_err() {
                            break n;
                        }
                    },
                    other => quitf!(FAIL, "unknown mode `{other}`"),
                };
                cases.push(n);
            }
            cases
        }
    };
    let mut out = String::with_capacity(cases.len() * 20);
    out.push_str(&format!("{}\n", cases.len()));
    for n in cases {
        out.push_str(&format!("{n}\n"));
    }
    print!("{out}");
}
