//! acmp: compares two doubles, absolute error 1.5e-6.
use testlib::fixed;
use testlib::prelude::*;

const EPS: f64 = 1.5e-6;

fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let ja = ans.read_double();
    let pa = ouf.read_double();
    quitif!(
        (ja - pa).abs() > EPS + 1e-15,
        WA,
        "expected {}, found {}",
        fixed(ja, 10),
        fixed(pa, 10)
    );
    quitf!(OK, "answer is {}", fixed(ja, 10));
}
