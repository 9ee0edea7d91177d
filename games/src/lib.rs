//! Impartial games, tabulated: the outcome (P or N) and the Grundy value
//! of every position up to a bound, the families the kit's problems come
//! from, and the periods a table proves.
//!
//! `judge lab` is this crate's: a family is a type implementing
//! [`family::Family`] (its parameters, its table, what proves its period,
//! its picture's layout), listed on one line of [`lab::FAMILIES`]; the
//! lab tabulates it ([`lab::Lab`]), sweeps its parameters ([`swept`]) and
//! answers a conjecture's cases ([`oracle`]), whatever the family.
//!
//! A game is a table of positions `0..size` whose moves lead to smaller
//! positions (or to sums of them: a move in an octal game may leave two
//! heaps). Tables are filled in position order, never by recursion, so a
//! table of 10^8 positions needs memory, not stack.

pub mod circle;
pub mod family;
pub mod fibonacci;
pub mod heaps;
pub mod lab;
pub mod octal;
pub mod oracle;
pub mod period;
pub mod subtraction;
pub mod sweep;
pub mod swept;
pub mod table;
pub mod wythoff;

/// Who wins when no move is left: normal play (the player who cannot move
/// loses) or misère play (that player wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    Normal,
    Misere,
}

/// An impartial game on the positions `0..size`.
pub trait Game {
    /// The number of positions tabulated.
    fn size(&self) -> usize;

    /// Calls `option` with each move's result from `position`: the
    /// positions left, whose game is their sum (one for most games, none
    /// when a move ends the game, two when an octal move splits a heap).
    /// Each position left is smaller than `position`.
    fn options(&self, position: usize, option: &mut dyn FnMut(&[usize]));
}

/// The Grundy value of every position: the least value no option has,
/// an option's value being the XOR of its parts'.
pub fn grundy(game: &dyn Game) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(game.size());
    let mut seen: Vec<bool> = Vec::new();
    for position in 0..game.size() {
        seen.clear();
        game.options(position, &mut |parts| {
            let value = parts.iter().fold(0, |x, &p| x ^ values[p]) as usize;
            if value >= seen.len() {
                seen.resize(value + 1, false);
            }
            seen[value] = true;
        });
        let mex = seen.iter().position(|&s| !s).unwrap_or(seen.len());
        values.push(mex as u32);
    }
    values
}

/// Whether each position is an N-position (the player to move wins).
/// Normal play reads it from the Grundy values (a sum is lost exactly when
/// its parts' values XOR to 0); misère play is for games whose moves leave
/// one position or none, where a position is won when some move leads to a
/// lost one, and a position with no move is won.
pub fn outcomes(game: &dyn Game, play: Play) -> Result<Vec<bool>, String> {
    match play {
        Play::Normal => Ok(grundy(game).into_iter().map(|g| g != 0).collect()),
        Play::Misere => {
            let mut wins: Vec<bool> = Vec::with_capacity(game.size());
            for position in 0..game.size() {
                let (mut any, mut winning, mut sum) = (false, false, false);
                game.options(position, &mut |parts| {
                    any = true;
                    match parts {
                        [] => {}
                        [p] => winning |= !wins[*p],
                        _ => sum = true,
                    }
                });
                if sum {
                    return Err(format!(
                        "position {position}: a move leaves a sum of games, whose misère outcome \
                         the table cannot give"
                    ));
                }
                wins.push(!any || winning);
            }
            Ok(wins)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim on one heap: every smaller heap is an option.
    struct Heap(usize);

    impl Game for Heap {
        fn size(&self) -> usize {
            self.0
        }
        fn options(&self, position: usize, option: &mut dyn FnMut(&[usize])) {
            for p in 0..position {
                option(&[p]);
            }
        }
    }

    #[test]
    fn a_nim_heap_is_worth_its_size() {
        let values = grundy(&Heap(50));
        assert!(values.iter().enumerate().all(|(n, &g)| g as usize == n));
        let normal = outcomes(&Heap(5), Play::Normal).unwrap();
        assert_eq!(normal, [false, true, true, true, true]);
        // Misère, one heap: 0 is won (no move), 1 is lost (must take the
        // last), every larger heap is won (leave 1).
        let misere = outcomes(&Heap(5), Play::Misere).unwrap();
        assert_eq!(misere, [true, false, true, true, true]);
    }
}
