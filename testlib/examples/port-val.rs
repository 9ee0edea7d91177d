//! port-val: a validator ported line by line from its C++ twin
//! (`cpp/port-val.cpp`): `setName`, ranged reads without a name, and an
//! `ensure` whose message keeps the C++ condition's text. Vectors:
//! validators/port-val/*.
//!
//! The input: t in [1, 100] games, each a line `k a_1 ... a_k` with k in
//! [1, 10] piles of at most 10^18 stones, and at most 20 piles in all; then
//! a line `p q`: a probability p in [0, 1] and a strict q in [-1, 1] with at
//! most 3 digits after the point.
use testlib::prelude::*;

fn main() {
    testlib::set_name("nim tests: t games, each k piles");
    let inf = register_validation();
    let t = inf.read_int_within(1..=100);
    inf.read_eoln();
    let mut sum_k = 0;
    for _ in 0..t {
        let k = inf.read_int_within(1..=10);
        sum_k += k;
        for _ in 0..k {
            inf.read_space();
            inf.read_long_within(1..=1_000_000_000_000_000_000);
        }
        inf.read_eoln();
    }
    ensure!(sum_k <= 20, as "sumK <= 20");
    inf.read_double_within(0.0..=1.0);
    inf.read_space();
    inf.read_strict_double_in(-1.0..=1.0, 0, 3, "q");
    inf.read_eoln();
    inf.read_eof();
}
