//! Shared by the certification tests: running a checker binary on texts,
//! and reporting how many states were checked.

#![allow(dead_code)]

use std::io::Write;
use std::process::Command;

/// A checker's verdict: its exit code and its message.
#[derive(Debug)]
pub struct Verdict {
    pub code: i32,
    pub message: String,
}

impl Verdict {
    /// Asserts the exit code (0 OK, 1 WA, 2 PE, 3 FAIL) and that the message
    /// contains `part`.
    pub fn expect(&self, code: i32, part: &str) {
        assert_eq!(self.code, code, "exit code of: {}", self.message);
        assert!(
            self.message.contains(part),
            "{:?} does not contain {part:?}",
            self.message
        );
    }
}

/// Runs `checker input output answer` on the given texts.
pub fn check(checker: &str, input: &str, output: &str, answer: &str) -> Verdict {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        ("input.txt", input),
        ("output.txt", output),
        ("answer.txt", answer),
    ];
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let out = Command::new(checker)
        .args(files.map(|(name, _)| dir.path().join(name)))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    Verdict {
        code: out.status.code().unwrap_or(-1),
        message: String::from_utf8_lossy(&out.stderr).trim().to_string(),
    }
}

/// Prints how many states a certification checked, past the test harness's
/// output capture, so that it shows in every run.
pub fn report(problem: &str, what: &str) {
    let mut err = std::io::stderr().lock();
    writeln!(err, "certified {problem}: {what}").unwrap();
}

fn lines(words: &[&str]) -> String {
    words.iter().map(|w| format!("{w}\n")).collect()
}

/// Runs a First/Second checker on the wrong shapes of answer every such
/// checker must reject, derived from the right answer `words` (one word per
/// case, at least two cases) to `input`: a wrong winner in the first and the
/// last case (WA naming it), a word that is not First or Second (PE naming
/// the case), a missing case, an extra word, an empty output (PE), and a
/// broken answer file (FAIL). Any whitespace between the words is accepted.
pub fn first_second_shapes(checker: &str, input: &str, words: &[&str]) {
    let n = words.len();
    assert!(n >= 2, "give at least two cases");
    let answer = lines(words);
    let run = |output: &str| check(checker, input, output, &answer);
    let flip = |w: &str| if w == "First" { "Second" } else { "First" };

    run(&words.join(" \r\n\t")).expect(0, &format!("{n} case(s)"));
    for k in [0, n - 1] {
        let mut wrong = words.to_vec();
        wrong[k] = flip(words[k]);
        run(&lines(&wrong)).expect(
            1,
            &format!("case {}: expected {}, found {}", k + 1, words[k], wrong[k]),
        );
    }
    let mut garbage = words.to_vec();
    garbage[1] = "second";
    run(&lines(&garbage)).expect(2, "case 2: expected First or Second, found second");
    run(&lines(&words[..n - 1])).expect(2, "Unexpected end of file");
    run(&format!("{answer}First\n")).expect(2, "Extra information");
    run("").expect(2, "Unexpected end of file");
    let mut broken = words.to_vec();
    broken[1] = "Draw";
    check(checker, input, &answer, &lines(&broken)).expect(3, "answer");
}

/// A fixed linear congruential sequence, so that random certification runs
/// are the same on every machine.
pub struct Lcg(pub u64);

impl Lcg {
    /// The next number below `bound`.
    pub fn below(&mut self, bound: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % bound
    }
}

/// Every list of 1..=`piles` piles, each of a size in `sizes`.
pub fn pile_lists(piles: usize, sizes: std::ops::RangeInclusive<u64>) -> Vec<Vec<u64>> {
    let mut lists = vec![];
    let mut layer: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..piles {
        layer = layer
            .iter()
            .flat_map(|list| {
                sizes.clone().map(move |a| {
                    let mut next = list.clone();
                    next.push(a);
                    next
                })
            })
            .collect();
        lists.extend(layer.iter().cloned());
    }
    lists
}
