//! lcmp: compares files line by line, each line as a sequence of tokens.
use testlib::prelude::*;

/// The words of a line, split at C's `isspace` bytes (as a C++ stream does).
fn words(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|&b| matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r'))
        .filter(|w| !w.is_empty())
}

fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    let mut n: i64 = 0;
    let mut last = Vec::new();
    while !ans.eof() {
        let j = ans.read_line();
        if j.is_empty() && ans.eof() {
            break;
        }
        let p = ouf.read_line();
        n += 1;
        if !words(&j).eq(words(&p)) {
            quitf!(
                WA,
                "{n}{} lines differ - expected: '{}', found: '{}'",
                english_ending(n),
                compress(&j),
                compress(&p)
            );
        }
        last = p;
    }
    if n == 1 {
        quitf!(OK, "single line: '{}'", compress(&last));
    }
    quitf!(OK, "{n} lines");
}
