//! Generator for merge-piles. `-mode` picks the kind of cases, `-T` how many
//! at most, `-n` the largest number of piles in a case, `-v` the largest
//! pile, `-sum` the largest total of n over the cases, `-stones` the largest
//! total of stones in mode `all`; `-index` only varies the seed. Cases stop
//! at T or before the total of n would pass `-sum`.
//!
//! Below, a is the number of piles of one stone and b = Σ (x + 1) − 1 over
//! the piles x ≥ 2 (0 without such piles): the answer depends on a and b only.
use testlib::prelude::*;

type Case = Vec<i64>;

fn main() {
    let mut rnd = register_gen();
    let mode: String = opt("mode");
    let t: usize = opt_or("T", 100_000);
    let n_max: i64 = opt_or("n", 100_000);
    let v: i64 = opt_or("v", 1_000_000_000);
    let sum_max: usize = opt_or("sum", 1_000_000);
    let stones: i64 = opt_or("stones", 20);
    let _ = opt_or::<i64>("index", 0);
    ensuref!(
        (4..=100_000).contains(&n_max) && (4..=1_000_000_000).contains(&v),
        "-n must be in [4, 10^5] and -v in [4, 10^9]"
    );

    let mut cases: Vec<Case> = match mode.as_str() {
        "all" => all_positions(stones),
        // The smallest inputs that break each trap come first.
        "parity" => vec![vec![1, 2], vec![1, 1, 1]],
        "mod3" | "plus3" => vec![vec![1, 1], vec![1, 1, 1]],
        "single-stone" => vec![vec![1, 1, 2], vec![1, 1, 1, 2]],
        "merge-one" => vec![vec![1, 3], vec![1, 2, 2]],
        "dp-size" => vec![vec![v; n_max.min(50) as usize]],
        _ => Vec::new(),
    };
    cases.truncate(t);
    let mut total: usize = cases.iter().map(Vec::len).sum();
    while cases.len() < t {
        let case = match mode.as_str() {
            "all" => break,
            // Mostly ones and twos, where the branches of the answer meet.
            "small" => {
                let n = rnd.next_range(1, n_max);
                (0..n)
                    .map(|_| {
                        if rnd.next_int(2) == 0 {
                            1
                        } else {
                            rnd.next_range(2, v)
                        }
                    })
                    .collect()
            }
            "random" => {
                let n = rnd.next_range(1, n_max);
                let ones = rnd.next_range(0, n);
                let big = (0..n - ones).map(|_| rnd.next_range(2, v)).collect();
                with_ones(&mut rnd, ones, big)
            }
            // Every case as large as allowed, piles near the maximum.
            "max" => {
                let ones = rnd.next_range(0, n_max.min(20));
                let big = (0..n_max - ones)
                    .map(|_| v - rnd.next_range(0, 1000.min(v - 2)))
                    .collect();
                with_ones(&mut rnd, ones, big)
            }
            "special" => special(&mut rnd, n_max, v),
            // Parity only says "Second iff stones + n − 1 is even", that is
            // iff b is even, or never with only ones: wrong when b ≥ 3 is
            // even and a is odd, and when b ≤ 2 and a mod 3 says otherwise.
            "parity" => {
                let n = rnd.next_range(3, n_max);
                match rnd.next_int(3) {
                    0 => {
                        let ones = odd_at_most(&mut rnd, n - 1);
                        let big = group(&mut rnd, n - ones, v, 0);
                        with_ones(&mut rnd, ones, big)
                    }
                    1 => vec![1; (rnd.next_range(1, n / 3) * 3) as usize],
                    _ => {
                        let mut ones = rnd.next_range(1, n - 1);
                        if ones % 3 == 0 {
                            ones -= 1;
                        }
                        with_ones(&mut rnd, ones, vec![2])
                    }
                }
            }
            // "Second iff a and b are both even" everywhere: wrong when b ≤ 2
            // and a mod 6 is 2, 3 or 4.
            "mod3" => {
                let k = rnd.next_range(0, (n_max - 5) / 6);
                let ones = 6 * k + rnd.next_range(2, 4);
                let big = if rnd.next_int(2) == 0 {
                    vec![]
                } else {
                    vec![2]
                };
                with_ones(&mut rnd, ones, big)
            }
            // The DP traps around b ≤ 2 (a lone pile of 2 losing its last
            // stone, two ones merged with no group): ones, and at most one 2.
            "single-stone" | "plus3" => {
                let ones = rnd.next_range(1, n_max - 1);
                let big = if rnd.next_int(2) == 0 {
                    vec![]
                } else {
                    vec![2]
                };
                with_ones(&mut rnd, ones, big)
            }
            // Without "merge a one into the group", a DP errs when a and b
            // are both odd.
            "merge-one" => {
                let n = rnd.next_range(2, n_max);
                let ones = odd_at_most(&mut rnd, n - 1);
                let big = group(&mut rnd, n - ones, v, 1);
                with_ones(&mut rnd, ones, big)
            }
            // b near its group-1 maximum 50049, past a table sized 50000.
            "dp-size" => {
                let ones = rnd.next_range(0, 3);
                let big = (0..n_max - ones)
                    .map(|_| v - rnd.next_range(0, 20.min(v - 2)))
                    .collect();
                with_ones(&mut rnd, ones, big)
            }
            other => quitf!(FAIL, "unknown mode `{other}`"),
        };
        if total + case.len() > sum_max {
            break;
        }
        total += case.len();
        cases.push(case);
    }

    let mut out = String::with_capacity(total * 11 + cases.len() * 8 + 8);
    out.push_str(&format!("{}\n", cases.len()));
    for case in &cases {
        out.push_str(&format!("{}\n", case.len()));
        let piles: Vec<String> = case.iter().map(i64::to_string).collect();
        out.push_str(&piles.join(" "));
        out.push('\n');
    }
    print!("{out}");
}

/// Every multiset of piles with at most `stones` stones in total, each in
/// increasing order.
fn all_positions(stones: i64) -> Vec<Case> {
    fn extend(left: i64, min: i64, piles: &mut Case, out: &mut Vec<Case>) {
        if !piles.is_empty() {
            out.push(piles.clone());
        }
        for x in min..=left {
            piles.push(x);
            extend(left - x, x, piles, out);
            piles.pop();
        }
    }
    let mut out = Vec::new();
    extend(stones, 1, &mut Vec::new(), &mut out);
    out
}

/// `ones` piles of one stone mixed into `big`.
fn with_ones(rnd: &mut Random, ones: i64, mut big: Case) -> Case {
    big.extend(std::iter::repeat_n(1, ones as usize));
    rnd.shuffle(&mut big);
    big
}

/// An odd number in [1, max] (max ≥ 1).
fn odd_at_most(rnd: &mut Random, max: i64) -> i64 {
    rnd.next_range(0, (max - 1) / 2) * 2 + 1
}

/// `count` ≥ 1 piles in [2, v] (v ≥ 4) whose b is at least 3 and has the
/// given parity.
fn group(rnd: &mut Random, count: i64, v: i64, parity: i64) -> Case {
    let mut piles: Case = (0..count).map(|_| rnd.next_range(2, v)).collect();
    if piles == [2] {
        piles[0] = 3;
    }
    let b: i64 = piles.iter().map(|x| x + 1).sum::<i64>() - 1;
    if b % 2 != parity {
        // A single pile of 3 would become 2 (b = 2): go up instead.
        let x = &mut piles[0];
        *x = if *x < v { *x + 1 } else { *x - 1 };
    }
    piles
}

/// The shapes at the edges of the answer: only ones, ones with one, two or
/// three 2s, a single pile, ones with one huge pile, only 2s.
fn special(rnd: &mut Random, n_max: i64, v: i64) -> Case {
    let n = rnd.next_range(1, n_max);
    match rnd.next_int(7) {
        0 => vec![1; n as usize],
        1..=3 => {
            let twos = (rnd.next_int(3) + 1).min(n as i32) as usize;
            with_ones(rnd, n - twos as i64, vec![2; twos])
        }
        4 => vec![if rnd.next_int(2) == 0 {
            v
        } else {
            rnd.next_range(1, v)
        }],
        5 => {
            let huge = v - rnd.next_range(0, 2);
            with_ones(rnd, n - 1, vec![huge])
        }
        _ => vec![2; n as usize],
    }
}
