//! The nim checker's logic: deciding an answer from the game's rules.
//!
//! A Nim position is lost for the player to move iff the xor of its piles is
//! 0 (Bouton): every move changes one pile and so the xor, and from a
//! non-zero xor X the pile holding X's top bit can be cut down to
//! `a_i xor X`. An answer is therefore right iff it says `Second` on a zero
//! xor, or names a legal move (an existing pile left with fewer stones than
//! it had, at least 0) after which the xor is 0. `certify_nim` checks this
//! against a search of the game, move by move.

use std::fmt;

use testlib::InStream;

/// One case's answer: `Second`, or `First pile left` (1-based pile, stones
/// left in it), with the numbers as written, in range or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Second,
    First { pile: i64, left: i64 },
}

/// Why an answer is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wrong {
    /// `Second`, but the first player wins.
    SecondButWinning { xor: u64 },
    /// `First`, but every move loses.
    FirstButLosing,
    /// The pile index is not in 1..=n.
    NoSuchPile { pile: i64, n: usize },
    /// Not a move: `left` is negative or not below the pile's size.
    IllegalMove { pile: i64, stones: u64, left: i64 },
    /// A legal move after which the opponent wins (the xor is not 0).
    LosingMove {
        pile: i64,
        stones: u64,
        left: i64,
        xor: u64,
    },
}

impl fmt::Display for Wrong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Wrong::SecondButWinning { xor } => write!(
                f,
                "expected First (the xor of the piles is {xor}), found Second"
            ),
            Wrong::FirstButLosing => {
                write!(
                    f,
                    "expected Second (the xor of the piles is 0), found First"
                )
            }
            Wrong::NoSuchPile { pile, n } => {
                write!(f, "there is no pile {pile} (the piles are 1..{n})")
            }
            Wrong::IllegalMove { pile, stones, left } => write!(
                f,
                "pile {pile} has {stones} stone(s): leaving {left} is not a move \
                 (a move takes at least one stone)"
            ),
            Wrong::LosingMove {
                pile,
                stones,
                left,
                xor,
            } => write!(
                f,
                "leaving {left} of the {stones} stone(s) of pile {pile} makes the xor {xor}, \
                 not 0: the opponent wins"
            ),
        }
    }
}

/// The xor of all piles.
pub fn xor(piles: &[u64]) -> u64 {
    piles.iter().fold(0, |x, &a| x ^ a)
}

/// Decides whether `answer` is right for the position `piles`.
pub fn judge(piles: &[u64], answer: Answer) -> Result<(), Wrong> {
    let x = xor(piles);
    let (pile, left) = match answer {
        Answer::Second if x == 0 => return Ok(()),
        Answer::Second => return Err(Wrong::SecondButWinning { xor: x }),
        Answer::First { .. } if x == 0 => return Err(Wrong::FirstButLosing),
        Answer::First { pile, left } => (pile, left),
    };
    let n = piles.len();
    if pile < 1 || pile > n as i64 {
        return Err(Wrong::NoSuchPile { pile, n });
    }
    let stones = piles[pile as usize - 1];
    if left < 0 || left as u64 >= stones {
        return Err(Wrong::IllegalMove { pile, stones, left });
    }
    let after = x ^ stones ^ left as u64;
    if after != 0 {
        return Err(Wrong::LosingMove {
            pile,
            stones,
            left,
            xor: after,
        });
    }
    Ok(())
}

/// Reads one case's answer from `stream`; `Err` describes a malformed one
/// (a PE in the output, a FAIL in the jury's answer).
pub fn read_answer(stream: &InStream) -> Result<Answer, String> {
    let word = next_token(stream, "First or Second")?;
    match word.as_slice() {
        b"Second" => Ok(Answer::Second),
        b"First" => {
            let pile = read_integer(stream, "the pile index")?;
            let left = read_integer(stream, "the stones left")?;
            Ok(Answer::First { pile, left })
        }
        other => Err(format!(
            "expected First or Second, found {}",
            testlib::compress(other)
        )),
    }
}

fn next_token(stream: &InStream, what: &str) -> Result<Vec<u8>, String> {
    if stream.seek_eof() {
        return Err(format!("expected {what}, found the end of the file"));
    }
    Ok(stream.read_token())
}

/// A 64-bit integer in testlib's grammar (`0` or `-?[1-9][0-9]*`); anything
/// else, including numbers beyond 64 bits, is malformed.
fn read_integer(stream: &InStream, what: &str) -> Result<i64, String> {
    let token = next_token(stream, what)?;
    testlib::parse_i64(&token).ok_or_else(|| {
        format!(
            "expected {what} (a 64-bit integer), found {}",
            testlib::compress(&token)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_wrong_shape_is_named() {
        let piles = [3, 5, 6, 1]; // xor 1: piles 1, 2 and 4 can be cut
        assert_eq!(judge(&piles, Answer::First { pile: 2, left: 4 }), Ok(()));
        assert_eq!(
            judge(&piles, Answer::Second),
            Err(Wrong::SecondButWinning { xor: 1 })
        );
        assert_eq!(
            judge(&[1, 2, 3], Answer::First { pile: 1, left: 0 }),
            Err(Wrong::FirstButLosing)
        );
        assert_eq!(
            judge(&piles, Answer::First { pile: 0, left: 2 }),
            Err(Wrong::NoSuchPile { pile: 0, n: 4 })
        );
        assert_eq!(
            judge(&piles, Answer::First { pile: 3, left: 7 }),
            Err(Wrong::IllegalMove {
                pile: 3,
                stones: 6,
                left: 7
            })
        );
        assert_eq!(
            judge(&piles, Answer::First { pile: 3, left: 0 }),
            Err(Wrong::LosingMove {
                pile: 3,
                stones: 6,
                left: 0,
                xor: 7
            })
        );
    }
}
