//! Generator for fibonacci-play. A test is `T`, then one line per game,
//! `n policy seed`: the pile, the jury's policy when it is losing
//! (`strong`, `random`, `uniform` or `slow`, see checkers::fibonacci_play)
//! and the seed of its random choices. A test holds at most 1000 games, n ≤
//! 10^18 (2·10^5 under `uniform` and `slow`), and the games' move budgets
//! add up to at most 2·10^5, which keeps it near 10^5 lines each way.
//!
//! `-mode` picks the kind of games, `-T` how many, `-max` the largest n,
//! `-policy` the jury's policy: one of the four, `fast` (strong and random
//! alternating, the default where n is large), `long` (uniform and slow
//! alternating, the default in `slow` and `owncap`) or `mixed` (all four in
//! turn, the default in `small`); uniform and slow games get n ≤ 2·10^5.
//! `-index` only varies the seed.
//!
//! `owncap` keeps only the small games (n ≤ `-max`) where the own_cap
//! solution, simulated here against the jury, makes an illegal move; the
//! rule that `strong` and `random` follow never lets it, so its default
//! policies are the two others.
//!
//! `-mode=all -n=N` writes every n in 2..=N under each policy of `-policy`
//! (all four by default), seeds the game's number; it takes no `-T`.
//! `-n=250` gives 996 games.
use checkers::fibonacci_play::{
    FIB, MAX_MOVES, MAX_N, MAX_SLOW_N, MAX_T, Policy, Position, Rng, budget, index, is_fibonacci,
    smallest_term,
};
use testlib::prelude::*;

struct Game {
    n: u64,
    policy: Policy,
    seed: u64,
}

fn print_games(games: &[Game]) {
    let moves: u64 = games.iter().map(|g| budget(g.n, g.policy)).sum();
    ensuref!(
        (1..=MAX_T).contains(&games.len()) && moves <= MAX_MOVES,
        "{} games needing up to {moves} moves do not fit in a test (T ≤ {MAX_T}, moves ≤ \
         {MAX_MOVES})",
        games.len()
    );
    let mut out = format!("{}\n", games.len());
    for g in games {
        ensuref!(
            (2..=g.policy.max_n()).contains(&g.n),
            "n = {} is out of range under {}",
            g.n,
            g.policy.name()
        );
        out.push_str(&format!("{} {} {}\n", g.n, g.policy.name(), g.seed));
    }
    print!("{out}");
}

/// A number of `2..=hi` of a uniform bit length, then uniform.
fn log_uniform(rnd: &mut Random, hi: u64) -> u64 {
    let bits = rnd.next_range(2, 64 - hi.leading_zeros());
    let low = 1u64 << (bits - 1);
    rnd.next_range(low, hi.min((low << 1) - 1)).max(2)
}

/// A Fibonacci number in `lo..=hi` (some exists), uniform over them.
fn fibonacci_in(rnd: &mut Random, lo: u64, hi: u64) -> u64 {
    let (from, to) = (index(lo - 1), index(hi) - 1);
    ensuref!(from <= to, "no Fibonacci number in {lo}..={hi}");
    FIB[rnd.next_range(from, to)]
}

/// Plays the own_cap solution (wrong_answer/own_cap.rs: take the whole pile
/// when it is at most twice our own last move, else the smallest term)
/// against the jury; true if it makes an illegal move.
fn own_cap_fails(n: u64, policy: Policy, seed: u64) -> bool {
    let mut pos = Position::new(n);
    let mut rng = Rng::new(seed);
    let mut mine = !is_fibonacci(n);
    let (mut cap, mut moved) = (n - 1, false);
    while !pos.is_over() {
        if mine {
            let x = if pos.stones() <= cap {
                pos.stones()
            } else {
                smallest_term(pos.stones())
            };
            if pos.check(x as i64).is_err() {
                return true;
            }
            pos.apply(x);
            (cap, moved) = (2 * x, true);
        } else {
            let y = pos.jury_move(policy, &mut rng);
            pos.apply(y);
            if !moved {
                cap = 2 * y;
            }
        }
        mine = !mine;
    }
    false
}

fn main() {
    let mut rnd = register_gen();
    let mode: String = opt("mode");
    let _ = opt_or::<i64>("index", 0);
    let default_policy = match mode.as_str() {
        "small" | "all" => "mixed",
        "slow" | "owncap" => "long",
        _ => "fast",
    };
    let policy: String = opt_or("policy", default_policy.to_string());
    let policy_of = |k: usize| -> Policy {
        match policy.as_str() {
            "fast" => [Policy::Strong, Policy::Random][k % 2],
            "long" => [Policy::Uniform, Policy::Slow][k % 2],
            "mixed" => Policy::ALL[k % 4],
            name => Policy::parse(name.as_bytes())
                .unwrap_or_else(|| quitf!(FAIL, "unknown policy `{name}`")),
        }
    };
    if mode == "all" {
        let n_max: u64 = opt("n");
        let policies: Vec<Policy> = match policy.as_str() {
            "mixed" => Policy::ALL.to_vec(),
            "fast" => vec![Policy::Strong, Policy::Random],
            "long" => vec![Policy::Uniform, Policy::Slow],
            _ => vec![policy_of(0)],
        };
        let mut games = Vec::new();
        for n in 2..=n_max {
            for &p in &policies {
                let seed = games.len() as u64 + 1;
                games.push(Game { n, policy: p, seed });
            }
        }
        print_games(&games);
        return;
    }
    if mode == "special" {
        print_games(&special(&mut rnd));
        return;
    }
    let t: usize = opt_or("T", 10);
    let max: u64 = opt_or("max", MAX_N);
    ensuref!((2..=MAX_N).contains(&max), "-max must be in 2..=10^18");
    let mut games = Vec::new();
    let mut tries = 0u64;
    while games.len() < t {
        tries += 1;
        ensuref!(tries <= 1_000_000, "mode {mode} found no game here");
        let k = games.len();
        let p = policy_of(k);
        let hi = max.min(p.max_n());
        let fib = rnd.next_range(0, 1) == 1;
        let n = match mode.as_str() {
            // Small games, half of them Fibonacci numbers (the jury moves
            // first): the brute force's range.
            "small" | "owncap" if fib => fibonacci_in(&mut rnd, 2, hi),
            "small" | "owncap" => rnd.next_range(2, hi),
            // Any size, half of them Fibonacci numbers.
            "random" if fib => fibonacci_in(&mut rnd, 2, hi),
            "random" => log_uniform(&mut rnd, hi),
            // Fibonacci numbers at every scale: the jury moves first.
            "fib" => fibonacci_in(&mut rnd, 2, hi),
            // The top tenth of the range, or one of its largest Fibonacci
            // numbers: the longest fast games.
            "max" if fib => fibonacci_in(&mut rnd, hi / 4, hi),
            "max" => rnd.next_range(hi - hi / 10, hi),
            // Games of n in max/2..=max (the longest under uniform and slow).
            "slow" if fib && index(hi) > index(hi / 2) => fibonacci_in(&mut rnd, hi / 2 + 1, hi),
            "slow" => rnd.next_range(hi / 2 + 1, hi),
            // The largest Fibonacci number up to 10^18 (a table that stops
            // short takes it for a sum of two), every fourth game, and its
            // neighbours.
            "top" if k % 4 == 0 => FIB[85],
            "top" => FIB[*rnd.any(&[83, 84, 85])] - 50 + rnd.next_range(0, 100),
            other => quitf!(FAIL, "unknown mode `{other}`"),
        };
        let seed = rnd.next_range(0, MAX_N);
        if mode == "owncap" && !own_cap_fails(n, p, seed) {
            continue;
        }
        games.push(Game { n, policy: p, seed });
    }
    print_games(&games);
}

/// Structured starts: every n up to 13 and the next Fibonacci numbers, each
/// under all four policies; then large ones under strong and random: 10^18
/// and its neighbours, the largest Fibonacci numbers and their neighbours,
/// powers of two, 2·10^5 and the largest Fibonacci number below it.
fn special(rnd: &mut Random) -> Vec<Game> {
    let mut games = Vec::new();
    let mut seed = || rnd.next_range(0, MAX_N);
    for n in (2..=13).chain([21, 34, 55, 89, 144]) {
        for p in Policy::ALL {
            games.push(Game {
                n,
                policy: p,
                seed: seed(),
            });
        }
    }
    let mut large = vec![
        MAX_N,
        MAX_N - 1,
        FIB[85],
        FIB[85] - 1,
        FIB[85] + 1,
        FIB[84],
        FIB[84] + 1,
        FIB[83] + FIB[85],
        1 << 59,
        (1 << 59) - 1,
        (1 << 32) + 1,
        MAX_SLOW_N,
        FIB[index(MAX_SLOW_N) - 1],
    ];
    // One less than a Fibonacci number: the sum of every other one below,
    // the most terms.
    large.push(FIB[84] - 1);
    for n in large {
        for p in [Policy::Strong, Policy::Random] {
            games.push(Game {
                n,
                policy: p,
                seed: seed(),
            });
        }
    }
    games
}
