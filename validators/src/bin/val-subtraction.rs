//! Validator for subtraction: `T` (1 ≤ T ≤ 10^5), then T lines `a c b n`
//! with 1 ≤ a, a + 2 ≤ c ≤ b ≤ 10^9 and 1 ≤ n ≤ 10^18. With `--group 1`:
//! T ≤ 10, b ≤ 1000 and n ≤ 10^6.
use testlib::prelude::*;

fn main() {
    let inf = register_validation();
    let (t_max, b_max, n_max): (i32, i64, i64) = match testlib::group().as_str() {
        "1" => (10, 1000, 1_000_000),
        "" | "2" => (100_000, 1_000_000_000, 1_000_000_000_000_000_000),
        other => quitf!(FAIL, "unknown group `{other}`"),
    };
    let t = inf.read_int_in(1..=t_max, "T");
    inf.read_eoln();
    for case in 1..=t {
        set_test_case(case);
        // a ≤ b − 2 follows from a + 2 ≤ c ≤ b; reading a in [1, b_max − 2]
        // first keeps the bound on c well-formed.
        let a = inf.read_long_in(1..=b_max - 2, "a");
        inf.read_space();
        let c = inf.read_long_in(a + 2..=b_max, "c");
        inf.read_space();
        inf.read_long_in(c..=b_max, "b");
        inf.read_space();
        inf.read_long_in(1..=n_max, "n");
        inf.read_eoln();
    }
    testlib::unset_test_case();
    inf.read_eof();
}
