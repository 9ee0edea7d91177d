//! Validator `sval`: one lowercase word of 1..=100 letters on a line.
//! Vectors: upstream/001 `r-sval-*`, validators/sval/*.
use testlib::prelude::*;

fn main() {
    let inf = register_validation();
    inf.read_token_matching("[a-z]{1,100}", "s");
    inf.read_eoln();
    inf.read_eof();
}
