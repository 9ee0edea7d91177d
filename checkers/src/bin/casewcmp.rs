//! casewcmp: compares `Case i: <token> <token> ...` test cases, one token sequence per case.
use testlib::compress;

pub fn main() {
    checkers::stock::compare_cases(
        |_, token| token,
        |tokens: &[Vec<u8>]| {
            format!(
                "\"{}\" [size={}]",
                compress(&tokens.join(&b' ')),
                tokens.len()
            )
        },
    )
}
