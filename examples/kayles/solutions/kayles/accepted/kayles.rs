// Two rows of pins: a row of n pins is Kayles, the octal game 0.77 (a move
// knocks down one pin or two neighbours, leaving no row, one or two). Its
// Grundy values repeat with period 12 from position 71 on, which `judge lab
// octal 0.77 --upto 300` proves (Guy and Smith's theorem). The first 84 are
// computed from their definition; a longer row takes the value of the row
// of the last period with as many pins modulo 12. The first player loses
// the sum of two rows exactly when their values are equal.
use std::io::{self, Read, Write};

/// The values computed; from 72 on, one period of 12.
const TABLE: usize = 84;

fn values() -> [u8; TABLE] {
    let mut g = [0u8; TABLE];
    for n in 1..TABLE {
        // The values after each move: left and right rows of the rest.
        let mut seen = [false; 16];
        for take in 1..=n.min(2) {
            for left in 0..=n - take {
                seen[usize::from(g[left] ^ g[n - take - left])] = true;
            }
        }
        g[n] = (0..16).find(|&v| !seen[v]).unwrap() as u8;
    }
    g
}

fn grundy(g: &[u8; TABLE], n: u64) -> u8 {
    match usize::try_from(n) {
        Ok(n) if n < TABLE => g[n],
        _ => g[72 + ((n - 72) % 12) as usize],
    }
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut numbers = input
        .split_ascii_whitespace()
        .map(|x| x.parse::<u64>().unwrap());
    let g = values();
    let games = numbers.next().unwrap();
    let mut out = String::with_capacity(games as usize * 7);
    for _ in 0..games {
        let (n, k) = (numbers.next().unwrap(), numbers.next().unwrap());
        let first_wins = grundy(&g, n) != grundy(&g, k);
        out.push_str(if first_wins { "First\n" } else { "Second\n" });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
