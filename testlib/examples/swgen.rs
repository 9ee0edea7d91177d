//! swgen: prints a random token of letters and digits whose length in
//! [1, 1000] is weighted by the first argument (testlib's stock
//! `generators/swgen.cpp`); used by the vectors in `generators/swgen/*`.

use testlib::opt_at;

fn main() {
    let mut rnd = testlib::register_gen();
    let weight: i32 = opt_at(1);
    let length = rnd.wnext_range(1, 1000, weight);
    println!(
        "{}",
        rnd.next_pattern(&format!("[a-zA-Z0-9]{{1,{length}}}"))
    );
}
