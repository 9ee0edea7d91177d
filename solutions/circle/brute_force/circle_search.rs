// Circle game by game search (Sprague–Grundy over the real moves, no
// formula). Removing `take` stones from the circle of n leaves one path of
// n - take stones whose two ends are not adjacent (the circle looks the
// same from every stone). On a path of `len` stones a move removes 1..=k
// consecutive stones and leaves two paths `left` and `right`, so a path's
// Grundy value is the mex of g[left] xor g[right] over those moves. The
// first player wins iff some first move leaves a position of value 0 (the
// empty path included: taking the whole circle). Only for small n: the
// table has n entries and costs O(n² k) time.
use std::collections::HashMap;
use std::io::{self, Read, Write};

/// Grundy values of the paths of 0..=max_len stones.
pub fn path_grundy(max_len: usize, k: u64) -> Vec<u32> {
    let mut g = vec![0u32; max_len + 1];
    for len in 1..=max_len {
        // Every xor below is under `bound`, so the mex is at most `bound`.
        let bound = (g[..len].iter().max().unwrap() + 1).next_power_of_two() as usize;
        let mut seen = vec![false; bound + 1];
        for take in 1..=(len as u64).min(k) as usize {
            for left in 0..=len - take {
                seen[(g[left] ^ g[len - take - left]) as usize] = true;
            }
        }
        g[len] = seen.iter().position(|&s| !s).unwrap() as u32;
    }
    g
}

/// Whether the first player wins on a circle of n ≥ 1 stones, given the
/// Grundy values `path` of the paths of 0..n stones.
pub fn circle_first_wins(n: u64, k: u64, path: &[u32]) -> bool {
    (1..=n.min(k)).any(|take| path[(n - take) as usize] == 0)
}

pub fn first_wins(n: u64, k: u64) -> bool {
    circle_first_wins(n, k, &path_grundy(n as usize - 1, k))
}

fn main() {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input).unwrap();
    let mut it = input
        .split_ascii_whitespace()
        .map(|x| x.parse::<u64>().unwrap());
    let t = it.next().unwrap();
    let cases: Vec<(u64, u64)> = (0..t)
        .map(|_| (it.next().unwrap(), it.next().unwrap()))
        .collect();
    // One table per distinct k, as long as that k's largest circle needs.
    let mut longest: HashMap<u64, u64> = HashMap::new();
    for &(n, k) in &cases {
        let most = longest.entry(k).or_insert(0);
        *most = (*most).max(n);
    }
    let tables: HashMap<u64, Vec<u32>> = longest
        .into_iter()
        .map(|(k, n)| (k, path_grundy(n as usize - 1, k)))
        .collect();
    let mut out = String::new();
    for (n, k) in cases {
        out.push_str(if circle_first_wins(n, k, &tables[&k]) {
            "First\n"
        } else {
            "Second\n"
        });
    }
    io::stdout().write_all(out.as_bytes()).unwrap();
}
