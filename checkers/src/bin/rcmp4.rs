//! rcmp4: compares sequences of doubles, absolute or relative error 1e-4.
use testlib::prelude::*;
use testlib::{double_compare, double_delta, fixed};

const EPS: f64 = 1e-4;

/// A double as C's `%.5f`.
fn f(x: f64) -> String {
    fixed(x, 5)
}

fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let mut n: i64 = 0;
    let (mut j, mut p) = (0.0, 0.0);
    while !ans.seek_eof() {
        n += 1;
        j = ans.read_double();
        p = ouf.read_double();
        if !double_compare(j, p, EPS) {
            quitf!(
                WA,
                "{n}{} numbers differ - expected: '{}', found: '{}', error = '{}'",
                english_ending(n),
                f(j),
                f(p),
                f(double_delta(j, p))
            );
        }
    }
    if n == 1 {
        quitf!(
            OK,
            "found '{}', expected '{}', error '{}'",
            f(p),
            f(j),
            f(double_delta(j, p))
        );
    }
    quitf!(OK, "{n} numbers");
}
