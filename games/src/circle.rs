//! The circle game: `n` tokens in a circle; a move takes one to `k`
//! neighbouring tokens, and tokens on both sides of a gap are not
//! neighbours. The first move leaves a row of `n - j` tokens, and a row is
//! the octal game `0.77…7` (`k` sevens): taking `j` from a row leaves no
//! row, one, or two.

use crate::octal::Octal;

/// Whether the first player wins each circle of `0..size` tokens, taking
/// one to `k` (at least 1) at a time; the circle of 0 has no move and is
/// lost.
pub fn first_wins(k: usize, size: usize) -> Result<Vec<bool>, String> {
    if k == 0 {
        return Err("k = 0: expected at least 1 token a move".into());
    }
    // Taking more than the row holds is no move: a code longer than the
    // table changes nothing.
    let row = Octal::of_digits(vec![7; k.min(size.max(1))], size).grundy();
    Ok((0..size)
        .map(|n| (1..=k.min(n)).any(|j| row[n - j] == 0))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With k = 1 the first player wins on odd circles; with k ≥ 2 only by
    /// taking the whole circle (`n ≤ k`): otherwise the second player
    /// splits the row left into two equal rows and mirrors.
    #[test]
    fn the_circle_game_is_parity_or_symmetry() {
        let one = first_wins(1, 50).unwrap();
        assert!(one.iter().enumerate().all(|(n, &w)| w == (n % 2 == 1)));
        for k in 2..8 {
            let wins = first_wins(k, 60).unwrap();
            let rule = |n: usize| (1..=k).contains(&n);
            assert!(
                wins.iter().enumerate().all(|(n, &w)| w == rule(n)),
                "k = {k}"
            );
        }
        assert!(first_wins(0, 5).is_err());
    }
}
