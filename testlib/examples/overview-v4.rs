//! Validator `v4` of upstream/007 (overview log): names `~t~`, `~n`, `l~`, `~r~`, `~a~`.
#[path = "common/overview.rs"]
mod overview;

fn main() {
    overview::run(["~t~", "~n", "l~", "~r~", "~a~"]);
}
