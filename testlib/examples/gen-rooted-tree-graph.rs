//! gen-rooted-tree-graph: prints a random tree rooted at vertex 1 as the
//! parents of vertices 2..n, `gen-rooted-tree-graph <n> <t>` (testlib's stock
//! `generators/gen-rooted-tree-graph.cpp`); used by the vectors in
//! `generators/gen-rooted-tree-graph/*`.

use testlib::{join, opt_at};

fn main() {
    let mut rnd = testlib::register_gen();
    let n: i32 = opt_at(1);
    let t: i32 = opt_at(2);
    let size = n.max(0) as usize;

    // parent[i] < i: the parent of vertex i (0-based) before relabelling.
    let mut parent = vec![0; size];
    for i in 1..n {
        parent[i as usize] = rnd.wnext_int(i, t);
    }
    // Relabel every vertex but the root.
    let mut label: Vec<i32> = (0..n).collect();
    if size > 1 {
        rnd.shuffle(&mut label[1..]);
    }

    // parents[v - 2] is the 1-based parent of the 1-based vertex v >= 2.
    let mut parents = vec![0; size.saturating_sub(1)];
    for i in 1..size {
        parents[label[i] as usize - 1] = label[parent[i] as usize] + 1;
    }

    println!("{n}");
    println!("{}", join(&parents, " "));
}
