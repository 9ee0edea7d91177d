//! port-gen: a generator ported line by line from its C++ twin
//! (`cpp/port-gen.cpp`): positional arguments read with `atoi`, helper
//! functions drawing from the global `rnd`, and `println` for scalars,
//! sequences, pairs and doubles. Vectors: generators/port-gen/*.
//!
//! `port-gen <n> <max> [seed...]`: n games of Nim, each its pile count, the
//! piles, and one double. An `n` that is not a number reads as 0, as in C.
use testlib::prelude::*;
use testlib::{argv, atoi};

/// A pile: small, or anywhere up to `max` (C++: `int pile(int max)`).
fn pile(max: i32) -> i32 {
    if rnd().next_int(4) == 0 {
        rnd().next_range(1, 3)
    } else {
        rnd().next_range(1, max)
    }
}

fn piles(max: i32) -> Vec<i32> {
    let k = rnd().wnext_range(1, 6, -1);
    (0..k).map(|_| pile(max)).collect()
}

fn main() {
    register_gen();
    let argv = argv();
    let n = atoi(&argv[1]);
    let max = atoi(&argv[2]).max(1);
    println(n);
    for game in 1..=n {
        let p = piles(max);
        println(("game", game));
        println((p.len(), &p));
        println(rnd().next_f64_range(-1.0, 1.0) * 1e6);
    }
    let mut order: Vec<i32> = (1..=n).collect();
    rnd().shuffle(&mut order);
    println(&order);
}
