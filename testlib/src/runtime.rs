//! The process-wide state of a testlib program and the verdict pipeline.
//!
//! testlib keeps its state in globals and checks, when the program exits,
//! that it ended properly (a checker must quit, a validator must read EOF,
//! generator options must all be used). We keep the same state behind a
//! mutex and run the same exit-time checks from an `atexit` handler, which is
//! armed by the first registration or the first use of a global such as the
//! option parser.
//!
//! The runtime sits below the streams, the options and the program kinds, and
//! never names them: what the pipeline needs from them (the output stream's
//! origin and dirt check, the validator's marks and logs, `tout`, the unused
//! option check) is installed as [`Hooks`] by the modules that own it.

use std::fmt::Display;
use std::io::Write;
use std::sync::{Mutex, MutexGuard};

use crate::format::{self, message_bytes};
use crate::outcome::Outcome;
use crate::protocol::{self, Protocol, Verdict};

/// What the verdict pipeline calls in the modules above the runtime. Every
/// hook does nothing until the module that owns the data installs it.
#[derive(Clone, Copy)]
pub(crate) struct Hooks {
    /// The origin of a global verdict: the output stream's.
    pub output_origin: fn() -> Origin,
    /// testlib's dirt check: is anything but blanks left in the output?
    pub output_has_dirt: fn() -> bool,
    /// Notes where a validator's test case starts in its input.
    pub mark_test_case: fn(i32),
    /// Flushes the interactor's `tout` before the program ends.
    pub flush_tout: fn(),
    /// The exit check's message for an option never used, if any.
    pub unused_opt: fn() -> Option<String>,
    /// Writes the validator's logs after a clean exit.
    pub clean_exit: fn(),
}

impl Hooks {
    const NONE: Hooks = Hooks {
        output_origin: Origin::unopened,
        output_has_dirt: || false,
        mark_test_case: |_| {},
        flush_tout: || {},
        unused_opt: || None,
        clean_exit: || {},
    };
}

/// Installs hooks (done by registration and the option parser).
pub(crate) fn install_hooks(f: impl FnOnce(&mut Hooks)) {
    f(&mut state().hooks);
}

/// The hooks installed, copied out so that none runs under the state's lock.
fn hooks() -> Hooks {
    state().hooks
}

/// Locks `mutex`, whose data stays good even if a verdict unwound (under
/// [`catch_exit`]) or some user code panicked while it was held.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Which kind of testlib program is running (testlib's `TTestlibMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Unknown,
    Checker,
    Validator,
    Generator,
    Interactor,
}

/// The role of a stream, which decides who is blamed for a bad read
/// (testlib's `TMode`): the output's faults are the contestant's (WA/PE),
/// the input's and the answer's are the jury's (FAIL).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The test input (`inf`).
    Input,
    /// The contestant's output (`ouf`).
    Output,
    /// The jury's answer (`ans`).
    Answer,
}

/// What a verdict needs to know about the stream it was raised on.
#[derive(Clone, Debug)]
pub(crate) struct Origin {
    pub role: Role,
    pub name: String,
    pub last_line: Option<i64>,
    pub max_message_length: usize,
}

impl Origin {
    /// The origin of the global quit functions while no output stream exists:
    /// testlib's default `InStream` (role input, empty name).
    pub(crate) fn unopened() -> Origin {
        Origin {
            role: Role::Input,
            name: String::new(),
            last_line: None,
            max_message_length: 32000,
        }
    }
}

/// A verdict caught by [`catch_exit`] instead of ending the process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exit {
    /// The exit code the program would have ended with.
    pub code: i32,
    /// What it would have written to stderr.
    pub report: Vec<u8>,
}

thread_local! {
    /// How many `catch_exit` calls are active on this thread: while any is,
    /// a verdict unwinds (testlib's `TESTLIB_THROW_EXIT_EXCEPTION_INSTEAD_OF_EXIT`)
    /// instead of exiting. Per thread, so that tests running in parallel
    /// threads cannot end each other's process.
    static CATCHING: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

fn catching() -> bool {
    CATCHING.try_with(|c| c.get() > 0).unwrap_or(false)
}

thread_local! {
    /// The arguments of the program [`run_in_process`] runs on this thread.
    static IN_PROCESS_ARGS: std::cell::RefCell<Option<Vec<String>>> =
        const { std::cell::RefCell::new(None) };
}

/// Whether this thread runs a program in another's process.
fn in_process() -> bool {
    IN_PROCESS_ARGS
        .try_with(|a| a.borrow().is_some())
        .unwrap_or(false)
}

/// The arguments a program run by [`run_in_process`] sees, if this thread
/// runs one.
pub(crate) fn in_process_args() -> Option<Vec<String>> {
    IN_PROCESS_ARGS
        .try_with(|a| a.borrow().clone())
        .ok()
        .flatten()
}

/// The exit check's message for a checker that gave no verdict.
const CHECKER_MUST_QUIT: &str = "Checker must end with quit or quitf call.";
/// The exit check's message for a program that never registered.
const REGISTER_FIRST: &str =
    "Call register-function in the first line of the main (registerTestlibCmd or other similar)";

/// [`crate::run_in_process`] once its turn has come: runs `main` from a
/// fresh state with `args` as its arguments, and leaves a fresh state.
pub(crate) fn run_hosted(args: Vec<String>, main: impl FnOnce()) -> Exit {
    *state() = State::FRESH;
    IN_PROCESS_ARGS.with(|a| *a.borrow_mut() = Some(args));
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        catch_exit(|| {
            main();
            // What the exit checks of a spawned program would say.
            let st = state();
            let message = match (st.registered, st.mode, st.quit_count) {
                (false, _, _) => REGISTER_FIRST,
                (true, Mode::Checker, 0) => CHECKER_MUST_QUIT,
                _ => return,
            };
            drop(st);
            quit(
                &Origin::unopened(),
                Outcome::Fail,
                message.as_bytes().to_vec(),
            );
        })
    }));
    let exit = match ran {
        Ok(Err(exit)) => exit,
        Ok(Ok(())) => Exit {
            code: state().exit_code,
            report: Vec::new(),
        },
        Err(panic) => {
            let said = (panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            let message = format!("testlib-rs: the program panicked: {said}");
            catch_exit(|| quit_global(Outcome::Fail, &message)).unwrap_err()
        }
    };
    IN_PROCESS_ARGS.with(|a| *a.borrow_mut() = None);
    *state() = State::FRESH;
    exit
}

pub(crate) struct State {
    pub mode: Mode,
    pub registered: bool,
    /// Cleared by `disable_finalize_guard` and once the exit checks ran.
    guard_alive: bool,
    guard_armed: bool,
    quit_count: u32,
    pub read_eof_count: u32,
    /// The exit code of the last verdict (testlib's `__testlib_exitCode`).
    exit_code: i32,
    in_exit_handler: bool,
    pub result_file: Option<String>,
    pub appes: bool,
    pub appes_encoding: String,
    test_case: Option<i32>,
    test_case_seen: bool,
    test_case_zero_based: bool,
    /// A `quitp` score: its value and its text as the message shows it.
    points: Option<(f64, String)>,
    pub unexpected_eof: bool,
    pub testset: String,
    pub group: String,
    /// The judge protocol, decided when a checker or validator registers.
    pub protocol: Protocol,
    /// Where a Kattis output validator writes its feedback files.
    pub feedback_dir: Option<std::path::PathBuf>,
    /// Where the verdict's stdout line goes when stdout is the channel to
    /// the contestant (a CMS manager): the judge's original stdout.
    pub verdict_out: Option<std::fs::File>,
    /// The program's name for `--help` (testlib's `setName`).
    pub name: Option<String>,
    hooks: Hooks,
}

static STATE: Mutex<State> = Mutex::new(State::FRESH);

impl State {
    /// The state of a program that has done nothing yet.
    const FRESH: State = State {
        mode: Mode::Unknown,
        registered: false,
        guard_alive: true,
        guard_armed: false,
        quit_count: 0,
        read_eof_count: 0,
        exit_code: 0,
        in_exit_handler: false,
        result_file: None,
        appes: false,
        appes_encoding: String::new(),
        test_case: None,
        test_case_seen: false,
        test_case_zero_based: false,
        points: None,
        unexpected_eof: false,
        testset: String::new(),
        group: String::new(),
        protocol: Protocol::Testlib,
        feedback_dir: None,
        verdict_out: None,
        name: None,
        hooks: Hooks::NONE,
    };
}

/// Locks the global state. A verdict never panics while holding the lock, so
/// a poisoned lock only means some user code panicked; the state is still good.
pub(crate) fn state() -> MutexGuard<'static, State> {
    lock(&STATE)
}

/// Marks the program as registered in `mode` and arms the exit checks.
pub(crate) fn register(mode: Mode) {
    let mut st = state();
    st.mode = mode;
    st.registered = true;
    arm_guard(&mut st);
    drop(st);
    // In another's process, its panics are its own.
    if !in_process() {
        install_panic_hook();
    }
}

/// Installs the `atexit` handler that runs testlib's finalisation checks.
fn arm_guard(st: &mut State) {
    if !st.guard_armed && !in_process() {
        st.guard_armed = true;
        // SAFETY: `finalize` is an `extern "C" fn()` that never unwinds.
        unsafe {
            libc::atexit(finalize);
        }
    }
}

/// Arms the exit checks without registering (first use of a testlib global).
pub(crate) fn touch() {
    arm_guard(&mut state());
}

/// A program that panics is at fault, like a crashed checker: report FAIL
/// with the panic message instead of Rust's exit code 101.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = format!("testlib-rs: the program panicked: {info}");
        match STATE.try_lock() {
            Ok(guard) => {
                drop(guard);
                quit_global(Outcome::Fail, &message)
            }
            Err(_) => {
                eprintln!("FAIL {message}");
                // SAFETY: `_exit` ends the process at once, which is the point.
                unsafe { libc::_exit(3) }
            }
        }
    }));
}

/// Runs `f`, turning a verdict raised inside it into `Err(Exit)` instead of
/// ending the process; the verdict's report is returned, not printed (result
/// and Kattis feedback files are still written; CMS's score line is not). This is testlib's
/// `TESTLIB_THROW_EXIT_EXCEPTION_INSTEAD_OF_EXIT`, for testing checkers and
/// the library in-process. Only this thread is affected; other panics pass
/// through.
pub fn catch_exit<T>(f: impl FnOnce() -> T) -> Result<T, Exit> {
    CATCHING.with(|c| c.set(c.get() + 1));
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    CATCHING.with(|c| c.set(c.get() - 1));
    match result {
        Ok(value) => Ok(value),
        Err(payload) => match payload.downcast::<Exit>() {
            Ok(exit) => Err(*exit),
            Err(other) => std::panic::resume_unwind(other),
        },
    }
}

/// Turns off the exit-time checks (testlib's `disableFinalizeGuard`).
pub fn disable_finalize_guard() {
    state().guard_alive = false;
}

/// Makes an unexpected end of the output exit with code 8 and the prefix
/// `unexpected eof` instead of being a presentation error (testlib's
/// `-DENABLE_UNEXPECTED_EOF`, recommended for interactors).
pub fn enable_unexpected_eof() {
    state().unexpected_eof = true;
}

/// Sets the `encoding` declared in `-appes` XML reports (testlib's
/// `setAppesModeEncoding`; default `windows-1251`). Names are lower-cased;
/// only letters, digits, `-` and `_` are allowed.
pub fn set_appes_encoding(encoding: &str) {
    let encoding = encoding.to_ascii_lowercase();
    if encoding.is_empty()
        || !encoding
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        fail("Unexpected encoding for setAppesModeEncoding(encoding)");
    }
    state().appes_encoding = encoding;
}

/// Decides the judge protocol of the program being registered and records
/// it; FAILs on an unknown name (see [`protocol::decide`]).
pub(crate) fn resolve_protocol(checker_args: Option<&[String]>) -> Protocol {
    let protocol = protocol::decide(checker_args).unwrap_or_else(|message| fail(message));
    state().protocol = protocol;
    protocol
}

/// Makes the program speak Kattis's protocol with `feedback_dir` (an
/// interactor called as a Kattis interactive validator).
pub(crate) fn speak_kattis(feedback_dir: &str) {
    let mut st = state();
    st.protocol = Protocol::Kattis;
    st.feedback_dir = Some(feedback_dir.into());
}

/// Makes the program speak CMS's protocol with its verdict on `verdict_out`
/// (an interactor called as a CMS Communication manager, whose stdout is
/// the channel to the contestant).
pub(crate) fn speak_cms(verdict_out: std::fs::File) {
    let mut st = state();
    st.protocol = Protocol::Cms;
    st.verdict_out = Some(verdict_out);
}

/// The judge protocol this program speaks, decided when it registered as a
/// checker or validator (testlib's for generators and interactors).
pub fn protocol() -> Protocol {
    state().protocol
}

/// The testset named by `--testset` (default `tests`), as testlib's `getTestset`.
pub fn testset() -> String {
    state().testset.clone()
}

/// The group named by `--group` (default empty), as testlib's `getGroup`.
pub fn group() -> String {
    state().group.clone()
}

/// Sets the test case that later verdicts name (testlib's `setTestCase`).
/// The first call with 0 switches to zero-based numbering: all numbers are
/// then shown one higher. In a validator it also marks where the case starts
/// for `--testMarkupFileName` and `--testCase`.
pub fn set_test_case(test_case: i32) {
    let mut st = state();
    if !st.test_case_seen && test_case == 0 {
        st.test_case_zero_based = true;
    }
    st.test_case_seen = true;
    let shown = if st.test_case_zero_based {
        test_case + 1
    } else {
        test_case
    };
    st.test_case = Some(shown);
    let validating = st.mode == Mode::Validator;
    let mark_test_case = st.hooks.mark_test_case;
    drop(st);
    if validating {
        mark_test_case(shown);
    }
}

/// Forgets the current test case (testlib's `unsetTestCase`).
pub fn unset_test_case() {
    state().test_case = None;
}

// Internal bracket markers: testlib gathers every suffix of a message into one
// pair of parentheses, and marks that pair with these two control bytes until
// the message is printed.
const OPEN_BRACKET: u8 = 0x0B;
const CLOSE_BRACKET: u8 = 0x11;

/// The position of the one marker `mark` in `message`, if it occurs once.
fn single(message: &[u8], mark: u8) -> Option<usize> {
    let mut found = None;
    for (i, &b) in message.iter().enumerate() {
        if b == mark {
            if found.is_some() {
                return None;
            }
            found = Some(i);
        }
    }
    found
}

/// testlib's `__testlib_appendMessage`: adds `extra` inside the suffix
/// brackets, or opens them.
fn append_suffix(message: &[u8], extra: &[u8]) -> Vec<u8> {
    if let (Some(open), Some(close)) = (
        single(message, OPEN_BRACKET),
        single(message, CLOSE_BRACKET),
    ) && open < close
    {
        // Like `message.find(extra, open)`: an empty `extra` is found at once.
        let found = if extra.is_empty() {
            Some(0)
        } else {
            message[open..]
                .windows(extra.len())
                .position(|w| w == extra)
        };
        if found.is_some_and(|index| open + index < close) {
            return message.to_vec();
        }
        let mut out = message[..close].to_vec();
        out.extend_from_slice(b", ");
        out.extend_from_slice(extra);
        out.extend_from_slice(&message[close..]);
        return out;
    }
    let mut out = message.to_vec();
    out.push(b' ');
    out.push(OPEN_BRACKET);
    out.extend_from_slice(extra);
    out.push(CLOSE_BRACKET);
    out
}

/// testlib's `__testlib_toPrintableMessage`: the markers become parentheses.
fn printable(message: &[u8]) -> Vec<u8> {
    let mut out = message.to_vec();
    if let (Some(open), Some(close)) = (
        single(message, OPEN_BRACKET),
        single(message, CLOSE_BRACKET),
    ) && open < close
    {
        out[open] = b'(';
        out[close] = b')';
    }
    out
}

fn trim_bytes(s: &[u8]) -> &[u8] {
    let start = s
        .iter()
        .position(|&b| !format::is_blank(b))
        .unwrap_or(s.len());
    let end = s
        .iter()
        .rposition(|&b| !format::is_blank(b))
        .map_or(start, |i| i + 1);
    &s[start..end]
}

/// A verdict on the global output stream (testlib's `quit`).
pub(crate) fn quit_global(outcome: Outcome, message: &str) -> ! {
    let origin = (hooks().output_origin)();
    quit(&origin, outcome, message_bytes(message))
}

/// A FAIL raised by the library itself (testlib's `__testlib_fail`).
pub(crate) fn fail(message: impl Display) -> ! {
    quit_global(Outcome::Fail, &message.to_string())
}

/// The verdict pipeline, in testlib's order: trim, test-case suffix,
/// truncation, unexpected-EOF mapping, blame by stream, the dirt check, then
/// the report and the exit code.
pub(crate) fn quit(origin: &Origin, outcome: Outcome, message: Vec<u8>) -> ! {
    let mut st = state();
    if st.guard_alive {
        st.quit_count += 1;
    }
    let mut message = trim_bytes(&message).to_vec();
    if let Some(tc) = st.test_case {
        let suffix = match (outcome, tc) {
            (Outcome::Ok, 1) => "1 test case".to_string(),
            (Outcome::Ok, _) => format!("{tc} test cases"),
            _ => format!("test case {tc}"),
        };
        message = append_suffix(&message, suffix.as_bytes());
    }
    let limit = origin.max_message_length;
    if message.len() > limit {
        let warn = format!("message length exceeds {limit}, the message is truncated: ");
        let keep = limit.saturating_sub(warn.len()).min(message.len());
        let mut truncated = warn.into_bytes();
        truncated.extend_from_slice(&message[..keep]);
        message = truncated;
    }
    let outcome = match outcome {
        Outcome::UnexpectedEof if !st.unexpected_eof => Outcome::Pe,
        other => other,
    };
    if origin.role != Role::Output && outcome != Outcome::Fail {
        let mut blamed = append_suffix(&message, origin.name.as_bytes());
        if origin.role == Role::Input
            && st.mode == Mode::Validator
            && let Some(line) = origin.last_line
        {
            blamed = append_suffix(&blamed, format!("line {line}").as_bytes());
        }
        drop(st);
        quit(origin, Outcome::Fail, blamed);
    }
    if outcome.checks_dirt() && st.mode != Mode::Interactor {
        let output_has_dirt = st.hooks.output_has_dirt;
        drop(st);
        if output_has_dirt() {
            quit(
                origin,
                Outcome::Dirt,
                b"Extra information in the output file".to_vec(),
            );
        }
        st = state();
    }
    let reported = if outcome == Outcome::Dirt {
        Outcome::Pe
    } else {
        outcome
    };
    let printable_message = printable(&message);

    if let Some(path) = st.result_file.clone() {
        let mut content = Vec::new();
        if st.appes {
            let encoding = if st.appes_encoding.is_empty() {
                "windows-1251"
            } else {
                st.appes_encoding.as_str()
            };
            write!(content, "<?xml version=\"1.0\" encoding=\"{encoding}\"?>").unwrap();
            match reported {
                Outcome::Partially(k) => write!(
                    content,
                    "<result outcome = \"{}\" pctype = \"{k}\">",
                    reported.appes_name()
                )
                .unwrap(),
                Outcome::Points => {
                    let Some((points, _)) = st.points else {
                        drop(st);
                        quit(
                            origin,
                            Outcome::Fail,
                            b"Expected points, but infinity found".to_vec(),
                        );
                    };
                    let points = format::remove_double_trailing_zeroes(&format::fixed(points, 10));
                    write!(
                        content,
                        "<result outcome = \"points\" points = \"{points}\">"
                    )
                    .unwrap()
                }
                _ => write!(content, "<result outcome = \"{}\">", reported.appes_name()).unwrap(),
            }
            xml_escape_into(&mut content, &printable_message);
            content.extend_from_slice(b"</result>\n");
        } else {
            content.extend_from_slice(&printable_message);
        }
        if std::fs::write(&path, &content).is_err() {
            st.result_file = None;
            drop(st);
            quit(
                origin,
                Outcome::Fail,
                b"Can not write to the result file".to_vec(),
            );
        }
    }

    let unexpected_eof = st.unexpected_eof;
    let mut report = Vec::new();
    if st.result_file.is_none() {
        // Other protocols' judges read the text: no colours there.
        let colour = st.protocol == Protocol::Testlib && colours_wanted() && !catching();
        if colour {
            report.extend_from_slice(reported.colour().as_bytes());
        }
        report.extend_from_slice(reported.prefix(unexpected_eof).as_bytes());
        if colour {
            report.extend_from_slice(b"\x1b[0m");
        }
        report.extend_from_slice(&printable_message);
    }
    report.push(b'\n');
    if st.result_file.is_some() {
        report.extend_from_slice(b"See file to check exit message\n");
    }
    let testlib_code = reported.exit_code(unexpected_eof);
    st.exit_code = testlib_code;

    let verdict = Verdict {
        outcome: reported,
        testlib_code,
        text: &report,
        points: st
            .points
            .as_ref()
            .map(|(value, shown)| (*value, shown.as_str())),
        validator: st.mode == Mode::Validator,
    };
    let delivery = match protocol::deliver(st.protocol, &verdict, st.feedback_dir.as_deref()) {
        Ok(delivery) => delivery,
        Err(message) => {
            drop(st);
            quit(origin, Outcome::Fail, message.into_bytes());
        }
    };
    for (path, content) in &delivery.files {
        if std::fs::write(path, content).is_err() {
            // The FAIL must not try the same files again.
            st.feedback_dir = None;
            drop(st);
            let message = format!("Can not write to the feedback file \"{}\"", path.display());
            quit(origin, Outcome::Fail, message.into_bytes());
        }
    }
    let flush_tout = st.hooks.flush_tout;
    let verdict_out = st.verdict_out.as_ref().and_then(|f| f.try_clone().ok());
    drop(st);

    flush_tout();
    let _ = std::io::stdout().flush();
    if let (Some(line), false) = (&delivery.stdout, catching()) {
        let _ = match verdict_out {
            Some(mut out) => out.write_all(line.as_bytes()),
            None => std::io::stdout().write_all(line.as_bytes()),
        };
    }
    let _ = std::io::stdout().flush();
    let code = delivery.code;
    if catching() {
        std::panic::resume_unwind(Box::new(Exit { code, report }));
    }
    let mut stderr = std::io::stderr().lock();
    let _ = stderr.write_all(&report);
    let _ = stderr.flush();
    drop(stderr);
    exit_process(code)
}

/// testlib colours the prefix only when stderr is a terminal; we also honour
/// `NO_COLOR`.
fn colours_wanted() -> bool {
    // SAFETY: `isatty` only inspects the descriptor.
    let tty = unsafe { libc::isatty(2) } == 1;
    tty && std::env::var_os("NO_COLOR").is_none()
}

fn xml_escape_into(out: &mut Vec<u8>, message: &[u8]) {
    for &b in message {
        match b {
            b'&' => out.extend_from_slice(b"&amp;"),
            b'<' => out.extend_from_slice(b"&lt;"),
            b'>' => out.extend_from_slice(b"&gt;"),
            b'"' => out.extend_from_slice(b"&quot;"),
            0..=31 => out.push(b'.'),
            _ => out.push(b),
        }
    }
}

fn exit_process(code: i32) -> ! {
    if state().in_exit_handler {
        // Inside `atexit`: calling `exit` again is undefined behaviour.
        // SAFETY: `_exit` ends the process at once.
        unsafe { libc::_exit(code) }
    }
    std::process::exit(code)
}

/// testlib's `TestlibFinalizeGuard`: the checks that run when the program
/// exits, and the validator's logs, written only after a clean exit.
extern "C" fn finalize() {
    let body = std::panic::catch_unwind(|| {
        let hooks = hooks();
        // Asked before the state is locked: the option parser's lock is
        // never taken under the state's.
        let unused_opt = (hooks.unused_opt)();
        let mut st = state();
        st.in_exit_handler = true;
        let exited_by_verdict = st.quit_count > 0;
        // As in testlib, the guard also runs after a verdict: a FAIL that
        // ends a generator is followed by the unused-option FAIL.
        if st.guard_alive {
            st.guard_alive = false;
            let failure = if st.mode == Mode::Checker && !exited_by_verdict {
                Some(CHECKER_MUST_QUIT.to_string())
            } else if st.mode == Mode::Validator && st.read_eof_count == 0 && !exited_by_verdict {
                Some("Validator must end with readEof call.".to_string())
            } else if unused_opt.is_some() {
                unused_opt
            } else if !st.registered {
                Some(REGISTER_FIRST.to_string())
            } else {
                None
            };
            if let Some(message) = failure {
                drop(st);
                quit(&Origin::unopened(), Outcome::Fail, message.into_bytes());
            }
        }
        if st.exit_code == 0 && st.mode == Mode::Validator {
            let kattis = st.protocol == Protocol::Kattis;
            drop(st);
            (hooks.clean_exit)();
            // A valid input ends by returning from `main`, with no verdict
            // to map: Kattis wants 42 for it, not 0.
            if kattis && !exited_by_verdict {
                // SAFETY: `_exit` ends the process at once; we are inside
                // `exit`, where calling `exit` again is undefined behaviour.
                unsafe { libc::_exit(protocol::KATTIS_ACCEPTED) }
            }
        }
    });
    if body.is_err() {
        // SAFETY: nothing sensible is left to do; end the process.
        unsafe { libc::_exit(3) }
    }
}

/// Records that a validator read the end of its input (for the exit checks).
pub(crate) fn note_read_eof() {
    let mut st = state();
    if st.guard_alive {
        st.read_eof_count += 1;
    }
}

/// Stores the score of a `quitp` verdict for the `-appes` report and the
/// judge protocols: its value and its text as the message shows it.
pub(crate) fn set_points(points: f64, shown: String) {
    state().points = Some((points, shown));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_share_one_pair_of_brackets() {
        let m = append_suffix(b"bad", b"test case 2");
        let m = append_suffix(&m, b"stdin");
        let m = append_suffix(&m, b"line 4");
        assert_eq!(printable(&m), b"bad (test case 2, stdin, line 4)");
        // A suffix already present is not added twice.
        let again = append_suffix(&m, b"test case 2");
        assert_eq!(again, m);
    }

    #[test]
    fn trims_blanks_only() {
        assert_eq!(trim_bytes(b"  \t x y \r\n"), b"x y");
        assert_eq!(trim_bytes(b" \n "), b"");
        assert_eq!(trim_bytes(b"\x0bz"), b"\x0bz");
    }
}
