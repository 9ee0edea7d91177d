//! Validator `v2` of upstream/007 (overview log): names `~t`, `n~`, `l0l`, `r1d`, `a`.
use testkit::examples::overview;

fn main() {
    overview::run(["~t", "n~", "l0l", "r1d", "a"]);
}
