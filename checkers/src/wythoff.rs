//! The wythoff checker's logic: deciding an answer from the game's rules.
//!
//! Two piles; a move takes any positive number of stones from one pile, or
//! the same positive number from both. With a ≤ b and k = b − a, (a, b) is
//! losing iff a = ⌊kφ⌋. Everything here is exact integer arithmetic: ⌊kφ⌋ is
//! (k + ⌊√(5k²)⌋) / 2, with 5k² in 128 bits.

/// The largest number of winning moves any position has: the equal removal,
/// one move from the larger pile and one from the smaller pile.
pub const MAX_MOVES: usize = 3;

/// ⌊√n⌋, exactly: Newton's method on integers, started above the root, goes
/// down to the floor of the root and stops there.
pub fn isqrt(n: u128) -> u128 {
    if n < 2 {
        return n;
    }
    let mut x = 1u128 << (128 - n.leading_zeros()).div_ceil(2);
    loop {
        let y = (x + n / x) / 2;
        if y >= x {
            return x;
        }
        x = y;
    }
}

/// ⌊kφ⌋ = ⌊(k + √(5k²)) / 2⌋. For k > 0 the root is irrational, so halving
/// k + ⌊√(5k²)⌋ with integer division gives the same floor.
pub fn lower(k: u64) -> u64 {
    let k = k as u128;
    ((k + isqrt(5 * k * k)) / 2) as u64
}

/// Whether the player to move from piles (a, b), in either order, loses.
pub fn is_losing(a: u64, b: u64) -> bool {
    let (a, b) = (a.min(b), a.max(b));
    a == lower(b - a)
}

/// The other pile of the losing position that contains a pile of x stones
/// (every x ≥ 0 is in exactly one). With j = ⌊x/φ⌋: x is the lower pile of
/// the j+1-th losing position, or else the upper pile of one whose lower pile
/// is j itself (⌈x/φ²⌉ = x − j).
pub fn partner(x: u64) -> u64 {
    if x == 0 {
        return 0;
    }
    let wide = x as u128;
    // ⌊x/φ⌋ = ⌊(√(5x²) − x) / 2⌋, the root being irrational.
    let j = ((isqrt(5 * wide * wide) - wide) / 2) as u64;
    if lower(j + 1) == x { x + j + 1 } else { j }
}

/// Every distinct position reachable from (a, b) in one move that is losing
/// for the opponent, in the order the answer lists them: the equal removal
/// first if it is one of them, then the others by increasing smaller pile.
/// Empty iff (a, b) is losing. Pairs are (x, y) with x ≤ y.
pub fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let (a, b) = (a.min(b), a.max(b));
    let k = b - a;
    let low = lower(k);
    if a == low {
        return Vec::new();
    }
    let mut moves = Vec::with_capacity(MAX_MOVES);
    // Equal removal keeps the difference k: down to (⌊kφ⌋, ⌊kφ⌋ + k).
    if a > low {
        moves.push((low, low + k));
    }
    let mut others = Vec::with_capacity(2);
    // From the larger pile: leave a with its partner.
    let p = partner(a);
    if p < b {
        others.push((a.min(p), a.max(p)));
    }
    // From the smaller pile: leave b with its partner.
    let q = partner(b);
    if q < a {
        others.push((q, b));
    }
    others.sort_unstable();
    for m in others {
        // Both single-pile moves coincide when a = b, and the larger-pile one
        // is the equal removal at positions such as (2, 3).
        if !moves.contains(&m) {
            moves.push(m);
        }
    }
    moves
}

/// Whether (x, y), x ≤ y, is reachable from (a, b), a ≤ b, in one move.
pub fn is_legal(a: u64, b: u64, (x, y): (u64, u64)) -> bool {
    let from_smaller = y == b && x < a;
    let from_larger = (x == a && y < b) || (y == a && x < a);
    let from_both = x < a && y - x == b - a;
    from_smaller || from_larger || from_both
}

/// A player's answer for one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The first player loses.
    Second,
    /// The first player wins; the listed positions, in the printed order.
    First(Vec<(u64, u64)>),
}

fn describe(moves: &[(u64, u64)]) -> String {
    let pairs: Vec<String> = moves.iter().map(|(x, y)| format!("{x} {y}")).collect();
    format!("First {}: {}", moves.len(), pairs.join(", "))
}

/// Judges a claim for piles (a, b) by the rules, and on a mistake says what
/// the first difference from the exact answer is.
pub fn judge(a: u64, b: u64, claim: &Claim) -> Result<(), String> {
    let expected = winning_moves(a, b);
    let (a, b) = (a.min(b), a.max(b));
    let found = match claim {
        Claim::Second if expected.is_empty() => return Ok(()),
        Claim::Second => {
            return Err(format!(
                "({a}, {b}) is a winning position, expected {}, found Second",
                describe(&expected)
            ));
        }
        Claim::First(_) if expected.is_empty() => {
            return Err(format!(
                "({a}, {b}) is a losing position, expected Second, found First"
            ));
        }
        Claim::First(found) => found,
    };
    for (i, &(x, y)) in found.iter().enumerate() {
        let n = i + 1;
        if x > y {
            return Err(format!("move {n}: pair {x} {y} is not sorted (x > y)"));
        }
        if !is_legal(a, b, (x, y)) {
            return Err(format!(
                "move {n}: ({x}, {y}) is not reachable from ({a}, {b}) in one move"
            ));
        }
        if let Some(&(u, v)) = winning_moves(x, y).first() {
            return Err(format!(
                "move {n}: ({x}, {y}) does not win, the opponent answers with ({u}, {v})"
            ));
        }
        if let Some(j) = found[..i].iter().position(|&m| m == (x, y)) {
            return Err(format!("move {n}: ({x}, {y}) repeats move {}", j + 1));
        }
    }
    // Every listed move is now a distinct winning move, so none is extra.
    if let Some(&(x, y)) = expected.iter().find(|m| !found.contains(m)) {
        return Err(format!(
            "First {} from ({a}, {b}), expected First {}: ({x}, {y}) is missing",
            found.len(),
            expected.len()
        ));
    }
    if let Some(i) = (0..found.len()).find(|&i| found[i] != expected[i]) {
        let (x, y) = expected[i];
        let why = if i == 0 && y - x == b - a {
            "the equal removal comes first"
        } else {
            "after the equal removal, moves go by increasing x"
        };
        return Err(format!(
            "wrong order: move {} should be ({x}, {y}) ({why}), found ({}, {})",
            i + 1,
            found[i].0,
            found[i].1
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isqrt_is_exact_at_squares_and_their_neighbours() {
        for r in (0u128..2000).chain([
            (1 << 32) - 1,
            1 << 32,
            2_236_067_977_499_789_696,
            u64::MAX as u128,
        ]) {
            assert_eq!(isqrt(r * r), r);
            if r > 0 {
                assert_eq!(isqrt(r * r - 1), r - 1);
            }
            assert_eq!(isqrt(r * r + 2 * r), r);
        }
    }

    #[test]
    fn lower_and_upper_piles_cover_every_number_once() {
        let mut seen = vec![0u8; 1_000_001];
        for k in 1..=700_000u64 {
            for v in [lower(k), lower(k) + k] {
                if v < seen.len() as u64 {
                    seen[v as usize] += 1;
                }
            }
        }
        assert!(seen[1..].iter().all(|&c| c == 1));
        for x in 0..=1_000_000 {
            assert!(is_losing(x, partner(x)), "x = {x}");
        }
    }

    #[test]
    fn the_floating_point_traps_are_exact_here() {
        assert!(is_losing(165_580_140, 267_914_295));
        assert!(!is_losing(165_580_141, 267_914_296));
        assert!(is_losing(4180, 6764));
        assert!(is_losing(7_778_742_048, 12_586_269_024));
    }

    #[test]
    fn the_specification_examples() {
        assert_eq!(winning_moves(4, 5), [(1, 2), (3, 5)]);
        assert_eq!(winning_moves(10, 15), [(8, 13), (6, 10), (9, 15)]);
        assert_eq!(winning_moves(3, 2), [(1, 2)]);
        assert_eq!(winning_moves(0, 9), [(0, 0)]);
        assert!(winning_moves(2, 1).is_empty());
    }
}
