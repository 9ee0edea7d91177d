//! Certification of fibonacci-play's game logic (checkers::fibonacci_play,
//! which the interactor plays by) against a search of the game (the brute
//! force's table), on every position of at most 600 stones: the start
//! (n stones, cap n − 1) and every (stones left, previous move):
//!
//! - the winning rule (`mover_wins`), every winning move (`winning_moves`,
//!   `move_wins`) and the least one are the search's; the reference
//!   (solutions/fibonacci-play/accepted) chooses the search's side and plays
//!   a winning move in every winning position;
//! - the jury's moves are legal; from a winning position its move wins,
//!   whatever the policy; from a losing one `uniform` and `random` reach
//!   every reply they may make (when there are few), `slow` takes 1, and
//!   `random` and `strong` keep to the rule: after the first move, exactly
//!   the replies leaving a smallest Zeckendorf term above the previous move
//!   (`rule_moves`, never empty), `strong` the least by its measure (the
//!   contestant's winning replies counted by the search), and `strong`'s
//!   first move the longest game over every first move, not only 1..=16;
//! - whole games: the jury wins every game the contestant should lose,
//!   against every contestant move at every step; the reference wins every
//!   game it should, against every legal reply at every step; against the
//!   rule's replies a winning contestant, whichever winning moves it plays,
//!   makes at most `contestant_move_cap` moves (the bound the test budgets
//!   rest on).

use std::collections::{HashMap, HashSet};

use checkers::fibonacci_play::{
    Policy, Position, Rng, STRONG_FIRST, contestant_move_cap, index, is_fibonacci, move_wins,
    smallest_term,
};
use testkit::certify;

#[allow(dead_code)]
#[path = "../../solutions/fibonacci-play/accepted/fibonacci-play.rs"]
mod reference;

#[allow(dead_code)]
#[path = "../../solutions/fibonacci-play/brute_force/fibonacci-play_search.rs"]
mod brute;

/// Every position of up to this many stones is checked move by move.
const STONES: u64 = 600;
/// Whole games are played out from every start up to this many stones.
const GAMES: u64 = 600;
const SEEDS: u64 = 48;

/// Every position with 1..=`most` stones: the starts (n ≥ 2) and every
/// previous move that gives a distinct cap (up to half the stones, rounded
/// up: beyond that the cap is the whole pile).
fn positions(most: u64) -> Vec<Position> {
    let mut out = Vec::new();
    for s in 1..=most {
        if s >= 2 {
            out.push(Position::new(s));
        }
        for last in 1..=s.div_ceil(2) {
            out.push(Position::after(s, last));
        }
    }
    out
}

fn legal(p: &Position) -> std::ops::RangeInclusive<u64> {
    1..=p.cap()
}

fn wins(search: &mut brute::Search, p: &Position) -> bool {
    search.wins(p.stones() as usize, p.cap() as usize)
}

/// The replies the rule allows, by brute force.
fn rule_replies(p: &Position) -> Vec<u64> {
    legal(p)
        .filter(|&y| smallest_term(p.stones() - y) > p.last())
        .collect()
}

#[test]
fn rule_and_reference_agree_with_the_search() {
    let mut search = brute::Search::new();
    let fib = reference::fibonacci_numbers();
    let (mut winning, mut losing, mut moves) = (0, 0, 0);
    for s in 1..=STONES {
        for x in 1..=s {
            assert_eq!(
                move_wins(s, x),
                search.take_wins(s as usize, x as usize),
                "taking {x} of {s}"
            );
            moves += 1;
        }
    }
    for p in positions(STONES) {
        let truth = wins(&mut search, &p);
        assert_eq!(p.mover_wins(), truth, "{p:?}");
        let takes: Vec<u64> = search
            .winning_takes(p.stones() as usize, p.cap() as usize)
            .into_iter()
            .map(|t| t as u64)
            .collect();
        assert_eq!(p.winning_moves(), takes, "{p:?}");
        assert_eq!(p.winning_move(), takes.first().copied(), "{p:?}");
        if p.last() == 0 {
            let n = p.stones();
            assert_eq!(is_fibonacci(n), !truth, "{n}");
            assert_eq!(
                reference::first_wins(&fib, n),
                truth,
                "reference side on {n}"
            );
        }
        if truth {
            winning += 1;
            let x = reference::our_move(&fib, p.stones());
            assert!(takes.contains(&x), "reference {x} on {p:?}");
        } else {
            losing += 1;
        }
    }
    certify::report(
        "fibonacci-play",
        &format!(
            "every take of ≤ {STONES} stones ({moves}) wins iff the search says so; {} \
             positions (starts and every previous move): the winner, every winning move and \
             the least are the search's on {winning} winning and {losing} losing ones; the \
             reference's side and moves win",
            winning + losing
        ),
    );
}

#[test]
fn jury_policies_are_legal_and_keep_the_rule() {
    let mut search = brute::Search::new();
    let (mut wins_checked, mut replies_checked, mut firsts) = (0, 0, 0);
    let mut most_rule_moves = 0;
    for p in positions(STONES) {
        if p.mover_wins() {
            let x = p.winning_move().unwrap();
            for policy in Policy::ALL {
                for seed in [1, 2] {
                    assert_eq!(p.jury_move(policy, &mut Rng::new(seed)), x, "{p:?}");
                }
            }
            let next = p.then(x);
            assert!(next.is_over() || !wins(&mut search, &next), "{p:?}");
            wins_checked += 1;
            continue;
        }
        let first = p.last() == 0;
        let allowed = if first {
            legal(&p).collect()
        } else {
            rule_replies(&p)
        };
        assert!(!allowed.is_empty(), "no reply for {p:?}");
        if !first {
            assert_eq!(p.rule_moves(), allowed, "{p:?}");
            most_rule_moves = most_rule_moves.max(allowed.len());
        }
        // The measure `strong` minimises, the contestant's winning replies
        // counted by the search.
        let measure = |search: &mut brute::Search, y: u64| {
            let next = p.then(y);
            let replies = search
                .winning_takes(next.stones() as usize, next.cap() as usize)
                .len();
            (smallest_term(next.stones()), replies, y)
        };
        let best = allowed.iter().map(|&y| measure(&mut search, y)).min();
        let (mut seen_random, mut seen_uniform) = (HashSet::new(), HashSet::new());
        for seed in 0..SEEDS {
            let mut rng = Rng::new(seed);
            let u = p.jury_move(Policy::Uniform, &mut rng);
            assert!(legal(&p).contains(&u), "uniform {u} on {p:?}");
            seen_uniform.insert(u);
            assert_eq!(p.jury_move(Policy::Slow, &mut rng), 1, "{p:?}");
            let r = p.jury_move(Policy::Random, &mut rng);
            assert!(allowed.contains(&r), "random {r} on {p:?}");
            seen_random.insert(r);
            let s = p.jury_move(Policy::Strong, &mut rng);
            assert!(allowed.contains(&s), "strong {s} on {p:?}");
            if first {
                // The longest game over every first move, not only the
                // takes 1..=STRONG_FIRST it looks at.
                let longest = allowed
                    .iter()
                    .map(|&y| p.then(y).simulated_length())
                    .max()
                    .unwrap();
                assert_eq!(p.then(s).simulated_length(), longest, "strong {s} on {p:?}");
                assert!(s <= STRONG_FIRST);
            } else {
                assert_eq!(Some(measure(&mut search, s)), best, "strong {s} on {p:?}");
            }
            replies_checked += 4;
            if first {
                firsts += 1;
                break; // one seed: strong's first move is costly to check
            }
        }
        if !first && allowed.len() <= 4 {
            assert_eq!(seen_random.len(), allowed.len(), "random on {p:?}");
        }
        if !first && p.cap() <= 4 {
            assert_eq!(seen_uniform.len() as u64, p.cap(), "uniform on {p:?}");
        }
    }
    certify::report(
        "fibonacci-play",
        &format!(
            "positions of ≤ {STONES} stones: the jury's move wins on all {wins_checked} winning \
             ones (every policy); {replies_checked} losing replies legal, slow 1, random and \
             strong within the rule (at most {most_rule_moves} replies after the first move), \
             strong least by its measure, and its first move the longest game on the \
             {firsts} Fibonacci starts"
        ),
    );
}

/// The jury wins from `p` (the contestant to move, losing) against every
/// contestant move at every step; its winning moves do not depend on the
/// policy. Returns the positions explored.
fn jury_always_wins(p: Position, memo: &mut HashSet<Position>) -> usize {
    if !memo.insert(p) {
        return 0;
    }
    assert!(!p.mover_wins(), "{p:?}");
    let mut explored = 1;
    for x in legal(&p) {
        let mid = p.then(x);
        assert!(
            !mid.is_over(),
            "the contestant took the last stone: {x} on {p:?}"
        );
        let y = mid.jury_move(Policy::Uniform, &mut Rng::new(x));
        assert!(legal(&mid).contains(&y), "jury {y} on {mid:?}");
        let next = mid.then(y);
        if !next.is_over() {
            explored += jury_always_wins(next, memo);
        }
    }
    explored
}

/// The reference, to move in a winning position, wins against every legal
/// reply at every step. Memoised; returns nothing, panics on a loss.
fn reference_always_wins(fib: &[u64], p: Position, memo: &mut HashSet<Position>) {
    if !memo.insert(p) {
        return;
    }
    let x = reference::our_move(fib, p.stones());
    assert!(legal(&p).contains(&x), "reference {x} on {p:?}");
    let mid = p.then(x);
    if mid.is_over() {
        return;
    }
    for y in legal(&mid) {
        let next = mid.then(y);
        assert!(
            !next.is_over(),
            "the jury took the last stone: {y} on {mid:?}"
        );
        reference_always_wins(fib, next, memo);
    }
}

/// The most moves a contestant playing any winning moves makes from `p`
/// (its turn, winning) when the jury replies within the rule. Memoised.
fn most_moves_against_the_rule(p: Position, memo: &mut HashMap<Position, u64>) -> u64 {
    if let Some(&m) = memo.get(&p) {
        return m;
    }
    let mut most = 0;
    for x in p.winning_moves() {
        let mid = p.then(x);
        let rest = if mid.is_over() {
            0
        } else {
            mid.rule_moves()
                .into_iter()
                .map(|y| most_moves_against_the_rule(mid.then(y), memo))
                .max()
                .unwrap()
        };
        most = most.max(1 + rest);
    }
    memo.insert(p, most);
    most
}

#[test]
fn jury_and_reference_win_every_game_they_should() {
    let fib = reference::fibonacci_numbers();
    let (mut jury_memo, mut ref_memo) = (HashSet::new(), HashSet::new());
    let mut rule_memo = HashMap::new();
    let (mut jury_positions, mut games, mut longest) = (0, 0, (0, 0));
    for n in 2..=GAMES {
        let start = Position::new(n);
        if start.mover_wins() {
            // Second was wrong: the jury moves first and wins.
            let y = start.jury_move(Policy::Random, &mut Rng::new(n));
            jury_positions += jury_always_wins(start.then(y), &mut jury_memo);
            // First was right: the reference wins whatever the jury does.
            reference_always_wins(&fib, start, &mut ref_memo);
        } else {
            jury_positions += jury_always_wins(start, &mut jury_memo);
            for y in legal(&start) {
                reference_always_wins(&fib, start.then(y), &mut ref_memo);
            }
        }
        games += 1;
    }
    // The move bound of the fast policies, on every start up to STONES.
    for n in 2..=STONES {
        let start = Position::new(n);
        let most = if start.mover_wins() {
            most_moves_against_the_rule(start, &mut rule_memo)
        } else {
            legal(&start)
                .map(|y| most_moves_against_the_rule(start.then(y), &mut rule_memo))
                .max()
                .unwrap()
        };
        assert!(
            most <= contestant_move_cap(n, Policy::Strong),
            "{most} moves on {n}"
        );
        assert_eq!(contestant_move_cap(n, Policy::Strong), index(n) as u64);
        longest = longest.max((most, n));
    }
    certify::report(
        "fibonacci-play",
        &format!(
            "{games} starts of ≤ {GAMES} stones played out: the jury wins against every \
             contestant move ({jury_positions} positions), the reference against every jury \
             reply ({} positions); on every start ≤ {STONES}, any winning play against the \
             rule's replies makes at most index(n) moves (the most: {} on {})",
            ref_memo.len(),
            longest.0,
            longest.1
        ),
    );
}
