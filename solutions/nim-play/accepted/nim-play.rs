// Playing Nim against the jury: the player to move loses iff X, the xor of
// all piles, is 0. So we choose Second when X = 0 and First otherwise, and
// on every turn we cut a pile holding X's top bit down to a_i ^ X stones,
// which makes the xor 0 again; the jury then has to break it, and since the
// piles only shrink, it is the jury who runs out of moves first.
use std::io::{self, BufRead, Write};

/// A winning move as (1-based pile, stones taken), or `None` when the
/// player to move loses (the xor is 0).
pub fn winning_move(piles: &[u64]) -> Option<(usize, u64)> {
    let x = piles.iter().fold(0, |x, &a| x ^ a);
    winning_move_with(piles, x)
}

/// [`winning_move`] given the xor of the piles.
fn winning_move_with(piles: &[u64], x: u64) -> Option<(usize, u64)> {
    if x == 0 {
        return None;
    }
    let i = piles.iter().position(|&a| a ^ x < a)?;
    Some((i + 1, piles[i] - (piles[i] ^ x)))
}

/// Whitespace-separated words from stdin, read a line at a time so that we
/// never wait for more than the jury has sent.
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
    let mut words = Words {
        line: String::new(),
        pos: 0,
    };
    let mut out = io::stdout().lock();
    let t = words.next();
    for _ in 0..t {
        let n = words.next() as usize;
        let mut piles: Vec<u64> = (0..n).map(|_| words.next()).collect();
        let mut x = piles.iter().fold(0, |x, &a| x ^ a);
        let mut non_empty = piles.iter().filter(|&&a| a > 0).count();
        let mut mine = x != 0;
        writeln!(out, "{}", if mine { "First" } else { "Second" }).unwrap();
        out.flush().unwrap();
        while non_empty > 0 {
            let (i, take) = if mine {
                let (i, take) = winning_move_with(&piles, x).expect("a winning position");
                writeln!(out, "{i} {take}").unwrap();
                out.flush().unwrap();
                (i, take)
            } else {
                (words.next() as usize, words.next())
            };
            let before = piles[i - 1];
            piles[i - 1] = before - take;
            x ^= before ^ piles[i - 1];
            if piles[i - 1] == 0 {
                non_empty -= 1;
            }
            mine = !mine;
        }
    }
}
