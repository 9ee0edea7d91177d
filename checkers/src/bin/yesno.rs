//! yesno: compares a single YES or NO, case-insensitively.
use testlib::prelude::*;

pub fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let ja = ans.read_word().to_ascii_uppercase();
    let pa = ouf.read_word().to_ascii_uppercase();
    let yes_or_no = |s: &[u8]| s == b"YES" || s == b"NO";
    quitif!(
        !yes_or_no(&ja),
        FAIL,
        "YES or NO expected in answer, but {} found",
        compress(&ja)
    );
    quitif!(
        !yes_or_no(&pa),
        PE,
        "YES or NO expected, but {} found",
        compress(&pa)
    );
    quitif!(
        ja != pa,
        WA,
        "expected {}, found {}",
        compress(&ja),
        compress(&pa)
    );
    quitf!(OK, "answer is {}", compress(&ja));
}
