//! What the pile-list generators (nim, anti-nim) share: their input format
//! and the draw-until-enough loop that keeps the sum of n in bounds.
use testlib::prelude::*;

/// The largest pile.
pub const MAX: u64 = 1_000_000_000_000_000_000;
/// The largest sum of n over a test's cases.
pub const SUM_N: usize = 1_000_000;

/// The xor of the piles.
pub fn xor(piles: &[u64]) -> u64 {
    piles.iter().fold(0, |x, &a| x ^ a)
}

/// Draws `t` cases and prints them (`T`, then per case `n` and the piles).
/// `make(rnd, k, n)` builds case `k` from a random number of piles
/// `n ∈ 1..=n_max`, or returns `None` to be asked again.
pub fn print_pile_cases(
    rnd: &mut Random,
    t: usize,
    n_max: usize,
    mut make: impl FnMut(&mut Random, usize, usize) -> Option<Vec<u64>>,
) {
    let mut cases: Vec<Vec<u64>> = Vec::new();
    let mut sum_n = 0;
    while cases.len() < t {
        let n = rnd.next_range(1, n_max);
        let Some(piles) = make(rnd, cases.len(), n) else {
            continue;
        };
        sum_n += piles.len();
        if sum_n > SUM_N {
            quitf!(FAIL, "the sum of n would exceed {SUM_N}");
        }
        cases.push(piles);
    }
    let mut out = String::with_capacity(sum_n * 20 + cases.len() * 8);
    out.push_str(&format!("{}\n", cases.len()));
    for piles in cases {
        out.push_str(&format!("{}\n{}\n", piles.len(), join(&piles, " ")));
    }
    print!("{out}");
}
