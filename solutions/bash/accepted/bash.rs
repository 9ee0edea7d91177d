// Bash game: the first player loses iff n is a multiple of m + 1.
use std::io::{self, Read, Write};

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input.split_ascii_whitespace().map(|x| x.parse::<u64>().unwrap());
    let t = it.next().unwrap();
    let mut out = String::with_capacity(t as usize * 7);
    for _ in 0..t {
        let (n, m) = (it.next().unwrap(), it.next().unwrap());
        out.push_str(if n % (m + 1) == 0 { "Second\n" } else { "First\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
