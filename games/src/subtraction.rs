//! Subtraction games: a move takes a number of tokens from the set of
//! moves (`1-3,10-13`: one to three, or ten to thirteen). Bash is `1-m`.
//! Both are `judge lab` families; a subtraction game's moves may be swept.

use crate::family::{Ask, Family, Kind, Param, Params};
use crate::period::{Proof, proven};
use crate::sweep::{self, Values};
use crate::swept;
use crate::table::{Set, Table};
use crate::{Game, Play};

/// A subtraction game tabulated on `0..size` tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    moves: Vec<usize>,
    size: usize,
}

impl Subtraction {
    /// The game with `moves` (in any order, repeats ignored) on `0..size`.
    pub fn new(moves: &[usize], size: usize) -> Result<Subtraction, String> {
        if moves.is_empty() {
            return Err("the set of moves is empty: expected at least one positive move".into());
        }
        if moves.contains(&0) {
            return Err("a move of 0 tokens: expected moves of at least 1".into());
        }
        let mut moves = moves.to_vec();
        moves.sort_unstable();
        moves.dedup();
        Ok(Subtraction { moves, size })
    }

    /// The moves, smallest first.
    pub fn moves(&self) -> &[usize] {
        &self.moves
    }

    /// Whether the player to move wins each position, as
    /// [`crate::outcomes`] says, computed 64 positions at a time: a bit per
    /// lost position, each move of 64 or more reading the 64 bits it
    /// reaches in one go, the smaller moves tested together against a
    /// register of the last 64 outcomes. Once the outcomes so far prove a
    /// period (tried at each power of two), the rest are copied from it.
    pub fn wins(&self, play: Play) -> Vec<bool> {
        let (small, large): (Vec<usize>, Vec<usize>) = self.moves.iter().partition(|&&m| m < 64);
        // Bit m - 1: a move of m tokens, tested against `recent`.
        let small = small.iter().fold(0u64, |mask, &m| mask | 1 << (m - 1));
        let least = self.moves[0];
        let mut wins = vec![false; self.size];
        // Bit i of word w: position 64·w + i is lost.
        let mut lost: Vec<u64> = Vec::with_capacity(self.size.div_ceil(64));
        // Bit j: position n - 1 - j is lost, for the position n at hand.
        let mut recent = 0u64;
        for block in 0..self.size.div_ceil(64) {
            let first = block * 64;
            if first >= 1024
                && first.is_power_of_two()
                && let Some(found) = proven(&wins[..first], Proof::Window(self.window()))
            {
                for i in first..self.size {
                    wins[i] = wins[i - found.period];
                }
                return wins;
            }
            let far = (large.iter()).fold(0u64, |bits, &m| {
                bits | window(&lost, first as i64 - m as i64)
            });
            let mut word = 0u64;
            for i in 0..(self.size - first).min(64) {
                let n = first + i;
                let won = match n < least {
                    // No move: lost in normal play, won in misère play.
                    true => play == Play::Misere,
                    false => far >> i & 1 == 1 || recent & small != 0,
                };
                wins[n] = won;
                word |= u64::from(!won) << i;
                recent = recent << 1 | u64::from(!won);
            }
            lost.push(word);
        }
        wins
    }

    /// The largest move: each position's outcome and value are decided by
    /// this many positions before it.
    pub fn window(&self) -> usize {
        self.moves[self.moves.len() - 1]
    }
}

impl Game for Subtraction {
    fn size(&self) -> usize {
        self.size
    }

    fn options(&self, position: usize, option: &mut dyn FnMut(&[usize])) {
        for &m in self.moves.iter().take_while(|&&m| m <= position) {
            option(&[position - m]);
        }
    }
}

/// The 64 bits of `bits` from bit `start` on, bits before 0 or past the
/// end read as 0.
fn window(bits: &[u64], start: i64) -> u64 {
    if start <= -64 {
        return 0;
    }
    if start < 0 {
        return bits.first().map_or(0, |&w| w << -start);
    }
    let (word, offset) = ((start / 64) as usize, start % 64);
    let low = bits.get(word).map_or(0, |&w| w >> offset);
    let high = match offset {
        0 => 0,
        _ => bits.get(word + 1).map_or(0, |&w| w << (64 - offset)),
    };
    low | high
}

/// Parses a set of moves: numbers and ranges `a-b`, separated by commas
/// (`1-3,10-13`).
pub fn parse_moves(text: &str) -> Result<Vec<usize>, String> {
    let mut moves = Vec::new();
    for part in text.split(',').map(str::trim) {
        let number = |s: &str| {
            s.trim().parse::<usize>().map_err(|_| {
                format!("`{s}` in the moves `{text}`: expected a positive number or a range a-b")
            })
        };
        match part.split_once('-') {
            Some((lo, hi)) => {
                let (lo, hi) = (number(lo)?, number(hi)?);
                if lo > hi {
                    return Err(format!(
                        "the range `{part}` is empty: expected a-b with a ≤ b"
                    ));
                }
                moves.extend(lo..=hi);
            }
            None => moves.push(number(part)?),
        }
    }
    Ok(moves)
}

/// The most positions a subtraction game's table grows to unless `--upto`
/// says: 100 doubled 10 times. A period is proven once the preperiod, the
/// period and the largest move have been seen, so this covers moves of
/// tens of thousands; the outcomes of so many positions take a
/// millisecond, the search for a period up to a second (a move of 60000,
/// period 120000, past the budget).
const SUBTRACTION_BUDGET: usize = 102_400;

/// `judge lab subtraction`: a set of moves, or with `--sweep` a set for
/// each parameter set of the sweep.
pub struct SubtractionFamily;

impl Family for SubtractionFamily {
    fn name(&self) -> &'static str {
        "subtraction"
    }

    fn about(&self) -> &'static str {
        "Take a number of tokens from a set: `--moves 1-3,10-13`"
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[
            Param::required(
                "moves",
                Kind::Text,
                "The moves: numbers and ranges, comma-separated; with --sweep, range ends may be \
                 the sweep's parameters (`1-a,c-b`)",
            ),
            Param::optional(
                "sweep",
                Kind::Text,
                "Tabulate the game for every parameter set of the sweep (`a=1..10, c=a+2..20, \
                 b=c..40`: each range's ends may use the parameters before it), one row each, \
                 grouped by the gaps",
            ),
        ];
        PARAMS
    }

    fn upto(&self, params: &Params) -> usize {
        match params.text_if_given("sweep") {
            // Each set's table must be long enough to prove its period.
            Some(_) => 1000,
            None => 100,
        }
    }

    fn budget(&self, params: &Params) -> usize {
        match params.text_if_given("sweep") {
            // A sweep's sets are proven one by one, in tables of `upto`.
            Some(_) => self.upto(params),
            None => SUBTRACTION_BUDGET,
        }
    }

    fn table(&self, params: &Params, ask: &Ask) -> Result<Table, String> {
        let moves = params.text("moves")?;
        let Some(sweep) = params.text_if_given("sweep") else {
            return tabulate(&parse_moves(moves)?, ask);
        };
        let swept = swept::table(self, params, sweep, ask)?;
        Ok(
            Table::sets(format!("moves {moves}"), swept).unproven(format!(
                "each set's period is proven by the window of its largest move, in a table of {} \
             positions, or its pattern is `none`",
                ask.upto
            )),
        )
    }

    fn set(&self, params: &Params, values: &Values, ask: &Ask) -> Result<Set, String> {
        let moves = sweep::substitute(params.text("moves")?, values);
        let game = Subtraction::new(&parse_moves(&moves)?, ask.upto)?;
        Ok(Set {
            moves: game.moves().to_vec(),
            wins: game.wins(ask.play),
            grundy: ask.sg.then(|| crate::grundy(&game)),
            proof: Proof::Window(game.window()),
        })
    }
}

/// `judge lab bash`: take 1 to m tokens.
pub struct BashFamily;

impl Family for BashFamily {
    fn name(&self) -> &'static str {
        "bash"
    }

    fn about(&self) -> &'static str {
        "Take 1 to M tokens"
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[Param::required("m", Kind::Count, "")];
        PARAMS
    }

    fn upto(&self, _: &Params) -> usize {
        100
    }

    fn budget(&self, _: &Params) -> usize {
        SUBTRACTION_BUDGET
    }

    fn table(&self, params: &Params, ask: &Ask) -> Result<Table, String> {
        let m = params.count("m")?;
        if m == 0 {
            return Err("--m 0: expected a largest move of at least 1".into());
        }
        tabulate(&(1..=m).collect::<Vec<_>>(), ask)
    }
}

/// A subtraction game's table: the outcomes (and values), their period
/// proven by the window of the largest move.
fn tabulate(moves: &[usize], ask: &Ask) -> Result<Table, String> {
    let game = Subtraction::new(moves, ask.upto)?;
    let shown: Vec<String> = game.moves().iter().map(usize::to_string).collect();
    let window = game.window();
    let mut table = Table::one_heap(format!("moves {}", shown.join(",")), game.wins(ask.play))
        .with_moves(game.moves().to_vec())
        .proven_by(
            Proof::Window(window),
            format!("each position is decided by the {window} before it (the largest move)"),
        );
    if ask.sg {
        table = table.with_grundy(crate::grundy(&game));
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Play, outcomes};

    #[test]
    fn moves_are_parsed_and_checked() {
        assert_eq!(parse_moves("1-3,10-13").unwrap(), [1, 2, 3, 10, 11, 12, 13]);
        assert_eq!(parse_moves("4, 1,3").unwrap(), [4, 1, 3]);
        for bad in ["", "1,,2", "3-1", "a", "-2", "1-"] {
            assert!(parse_moves(bad).is_err(), "{bad}");
        }
        assert!(Subtraction::new(&[], 10).is_err());
        assert!(Subtraction::new(&[0, 1], 10).is_err());
        assert_eq!(Subtraction::new(&[3, 1, 3], 10).unwrap().moves(), [1, 3]);
    }

    #[test]
    fn the_fast_table_is_the_plain_one() {
        let far: Vec<usize> = (1..=64).map(|i| i * 37 % 500 + 1).collect();
        for moves in [
            &[1, 3, 4][..],
            &[2, 5],
            &[1, 2, 3, 10, 11, 12, 13],
            &[3],
            &[63, 64, 65],
            &[1, 64, 129, 200],
            &[70, 300],
            &far,
        ] {
            let game = Subtraction::new(moves, 3000).unwrap();
            for play in [Play::Normal, Play::Misere] {
                assert_eq!(game.wins(play), outcomes(&game, play).unwrap(), "{moves:?}");
            }
        }
    }

    /// Past a proven period the outcomes are copied: the same as computed.
    #[test]
    fn outcomes_past_a_proven_period_are_the_computed_ones() {
        for moves in [
            &[1, 3, 4][..],
            &[2, 5, 9],
            &[1, 2, 3, 10, 11, 12, 13],
            &[7, 40],
        ] {
            let game = Subtraction::new(moves, 5000).unwrap();
            assert_eq!(
                game.wins(Play::Normal),
                outcomes(&game, Play::Normal).unwrap()
            );
        }
    }

    #[test]
    fn a_million_positions_need_no_stack() {
        let values = crate::grundy(&Subtraction::new(&[1, 2, 3], 1_000_000).unwrap());
        assert_eq!(values[999_999], (999_999 % 4) as u32);
    }

    #[test]
    fn bash_loses_on_multiples_of_m_plus_1() {
        let game = Subtraction::new(&parse_moves("1-4").unwrap(), 100).unwrap();
        let wins = outcomes(&game, Play::Normal).unwrap();
        assert!(wins.iter().enumerate().all(|(n, &w)| w == (n % 5 != 0)));
        // Misère Bash: lost exactly when n ≡ 1 (mod 5).
        let misere = outcomes(&game, Play::Misere).unwrap();
        assert!(misere.iter().enumerate().all(|(n, &w)| w == (n % 5 != 1)));
    }
}
