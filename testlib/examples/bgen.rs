//! bgen: prints 100 random binary digits, each a one with probability 1/10
//! (testlib's stock `generators/bgen.cpp`); used by the vectors in
//! `generators/bgen/*`.

fn main() {
    let mut rnd = testlib::register_gen();
    // A class keeps repeated characters, so nine zeros and one one.
    println!("{}", rnd.next_pattern("[0000000001]{100}"));
}
