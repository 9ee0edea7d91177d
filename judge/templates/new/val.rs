//! Validator for {{name}} (made by `judge new`): `T`, then `T` lines `n k`
//! with 1 ≤ T ≤ 10^5 and 1 ≤ n, k ≤ 10^18, single spaces, nothing else.
use testlib::prelude::*;

const MAX: i64 = 1_000_000_000_000_000_000;

fn main() {
    let inf = register_validation();
    let t = inf.read_int_in(1..=100_000, "T");
    inf.read_eoln();
    for game in 1..=t {
        set_test_case(game);
        inf.read_long_in(1..=MAX, "n");
        inf.read_space();
        inf.read_long_in(1..=MAX, "k");
        inf.read_eoln();
    }
    testlib::unset_test_case();
    inf.read_eof();
}
