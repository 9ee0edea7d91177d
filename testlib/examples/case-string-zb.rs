//! Validator `case-string-zb`: t lines of `[\!a-z]{1,100}`, with zero-based test cases.
//! Vectors: upstream/001 `r-case-string-zb-*`.
use testlib::prelude::*;

fn main() {
    let inf = register_validation();
    let t = inf.read_int_in(1..=10, "t");
    inf.read_eoln();
    for case in 1..=t {
        set_test_case(case - 1);
        inf.read_line_matching("[\\\\!a-z]{1,100}", "");
    }
    inf.read_eof();
}
