//! Validator for anti-nim: `T`, then per case a line `n` and a line of `n` piles
//! (1 ≤ T ≤ 10^5, 1 ≤ n ≤ 10^5, 1 ≤ a_i ≤ 10^18, the sum of n at most 10^6).
use testlib::prelude::*;

const MAX: i64 = 1_000_000_000_000_000_000;

fn main() {
    let inf = register_validation();
    let t = inf.read_int_in(1..=100_000, "T");
    inf.read_eoln();
    let mut sum_n = 0;
    for case in 1..=t {
        set_test_case(case);
        let n = inf.read_int_in(1..=100_000, "n");
        inf.read_eoln();
        sum_n += i64::from(n);
        ensuref!(sum_n <= 1_000_000, "the sum of n exceeds 10^6");
        inf.read_longs(n as usize, 1..=MAX, "a");
        inf.read_eoln();
    }
    testlib::unset_test_case();
    inf.read_eof();
}
