//! lcmp: compares files line by line, each line as a sequence of tokens.

/// The words of a line, split at C's `isspace` bytes (as a C++ stream does).
fn words(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|&b| matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r'))
        .filter(|w| !w.is_empty())
}

pub fn main() {
    checkers::stock::compare_lines(|j, p| words(j).eq(words(p)), true)
}
