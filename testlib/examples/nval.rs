//! Validator `nval`: n in [1, 10^5], then n integers in [-10^15, 10^15].
//! Vectors: validators/nval/*.
use testlib::prelude::*;

fn main() {
    let inf = register_validation();
    let n = inf.read_int_in(1..=100_000, "n");
    inf.read_eoln();
    let bound = 1_000_000_000_000_000;
    inf.read_longs(n as usize, -bound..=bound, "a");
    inf.read_eoln();
    inf.read_eof();
}
