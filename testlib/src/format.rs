//! Text helpers that reproduce testlib's message formatting byte for byte:
//! `compress`, `englishEnding`, human-readable bounds, C `printf` floats.
//!
//! Messages may quote bytes that are not UTF-8 (a token read from a broken
//! output, say). Rust formatting works on `str`, so [`Bytes`] smuggles each
//! invalid byte through as a private-use character (U+10FF00 + byte), and the
//! verdict printer turns those characters back into the original bytes. The
//! only text this cannot carry is a genuine U+10FF00..U+10FFFF character.

use std::fmt::{self, Display, Write};

const PLACEHOLDER_BASE: u32 = 0x10_FF00;

/// Displays arbitrary bytes so that the verdict shows them unchanged.
///
/// ```
/// use testlib::Bytes;
/// assert_eq!(format!("'{}'", Bytes(b"abc")), "'abc'");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Bytes<'a>(pub &'a [u8]);

impl Display for Bytes<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for chunk in self.0.utf8_chunks() {
            f.write_str(chunk.valid())?;
            for &b in chunk.invalid() {
                f.write_char(char::from_u32(PLACEHOLDER_BASE + u32::from(b)).unwrap())?;
            }
        }
        Ok(())
    }
}

/// Turns a message built with [`Bytes`] back into the bytes it stands for.
pub(crate) fn message_bytes(message: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(message.len());
    for c in message.chars() {
        let code = u32::from(c);
        if (PLACEHOLDER_BASE..=PLACEHOLDER_BASE + 0xFF).contains(&code) {
            out.push((code - PLACEHOLDER_BASE) as u8);
        } else {
            let mut buf = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }
    out
}

/// The inverse of [`message_bytes`]: bytes as a message string.
pub(crate) fn bytes_message(bytes: &[u8]) -> String {
    Bytes(bytes).to_string()
}

/// Returns true if and only if `b` is one of testlib's four blanks.
#[inline]
pub(crate) fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// testlib's `trim`: drops blanks (space, tab, CR, LF) at both ends.
pub fn trim(s: &str) -> &str {
    s.trim_matches([' ', '\t', '\r', '\n'])
}

/// testlib's `compress` (`__testlib_part`): NUL becomes `~`, and a text longer
/// than 64 bytes keeps its first 30 and last 31 bytes around `...`.
pub fn compress(s: &[u8]) -> String {
    let t: Vec<u8> = s.iter().map(|&b| if b == 0 { b'~' } else { b }).collect();
    if t.len() <= 64 {
        bytes_message(&t)
    } else {
        let mut short = t[..30].to_vec();
        short.extend_from_slice(b"...");
        short.extend_from_slice(&t[t.len() - 31..]);
        bytes_message(&short)
    }
}

/// testlib's `englishEnding`: the ordinal suffix of `x` (`st`, `nd`, `rd`, `th`).
pub fn english_ending(x: i64) -> &'static str {
    let x = x % 100;
    if x / 10 == 1 {
        return "th";
    }
    match x % 10 {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    }
}

/// testlib's `toHumanReadableString` for range bounds: numbers with at least
/// seven trailing zeros are written `10^k`, `-10^k` or `m*10^k`.
pub fn human_readable(n: i128) -> String {
    if n == 0 {
        return "0".into();
    }
    let (mut m, mut zeros) = (n, 0);
    while m % 10 == 0 {
        m /= 10;
        zeros += 1;
    }
    if zeros < 7 {
        n.to_string()
    } else if m == 1 {
        format!("10^{zeros}")
    } else if m == -1 {
        format!("-10^{zeros}")
    } else {
        format!("{m}*10^{zeros}")
    }
}

/// testlib's `__testlib_abs` on doubles, `x > 0 ? x : -x`. Unlike `f64::abs`
/// it turns `0` into `-0` and flips the sign of a NaN, which shows in
/// printed errors (`-0.0000000000`, `-nan`).
pub(crate) fn c_abs(x: f64) -> f64 {
    if x > 0.0 { x } else { -x }
}

/// testlib's `__testlib_min`, `a < b ? a : b`: a NaN on either side gives `b`
/// (`f64::min` would ignore the NaN).
pub(crate) fn c_min(a: f64, b: f64) -> f64 {
    if a < b { a } else { b }
}

/// testlib's `__testlib_max`, `a > b ? a : b`.
pub(crate) fn c_max(a: f64, b: f64) -> f64 {
    if a > b { a } else { b }
}

/// C's `printf("%.{precision}f", x)`, including `inf` and `nan`.
pub fn fixed(x: f64, precision: usize) -> String {
    if let Some(s) = non_finite(x) {
        return s;
    }
    format!("{x:.precision$}")
}

fn non_finite(x: f64) -> Option<String> {
    if x.is_nan() {
        Some(if x.is_sign_negative() { "-nan" } else { "nan" }.into())
    } else if x.is_infinite() {
        Some(if x < 0.0 { "-inf" } else { "inf" }.into())
    } else {
        None
    }
}

/// C's `printf("%.{precision}e", x)`: `1.500000e+00`, `-nan`, `-inf`.
pub fn scientific(x: f64, precision: usize) -> String {
    if let Some(s) = non_finite(x) {
        return s;
    }
    c_exponent(&format!("{x:.precision$e}"))
}

/// Rust's exponent (`1.5e-7`) in C's spelling: a sign and at least two digits.
fn c_exponent(rust: &str) -> String {
    let (mantissa, exp) = rust.split_once('e').unwrap();
    let exp: i32 = exp.parse().unwrap();
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exp.unsigned_abs())
}

/// C's `printf("%.{precision}g", x)`, which is also what a default C++ stream
/// prints for a double (`precision` 6): `1.5`, `2`, `1e+06`.
pub fn general(x: f64, precision: usize) -> String {
    if let Some(s) = non_finite(x) {
        return s;
    }
    let p = precision.max(1);
    if x == 0.0 {
        return if x.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    let sci = format!("{x:.prec$e}", prec = p - 1);
    let (mantissa, exp) = sci.split_once('e').unwrap();
    let exp: i32 = exp.parse().unwrap();
    let strip = |s: &str| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s.to_string()
        }
    };
    if exp < -4 || exp >= p as i32 {
        c_exponent(&format!("{}e{exp}", strip(mantissa)))
    } else {
        let decimals = (p as i32 - 1 - exp) as usize;
        strip(&format!("{x:.decimals$}"))
    }
}

/// testlib's `vtos` of a double: a default C++ stream (`%g`, 6 digits).
pub fn vtos_f64(x: f64) -> String {
    general(x, 6)
}

/// testlib's `removeDoubleTrailingZeroes`: `12.5000` → `12.5`, `3.000` → `3.0`.
pub fn remove_double_trailing_zeroes(s: &str) -> String {
    let mut v = s.to_string();
    while v.ends_with('0') && v.contains('.') {
        v.pop();
    }
    if v.ends_with('.') {
        v.push('0');
    }
    v
}

/// testlib's `upperCase`: ASCII letters only.
pub fn upper_case(s: &str) -> String {
    s.to_ascii_uppercase()
}

/// testlib's `lowerCase`: ASCII letters only.
pub fn lower_case(s: &str) -> String {
    s.to_ascii_lowercase()
}

/// testlib's `split`: cuts at every separator and keeps empty items.
pub fn split<'a>(s: &'a str, separators: &str) -> Vec<&'a str> {
    if separators.is_empty() {
        return vec![s];
    }
    s.split(|c| separators.contains(c)).collect()
}

/// testlib's `tokenize`: cuts at every separator and drops empty items.
pub fn tokenize<'a>(s: &'a str, separators: &str) -> Vec<&'a str> {
    if separators.is_empty() {
        return vec![s];
    }
    s.split(|c| separators.contains(c))
        .filter(|t| !t.is_empty())
        .collect()
}

/// testlib's `join`: the items separated by `separator`.
pub fn join<T: Display>(items: impl IntoIterator<Item = T>, separator: &str) -> String {
    let mut out = String::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.push_str(separator);
        }
        write!(out, "{item}").unwrap();
    }
    out
}

fn is_infinite(x: f64) -> bool {
    !(-1e300..=1e300).contains(&x) && !x.is_nan()
}

/// testlib's `doubleCompare`: true if `result` is within `max_error`
/// (absolute or relative) of `expected`; NaN equals only NaN, and values
/// beyond ±1e300 equal each other when the signs agree.
pub fn double_compare(expected: f64, result: f64, max_error: f64) -> bool {
    let max_error = max_error + 1e-15;
    if expected.is_nan() {
        return result.is_nan();
    }
    if is_infinite(expected) {
        return if expected > 0.0 {
            result > 0.0 && is_infinite(result)
        } else {
            result < 0.0 && is_infinite(result)
        };
    }
    if result.is_nan() || is_infinite(result) {
        return false;
    }
    if c_abs(result - expected) <= max_error {
        return true;
    }
    let low = c_min(expected * (1.0 - max_error), expected * (1.0 + max_error));
    let high = c_max(expected * (1.0 - max_error), expected * (1.0 + max_error));
    result >= low && result <= high
}

/// testlib's `doubleDelta`: the smaller of the absolute and relative errors
/// (just the absolute one when `expected` is about zero), with testlib's
/// signs: an error of zero is `-0`, and a NaN error keeps C's sign.
pub fn double_delta(expected: f64, result: f64) -> f64 {
    let absolute = c_abs(result - expected);
    if c_abs(expected) > 1e-9 {
        c_min(absolute, c_abs(absolute / expected))
    } else {
        absolute
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn general_matches_printf() {
        for (x, want) in [
            (1.5, "1.5"),
            (2.0, "2"),
            (1e6, "1e+06"),
            (1e-5, "1e-05"),
            (123456789.0, "1.23457e+08"),
            (0.125, "0.125"),
            (5e-324, "4.94066e-324"),
            (100000.0, "100000"),
            (999999.5, "1e+06"),
            (0.0001, "0.0001"),
            (-17.125, "-17.125"),
        ] {
            assert_eq!(general(x, 6), want, "{x}");
        }
    }

    /// What glibc's `snprintf` writes for `format` (one double argument).
    #[cfg(target_env = "gnu")]
    fn printf(format: &str, x: f64) -> String {
        let format = std::ffi::CString::new(format).unwrap();
        let mut buf = vec![0u8; 512];
        // SAFETY: the format has one double conversion and `buf` is as long
        // as the length given.
        let n = unsafe { libc::snprintf(buf.as_mut_ptr().cast(), buf.len(), format.as_ptr(), x) };
        buf.truncate(n as usize);
        String::from_utf8(buf).unwrap()
    }

    /// `fixed`, `scientific` and `general` write what glibc's printf writes,
    /// signs of zeros and NaNs included, for random doubles of every size.
    #[cfg(target_env = "gnu")]
    #[test]
    fn floats_are_printed_as_glibc_prints_them() {
        let mut special = vec![
            0.0,
            -0.0,
            f64::NAN,
            -f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        special.extend([
            0.5,
            1.5,
            2.5,
            0.125,
            0.375,
            1e15 + 0.5,
            5e-324,
            f64::MAX,
            999_999.5,
        ]);
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut values = special.clone();
        for i in 0..20_000 {
            let r = next();
            values.push(match i % 3 {
                0 => f64::from_bits(r),
                1 => (r % 1_000_000) as f64 / 64.0 * if r & 1 == 0 { 1.0 } else { -1.0 },
                _ => (r >> 11) as f64 * 1e-12,
            });
        }
        for (i, &x) in values.iter().enumerate() {
            let precision = i % 13;
            assert_eq!(
                fixed(x, precision),
                printf(&format!("%.{precision}f"), x),
                "{x:e} %.{precision}f"
            );
            assert_eq!(
                scientific(x, precision),
                printf(&format!("%.{precision}e"), x),
                "{x:e} %.{precision}e"
            );
            assert_eq!(
                general(x, precision),
                printf(&format!("%.{precision}g"), x),
                "{x:e} %.{precision}g"
            );
        }
    }

    #[test]
    fn fixed_and_trailing_zeroes() {
        assert_eq!(fixed(12.5, 10), "12.5000000000");
        assert_eq!(remove_double_trailing_zeroes(&fixed(12.5, 10)), "12.5");
        assert_eq!(remove_double_trailing_zeroes(&fixed(0.0, 10)), "0.0");
        assert_eq!(remove_double_trailing_zeroes("50"), "50");
        assert_eq!(fixed(f64::INFINITY, 3), "inf");
        assert_eq!(fixed(-f64::NAN, 3), "-nan");
    }

    #[test]
    fn compress_and_endings() {
        assert_eq!(compress(b"a\0b"), "a~b");
        let long = vec![b'x'; 100];
        let c = compress(&long);
        assert_eq!(c.len(), 64);
        assert!(c.starts_with(&"x".repeat(30)) && c.contains("..."));
        assert_eq!(english_ending(1), "st");
        assert_eq!(english_ending(11), "th");
        assert_eq!(english_ending(22), "nd");
        assert_eq!(english_ending(113), "th");
        assert_eq!(english_ending(103), "rd");
    }

    #[test]
    fn human_readable_bounds() {
        assert_eq!(human_readable(1_000_000_000_000_000_000), "10^18");
        assert_eq!(human_readable(-1_000_000_000_000_000), "-10^15");
        assert_eq!(human_readable(30_000_000), "3*10^7");
        assert_eq!(human_readable(1_000_000), "1000000");
        assert_eq!(human_readable(-5), "-5");
    }

    #[test]
    fn bytes_round_trip() {
        let raw = b"ok \xff\xfe end \xe2\x82";
        assert_eq!(message_bytes(&Bytes(raw).to_string()), raw.to_vec());
        assert_eq!(split(" ab  b rrrr", " "), ["", "ab", "", "b", "rrrr"]);
        assert_eq!(
            tokenize(" best code\t4ever   now!   ", " \t"),
            ["best", "code", "4ever", "now!"]
        );
        assert_eq!(tokenize("abacabacaba", "ac"), ["b", "b", "b"]);
        assert!(tokenize("", ",").is_empty());
        assert_eq!(split("", ","), [""]);
    }

    #[test]
    fn double_comparison() {
        assert!(double_compare(1.0, 1.00001, 1e-4));
        assert!(!double_compare(1.0, 1.001, 1e-4));
        assert!(double_compare(1_000_000.0, 1_000_010.0, 1e-4));
        assert!(double_compare(f64::NAN, f64::NAN, 1e-6));
        assert!(!double_compare(1.0, f64::INFINITY, 1e-6));
        assert!(double_compare(f64::INFINITY, 1e301, 1e-6));
        assert!((double_delta(1.0, 1.001) - 0.001).abs() < 1e-12);
    }

    #[test]
    fn errors_keep_testlibs_signs() {
        assert_eq!(fixed(double_delta(0.0, 0.0), 10), "-0.0000000000");
        assert_eq!(fixed(double_delta(-0.0, -0.0), 5), "-0.00000");
        // Relative error -(-0 / 2) is +0, and C's min takes it.
        assert_eq!(fixed(double_delta(2.0, 2.0), 5), "0.00000");
        // |0 - inf| is inf, |inf / 1e400| is NaN: C's min keeps the NaN.
        assert!(double_delta(f64::INFINITY, 0.0).is_nan());
        assert!(c_min(f64::INFINITY, f64::NAN).is_nan());
        assert_eq!(c_min(f64::NAN, 1.0), 1.0);
    }
}
