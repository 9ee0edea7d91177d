//! gs: prints a string built from repeated parts, `gs <k> <count1> <part1>
//! ... <countk> <partk>` (testlib's stock `generators/gs.cpp`; `gs 3 1 a 5 b
//! 1 a` prints `abbbbba`); used by the vectors in `generators/gs/*`.

use testlib::opt_at;

fn main() {
    let _rnd = testlib::register_gen();
    let parts: i64 = opt_at::<i32>(1).into();
    let mut text = String::new();
    for k in 0..parts {
        let count: i32 = opt_at(2 + 2 * k);
        let period: String = opt_at(3 + 2 * k);
        for _ in 0..count {
            text.push_str(&period);
        }
    }
    println!("{text}");
}
