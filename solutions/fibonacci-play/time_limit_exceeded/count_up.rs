// The right side, but each move is found by trying 1, 2, 3, ... stones
// until the take wins (the jury's cap 2x is then below the smallest
// Zeckendorf term of what is left): the first hit is the smallest term of
// the pile, fine on small piles, hopeless (up to 10^17 tries) on large ones.
use std::io::{self, BufRead, Write};

/// Whitespace-separated numbers from stdin, a line at a time.
struct Words {
    line: String,
    pos: usize,
}

impl Words {
    fn next(&mut self) -> u64 {
        loop {
            let rest = &self.line[self.pos..];
            if let Some(start) = rest.find(|c: char| !c.is_ascii_whitespace()) {
                let word = &rest[start..];
                let end = word
                    .find(|c: char| c.is_ascii_whitespace())
                    .unwrap_or(word.len());
                self.pos += start + end;
                return word[..end].parse().expect("a number");
            }
            self.line.clear();
            self.pos = 0;
            if io::stdin().lock().read_line(&mut self.line).unwrap() == 0 {
                std::process::exit(0);
            }
        }
    }
}

fn fibonacci_numbers() -> Vec<u64> {
    let mut fib = vec![1u64, 2];
    while fib[fib.len() - 1] + fib[fib.len() - 2] <= 1_000_000_000_000_000_000 {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    fib
}

/// The Zeckendorf terms of m, largest first.
fn terms(fib: &[u64], m: u64) -> Vec<u64> {
    let mut rest = m;
    let mut out = Vec::new();
    for &f in fib.iter().rev() {
        if f <= rest {
            rest -= f;
            out.push(f);
        }
    }
    out
}

fn main() {
    let fib = fibonacci_numbers();
    let mut words = Words {
        line: String::new(),
        pos: 0,
    };
    let mut out = io::stdout().lock();
    let t = words.next();
    for _ in 0..t {
        let n = words.next();
        let mut mine = fib.binary_search(&n).is_err();
        writeln!(out, "{}", if mine { "First" } else { "Second" }).unwrap();
        out.flush().unwrap();
        let mut stones = n;
        while stones > 0 {
            let take = if mine {
                let mut x = 1;
                while x < stones && 2 * x >= *terms(&fib, stones - x).last().unwrap() {
                    x += 1;
                }
                writeln!(out, "{x}").unwrap();
                out.flush().unwrap();
                x
            } else {
                words.next()
            };
            stones -= take;
            mine = !mine;
        }
    }
}
