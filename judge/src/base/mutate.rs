//! Invalid inputs made from a valid one, for `judge validate --mutate`:
//! each changes one thing a strict validator must notice (a line end, a
//! space, a token too many or too few, the case count, a value just
//! outside its bounds, a leading zero or sign). A validator that accepts
//! one lets through inputs the statement forbids.
//!
//! Where the validator logs its reads (testlib-rs's reads log: the bytes
//! of each bounded value, its bounds and its name), every value read with
//! bounds is mutated at its first occurrence; otherwise only the changes
//! that need no knowledge of the format are made.

use anyhow::{Context, Result, bail};

/// The option that asks a testlib-rs validator for its reads log (testlib
/// ignores it, as it ignores any argument it does not know).
pub const READS_LOG: &str = "--testReadsLogFileName";

/// A bounded value the validator read: bytes `start..end` of the input.
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    pub start: usize,
    pub end: usize,
    pub lo: String,
    pub hi: String,
    pub name: String,
}

/// Parses the reads log (`start end lo hi name` a line), keeping the
/// first read of each value: of each name, or of each pair of bounds for
/// values read without a name. (A value's bounds may hang on earlier
/// values, `c` in `[a + 2, b]`: its first read is mutated, not each.)
pub fn parse_reads(text: &str) -> Result<Vec<Read>> {
    let mut reads: Vec<Read> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for (i, line) in text.lines().enumerate() {
        let mut parts = line.splitn(5, ' ');
        let mut next = |what: &str| {
            parts
                .next()
                .with_context(|| format!("reads log, line {}: no {what}", i + 1))
        };
        let number = |text: &str| -> Result<usize> {
            (text.parse())
                .with_context(|| format!("reads log, line {}: `{text}` is no offset", i + 1))
        };
        let read = Read {
            start: number(next("start")?)?,
            end: number(next("end")?)?,
            lo: next("lower bound")?.to_string(),
            hi: next("upper bound")?.to_string(),
            name: parts.next().unwrap_or("").to_string(),
        };
        let value = match read.name.is_empty() {
            true => format!(" {} {}", read.lo, read.hi),
            false => read.name.clone(),
        };
        if seen.insert(value) {
            reads.push(read);
        }
    }
    Ok(reads)
}

/// One invalid input: bytes `start..end` of the valid one replaced by
/// `with` (made when it is run: a large input's mutations would not all
/// fit in memory at once).
#[derive(Clone, Debug, PartialEq)]
pub struct Mutation {
    /// What was changed, in words.
    pub what: String,
    /// The line of the valid input it changed (from 1).
    pub line: usize,
    pub start: usize,
    pub end: usize,
    pub with: Vec<u8>,
}

impl Mutation {
    /// The mutated input.
    pub fn apply(&self, input: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(input.len() + self.with.len());
        out.extend_from_slice(&input[..self.start]);
        out.extend_from_slice(&self.with);
        out.extend_from_slice(&input[self.end..]);
        out
    }
}

/// What is known of the valid input besides its bytes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Known<'a> {
    /// The first read of each value, if the validator logs its reads.
    pub reads: Option<&'a [Read]>,
    /// Whether the input is several test cases counted by its first token
    /// (the validator marked cases).
    pub counted_cases: bool,
}

/// The mutations of `input`, each different from it and from the others,
/// in a fixed order.
pub fn mutations(input: &[u8], known: Known) -> Vec<Mutation> {
    let mut out = Mutator {
        input,
        made: Vec::new(),
        seen: std::collections::HashSet::from([blake3::hash(input)]),
    };
    out.line_ends();
    out.spaces();
    out.tokens();
    if known.counted_cases {
        out.case_count();
    }
    match known.reads {
        Some(reads) => {
            for read in reads {
                out.bounds(read);
                out.signs(read.start, read.end, &read.name);
            }
        }
        None => {
            if let Some((start, end)) = tokens(input).next() {
                out.signs(start, end, "the first token");
            }
        }
    }
    out.made
}

/// The tokens of `input`: byte ranges between spaces, tabs and line ends.
fn tokens(input: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let blank = |b: u8| b == b' ' || b == b'\t' || b == b'\n' || b == b'\r';
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < input.len() && blank(input[i]) {
            i += 1;
        }
        let start = i;
        while i < input.len() && !blank(input[i]) {
            i += 1;
        }
        (start < i).then_some((start, i))
    })
}

struct Mutator<'a> {
    input: &'a [u8],
    made: Vec<Mutation>,
    /// The hashes of the input and of each mutation made.
    seen: std::collections::HashSet<blake3::Hash>,
}

impl Mutator<'_> {
    /// The line (from 1) of byte `at`.
    fn line_of(&self, at: usize) -> usize {
        1 + self.input[..at.min(self.input.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
    }

    /// Keeps the input with bytes `start..end` replaced by `with`, unless
    /// it is the input or an earlier mutation.
    fn replace(&mut self, (start, end): (usize, usize), with: &[u8], what: String) {
        let mutation = Mutation {
            what,
            line: self.line_of(start),
            start,
            end,
            with: with.to_vec(),
        };
        if self.seen.insert(blake3::hash(&mutation.apply(self.input))) {
            self.made.push(mutation);
        }
    }

    /// The end of the first line (its line feed), if it has one.
    fn first_eol(&self) -> Option<usize> {
        self.input.iter().position(|&b| b == b'\n')
    }

    fn line_ends(&mut self) {
        if let Some(eol) = self.first_eol() {
            self.replace((eol, eol + 1), b"\r\n", "a CRLF line end".into());
        }
        let n = self.input.len();
        if self.input.ends_with(b"\n") {
            self.replace((n - 1, n), b"", "no line end at the end of the file".into());
        }
        self.replace((n, n), b"\n", "an empty line at the end of the file".into());
    }

    fn spaces(&mut self) {
        let eol = self.first_eol().unwrap_or(self.input.len());
        self.replace((eol, eol), b" ", "a space at the end of the line".into());
        self.replace((0, 0), b" ", "a space at the start of the line".into());
        if let Some(space) = self.input.iter().position(|&b| b == b' ') {
            let at = (space, space + 1);
            self.replace(at, b"  ", "two spaces between tokens".into());
            self.replace(at, b"\t", "a tab between tokens".into());
        }
    }

    fn tokens(&mut self) {
        let all: Vec<(usize, usize)> = tokens(self.input).collect();
        let Some(&last) = all.last() else { return };
        // The first line's last token, with the space before it.
        let eol = self.first_eol().unwrap_or(self.input.len());
        if let Some(&(start, end)) = all.iter().rev().find(|t| t.1 <= eol) {
            let from = if start > 0 && self.input[start - 1] == b' ' {
                start - 1
            } else {
                start
            };
            self.replace((from, end), b"", "the line's last token removed".into());
            let copy = [b" ", &self.input[start..end]].concat();
            self.replace(
                (end, end),
                &copy,
                "a token too many at the end of the line".into(),
            );
        }
        let (start, end) = last;
        let from = if start > 0 && self.input[start - 1] == b' ' {
            start - 1
        } else {
            start
        };
        self.replace((from, end), b"", "the file's last token removed".into());
        // A copy of the last line after it.
        let line_start = self.input[..start]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let n = self.input.len();
        let mut line = self.input[line_start..end].to_vec();
        if !self.input.ends_with(b"\n") {
            line.insert(0, b'\n');
        } else {
            line.push(b'\n');
        }
        self.replace((n, n), &line, "the last line twice".into());
    }

    /// The first token, the number of cases, one more and one less.
    fn case_count(&mut self) {
        let Some((start, end)) = tokens(self.input).next() else {
            return;
        };
        let Ok(count) = std::str::from_utf8(&self.input[start..end])
            .unwrap_or("")
            .parse::<i128>()
        else {
            return;
        };
        for (value, what) in [(count + 1, "one case more"), (count - 1, "one case less")] {
            let said = format!("the case count {value} ({what} than the input holds)");
            self.replace((start, end), value.to_string().as_bytes(), said);
        }
    }

    /// The read value just below and just above its bounds.
    fn bounds(&mut self, read: &Read) {
        let token = String::from_utf8_lossy(&self.input[read.start..read.end]).to_string();
        let (below, above) = match (read.lo.parse::<i128>(), read.hi.parse::<i128>()) {
            (Ok(lo), Ok(hi)) => ((lo - 1).to_string(), (hi + 1).to_string()),
            _ => match (read.lo.parse::<f64>(), read.hi.parse::<f64>()) {
                (Ok(lo), Ok(hi)) => {
                    let decimals = token.split_once('.').map_or(0, |(_, d)| d.len());
                    (
                        format!("{:.decimals$}", lo - 1.0),
                        format!("{:.decimals$}", hi + 1.0),
                    )
                }
                _ => return,
            },
        };
        let bounds = format!("[{}, {}]", read.lo, read.hi);
        for (value, side) in [(below, "below"), (above, "above")] {
            let what = format!(
                "{} = {value}, {side} its bounds {bounds}",
                shown(&read.name)
            );
            self.replace((read.start, read.end), value.as_bytes(), what);
        }
    }

    /// An integer token with a leading zero, a plus sign, or a zero with a
    /// minus sign.
    fn signs(&mut self, start: usize, end: usize, name: &str) {
        let token = String::from_utf8_lossy(&self.input[start..end]).to_string();
        let digits = token.strip_prefix('-').unwrap_or(&token);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return;
        }
        let name = shown(name);
        let negative = token.starts_with('-');
        let zeroed = match negative {
            true => format!("-0{digits}"),
            false => format!("0{digits}"),
        };
        self.replace(
            (start, end),
            zeroed.as_bytes(),
            format!("{name} with a leading zero"),
        );
        if !negative {
            let plus = format!("+{token}");
            self.replace(
                (start, end),
                plus.as_bytes(),
                format!("{name} with a plus sign"),
            );
        }
        if token == "0" {
            self.replace((start, end), b"-0", format!("{name} as -0"));
        }
    }
}

/// A value's name as a message shows it.
fn shown(name: &str) -> String {
    match name {
        "" => "a value".to_string(),
        _ => name.to_string(),
    }
}

/// Checks the reads against the input they came from: a log that does
/// not fit it is the validator's fault, not a mutation to make.
pub fn check_reads(reads: &[Read], input: &[u8]) -> Result<()> {
    for read in reads {
        if read.start >= read.end || read.end > input.len() {
            bail!(
                "the reads log names bytes {}..{} of an input of {} bytes",
                read.start,
                read.end,
                input.len()
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn made(input: &str, known: Known) -> Vec<(String, usize, String)> {
        mutations(input.as_bytes(), known)
            .into_iter()
            .map(|m| {
                let mutated = m.apply(input.as_bytes());
                (m.what, m.line, String::from_utf8(mutated).unwrap())
            })
            .collect()
    }

    #[test]
    fn every_format_free_change_once() {
        let all = made("2\n1 5\n", Known::default());
        let inputs: Vec<&str> = all.iter().map(|m| m.2.as_str()).collect();
        assert_eq!(
            inputs,
            [
                "2\r\n1 5\n",
                "2\n1 5",
                "2\n1 5\n\n",
                "2 \n1 5\n",
                " 2\n1 5\n",
                "2\n1  5\n",
                "2\n1\t5\n",
                "\n1 5\n",
                "2 2\n1 5\n",
                "2\n1\n",
                "2\n1 5\n1 5\n",
                "02\n1 5\n",
                "+2\n1 5\n",
            ]
        );
        // Lines are the valid input's.
        let tab = all.iter().find(|m| m.0 == "a tab between tokens").unwrap();
        assert_eq!(tab.1, 2);
    }

    #[test]
    fn each_bounded_value_just_outside_once_and_the_count_off_by_one() {
        let input = "2\n0 7\n";
        let reads = parse_reads("0 1 1 10 T\n2 3 0 9 a\n4 5 0 9 a\n").unwrap();
        check_reads(&reads, input.as_bytes()).unwrap();
        let known = Known {
            reads: Some(&reads),
            counted_cases: true,
        };
        let all = made(input, known);
        let find = |what: &str| {
            let m = all
                .iter()
                .find(|m| m.0 == what)
                .unwrap_or_else(|| panic!("{what}: {all:?}"));
            (m.1, m.2.clone())
        };
        assert_eq!(
            find("T = 0, below its bounds [1, 10]"),
            (1, "0\n0 7\n".into())
        );
        assert_eq!(
            find("T = 11, above its bounds [1, 10]"),
            (1, "11\n0 7\n".into())
        );
        assert_eq!(
            find("a = -1, below its bounds [0, 9]"),
            (2, "2\n-1 7\n".into())
        );
        assert_eq!(
            find("a = 10, above its bounds [0, 9]"),
            (2, "2\n10 7\n".into())
        );
        assert_eq!(find("a as -0"), (2, "2\n-0 7\n".into()));
        assert_eq!(
            find("the case count 3 (one case more than the input holds)").1,
            "3\n0 7\n"
        );
        // The second `a` is not mutated again: one per value.
        assert!(!all.iter().any(|m| m.2 == "2\n0 -1\n"), "{all:?}");
        let unique: std::collections::BTreeSet<&String> = all.iter().map(|m| &m.2).collect();
        assert_eq!(unique.len(), all.len());
    }

    #[test]
    fn a_log_that_does_not_fit_is_refused() {
        let reads = parse_reads("0 9 1 2 n\n").unwrap();
        assert!(check_reads(&reads, b"1\n").is_err());
        assert!(parse_reads("0 x 1 2 n\n").is_err());
    }
}
