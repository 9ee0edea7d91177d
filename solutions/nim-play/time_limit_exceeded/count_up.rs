// The right side, but each move is found by trying every number of stones,
// 1, 2, 3, ..., on each pile until the xor becomes 0: fine on small piles,
// hopeless (about 10^18 tries) on the large ones.
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
                let mut found = None;
                'search: for (i, &a) in piles.iter().enumerate() {
                    for take in 1..=a {
                        if x ^ a ^ (a - take) == 0 {
                            found = Some((i + 1, take));
                            break 'search;
                        }
                    }
                }
                let (i, take) = found.expect("a winning move");
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
