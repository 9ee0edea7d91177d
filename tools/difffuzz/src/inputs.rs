//! Random small files: tokens in the spellings where readers disagree most
//! (limits, dangling exponents, special bytes), laid out in lines with varied
//! blanks, then mutated the way wrong outputs usually are.

use crate::rng::Rng;

pub type Token = Vec<u8>;
/// A file as lines of tokens, before blanks are chosen.
pub type Doc = Vec<Vec<Token>>;

/// Integers at and one past the i32/i64/u64 limits, odd signs and zeros.
pub const INT_SPELLINGS: &[&str] = &[
    "0",
    "-0",
    "+0",
    "00",
    "1",
    "-1",
    "+5",
    "007",
    "-007",
    "2147483647",
    "2147483648",
    "-2147483648",
    "-2147483649",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999",
    "-99999999999999999999",
    "1000000000000000",
    "-1000000000000000",
    "1000000000000001",
    "-1000000000000001",
    "100000",
    "100001",
    "1e5",
    "1.0",
    "0x10",
    "--1",
    "-",
    "+",
    "1-",
    "12a",
];

/// Doubles in every spelling strtod and testlib's own parser may disagree on.
pub const DOUBLE_SPELLINGS: &[&str] = &[
    "1e",
    "1e+",
    "1e-",
    "1E",
    ".5",
    "5.",
    ".5e",
    "-0.5e",
    "5.e",
    "1E5",
    "1e+5",
    "1e-5",
    "1e400",
    "-1e400",
    "1e-400",
    "-1e-400",
    "nan",
    "NaN",
    "-nan",
    "inf",
    "-inf",
    "INF",
    "Infinity",
    "-0",
    "-0.0",
    "0.0",
    "+0",
    "0x1p3",
    "0X1P-1",
    "0x",
    "0.12345678901234567890123456789",
    "12345678901234567890123",
    "-12345678901234567890.5",
    "1.7976931348623157e308",
    "1.8e308",
    "4.9e-324",
    "2e-324",
    "-0.00000000001",
    "0.00000000001",
    "-1e-11",
    "1.000001",
    "0.999999",
    "1.0000010001",
    "0.9999989999",
    "+.5",
    "-.5",
    "..5",
    "5..",
    "e5",
    ".",
    "-.",
    "1e5e",
    "1,5",
    "1.5f",
    "+-1",
    "1e+-5",
    "00001.5",
    "1e0000000000000000000005",
];

/// Sets of spellings of one value: an answer and an output drawn from one set
/// must compare equal (equal infinities, signed zeros, hex floats).
pub const DOUBLE_EQUALS: &[&[&str]] = &[
    &[
        "inf", "INF", "1e400", "1e999", "Infinity", "+inf", "1.8e308",
    ],
    &["-inf", "-INF", "-1e400", "-Infinity", "-1.8e308"],
    &[
        "0",
        "-0",
        "0.0",
        "-0.0",
        "1e-400",
        "-1e-400",
        "0e5",
        ".0",
        "0.",
        "-0.00000000001",
        "0.00000000001",
    ],
    &["nan", "NaN", "-nan", "NAN"],
    &[
        ".5",
        "0.5",
        "5e-1",
        "0.50",
        "+.5",
        "5E-1",
        "0x1p-1",
        "0.5000000001",
        "0.4999999999",
    ],
    &["8", "0x1p3", "8.0", "8e0", "80e-1", "8.000001", "7.999999"],
    &[
        "1",
        "1.000001",
        "0.999999",
        "1.0000010001",
        "0.9999989999",
        "1.0000000001",
        "1e0",
    ],
];

pub const YES_NO: &[&str] = &[
    "yes", "no", "YES", "NO", "Yes", "No", "yEs", "nO", "ye", "yess", "y", "n", "noo", "yes.", "ja",
];

/// Bytes that readers treat specially, or that end up in quoted messages.
pub const SPECIAL_BYTES: &[u8] = &[
    0, 0xff, b'\r', b'\t', 0x0b, 0x0c, 0x7f, 0x80, 0x1a, b'\'', b'"', b'%',
];

pub const BOM: &[u8] = b"\xef\xbb\xbf";

fn digits(rng: &mut Rng, n: usize) -> Vec<u8> {
    (0..n).map(|_| b'0' + rng.below(10) as u8).collect()
}

/// An integer token: a listed spelling or random digits with a random sign.
pub fn int_token(rng: &mut Rng) -> Token {
    match rng.below(10) {
        0..=3 => rng.pick(INT_SPELLINGS).as_bytes().to_vec(),
        4..=6 => rng.range(-20, 20).to_string().into_bytes(),
        _ => {
            let mut t = Vec::new();
            match rng.below(6) {
                0 => t.push(b'-'),
                1 => t.push(b'+'),
                _ => {}
            }
            let n = 1 + rng.below(22);
            t.extend(digits(rng, n));
            t
        }
    }
}

/// A double token: listed spellings, or one composed of random parts so that
/// every mix of sign, mantissa, point and exponent shows up.
pub fn double_token(rng: &mut Rng) -> Token {
    match rng.below(10) {
        0..=3 => rng.pick(DOUBLE_SPELLINGS).as_bytes().to_vec(),
        4 => {
            let set = *rng.pick(DOUBLE_EQUALS);
            rng.pick(set).as_bytes().to_vec()
        }
        5 => int_token(rng),
        _ => {
            let mut t = Vec::new();
            match rng.below(5) {
                0 => t.push(b'-'),
                1 => t.push(b'+'),
                _ => {}
            }
            let int_len = [0, 1, 1, 1, 2, 3, 20][rng.below(7)];
            let n = int_len;
            t.extend(digits(rng, n));
            if rng.percent(70) {
                t.push(b'.');
                let frac = [0, 1, 2, 5, 10, 11, 25][rng.below(7)];
                t.extend(digits(rng, frac));
            }
            if rng.percent(35) {
                t.push(*rng.pick(b"eE"));
                match rng.below(3) {
                    0 => t.push(b'-'),
                    1 => t.push(b'+'),
                    _ => {}
                }
                let n = [0, 1, 2, 3][rng.below(4)];
                t.extend(digits(rng, n));
            }
            if t.is_empty() {
                t.push(b'0');
            }
            t
        }
    }
}

/// A word: letters and digits, sometimes long (messages shorten over 64
/// bytes) or holding a special byte.
pub fn word_token(rng: &mut Rng) -> Token {
    let len = match rng.below(10) {
        0 => 60 + rng.below(10),
        1 => 100 + rng.below(50),
        _ => 1 + rng.below(6),
    };
    let alphabet: &[u8] = b"abcABC019xyzXYZ-_.";
    let mut t: Token = (0..len).map(|_| *rng.pick(alphabet)).collect();
    if rng.percent(12) {
        let at = rng.below(t.len() + 1);
        t.insert(at, *rng.pick(SPECIAL_BYTES));
    }
    t
}

/// A "huge integer" for hcmp: digits with signs and leading zeros.
pub fn huge_token(rng: &mut Rng) -> Token {
    match rng.below(8) {
        0 => rng
            .pick(&[
                "0", "-0", "00", "-00", "+1", "-", "", "1a", "01", "-01", "1.0",
            ])
            .as_bytes()
            .to_vec(),
        1 => int_token(rng),
        _ => {
            let mut t = Vec::new();
            if rng.percent(30) {
                t.push(b'-');
            }
            let max = if rng.percent(10) { 80 } else { 25 };
            let n = 1 + rng.below(max);
            t.extend(digits(rng, n));
            t
        }
    }
}

pub fn yes_no_token(rng: &mut Rng) -> Token {
    let mut t = rng.pick(YES_NO).as_bytes().to_vec();
    if rng.percent(5) {
        let at = rng.below(t.len() + 1);
        t.insert(at, *rng.pick(SPECIAL_BYTES));
    }
    t
}

/// A token of any sort.
pub fn any_token(rng: &mut Rng) -> Token {
    match rng.below(5) {
        0 => int_token(rng),
        1 => double_token(rng),
        2 => yes_no_token(rng),
        _ => word_token(rng),
    }
}

/// A document of `lines` lines of up to `per_line` tokens each.
pub fn doc(rng: &mut Rng, lines: usize, per_line: usize, tok: fn(&mut Rng) -> Token) -> Doc {
    (0..lines)
        .map(|_| {
            let n = 1 + rng.below(per_line.max(1));
            (0..n).map(|_| tok(rng)).collect()
        })
        .collect()
}

/// The `Case i:` layout of the case* checkers; headers are sometimes wrong
/// (off by one, no colon, lowercase, a NUL after the colon).
pub fn case_doc(rng: &mut Rng, cases: usize, per_case: usize, tok: fn(&mut Rng) -> Token) -> Doc {
    let mut d = Doc::new();
    for i in 1..=cases {
        let mut line: Vec<Token> = case_header(rng, i);
        let n = if per_case == 1 {
            1
        } else {
            rng.below(per_case + 1)
        };
        for _ in 0..n {
            line.push(tok(rng));
        }
        d.push(line);
    }
    d
}

fn case_header(rng: &mut Rng, i: usize) -> Vec<Token> {
    let t = |s: String| s.into_bytes();
    if rng.percent(85) {
        return vec![t("Case".into()), t(format!("{i}:"))];
    }
    match rng.below(9) {
        0 => vec![t("Case".into()), t(format!("{}:", i + 1))],
        1 => vec![t("Case".into()), t(format!("{}:", i.saturating_sub(1)))],
        2 => vec![t("Case".into()), t(format!("{i}"))],
        3 => vec![t("case".into()), t(format!("{i}:"))],
        4 => vec![t("Case".into()), format!("{i}:\0").into_bytes()],
        5 => vec![t("CASE".into()), t(format!("{i}:"))],
        6 => vec![t(format!("Case{i}:"))],
        7 => vec![t("Case".into()), t(format!("0{i}:"))],
        _ => vec![t("Case".into()), t(format!("{i}")), t(":".into())],
    }
}

/// Lays a document out: blanks between tokens, line ends, a last newline or
/// not, a BOM now and then.
pub fn render(rng: &mut Rng, d: &Doc) -> Vec<u8> {
    let seps: &[&[u8]] = &[b" ", b" ", b" ", b"  ", b"\t", b" \t"];
    let sep = if rng.percent(80) {
        b" " as &[u8]
    } else {
        rng.pick(seps)
    };
    let eol: &[u8] = match rng.below(10) {
        0 => b"\r\n",
        1 => b"\r",
        _ => b"\n",
    };
    let mut out = Vec::new();
    if rng.percent(3) {
        out.extend_from_slice(BOM);
    }
    if rng.percent(5) {
        out.extend_from_slice(eol);
    }
    for (i, line) in d.iter().enumerate() {
        if rng.percent(3) {
            out.push(b' ');
        }
        for (j, tok) in line.iter().enumerate() {
            if j > 0 {
                out.extend_from_slice(sep);
            }
            out.extend_from_slice(tok);
        }
        if rng.percent(4) {
            out.push(b' ');
        }
        let last = i + 1 == d.len();
        if !last || rng.percent(80) {
            out.extend_from_slice(eol);
        }
    }
    if rng.percent(5) {
        out.extend_from_slice(eol);
    }
    out
}

/// A token close to `t`: another spelling of the same number, one digit
/// changed, the case flipped, a byte dropped.
pub fn nudge(rng: &mut Rng, t: &[u8], tok: fn(&mut Rng) -> Token) -> Token {
    if let Ok(s) = std::str::from_utf8(t)
        && let Some(set) = DOUBLE_EQUALS.iter().find(|set| set.contains(&s))
        && rng.percent(60)
    {
        return rng.pick(set).as_bytes().to_vec();
    }
    let mut t = t.to_vec();
    match rng.below(6) {
        0 if !t.is_empty() => {
            let i = rng.below(t.len());
            if t[i].is_ascii_digit() {
                t[i] = b'0' + (t[i] - b'0' + 1) % 10;
            } else {
                t[i] ^= 0x20;
            }
        }
        1 => t = t.to_ascii_uppercase(),
        2 if !t.is_empty() => {
            let i = rng.below(t.len());
            t.remove(i);
        }
        3 => t.insert(0, *rng.pick(b"-+0")),
        4 => t.extend_from_slice(
            rng.pick(&["0", "1", "e", "e+", "e-", ".", "000001"])
                .as_bytes(),
        ),
        _ => t = tok(rng),
    }
    t
}

/// Deletes, duplicates, swaps or moves tokens and lines.
pub fn mutate_doc(rng: &mut Rng, d: &mut Doc, tok: fn(&mut Rng) -> Token) {
    let steps = 1 + rng.below(2);
    for _ in 0..steps {
        if d.is_empty() {
            d.push(vec![tok(rng)]);
            continue;
        }
        let l = rng.below(d.len());
        match rng.below(9) {
            0 => {
                d.remove(l);
            }
            1 => {
                let line = d[l].clone();
                d.insert(l, line);
            }
            2 => {
                let m = rng.below(d.len());
                d.swap(l, m);
            }
            3 => d[l].push(tok(rng)),
            4 if !d[l].is_empty() => {
                let i = rng.below(d[l].len());
                d[l].remove(i);
            }
            5 if !d[l].is_empty() => {
                let i = rng.below(d[l].len());
                let t = d[l][i].clone();
                d[l].insert(i, t);
            }
            6 if d[l].len() > 1 => {
                let i = rng.below(d[l].len());
                let j = rng.below(d[l].len());
                d[l].swap(i, j);
            }
            7 if d[l].len() > 1 => {
                // Split the line in two.
                let i = 1 + rng.below(d[l].len() - 1);
                let rest = d[l].split_off(i);
                d.insert(l + 1, rest);
            }
            _ => {
                if !d[l].is_empty() {
                    let i = rng.below(d[l].len());
                    d[l][i] = nudge(rng, &d[l][i], tok);
                }
            }
        }
    }
}

/// Byte-level damage: truncation, a special byte, a lost or added newline.
pub fn mutate_bytes(rng: &mut Rng, f: &mut Vec<u8>) {
    match rng.below(7) {
        0 => {
            let n = rng.below(f.len() + 1);
            f.truncate(n);
        }
        1 => {
            let at = rng.below(f.len() + 1);
            f.insert(at, *rng.pick(SPECIAL_BYTES));
        }
        2 if !f.is_empty() => {
            let at = rng.below(f.len());
            f.remove(at);
        }
        3 => {
            if f.last() == Some(&b'\n') {
                f.pop();
            } else {
                f.push(b'\n');
            }
        }
        4 => f.clear(),
        5 => {
            let mut g = BOM.to_vec();
            g.extend_from_slice(f);
            *f = g;
        }
        _ => f.push(0),
    }
}

/// An answer file and an output file related to it: mostly equal or nearly
/// equal (to reach the "ok" paths), sometimes unrelated.
pub fn answer_and_output(
    rng: &mut Rng,
    answer: Doc,
    fresh: &dyn Fn(&mut Rng) -> Doc,
    tok: fn(&mut Rng) -> Token,
) -> (Vec<u8>, Vec<u8>) {
    let output = match rng.below(20) {
        0..=6 => answer.clone(),
        7..=12 => {
            let mut o = answer.clone();
            let lines = o.len();
            if lines > 0 {
                let l = rng.below(lines);
                if !o[l].is_empty() {
                    let i = rng.below(o[l].len());
                    o[l][i] = nudge(rng, &o[l][i], tok);
                }
            }
            o
        }
        13..=16 => {
            let mut o = answer.clone();
            mutate_doc(rng, &mut o, tok);
            o
        }
        _ => fresh(rng),
    };
    let mut a = render(rng, &answer);
    let mut o = render(rng, &output);
    if rng.percent(6) {
        mutate_bytes(rng, &mut a);
    }
    if rng.percent(12) {
        mutate_bytes(rng, &mut o);
    }
    (a, o)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn many(tok: fn(&mut Rng) -> Token, n: usize) -> Vec<Token> {
        let mut rng = Rng::new(42);
        (0..n).map(|_| tok(&mut rng)).collect()
    }

    #[test]
    fn deterministic_for_a_seed() {
        let d = |seed| {
            let mut rng = Rng::new(seed);
            let d = doc(&mut rng, 5, 4, any_token);
            render(&mut rng, &d)
        };
        assert_eq!(d(9), d(9));
        assert_ne!(d(9), d(10));
    }

    #[test]
    fn doubles_cover_the_listed_spellings() {
        let seen = many(double_token, 20000);
        for s in [
            "1e", "1e+", "1e-", ".5", "5.", ".5e", "-0.5e", "1E5", "1e400", "-1e400", "1e-400",
            "nan", "inf", "-0", "0x1p3",
        ] {
            assert!(
                seen.iter().any(|t| t == s.as_bytes()),
                "{s} never generated"
            );
        }
        // Long mantissas, 20+ digits.
        assert!(
            seen.iter()
                .any(|t| t.iter().filter(|b| b.is_ascii_digit()).count() >= 20)
        );
    }

    #[test]
    fn integers_reach_the_limits() {
        let seen = many(int_token, 5000);
        for s in [
            "0",
            "-0",
            "+5",
            "007",
            "2147483647",
            "2147483648",
            "-2147483649",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775809",
            "18446744073709551616",
        ] {
            assert!(
                seen.iter().any(|t| t == s.as_bytes()),
                "{s} never generated"
            );
        }
    }

    #[test]
    fn words_hold_special_bytes_and_long_ones() {
        let seen = many(word_token, 5000);
        for b in [0u8, 0xff, b'\r', b'\t'] {
            assert!(
                seen.iter().any(|t| t.contains(&b)),
                "byte {b} never generated"
            );
        }
        assert!(seen.iter().any(|t| t.len() > 64));
        let yes = many(yes_no_token, 2000);
        for s in ["yes", "NO", "yEs", "nO"] {
            assert!(yes.iter().any(|t| t == s.as_bytes()));
        }
    }

    #[test]
    fn case_headers_come_right_and_wrong() {
        let mut rng = Rng::new(5);
        let mut files = Vec::new();
        for _ in 0..3000 {
            let d = case_doc(&mut rng, 3, 2, int_token);
            files.push(render(&mut rng, &d));
        }
        let has = |needle: &[u8]| {
            files
                .iter()
                .any(|f| f.windows(needle.len()).any(|w| w == needle))
        };
        assert!(has(b"Case 1: "));
        assert!(has(b"Case 2:"));
        assert!(has(b"case 1:"));
        assert!(has(b"Case 1:\0"));
        assert!(has(b"Case 2 ")); // missing colon
        assert!(has(b"Case 2:") && has(b"Case 3:")); // off by one on case 1 or 2
    }

    #[test]
    fn renders_and_mutations_vary_the_layout() {
        let mut rng = Rng::new(11);
        let mut files = Vec::new();
        for _ in 0..3000 {
            let d = doc(&mut rng, 2, 3, int_token);
            let mut f = render(&mut rng, &d);
            if rng.percent(30) {
                mutate_bytes(&mut rng, &mut f);
            }
            files.push(f);
        }
        assert!(files.iter().any(|f| f.is_empty()));
        assert!(files.iter().any(|f| f.starts_with(BOM)));
        assert!(files.iter().any(|f| f.windows(2).any(|w| w == b"\r\n")));
        assert!(files.iter().any(|f| f.contains(&b'\t')));
        assert!(
            files
                .iter()
                .any(|f| !f.is_empty() && f.last() != Some(&b'\n'))
        );
    }
}
