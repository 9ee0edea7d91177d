//! The options of testlib's `gen-array-with-opt`, read and printed (shared by
//! the `opts-*` examples of upstream test `005-opts`).

use testlib::{opt, opt_or};

/// Reads two required and four defaulted options and prints them.
pub fn print_options() {
    let values: [(&str, i32); 6] = [
        ("test-count", opt("test-count")),
        ("sum-n", opt("sum-n")),
        ("min-n", opt_or("min-n", 1)),
        ("min-value", opt_or("min-value", 1)),
        ("max-value", opt_or("max-value", 1_000_000_000)),
        ("value-bias", opt_or("value-bias", 0)),
    ];
    for (name, value) in values {
        println!("{name} = {value}");
    }
}
