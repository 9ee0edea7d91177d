//! Validator for merge-piles: `T` (1 ≤ T ≤ 10^5), then per case a line `n`
//! (1 ≤ n ≤ 10^5) and a line of n piles (1 ≤ a_i ≤ 10^9); the sum of n is at
//! most 10^6. With `--group 1`: n ≤ 50 and a_i ≤ 1000.
use testlib::prelude::*;

const SUM_N: i64 = 1_000_000;

fn main() {
    let inf = register_validation();
    let (n_max, a_max) = match testlib::group().as_str() {
        "1" => (50, 1000),
        "" | "2" => (100_000, 1_000_000_000),
        other => quitf!(FAIL, "unknown group `{other}`"),
    };
    let t = inf.read_int_in(1..=100_000, "T");
    inf.read_eoln();
    let mut sum_n = 0i64;
    for case in 1..=t {
        set_test_case(case);
        let n = inf.read_int_in(1..=n_max, "n");
        inf.read_eoln();
        sum_n += i64::from(n);
        ensuref!(sum_n <= SUM_N, "the sum of n exceeds {SUM_N}");
        inf.read_ints(n as usize, 1..=a_max, "a");
        inf.read_eoln();
    }
    testlib::unset_test_case();
    inf.read_eof();
}
