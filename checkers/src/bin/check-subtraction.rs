//! Checker for subtraction: `First` or `Second` per case, compared with the answer.
fn main() {
    checkers::winner::check()
}
