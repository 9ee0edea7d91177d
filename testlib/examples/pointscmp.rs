//! pointscmp: testlib's sample scored checker; the score is the distance
//! between the answer's and the output's double.
use testlib::fixed;
use testlib::prelude::*;

fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let ja = ans.read_double();
    let pa = ouf.read_double();
    quitp!((ja - pa).abs(), "ja={} pa={}", fixed(ja, 4), fixed(pa, 4));
}
