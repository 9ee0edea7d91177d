//! dcmp: compares two doubles, absolute or relative error 1e-6.
pub fn main() {
    checkers::stock::compare_one_double(|ja, pa| !testlib::double_compare(ja, pa, 1e-6))
}
