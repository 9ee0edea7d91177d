//! gen-tree-graph: prints a random tree on `n` vertices as an edge list,
//! `gen-tree-graph <n> <t>`, where `t` weights each parent towards the
//! newest (t > 0) or the oldest (t < 0) vertex (testlib's stock
//! `generators/gen-tree-graph.cpp`); used by the vectors in
//! `generators/gen-tree-graph/*`.

use testlib::{join, opt_at};

fn main() {
    let mut rnd = testlib::register_gen();
    let n: i32 = opt_at(1);
    let t: i32 = opt_at(2);

    // parent[i] < i: the parent of vertex i before relabelling.
    let mut parent = vec![0; n.max(0) as usize];
    for i in 1..n {
        parent[i as usize] = rnd.wnext_int(i, t);
    }
    let label = rnd.perm(n, 0);

    let mut edges = Vec::new();
    for i in 1..n as usize {
        let (child, up) = (label[i], label[parent[i] as usize]);
        edges.push(if rnd.next_int(2) == 1 {
            (child, up)
        } else {
            (up, child)
        });
    }
    rnd.shuffle(&mut edges);

    println!("{n}");
    for (a, b) in edges {
        println!("{}", join([a + 1, b + 1], " "));
    }
}
