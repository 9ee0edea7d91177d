//! Shrinking a failing input to a small one that still fails, the way
//! property-testing libraries do: remove whole cases, remove items of
//! lists, make numbers smaller — one edit at a time, an edit kept only if
//! the input still fails, until no edit helps.
//!
//! The text model is generic: lines of whitespace-separated tokens. A
//! problem may declare that its first line counts the cases and that each
//! case takes a fixed number of lines ([`Cases`]); a line holding a single
//! integer k followed by a line of exactly k tokens is a counted list.
//! Edits keep those counts in step. Whether a candidate is a valid input
//! at all is the caller's to decide (with the problem's validator).

use anyhow::Result;

/// How an input splits into cases: the first line holds their number,
/// then each case takes `lines` lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cases {
    pub lines: usize,
}

/// The smallest failing input found.
#[derive(Debug)]
pub struct Shrunk<T> {
    pub input: String,
    /// What the caller said about it when it failed.
    pub failure: T,
    /// Candidates tried, and how many of them were kept (each still failed).
    pub tried: usize,
    pub kept: usize,
}

/// Shrinks `input`, which fails with `failure`. `first_failing` tries a
/// batch of candidates (at most `batch`, in order of preference) and says
/// which is the first that still fails, with what the caller wants to
/// keep of it. Stops when no edit helps or after `budget` candidates.
pub fn shrink<T>(
    input: &str,
    failure: T,
    cases: Option<Cases>,
    batch: usize,
    budget: usize,
    mut first_failing: impl FnMut(&[String]) -> Result<Option<(usize, T)>>,
) -> Result<Shrunk<T>> {
    let mut best = Shrunk {
        input: input.to_string(),
        failure,
        tried: 0,
        kept: 0,
    };
    let mut current = Text::parse(input);
    // Sweeps over every edit; after a kept edit the sweep goes on from the
    // same place (the edit there may apply again, as halving does), and
    // another sweep follows until one keeps nothing.
    let mut at = 0;
    let mut kept_in_sweep = false;
    while best.tried < budget {
        let edits = current.edits(cases);
        if at >= edits.len() {
            if !kept_in_sweep {
                break;
            }
            (at, kept_in_sweep) = (0, false);
            continue;
        }
        let end = edits
            .len()
            .min(at + batch.max(1))
            .min(at + budget - best.tried);
        let candidates: Vec<Text> = edits[at..end].iter().map(|e| current.apply(e)).collect();
        let texts: Vec<String> = candidates.iter().map(Text::render).collect();
        best.tried += texts.len();
        match first_failing(&texts)? {
            Some((i, failure)) if i < texts.len() => {
                at += i;
                kept_in_sweep = true;
                best.kept += 1;
                best.failure = failure;
                best.input = texts[i].clone();
                current = candidates.into_iter().nth(i).unwrap_or(current);
            }
            _ => at = end,
        }
    }
    Ok(best)
}

/// An input as lines of tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Text {
    lines: Vec<Vec<String>>,
}

/// One change to a [`Text`].
#[derive(Clone, Debug, PartialEq, Eq)]
enum Edit {
    /// Removes `count` cases from the `first` (from 0) on.
    RemoveCases { first: usize, count: usize },
    /// Removes `count` items from the `first` on of the list on `line`
    /// (its length is on the line before).
    RemoveItems {
        line: usize,
        first: usize,
        count: usize,
    },
    /// Writes `value` in place of a token.
    Replace {
        line: usize,
        token: usize,
        value: i128,
    },
}

impl Text {
    fn parse(text: &str) -> Text {
        let mut lines: Vec<Vec<String>> = text
            .lines()
            .map(|l| l.split_ascii_whitespace().map(str::to_string).collect())
            .collect();
        while lines.last().is_some_and(Vec::is_empty) {
            lines.pop();
        }
        Text { lines }
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for line in &self.lines {
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }

    /// The number of cases, if the text has the declared shape.
    fn case_count(&self, cases: Option<Cases>) -> Option<usize> {
        let per = cases?.lines;
        let count: usize = match self.lines.first()?.as_slice() {
            [t] => t.parse().ok()?,
            _ => return None,
        };
        (per > 0 && count.checked_mul(per)? + 1 == self.lines.len()).then_some(count)
    }

    /// The lines that hold a counted list of two items or more (the line
    /// before holds its length); not the cases after a count of them.
    fn lists(&self, header: bool) -> Vec<usize> {
        (1..self.lines.len())
            .filter(|&i| !(header && i == 1) && self.lines[i].len() >= 2)
            .filter(|&i| match self.lines[i - 1].as_slice() {
                [k] => k.parse::<usize>().ok() == Some(self.lines[i].len()),
                _ => false,
            })
            .collect()
    }

    /// Every edit, the bigger steps first: cases, then list items, then
    /// numbers.
    fn edits(&self, cases: Option<Cases>) -> Vec<Edit> {
        let mut edits = Vec::new();
        let count = self.case_count(cases);
        if let Some(count) = count {
            for size in chunk_sizes(count) {
                for first in (0..count).step_by(size) {
                    edits.push(Edit::RemoveCases {
                        first,
                        count: size.min(count - first),
                    });
                }
            }
        }
        let lists = self.lists(count.is_some());
        for &line in &lists {
            let len = self.lines[line].len();
            for size in chunk_sizes(len) {
                for first in (0..len).step_by(size) {
                    edits.push(Edit::RemoveItems {
                        line,
                        first,
                        count: size.min(len - first),
                    });
                }
            }
        }
        // Counts are kept in step by the edits above, never shrunk alone.
        let mut counts = vec![false; self.lines.len()];
        if count.is_some() {
            counts[0] = true;
        }
        for &line in &lists {
            counts[line - 1] = true;
        }
        for (line, tokens) in self.lines.iter().enumerate() {
            if counts[line] {
                continue;
            }
            for (token, text) in tokens.iter().enumerate() {
                for value in smaller(text) {
                    edits.push(Edit::Replace { line, token, value });
                }
            }
        }
        edits
    }

    fn apply(&self, edit: &Edit) -> Text {
        let mut lines = self.lines.clone();
        match *edit {
            Edit::RemoveCases { first, count } => {
                let per = (lines.len() - 1) / self.case_count_unchecked();
                lines.drain(1 + first * per..1 + (first + count) * per);
                let left = (lines.len() - 1) / per;
                lines[0] = vec![left.to_string()];
            }
            Edit::RemoveItems { line, first, count } => {
                lines[line].drain(first..first + count);
                lines[line - 1] = vec![lines[line].len().to_string()];
            }
            Edit::Replace { line, token, value } => lines[line][token] = value.to_string(),
        }
        Text { lines }
    }

    /// The case count of a text [`Text::case_count`] accepted.
    fn case_count_unchecked(&self) -> usize {
        self.lines[0][0].parse().unwrap_or(1).max(1)
    }
}

/// Chunk sizes for removing parts of `n` things, halving down to one;
/// never all of them (an input keeps at least one case, a list one item).
fn chunk_sizes(n: usize) -> Vec<usize> {
    let mut sizes = Vec::new();
    let mut size = n / 2;
    while size >= 1 {
        sizes.push(size);
        size /= 2;
    }
    if n >= 2 && sizes.last() != Some(&1) {
        sizes.push(1);
    }
    sizes
}

/// Smaller values to try for an integer token, nearest zero first; none
/// for a token that is not an integer written plainly.
fn smaller(token: &str) -> Vec<i128> {
    let Ok(v) = token.parse::<i128>() else {
        return Vec::new();
    };
    if v.to_string() != token {
        return Vec::new();
    }
    let towards_zero = if v > 0 {
        [0, 1, v / 2, v - 1]
    } else {
        [0, -1, v / 2, v + 1]
    };
    let mut out: Vec<i128> = Vec::new();
    for c in towards_zero {
        if c.unsigned_abs() < v.unsigned_abs() && !out.contains(&c) {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Shrinks with a predicate on the text, one candidate at a time.
    fn shrink_by(input: &str, cases: Option<Cases>, fails: impl Fn(&Text) -> bool) -> Shrunk<()> {
        shrink(input, (), cases, 3, 10_000, |texts| {
            Ok(texts
                .iter()
                .position(|t| fails(&Text::parse(t)))
                .map(|i| (i, ())))
        })
        .unwrap()
    }

    fn numbers(text: &Text) -> Vec<i128> {
        text.lines
            .iter()
            .flatten()
            .map(|t| t.parse().unwrap())
            .collect()
    }

    #[test]
    fn one_failing_case_is_kept_alone_with_its_numbers_at_the_edge() {
        // Fails when a case has a > 40 and b odd.
        let input = "4\n7 8\n93 77\n12 5\n60 61\n";
        let fails = |t: &Text| {
            t.lines[1..].iter().any(|l| {
                let a: i128 = l[0].parse().unwrap();
                let b: i128 = l[1].parse().unwrap();
                a > 40 && b % 2 == 1
            })
        };
        let shrunk = shrink_by(input, Some(Cases { lines: 1 }), fails);
        assert_eq!(shrunk.input, "1\n41 1\n");
        assert!(shrunk.kept >= 3 && shrunk.tried > shrunk.kept, "{shrunk:?}");
    }

    #[test]
    fn lists_lose_items_and_their_lengths_follow() {
        // Two cases of a list each; fails when some list holds 5 and 3.
        let input = "2\n4\n1 5 9 3\n3\n5 3 2\n";
        let fails = |t: &Text| {
            t.lines
                .iter()
                .skip(2)
                .step_by(2)
                .any(|l| l.contains(&"5".to_string()) && l.contains(&"3".to_string()))
        };
        let shrunk = shrink_by(input, Some(Cases { lines: 2 }), fails);
        assert_eq!(shrunk.input, "1\n2\n5 3\n");
    }

    #[test]
    fn without_a_declared_shape_numbers_still_shrink() {
        let input = "1000000000000000000 3\n";
        let shrunk = shrink_by(input, None, |t| numbers(t)[0] >= 1000);
        assert_eq!(shrunk.input, "1000 0\n");
    }

    #[test]
    fn the_budget_bounds_the_candidates_tried() {
        let input = "9 9 9 9 9 9\n";
        let shrunk = shrink(input, 7, None, 2, 5, |_| Ok(Some((0, 8)))).unwrap();
        assert_eq!(shrunk.tried, 5);
        assert_eq!(shrunk.failure, 8);
    }

    #[test]
    fn an_input_that_nothing_shrinks_comes_back_unchanged() {
        let input = "1\n0 0\n";
        let shrunk = shrink_by(input, Some(Cases { lines: 1 }), |t| t.lines.len() == 2);
        assert_eq!((shrunk.input.as_str(), shrunk.kept), (input, 0));
    }

    #[test]
    fn a_shape_that_does_not_match_is_not_used() {
        let text = Text::parse("3\n1 2\n3 4\n");
        assert_eq!(text.case_count(Some(Cases { lines: 1 })), None);
        assert_eq!(text.case_count(Some(Cases { lines: 2 })), None);
        assert_eq!(
            Text::parse("2\n1 2\n3 4\n").case_count(Some(Cases { lines: 1 })),
            Some(2)
        );
    }

    #[test]
    fn smaller_values_head_for_zero() {
        assert_eq!(smaller("100"), vec![0, 1, 50, 99]);
        assert_eq!(smaller("1"), vec![0]);
        assert_eq!(smaller("-9"), vec![0, -1, -4, -8]);
        assert!(smaller("0").is_empty());
        assert!(smaller("007").is_empty() && smaller("1.5").is_empty());
        assert_eq!(chunk_sizes(5), vec![2, 1]);
        assert_eq!(chunk_sizes(1), Vec::<usize>::new());
    }
}
