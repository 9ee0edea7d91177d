//! Octal games in the usual notation: `0.d1d2...dt`, digit `dk` (0 to 7)
//! saying what taking `k` tokens from a heap may leave: bit 1 no heap (the
//! whole heap taken), bit 2 one heap, bit 4 two heaps. Kayles is `0.77`,
//! Dawson's Kayles `0.07`. `judge lab octal CODE` tabulates one.

use crate::family::{Ask, Family, Kind, Param, Params};
use crate::period::{Proof, proven};
use crate::table::Table;
use crate::{Game, Play};

/// An octal game tabulated on heaps of `0..size` tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Octal {
    /// `digits[k - 1]` is `dk`.
    digits: Vec<u8>,
    size: usize,
}

impl Octal {
    /// Parses `code` (`0.77`; up to 64 digits after the point).
    pub fn new(code: &str, size: usize) -> Result<Octal, String> {
        let Some(digits) = code.strip_prefix("0.").or_else(|| code.strip_prefix('.')) else {
            return Err(format!(
                "the octal code `{code}`: expected `0.` then digits 0 to 7"
            ));
        };
        if digits.is_empty() || digits.len() > 64 {
            return Err(format!(
                "the octal code `{code}`: expected 1 to 64 digits after the point"
            ));
        }
        let digits = (digits.chars())
            .map(|c| match c.to_digit(8) {
                Some(d) => Ok(d as u8),
                None => Err(format!(
                    "the octal code `{code}`: `{c}` is no octal digit (0 to 7)"
                )),
            })
            .collect::<Result<Vec<u8>, String>>()?;
        Ok(Octal { digits, size })
    }

    /// The game of `digits` (each 0 to 7; any number of them), for the
    /// families that are octal games with long codes (a row of the circle
    /// game with `k` large is `0.77…7`, `k` sevens).
    pub fn of_digits(digits: Vec<u8>, size: usize) -> Octal {
        debug_assert!(digits.iter().all(|&d| d < 8));
        Octal { digits, size }
    }

    /// The most tokens a move takes.
    pub fn most_taken(&self) -> usize {
        self.digits.len()
    }

    /// The Grundy value of every heap, faster than [`crate::grundy`]: a
    /// split's values are gathered only until every value they could have
    /// was seen, and once the values so far prove a period (Guy and
    /// Smith's theorem, tried at each power of two), the theorem gives the
    /// rest: Kayles to 10^5 costs its first 256 heaps.
    pub fn grundy(&self) -> Vec<u32> {
        let mut values: Vec<u32> = Vec::with_capacity(self.size);
        let mut seen = Seen::default();
        let mut largest = 0u32;
        for n in 0..self.size {
            if n >= 256
                && n.is_power_of_two()
                && let Some(found) = proven(&values, Proof::Octal(self.most_taken()))
            {
                let start = values.len();
                values.extend((start..self.size).map(|_| 0));
                for i in start..self.size {
                    values[i] = values[i - found.period];
                }
                return values;
            }
            // The XOR of two values below 2^b is below 2^b.
            let bits = 32 - largest.leading_zeros();
            seen.clear(1usize << bits);
            for (k, &d) in (1..).zip(&self.digits) {
                if n < k {
                    break;
                }
                if d & 1 != 0 && n == k {
                    seen.insert(0);
                }
                if d & 2 != 0 && n > k {
                    seen.insert(values[n - k]);
                }
                if d & 4 != 0 && n >= k + 2 {
                    let rest = n - k;
                    for a in 1..=rest / 2 {
                        if seen.full() {
                            break;
                        }
                        seen.insert(values[a] ^ values[rest - a]);
                    }
                }
            }
            let value = seen.mex();
            largest = largest.max(value);
            values.push(value);
        }
        values
    }
}

impl Game for Octal {
    fn size(&self) -> usize {
        self.size
    }

    fn options(&self, n: usize, option: &mut dyn FnMut(&[usize])) {
        for (k, &d) in (1..).zip(&self.digits) {
            if n < k {
                break;
            }
            if d & 1 != 0 && n == k {
                option(&[]);
            }
            if d & 2 != 0 && n > k {
                option(&[n - k]);
            }
            if d & 4 != 0 && n >= k + 2 {
                for a in 1..=(n - k) / 2 {
                    option(&[a, n - k - a]);
                }
            }
        }
    }
}

/// `judge lab octal CODE`: the Grundy values, their period proven by Guy
/// and Smith's theorem.
pub struct OctalFamily;

impl Family for OctalFamily {
    fn name(&self) -> &'static str {
        "octal"
    }

    fn about(&self) -> &'static str {
        "An octal game in the usual notation (`0.77` Kayles, `0.07` Dawson's Kayles)"
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] = &[Param::required(
            "code",
            Kind::Positional,
            "The code: `0.` then up to 64 digits 0 to 7",
        )];
        PARAMS
    }

    fn upto(&self, _: &Params) -> usize {
        100
    }

    /// 100 doubled 7 times: a table costs up to the square of its length
    /// (a split's values), about 0.3 s at this budget for the games whose
    /// values keep growing (0.007); Kayles proves its period at 200,
    /// 0.156 at 12800 (period 349 from 3479).
    fn budget(&self, _: &Params) -> usize {
        12_800
    }

    fn table(&self, params: &Params, ask: &Ask) -> Result<Table, String> {
        let code = params.text("code")?;
        let game = Octal::new(code, ask.upto)?;
        let game_words = format!("code {code}");
        let table = match ask.play {
            Play::Normal => {
                let values = game.grundy();
                let t = game.most_taken();
                Table::one_heap(game_words, values.iter().map(|&g| g != 0).collect())
                    .with_grundy(values)
                    .proven_by(
                        Proof::Octal(t),
                        format!("Guy and Smith: the values match for 2·preperiod + period + {t} positions"),
                    )
            }
            Play::Misere => Table::one_heap(game_words, crate::outcomes(&game, ask.play)?)
                .unproven("no theorem carries a misère table: no period claimed"),
        };
        Ok(table.with_code(code))
    }
}

/// The values an option has, as a bit set, counting those below the bound
/// every option's value is under.
#[derive(Default)]
struct Seen {
    bits: Vec<u64>,
    bound: usize,
    count: usize,
}

impl Seen {
    fn clear(&mut self, bound: usize) {
        self.bits.clear();
        self.bits.resize(bound.div_ceil(64) + 1, 0);
        (self.bound, self.count) = (bound, 0);
    }

    fn insert(&mut self, value: u32) {
        let v = value as usize;
        if v / 64 >= self.bits.len() {
            self.bits.resize(v / 64 + 1, 0);
        }
        let (word, bit) = (v / 64, 1u64 << (v % 64));
        if self.bits[word] & bit == 0 {
            self.bits[word] |= bit;
            if v < self.bound {
                self.count += 1;
            }
        }
    }

    /// Every value below the bound was seen: no split can add one.
    fn full(&self) -> bool {
        self.count == self.bound
    }

    fn mex(&self) -> u32 {
        let word = self
            .bits
            .iter()
            .position(|&w| w != u64::MAX)
            .unwrap_or(self.bits.len());
        let bit = self.bits.get(word).map_or(0, |w| w.trailing_ones());
        (word * 64) as u32 + bit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_parsed_and_checked() {
        assert_eq!(Octal::new("0.137", 5).unwrap().most_taken(), 3);
        assert_eq!(Octal::new(".77", 5).unwrap().most_taken(), 2);
        for bad in [
            "0.",
            "0.8",
            "1.7",
            "77",
            "0.7a",
            &format!("0.{}", "7".repeat(65)),
        ] {
            assert!(Octal::new(bad, 5).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_fast_table_is_the_plain_one() {
        for code in [
            "0.77", "0.07", "0.137", "0.4", "0.6", "0.15", "0.777", "0.333",
        ] {
            let game = Octal::new(code, 400).unwrap();
            assert_eq!(game.grundy(), crate::grundy(&game), "{code}");
        }
    }

    /// The values the theorem gives past the proof are the ones computed.
    #[test]
    fn values_past_a_proven_period_are_the_computed_ones() {
        for code in ["0.77", "0.07", "0.137"] {
            let game = Octal::new(code, 3000).unwrap();
            assert_eq!(game.grundy(), crate::grundy(&game), "{code}");
        }
    }

    #[test]
    fn kayles_is_periodic_with_period_12_from_71() {
        let game = Octal::new("0.77", 300).unwrap();
        let values = game.grundy();
        assert_eq!(values[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
        let period = proven(&values, Proof::Octal(game.most_taken())).unwrap();
        assert_eq!((period.preperiod, period.period), (71, 12));
        // Guy–Smith needs n < 2·71 + 12 + 2 matched: 168 values are too few.
        let short = Octal::new("0.77", 167).unwrap().grundy();
        assert_eq!(proven(&short, Proof::Octal(2)), None);
    }

    /// Dawson's Kayles (`0.07`) and Dawson's chess (`0.137`) are one game
    /// counted one token apart: period 34, the last exceptional value at
    /// 52 and at 51.
    #[test]
    fn dawsons_kayles_is_periodic_with_period_34() {
        let kayles = Octal::new("0.07", 300).unwrap().grundy();
        assert_eq!(kayles[..10], [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
        let period = proven(&kayles, Proof::Octal(2)).unwrap();
        assert_eq!((period.preperiod, period.period), (53, 34));
        let chess = Octal::new("0.137", 300).unwrap().grundy();
        assert_eq!(chess[..299], kayles[1..]);
        let period = proven(&chess, Proof::Octal(3)).unwrap();
        assert_eq!((period.preperiod, period.period), (52, 34));
    }
}
