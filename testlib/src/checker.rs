//! Checkers: `checker [--testset T] [--group G] input output answer
//! [result-file [-appes]]`, and the verdict functions checkers use.

use std::fmt::Display;

use crate::args::{USAGE, positional_args, program_args, read_result_file, read_testset_and_group};
use crate::format::{self, compress};
use crate::outcome::Outcome;
use crate::protocol::Protocol;
use crate::runtime::{self, Mode, Role, fail, quit_global, state};
use crate::stream::{self, InStream, max_file_size};

/// The streams of a registered checker.
pub struct Checker {
    /// The test input.
    pub inf: InStream,
    /// The contestant's output (a UTF-8 byte order mark is skipped).
    pub ouf: InStream,
    /// The jury's answer.
    pub ans: InStream,
}

const KATTIS_USAGE: &str = "Output validator must be run with the following arguments: [--testset testset] [--group group] <input-file> <answer-file> <feedback-dir> [<judge-flags>...] < <output-file>";
const CMS_USAGE: &str = "Checker must be run with the following arguments: [--testset testset] [--group group] <input-file> <correct-output-file> <contestant-output-file>";

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
    let (input, output, answer) = match runtime::resolve_protocol(Some(&positional)) {
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
    // testlib's checks, in its order (`__testlib_preparePoints`).
    if value.is_nan() {
        fail("Parameter 'points' can't be nan");
    }
    if !(-1e300..=1e300).contains(&value) {
        fail("Parameter 'points' can't be infinite");
    }
    if value < -1e-8 {
        fail("Parameter 'points' can't be negative");
    }
    if value > 1e6 + 1e-8 {
        fail("Parameter 'points' can't be greater than 1E6");
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

/// One program at a time in a process: the state is process-wide.
static IN_PROCESS: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Runs a checker's `main` inside this process, as if it were started with
/// `args` (its name first), and returns what it would have ended with:
/// the exit code and the report it would have written to stderr, byte for
/// byte (result and feedback files are written as usual). For a host that
/// checks many outputs, such as a judge: a spawn fewer a test.
///
/// The state testlib keeps is process-wide, so runs take turns (a lock);
/// each starts from a fresh state and sets no exit handler nor panic hook
/// in the host. A `main` that returns ends as the exit checks of a spawned
/// one would end it (a checker without a verdict, a program that never
/// registered: FAIL); one that panics is a FAIL with the panic's message (a
/// spawned one's names the source line too).
pub fn run_in_process(args: Vec<String>, main: impl FnOnce()) -> runtime::Exit {
    let _turn = runtime::lock(&IN_PROCESS);
    stream::reset_globals();
    let exit = runtime::run_hosted(args, main);
    stream::reset_globals();
    exit
}
