//! rcmp4: compares sequences of doubles, absolute or relative error 1e-4.
pub fn main() {
    checkers::stock::compare_doubles(1e-4, 5)
}
