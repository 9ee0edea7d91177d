// Playing Fibonacci Nim by searching the game, no formula. win[s][c]: the
// player to move, facing s stones and allowed to take 1..=c of them (c ≤ s:
// a larger cap changes nothing), wins iff some take t leaves the opponent
// losing: t = s (the last stone), or the opponent loses facing s − t with
// cap 2t. Taking up to c wins iff taking up to c − 1 does or taking exactly
// c does, so each row is a running "or". The table grows as larger piles
// come. We choose First iff win[n][n − 1] and then always play the least
// winning take. Only for small piles: the table has n²/2 cells.
use std::io::{self, BufRead, Write};

// Beyond this the table would not fit in memory; the search gives up.
const LIMIT: usize = 10_000;

#[derive(Default)]
pub struct Search {
    win: Vec<Vec<bool>>,
}

impl Search {
    pub fn new() -> Search {
        Search {
            win: vec![vec![false]],
        }
    }

    /// Whether the player to move with `s` stones and cap `c` wins.
    pub fn wins(&mut self, s: usize, c: usize) -> bool {
        assert!(s <= LIMIT, "a pile of {s} is too large for a search");
        while self.win.len() <= s {
            let s = self.win.len();
            let mut row = vec![false; s + 1];
            for c in 1..=s {
                let takes_c = c == s || !self.win[s - c][(2 * c).min(s - c)];
                row[c] = row[c - 1] || takes_c;
            }
            self.win.push(row);
        }
        self.win[s][c.min(s)]
    }

    /// Whether taking `t` (1 ≤ t ≤ s) wins.
    pub fn take_wins(&mut self, s: usize, t: usize) -> bool {
        t == s || !self.wins(s - t, (2 * t).min(s - t))
    }

    /// Every winning take with `s` stones and cap `c`, ascending.
    pub fn winning_takes(&mut self, s: usize, c: usize) -> Vec<usize> {
        (1..=c.min(s)).filter(|&t| self.take_wins(s, t)).collect()
    }
}

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

fn main() {
    let mut words = Words {
        line: String::new(),
        pos: 0,
    };
    let mut out = io::stdout().lock();
    let mut search = Search::new();
    let t = words.next();
    for _ in 0..t {
        let n = words.next() as usize;
        let mut mine = search.wins(n, n - 1);
        writeln!(out, "{}", if mine { "First" } else { "Second" }).unwrap();
        out.flush().unwrap();
        let (mut stones, mut cap) = (n, n - 1);
        while stones > 0 {
            let take = if mine {
                let take = search.winning_takes(stones, cap)[0];
                writeln!(out, "{take}").unwrap();
                out.flush().unwrap();
                take
            } else {
                words.next() as usize
            };
            stones -= take;
            cap = (2 * take).min(stones);
            mine = !mine;
        }
    }
}
