// The right side, but every move is made in the largest pile: cut it to
// a ^ X when that is smaller, else (the largest pile lacks X's top bit) take
// one stone from it and hope. Right whenever the largest pile holds X's top
// bit, which simple replies (the jury halving the largest pile) keep true;
// otherwise the move hands the win to the jury.
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
                let end = word.find(|c: char| c.is_ascii_whitespace()).unwrap_or(word.len());
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

fn main() {
    let mut words = Words { line: String::new(), pos: 0 };
    let mut out = io::stdout().lock();
    let t = words.next();
    for _ in 0..t {
        let n = words.next() as usize;
        let mut piles: Vec<u64> = (0..n).map(|_| words.next()).collect();
        let mut mine = piles.iter().fold(0, |x, &a| x ^ a) != 0;
        writeln!(out, "{}", if mine { "First" } else { "Second" }).unwrap();
        out.flush().unwrap();
        while piles.iter().any(|&a| a > 0) {
            let (i, take) = if mine {
                let x = piles.iter().fold(0, |x, &a| x ^ a);
                let top = *piles.iter().max().unwrap();
                let i = piles.iter().position(|&a| a == top).unwrap();
                // BUG: the largest pile need not hold the xor's top bit.
                let take = if top ^ x < top { top - (top ^ x) } else { 1 };
                writeln!(out, "{} {take}", i + 1).unwrap();
                out.flush().unwrap();
                (i + 1, take)
            } else {
                (words.next() as usize, words.next())
            };
            piles[i - 1] -= take;
            mine = !mine;
        }
    }
}
