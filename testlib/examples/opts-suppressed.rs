//! opts-suppressed: as `opts-auto-ensure`, but turns the exit-time
//! unused-option check off first (upstream testlib test `005-opts`, vectors
//! `suppress-auto-ensure-no-unused-opts/r1`..`r9`).

use testlib::{opt, opt_or, suppress_ensure_no_unused_opts};

fn main() {
    let _rnd = testlib::register_gen();
    suppress_ensure_no_unused_opts();
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
