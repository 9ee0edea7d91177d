//! Generator for kayles: games of two rows of pins, `n k` a line. `-mode`
//! picks the kind of games, `-T` how many (not for `edge` and `all`);
//! `-index` only changes the seed. `-mode=all -n=N -k=K` writes every game
//! with n ≤ N and k ≤ K (N · K ≤ 10^5), for `judge certify`.
use testlib::prelude::*;

/// The longest row.
const MAX: i64 = 1_000_000_000_000_000_000;
/// The most games a test holds.
const MAX_T: i64 = 100_000;

/// Fixed games: the shortest rows, the last exception of the values (row
/// 70) and the first row of its residue after it (82), the bounds.
const EDGE: [(i64, i64); 10] = [
    (1, 1),
    (1, 2),
    (70, 70),
    (70, 82),
    (82, 2),
    (71, 83),
    (MAX, MAX),
    (MAX, MAX - 12),
    (MAX, 1),
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
        "small" => (rnd.next_range(1, 100), rnd.next_range(1, 100)),
        "random" => (rnd.next_range(1, MAX), rnd.next_range(1, MAX)),
        "max" => (MAX - rnd.next_range(0, 1000), MAX - rnd.next_range(0, 1000)),
        // Different rows of one value, so lost: a row from 71 on and one a
        // multiple of 12 longer, or two short rows of value 1 (1, 4, 8,
        // 13 and 16 pins have it).
        "trap-mirror" => match rnd.next_int(2) {
            0 => {
                let n = rnd.next_range(71, MAX - 12);
                (n, n + 12 * rnd.next_range(1, (MAX - n) / 12))
            }
            _ => {
                let ones = [1, 4, 8, 13, 16];
                let a = rnd.next_int(5) as usize;
                let b = (a + 1 + rnd.next_int(4) as usize) % 5;
                (ones[a], ones[b])
            }
        },
        // A long row of 10 (mod 12) pins, value 2, against a row of value 2
        // (2 pins, or another such row) or 6 (70 pins).
        "trap-late" => {
            let long = |rnd: &mut Random| 82 + 12 * rnd.next_range(0, (MAX - 82) / 12);
            let k = match rnd.next_int(3) {
                0 => 2,
                1 => 70,
                _ => long(rnd),
            };
            (long(rnd), k)
        }
        other => quitf!(FAIL, "unknown mode `{other}`"),
    }
}
