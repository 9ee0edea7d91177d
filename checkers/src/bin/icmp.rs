//! icmp: compares two signed 32-bit integers.
use testlib::prelude::*;

pub fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let ja = ans.read_int();
    let pa = ouf.read_int();
    quitif!(ja != pa, WA, "expected {ja}, found {pa}");
    quitf!(OK, "answer is {ja}");
}
