//! Interactor A+B: sends each query `a b` from the input to the contestant and
//! copies the answers to `tout`. Vectors: interactors/interactor-a-plus-b/*,
//! upstream/006 (with `a-plus-b` as the live contestant).
use std::io::Write;

use testlib::prelude::*;

fn main() {
    let Interactor {
        inf, ouf, mut tout, ..
    } = register_interactor();
    let n = inf.read_int();
    for _ in 0..n {
        let (a, b) = (inf.read_int(), inf.read_int());
        let mut out = std::io::stdout().lock();
        writeln!(out, "{a} {b}").and_then(|()| out.flush()).ok();
        drop(out);
        writeln!(tout, "{}", ouf.read_int()).ok();
    }
    quitf!(OK, "{n} queries processed");
}
