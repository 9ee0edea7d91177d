//! Certification of nim-play's game logic (checkers::nim_play, which the
//! interactor plays by) against a search of the game, on every list of at
//! most 4 piles of at most 7 stones (every multiset in every order):
//!
//! - the winning rule (`mover_wins`) is the search's, and `move_cap` bounds
//!   the contestant's moves in every game where the contestant wins and the
//!   jury's replies take at least half of a pile;
//! - the jury's moves are legal; from a winning position its move wins
//!   (the search says the position after it is lost for the contestant);
//!   from a losing one, under both policies and many seeds, it takes at
//!   least half of its pile, `random` reaches every such reply, and
//!   `longest` maximises the potential and then minimises the contestant's
//!   winning replies over every allowed reply (both counted by the search);
//! - the jury wins every game the contestant should lose, whatever the
//!   contestant plays: every contestant move at every step, to the end;
//! - the reference (solutions/nim-play/accepted) wins every game it should,
//!   whatever the jury replies: every legal reply at every step, to the end.

use std::collections::{HashMap, HashSet};

use checkers::nim_play::{Policy, Position, Rng, bit_length, least_jury_take, potential};
use testkit::certify;

#[allow(dead_code)]
#[path = "../../solutions/nim-play/accepted/nim-play.rs"]
mod reference;

#[allow(dead_code)]
#[path = "../../solutions/nim-play/brute_force/nim-play_search.rs"]
mod brute;

const PILES: usize = 4;
const STONES: u64 = 10;
const SEEDS: u64 = 64;

/// Every legal move as (0-based pile, stones taken).
fn moves(piles: &[u64]) -> Vec<(usize, u64)> {
    (0..piles.len())
        .flat_map(|i| (1..=piles[i]).map(move |x| (i, x)))
        .collect()
}

fn after(piles: &[u64], (i, x): (usize, u64)) -> Vec<u64> {
    let mut next = piles.to_vec();
    next[i] -= x;
    next
}

fn is_over(piles: &[u64]) -> bool {
    piles.iter().all(|&a| a == 0)
}

/// The jury's move on `piles` from a fresh position.
fn jury(piles: &[u64], policy: Policy, seed: u64) -> (usize, u64) {
    Position::new(piles).jury_move(policy, &mut Rng::new(seed))
}

#[test]
fn rule_and_jury_policies_agree_with_the_search() {
    let states = certify::pile_lists(PILES, 0..=STONES);
    let mut search = brute::Search::new();
    let (mut winning, mut losing, mut replies_checked) = (0, 0, 0);
    for piles in states.iter().filter(|p| !is_over(p)) {
        let pos = Position::new(piles);
        let truth = search.wins(piles);
        assert_eq!(pos.mover_wins(), truth, "{piles:?}");
        if truth {
            winning += 1;
            // The winning move is legal and leaves a lost position, and the
            // jury plays it whatever the policy or seed.
            let m = pos.winning_move().expect("a winning move");
            assert!(moves(piles).contains(&m), "{m:?} on {piles:?}");
            assert!(!search.wins(&after(piles, m)), "{m:?} on {piles:?}");
            for policy in [Policy::Random, Policy::Longest] {
                assert_eq!(jury(piles, policy, 1), m, "{piles:?}");
            }
            continue;
        }
        losing += 1;
        // Every losing reply the jury may make (at least half of a pile).
        let allowed: Vec<(usize, u64)> = moves(piles)
            .into_iter()
            .filter(|&(i, x)| x >= least_jury_take(piles[i]))
            .collect();
        // The `longest` measure over them: the largest potential, then the
        // fewest winning replies for the contestant.
        let measure = |search: &mut brute::Search, m| {
            let next = after(piles, m);
            (potential(&next), search.winning_moves(&next).len())
        };
        let best_potential = allowed
            .iter()
            .map(|&m| potential(&after(piles, m)))
            .max()
            .unwrap();
        let fewest = allowed
            .iter()
            .filter(|&&m| potential(&after(piles, m)) == best_potential)
            .map(|&m| search.winning_moves(&after(piles, m)).len())
            .min()
            .unwrap();
        let mut seen = HashSet::new();
        for seed in 0..SEEDS {
            let r = jury(piles, Policy::Random, seed);
            assert!(allowed.contains(&r), "random {r:?} on {piles:?}");
            seen.insert(r);
            let l = jury(piles, Policy::Longest, seed);
            assert!(allowed.contains(&l), "longest {l:?} on {piles:?}");
            assert_eq!(
                measure(&mut search, l),
                (best_potential, fewest),
                "longest {l:?} on {piles:?}"
            );
            replies_checked += 2;
        }
        // With few replies to choose from, the seeds reach every one of them.
        if allowed.len() <= 6 {
            assert_eq!(seen.len(), allowed.len(), "random on {piles:?}");
        }
    }
    certify::report(
        "nim-play",
        &format!(
            "{} positions (every list of ≤ {PILES} piles ≤ {STONES} with a stone): the rule is \
             the search's on {winning} winning and {losing} losing ones; {replies_checked} \
             losing replies of the jury (both policies, {SEEDS} seeds) legal, at least half a \
             pile, `longest` optimal by its measure",
            winning + losing
        ),
    );
}

/// The jury, replying by its policy, wins every game that starts with the
/// contestant to move in a lost position, against every contestant move at
/// every step. Returns the number of positions explored.
fn jury_always_wins(
    piles: &[u64],
    policy: Policy,
    seed: u64,
    memo: &mut HashSet<Vec<u64>>,
) -> usize {
    if !memo.insert(piles.to_vec()) {
        return 0;
    }
    assert!(!is_over(piles), "the contestant has won on {piles:?}");
    let mut explored = 1;
    for m in moves(piles) {
        let mid = after(piles, m);
        assert!(
            !is_over(&mid),
            "the contestant took the last stone: {m:?} on {piles:?}"
        );
        // The contestant's move leaves a winning position for the jury; its
        // winning move does not depend on the policy or the seed.
        let r = jury(&mid, policy, seed);
        assert!(moves(&mid).contains(&r), "jury {r:?} on {mid:?}");
        let next = after(&mid, r);
        if !is_over(&next) {
            explored += jury_always_wins(&next, policy, seed, memo);
        }
    }
    explored
}

/// The reference, to move in a winning position, wins against every legal
/// reply at every step. Returns the most moves it makes from here when every
/// jury reply takes at least half of a pile (for `move_cap`), memoised.
fn reference_always_wins(piles: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
    if let Some(&most) = memo.get(piles) {
        return most;
    }
    let (i, x) = reference::winning_move(piles).unwrap_or_else(|| panic!("no move on {piles:?}"));
    let m = (i - 1, x);
    assert!(moves(piles).contains(&m), "reference {m:?} on {piles:?}");
    let mid = after(piles, m);
    let mut most = 1;
    if !is_over(&mid) {
        for r in moves(&mid) {
            let next = after(&mid, r);
            assert!(
                !is_over(&next),
                "the jury took the last stone: {r:?} on {mid:?}"
            );
            let rest = reference_always_wins(&next, memo);
            if r.1 >= least_jury_take(mid[r.0]) {
                most = most.max(1 + rest);
            }
        }
    }
    memo.insert(piles.to_vec(), most);
    most
}

#[test]
fn jury_and_reference_win_every_game_they_should() {
    let states = certify::pile_lists(PILES, 0..=STONES);
    let (mut jury_games, mut jury_positions) = (0, 0);
    let mut reference_games = 0;
    let mut longest = 0;
    let mut ref_memo = HashMap::new();
    // Positions from which the jury is known to win whatever the contestant
    // plays; its winning moves do not depend on the policy or the seed.
    let mut jury_memo = HashSet::new();
    for piles in states.iter().filter(|p| !is_over(p)) {
        let pos = Position::new(piles);
        if pos.mover_wins() {
            // The contestant chose First: the reference plays it out.
            let most = reference_always_wins(piles, &mut ref_memo);
            assert!(most <= pos.move_cap(), "{most} moves on {piles:?}");
            longest = longest.max(most);
            reference_games += 1;
            // The contestant chose Second: the jury moves first and wins.
            for policy in [Policy::Random, Policy::Longest] {
                let first = jury(piles, policy, 7);
                let next = after(piles, first);
                if !is_over(&next) {
                    jury_positions += jury_always_wins(&next, policy, 7, &mut jury_memo);
                }
                jury_games += 1;
            }
        } else {
            for policy in [Policy::Random, Policy::Longest] {
                jury_positions += jury_always_wins(piles, policy, 3, &mut jury_memo);
                jury_games += 1;
            }
            // The contestant chose Second: every allowed reply of the jury,
            // then the reference to the end.
            for (i, x) in moves(piles) {
                let next = after(piles, (i, x));
                if x >= least_jury_take(piles[i]) && !is_over(&next) {
                    let most = reference_always_wins(&next, &mut ref_memo);
                    assert!(
                        most <= pos.move_cap(),
                        "{most} moves after {i} {x} on {piles:?}"
                    );
                }
            }
            reference_games += 1;
        }
    }
    let widest = states.iter().map(|p| potential(p)).max().unwrap();
    assert_eq!(
        widest,
        PILES as u64 * u64::from(bit_length(STONES)),
        "the potential"
    );
    certify::report(
        "nim-play",
        &format!(
            "{jury_games} games the contestant should lose (both policies, both sides): the jury \
             wins against every contestant move ({jury_positions} positions explored); \
             {reference_games} games the contestant should win: the reference wins against every \
             jury reply ({} positions), in at most {longest} moves against halving replies, \
             within move_cap",
            ref_memo.len()
        ),
    );
}
