//! Generator for nim-play. Each game takes three lines: the jury's policy
//! and seed (`random 123` or `longest 123`), `n`, and the `n` piles; every
//! game has at least one stone. `-mode` picks the kind of games, `-T` how
//! many, `-n` the largest number of piles in a game (the exact number in
//! `max`), `-policy` the jury's policy (`random`, `longest`, or `mixed`:
//! alternating, the default), `-index` only varies the seed. A test holds at
//! most 1000 games and 1500 piles in all, which keeps it under 10^5 lines
//! each way (see checkers::nim_play).
//!
//! `-mode=all -n=N -v=V` writes every list of at most N piles of 0..=V
//! stones but the empty ones (every multiset in every order), by number of
//! piles and then in lexicographic order, the policies alternating and the
//! seed the game's number; it takes no `-T`. `-n=3 -v=6` gives 396 games.
use generators::{MAX, all_pile_lists, xor};
use testlib::prelude::*;

const MAX_T: usize = 1000;
const SUM_N: usize = 1500;
/// 2^59: a pile of at least this many stones has 60 bits, the most a pile
/// of at most 10^18 has.
const TOP_BIT: u64 = 1 << 59;

struct Game {
    policy: &'static str,
    seed: u64,
    piles: Vec<u64>,
}

fn print_games(games: &[Game]) {
    let sum_n: usize = games.iter().map(|g| g.piles.len()).sum();
    ensuref!(
        (1..=MAX_T).contains(&games.len()) && sum_n <= SUM_N,
        "{} games and {sum_n} piles do not fit in a test (T ≤ {MAX_T}, the sum of n ≤ {SUM_N})",
        games.len()
    );
    let mut out = format!("{}\n", games.len());
    for g in games {
        out.push_str(&format!(
            "{} {}\n{}\n{}\n",
            g.policy,
            g.seed,
            g.piles.len(),
            join(&g.piles, " ")
        ));
    }
    print!("{out}");
}

/// Makes the last pile the xor of the others (a losing start for the first
/// player); false if that does not fit under MAX. A single pile is left as
/// it is (it can only be a winning start).
fn make_losing(piles: &mut [u64]) -> bool {
    if piles.len() < 2 {
        return true;
    }
    let (last, rest) = piles.split_last_mut().unwrap();
    *last = xor(rest);
    *last <= MAX
}

/// The piles that hold the xor's top bit (those a winning move can cut).
fn cuttable(piles: &[u64]) -> Vec<usize> {
    let x = xor(piles);
    (0..piles.len())
        .filter(|&i| piles[i] ^ x < piles[i])
        .collect()
}

/// A value of about `bits` random bits (capped at MAX).
fn value(rnd: &mut Random, bits: u32) -> u64 {
    rnd.next_range(0, ((1u64 << bits) - 1).min(MAX))
}

fn main() {
    let mut rnd = register_gen();
    let mode: String = opt("mode");
    let _ = opt_or::<i64>("index", 0);
    let policy: String = opt_or("policy", "mixed".to_string());
    let policy_of = |k: usize| -> &'static str {
        match policy.as_str() {
            "random" => "random",
            "longest" => "longest",
            "mixed" if k % 2 == 1 => "longest",
            "mixed" => "random",
            other => quitf!(FAIL, "unknown policy `{other}`"),
        }
    };
    if mode == "all" {
        let (n_max, v): (usize, u64) = (opt("n"), opt("v"));
        let games: Vec<Game> = all_pile_lists(n_max, 0, v)
            .into_iter()
            .filter(|p| p.iter().any(|&a| a > 0))
            .enumerate()
            .map(|(k, piles)| Game {
                policy: policy_of(k),
                seed: k as u64 + 1,
                piles,
            })
            .collect();
        print_games(&games);
        return;
    }
    let t: usize = opt_or("T", 10);
    let n_max: usize = opt_or("n", 8);
    ensuref!(n_max >= 1, "-n must be positive");
    let mut games = Vec::new();
    let mut tries = 0u64;
    while games.len() < t {
        tries += 1;
        ensuref!(
            tries <= 1_000_000,
            "mode {mode} found no game here (try more piles)"
        );
        let k = games.len();
        let n = rnd.next_range(1, n_max);
        let piles: Option<Vec<u64>> = match mode.as_str() {
            // Small games, half of them losing for the first player: the
            // brute force's range.
            "small" => {
                let mut p: Vec<u64> = (0..n).map(|_| rnd.next_range(0, 15)).collect();
                if k % 2 == 1 {
                    make_losing(&mut p);
                }
                Some(p)
            }
            "random" => {
                let bits = *rnd.any(&[4, 20, 40, 60]);
                let mut p: Vec<u64> = (0..n).map(|_| value(&mut rnd, bits)).collect();
                (k.is_multiple_of(2) || make_losing(&mut p)).then_some(p)
            }
            // Exactly n piles of 60 bits, the longest games; half of them
            // losing for the first player (with n even the last pile keeps
            // 60 bits too, often enough).
            "max" => {
                let mut p: Vec<u64> = (0..n_max).map(|_| rnd.next_range(TOP_BIT, MAX)).collect();
                // One pile is never a losing start.
                let ok = k.is_multiple_of(2) || n_max == 1 || make_losing(&mut p);
                (ok && p.iter().all(|&a| a >= TOP_BIT || n_max % 2 == 1)).then_some(p)
            }
            "special" => Some(special(&mut rnd, k, n.max(2))),
            // Declaring the side by the parity of the stones: winning starts
            // with an even number of stones (the xor even, not 0).
            "parity" => {
                let bits = *rnd.any(&[3, 6, 60]);
                let p: Vec<u64> = (0..n.max(2)).map(|_| value(&mut rnd, bits)).collect();
                let x = xor(&p);
                (x != 0 && x & 1 == 0).then_some(p)
            }
            // Moving in the largest pile: winning starts where no largest
            // pile holds the xor's top bit (so the first move already
            // fails), and losing starts that the `longest` jury breaks in a
            // smaller pile.
            "largest" => {
                let bits = *rnd.any(&[3, 6, 60]);
                let mut p: Vec<u64> = (0..n.max(3)).map(|_| value(&mut rnd, bits)).collect();
                if k % 2 == 1 {
                    make_losing(&mut p).then_some(p)
                } else {
                    let top = *p.iter().max().unwrap();
                    let bad = xor(&p) == 0 || cuttable(&p).iter().any(|&i| p[i] == top);
                    (!bad).then_some(p)
                }
            }
            // Folding the stones taken into the xor: losing starts, so that
            // the jury replies first, with a partial take.
            "partial" => {
                let bits = *rnd.any(&[6, 20, 60]);
                let mut p: Vec<u64> = (0..n.max(2)).map(|_| value(&mut rnd, bits)).collect();
                make_losing(&mut p).then_some(p)
            }
            other => quitf!(FAIL, "unknown mode `{other}`"),
        };
        let Some(piles) = piles.filter(|p| p.iter().any(|&a| a > 0)) else {
            continue;
        };
        games.push(Game {
            policy: policy_of(k),
            seed: rnd.next_range(0, MAX),
            piles,
        });
    }
    print_games(&games);
}

/// Structured starts: equal pairs, powers of two and their neighbours, one
/// pile, one non-empty pile among empty ones, 10^18, a pair of 2^k and
/// 2^k - 1, and a start whose only cuttable pile is the last one.
fn special(rnd: &mut Random, k: usize, n: usize) -> Vec<u64> {
    let e = rnd.next_range(1u32, 58);
    match k % 8 {
        0 => {
            let mut p: Vec<u64> = (0..n / 2).map(|_| rnd.next_range(1, MAX)).collect();
            p.extend(p.clone());
            rnd.shuffle(&mut p);
            p
        }
        1 => vec![rnd.next_range(1, MAX)],
        2 => (0..n)
            .map(|_| (1u64 << rnd.next_range(0u32, 59)) - rnd.next_range(0, 1))
            .collect(),
        3 => {
            let mut p = vec![0; n];
            p[rnd.next_range(0, n - 1)] = rnd.next_range(1, MAX);
            p
        }
        4 => vec![MAX; n],
        5 => vec![1 << e, (1 << e) - 1],
        6 => {
            // Only the last pile holds bit e of the xor.
            let mut p: Vec<u64> = (0..n).map(|_| rnd.next_range(0, (1 << e) - 1)).collect();
            p[n - 1] |= 1 << e;
            p
        }
        _ => vec![1; n],
    }
}
