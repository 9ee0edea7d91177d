//! iwgen: prints one weighted random integer in [1, 10^6], the weight being
//! the first argument (testlib's stock `generators/iwgen.cpp`); used by the
//! vectors in `generators/iwgen/*`.

use testlib::opt_at;

fn main() {
    let mut rnd = testlib::register_gen();
    let weight: i32 = opt_at(1);
    // `wnext(int, int, t)`: the 31-bit path.
    println!("{}", rnd.wnext_range(1, 1_000_000, weight));
}
