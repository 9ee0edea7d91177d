//! rcmp9: compares sequences of doubles, absolute or relative error 1e-9.
pub fn main() {
    checkers::stock::compare_doubles(1e-9, 10)
}
