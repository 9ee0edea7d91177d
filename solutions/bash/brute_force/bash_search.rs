// Bash game by game search: win[k] = some move 1..=m leads to a losing position.
// Only for small n (the table has n + 1 entries).
use std::io::{self, Read, Write};

fn first_wins(n: usize, m: usize) -> bool {
    let mut win = vec![false; n + 1];
    for k in 1..=n {
        win[k] = (1..=m.min(k)).any(|take| !win[k - take]);
    }
    win[n]
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let t = it.next().unwrap();
    let mut out = String::new();
    for _ in 0..t {
        let (n, m) = (it.next().unwrap() as usize, it.next().unwrap() as usize);
        out.push_str(if first_wins(n, m) { "First\n" } else { "Second\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
