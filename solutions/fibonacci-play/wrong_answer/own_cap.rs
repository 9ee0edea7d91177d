// Applies the general rule "take the whole pile if the cap allows it, else
// the smallest Zeckendorf term", but keeps the cap as twice ITS OWN last
// move: only its first move of a game uses the real cap (n - 1, or twice
// the jury's first move). The rule says twice the OPPONENT's last move.
// While the jury replies with at least half of what we took the two caps
// agree where it matters; after a small reply we may try to take a pile we
// are not allowed to take whole (more than twice the jury's move).
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
        let (mut stones, mut cap) = (n, n - 1);
        let mut moved = false;
        while stones > 0 {
            let take = if mine {
                let x = if stones <= cap {
                    stones
                } else {
                    *terms(&fib, stones).last().unwrap()
                };
                writeln!(out, "{x}").unwrap();
                out.flush().unwrap();
                cap = 2 * x; // BUG: our own move sets the cap we use next
                moved = true;
                x
            } else {
                let y = words.next();
                if !moved {
                    cap = 2 * y;
                }
                y
            };
            stones -= take;
            mine = !mine;
        }
    }
}
