//! The interactive problems end to end without the judge, one test per
//! problem (they run at once): each interactor plays every test of its
//! problem's plan against the problem's solutions, as `testkit::play` says.
//! The two accepted solutions must win every test and the brute force the
//! tests small enough for it; each wrong or slow solution must get the
//! verdict its folder names on every test aimed at it; every test stays
//! under 10^5 lines each way.

use std::path::Path;

use testkit::play::{Problem, every_solution_gets_its_verdict_on_the_tests_aimed_at_it as plays};

/// nim-play: the brute force plays the samples and the small tests.
#[test]
#[ignore = "slow tier: whole plays, on optimized builds"]
fn nim_play() {
    plays(&Problem {
        name: "nim-play",
        brute_plays: |name, _| name.contains("samples") || name.contains("-mode=small"),
        verdict_line: checkers::read::verdict_line,
    });
}

/// fibonacci-play: the brute force plays the tests whose piles are all at
/// most [`BRUTE_N`].
#[test]
#[ignore = "slow tier: whole plays, on optimized builds"]
fn fibonacci_play() {
    plays(&Problem {
        name: "fibonacci-play",
        brute_plays: |_, input| largest_n(input) <= BRUTE_N,
        verdict_line: checkers::read::verdict_line,
    });
}

/// The brute force of fibonacci-play plays the tests whose piles are all at
/// most this (its table has n²/2 cells).
const BRUTE_N: u64 = 2000;

/// The largest pile of a fibonacci-play test (lines `n policy seed` after
/// the first).
fn largest_n(input: &Path) -> u64 {
    let text = std::fs::read_to_string(input).unwrap();
    text.lines()
        .skip(1)
        .map(|l| l.split(' ').next().unwrap().parse::<u64>().unwrap())
        .max()
        .unwrap()
}
