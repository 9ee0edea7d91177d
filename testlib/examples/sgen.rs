//! sgen: prints a random token of 1 to 1000 letters and digits (testlib's
//! stock `generators/sgen.cpp`); used by the vectors in `generators/sgen/*`.

fn main() {
    let mut rnd = testlib::register_gen();
    println!("{}", rnd.next_pattern("[a-zA-Z0-9]{1,1000}"));
}
