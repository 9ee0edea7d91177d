//! Generator for bash. `-mode` picks the kind of cases, `-T` how many
//! (default: as many as the mode wants), `-index` only varies the seed.
//! `-mode=all -n=N -m=M` writes every pair n ≤ N, m ≤ M (n first, then m,
//! both increasing; N · M ≤ 10^5) and takes no `-T`.
use testlib::prelude::*;

const MAX: i64 = 1_000_000_000_000_000_000;

fn main() {
    let mut rnd = register_gen();
    let mode: String = opt("mode");
    let _ = opt_or::<i64>("index", 0);
    let mut cases: Vec<(i64, i64)> = Vec::new();
    // The exhaustive mode fills `cases` here, so the loop below adds nothing.
    let t: i64 = if mode == "all" {
        let (n_max, m_max): (i64, i64) = (opt("n"), opt("m"));
        ensuref!(
            n_max >= 1 && m_max >= 1 && n_max.saturating_mul(m_max) <= 100_000,
            "-n and -m must be positive with n · m ≤ 10^5 (T ≤ 10^5)"
        );
        for n in 1..=n_max {
            for m in 1..=m_max {
                cases.push((n, m));
            }
        }
        cases.len() as i64
    } else {
        opt_or("T", 100_000)
    };
    while (cases.len() as i64) < t {
        let (n, m) = match mode.as_str() {
            "small" => (rnd.next_range(1, 60), rnd.next_range(1, 60)),
            "random" => {
                let m = rnd.next_range(1, MAX);
                (rnd.next_range(1, MAX), m)
            }
            // Values near 10^18, where 32-bit and double arithmetic break.
            "max" => (MAX - rnd.next_range(0, 1000), MAX - rnd.next_range(0, 1000)),
            // n % m instead of n % (m + 1): multiples of m + 1 that are not
            // multiples of m (Second), and multiples of m that are not of m + 1.
            "mod-m" => {
                let m = rnd.next_range(2, 1_000_000_000);
                let k = rnd.next_range(1, MAX / (m + 1));
                if rnd.next_int(2) == 0 {
                    (k * (m + 1), m)
                } else {
                    (k * m, m)
                }
            }
            // Values above 2^31 whose low 32 bits tell another story.
            "int32" => {
                let m = rnd.next_range(1 << 31, 1 << 40);
                let k = rnd.next_range(1, 1 << 19);
                (k * (m + 1) + rnd.next_range(-1, 1).max(0), m)
            }
            // Simulating the game move by move: huge n, tiny m.
            "slow" => (MAX - rnd.next_range(0, 100), rnd.next_range(1, 3)),
            "special" => {
                let m = rnd.next_range(1, 1_000_000_000);
                let k = rnd.next_range(2, MAX / (m + 1));
                match rnd.next_int(6) {
                    0 => (m, m),
                    1 => (rnd.next_range(1, MAX), 1),
                    2 => (rnd.next_range(1, m), rnd.next_range(m, MAX)),
                    3 => (k * (m + 1), m),
                    4 => (k * (m + 1) - 1, m),
                    _ => (k * (m + 1) + 1, m),
                }
            }
            // Fixed extremes first, then random ones near the bounds.
            "edge" => {
                const FIXED: [(i64, i64); 8] = [
                    (1, 1),
                    (1, MAX),
                    (MAX, 1),
                    (MAX, MAX),
                    (MAX, MAX - 1),
                    (MAX - 1, MAX - 2),
                    (2, 1),
                    (MAX / 2 * 2, 1),
                ];
                match FIXED.get(cases.len()) {
                    Some(&c) => c,
                    None => (MAX - rnd.next_range(0, 3), rnd.next_range(1, 3)),
                }
            }
            other => quitf!(FAIL, "unknown mode `{other}`"),
        };
        cases.push((n, m));
    }
    let mut out = String::with_capacity(cases.len() * 40);
    out.push_str(&format!("{}\n", cases.len()));
    for (n, m) in cases {
        out.push_str(&format!("{n} {m}\n"));
    }
    print!("{out}");
}
