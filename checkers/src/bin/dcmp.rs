//! dcmp: compares two doubles, absolute or relative error 1e-6.
use testlib::prelude::*;
use testlib::{double_compare, fixed};

const EPS: f64 = 1e-6;

fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let ja = ans.read_double();
    let pa = ouf.read_double();
    quitif!(
        !double_compare(ja, pa, EPS),
        WA,
        "expected {}, found {}",
        fixed(ja, 10),
        fixed(pa, 10)
    );
    quitf!(OK, "answer is {}", fixed(ja, 10));
}
