//! Validator of a simple undirected graph: `n m`, then m edges without loops or repeats.
//! Vectors: validators/undirected-graph-validator/*.
use std::collections::BTreeSet;

use testlib::prelude::*;

fn main() {
    let inf = register_validation();
    let n = inf.read_int_in(1..=1000, "n");
    inf.read_space();
    let m = inf.read_int_in(0..=100_000, "m");
    inf.read_eoln();
    let mut edges = BTreeSet::new();
    for _ in 0..m {
        let a = inf.read_int_in(1..=n, "a_i");
        inf.read_space();
        let b = inf.read_int_in(1..=n, "b_i");
        inf.read_eoln();
        ensuref!(a != b, "Graph can't contain loops");
        ensuref!(
            edges.insert((a.min(b), a.max(b))),
            "Graph can't contain multiple edges between a pair of vertices"
        );
    }
    inf.read_eof();
}
