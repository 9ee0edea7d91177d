//! Each family's table agrees with the kit's own problems: their reference
//! solutions and brute forces (single files, read here as modules, their
//! `main` unused) on every position the problem's certification covers
//! (`[certify]` bounds in its problem.toml).

use games::{Play, outcomes};

macro_rules! solution {
    ($name:ident, $path:literal) => {
        #[allow(dead_code, clippy::all)]
        #[path = $path]
        mod $name;
    };
}

solution!(bash_reference, "../../solutions/bash/accepted/bash.rs");
solution!(
    bash_search,
    "../../solutions/bash/brute_force/bash_search.rs"
);
solution!(
    subtraction_reference,
    "../../solutions/subtraction/accepted/subtraction.rs"
);
solution!(
    subtraction_search,
    "../../solutions/subtraction/brute_force/subtraction_search.rs"
);
solution!(
    wythoff_reference,
    "../../solutions/wythoff/accepted/wythoff.rs"
);
solution!(
    wythoff_search,
    "../../solutions/wythoff/brute_force/wythoff_search.rs"
);
solution!(
    fibonacci_reference,
    "../../solutions/fibonacci/accepted/fibonacci.rs"
);
solution!(
    fibonacci_search,
    "../../solutions/fibonacci/brute_force/fibonacci_search.rs"
);
solution!(
    circle_reference,
    "../../solutions/circle/accepted/circle.rs"
);
solution!(
    circle_search,
    "../../solutions/circle/brute_force/circle_search.rs"
);
solution!(nim_reference, "../../solutions/nim/accepted/nim.rs");
solution!(nim_search, "../../solutions/nim/brute_force/nim_search.rs");
solution!(
    anti_nim_reference,
    "../../solutions/anti-nim/accepted/anti-nim.rs"
);
solution!(
    anti_nim_search,
    "../../solutions/anti-nim/brute_force/anti-nim_search.rs"
);
solution!(
    merge_reference,
    "../../solutions/merge-piles/accepted/merge-piles.rs"
);
solution!(
    merge_search,
    "../../solutions/merge-piles/brute_force/merge-piles_search.rs"
);

/// Bash, n and m up to 316: `subtraction --moves 1-m`.
#[test]
fn bash_agrees_with_its_reference_and_brute_force() {
    for m in 1..=316u64 {
        let moves: Vec<usize> = (1..=m as usize).collect();
        let game = games::subtraction::Subtraction::new(&moves, 317).unwrap();
        let wins = outcomes(&game, Play::Normal).unwrap();
        for n in 1..=316u64 {
            let engine = wins[n as usize];
            assert_eq!(engine, bash_reference::first_wins(n, m), "n {n}, m {m}");
            assert_eq!(engine, bash_search::first_wins(n, m), "n {n}, m {m}");
        }
    }
}

/// The subtraction problem's games, {1..a} ∪ {c..b} with a + 2 ≤ c ≤ b ≤
/// 20, on piles up to 80.
#[test]
fn subtraction_agrees_with_its_reference_and_brute_force() {
    for b in 3..=20u64 {
        for c in 3..=b {
            for a in 1..=c - 2 {
                let moves: Vec<usize> = (1..=a).chain(c..=b).map(|m| m as usize).collect();
                let game = games::subtraction::Subtraction::new(&moves, 81).unwrap();
                let wins = outcomes(&game, Play::Normal).unwrap();
                let search = subtraction_search::outcomes(a, c, b, 81);
                for n in 0..=80u64 {
                    let engine = wins[n as usize];
                    let case = format!("a {a}, c {c}, b {b}, n {n}");
                    assert_eq!(
                        engine,
                        subtraction_reference::first_wins(a, c, b, n),
                        "{case}"
                    );
                    assert_eq!(engine, search[n as usize], "{case}");
                }
            }
        }
    }
}

/// Wythoff, both piles up to 315.
#[test]
fn wythoff_agrees_with_its_reference_and_brute_force() {
    let side = 316;
    let lost = games::wythoff::Wythoff { side }.lost();
    let search = wythoff_search::losing_table(side - 1);
    for a in 0..side {
        for b in 0..side {
            let engine = lost[a * side + b];
            let case = format!("({a}, {b})");
            assert_eq!(
                engine,
                wythoff_reference::is_losing(a as u64, b as u64),
                "{case}"
            );
            assert_eq!(engine, search[a][b], "{case}");
        }
    }
}

/// Fibonacci Nim, piles up to 10 000: the first player loses exactly where
/// the reference has no winning move, and the brute force's table is the
/// engine's.
#[test]
fn fibonacci_agrees_with_its_reference_and_brute_force() {
    let piles = 10_001;
    let game = games::fibonacci::Fibonacci { piles };
    let wins = game.wins();
    let first = game.first_wins(&wins);
    let fib = fibonacci_reference::fibonacci_numbers();
    let search = fibonacci_search::win_table(piles - 1);
    for n in 2..piles {
        let reference = fibonacci_reference::winning_move(&fib, n as u64).is_some();
        assert_eq!(first[n], reference, "pile {n}");
        for (cap, &won) in search[n].iter().enumerate().skip(1) {
            let index = games::fibonacci::Fibonacci::index(n, cap);
            assert_eq!(wins[index], won, "pile {n}, cap {cap}");
        }
    }
}

/// The circle game, n and k up to 316.
#[test]
fn circle_agrees_with_its_reference_and_brute_force() {
    for k in 1..=316u64 {
        let wins = games::circle::first_wins(k as usize, 317).unwrap();
        let path = circle_search::path_grundy(316, k);
        for n in 1..=316u64 {
            let engine = wins[n as usize];
            let case = format!("n {n}, k {k}");
            assert_eq!(engine, circle_reference::first_wins(n, k), "{case}");
            assert_eq!(
                engine,
                circle_search::circle_first_wins(n, k, &path),
                "{case}"
            );
        }
    }
}

/// Every position of `game` with its outcome under `play`.
fn each(game: &games::heaps::Heaps, play: Play) -> Vec<(Vec<u64>, bool)> {
    let wins = outcomes(game, play).unwrap();
    (0..wins.len())
        .map(|i| (game.position(i).to_vec(), wins[i]))
        .collect()
}

/// Nim, up to 4 heaps of at most 16 (and empty heaps, which change
/// nothing): the reference has a winning move exactly where the engine
/// wins.
#[test]
fn nim_agrees_with_its_reference_and_brute_force() {
    let mut search = nim_search::Search::new();
    for (heaps, wins) in each(&games::heaps::Heaps::nim(4, 16), Play::Normal) {
        assert_eq!(
            wins,
            nim_reference::winning_move(&heaps).is_some(),
            "{heaps:?}"
        );
        assert_eq!(wins, search.first_wins(&heaps), "{heaps:?}");
        let with_empty = [&heaps[..], &[0]].concat();
        assert_eq!(wins, nim_reference::winning_move(&with_empty).is_some());
    }
}

/// Misère Nim (the anti-nim problem), up to 4 heaps of at most 17.
#[test]
fn anti_nim_agrees_with_its_reference_and_brute_force() {
    let mut search = anti_nim_search::Search::new();
    for (heaps, wins) in each(&games::heaps::Heaps::nim(4, 17), Play::Misere) {
        if heaps.is_empty() {
            continue;
        }
        assert_eq!(wins, anti_nim_reference::first_wins(&heaps), "{heaps:?}");
        assert_eq!(wins, search.first_wins(&heaps), "{heaps:?}");
    }
}

/// Merge piles, every position of at most 35 stones.
#[test]
fn merge_piles_agrees_with_its_reference_and_brute_force() {
    let mut search = merge_search::Search::new();
    for (heaps, wins) in each(&games::heaps::Heaps::merge_piles(35), Play::Normal) {
        if heaps.is_empty() {
            continue;
        }
        assert_eq!(wins, merge_reference::first_wins(&heaps), "{heaps:?}");
        assert_eq!(wins, search.first_wins(&heaps), "{heaps:?}");
    }
}
