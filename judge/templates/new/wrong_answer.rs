// Trap (made by `judge new`): the normal-play rule of the Bash game, as if
// whoever took the last stone won: the first player loses iff n is a
// multiple of k + 1. Under the misère rule that is wrong whenever
// n % (k + 1) is 0 or 1.
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
        out.push_str(if n % (k + 1) == 0 { "Second\n" } else { "First\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
