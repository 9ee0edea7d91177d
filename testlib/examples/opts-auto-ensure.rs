//! opts-auto-ensure: reads two required and four defaulted options and
//! prints them; reading a defaulted option arms the exit-time check that
//! every option given was used (upstream testlib test `005-opts`, vectors
//! `auto-ensure-no-unused-opts/r1`..`r9`).

use testkit::examples::gen_array_opts;

fn main() {
    let _rnd = testlib::register_gen();
    gen_array_opts::print_options();
}
