//! port-check: a checker ported line by line from its C++ twin
//! (`cpp/port-check.cpp`): `setName`, and doubles in messages written with
//! printf's `%.3f`, `%g` and `%e` (`fixed`, `general`, `scientific`), signs
//! of zeros and NaNs included. Vectors: checkers/port-check/*.
use testlib::prelude::*;
use testlib::{double_compare, double_delta, fixed, general, scientific};

const EPS: f64 = 1e-6;

fn main() {
    testlib::set_name(format!(
        "compare sequences of doubles, error {}",
        general(EPS, 6)
    ));
    let Checker { ouf, ans, .. } = register_checker();
    let mut n = 0;
    let mut worst = 0.0;
    while !ans.seek_eof() {
        n += 1;
        let j = ans.read_double();
        let p = ouf.read_double();
        let d = double_delta(j, p);
        if worst < d {
            worst = d;
        }
        quitif!(
            !double_compare(j, p, EPS),
            WA,
            "{n}{} numbers differ: expected {}, found {}, error {}",
            english_ending(n),
            fixed(j, 3),
            general(p, 6),
            scientific(d, 6)
        );
    }
    quitf!(
        OK,
        "{n} numbers, largest error {} ({})",
        scientific(worst, 2),
        general(worst, 6)
    );
}
