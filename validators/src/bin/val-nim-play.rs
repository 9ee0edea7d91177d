//! Validator for nim-play: `T`, then per game a line `policy seed` (policy
//! `random` or `longest`, 0 ≤ seed ≤ 10^18), a line `n` and a line of `n`
//! piles (1 ≤ T ≤ 1000, 1 ≤ n ≤ 1500, 0 ≤ a_i ≤ 10^18, the sum of n at most
//! 1500, at least one stone in every game). Every such game is won by one
//! side, which the contestant can choose, so every game can be won. The
//! bounds keep a test under 10^5 lines each way (checkers::nim_play).
use testlib::prelude::*;

const MAX: i64 = 1_000_000_000_000_000_000;

fn main() {
    let inf = register_validation();
    let t = inf.read_int_in(1..=1000, "T");
    inf.read_eoln();
    let mut sum_n = 0;
    for game in 1..=t {
        set_test_case(game);
        inf.read_token_matching("random|longest", "policy");
        inf.read_space();
        inf.read_long_in(0..=MAX, "seed");
        inf.read_eoln();
        let n = inf.read_int_in(1..=1500, "n");
        inf.read_eoln();
        sum_n += n;
        ensuref!(sum_n <= 1500, "the sum of n exceeds 1500");
        let piles = inf.read_longs(n as usize, 0..=MAX, "a");
        inf.read_eoln();
        ensuref!(
            piles.iter().any(|&a| a > 0),
            "every pile is empty: the game has no move"
        );
    }
    testlib::unset_test_case();
    inf.read_eof();
}
