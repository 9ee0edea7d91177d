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

/// How many numbers a batch reads from each stream.
const BATCH: usize = 256;

/// One sequence: the numbers a batch read ahead of the other sequence, then
/// the rest of the stream.
struct Sequence<'h, 'a> {
    ahead: &'h [i64],
    stream: &'h mut Held<'a>,
}

impl Sequence<'_, '_> {
    fn at_end(&mut self) -> bool {
        self.ahead.is_empty() && self.stream.seek_eof()
    }

    fn next(&mut self) -> i64 {
        match self.ahead.split_first() {
            Some((&value, rest)) => {
                self.ahead = rest;
                value
            }
            None => self.stream.read_long(),
        }
    }
}

/// Reads both sequences, each held for the whole loop (no lock a read).
/// Batches of plain numbers are compared first; the rest (an end, or a
/// token for `read_long` to read or fail on) number by number, in the
/// order a number-by-number loop would have met it.
fn compare(ans: &mut Held, ouf: &mut Held) -> Compared {
    let mut n: i64 = 0;
    let mut first = String::new();
    // The first five numbers, for the message.
    let mut seen = |j: i64| {
        if !first.is_empty() {
            first.push(' ');
        }
        first.push_str(&j.to_string());
    };
    let (mut js, mut ps) = ([0i64; BATCH], [0i64; BATCH]);
    let (mut in_js, mut in_ps) = (0, 0);
    loop {
        in_js += ans.read_plain_longs(&mut js[in_js..]);
        in_ps += ouf.read_plain_longs(&mut ps[in_ps..]);
        let both = in_js.min(in_ps);
        for (&j, &p) in js[..both].iter().zip(&ps[..both]) {
            n += 1;
            if j != p {
                return Compared::Differ { n, j, p };
            }
            if n <= 5 {
                seen(j);
            }
        }
        // What one side read beyond the other waits for the next round.
        js.copy_within(both..in_js, 0);
        ps.copy_within(both..in_ps, 0);
        (in_js, in_ps) = (in_js - both, in_ps - both);
        if both == 0 {
            break;
        }
    }
    let mut ans = Sequence {
        stream: ans,
        ahead: &js[..in_js],
    };
    let mut ouf = Sequence {
        stream: ouf,
        ahead: &ps[..in_ps],
    };
    while !ans.at_end() && !ouf.at_end() {
        n += 1;
        let j = ans.next();
        let p = ouf.next();
        if j != p {
            return Compared::Differ { n, j, p };
        }
        if n <= 5 {
            seen(j);
        }
    }
    let mut extra_in_ans: i64 = 0;
    while !ans.at_end() {
        ans.next();
        extra_in_ans += 1;
    }
    let mut extra_in_ouf: i64 = 0;
    while !ouf.at_end() {
        ouf.next();
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
