//! ncmp: compares ordered sequences of signed 64-bit integers.
use testlib::Held;
use testlib::prelude::*;

/// How the two sequences compare.
enum Compared {
    /// The `n`th numbers differ: the answer's `j`, the output's `p`.
    Differ { n: i64, j: i64, p: i64 },
    /// The first `n` agree, and then the answer has `extra` more.
    AnswerLonger { n: i64, extra: i64 },
    /// The first `n` agree, and then the output has `extra` more.
    OutputLonger { n: i64, extra: i64 },
    /// All `n` agree; the first five of them.
    Same { n: i64, first: String },
}

/// Reads both sequences, each held for the whole loop (no lock a read).
fn compare(ans: &mut Held, ouf: &mut Held) -> Compared {
    let mut n: i64 = 0;
    let mut first = String::new();
    while !ans.seek_eof() && !ouf.seek_eof() {
        n += 1;
        let j = ans.read_long();
        let p = ouf.read_long();
        if j != p {
            return Compared::Differ { n, j, p };
        }
        if n <= 5 {
            if !first.is_empty() {
                first.push(' ');
            }
            first.push_str(&j.to_string());
        }
    }
    let mut extra_in_ans: i64 = 0;
    while !ans.seek_eof() {
        ans.read_long();
        extra_in_ans += 1;
    }
    let mut extra_in_ouf: i64 = 0;
    while !ouf.seek_eof() {
        ouf.read_long();
        extra_in_ouf += 1;
    }
    if extra_in_ans > 0 {
        return Compared::AnswerLonger {
            n,
            extra: extra_in_ans,
        };
    }
    if extra_in_ouf > 0 {
        return Compared::OutputLonger {
            n,
            extra: extra_in_ouf,
        };
    }
    Compared::Same { n, first }
}

pub fn main() {
    let Checker { ouf, ans, .. } = register_checker();
    // The streams are let go before the verdict, which may look at them.
    let compared = compare(&mut ans.hold(), &mut ouf.hold());
    match compared {
        Compared::Differ { n, j, p } => quitf!(
            WA,
            "{n}{} numbers differ - expected: '{j}', found: '{p}'",
            english_ending(n)
        ),
        Compared::AnswerLonger { n, extra } => quitf!(
            WA,
            "Answer contains longer sequence [length = {}], but output contains {n} elements",
            n + extra
        ),
        Compared::OutputLonger { n, extra } => quitf!(
            WA,
            "Output contains longer sequence [length = {}], but answer contains {n} elements",
            n + extra
        ),
        Compared::Same { n, first } if n <= 5 => {
            quitf!(OK, "{n} number(s): \"{}\"", compress(first.as_bytes()))
        }
        Compared::Same { n, .. } => quitf!(OK, "{n} numbers"),
    }
}
