//! opts-auto-ensure: reads two required and four defaulted options and
//! prints them; reading a defaulted option arms the exit-time check that
//! every option given was used (upstream testlib test `005-opts`, vectors
//! `auto-ensure-no-unused-opts/r1`..`r9`).

use testlib::{opt, opt_or};

fn main() {
    let _rnd = testlib::register_gen();
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
