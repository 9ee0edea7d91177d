//! Shared by testlib's standard checkers that differ only in a parameter:
//! rcmp/acmp/dcmp and rcmp4/rcmp6/rcmp9 (the precision), fcmp/lcmp (how two
//! lines compare), caseicmp/casencmp/casewcmp (what a case holds).

use testlib::prelude::*;
use testlib::{double_compare, double_delta, fixed};

/// Compares sequences of doubles with absolute or relative error `eps`,
/// showing numbers with `decimals` digits (rcmp4, rcmp6, rcmp9).
pub fn compare_doubles(eps: f64, decimals: usize) -> ! {
    let Checker { ouf, ans, .. } = register_checker();
    let f = |x: f64| fixed(x, decimals);
    let mut n: i64 = 0;
    let (mut j, mut p) = (0.0, 0.0);
    while !ans.seek_eof() {
        n += 1;
        j = ans.read_double();
        p = ouf.read_double();
        if !double_compare(j, p, eps) {
            quitf!(
                WA,
                "{n}{} numbers differ - expected: '{}', found: '{}', error = '{}'",
                english_ending(n),
                f(j),
                f(p),
                f(double_delta(j, p))
            );
        }
    }
    if n == 1 {
        quitf!(
            OK,
            "found '{}', expected '{}', error '{}'",
            f(p),
            f(j),
            f(double_delta(j, p))
        );
    }
    quitf!(OK, "{n} numbers");
}

/// Compares one double: `differ` decides whether the output is too far from
/// the answer (rcmp, acmp, dcmp). It is written as testlib's condition, so
/// that NaN comparisons come out the same (`inf - inf` is NaN, and
/// `fabs(NaN) > eps` is false: equal infinities are accepted).
pub fn compare_one_double(differ: impl Fn(f64, f64) -> bool) -> ! {
    let Checker { ouf, ans, .. } = register_checker();
    let ja = ans.read_double();
    let pa = ouf.read_double();
    quitif!(
        differ(ja, pa),
        WA,
        "expected {}, found {}",
        fixed(ja, 10),
        fixed(pa, 10)
    );
    quitf!(OK, "answer is {}", fixed(ja, 10));
}

/// Compares files line by line with `same` (fcmp, lcmp); a single accepted
/// line is shown as the output's line if `show_output`, else the answer's.
pub fn compare_lines(same: impl Fn(&[u8], &[u8]) -> bool, show_output: bool) -> ! {
    let Checker { ouf, ans, .. } = register_checker();
    let mut n: i64 = 0;
    let mut last = Vec::new();
    while !ans.eof() {
        let j = ans.read_line();
        if j.is_empty() && ans.eof() {
            break;
        }
        let p = ouf.read_line();
        n += 1;
        if !same(&j, &p) {
            quitf!(
                WA,
                "{n}{} lines differ - expected: '{}', found: '{}'",
                english_ending(n),
                compress(&j),
                compress(&p)
            );
        }
        last = if show_output { p } else { j };
    }
    if n == 1 {
        quitf!(OK, "single line: '{}'", compress(&last));
    }
    quitf!(OK, "{n} lines");
}

/// Reads the header `[Case] <case>:` of test case `case`; the word `Case`
/// is skipped when it was already read. A malformed header is the stream's
/// PE: a presentation error in the output, FAIL naming the answer file.
pub fn read_case_header(stream: &InStream, case: i64, case_word_read: bool) {
    if !case_word_read {
        let word = stream.read_token();
        if word != b"Case" {
            stream.quit(
                PE,
                format_args!(
                    "Expected 'Case' but found '{}' [test case {case}]",
                    compress(&word)
                ),
            );
        }
    }
    let label = format!("{case}:");
    let number = stream.read_token();
    if number != label.as_bytes() {
        stream.quit(
            PE,
            format_args!(
                "Expected '{label}' but found '{}' [test case {case}]",
                compress(&number)
            ),
        );
    }
}

/// Reads the rest of test case `case` (`[Case] <case>: <items>`) up to the
/// next `Case`, which it consumes and notes in `preread`. As in testlib,
/// `preread` is never reset.
fn read_case<T>(
    stream: &InStream,
    case: i64,
    preread: &mut bool,
    item: &impl Fn(&InStream, Vec<u8>) -> T,
) -> Vec<T> {
    read_case_header(stream, case, *preread);
    let mut items = Vec::new();
    while !stream.seek_eof() {
        let token = stream.read_token();
        if token == b"Case" {
            *preread = true;
            break;
        }
        items.push(item(stream, token));
    }
    items
}

/// Compares `Case i: ...` test cases; `item` turns a token into an item and
/// `describe` shows a case's items in messages (casencmp, casewcmp).
pub fn compare_cases<T: PartialEq>(
    item: impl Fn(&InStream, Vec<u8>) -> T,
    describe: impl Fn(&[T]) -> String,
) -> ! {
    let Checker { ouf, ans, .. } = register_checker();
    let mut case: i64 = 0;
    let (mut ans_preread, mut ouf_preread) = (false, false);
    while !ans.seek_eof() {
        case += 1;
        let ja = read_case(&ans, case, &mut ans_preread, &item);
        let pa = read_case(&ouf, case, &mut ouf_preread, &item);
        if ja != pa {
            quitf!(
                WA,
                "Sequences differ: jury has {}, but participant has {} [test case {case}]",
                describe(&ja),
                describe(&pa)
            );
        }
    }
    quitf!(OK, "{case} test cases(s)");
}
