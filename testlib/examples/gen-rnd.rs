//! gen-rnd: a smoke test of the whole random API in a fixed order, `gen-rnd
//! <n> <t>` (upstream testlib test `003-generator-rnd`, vectors `r1` =
//! `gen-rnd 10 100` and `r2` = `gen-rnd 100 1000`). Each call names the C++
//! overload it stands for, since the overload decides the algorithm.

use testlib::{Random, fixed, join, opt_at};

/// A `float` literal as C++ passes it to a `double` parameter.
fn float(x: f32) -> f64 {
    f64::from(x)
}

fn main() {
    let mut rnd = testlib::register_gen();
    let n: i32 = opt_at(1);
    let t: i32 = opt_at(2);

    random_tree(&mut rnd, n, t);
    scalars(&mut rnd);
    collections(&mut rnd);
    weighted(&mut rnd);
    typed_ranges(&mut rnd);
    choices(&mut rnd);
}

/// A random tree: weighted parents, shuffled labels (root kept), random
/// edge directions, shuffled edges.
fn random_tree(rnd: &mut Random, n: i32, t: i32) {
    let size = n.max(0) as usize;
    let mut parent = vec![0; size];
    for i in 1..n {
        parent[i as usize] = rnd.wnext_int(i, t); // wnext(int, int)
    }
    println!("{n}");

    let mut label: Vec<i32> = (0..n).collect();
    if size > 1 {
        rnd.shuffle(&mut label[1..]);
    }
    let mut edges = Vec::new();
    for i in 1..size {
        let (child, up) = (label[i], label[parent[i] as usize]);
        edges.push(if rnd.next_int(2) == 1 {
            (child, up)
        } else {
            (up, child)
        });
    }
    rnd.shuffle(&mut edges);
    for (a, b) in edges {
        println!("{} {}", a + 1, b + 1);
    }
}

/// A pattern, a double, and `next(from, to)` for several integer types.
fn scalars(rnd: &mut Random) {
    println!("{}", rnd.next_pattern("[a-z]{100}"));
    // The upstream test's bound, not an attempt at pi.
    #[allow(clippy::approx_constant)]
    let bound = 3.1415;
    println!("{}", fixed(rnd.next_f64_below(bound), 4)); // next(double)
    println!(
        "{}",
        rnd.next_range(12_345_678_901_234_i64, 82_345_678_901_234)
    );
    println!(
        "{}",
        rnd.next_range(1_345_678_901_234_u64, 8_345_678_901_234)
    );
    println!("{}", rnd.next_range(134_567_u64, 834_567)); // unsigned long
    println!("{}", rnd.next_range(134_567_i32, 834_567));
}

/// `any`, `perm`, `distinct` and `partition` on `int`s; an empty result
/// prints an empty line.
fn collections(rnd: &mut Random) {
    let squares: Vec<i32> = (0..100).map(|i| i * i).collect();
    println!("{}", rnd.any(&squares));
    println!("{}", join(rnd.perm(10, 0), " "));
    println!("{}", join(rnd.perm(0, 0), " "));
    println!("{}", join(rnd.perm(0, 1), " "));
    println!("{}", join(rnd.perm(10, 1), " "));
    println!("{}", join(rnd.distinct(10, 15, 100), " "));
    println!("{}", join(rnd.distinct(0, 15, 100), " "));
    println!("{}", join(rnd.partition(10, 100, 3), " "));
    println!("{}", join(rnd.partition(0, 0, 10), " "));
    println!("{}", join(rnd.partition(1, 0, 0), " "));
}

/// `wnext(n, t)` for `int` and `long long`, below and above the limit where
/// testlib switches to the power formula; then weighted doubles.
fn weighted(rnd: &mut Random) {
    println!("{}", rnd.wnext_int(1000, 2));
    println!("{}", rnd.wnext_long(1000, 2));
    println!("{}", rnd.wnext_int(1000, 20));
    println!("{}", rnd.wnext_long(1000, 20));
    println!("{}", rnd.wnext_int(100_000, 200));
    println!("{}", rnd.wnext_long(100_000, 200));

    let (from, to) = (42.0, 2011.1109);
    let (from_f, to_f) = (float(42.0), float(2011.1109));
    println!("{}", fixed(rnd.next_f64_range(from_f, to_f), 4));
    println!("{}", fixed(rnd.next_f64_range(from, to), 4));
    println!("{}", fixed(rnd.wnext_f64_range(from_f, to_f, 5), 4));
    println!("{}", fixed(rnd.wnext_f64_range(from, to, 5), 4));
    println!("{}", fixed(rnd.wnext_f64_range(from_f, to_f, -7), 4));
    println!("{}", fixed(rnd.wnext_f64_range(from, to, -7), 4));
}

/// `next(from, to)` and `wnext(from, to, t)` for unsigned and signed types;
/// `short` and `unsigned short` are promoted to `int`.
fn typed_ranges(rnd: &mut Random) {
    println!("{}", rnd.next_range(42_u64, 2011));
    println!("{}", rnd.next_range(42_u32, 2011));
    println!("{}", rnd.next_range(42_i32, 2011)); // unsigned short
    for t in [-3, 3] {
        println!("{}", rnd.wnext_range(42_u64, 2011, t));
        println!("{}", rnd.wnext_range(42_u32, 2011, t));
        println!("{}", rnd.wnext_range(42_i32, 2011, t)); // unsigned short
    }
    for t in [-5, 4] {
        println!("{}", rnd.wnext_range(42_i64, 2011, t));
        println!("{}", rnd.wnext_range(42_i32, 2011, t));
        println!("{}", rnd.wnext_range(42_i32, 2011, t)); // short
    }
}

/// `any` and `wany` on a vector, sets and a multiset (in sorted order); a
/// container and its iterator range draw alike.
fn choices(rnd: &mut Random) {
    let squares: Vec<i32> = (0..100).map(|i| i * i).collect();
    println!("{}", rnd.wany(&squares, 1));
    println!("{}", rnd.wany(&squares, -1));

    let seven = ["a", "b", "c", "d", "e", "f", "g"];
    println!("{}", rnd.any(&seven));

    let set = ["a", "b", "c", "d", "e", "f"];
    println!("{}", rnd.any(&set));
    println!("{}", rnd.any(&set));
    println!("{}", rnd.wany(&set, 1));
    println!("{}", rnd.wany(&set, 1));
    println!("{}", rnd.wany(&set, -1));
    println!("{}", rnd.wany(&set, -1));

    let multiset: Vec<&str> = [("a", 1), ("b", 2), ("c", 3), ("d", 1), ("e", 3), ("f", 4)]
        .into_iter()
        .flat_map(|(s, k)| std::iter::repeat_n(s, k))
        .collect();
    println!("{}", rnd.any(&multiset));
    println!("{}", rnd.any(&multiset));
    println!("{}", rnd.wany(&multiset, 2));
    println!("{}", rnd.wany(&multiset, 1));
    println!("{}", rnd.wany(&multiset, -1));
    println!("{}", rnd.wany(&multiset, -2));
}
