// Trap: the mirror strategy as the whole rule. With two equal rows the
// second player copies every move on the other row and wins, but equal
// rows are not the only lost positions: rows of 1 and 4 pins have the same
// Grundy value, 1, and the first player loses them too.
use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|x| x.parse::<u64>().unwrap());
    let games = numbers.next().unwrap();
    let mut out = String::new();
    for _ in 0..games {
        let (n, k) = (numbers.next().unwrap(), numbers.next().unwrap());
        out.push_str(if n == k { "Second\n" } else { "First\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
