// Chooses the side by the parity of the number of stones, as in the
// one-pile game where each move takes one stone: First iff it is odd. When
// that puts us on the winning side we play Nim right (restore a zero xor);
// on the losing side we take one stone at a time and the jury wins.
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
        let odd = piles.iter().fold(0, |p, &a| p ^ (a & 1)) == 1;
        let mut mine = odd; // BUG: the parity of the stones, not their xor
        writeln!(out, "{}", if mine { "First" } else { "Second" }).unwrap();
        out.flush().unwrap();
        while piles.iter().any(|&a| a > 0) {
            let (i, take) = if mine {
                let x = piles.iter().fold(0, |x, &a| x ^ a);
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
            mine = !mine;
        }
    }
}
