//! Validator `ival`: one integer n in [1, 100] on a line. Vectors: validators/ival/*.
use testlib::prelude::*;

fn main() {
    let inf = register_validation();
    inf.read_int_in(1..=100, "n");
    inf.read_eoln();
    inf.read_eof();
}
