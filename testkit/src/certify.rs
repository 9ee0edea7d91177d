//! The checkers' certification: running a checker (a Rust binary, its
//! path given by the test, or its C++ twin on testlib.h, [`cpp`]) on
//! texts, the wrong shapes every First/Second checker must reject, and
//! reporting how many states were checked.

use std::io::Write;
use std::process::Command;

use crate::cpp;

/// A checker under certification.
#[derive(Clone, Copy, Debug)]
pub enum Checker {
    /// A Rust checker binary (its path, from `CARGO_BIN_EXE_<name>`).
    Rust(&'static str),
    /// The C++ twin `checkers/cpp/<name>.cpp` of a Rust checker, built on
    /// testlib.h when first run (see [`cpp`]).
    Cpp(&'static str),
}

impl Checker {
    /// Which checker this is, for the certification reports.
    pub fn describe(&self) -> String {
        match self {
            Checker::Rust(path) => {
                let name = std::path::Path::new(path).file_name().unwrap();
                format!("Rust {}", name.to_string_lossy())
            }
            Checker::Cpp(name) => format!("C++ {name}.cpp on {}", cpp::testlib().describe()),
        }
    }
}

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

/// Runs `checker` on the given texts (for a Rust checker,
/// `checker input output answer`; a C++ one is called the way its testlib.h
/// wants, see [`cpp::run_checker`]). Either way the exit code is testlib's;
/// the temporary folder of the files is written `<tmp>` in the message, so
/// that two runs' messages compare.
pub fn check(checker: &Checker, input: &str, output: &str, answer: &str) -> Verdict {
    let dir = tempfile::tempdir().unwrap();
    let files = [
        ("input.txt", input),
        ("output.txt", output),
        ("answer.txt", answer),
    ];
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).unwrap();
    }
    let [input, output, answer] = files.map(|(name, _)| dir.path().join(name));
    let (code, message) = match checker {
        Checker::Rust(path) => {
            let out = Command::new(path)
                .args([input, output, answer])
                .env("NO_COLOR", "1")
                .output()
                .unwrap();
            let message = String::from_utf8_lossy(&out.stderr).trim().to_string();
            (out.status.code().unwrap_or(-1), message)
        }
        Checker::Cpp(name) => {
            let program = cpp::build(&format!("checkers/cpp/{name}.cpp"));
            let out = cpp::run_checker(&program, &input, &output, &answer, dir.path());
            (out.code, out.message)
        }
    };
    let message = message.replace(&*dir.path().to_string_lossy(), "<tmp>");
    Verdict { code, message }
}

/// A message without the verdict testlib puts first (the C++ checker on
/// DOMjudge's testlib.h writes none in its feedback file).
pub fn message_body(message: &str) -> &str {
    let verdicts = [
        "ok ",
        "wrong answer ",
        "wrong output format ",
        "FAIL ",
        "points ",
    ];
    let message = message.trim();
    verdicts
        .iter()
        .find_map(|v| message.strip_prefix(v))
        .unwrap_or(message)
        .trim()
}

/// Runs two checkers (the Rust one and its C++ twin) on each
/// `(input, output, answer)` and asserts that they give the same exit code
/// and the same message; returns how many runs ended with each exit code
/// (0 OK, 1 WA, 2 PE, 3 FAIL).
pub fn same_verdicts(a: &Checker, b: &Checker, runs: &[(String, String, String)]) -> [usize; 4] {
    let mut seen = [0; 4];
    for (input, output, answer) in runs {
        let (x, y) = (
            check(a, input, output, answer),
            check(b, input, output, answer),
        );
        assert_eq!(
            (x.code, message_body(&x.message)),
            (y.code, message_body(&y.message)),
            "{} and {} differ on output {output:?} (input {input:?}, answer {answer:?})",
            a.describe(),
            b.describe()
        );
        seen[x.code.clamp(0, 3) as usize] += 1;
    }
    seen
}

/// Prints how many states a certification checked, past the test harness's
/// output capture, so that it shows in every run.
pub fn report(problem: &str, what: &str) {
    let mut err = std::io::stderr().lock();
    writeln!(err, "certified {problem}: {what}").unwrap();
}

/// [`report`] for a certification of one checker, naming it.
pub fn report_checker(checker: &Checker, problem: &str, what: &str) {
    report(&format!("{problem} [{}]", checker.describe()), what);
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
pub fn first_second_shapes(checker: &Checker, input: &str, words: &[&str]) {
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
