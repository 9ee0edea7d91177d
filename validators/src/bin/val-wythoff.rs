//! Validator for wythoff: `T`, then `T` lines `a b` (0 ≤ a, b ≤ 10^18).
use testlib::prelude::*;

const MAX: i64 = 1_000_000_000_000_000_000;

fn main() {
    let inf = register_validation();
    let t = inf.read_int_in(1..=100_000, "T");
    inf.read_eoln();
    for case in 1..=t {
        set_test_case(case);
        inf.read_long_in(0..=MAX, "a");
        inf.read_space();
        inf.read_long_in(0..=MAX, "b");
        inf.read_eoln();
    }
    testlib::unset_test_case();
    inf.read_eof();
}
