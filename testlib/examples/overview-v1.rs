//! Validator `v1` of upstream/007 (overview log): names `t`, `n`, `l0`, `r[1]`, `a`.
use testkit::examples::overview;

fn main() {
    overview::run(["t", "n", "l0", "r[1]", "a"]);
}
