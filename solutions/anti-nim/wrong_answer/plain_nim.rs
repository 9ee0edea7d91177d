// Trap: the plain Nim rule (First iff the xor is not 0), ignoring that here
// the last stone loses: wrong on [1] and [1, 1].
use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|x| x.parse::<u64>().unwrap());
    let t = it.next().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let n = it.next().unwrap();
        let x = (0..n).fold(0, |x, _| x ^ it.next().unwrap());
        out.push_str(if x != 0 { "First\n" } else { "Second\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
