//! igen: prints one random integer in [1, 10^6] seeded by the arguments
//! (testlib's stock `generators/igen.cpp`); used by the vectors in
//! `generators/igen/*`.

fn main() {
    let mut rnd = testlib::register_gen();
    println!("{}", rnd.next_range(1, 1_000_000));
}
