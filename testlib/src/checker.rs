//! Checkers: `checker [--testset T] [--group G] input output answer
//! [result-file [-appes]]`, and the verdict functions checkers use.

use std::fmt::Display;

use crate::format::{self, c_abs, c_max, c_min, compress};
use crate::outcome::Outcome;
use crate::protocol::{self, Protocol};
use crate::runtime::{self, Mode, Role, fail, quit_global, state};
use crate::stream::{self, InStream};

/// The streams of a registered checker.
pub struct Checker {
    /// The test input.
    pub inf: InStream,
    /// The contestant's output (a UTF-8 byte order mark is skipped).
    pub ouf: InStream,
    /// The jury's answer.
    pub ans: InStream,
}

const USAGE: &str = "Program must be run with the following arguments: [--testset testset] [--group group] <input-file> <output-file> <answer-file> [<report-file> [<-appes>]]";
const KATTIS_USAGE: &str = "Output validator must be run with the following arguments: [--testset testset] [--group group] <input-file> <answer-file> <feedback-dir> [<judge-flags>...] < <output-file>";
const CMS_USAGE: &str = "Checker must be run with the following arguments: [--testset testset] [--group group] <input-file> <correct-output-file> <contestant-output-file>";

/// The environment variable that overrides testlib's 128 MiB limit on the
/// size of the files a checker opens (bytes; 0 lifts it).
pub const MAX_FILE_SIZE_ENV: &str = "TESTLIB_RS_MAX_FILE_SIZE";

/// The file-size limit in force: [`set_max_file_size`], else the environment,
/// else testlib's 128 MiB.
pub(crate) fn max_file_size() -> Option<u64> {
    if let Some(limit) = state().max_file_size {
        return (limit > 0).then_some(limit);
    }
    match std::env::var(MAX_FILE_SIZE_ENV)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
    {
        Some(0) => None,
        Some(limit) => Some(limit),
        None => Some(stream::DEFAULT_MAX_FILE_SIZE),
    }
}

/// Sets the largest file a checker or interactor opens (testlib's
/// `maxFileSize`, 128 MiB); 0 removes the limit. Call before registering.
pub fn set_max_file_size(bytes: u64) {
    state().max_file_size = Some(bytes);
}

/// The program's arguments as text (paths that are not UTF-8 are shown lossily).
pub(crate) fn program_args() -> Vec<String> {
    std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect()
}

/// The arguments without `--testset`/`--group` and their values (program name
/// first); `--help` as the first of them prints the help and exits.
pub(crate) fn positional_args(args: &[String]) -> Vec<String> {
    let mut positional = vec![args.first().cloned().unwrap_or_default()];
    let mut rest = args.iter().skip(1);
    while let Some(arg) = rest.next() {
        if arg == "--testset" || arg == "--group" {
            rest.next();
        } else {
            positional.push(arg.clone());
        }
    }
    if positional.get(1).is_some_and(|a| a == "--help") {
        help();
    }
    positional
}

/// testlib's `__testlib_set_testset_and_group`: reads `--testset` and `--group`.
pub(crate) fn read_testset_and_group(args: &[String]) {
    let mut testset = "tests".to_string();
    let mut group = String::new();
    let mut i = 1;
    while i < args.len() {
        if args[i] == "--testset" {
            match args.get(i + 1) {
                Some(v) if !v.is_empty() => testset = v.clone(),
                _ => fail("Expected non-empty testset after --testset command line parameter"),
            }
            i += 1;
        } else if args[i] == "--group" {
            match args.get(i + 1) {
                Some(v) => group = v.clone(),
                None => fail("Expected group after --group command line parameter"),
            }
            i += 1;
        }
        i += 1;
    }
    let mut st = state();
    st.testset = testset;
    st.group = group;
}

/// Prints testlib's help text and exits with FAIL's code.
pub(crate) fn help() -> ! {
    eprintln!(
        "testlib-rs {} (testlib 0.9.45 compatible)",
        env!("CARGO_PKG_VERSION")
    );
    eprintln!();
    eprintln!("{USAGE}");
    eprintln!();
    std::process::exit(3)
}

/// Takes the result-file arguments (`[result-file [-appes]]`) after the
/// streams; `positional` holds the arguments, program name first.
pub(crate) fn read_result_file(positional: &[String], first: usize) {
    match positional.len() {
        n if n == first + 1 => state().result_file = Some(positional[first].clone()),
        n if n == first + 2 => {
            if positional[first + 1] != "-appes" && positional[first + 1] != "-APPES" {
                fail(
                    "Program must be run with the following arguments: <input-file> <output-file> <answer-file> [<report-file> [<-appes>]]",
                );
            }
            let mut st = state();
            st.result_file = Some(positional[first].clone());
            st.appes = true;
        }
        _ => {}
    }
}

/// Registers a checker from the program's arguments (testlib's
/// `registerTestlibCmd`) and opens its three streams.
///
/// The arguments depend on the judge protocol (see [`crate::Protocol`]):
/// testlib's `input output answer [result-file [-appes]]`, Kattis's
/// `input answer feedback-dir [judge flags...]` with the output on stdin, or
/// CMS's `input correct-output contestant-output`.
pub fn register_checker() -> Checker {
    register_checker_with(&program_args())
}

/// [`register_checker`] with explicit arguments (program name first).
pub fn register_checker_with(args: &[String]) -> Checker {
    read_testset_and_group(args);
    runtime::register(Mode::Checker);
    let positional = positional_args(args);
    // The files, in the order testlib opens them (which decides whose fault
    // is reported first when several are missing).
    let (input, output, answer) = match protocol::resolve(Some(&positional)) {
        Protocol::Testlib => {
            if !(4..=6).contains(&positional.len()) {
                fail(format!("{USAGE}\nUse \"--help\" to get help information"));
            }
            read_result_file(&positional, 4);
            (&positional[1], Some(&positional[2]), &positional[3])
        }
        Protocol::Kattis => {
            if positional.len() < 4 {
                fail(KATTIS_USAGE);
            }
            let dir = &positional[3];
            if !std::path::Path::new(dir).is_dir() {
                fail(format!("Feedback directory not found: \"{dir}\""));
            }
            state().feedback_dir = Some(dir.into());
            // Anything after the feedback directory is a judge flag
            // (`case_sensitive`, `float_tolerance 1e-6`, ...): the checker
            // decides how to compare, so they are ignored.
            (&positional[1], None, &positional[2])
        }
        Protocol::Cms => {
            if positional.len() != 4 {
                fail(CMS_USAGE);
            }
            (&positional[1], Some(&positional[3]), &positional[2])
        }
    };
    let limit = max_file_size();
    let inf = InStream::open_file(input, Role::Input, limit);
    let ouf = match output {
        Some(path) => InStream::open_file(path, Role::Output, limit),
        None => InStream::stdin_capped(Role::Output, limit),
    };
    ouf.skip_bom();
    let ans = InStream::open_file(answer, Role::Answer, limit);
    inf.make_std_input(false);
    stream::set_std(inf.clone(), ouf.clone(), ans.clone());
    Checker { inf, ouf, ans }
}

/// Ends the program with `outcome` and `message` (testlib's global `quit`,
/// raised on the output stream, so OK is checked for leftover output).
pub fn quit(outcome: Outcome, message: impl Display) -> ! {
    quit_global(outcome, &message.to_string())
}

/// A score accepted by [`quitp`]: integers print as `%d`, floating point as
/// `%.10f` without trailing zeros, as in testlib.
pub trait Points: Copy {
    /// The score as a double (checked and written to the `-appes` report).
    fn value(self) -> f64;
    /// The score as printed before the message.
    fn render(self) -> String;
}

macro_rules! integer_points {
    ($($t:ty),*) => {$(
        impl Points for $t {
            fn value(self) -> f64 { self as f64 }
            fn render(self) -> String { self.to_string() }
        }
    )*};
}
integer_points!(i32, i64, u32, u64, usize);

impl Points for f64 {
    fn value(self) -> f64 {
        self
    }
    fn render(self) -> String {
        format::remove_double_trailing_zeroes(&format::fixed(self, 10))
    }
}

impl Points for f32 {
    fn value(self) -> f64 {
        f64::from(self)
    }
    fn render(self) -> String {
        f64::from(self).render()
    }
}

/// Ends the program with a score (testlib's `quitp`): exit code 7, message
/// `points <score> <message>`. The score must be finite and in `[0, 1e6]`.
pub fn quitp<P: Points>(points: P, message: impl Display) -> ! {
    let mut value = points.value();
    if value.is_nan() {
        fail("Parameter 'points' can't be nan");
    }
    if value.is_infinite() && value > 0.0 || value > 1e6 + 1e-8 {
        fail("Parameter 'points' can't be greater than 1E6");
    }
    if value < -1e-8 {
        fail("Parameter 'points' can't be negative");
    }
    value = value.clamp(0.0, 1e6);
    let shown = points.render();
    runtime::set_points(value, shown.clone());
    let message = message.to_string();
    let text = if message.is_empty() {
        shown
    } else {
        format!("{shown} {message}")
    };
    quit(Outcome::Points, text)
}

/// Ends the program with free-form points information (testlib's `quitpi`):
/// `points_info=<info> <message>`; `info` must not contain spaces.
pub fn quitpi(points_info: &str, message: impl Display) -> ! {
    if points_info.contains(' ') {
        fail("Parameter 'points_info' can't contain spaces");
    }
    let message = message.to_string();
    if message.is_empty() {
        quit(Outcome::Points, format!("points_info={points_info}"))
    } else {
        quit(
            Outcome::Points,
            format!("points_info={points_info} {message}"),
        )
    }
}

/// A value [`expected_but_found`] can show: integers exactly, doubles as
/// `%.12f` without trailing zeros, text compressed.
pub trait Shown {
    /// The value as testlib shows it.
    fn shown(&self) -> String;
}

macro_rules! shown_integer {
    ($($t:ty),*) => {$( impl Shown for $t { fn shown(&self) -> String { self.to_string() } } )*};
}
shown_integer!(i32, i64, u32, u64, usize, isize);

impl Shown for f64 {
    fn shown(&self) -> String {
        format::remove_double_trailing_zeroes(&format::fixed(*self, 12))
    }
}

impl Shown for &str {
    fn shown(&self) -> String {
        self.to_string()
    }
}

impl Shown for String {
    fn shown(&self) -> String {
        self.clone()
    }
}

impl Shown for &[u8] {
    fn shown(&self) -> String {
        format::bytes_message(self)
    }
}

impl Shown for Vec<u8> {
    fn shown(&self) -> String {
        format::bytes_message(self)
    }
}

/// Ends the program with `[<prefix>: ]expected '<e>', but found '<f>'`
/// (testlib's `expectedButFound`).
pub fn expected_but_found<T: Shown>(
    outcome: Outcome,
    expected: T,
    found: T,
    prefix: impl Display,
) -> ! {
    let prefix = prefix.to_string();
    let e = compress(expected.shown().as_bytes());
    let f = compress(found.shown().as_bytes());
    if prefix.is_empty() {
        quit(outcome, format!("expected '{e}', but found '{f}'"))
    } else {
        quit(
            outcome,
            format!(
                "{}: expected '{e}', but found '{f}'",
                compress(prefix.as_bytes())
            ),
        )
    }
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
    fn the_file_size_cap_defaults_to_testlibs() {
        if std::env::var_os(MAX_FILE_SIZE_ENV).is_none() {
            assert_eq!(max_file_size(), Some(128 * 1024 * 1024));
        }
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
        use crate::fixed;
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
