//! Generator for nim. `-mode` picks the kind of cases, `-T` how many, `-n`
//! the largest number of piles in a case (the exact number in `max`),
//! `-index` only varies the seed. The sum of n must stay at most 10^6.
//! `-mode=all -n=N -v=V` writes every list of at most N piles of 0..=V
//! stones (every multiset in every order), by number of piles and then in
//! lexicographic order, and takes no `-T`; `-n=4 -v=12` gives 30940 cases.
use generators::{MAX, all_pile_lists, print_cases, print_pile_cases, xor};
use testlib::prelude::*;

/// 2^40: values in the last whole block of 2^40 below MAX share their high
/// bits, so an odd number of them xors back into the block.
const BLOCK: u64 = 1 << 40;
const TOP_BLOCK: u64 = (MAX / BLOCK - 1) * BLOCK;

/// Makes the last pile the xor of the others (a losing position); false if
/// that does not fit under MAX.
fn make_losing(piles: &mut [u64]) -> bool {
    let (last, rest) = piles.split_last_mut().unwrap();
    *last = xor(rest);
    *last <= MAX
}

/// The piles that can be cut to a_i xor X (all of them winning moves).
fn eligible(piles: &[u64]) -> impl Iterator<Item = usize> + '_ {
    let x = xor(piles);
    (0..piles.len()).filter(move |&i| piles[i] ^ x < piles[i])
}

/// A value of about `bits` random bits (capped at MAX).
fn value(rnd: &mut Random, bits: u32) -> u64 {
    rnd.next_range(0, ((1u64 << bits) - 1).min(MAX))
}

fn main() {
    let mut rnd = register_gen();
    let mode: String = opt("mode");
    let _ = opt_or::<i64>("index", 0);
    if mode == "all" {
        let (n_max, v): (usize, u64) = (opt("n"), opt("v"));
        print_cases(&all_pile_lists(n_max, 0, v));
        return;
    }
    let t: usize = opt_or("T", 100);
    let n_max: usize = opt_or("n", 8);
    print_pile_cases(&mut rnd, t, n_max, |rnd, k, n| {
        let piles: Vec<u64> = match mode.as_str() {
            // Small games, a third of them made losing: the brute force's range.
            "small" => {
                let mut p: Vec<u64> = (0..n).map(|_| rnd.next_range(0, 15)).collect();
                if rnd.next_int(3) == 0 {
                    make_losing(&mut p); // fits: an xor of values below 16 is below 16
                }
                p
            }
            "random" => {
                let bits = *rnd.any(&[4, 20, 40, 60]);
                let mut p: Vec<u64> = (0..n).map(|_| value(rnd, bits)).collect();
                if rnd.next_int(3) == 0 && !make_losing(&mut p) {
                    return None;
                }
                p
            }
            // Exactly n piles near 10^18; half of the cases losing (with n
            // even the last pile stays near 10^18 too).
            "max" => {
                let mut p: Vec<u64> = (0..n_max)
                    .map(|_| TOP_BLOCK + rnd.next_range(0, BLOCK - 1))
                    .collect();
                if k % 2 == 1 {
                    make_losing(&mut p); // fits: see TOP_BLOCK
                }
                p
            }
            "edge" => {
                let fixed: [&[u64]; 12] = [
                    &[0],
                    &[1],
                    &[MAX],
                    &[0, 0],
                    &[MAX, MAX],
                    &[MAX, MAX - 1],
                    &[0, MAX],
                    &[1, 2, 3],
                    &[MAX, 0, MAX - 1, 1],
                    &[1 << 59, (1 << 59) - 1],
                    &[(1 << 59) - 1, 1 << 58, (1 << 58) - 1],
                    &[0, 0, 0, 1],
                ];
                match fixed.get(k) {
                    Some(c) => c.to_vec(),
                    None => (0..n)
                        .map(|_| *rnd.any(&[0, 1, MAX, MAX - 1, MAX - 2]))
                        .collect(),
                }
            }
            "special" => special(rnd, n.max(2)),
            // `a[i] ^ x < a[i]` read as `a[i] ^ (x < a[i])`: the first
            // non-empty pile is picked, so make it one that cannot be cut.
            "precedence" => {
                let bits = *rnd.any(&[3, 6, 60]);
                let mut p: Vec<u64> = (0..n.max(2)).map(|_| value(rnd, bits)).collect();
                if rnd.next_int(3) == 0 {
                    p[0] = 0;
                }
                let first = p.iter().position(|&a| a > 0);
                if xor(&p) == 0 || first.is_some_and(|f| eligible(&p).any(|i| i == f)) {
                    return None;
                }
                p
            }
            // Moving in the largest pile: make every largest pile one that
            // cannot be cut (needs at least three piles).
            "largest" => {
                let bits = *rnd.any(&[3, 6, 60]);
                let p: Vec<u64> = (0..n.max(3)).map(|_| value(rnd, bits)).collect();
                let top = *p.iter().max().unwrap();
                if xor(&p) == 0 || eligible(&p).any(|i| p[i] == top) {
                    return None;
                }
                p
            }
            // 0-based indices: winning positions, the first cuttable pile
            // sometimes pile 1 (printed as 0) and sometimes a later one.
            "zero-based" => {
                let bits = *rnd.any(&[3, 6, 60]);
                let p: Vec<u64> = (0..n).map(|_| value(rnd, bits)).collect();
                if xor(&p) == 0 {
                    return None;
                }
                p
            }
            // A 32-bit xor: piles above 2^32 whose low 32 bits xor to 0 half of
            // the time (a 32-bit xor says Second), and random otherwise.
            "int32" => {
                let n = n.max(2);
                let mut p: Vec<u64> = (0..n).map(|_| rnd.next_range(1u64 << 32, MAX)).collect();
                if k % 2 == 0 {
                    let low = xor(&p[1..]) & 0xffff_ffff;
                    p[0] = (p[0] & !0xffff_ffff) | low;
                }
                if p[0] > MAX || xor(&p) >> 32 == 0 {
                    return None;
                }
                p
            }
            other => quitf!(FAIL, "unknown mode `{other}`"),
        };
        Some(piles)
    });
}

/// Structured positions: all empty, one pile, equal pairs, powers of two and
/// their neighbours, one huge pile among small ones, and a position whose
/// only cuttable pile is the last one.
fn special(rnd: &mut Random, n: usize) -> Vec<u64> {
    let e = rnd.next_range(1u32, 58);
    match rnd.next_int(7) {
        0 => vec![0; n],
        1 => vec![rnd.next_range(1, MAX)],
        2 => {
            let mut p: Vec<u64> = (0..n / 2).map(|_| rnd.next_range(0, MAX)).collect();
            p.extend(p.clone());
            rnd.shuffle(&mut p);
            p
        }
        3 => (0..n)
            .map(|_| (1u64 << rnd.next_range(0u32, 59)) - rnd.next_range(0, 1))
            .collect(),
        4 => {
            let mut p: Vec<u64> = (0..n).map(|_| rnd.next_range(0, 1000)).collect();
            let i = rnd.next_range(0, n - 1);
            p[i] = rnd.next_range(MAX / 2, MAX);
            p
        }
        5 => {
            // Only the last pile holds bit e of the xor, the others stay below 2^e.
            let mut p: Vec<u64> = (0..n).map(|_| rnd.next_range(0, (1 << e) - 1)).collect();
            p[n - 1] |= 1 << e;
            p
        }
        _ => {
            let v = rnd.next_range(0, MAX);
            let mut p = vec![v; n];
            p[n - 1] = rnd.next_range(0, MAX);
            p
        }
    }
}
