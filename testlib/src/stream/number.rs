//! testlib's exact number grammars, parsed straight from token bytes.
//!
//! * signed integers: `0` or `-?[1-9][0-9]*`, at most 20 bytes, in `i64`;
//! * unsigned integers: `0` or `[1-9][0-9]*`, at most 20 bytes, in `u64`;
//! * doubles: what C's `sscanf("%lf")` reads completely from a token made of
//!   digits, `.`, `e`, `E`, `+`, `-` (with testlib's count limits); an
//!   overflow becomes infinity and is accepted, as in testlib;
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

/// Returns true if and only if `t` is entirely a number `strtod` reads:
/// `[+-]?(D+(.D*)?|.D+)([eE][+-]?D+)?`.
fn is_c_float(t: &[u8]) -> bool {
    let mut i = 0;
    if i < t.len() && (t[i] == b'+' || t[i] == b'-') {
        i += 1;
    }
    let int_start = i;
    while i < t.len() && t[i].is_ascii_digit() {
        i += 1;
    }
    let mut mantissa_digits = i - int_start;
    if i < t.len() && t[i] == b'.' {
        i += 1;
        let frac_start = i;
        while i < t.len() && t[i].is_ascii_digit() {
            i += 1;
        }
        mantissa_digits += i - frac_start;
    }
    if mantissa_digits == 0 {
        return false;
    }
    if i < t.len() && (t[i] == b'e' || t[i] == b'E') {
        i += 1;
        if i < t.len() && (t[i] == b'+' || t[i] == b'-') {
            i += 1;
        }
        let exp_start = i;
        while i < t.len() && t[i].is_ascii_digit() {
            i += 1;
        }
        if i == exp_start {
            return false;
        }
    }
    i == t.len()
}

/// Parses a double as testlib's `stringToDouble`; `None` if rejected.
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
    if digits == 0 || minus > 2 || plus > 2 || points > 1 || exps > 1 || !is_c_float(t) {
        return None;
    }
    // The grammar is a subset of Rust's, and both round correctly.
    std::str::from_utf8(t).ok()?.parse().ok()
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
        ] {
            assert_eq!(parse_f64(ok.as_bytes()), Some(v), "{ok}");
        }
        assert_eq!(parse_f64(b"1e400"), Some(f64::INFINITY));
        for bad in [
            "nan", "inf", "Infinity", "0x10", "1,5", "1.5.", "1e5e", "--1", "1d", "e5", ".", "1e",
            "1-2", "+-1",
        ] {
            assert_eq!(parse_f64(bad.as_bytes()), None, "{bad:?}");
        }
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
