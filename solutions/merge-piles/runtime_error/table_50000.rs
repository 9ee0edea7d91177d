// Trap: the DP table sized for b < 50000, the bound most people guess for
// n <= 50 and a_i <= 1000; but 50 piles of 1000 stones give b = 50049 (and
// merging lone stones into the group adds more): index out of bounds.
use std::io::{self, Read};

const B: usize = 50000;

/// a piles of one stone; the other piles, merged in thought into one group,
/// can absorb b more moves (b = Σ (x + 1) − 1; 0 when there is none).
fn win(a: usize, b: usize, memo: &mut [Vec<i8>]) -> bool {
    if b == 1 {
        return win(a + 1, 0, memo); // the group is down to a single stone
    }
    if memo[a][b] >= 0 {
        return memo[a][b] == 1;
    }
    let w = (a >= 1 && !win(a - 1, b, memo))
        || (b > 0 && !win(a, b - 1, memo))
        || (a >= 1 && b > 0 && !win(a - 1, b + 1, memo))
        || (a >= 2 && !win(a - 2, if b > 0 { b + 3 } else { 2 }, memo));
    memo[a][b] = w as i8;
    w
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|x| x.parse::<usize>().unwrap());
    let t = it.next().unwrap();
    let mut memo = vec![vec![-1i8; B]; 60];
    let mut out = String::new();
    for _ in 0..t {
        let n = it.next().unwrap();
        let (mut a, mut b) = (0, 0);
        for _ in 0..n {
            let x = it.next().unwrap();
            if x == 1 {
                a += 1;
            } else {
                b += x + 1;
            }
        }
        if b > 0 {
            b -= 1;
        }
        out.push_str(if win(a, b, &mut memo) {
            "First\n"
        } else {
            "Second\n"
        });
    }
    print!("{out}");
}
