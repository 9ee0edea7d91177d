//! What the pile-list generators (nim, anti-nim) share: their input format,
//! the draw-until-enough loop that keeps the sum of n in bounds, and the
//! exhaustive list of every small position.
use testlib::prelude::*;

/// The largest pile.
pub const MAX: u64 = 1_000_000_000_000_000_000;
/// The largest number of cases in a test.
pub const MAX_T: usize = 100_000;
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
    print_cases(&cases);
}

/// Prints `T`, then per case `n` and the piles.
pub fn print_cases(cases: &[Vec<u64>]) {
    let sum_n: usize = cases.iter().map(Vec::len).sum();
    let mut out = String::with_capacity(sum_n * 20 + cases.len() * 8);
    out.push_str(&format!("{}\n", cases.len()));
    for piles in cases {
        out.push_str(&format!("{}\n{}\n", piles.len(), join(piles, " ")));
    }
    print!("{out}");
}

/// Every list of 1..=`n_max` piles of `smallest..=largest` stones (every
/// multiset in every order): by number of piles, then in lexicographic
/// order. Fails unless they fit in one test (T and the sum of n in bounds).
pub fn all_pile_lists(n_max: usize, smallest: u64, largest: u64) -> Vec<Vec<u64>> {
    ensuref!(
        n_max >= 1 && smallest <= largest && largest <= MAX,
        "-n must be positive and -v in [{smallest}, {MAX}]"
    );
    // Count first: the lists of k piles number sizes^k.
    let sizes = largest - smallest + 1;
    let (mut lists_of_k, mut t, mut sum_n) = (1u64, 0u64, 0u64);
    for k in 1..=n_max as u64 {
        lists_of_k = lists_of_k.saturating_mul(sizes);
        t = t.saturating_add(lists_of_k);
        sum_n = sum_n.saturating_add(lists_of_k.saturating_mul(k));
        if t > MAX_T as u64 || sum_n > SUM_N as u64 {
            quitf!(
                FAIL,
                "every list of up to {n_max} piles of {smallest}..={largest} stones \
                 does not fit in a test (T ≤ {MAX_T}, the sum of n ≤ {SUM_N})"
            );
        }
    }
    let mut lists = Vec::with_capacity(t as usize);
    for k in 1..=n_max {
        let mut piles = vec![smallest; k];
        loop {
            lists.push(piles.clone());
            // The next list: the last pile below `largest` grows by one,
            // the piles after it start again from `smallest`.
            let Some(i) = piles.iter().rposition(|&a| a < largest) else {
                break;
            };
            piles[i] += 1;
            piles[i + 1..].fill(smallest);
        }
    }
    lists
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_pile_lists_by_length_then_lexicographic() {
        let lists = all_pile_lists(2, 1, 2);
        assert_eq!(
            lists,
            [&[1][..], &[2], &[1, 1], &[1, 2], &[2, 1], &[2, 2]].map(<[u64]>::to_vec)
        );
        // 13 + 13^2 + 13^3 + 13^4 lists of 0..=12, all distinct.
        let mut lists = all_pile_lists(4, 0, 12);
        assert_eq!(lists.len(), 30940);
        lists.sort();
        lists.dedup();
        assert_eq!(lists.len(), 30940);
    }
}
