// Playing Fibonacci Nim against the jury. Write m as a sum of
// non-consecutive Fibonacci numbers 1, 2, 3, 5, ... (Zeckendorf) and let
// z(m) be its smallest term. The player facing m stones who may take up to
// c of them wins iff c ≥ z(m): taking z(m) leaves a pile whose smallest term
// is more than 2·z(m), out of the opponent's reach, and any move the
// opponent makes then brings a smallest term back within our new cap. The
// first move may take up to n − 1, so we choose First iff n is not a
// Fibonacci number, and on every turn we take z(stones left), which is
// always within our cap while we are winning (and is the whole pile when
// only one term is left).
use std::io::{self, BufRead, Write};

/// The distinct Fibonacci numbers 1, 2, 3, 5, ... up to 10^18.
pub fn fibonacci_numbers() -> Vec<u64> {
    let mut fib = vec![1u64, 2];
    while fib[fib.len() - 1] + fib[fib.len() - 2] <= 1_000_000_000_000_000_000 {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    fib
}

/// Whether the first player wins a game of n stones.
pub fn first_wins(fib: &[u64], n: u64) -> bool {
    fib.binary_search(&n).is_err()
}

/// Our move with `m` stones left: z(m), by taking the largest Fibonacci
/// number that fits, greedily.
pub fn our_move(fib: &[u64], m: u64) -> u64 {
    let (mut rest, mut smallest) = (m, 0);
    for &f in fib.iter().rev() {
        if f <= rest {
            rest -= f;
            smallest = f;
        }
    }
    smallest
}

/// Whitespace-separated numbers from stdin, read a line at a time so that
/// we never wait for more than the jury has sent.
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
                std::process::exit(0); // the jury has ended the session
            }
        }
    }
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
        let mut mine = first_wins(&fib, n);
        writeln!(out, "{}", if mine { "First" } else { "Second" }).unwrap();
        out.flush().unwrap();
        let mut stones = n;
        while stones > 0 {
            let take = if mine {
                let x = our_move(&fib, stones);
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
