//! Validator `case-nval`: t test cases, each `n` then n integers in [-1000, 1000].
//! Vectors: upstream/001 `r-case-nval-*` (markup and test-case extraction).
use testlib::prelude::*;

fn main() {
    let inf = register_validation();
    let t = inf.read_int_in(1..=10, "t");
    inf.read_eoln();
    for case in 1..=t {
        set_test_case(case);
        let n = inf.read_int_in(1..=10_000, "n");
        inf.read_eoln();
        inf.read_ints(n as usize, -1000..=1000, "a");
        inf.read_eoln();
    }
    inf.read_eof();
}
