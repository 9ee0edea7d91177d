//! acmp: compares two doubles, absolute error 1.5e-6 (the same as rcmp).
pub fn main() {
    checkers::stock::compare_one_double(|ja, pa| (ja - pa).abs() > 1.5e-6 + 1e-15)
}
