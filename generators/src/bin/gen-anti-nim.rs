//! Generator for anti-nim. `-mode` picks the kind of cases, `-T` how many,
//! `-n` the largest number of piles in a case (the exact number in `max`),
//! `-index` only varies the seed. The sum of n must stay at most 10^6.
//! `-mode=all -n=N -v=V` writes every list of at most N piles of 1..=V
//! stones (every multiset in every order), by number of piles and then in
//! lexicographic order, and takes no `-T`; `-n=4 -v=12` gives 22620 cases.
use generators::{MAX, all_pile_lists, print_cases, print_pile_cases, xor};
use testlib::prelude::*;

/// 2^40: values in the last whole block of 2^40 below MAX share their high
/// bits, so an odd number of them xors back into the block.
const BLOCK: u64 = 1 << 40;
const TOP_BLOCK: u64 = (MAX / BLOCK - 1) * BLOCK;

/// Makes the last pile the xor of the others, so that the xor is 0; false if
/// that pile would be empty or above MAX.
fn zero_xor(piles: &mut [u64]) -> bool {
    let (last, rest) = piles.split_last_mut().unwrap();
    *last = xor(rest);
    (1..=MAX).contains(last)
}

/// A value of about `bits` random bits, at least 1 (capped at MAX).
fn value(rnd: &mut Random, bits: u32) -> u64 {
    rnd.next_range(1, ((1u64 << bits) - 1).min(MAX))
}

/// `n` piles: `big` of them above one stone, the rest single stones, in
/// random places; half of the time the xor is made 0 (when it can be).
fn ones_and_big(rnd: &mut Random, n: usize, big: usize, bits: u32) -> Vec<u64> {
    let mut p = vec![1; n];
    for pile in p.iter_mut().take(big) {
        *pile = rnd.next_range(2, ((1u64 << bits) - 1).min(MAX));
    }
    if big >= 2 && rnd.next_int(2) == 0 {
        let rest = xor(&p[..big - 1]) ^ ((n - big) as u64 & 1);
        if (2..=MAX).contains(&rest) {
            p[big - 1] = rest;
        }
    }
    rnd.shuffle(&mut p);
    p
}

fn main() {
    let mut rnd = register_gen();
    let mode: String = opt("mode");
    let _ = opt_or::<i64>("index", 0);
    if mode == "all" {
        let (n_max, v): (usize, u64) = (opt("n"), opt("v"));
        print_cases(&all_pile_lists(n_max, 1, v));
        return;
    }
    let t: usize = opt_or("T", 100);
    let n_max: usize = opt_or("n", 8);
    print_pile_cases(&mut rnd, t, n_max, |rnd, k, n| {
        let piles: Vec<u64> = match mode.as_str() {
            // Small games (a_i ≤ 12), some all ones, some with xor 0: the
            // brute force's range.
            "small" => match rnd.next_int(4) {
                0 => vec![1; n],
                1 => {
                    let mut p: Vec<u64> = (0..n).map(|_| rnd.next_range(1, 12)).collect();
                    if !zero_xor(&mut p) {
                        return None;
                    }
                    p
                }
                _ => (0..n).map(|_| rnd.next_range(1, 12)).collect(),
            },
            "random" => {
                let bits = *rnd.any(&[2, 4, 20, 60]);
                let mut p: Vec<u64> = (0..n).map(|_| value(rnd, bits)).collect();
                if rnd.next_int(3) == 0 && !zero_xor(&mut p) {
                    return None;
                }
                p
            }
            // Exactly n piles near 10^18; half of the cases with xor 0 (with
            // n even the last pile stays near 10^18 too).
            "max" => {
                let mut p: Vec<u64> = (0..n_max)
                    .map(|_| TOP_BLOCK + rnd.next_range(0, BLOCK - 1))
                    .collect();
                if k % 2 == 1 && !zero_xor(&mut p) {
                    return None;
                }
                p
            }
            // The smallest inputs that catch each trap, then small mixtures.
            "traps" => {
                let fixed: [&[u64]; 8] = [
                    &[1],
                    &[1, 1],
                    &[2],
                    &[1, 2],
                    &[1, 3],
                    &[2, 2],
                    &[1, 2, 3],
                    &[1, 1, 2],
                ];
                match fixed.get(k) {
                    Some(c) => c.to_vec(),
                    None => {
                        let big = rnd.next_range(0, n.min(3));
                        ones_and_big(rnd, n, big, 3)
                    }
                }
            }
            "edge" => {
                let fixed: [&[u64]; 10] = [
                    &[1],
                    &[MAX],
                    &[1, MAX],
                    &[MAX, MAX],
                    &[1, MAX, MAX],
                    &[1, 1, MAX, MAX],
                    &[MAX, MAX - 1],
                    &[MAX, MAX - 1, 1],
                    &[2, 3],
                    &[1, 1, 1],
                ];
                match fixed.get(k) {
                    Some(c) => c.to_vec(),
                    None => (0..n).map(|_| *rnd.any(&[1, 2, 3, MAX - 1, MAX])).collect(),
                }
            }
            "special" => special(rnd, n),
            // All ones: the plain Nim rule and an inverted all-ones branch are
            // wrong on every such case. The first two have n and n - 1 piles.
            "ones" => match k {
                0 => vec![1; n_max],
                1 if n_max > 1 => vec![1; n_max - 1],
                _ => vec![1; n],
            },
            // Single stones next to bigger piles: "all a_i > 1" in place of
            // "some a_i > 1" is wrong on every such case.
            "mixed" => {
                let n = n.max(2);
                let big = rnd.next_range(1, (n - 1).min(4));
                let bits = *rnd.any(&[2, 3, 10, 60]);
                ones_and_big(rnd, n, big, bits)
            }
            other => quitf!(FAIL, "unknown mode `{other}`"),
        };
        Some(piles)
    });
}

/// Structured positions: all ones, one big pile among ones (always First),
/// equal pairs with or without a single stone, powers of two and their
/// neighbours, values near 10^18.
fn special(rnd: &mut Random, n: usize) -> Vec<u64> {
    match rnd.next_int(6) {
        0 => vec![1; n],
        1 => {
            let bits = rnd.next_range(2u32, 60);
            ones_and_big(rnd, n, 1, bits)
        }
        2 => {
            // Equal pairs (xor 0), sometimes with one single stone added (xor 1).
            let pairs = ((n - 1) / 2).max(1);
            let mut p: Vec<u64> = (0..pairs).map(|_| rnd.next_range(2, MAX)).collect();
            p.extend(p.clone());
            if rnd.next_int(2) == 0 {
                p.push(1);
            }
            rnd.shuffle(&mut p);
            p
        }
        3 => (0..n)
            .map(|_| (1u64 << rnd.next_range(1u32, 59)) - rnd.next_range(0, 1))
            .collect(),
        4 => (0..n).map(|_| MAX - rnd.next_range(0, 3)).collect(),
        _ => {
            // Two equal big piles and some ones: the xor is the parity of the ones.
            let v = rnd.next_range(2, MAX);
            let mut p = vec![1; n.saturating_sub(2)];
            p.extend([v, v]);
            rnd.shuffle(&mut p);
            p
        }
    }
}
