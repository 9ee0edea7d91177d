//! Validator for fibonacci-play: `T` (1 ≤ T ≤ 1000), then per game a line
//! `n policy seed`: 2 ≤ n ≤ 10^18, the policy `strong`, `random`, `uniform`
//! or `slow` (n ≤ 2·10^5 under the last two), 0 ≤ seed ≤ 10^18. The games'
//! move budgets (checkers::fibonacci_play::budget: min(n, 2·86) at most
//! under strong and random, n under the others) add up to at most 2·10^5,
//! which keeps a test near 10^5 lines each way. The problem has no groups:
//! any `--group` is FAIL.
use checkers::fibonacci_play::{MAX_MOVES, MAX_N, MAX_T, Policy, budget};
use testlib::prelude::*;

fn main() {
    let inf = register_validation();
    let group = testlib::group();
    if !group.is_empty() {
        quitf!(FAIL, "unknown group `{group}`");
    }
    let t = inf.read_int_in(1..=MAX_T as i32, "T");
    inf.read_eoln();
    let mut moves = 0;
    for game in 1..=t {
        set_test_case(game);
        let n = inf.read_long_in(2..=MAX_N as i64, "n") as u64;
        inf.read_space();
        let word = inf.read_token_matching("strong|random|uniform|slow", "policy");
        let policy = Policy::parse(&word).unwrap();
        inf.read_space();
        inf.read_long_in(0..=MAX_N as i64, "seed");
        inf.read_eoln();
        ensuref!(
            n <= policy.max_n(),
            "n = {n} is above {} under the {} policy",
            policy.max_n(),
            policy.name()
        );
        moves += budget(n, policy);
        ensuref!(
            moves <= MAX_MOVES,
            "the games' move budgets exceed {MAX_MOVES}"
        );
    }
    testlib::unset_test_case();
    inf.read_eof();
}
