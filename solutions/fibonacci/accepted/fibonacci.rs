// Fibonacci Nim: one pile of n; the first move takes any number but not all,
// each later move takes 1 to twice the previous one; the last stone wins.
// Write n as a sum of non-consecutive Fibonacci numbers (Zeckendorf). The
// player facing m stones with cap c wins iff c ≥ z(m), the smallest term.
// So the first player loses iff n is a Fibonacci number (one term, and the
// first move may not take it all); otherwise taking x = z(n) wins, because
// the next term of n is more than twice z(n).
use std::io::{self, Read, Write};

// The distinct Fibonacci numbers 1, 2, 3, 5, ... up to 10^18.
pub fn fibonacci_numbers() -> Vec<u64> {
    let mut fib = vec![1u64, 2];
    while fib[fib.len() - 1] + fib[fib.len() - 2] <= 1_000_000_000_000_000_000 {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    fib
}

// None if the first player loses, else the least winning first move z(n).
pub fn winning_move(fib: &[u64], n: u64) -> Option<u64> {
    let (mut rest, mut terms, mut smallest) = (n, 0, 0);
    for &f in fib.iter().rev() {
        if f <= rest {
            rest -= f;
            terms += 1;
            smallest = f;
        }
    }
    (terms > 1).then_some(smallest)
}

fn main() {
    let mut input = Vec::new();
    io::stdin().read_to_end(&mut input).unwrap();
    let mut numbers = input
        .split(|c| c.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| w.iter().fold(0u64, |v, &d| v * 10 + (d - b'0') as u64));
    let fib = fibonacci_numbers();
    let t = numbers.next().unwrap();
    let mut out = Vec::with_capacity(t as usize * 16);
    for _ in 0..t {
        match winning_move(&fib, numbers.next().unwrap()) {
            Some(x) => writeln!(out, "First {x}").unwrap(),
            None => out.extend_from_slice(b"Second\n"),
        }
    }
    io::stdout().write_all(&out).unwrap();
}
