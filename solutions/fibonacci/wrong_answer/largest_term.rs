// Trap: proposing the largest Zeckendorf term. It never wins: the rest is
// smaller than it, so twice the move covers the rest's smallest term.
use std::io::{self, Read, Write};

fn main() {
    let mut fib = vec![1u64, 2];
    while fib[fib.len() - 1] + fib[fib.len() - 2] <= 1_000_000_000_000_000_000 {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut out = String::new();
    for word in input.split_ascii_whitespace().skip(1) {
        let n: u64 = word.parse().unwrap();
        if fib.binary_search(&n).is_ok() {
            out.push_str("Second\n");
        } else {
            let largest = *fib.iter().rev().find(|&&f| f <= n).unwrap();
            out.push_str(&format!("First {largest}\n"));
        }
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
