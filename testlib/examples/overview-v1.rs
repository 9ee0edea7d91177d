//! Validator `v1` of upstream/007 (overview log): names `t`, `n`, `l0`, `r[1]`, `a`.
#[path = "common/overview.rs"]
mod overview;

fn main() {
    overview::run(["t", "n", "l0", "r[1]", "a"]);
}
