//! What a validator records while it reads (bounds hit, features, the input
//! and where its test cases start) and writes when it exits cleanly: the
//! overview log, the markup and one test case. Apart from the validator, so
//! that the streams below it can record their reads.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::sync::{Mutex, MutexGuard};

use crate::runtime::{self, fail};

/// testlib tracks at most this many names in each part of the overview log.
const MAX_TRACKED_NAMES: usize = 255;

/// Where each test case starts in the input: (byte offset, case number).
pub(crate) type CaseMarks = Vec<(u64, i32)>;

/// What a validator records for its exit-time outputs.
#[derive(Debug, Default)]
pub(crate) struct ValidatorState {
    pub(crate) overview_log: Option<String>,
    pub(crate) markup: Option<String>,
    pub(crate) test_case: Option<i32>,
    pub(crate) test_case_file: Option<String>,
    /// Where to write the reads log ([`crate::READS_LOG`]).
    pub(crate) reads_log: Option<String>,
    /// A line per bounded read: `start end lo hi name` (bytes of the input).
    reads: String,
    /// Variable → (minimum hit, maximum hit).
    hits: BTreeMap<String, (bool, bool)>,
    /// Variable → (lower, upper) bound, `None` once different bounds were used.
    constant_bounds: BTreeMap<String, (Option<String>, Option<String>)>,
    /// Every name read in strict mode: numbers, tokens, lines, sequences.
    variables: BTreeSet<String>,
    pub(crate) features: BTreeSet<String>,
    pub(crate) hit_features: BTreeSet<String>,
    /// The input read, and where each test case starts in it.
    consumed: Option<(Vec<u8>, CaseMarks)>,
}

/// Returns true if and only if a variable name takes part in the overview:
/// names with digits or control characters do not.
fn is_trackable(name: &str) -> bool {
    !name.bytes().any(|b| b.is_ascii_digit() || b < b' ')
}

/// testlib's `~` syntax: `~n` ignores the lower bound, `n~` the upper, `~n~`
/// both; the tildes are not part of the logged name.
fn tilde(name: &str) -> (&str, bool, bool) {
    if name.len() < 2 || name == "~~" {
        return (name, false, false);
    }
    let (lo, hi) = (name.starts_with('~'), name.ends_with('~'));
    let start = usize::from(lo);
    let end = name.len() - usize::from(hi);
    (&name[start..end], lo, hi)
}

fn write_to(target: &str, content: &[u8], what: &str) {
    let result = match target {
        "stdout" => std::io::stdout()
            .write_all(content)
            .and_then(|_| std::io::stdout().flush()),
        "stderr" => std::io::stderr().write_all(content),
        path => std::fs::write(path, content),
    };
    if result.is_err() {
        fail(format!("Validator::{what}: can't write to ({target})"));
    }
}

impl ValidatorState {
    const fn new() -> ValidatorState {
        ValidatorState {
            overview_log: None,
            markup: None,
            test_case: None,
            test_case_file: None,
            reads_log: None,
            reads: String::new(),
            hits: BTreeMap::new(),
            constant_bounds: BTreeMap::new(),
            variables: BTreeSet::new(),
            features: BTreeSet::new(),
            hit_features: BTreeSet::new(),
            consumed: None,
        }
    }

    /// Records that `name` was read (testlib's `addVariable`).
    fn add_variable(&mut self, name: &str) {
        if !is_trackable(name) || self.variables.len() >= MAX_TRACKED_NAMES {
            return;
        }
        self.variables.insert(tilde(name).0.to_string());
    }

    /// Records that `name` was read with bounds `[lo, hi]`.
    fn add_bounds_hit(&mut self, name: &str, min_hit: bool, max_hit: bool, lo: String, hi: String) {
        if !is_trackable(name) {
            return;
        }
        // A read with bounds is also a variable read (testlib adds both).
        self.add_variable(name);
        let (prepared, ignore_lo, ignore_hi) = tilde(name);
        if !self.hits.contains_key(prepared) && self.hits.len() >= MAX_TRACKED_NAMES {
            return;
        }
        let entry = self.hits.entry(prepared.to_string()).or_default();
        entry.0 |= min_hit || ignore_lo;
        entry.1 |= max_hit || ignore_hi;
        let bounds = self
            .constant_bounds
            .entry(prepared.to_string())
            .or_insert_with(|| (Some(lo.clone()), Some(hi.clone())));
        if bounds.0.as_deref() != Some(lo.as_str()) {
            bounds.0 = None;
        }
        if bounds.1.as_deref() != Some(hi.as_str()) {
            bounds.1 = None;
        }
    }

    /// Records, when asked to log reads, that bytes `start..end` of the
    /// input were read as `name` with bounds `[lo, hi]`.
    fn add_read(&mut self, (start, end): (u64, u64), lo: &str, hi: &str, name: &str) {
        if self.reads_log.is_some() {
            let line = format!("{start} {end} {lo} {hi} {name}\n");
            self.reads.push_str(&line);
        }
    }

    fn set_consumed(&mut self, bytes: Vec<u8>, marks: CaseMarks) {
        self.consumed = Some((bytes, marks));
    }

    fn overview(&self) -> String {
        let mut log = String::new();
        for (name, (min, max)) in &self.hits {
            log.push_str(&format!("\"{name}\":"));
            if *min {
                log.push_str(" min-value-hit");
            }
            if *max {
                log.push_str(" max-value-hit");
            }
            log.push('\n');
        }
        for feature in &self.features {
            let hit = if self.hit_features.contains(feature) {
                " hit"
            } else {
                ""
            };
            log.push_str(&format!("feature \"{feature}\":{hit}\n"));
        }
        for (name, (lo, hi)) in &self.constant_bounds {
            if lo.is_none() && hi.is_none() {
                continue;
            }
            let side = |b: &Option<String>| b.clone().unwrap_or_else(|| "?".into());
            log.push_str(&format!(
                "constant-bounds \"{name}\": {} {}\n",
                side(lo),
                side(hi)
            ));
        }
        for name in &self.variables {
            log.push_str(&format!("variable \"{name}\"\n"));
        }
        log
    }

    /// The input with `\` and `!` escaped and `!c<N>;` where case N starts.
    fn markup(bytes: &[u8], marks: &[(u64, i32)]) -> Vec<u8> {
        let mut out = b"MU\xF3\x01".to_vec();
        let mut marks = marks.iter().peekable();
        for (i, &b) in bytes.iter().enumerate() {
            while let Some((_, case)) = marks.next_if(|(at, _)| *at <= i as u64) {
                out.extend_from_slice(format!("!c{case};").as_bytes());
            }
            if b == b'\\' || b == b'!' {
                out.push(b'\\');
            }
            out.push(b);
        }
        for (_, case) in marks {
            out.extend_from_slice(format!("!c{case};").as_bytes());
        }
        out
    }

    /// The bytes of test case `wanted`: from its mark to the next one.
    fn test_case_content(bytes: &[u8], marks: &[(u64, i32)], wanted: i32) -> Vec<u8> {
        let mut result = Vec::new();
        for (k, &(start, case)) in marks.iter().enumerate() {
            if case == wanted {
                let end = marks.get(k + 1).map_or(bytes.len() as u64, |m| m.0);
                result = bytes[start as usize..end as usize].to_vec();
            }
        }
        result
    }

    /// Writes the overview log, the markup and the test case (testlib writes
    /// them in this order, after a clean exit).
    fn write_outputs(self) {
        if let Some(target) = &self.overview_log {
            write_to(target, self.overview().as_bytes(), "writeTestOverviewLog");
        }
        if let Some(target) = &self.reads_log {
            write_to(target, self.reads.as_bytes(), "writeReadsLog");
        }
        let Some((bytes, marks)) = &self.consumed else {
            return;
        };
        if let Some(target) = &self.markup
            && (!bytes.is_empty() || !marks.is_empty())
        {
            write_to(
                target,
                &ValidatorState::markup(bytes, marks),
                "writeTestMarkup",
            );
        }
        if let Some(case) = self.test_case {
            let content = ValidatorState::test_case_content(bytes, marks, case);
            if !content.is_empty() {
                let target = self.test_case_file.as_deref().unwrap_or("stdout");
                write_to(target, &content, "writeTestCase");
            }
        }
    }
}

static LOG: Mutex<ValidatorState> = Mutex::new(ValidatorState::new());

/// The validator's records, locked.
pub(crate) fn log() -> MutexGuard<'static, ValidatorState> {
    runtime::lock(&LOG)
}

/// Records that `name` was read with bounds `[lo, hi]` (strict reads).
pub(crate) fn add_variable(name: &str) {
    log().add_variable(name);
}

/// Records a strict read of `name` with bounds `[lo, hi]` from the bytes
/// `span` of the input: for the reads log, and (a named one) the bounds hit.
pub(crate) fn add_bounded_read(
    name: &str,
    (min_hit, max_hit): (bool, bool),
    lo: String,
    hi: String,
    span: (u64, u64),
) {
    let mut log = log();
    log.add_read(span, &lo, &hi, name);
    if !name.is_empty() {
        log.add_bounds_hit(name, min_hit, max_hit, lo, hi);
    }
}

/// Records the input the validator read, once it read its end.
pub(crate) fn set_consumed(bytes: Vec<u8>, marks: CaseMarks) {
    log().set_consumed(bytes, marks);
}

/// The validator's clean-exit hook: writes its outputs. They are taken out
/// first, since a failed write ends the program from here.
pub(crate) fn write_outputs() {
    let records = std::mem::take(&mut *log());
    records.write_outputs();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tilde_names() {
        assert_eq!(tilde("~t"), ("t", true, false));
        assert_eq!(tilde("n~"), ("n", false, true));
        assert_eq!(tilde("~t~"), ("t", true, true));
        assert_eq!(tilde("~"), ("~", false, false));
        assert_eq!(tilde("~~"), ("~~", false, false));
        assert!(!is_trackable("l0"));
        assert!(is_trackable("a_i"));
    }

    #[test]
    fn markup_escapes_and_marks() {
        let marks = [(2, 1), (4, 2)];
        assert_eq!(
            ValidatorState::markup(b"1\n!\\\n", &marks),
            b"MU\xF3\x011\n!c1;\\!\\\\!c2;\n".to_vec()
        );
        assert_eq!(
            ValidatorState::test_case_content(b"2\nab\ncd\n", &[(2, 1), (5, 2)], 2),
            b"cd\n"
        );
    }
}
