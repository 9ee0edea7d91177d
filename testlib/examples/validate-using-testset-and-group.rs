//! Validator whose limits depend on `--testset` and `--group`.
//! Vectors: validators/validate-using-testset-and-group/*.
use testlib::prelude::*;

fn main() {
    let inf = register_validation();
    let max = if testlib::testset() == "pretests" {
        10
    } else {
        100
    };
    let n = inf.read_int_in(1..=max, "n");
    inf.read_space();
    let m = inf.read_int_in(1..=max, "m");
    if testlib::group() == "even-n-and-m" {
        ensure!(n % 2 == 0);
        ensure!(m % 2 == 0);
    }
    inf.read_eoln();
    inf.read_eof();
}
