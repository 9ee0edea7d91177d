//! testlib's exact number grammars, parsed straight from token bytes.
//!
//! * signed integers: `0` or `-?[1-9][0-9]*`, at most 20 bytes, in `i64`;
//! * unsigned integers: `0` or `[1-9][0-9]*`, at most 20 bytes, in `u64`;
//! * doubles: what glibc's `sscanf("%lf")` consumes completely from a token
//!   made of digits, `.`, `e`, `E`, `+`, `-` (with testlib's count limits),
//!   a dangling exponent included; an overflow becomes infinity and is
//!   accepted, as in testlib;
//! * strict doubles: `-?(0|[1-9][0-9]*)(\.[0-9]+)?` with a bounded number of
//!   digits after the point, finite, and no `-` on a zero.

/// Parses a token as testlib's signed 64-bit integer (`0` or
/// `-?[1-9][0-9]*`, in range); `None` if it is not one. For checkers that
/// want to name the case in their own message instead of testlib's.
#[inline]
pub fn parse_i64(t: &[u8]) -> Option<i64> {
    let n = t.len();
    if n == 0 || n > 20 {
        return None;
    }
    let negative = n > 1 && t[0] == b'-';
    let digits = if negative { &t[1..] } else { t };
    if digits[0] == b'0' {
        // A leading zero is only allowed in "0" itself ("-0" and "007" are not).
        return (digits.len() == 1 && !negative).then_some(0);
    }
    let mut value: u64 = 0;
    for &b in digits {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(d))?;
    }
    if negative {
        if value > 1 << 63 {
            None
        } else {
            Some((value as i64).wrapping_neg())
        }
    } else {
        i64::try_from(value).ok()
    }
}

/// Parses a token as testlib's unsigned 64-bit integer (`0` or
/// `[1-9][0-9]*`, in range); `None` if it is not one.
pub fn parse_u64(t: &[u8]) -> Option<u64> {
    let n = t.len();
    if n == 0 || n > 20 || (n > 1 && t[0] == b'0') {
        return None;
    }
    let mut value: u64 = 0;
    for &b in t {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(d))?;
    }
    Some(value)
}

/// How many bytes of `t` glibc's `scanf("%lf")` consumes: it collects an
/// optional sign, digits with at most one point, then `e`/`E` (once a digit
/// was seen) with an optional sign right after it, stopping at the first
/// byte that cannot continue. The collected bytes need not form a number:
/// `1e+` is collected whole and converted as `1`.
fn scanf_float_len(t: &[u8]) -> usize {
    let mut i = usize::from(matches!(t.first(), Some(b'+' | b'-')));
    let (mut digit, mut point, mut exponent) = (false, false, false);
    while let Some(&b) = t.get(i) {
        match b {
            b'0'..=b'9' => digit = true,
            b'+' | b'-' if exponent && matches!(t[i - 1], b'e' | b'E') => {}
            b'e' | b'E' if digit && !exponent => (exponent, point) = (true, true),
            b'.' if !point => point = true,
            _ => break,
        }
        i += 1;
    }
    i
}

/// The longest prefix of `t` that `strtod` converts, for the characters a
/// double token may hold: `[+-]?(D+(.D*)?|.D+)([eE][+-]?D+)?`; empty if none.
fn strtod_prefix(t: &[u8]) -> &[u8] {
    let digits = |from: usize| from + t[from..].iter().take_while(|b| b.is_ascii_digit()).count();
    let sign = usize::from(matches!(t.first(), Some(b'+' | b'-')));
    let int_end = digits(sign);
    let mut end = int_end;
    let mut mantissa = int_end > sign;
    if t.get(end) == Some(&b'.') {
        let frac_end = digits(end + 1);
        if mantissa || frac_end > end + 1 {
            mantissa = true;
            end = frac_end;
        }
    }
    if !mantissa {
        return &[];
    }
    if matches!(t.get(end), Some(b'e' | b'E')) {
        let exp_sign = end + 1 + usize::from(matches!(t.get(end + 1), Some(b'+' | b'-')));
        let exp_end = digits(exp_sign);
        if exp_end > exp_sign {
            end = exp_end;
        }
    }
    &t[..end]
}

/// Parses a double as testlib's `stringToDouble`; `None` if rejected.
///
/// testlib counts the characters, then calls `sscanf(token, "%lf%s")` and
/// accepts when nothing is left after the number. With glibc, `scanf`
/// consumes a dangling exponent (`1e`, `1e+`, `.5E-`) and converts the
/// mantissa before it, so those are accepted too.
pub(crate) fn parse_f64(t: &[u8]) -> Option<f64> {
    let (mut digits, mut minus, mut plus, mut points, mut exps) = (0, 0, 0, 0, 0);
    for &b in t {
        match b {
            b'0'..=b'9' => digits += 1,
            b'e' | b'E' => exps += 1,
            b'-' => minus += 1,
            b'+' => plus += 1,
            b'.' => points += 1,
            _ => return None,
        }
    }
    if digits == 0 || minus > 2 || plus > 2 || points > 1 || exps > 1 {
        return None;
    }
    if scanf_float_len(t) != t.len() {
        return None;
    }
    let number = strtod_prefix(t);
    if number.is_empty() {
        return None;
    }
    // The prefix's grammar is a subset of Rust's, and both round correctly.
    std::str::from_utf8(number).ok()?.parse().ok()
}

/// Why a strict double was rejected; each has its own testlib message.
#[derive(Debug, PartialEq)]
pub(crate) enum StrictDoubleError {
    /// `Expected strict double, but "…" found`
    Malformed,
    /// `Expected strict double with number of digits after point in range [a,b], …`
    Digits,
    /// `Expected double, but "…" found` (infinite after parsing)
    NotFinite,
    /// `Redundant minus in "…" found`
    RedundantMinus,
}

/// Parses a strict double as testlib's `stringToStrictDouble`.
pub(crate) fn parse_strict_f64(
    t: &[u8],
    min_after: usize,
    max_after: usize,
) -> Result<f64, StrictDoubleError> {
    use StrictDoubleError::*;
    let n = t.len();
    if n == 0 || n > 1000 {
        return Err(Malformed);
    }
    if t[0] != b'-' && !t[0].is_ascii_digit() {
        return Err(Malformed);
    }
    let mut point = None;
    for (i, &b) in t.iter().enumerate().take(n - 1).skip(1) {
        if b == b'.' {
            if point.is_some() {
                return Err(Malformed);
            }
            point = Some(i);
        } else if !b.is_ascii_digit() {
            return Err(Malformed);
        }
    }
    if !t[n - 1].is_ascii_digit() {
        return Err(Malformed);
    }
    let after = point.map_or(0, |p| n - p - 1);
    if after < min_after || after > max_after {
        return Err(Digits);
    }
    let first_digit = t.iter().position(u8::is_ascii_digit).ok_or(Malformed)?;
    if first_digit > 1 {
        return Err(Malformed);
    }
    if t[first_digit] == b'0' && t.get(first_digit + 1).is_some_and(u8::is_ascii_digit) {
        return Err(Malformed);
    }
    let value: f64 = std::str::from_utf8(t)
        .ok()
        .and_then(|s| s.parse().ok())
        .ok_or(Malformed)?;
    if !value.is_finite() || value.abs() > 1e300 {
        return Err(NotFinite);
    }
    if t[0] == b'-' && value >= 0.0 {
        return Err(RedundantMinus);
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signed_grammar() {
        for ok in [
            "1234567891",
            "-47292722921111",
            "0",
            "9223372036854775807",
            "-9223372036854775808",
        ] {
            assert_eq!(parse_i64(ok.as_bytes()), Some(ok.parse().unwrap()), "{ok}");
        }
        for bad in [
            "",
            "-",
            "+",
            "00",
            "0123",
            "+123",
            "09223372036854775807",
            "9223372036854775808",
            "-09223372036854775808",
            "-9223372036854775809",
            "1 ",
            " 1",
            "1 2",
            "-0",
            "--0",
            "123-",
            "1.0",
            "1e2",
            "000000000000000000001",
        ] {
            assert_eq!(parse_i64(bad.as_bytes()), None, "{bad:?}");
        }
    }

    #[test]
    fn unsigned_grammar() {
        for ok in [
            "123",
            "0",
            "7",
            "18446744073709551615",
            "9876543216540001000",
        ] {
            assert_eq!(parse_u64(ok.as_bytes()), Some(ok.parse().unwrap()), "{ok}");
        }
        for bad in [
            "",
            "-",
            "-1",
            "+",
            "00",
            "0123",
            "+123",
            "18446744073709551616",
            "18446744073709551617",
            "36893488147419103232",
            "1 ",
            " 1",
            "1 2",
            "-0",
            "--0",
            "-00",
        ] {
            assert_eq!(parse_u64(bad.as_bytes()), None, "{bad:?}");
        }
    }

    #[test]
    fn double_grammar() {
        for (ok, v) in [
            ("+1", 1.0),
            (".5", 0.5),
            ("1e-3", 0.001),
            ("1.0e+0", 1.0),
            ("5.", 5.0),
            ("-.5e1", -5.0),
            ("1e", 1.0),
            ("1e+", 1.0),
            ("1.5E", 1.5),
            ("-0.5e", -0.5),
            (".5e-", 0.5),
        ] {
            assert_eq!(parse_f64(ok.as_bytes()), Some(v), "{ok}");
        }
        assert_eq!(parse_f64(b"1e400"), Some(f64::INFINITY));
        for bad in [
            "nan", "inf", "Infinity", "0x10", "1,5", "1.5.", "1e5e", "--1", "1d", "e5", ".", "1-2",
            "+-1", "1e+-", ".e1", "-.", "1e5.",
        ] {
            assert_eq!(parse_f64(bad.as_bytes()), None, "{bad:?}");
        }
    }

    /// testlib's own decision, through the C library this was built for.
    #[cfg(target_env = "gnu")]
    fn glibc_reads(t: &[u8]) -> Option<f64> {
        let token = std::ffi::CString::new(t).unwrap();
        let (mut value, mut rest) = (0.0f64, [0u8; 16]);
        // SAFETY: the format's conversions match the pointers' types, and
        // `rest` holds any rest of a token of at most 7 bytes.
        let scanned = unsafe {
            libc::sscanf(
                token.as_ptr(),
                c"%lf%s".as_ptr(),
                &mut value as *mut f64,
                rest.as_mut_ptr(),
            )
        };
        (scanned == 1 || (scanned == 2 && rest[0] == 0)).then_some(value)
    }

    /// Every token of up to six characters over the double alphabet: our
    /// reader accepts exactly what glibc's `sscanf("%lf%s")` accepts (after
    /// testlib's character counts), with the same value.
    #[cfg(target_env = "gnu")]
    #[test]
    fn doubles_are_read_as_glibc_reads_them() {
        const ALPHABET: &[u8] = b"05.eE+-";
        let mut token = Vec::new();
        let mut checked = 0;
        for len in 1..=6u32 {
            for mut code in 0..ALPHABET.len().pow(len) {
                token.clear();
                for _ in 0..len {
                    token.push(ALPHABET[code % ALPHABET.len()]);
                    code /= ALPHABET.len();
                }
                let count = |c: u8| token.iter().filter(|&&b| b == c).count();
                let digits = token.iter().filter(|b| b.is_ascii_digit()).count();
                let exps = count(b'e') + count(b'E');
                let counted = digits > 0
                    && count(b'-') <= 2
                    && count(b'+') <= 2
                    && count(b'.') <= 1
                    && exps <= 1;
                let want = if counted { glibc_reads(&token) } else { None };
                let got = parse_f64(&token);
                assert_eq!(
                    got.map(f64::to_bits),
                    want.map(f64::to_bits),
                    "{:?}",
                    String::from_utf8_lossy(&token)
                );
                checked += 1;
            }
        }
        assert!(checked > 100_000);
    }

    #[test]
    fn strict_double_grammar() {
        assert_eq!(parse_strict_f64(b"1.50", 1, 2), Ok(1.5));
        assert_eq!(parse_strict_f64(b"0.5", 0, 5), Ok(0.5));
        assert_eq!(parse_strict_f64(b"-3", 0, 0), Ok(-3.0));
        assert_eq!(
            parse_strict_f64(b"1.500", 1, 2),
            Err(StrictDoubleError::Digits)
        );
        for bad in [".1", "1.", "00.1", "1e-1", "+1", "-", "1.2.3"] {
            assert_eq!(
                parse_strict_f64(bad.as_bytes(), 0, 5),
                Err(StrictDoubleError::Malformed),
                "{bad:?}"
            );
        }
        assert_eq!(
            parse_strict_f64(b"-0.0", 0, 5),
            Err(StrictDoubleError::RedundantMinus)
        );
        assert_eq!(
            parse_strict_f64(b"-0.00", 0, 5),
            Err(StrictDoubleError::RedundantMinus)
        );
    }
}
