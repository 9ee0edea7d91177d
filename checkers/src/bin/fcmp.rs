//! fcmp: compares files line by line, each line byte for byte.
pub fn main() {
    checkers::stock::compare_lines(|j, p| j == p, false)
}
