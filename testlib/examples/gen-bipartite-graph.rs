//! gen-bipartite-graph: prints a random bipartite graph with `n` and `m`
//! vertices in its parts and `k` distinct edges, `gen-bipartite-graph <n> <m>
//! <k>` (testlib's stock `generators/gen-bipartite-graph.cpp`); used by the
//! vectors in `generators/gen-bipartite-graph/*`.

use std::collections::BTreeSet;

use testlib::{join, opt_at};

fn main() {
    let mut rnd = testlib::register_gen();
    let n: i32 = opt_at(1);
    let m: i32 = opt_at(2);
    let k = opt_at::<i32>(3) as usize;

    let t = rnd.next_range(-2, 2);
    let mut edges = BTreeSet::new();
    while edges.len() < k {
        let a = rnd.wnext_int(n, t);
        let b = rnd.wnext_int(m, t);
        edges.insert((a, b));
    }

    let mut edges: Vec<(i32, i32)> = edges.into_iter().collect();
    rnd.shuffle(&mut edges);
    let left = rnd.perm(n, 1);
    let right = rnd.perm(m, 1);

    println!("{}", join([n, m, edges.len() as i32], " "));
    for (a, b) in edges {
        println!("{} {}", left[a as usize], right[b as usize]);
    }
}
