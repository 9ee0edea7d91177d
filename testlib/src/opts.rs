//! Generator options, as testlib's `opt`: `-n 10`, `--n=10`, `-n10`, `-flag`.
//!
//! Options are read from the arguments given to [`crate::register_gen`] (or
//! [`prepare_opts`]). Reading an option with a default, or asking whether
//! one exists, arms testlib's exit check that every option given was used,
//! which catches a typo such as `-max-val` for `-max-value`.

use std::collections::BTreeMap;
use std::sync::{Mutex, MutexGuard};

use crate::format::compress;
use crate::runtime::{self, fail};

#[derive(Clone, Debug)]
struct Opt {
    value: String,
    used: bool,
}

/// The parsed options and the unused-option check's switches.
#[derive(Debug)]
struct OptsState {
    argv: Vec<String>,
    opts: BTreeMap<String, Opt>,
    check_armed: bool,
    check_suppressed: bool,
}

impl OptsState {
    const fn new() -> OptsState {
        OptsState {
            argv: Vec::new(),
            opts: BTreeMap::new(),
            check_armed: false,
            check_suppressed: false,
        }
    }

    /// The first unused key, if the exit-time check is armed and not suppressed.
    fn first_unused_if_checked(&self) -> Option<String> {
        if !self.check_armed || self.check_suppressed {
            return None;
        }
        self.opts
            .iter()
            .find(|(_, o)| !o.used)
            .map(|(k, _)| k.clone())
    }
}

static OPTS: Mutex<OptsState> = Mutex::new(OptsState::new());

fn opts() -> MutexGuard<'static, OptsState> {
    runtime::lock(&OPTS)
}

/// The exit check's hook: the failure message for an unused option, if any.
fn unused_at_exit() -> Option<String> {
    let key = opts().first_unused_if_checked()?;
    Some(format!("Opts: unused key '{}'", compress(key.as_bytes())))
}

/// testlib's `getOptType`: 1 for `-key`, 2 for `--key`, 0 for anything else
/// (a key must start with a letter, so `-3` is a value).
fn opt_type(s: &str) -> usize {
    let b = s.as_bytes();
    if b.len() <= 1 || b[0] != b'-' {
        return 0;
    }
    if b[1].is_ascii_alphabetic() {
        1
    } else if b[1] == b'-' && b.get(2).is_some_and(u8::is_ascii_alphabetic) {
        2
    } else {
        0
    }
}

/// Parses the options in `args` (program name first), replacing any parsed
/// before (testlib's `prepareOpts`).
pub fn prepare_opts<S: AsRef<str>>(args: &[S]) {
    let argv: Vec<String> = args.iter().map(|a| a.as_ref().to_string()).collect();
    if argv.is_empty() {
        fail("Opts: expected argc>=0 but found 0");
    }
    let mut parsed = BTreeMap::new();
    let mut i = 1;
    while i < argv.len() {
        let kind = opt_type(&argv[i]);
        let mut step = 1;
        if kind > 0 {
            let body = &argv[i][kind..];
            let (key, value) = if let Some((k, v)) = body.split_once('=') {
                (k.to_string(), v.to_string())
            } else if i + 1 < argv.len() && opt_type(&argv[i + 1]) == 0 {
                step = 2;
                (body.to_string(), argv[i + 1].clone())
            } else if body.len() > 1 && body.as_bytes()[1].is_ascii_digit() {
                (body[..1].to_string(), body[1..].to_string())
            } else {
                (body.to_string(), "true".to_string())
            };
            parsed.insert(key, Opt { value, used: false });
        }
        i += step;
    }
    let mut state = opts();
    state.argv = argv;
    state.opts = parsed;
    drop(state);
    runtime::install_hooks(|hooks| hooks.unused_opt = unused_at_exit);
    runtime::touch();
}

/// A type an option's text can be parsed into.
pub trait OptValue: Sized {
    /// Parses `text`; `key` describes the option for error messages
    /// (`key 'n'` or `opt by index '2'`).
    fn parse_opt(text: &str, key: &str) -> Self;
}

/// testlib's `parseExponentialOptValue`: `3e6` → `3000000`, `1.5e1` → `15`.
fn expand_exponent(s: &str) -> String {
    let bad = || -> ! {
        fail(format!(
            "Opts: expected typical exponential notation but '{}' found",
            compress(s.as_bytes())
        ))
    };
    let positions: Vec<usize> = s
        .char_indices()
        .filter(|(_, c)| *c == 'e' || *c == 'E')
        .map(|(i, _)| i)
        .collect();
    let Some(&pos) = positions.first() else {
        return s.to_string();
    };
    if positions.len() > 1 {
        bad();
    }
    let mut e = &s[pos + 1..];
    if let Some(rest) = e.strip_prefix('+') {
        e = rest;
    }
    if e.is_empty() || e.len() > 20 {
        bad();
    }
    let exponent: i32 = integral(e, false, i32::MIN.into(), i32::MAX.into()) as i32;
    let mut num = &s[..pos];
    if num.len() > 20 {
        bad();
    }
    if let Some(rest) = num.strip_prefix('+') {
        num = rest;
    }
    float(num);
    let (minus, digits) = match num.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, num),
    };
    let mut num: Vec<u8> = digits.as_bytes().to_vec();
    for _ in 0..exponent.max(0) {
        match num.iter().position(|&c| c == b'.') {
            None => num.push(b'0'),
            Some(sep) if sep + 1 == num.len() => num[sep] = b'0',
            Some(sep) => num.swap(sep, sep + 1),
        }
    }
    for _ in 0..(-exponent).max(0) {
        match num.iter().position(|&c| c == b'.') {
            None => {
                let at = num.len().saturating_sub(1);
                num.insert(at, b'.');
            }
            Some(0) => num.insert(1, b'0'),
            Some(sep) => num.swap(sep - 1, sep),
        }
    }
    while num.first() == Some(&b'0') {
        num.remove(0);
    }
    if num.contains(&b'.') {
        while num.last() == Some(&b'0') {
            num.pop();
        }
    }
    if num.last() == Some(&b'.') {
        num.pop();
    }
    if num.is_empty() || num[0] == b'.' {
        num.insert(0, b'0');
    }
    let text = String::from_utf8(num).unwrap_or_default();
    if minus { format!("-{text}") } else { text }
}

/// testlib's `optValueToIntegral`, for a type whose range is `[min, max]`.
fn integral(original: &str, nonnegative: bool, min: i128, max: i128) -> i128 {
    let s = expand_exponent(original);
    let shown = compress(original.as_bytes());
    if s.is_empty() {
        fail(format!("Opts: expected integer but '{shown}' found"));
    }
    let (negative, digits) = match s.strip_prefix('-') {
        Some(rest) => {
            if nonnegative {
                fail(format!(
                    "Opts: expected non-negative integer but '{shown}' found"
                ));
            }
            (true, rest)
        }
        None => (false, s.as_str()),
    };
    let mut value: i128 = 0;
    let mut overflow = false;
    for c in digits.bytes() {
        if !c.is_ascii_digit() {
            fail(format!("Opts: expected integer but '{shown}' found"));
        }
        value = value * 10 + i128::from(c - b'0');
        if value > 1 << 100 {
            overflow = true;
            value = 1 << 100;
        }
    }
    let value = if negative { -value } else { value };
    if overflow || value < min || value > max {
        fail(format!(
            "Opts: integer overflow: expected integer but '{shown}' found"
        ));
    }
    value
}

/// testlib's `optValueToLongDouble`.
fn float(original: &str) -> f64 {
    let s = expand_exponent(original);
    let bad = || -> ! {
        fail(format!(
            "Opts: expected float number but '{}' found",
            compress(original.as_bytes())
        ))
    };
    if s.is_empty() {
        bad();
    }
    let body = s.strip_prefix('-').unwrap_or(&s);
    if body.bytes().filter(|&c| c == b'.').count() > 1
        || body.bytes().any(|c| c != b'.' && !c.is_ascii_digit())
    {
        bad();
    }
    if body.is_empty() || body == "." {
        return 0.0;
    }
    let digits = if body.starts_with('.') {
        format!("0{body}")
    } else {
        body.to_string()
    };
    let value: f64 = digits.parse().unwrap_or_else(|_| bad());
    if s.starts_with('-') { -value } else { value }
}

macro_rules! integral_opt {
    ($($t:ty => $nonneg:expr),*) => {$(
        impl OptValue for $t {
            fn parse_opt(text: &str, _key: &str) -> Self {
                integral(text, $nonneg, <$t>::MIN as i128, <$t>::MAX as i128) as $t
            }
        }
    )*};
}
integral_opt!(i8 => false, i16 => false, i32 => false, i64 => false, isize => false,
    u8 => true, u16 => true, u32 => true, u64 => true, usize => true);

impl OptValue for f64 {
    fn parse_opt(text: &str, _key: &str) -> Self {
        float(text)
    }
}

impl OptValue for f32 {
    fn parse_opt(text: &str, _key: &str) -> Self {
        float(text) as f32
    }
}

impl OptValue for String {
    fn parse_opt(text: &str, _key: &str) -> Self {
        text.to_string()
    }
}

impl OptValue for bool {
    fn parse_opt(text: &str, key: &str) -> Self {
        match text {
            "true" | "1" => true,
            "false" | "0" => false,
            _ => fail(format!(
                "Opts: {key}: expected bool true/false or 0/1 but '{}' found",
                compress(text.as_bytes())
            )),
        }
    }
}

/// Returns true if and only if the option `key` was given (testlib's
/// `has_opt`). Arms the unused-option check.
pub fn has_opt(key: &str) -> bool {
    let mut state = opts();
    state.check_armed = true;
    state.opts.contains_key(key)
}

fn raw_by_key(key: &str) -> String {
    let mut state = opts();
    let Some(opt) = state.opts.get_mut(key) else {
        drop(state);
        fail(format!("Opts: unknown key '{}'", compress(key.as_bytes())));
    };
    opt.used = true;
    opt.value.clone()
}

/// The option `key` parsed as `T` (testlib's `opt<T>(key)`); FAIL if it is
/// missing. A missing `bool` option is `false`.
pub fn opt<T: OptValue + 'static>(key: &str) -> T {
    if std::any::TypeId::of::<T>() == std::any::TypeId::of::<bool>() && !has_opt(key) {
        return T::parse_opt("false", "");
    }
    let raw = raw_by_key(key);
    T::parse_opt(&raw, &format!("key '{}'", compress(key.as_bytes())))
}

/// The option `key` parsed as `T`, or `default` if it was not given
/// (testlib's `opt<T>(key, default)`). Arms the unused-option check.
pub fn opt_or<T: OptValue + 'static>(key: &str, default: T) -> T {
    if has_opt(key) { opt(key) } else { default }
}

/// The raw argument at `index` (0 is the program) parsed as `T` (testlib's
/// `opt<T>(index)`); options count as positions.
pub fn opt_at<T: OptValue>(index: i64) -> T {
    let state = opts();
    let n = state.argv.len();
    if index < 0 || index >= n as i64 {
        drop(state);
        fail(format!("Opts: index '{index}' is out of range [0,{n})"));
    }
    let raw = state.argv[index as usize].clone();
    drop(state);
    T::parse_opt(&raw, &format!("opt by index '{index}'"))
}

/// The argument at `index` parsed as `T`, or `default` past the end.
pub fn opt_at_or<T: OptValue>(index: i64, default: T) -> T {
    if index >= opts().argv.len() as i64 {
        default
    } else {
        opt_at(index)
    }
}

/// FAILs now if some option was given but never read (testlib's `ensureNoUnusedOpts`).
pub fn ensure_no_unused_opts() {
    let unused = opts()
        .opts
        .iter()
        .find(|(_, o)| !o.used)
        .map(|(k, _)| k.clone());
    if let Some(key) = unused {
        fail(format!("Opts: unused key '{}'", compress(key.as_bytes())));
    }
}

/// Turns off the exit-time unused-option check (testlib's `suppressEnsureNoUnusedOpts`).
pub fn suppress_ensure_no_unused_opts() {
    opts().check_suppressed = true;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponent_expansion() {
        assert_eq!(expand_exponent("3e6"), "3000000");
        assert_eq!(expand_exponent("1.5e1"), "15");
        assert_eq!(expand_exponent("-2.5E-1"), "-0.25");
        assert_eq!(expand_exponent("12"), "12");
    }

    #[test]
    fn option_forms() {
        assert_eq!(opt_type("-a"), 1);
        assert_eq!(opt_type("--test=me"), 2);
        assert_eq!(opt_type("-3"), 0);
        assert_eq!(opt_type("--3"), 0);
        assert_eq!(opt_type("x"), 0);
    }
}
