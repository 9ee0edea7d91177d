//! opts-suppressed: as `opts-auto-ensure`, but turns the exit-time
//! unused-option check off first (upstream testlib test `005-opts`, vectors
//! `suppress-auto-ensure-no-unused-opts/r1`..`r9`).

use testkit::examples::gen_array_opts;

fn main() {
    let _rnd = testlib::register_gen();
    testlib::suppress_ensure_no_unused_opts();
    gen_array_opts::print_options();
}
