//! Generator for {{name}} (made by `judge new`). `-mode` picks the kind of
//! games, `-T` how many (not for `edge` and `all`); `-index` only changes
//! the seed. `-mode=all -n=N -k=K` writes every game with n ≤ N and k ≤ K,
//! n first, both increasing (N · K ≤ 10^5), for `judge certify`.
use testlib::prelude::*;

/// The largest n and k.
const MAX: i64 = 1_000_000_000_000_000_000;
/// The most games a test holds.
const MAX_T: i64 = 100_000;

/// Fixed games at the bounds of the constraints.
const EDGE: [(i64, i64); 10] = [
    (1, 1),
    (1, MAX),
    (2, 1),
    (3, 1),
    (2, MAX),
    (MAX, 1),
    (MAX, 2),
    (MAX, MAX),
    (MAX, MAX - 1),
    (MAX - 1, MAX - 2),
];

fn main() {
    let mut rnd = register_gen();
    let mode: String = opt("mode");
    let _ = opt_or::<i64>("index", 0);
    let games: Vec<(i64, i64)> = match mode.as_str() {
        "edge" => EDGE.to_vec(),
        "all" => {
            let (n_max, k_max): (i64, i64) = (opt("n"), opt("k"));
            ensuref!(
                n_max >= 1 && k_max >= 1 && n_max.saturating_mul(k_max) <= MAX_T,
                "-n and -k must be positive with n · k ≤ {MAX_T}"
            );
            (1..=n_max)
                .flat_map(|n| (1..=k_max).map(move |k| (n, k)))
                .collect()
        }
        _ => {
            let t: i64 = opt("T");
            ensuref!((1..=MAX_T).contains(&t), "-T must lie in 1..={MAX_T}");
            (0..t).map(|_| random_game(&mut rnd, &mode)).collect()
        }
    };
    let mut out = String::with_capacity(games.len() * 40 + 8);
    out.push_str(&format!("{}\n", games.len()));
    for (n, k) in games {
        out.push_str(&format!("{n} {k}\n"));
    }
    print!("{out}");
}

/// One game of a random mode.
fn random_game(rnd: &mut Random, mode: &str) -> (i64, i64) {
    match mode {
        "small" => (rnd.next_range(1, 40), rnd.next_range(1, 40)),
        "random" => (rnd.next_range(1, MAX), rnd.next_range(1, MAX)),
        // Near the bounds, with a small or a huge k.
        "max" => {
            let n = MAX - rnd.next_range(0, 1000);
            let k = if rnd.next_int(2) == 0 {
                rnd.next_range(1, 10)
            } else {
                MAX - rnd.next_range(0, 1000)
            };
            (n, k)
        }
        // n ≡ 0 or 1 (mod k + 1): exactly where the misère answer is the
        // opposite of the normal-play one.
        "trap" => {
            let k = rnd.next_range(1, 1_000_000_000);
            let rounds = rnd.next_range(1, (MAX - 1) / (k + 1));
            (rounds * (k + 1) + rnd.next_range(0, 1), k)
        }
        other => quitf!(FAIL, "unknown mode `{other}`"),
    }
}
