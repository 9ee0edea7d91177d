//! Certification of circle: the reference solution, the brute force (Grundy
//! values of paths over the real moves) and the checker agree on every
//! n, k ≤ 100; the brute force's Grundy values agree with a plain win/lose
//! search over sets of paths; the checker rejects each wrong shape of answer
//! with the right verdict.

use testkit::certify::{self, Checker};

use std::collections::HashMap;

// A contestant\'s program, for old compilers too: no `is_multiple_of`.
#[allow(dead_code, clippy::manual_is_multiple_of)]
#[path = "../../solutions/circle/accepted/circle.rs"]
mod reference;

#[allow(dead_code)]
#[path = "../../solutions/circle/brute_force/circle_search.rs"]
mod brute;

const CHECKER: Checker = Checker::Rust(env!("CARGO_BIN_EXE_check-circle"));
const N: u64 = 100;
/// The plain search covers every set of paths with at most this many stones.
const STONES: usize = 20;

fn word(first: bool) -> &'static str {
    if first { "First" } else { "Second" }
}

#[test]
fn reference_brute_force_and_checker_agree_on_small_states() {
    let mut input = format!("{}\n", N * N);
    let (mut answer, mut output) = (String::new(), String::new());
    for n in 1..=N {
        for k in 1..=N {
            input.push_str(&format!("{n} {k}\n"));
        }
    }
    let mut truth = vec![vec![false; N as usize + 1]; N as usize + 1];
    for k in 1..=N {
        let path = brute::path_grundy(N as usize - 1, k);
        for n in 1..=N {
            truth[n as usize][k as usize] = brute::circle_first_wins(n, k, &path);
        }
    }
    // The brute force's own entry point, on the bounds the spec asks for.
    for n in 1..=30 {
        for k in 1..=30 {
            assert_eq!(brute::first_wins(n, k), truth[n as usize][k as usize]);
        }
    }
    for n in 1..=N {
        for k in 1..=N {
            let first = truth[n as usize][k as usize];
            assert_eq!(reference::first_wins(n, k), first, "n = {n}, k = {k}");
            answer.push_str(&format!("{}\n", word(first)));
            output.push_str(&format!("{}\n", word(reference::first_wins(n, k))));
        }
    }
    certify::check(&CHECKER, &input, &output, &answer).expect(0, "10000 case(s)");
    certify::report(
        "circle",
        &format!(
            "{} states (n, k ≤ {N}): reference = brute force, checker accepts",
            N * N
        ),
    );
}

/// Win/lose by plain search over positions (sorted lists of path lengths),
/// with no Sprague–Grundy theory: a position is won iff some move leads to a
/// lost one.
struct Search {
    k: usize,
    memo: HashMap<Vec<usize>, bool>,
}

impl Search {
    fn wins(&mut self, paths: &[usize]) -> bool {
        if let Some(&won) = self.memo.get(paths) {
            return won;
        }
        let mut won = false;
        'moves: for (i, &len) in paths.iter().enumerate() {
            for take in 1..=len.min(self.k) {
                for left in 0..=len - take {
                    let mut next = paths.to_vec();
                    next.remove(i);
                    next.extend([left, len - take - left].into_iter().filter(|&p| p > 0));
                    next.sort_unstable();
                    if !self.wins(&next) {
                        won = true;
                        break 'moves;
                    }
                }
            }
        }
        self.memo.insert(paths.to_vec(), won);
        won
    }

    /// The first move on a circle of n leaves one path of n - take stones.
    fn circle_wins(&mut self, n: usize) -> bool {
        (1..=n.min(self.k)).any(|take| {
            let rest: Vec<usize> = Some(n - take).into_iter().filter(|&p| p > 0).collect();
            !self.wins(&rest)
        })
    }
}

/// Every sorted list of positive lengths with sum at most `stones`.
fn positions(stones: usize) -> Vec<Vec<usize>> {
    fn extend(rest: usize, smallest: usize, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        out.push(current.clone());
        for len in smallest..=rest {
            current.push(len);
            extend(rest - len, len, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    extend(stones, 1, &mut Vec::new(), &mut out);
    out
}

#[test]
fn grundy_values_agree_with_a_plain_search() {
    let all = positions(STONES);
    let mut checked = 0;
    // Beyond k = STONES + 1 no position here has a new move.
    for k in 1..=STONES + 1 {
        let path = brute::path_grundy(STONES, k as u64);
        let mut search = Search {
            k,
            memo: HashMap::new(),
        };
        for paths in &all {
            let grundy = paths.iter().fold(0, |x, &len| x ^ path[len]);
            assert_eq!(search.wins(paths), grundy != 0, "paths {paths:?}, k = {k}");
            checked += 1;
        }
        for n in 1..=STONES + 1 {
            let first = brute::circle_first_wins(n as u64, k as u64, &path);
            assert_eq!(search.circle_wins(n), first, "circle n = {n}, k = {k}");
            checked += 1;
        }
    }
    certify::report(
        "circle",
        &format!(
            "{checked} positions (sets of paths with ≤ {STONES} stones and circles of ≤ {} \
             stones, k ≤ {}): Grundy values = plain win/lose search",
            STONES + 1,
            STONES + 1
        ),
    );
}

#[test]
fn the_checker_rejects_each_wrong_shape() {
    certify::first_second_shapes(
        &CHECKER,
        "4\n1 2\n3 2\n6 1\n5 7\n",
        &["First", "Second", "Second", "First"],
    );
}
