//! Games on several heaps, a position being the multiset of its heap
//! sizes (empty heaps gone): Nim (take any number from one heap; misère
//! Nim is Nim in misère play) and merge piles (take one token from a heap,
//! or merge two heaps into one). Both are `judge lab` families, which list
//! their P-positions.

use std::collections::HashMap;

use crate::family::{Ask, Family, Kind, Param, Params};
use crate::table::Table;
use crate::{Game, Play};

/// The moves of a game on heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rule {
    /// Take any positive number of tokens from one heap.
    Nim,
    /// Take one token from a heap, or put two heaps together.
    TakeOneOrMerge,
}

/// A game on heaps tabulated on a closed set of positions: every move
/// from one of them leads to another. Positions are sorted by tokens, then
/// by heaps, so every move (fewer tokens, or as many in fewer heaps) leads
/// to a smaller index.
#[derive(Clone, Debug)]
pub struct Heaps {
    rule: Rule,
    positions: Vec<Vec<u64>>,
    index: HashMap<Vec<u64>, usize>,
}

impl Heaps {
    /// Nim on every position of at most `count` heaps of 1 to `most`
    /// tokens (a move keeps within them).
    pub fn nim(count: usize, most: u64) -> Heaps {
        let mut positions = vec![Vec::new()];
        let mut last = vec![Vec::new()];
        for _ in 0..count {
            let next: Vec<Vec<u64>> = (last.iter())
                .flat_map(|p: &Vec<u64>| {
                    let from = p.last().copied().unwrap_or(1);
                    (from..=most).map(move |h| [p.as_slice(), &[h]].concat())
                })
                .collect();
            positions.extend(next.iter().cloned());
            last = next;
        }
        Heaps::of(Rule::Nim, positions)
    }

    /// Merge piles on every position of at most `stones` tokens in all (a
    /// move keeps within them).
    pub fn merge_piles(stones: u64) -> Heaps {
        // The partitions of each total, parts in order.
        fn parts(left: u64, least: u64, part: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            if left == 0 {
                out.push(part.clone());
                return;
            }
            for h in least..=left {
                part.push(h);
                parts(left - h, h, part, out);
                part.pop();
            }
        }
        let mut positions = Vec::new();
        for total in 0..=stones {
            parts(total, 1, &mut Vec::new(), &mut positions);
        }
        Heaps::of(Rule::TakeOneOrMerge, positions)
    }

    fn of(rule: Rule, mut positions: Vec<Vec<u64>>) -> Heaps {
        positions.sort_by_key(|p| (p.iter().sum::<u64>(), p.len(), p.clone()));
        let index = (positions.iter().enumerate())
            .map(|(i, p)| (p.clone(), i))
            .collect();
        Heaps {
            rule,
            positions,
            index,
        }
    }

    /// The heaps of the position at `index`, smallest first.
    pub fn position(&self, index: usize) -> &[u64] {
        &self.positions[index]
    }

    /// Every position's heaps, by index.
    pub fn into_positions(self) -> Vec<Vec<u64>> {
        self.positions
    }

    /// The index of the heaps `heaps` (in any order, empty ones ignored),
    /// if tabulated.
    pub fn index(&self, heaps: &[u64]) -> Option<usize> {
        let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        key.sort_unstable();
        self.index.get(&key).copied()
    }
}

impl Game for Heaps {
    fn size(&self) -> usize {
        self.positions.len()
    }

    fn options(&self, position: usize, option: &mut dyn FnMut(&[usize])) {
        let heaps = &self.positions[position];
        let mut reach = |next: Vec<u64>| {
            // Every position a move reaches is tabulated (the sets are
            // closed), and smaller.
            let i = self.index.get(&normal(next));
            debug_assert!(i.is_some(), "a move leaves the tabulated positions");
            if let Some(&i) = i {
                option(&[i]);
            }
        };
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            let lower: Vec<u64> = match self.rule {
                Rule::Nim => (0..h).collect(),
                Rule::TakeOneOrMerge => vec![h - 1],
            };
            for left in lower {
                let mut next = heaps.clone();
                next[i] = left;
                reach(next);
            }
            if self.rule == Rule::TakeOneOrMerge {
                for j in i + 1..heaps.len() {
                    let mut next = heaps.clone();
                    next[i] += next[j];
                    next.remove(j);
                    reach(next);
                }
            }
        }
    }
}

/// The multiset's key: empty heaps gone, smallest first.
fn normal(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

/// `judge lab nim --heaps H`: Nim's (or misère Nim's) P-positions.
pub struct NimFamily;

impl Family for NimFamily {
    fn name(&self) -> &'static str {
        "nim"
    }

    fn about(&self) -> &'static str {
        "Several heaps, each of 1 to N tokens; take any number from one (`--misere`: misère Nim, \
         the anti-nim problem)"
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] =
            &[Param::required("heaps", Kind::Count, "The most heaps").defaults_to("3")];
        PARAMS
    }

    fn upto(&self, _: &Params) -> usize {
        7
    }

    fn needs(&self, params: &Params, upto: usize) -> u128 {
        // A position's heaps and its place in the index, about 100 bytes.
        let heaps = params.count("heaps").unwrap_or(0) as u128;
        multisets(heaps, upto as u128).saturating_mul(100)
    }

    fn table(&self, params: &Params, ask: &Ask) -> Result<Table, String> {
        if ask.sg {
            return Err("nim: --sg is not offered (a heap's value is its size)".into());
        }
        let heaps = params.count("heaps")?;
        let game = Heaps::nim(heaps, ask.upto as u64);
        tabulate(
            format!("at most {heaps} heaps of 1 to {}", ask.upto),
            game,
            ask.play,
        )
    }
}

/// `judge lab merge-piles`: merge piles' P-positions.
pub struct MergePilesFamily;

impl Family for MergePilesFamily {
    fn name(&self) -> &'static str {
        "merge-piles"
    }

    fn about(&self) -> &'static str {
        "Heaps of N tokens in all; take one token from a heap, or put two heaps together"
    }

    fn upto(&self, _: &Params) -> usize {
        12
    }

    fn needs(&self, _: &Params, upto: usize) -> u128 {
        partitions(upto).saturating_mul(100)
    }

    fn table(&self, _: &Params, ask: &Ask) -> Result<Table, String> {
        if ask.sg {
            return Err("merge-piles: --sg is not offered".into());
        }
        let game = Heaps::merge_piles(ask.upto as u64);
        tabulate(
            format!("heaps of at most {} tokens in all", ask.upto),
            game,
            ask.play,
        )
    }
}

/// A game on heaps: every position with its outcome.
fn tabulate(words: String, game: Heaps, play: Play) -> Result<Table, String> {
    let wins = crate::outcomes(&game, play)?;
    Ok(Table::heaps(words, game.into_positions(), wins)
        .unproven("several heaps: no period claimed"))
}

/// The multisets of at most `k` heaps of 1 to `n` tokens: C(n + k, k),
/// saturating.
fn multisets(k: u128, n: u128) -> u128 {
    (1..=k).fold(1u128, |c, i| c.saturating_mul(n.saturating_add(i)) / i)
}

/// The multisets of heaps of at most `stones` tokens in all (the
/// partitions of 0 to `stones`).
fn partitions(stones: usize) -> u128 {
    // Past 10^4 tokens the count passes any memory.
    if stones > 10_000 {
        return u128::MAX;
    }
    let mut ways = vec![0u128; stones + 1];
    ways[0] = 1;
    for part in 1..=stones {
        for total in part..=stones {
            ways[total] = ways[total].saturating_add(ways[total - part]);
        }
    }
    ways.iter().fold(0u128, |a, &w| a.saturating_add(w))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Play, outcomes};

    #[test]
    fn nim_is_lost_exactly_when_the_heaps_xor_to_zero() {
        let game = Heaps::nim(3, 9);
        let wins = outcomes(&game, Play::Normal).unwrap();
        for (i, &w) in wins.iter().enumerate() {
            let xor = game.position(i).iter().fold(0, |x, h| x ^ h);
            assert_eq!(w, xor != 0, "{:?}", game.position(i));
        }
        assert_eq!(game.index(&[3, 0, 1]), game.index(&[1, 3]));
    }

    #[test]
    fn the_positions_are_the_multisets() {
        // Multisets of at most 2 heaps of 1..=3: 1 + 3 + 6.
        assert_eq!(Heaps::nim(2, 3).size(), 10);
        // Partitions of 0..=5: 1 + 1 + 2 + 3 + 5 + 7.
        assert_eq!(Heaps::merge_piles(5).size(), 19);
    }
}
