//! no-register: uses the global generator without registering, so it draws
//! from the unseeded state and the exit-time guard then fails the run
//! (upstream testlib test `005-no-register`, vectors `r1` and `r2`).

use testlib::join;

fn main() {
    let mut rnd = testlib::rnd();
    println!("10");
    println!("{}", join(rnd.perm(10, 1), " "));
}
