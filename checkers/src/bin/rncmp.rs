//! rncmp: compares sequences of doubles, absolute error 1.5e-5.
use testlib::fixed;
use testlib::prelude::*;

const EPS: f64 = 1.5e-5;

pub fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let mut n: i64 = 0;
    while !ans.seek_eof() {
        n += 1;
        let j = ans.read_double();
        let p = ouf.read_double();
        quitif!(
            (j - p).abs() > EPS + 1e-15,
            WA,
            "{n}{} numbers differ - expected: '{}', found: '{}'",
            english_ending(n),
            fixed(j, 10),
            fixed(p, 10)
        );
    }
    quitf!(OK, "{n} numbers");
}
