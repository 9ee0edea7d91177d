//! pointsinfo: testlib's sample checker that reports free-form points
//! information: both doubles and their distance.
use testlib::fixed;
use testlib::prelude::*;

fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let pa = ouf.read_double();
    let ja = ans.read_double();
    let info = format!("pa={},ja={}", fixed(pa, 6), fixed(ja, 6));
    quitpi(&info, format!("d={}", fixed((ja - pa).abs(), 6)));
}
