//! hcmp: compares two signed integers of any length, as text.
use testlib::prelude::*;

pub fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let integer = Pattern::new("0|-?[1-9][0-9]*");
    let ja = ans.read_word();
    let pa = ouf.read_word();
    quitif!(
        !integer.matches(&ja),
        FAIL,
        "{} is not a valid integer",
        compress(&ja)
    );
    quitif!(
        !ans.seek_eof(),
        FAIL,
        "expected exactly one token in the answer file"
    );
    quitif!(
        !integer.matches(&pa),
        PE,
        "{} is not a valid integer",
        compress(&pa)
    );
    quitif!(
        ja != pa,
        WA,
        "expected '{}', found '{}'",
        compress(&ja),
        compress(&pa)
    );
    quitf!(OK, "answer is '{}'", compress(&ja));
}
