//! Validator `v3` of upstream/007 (overview log): names `~t~`, `~n`, `l`, `r`, `~a`.
use testkit::examples::overview;

fn main() {
    overview::run(["~t~", "~n", "l", "r", "~a"]);
}
