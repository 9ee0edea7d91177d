// Bash game by game search: a position of k stones is winning iff some move
// (taking 1..=m stones) leads to a losing one. Only for small n: it walks all
// positions 0..=n, so big tests run out of time.
use std::io::{self, Read, Write};

pub fn first_wins(n: u64, m: u64) -> bool {
    let mut win = vec![false; n as usize + 1];
    for k in 1..=n as usize {
        win[k] = (1..=(m as usize).min(k)).any(|take| !win[k - take]);
    }
    win[n as usize]
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|x| x.parse::<u64>().unwrap());
    let t = it.next().unwrap();
    let mut out = String::new();
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
