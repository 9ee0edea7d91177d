// Keeps the xor of the piles up to date move by move, but folds in the
// number of stones TAKEN instead of the change of the pile (a ^ (a - x)).
// The two agree when a move empties its pile (or takes a subset of the
// pile's bits), so the solution looks right against replies that take whole
// piles; against the jury's partial replies its xor goes wrong and so do its
// moves, which then hand the win back.
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
        let mut x = piles.iter().fold(0, |x, &a| x ^ a);
        let mut mine = x != 0;
        writeln!(out, "{}", if mine { "First" } else { "Second" }).unwrap();
        out.flush().unwrap();
        while piles.iter().any(|&a| a > 0) {
            let (i, take) = if mine {
                let (i, take) = match piles.iter().position(|&a| a ^ x < a) {
                    Some(i) => (i + 1, piles[i] - (piles[i] ^ x)),
                    None => (piles.iter().position(|&a| a > 0).unwrap() + 1, 1),
                };
                writeln!(out, "{i} {take}").unwrap();
                out.flush().unwrap();
                (i, take)
            } else {
                (words.next() as usize, words.next())
            };
            piles[i - 1] -= take;
            x ^= take; // BUG: should be x ^= before ^ after
            mine = !mine;
        }
    }
}
