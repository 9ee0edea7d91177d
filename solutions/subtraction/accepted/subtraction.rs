// Subtraction game with a gap: one pile of n, a move takes s stones with s
// in {1..a} ∪ {c..b} (a + 2 ≤ c), whoever takes the last stone wins. Let
// A = a + 1. If no multiple of A lies in [c, b], the big moves never reach a
// multiple of A from another one, and the losing positions are the
// multiples of A, as in the Bash game. Otherwise the losing positions repeat
// with period p, and below p they are the multiples of A smaller than c:
//   p = b + 1                    if b − c + 1 ≤ a (a short big interval),
//   p = b + A·⌊(c − 1)/A⌋ + 1    otherwise.
// (p is losing: every move from it lands on [c, p) or on a non-multiple of A
// below c, all winning; no move from p + x reaches a losing position below p
// that x could not, so the pattern repeats.) checkers/tests/certify_subtraction.rs
// checks this against a DP over n for every a, c, b ≤ 40 over four periods.
use std::io::{self, Read, Write};

pub fn first_wins(a: u64, c: u64, b: u64, n: u64) -> bool {
    let step = a + 1;
    if b / step * step < c {
        return n % step != 0;
    }
    let period = if b - c < a {
        b + 1
    } else {
        b + step * ((c - 1) / step) + 1
    };
    let r = n % period;
    !(r % step == 0 && r < c)
}

fn main() {
    let mut input = Vec::new();
    io::stdin().read_to_end(&mut input).unwrap();
    let mut pos = 0;
    let mut next = || {
        while input[pos].is_ascii_whitespace() {
            pos += 1;
        }
        let mut value = 0u64;
        while pos < input.len() && input[pos].is_ascii_digit() {
            value = value * 10 + u64::from(input[pos] - b'0');
            pos += 1;
        }
        value
    };
    let t = next();
    let mut out = String::with_capacity(t as usize * 7);
    for _ in 0..t {
        let (a, c, b, n) = (next(), next(), next(), next());
        out.push_str(if first_wins(a, c, b, n) {
            "First\n"
        } else {
            "Second\n"
        });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
