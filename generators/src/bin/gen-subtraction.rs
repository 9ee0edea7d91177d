//! Generator for subtraction. `-mode` picks the kind of cases, `-T` how
//! many (at most, in mode `all`), `-b` the largest b, `-n` the largest n;
//! `-index` only varies the seed.
//!
//! With A = a + 1, the parameters fall in three classes: no multiple of A in
//! [c, b] (`none`); one, with b − c + 1 ≤ a (`short`); b − c + 1 > a
//! (`long`). The killer modes aim at a wrong rule with the period formula of
//! specs/problems.md (certified against a DP over n); it only picks the
//! cases, the answers come from the reference.
use testlib::prelude::*;

#[derive(Clone, Copy, PartialEq)]
enum Class {
    None,
    Short,
    Long,
}

fn main() {
    let mut rnd = register_gen();
    let mode: String = opt("mode");
    let t: usize = opt_or("T", 100_000);
    let b_max: i64 = opt_or("b", 1_000_000_000);
    let n_max: i64 = opt_or("n", 1_000_000_000_000_000_000);
    let _ = opt_or::<i64>("index", 0);
    ensuref!(
        b_max >= 8 && n_max >= 1,
        "-b must be at least 8 and -n positive"
    );

    let mut cases: Vec<[i64; 4]> = Vec::new();
    if mode == "all" {
        // Every game with b ≤ b_max and n ≤ n_max, as long as T allows.
        'all: for b in 3..=b_max {
            for a in 1..=b - 2 {
                for c in a + 2..=b {
                    for n in 1..=n_max {
                        if cases.len() == t {
                            break 'all;
                        }
                        cases.push([a, c, b, n]);
                    }
                }
            }
        }
    }
    while cases.len() < t && mode != "all" {
        let class = *rnd.any(&[Class::None, Class::Short, Class::Long]);
        let case = match mode.as_str() {
            "random" => {
                let (a, c, b) = params(&mut rnd, class, b_max, false);
                [a, c, b, scaled(&mut rnd, n_max)]
            }
            // Around the period: n = k·p + r for the residues r where the
            // answer changes.
            "special" => {
                let big = rnd.next_int(2) == 0;
                let (a, c, b) = params(&mut rnd, class, b_max, big);
                [a, c, b, near_period(&mut rnd, a, c, b, n_max)]
            }
            // b and n near their maxima, in every class.
            "max" => {
                let (a, c, b) = params(&mut rnd, class, b_max, true);
                [a, c, b, n_max - rnd.next_range(0, 1000.min(n_max - 1))]
            }
            // Period a + 1 assumed: wrong when a multiple of A lies in [c, b].
            "period" => aimed(&mut rnd, b_max, n_max, |a, c, b, n| {
                loses(a, c, b, n) != (n % (a + 1) == 0)
            }),
            // The two period branches swapped.
            "swapped" => aimed(&mut rnd, b_max, n_max, |a, c, b, n| {
                let step = a + 1;
                let p = match class_of(a, c, b) {
                    Class::None => step,
                    Class::Short => b + step * ((c - 1) / step) + 1,
                    Class::Long => b + 1,
                };
                let r = n % p;
                loses(a, c, b, n) != (r % step == 0 && r < c)
            }),
            // The periodic branches used without checking for a multiple of
            // A in [c, b].
            "no-multiple" => aimed(&mut rnd, b_max, n_max, |a, c, b, n| {
                let step = a + 1;
                let p = if b - c < a {
                    b + 1
                } else {
                    b + step * ((c - 1) / step) + 1
                };
                let r = n % p;
                loses(a, c, b, n) != (r % step == 0 && r < c)
            }),
            other => quitf!(FAIL, "unknown mode `{other}`"),
        };
        cases.push(case);
    }

    let mut out = String::with_capacity(cases.len() * 48 + 8);
    out.push_str(&format!("{}\n", cases.len()));
    for [a, c, b, n] in cases {
        out.push_str(&format!("{a} {c} {b} {n}\n"));
    }
    print!("{out}");
}

/// A value in [1, max], of a random number of decimal digits.
fn scaled(rnd: &mut Random, max: i64) -> i64 {
    let digits = rnd.next_range(1, max.ilog10() as i64 + 1);
    rnd.next_range(1, max.min(10i64.saturating_pow(digits as u32)))
}

fn class_of(a: i64, c: i64, b: i64) -> Class {
    let step = a + 1;
    if b / step * step < c {
        Class::None
    } else if b - c < a {
        Class::Short
    } else {
        Class::Long
    }
}

/// The period of the losing positions (a + 1 when no multiple of a + 1 lies
/// in [c, b]).
fn period(a: i64, c: i64, b: i64) -> i64 {
    let step = a + 1;
    match class_of(a, c, b) {
        Class::None => step,
        Class::Short => b + 1,
        Class::Long => b + step * ((c - 1) / step) + 1,
    }
}

/// Whether n is a losing position (the formula, only to aim the tests).
fn loses(a: i64, c: i64, b: i64, n: i64) -> bool {
    let r = n % period(a, c, b);
    r % (a + 1) == 0 && r < c
}

/// Parameters of the given class with b ≤ b_max (b near b_max if `big`).
fn params(rnd: &mut Random, class: Class, b_max: i64, big: bool) -> (i64, i64, i64) {
    loop {
        let b = if big {
            b_max - rnd.next_range(0, 1000.min(b_max / 2))
        } else {
            rnd.next_range(3, b_max)
        };
        let a = scaled(
            rnd,
            (b - 2).min(if class == Class::Long { b / 2 } else { b / 3 }),
        );
        let step = a + 1;
        let top = b / step * step; // the largest multiple of A up to b
        let range = match class {
            // c above the last multiple of A.
            Class::None => (top + 1).max(a + 2)..=b,
            // c at most the last multiple, within a of b.
            Class::Short => (b - a + 1).max(a + 2)..=top,
            Class::Long => a + 2..=b - a,
        };
        if range.start() <= range.end() {
            let c = rnd.next_range(*range.start(), *range.end());
            assert!(class_of(a, c, b) == class);
            return (a, c, b);
        }
    }
}

/// n = k·p + r ≤ n_max, for a residue r where the answer changes: a losing
/// multiple of A below c, the first winning one, c − 1, c, p − 1, or any.
fn near_period(rnd: &mut Random, a: i64, c: i64, b: i64, n_max: i64) -> i64 {
    let (step, p) = (a + 1, period(a, c, b));
    let below = (c - 1) / step; // losing multiples of A below c: 0..=below
    let r = match rnd.next_int(6) {
        0 => step * rnd.next_range(0, below),
        1 => step * (below + 1),
        2 => c - 1,
        3 => c,
        4 => p - 1,
        _ => rnd.next_range(0, p - 1),
    } % p;
    let k_max = (n_max - r) / p;
    let k = if rnd.next_int(2) == 0 {
        k_max
    } else {
        rnd.next_range(0, k_max)
    };
    (k * p + r).max(1)
}

/// A case of any class on which `wrong` holds (tried on the residues of
/// `near_period`, then on any n).
fn aimed(
    rnd: &mut Random,
    b_max: i64,
    n_max: i64,
    wrong: impl Fn(i64, i64, i64, i64) -> bool,
) -> [i64; 4] {
    loop {
        let class = *rnd.any(&[Class::None, Class::Short, Class::Long]);
        let big = rnd.next_int(2) == 0;
        let (a, c, b) = params(rnd, class, b_max, big);
        for _ in 0..50 {
            let n = if rnd.next_int(4) == 0 {
                rnd.next_range(1, n_max)
            } else {
                near_period(rnd, a, c, b, n_max)
            };
            if wrong(a, c, b, n) {
                return [a, c, b, n];
            }
        }
    }
}
