// Bash game: one pile of n stones, a move takes 1..=m of them, whoever takes
// the last stone wins. The first player loses iff n is a multiple of m + 1:
// from a multiple, every move leaves a non-multiple, and from a non-multiple
// taking n mod (m + 1) stones leaves a multiple.
use std::io::{self, Read, Write};

pub fn first_wins(n: u64, m: u64) -> bool {
    n % (m + 1) != 0
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|x| x.parse::<u64>().unwrap());
    let t = it.next().unwrap();
    let mut out = String::with_capacity(t as usize * 7);
    for _ in 0..t {
        let (n, m) = (it.next().unwrap(), it.next().unwrap());
        out.push_str(if first_wins(n, m) {
            "First\n"
        } else {
            "Second\n"
        });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
