//! `InStream`: testlib's reading API, with its exact grammar and messages.
//!
//! A stream has a role (input, output, answer) that decides who is blamed
//! when a read fails: a bad output is WA or PE, a bad input or answer is FAIL
//! (the jury's fault), with the stream's name appended. Reads return values;
//! a failed read ends the program with the verdict, so checkers need no error
//! handling, exactly as with testlib.
//!
//! Non-strict streams (checkers, interactors) skip blanks before tokens;
//! strict streams (validators) require every byte to be read explicitly:
//! single spaces between items, `\n` at line ends, nothing after the end.

mod number;
mod reader;

pub use number::{parse_i64, parse_u64};

use std::fmt::Display;
use std::fs::File;
use std::ops::{Bound, RangeBounds};
use std::os::fd::AsFd;
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};

use crate::format::{self, Bytes, compress, human_readable, message_bytes, vtos_f64};
use crate::outcome::Outcome;
use crate::pattern::Pattern;
use crate::runtime::{self, Origin, Role};
use crate::validation;
use number::StrictDoubleError;
use reader::{Reader, Source, TokenError};

/// testlib's default limits.
pub(crate) const DEFAULT_MAX_FILE_SIZE: u64 = 128 * 1024 * 1024;
/// The limit set by [`set_max_file_size`], if any.
static MAX_FILE_SIZE: Mutex<Option<u64>> = Mutex::new(None);

/// The environment variable that overrides testlib's 128 MiB limit on the
/// size of the files a checker opens (bytes; 0 lifts it).
pub const MAX_FILE_SIZE_ENV: &str = "TESTLIB_RS_MAX_FILE_SIZE";

/// The file-size limit in force: [`set_max_file_size`], else the environment,
/// else testlib's 128 MiB.
pub(crate) fn max_file_size() -> Option<u64> {
    if let Some(limit) = *runtime::lock(&MAX_FILE_SIZE) {
        return (limit > 0).then_some(limit);
    }
    match std::env::var(MAX_FILE_SIZE_ENV)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
    {
        Some(0) => None,
        Some(limit) => Some(limit),
        None => Some(DEFAULT_MAX_FILE_SIZE),
    }
}

/// Sets the largest file a checker or interactor opens (testlib's
/// `maxFileSize`, 128 MiB); 0 removes the limit. Call before registering.
pub fn set_max_file_size(bytes: u64) {
    *runtime::lock(&MAX_FILE_SIZE) = Some(bytes);
}

const DEFAULT_MAX_TOKEN_LENGTH: usize = 32 * 1024 * 1024;
const DEFAULT_MAX_MESSAGE_LENGTH: usize = 32000;
/// `readInts(size, ...)` refuses sizes above this.
const MAX_MANY: usize = 100_000_000;

/// A verdict raised by a read, before blame is assigned.
struct Failure(Outcome, String);

impl Failure {
    /// Ends the program with this failure, raised on the stream at `origin`.
    fn quit(self, origin: Origin) -> ! {
        runtime::quit(&origin, self.0, message_bytes(&self.1))
    }
}

type Read<T> = Result<T, Failure>;

fn failure<T>(outcome: Outcome, message: impl Into<String>) -> Read<T> {
    Err(Failure(outcome, message.into()))
}

struct Core {
    /// `None` for a stream that could not be opened (a missing input file,
    /// which testlib tolerates until something reads it).
    reader: Option<Reader>,
    name: String,
    role: Role,
    strict: bool,
    /// String streams have no line numbers (testlib's `getLine` is -1).
    is_string: bool,
    /// The validator's or checker's own `inf`, whose `readEof` counts.
    is_std_input: bool,
    last_line: Option<i64>,
    /// The index shown in messages while reading a list (`a[3]`).
    many_index: Option<i64>,
    max_token_length: usize,
    max_message_length: usize,
    /// Where each validator test case starts (byte offset, case number).
    case_marks: Vec<(u64, i32)>,
}

/// A stream to read from: the test input, the contestant's output, the jury's
/// answer, or a string. Cloning gives another handle to the same stream,
/// which other threads may use too.
#[derive(Clone)]
pub struct InStream(Arc<Mutex<Core>>);

/// A stream held by one thread ([`InStream::hold`]): the reads of a
/// checker's hot loop, without a lock each.
pub struct Held<'a>(MutexGuard<'a, Core>);

impl Held<'_> {
    /// Runs a read on the core and turns a failure into the verdict.
    #[inline]
    fn run<T>(&mut self, f: impl FnOnce(&mut Core) -> Read<T>) -> T {
        f(&mut self.0).unwrap_or_else(|failure| failure.quit(self.0.origin()))
    }

    /// As [`InStream::eof`].
    #[inline]
    pub fn eof(&mut self) -> bool {
        self.0.eof()
    }

    /// As [`InStream::seek_eof`].
    #[inline]
    pub fn seek_eof(&mut self) -> bool {
        self.0.seek_eof()
    }

    /// As [`InStream::read_long`].
    #[inline]
    pub fn read_long(&mut self) -> i64 {
        self.run(Core::read_long)
    }

    /// Reads the plain integers that come next into `out`, as many as fit,
    /// and returns how many: what `while !seek_eof() { read_long() }` reads,
    /// with one call for many numbers (a checker's loop over a large output
    /// runs about a quarter faster). It stops, without failing, at the end
    /// of the stream and before a token that [`Held::read_long`] would read
    /// another way or fail on, which is left for `read_long`: so a checker
    /// that reads the rest with `read_long` gets the same values and
    /// failures, in the same order, as one that never called this. A plain
    /// integer is at most 19 digits after an optional `-`, with no leading
    /// zero. Reads nothing from a strict stream.
    pub fn read_plain_longs(&mut self, out: &mut [i64]) -> usize {
        self.0.plain_longs(out)
    }

    /// As [`InStream::read_token_to`].
    #[inline]
    pub fn read_token_to(&mut self, out: &mut Vec<u8>) {
        self.run(|s| {
            let t = s.token()?;
            out.clear();
            out.extend_from_slice(t);
            Ok(())
        })
    }
}

/// A pattern given as text or compiled once with [`Pattern::new`].
pub trait AsPattern {
    /// Runs `f` with the compiled pattern.
    fn with_pattern<R>(&self, f: impl FnOnce(&Pattern) -> R) -> R;
}

impl AsPattern for &str {
    fn with_pattern<R>(&self, f: impl FnOnce(&Pattern) -> R) -> R {
        f(&Pattern::new(self))
    }
}

impl AsPattern for &Pattern {
    fn with_pattern<R>(&self, f: impl FnOnce(&Pattern) -> R) -> R {
        f(self)
    }
}

/// The inclusive bounds of a range, as testlib's `[min, max]`.
fn bounds<T: Copy>(
    range: &impl RangeBounds<T>,
    min: T,
    max: T,
    pred: impl Fn(T) -> T,
    succ: impl Fn(T) -> T,
) -> (T, T) {
    let lo = match range.start_bound() {
        Bound::Included(&x) => x,
        Bound::Excluded(&x) => succ(x),
        Bound::Unbounded => min,
    };
    let hi = match range.end_bound() {
        Bound::Included(&x) => x,
        Bound::Excluded(&x) => pred(x),
        Bound::Unbounded => max,
    };
    (lo, hi)
}

/// The subject of a range message: `Integer 5`, `Integer parameter [name=n]
/// equals to 5`, `Integer element [index=3] equals to 5`, `Integer element
/// a[3] equals to 5`.
fn subject(kind: &str, name: &str, index: Option<i64>, value: &str) -> String {
    match (index, name.is_empty()) {
        (None, true) => format!("{kind} {value}"),
        (None, false) => format!("{kind} parameter [name={name}] equals to {value},"),
        (Some(i), true) => format!("{kind} element [index={i}] equals to {value},"),
        (Some(i), false) => format!("{kind} element {name}[{i}] equals to {value},"),
    }
}

fn range_message(
    kind: &str,
    name: &str,
    index: Option<i64>,
    value: &str,
    lo: &str,
    hi: &str,
) -> String {
    format!(
        "{} violates the range [{lo}, {hi}]",
        subject(kind, name, index, value)
    )
}

/// The message for a token or line that does not match its pattern. testlib
/// calls a named token a `Token parameter [name=s]` but a named line just a
/// `Line [name=s]`.
fn pattern_message(
    kind: &str,
    name: &str,
    index: Option<i64>,
    text: &[u8],
    pattern: &Pattern,
) -> String {
    let t = compress(text);
    let p = pattern.src();
    match (index, name.is_empty()) {
        (None, true) => format!("{kind} \"{t}\" doesn't correspond to pattern \"{p}\""),
        (None, false) => {
            let parameter = if kind == "Line" { "" } else { " parameter" };
            format!(
                "{kind}{parameter} [name={name}] equals to \"{t}\", doesn't correspond to pattern \"{p}\""
            )
        }
        (Some(i), true) => format!(
            "{kind} element [index={i}] equals to \"{t}\" doesn't correspond to pattern \"{p}\""
        ),
        (Some(i), false) => format!(
            "{kind} element {name}[{i}] equals to \"{t}\", doesn't correspond to pattern \"{p}\""
        ),
    }
}

fn expected(what: &str, token: &[u8]) -> String {
    if token.contains(&0) {
        format!(
            "Expected {what}, but \"{}\" found (it contains \\0)",
            compress(token)
        )
    } else {
        format!("Expected {what}, but \"{}\" found", compress(token))
    }
}

impl Core {
    fn new(reader: Option<Reader>, name: &str, role: Role, strict: bool) -> Core {
        Core {
            reader,
            name: name.to_string(),
            role,
            strict,
            is_string: false,
            is_std_input: false,
            last_line: None,
            many_index: None,
            max_token_length: DEFAULT_MAX_TOKEN_LENGTH,
            max_message_length: DEFAULT_MAX_MESSAGE_LENGTH,
            case_marks: Vec::new(),
        }
    }

    fn origin(&self) -> Origin {
        Origin {
            role: self.role,
            name: self.name.clone(),
            last_line: if self.is_string { None } else { self.last_line },
            max_message_length: self.max_message_length,
        }
    }

    #[inline]
    fn line(&self) -> Option<i64> {
        self.reader.as_ref().map(Reader::line)
    }

    #[inline]
    fn mark_line(&mut self) {
        if let Some(line) = self.line() {
            self.last_line = Some(line);
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.reader.as_mut().and_then(Reader::peek)
    }

    fn bump(&mut self) -> Option<u8> {
        self.reader.as_mut().and_then(Reader::bump)
    }

    fn unread(&mut self, c: u8) {
        if let Some(r) = &mut self.reader {
            r.unread(c);
        }
    }

    #[inline]
    fn skip_blanks(&mut self) {
        if let Some(r) = &mut self.reader {
            r.skip_blanks();
        }
    }

    #[inline]
    fn eof(&mut self) -> bool {
        self.reader.as_mut().is_none_or(Reader::at_eof)
    }

    #[inline]
    fn seek_eof(&mut self) -> bool {
        self.skip_blanks();
        self.eof()
    }

    fn eoln(&mut self) -> bool {
        let c = self.bump();
        if self.strict {
            // Linux testlib: a validator's line ends with exactly "\n".
            if c == Some(b'\n') {
                return true;
            }
            if let Some(c) = c {
                self.unread(c);
            }
            return false;
        }
        match c {
            None | Some(b'\n') => true,
            Some(b'\r') => match self.bump() {
                Some(b'\n') => true,
                other => {
                    if let Some(other) = other {
                        self.unread(other);
                    }
                    self.unread(b'\r');
                    false
                }
            },
            Some(other) => {
                self.unread(other);
                false
            }
        }
    }

    fn seek_eoln(&mut self) -> bool {
        loop {
            match self.bump() {
                Some(b' ' | b'\t') => continue,
                Some(other) => {
                    self.unread(other);
                    break;
                }
                None => break,
            }
        }
        self.eoln()
    }

    /// testlib's `readWordTo`.
    fn token(&mut self) -> Read<&[u8]> {
        if !self.strict {
            self.skip_blanks();
        }
        self.mark_line();
        let max = self.max_token_length;
        let Some(reader) = self.reader.as_mut() else {
            return failure(
                Outcome::UnexpectedEof,
                "Unexpected end of file - token expected",
            );
        };
        match reader.token(max) {
            Ok(t) => Ok(t),
            Err(TokenError::Eof) => failure(
                Outcome::UnexpectedEof,
                "Unexpected end of file - token expected",
            ),
            Err(TokenError::Blank) => {
                failure(Outcome::Pe, "Unexpected white-space - token expected")
            }
            Err(TokenError::TooLong(prefix)) => failure(
                Outcome::Pe,
                format!(
                    "Length of token exceeds {}, token is '{}...'",
                    max as i32,
                    compress(&prefix)
                ),
            ),
        }
    }

    /// The end-of-file check that non-strict number reads make first.
    #[inline]
    fn expect_more(&mut self, what: &str) -> Read<()> {
        if !self.strict && self.seek_eof() {
            return failure(
                Outcome::UnexpectedEof,
                format!("Unexpected end of file - {what} expected"),
            );
        }
        Ok(())
    }

    /// A plain integer token taken in one pass, if that is what comes next.
    #[inline]
    fn fast_integer(&mut self) -> Option<i64> {
        self.mark_line();
        self.reader.as_mut()?.integer()
    }

    fn plain_longs(&mut self, out: &mut [i64]) -> usize {
        if self.strict {
            return 0;
        }
        let Some(reader) = self.reader.as_mut() else {
            return 0;
        };
        let (count, line) = reader.integers(out);
        if line.is_some() {
            self.last_line = line;
        }
        count
    }

    #[inline]
    fn read_long(&mut self) -> Read<i64> {
        self.expect_more("int64")?;
        if let Some(v) = self.fast_integer() {
            return Ok(v);
        }
        let t = self.token()?;
        match number::parse_i64(t) {
            Some(v) => Ok(v),
            None => failure(Outcome::Pe, expected("integer", t)),
        }
    }

    fn read_int(&mut self) -> Read<i32> {
        self.expect_more("int32")?;
        if let Some(v) = self.fast_integer() {
            // The token is canonical, so it reads back as the value.
            return i32::try_from(v)
                .or_else(|_| failure(Outcome::Pe, format!("Expected int32, but \"{v}\" found")));
        }
        let t = self.token()?;
        match number::parse_i64(t) {
            Some(v) => i32::try_from(v).or_else(|_| {
                failure(
                    Outcome::Pe,
                    format!("Expected int32, but \"{}\" found", compress(t)),
                )
            }),
            None => failure(Outcome::Pe, expected("integer", t)),
        }
    }

    fn read_unsigned_long(&mut self) -> Read<u64> {
        self.expect_more("int64")?;
        let t = self.token()?;
        match number::parse_u64(t) {
            Some(v) => Ok(v),
            None => failure(Outcome::Pe, expected("unsigned integer", t)),
        }
    }

    fn read_double(&mut self) -> Read<f64> {
        self.expect_more("double")?;
        let t = self.token()?;
        match number::parse_f64(t) {
            Some(v) => Ok(v),
            None => failure(Outcome::Pe, expected("double", t)),
        }
    }

    fn read_strict_double(&mut self, min_digits: usize, max_digits: usize) -> Read<f64> {
        self.expect_more("strict double")?;
        let t = self.token()?;
        if t.contains(&0) {
            return failure(Outcome::Pe, expected("double", t));
        }
        number::parse_strict_f64(t, min_digits, max_digits).or_else(|e| {
            let shown = compress(t);
            let message = match e {
                StrictDoubleError::Malformed => format!("Expected strict double, but \"{shown}\" found"),
                StrictDoubleError::Digits => format!(
                    "Expected strict double with number of digits after point in range [{min_digits},{max_digits}], but \"{shown}\" found"
                ),
                StrictDoubleError::NotFinite => format!("Expected double, but \"{shown}\" found"),
                StrictDoubleError::RedundantMinus => format!("Redundant minus in \"{shown}\" found"),
            };
            failure(Outcome::Pe, message)
        })
    }

    /// testlib's `readChar(c)`.
    fn read_char_expect(&mut self, c: u8) -> Read<u8> {
        self.mark_line();
        let found = self.bump().unwrap_or(0xFF);
        if found == c {
            return Ok(found);
        }
        let shown = if found == b'\r' || found == b'\n' {
            format!("#{found}")
        } else {
            format!("'{}'", Bytes(&[found]))
        };
        failure(
            Outcome::Pe,
            format!(
                "Unexpected character {shown}, but '{}' expected",
                Bytes(&[c])
            ),
        )
    }

    fn read_eoln(&mut self) -> Read<()> {
        self.mark_line();
        if self.eoln() {
            Ok(())
        } else {
            failure(Outcome::Pe, "Expected EOLN")
        }
    }

    fn read_eof(&mut self) -> Read<()> {
        self.mark_line();
        if self.eof() {
            Ok(())
        } else {
            failure(Outcome::Pe, "Expected EOF")
        }
    }

    /// testlib's `readStringTo`.
    fn read_line(&mut self) -> Read<Vec<u8>> {
        let Some(reader) = self.reader.as_mut() else {
            return failure(Outcome::Pe, "Expected line");
        };
        let mut last = self.last_line;
        let line = reader.line_bytes(|l| last = Some(l));
        self.last_line = last;
        if self.strict {
            self.read_eoln()?;
        } else {
            self.eoln();
        }
        Ok(line)
    }

    /// The offset in the stream of the next byte to read.
    fn offset(&self) -> u64 {
        self.reader.as_ref().map_or(0, Reader::consumed)
    }

    /// Records a validator bounds hit for a named read in strict mode, and
    /// the read (from `start` to here) for the reads log.
    fn note_bounds(&self, name: &str, hits: (bool, bool), lo: String, hi: String, start: u64) {
        if self.strict {
            validation::add_bounded_read(name, hits, lo, hi, (start, self.offset()));
        }
    }

    /// Records, in strict mode, that a named value was read (the overview
    /// log's `variable` lines): testlib notes sequences before reading them
    /// and single values once they are accepted.
    fn note_variable(&self, name: &str) {
        if self.strict && !name.is_empty() {
            validation::add_variable(name);
        }
    }

    /// testlib's `__testlib_readMany`: `size` items, single spaces between
    /// them in strict mode, with the item index in messages.
    fn read_many<T>(
        &mut self,
        what: &str,
        size: usize,
        index_base: i64,
        spaces: bool,
        mut one: impl FnMut(&mut Core) -> Read<T>,
    ) -> Read<Vec<T>> {
        if size > MAX_MANY {
            return failure(
                Outcome::Fail,
                format!("{what}: size should be at most 100000000."),
            );
        }
        let mut result = Vec::with_capacity(size.min(1 << 20));
        self.many_index = Some(index_base);
        for i in 0..size {
            let item = one(self);
            let item = match item {
                Ok(v) => v,
                Err(e) => {
                    self.many_index = None;
                    return Err(e);
                }
            };
            result.push(item);
            self.many_index = self.many_index.map(|k| k + 1);
            if self.strict
                && spaces
                && i + 1 < size
                && let Err(e) = self.read_char_expect(b' ')
            {
                self.many_index = None;
                return Err(e);
            }
        }
        self.many_index = None;
        Ok(result)
    }
}

macro_rules! ranged_integer {
    ($(#[$doc:meta])* $name:ident, $raw:ident, $t:ty, $kind:expr) => {
        $(#[$doc])*
        fn $name(&mut self, lo: $t, hi: $t, name: &str) -> Read<$t> {
            let start = self.offset();
            let v = self.$raw()?;
            if v < lo || v > hi {
                let message = range_message(
                    $kind, name, self.many_index, &v.to_string(),
                    &human_readable(lo as i128), &human_readable(hi as i128),
                );
                return failure(Outcome::Wa, message);
            }
            self.note_bounds(name, (v == lo, v == hi), lo.to_string(), hi.to_string(), start);
            Ok(v)
        }
    };
}

impl Core {
    ranged_integer!(read_int_in, read_int, i32, "Integer");
    ranged_integer!(read_long_in, read_long, i64, "Integer");
    ranged_integer!(
        read_unsigned_long_in,
        read_unsigned_long,
        u64,
        "Unsigned integer"
    );

    fn check_double(
        &self,
        kind: &str,
        v: f64,
        (lo, hi): (f64, f64),
        name: &str,
        start: u64,
    ) -> Read<f64> {
        if v < lo || v > hi {
            let message = range_message(
                kind,
                name,
                self.many_index,
                &vtos_f64(v),
                &vtos_f64(lo),
                &vtos_f64(hi),
            );
            return failure(Outcome::Wa, message);
        }
        const EPS: f64 = 1e-12;
        self.note_bounds(
            name,
            (
                format::double_delta(lo, v) < EPS,
                format::double_delta(hi, v) < EPS,
            ),
            format::fixed(lo, 6),
            format::fixed(hi, 6),
            start,
        );
        Ok(v)
    }

    fn read_double_in(&mut self, lo: f64, hi: f64, name: &str) -> Read<f64> {
        let start = self.offset();
        let v = self.read_double()?;
        self.check_double("Double", v, (lo, hi), name, start)
    }

    fn read_strict_double_in(
        &mut self,
        lo: f64,
        hi: f64,
        min_digits: usize,
        max_digits: usize,
        name: &str,
    ) -> Read<f64> {
        let start = self.offset();
        let v = self.read_strict_double(min_digits, max_digits)?;
        self.check_double("Strict double", v, (lo, hi), name, start)
    }

    fn read_token_matching(&mut self, pattern: &Pattern, name: &str) -> Read<Vec<u8>> {
        let t = self.token()?.to_vec();
        if pattern.matches(&t) {
            self.note_variable(name);
            Ok(t)
        } else {
            failure(
                Outcome::Wa,
                pattern_message("Token", name, self.many_index, &t, pattern),
            )
        }
    }

    fn read_line_matching(&mut self, pattern: &Pattern, name: &str) -> Read<Vec<u8>> {
        let line = self.read_line()?;
        if pattern.matches(&line) {
            self.note_variable(name);
            Ok(line)
        } else {
            failure(
                Outcome::Wa,
                pattern_message("Line", name, self.many_index, &line, pattern),
            )
        }
    }
}

fn int_bounds<T: Copy + num_like::Step>(range: &impl RangeBounds<T>) -> (T, T) {
    bounds(range, T::MIN_VALUE, T::MAX_VALUE, T::pred, T::succ)
}

mod num_like {
    /// Integer types usable as read bounds.
    pub trait Step: Copy {
        const MIN_VALUE: Self;
        const MAX_VALUE: Self;
        fn pred(self) -> Self;
        fn succ(self) -> Self;
    }
    macro_rules! step {
        ($($t:ty),*) => {$(
            impl Step for $t {
                const MIN_VALUE: Self = <$t>::MIN;
                const MAX_VALUE: Self = <$t>::MAX;
                fn pred(self) -> Self { self.saturating_sub(1) }
                fn succ(self) -> Self { self.saturating_add(1) }
            }
        )*};
    }
    step!(i32, i64, u64);
}

fn double_bounds(range: &impl RangeBounds<f64>) -> (f64, f64) {
    bounds(
        range,
        f64::NEG_INFINITY,
        f64::INFINITY,
        f64::next_down,
        f64::next_up,
    )
}

impl InStream {
    fn from_core(core: Core) -> InStream {
        InStream(Arc::new(Mutex::new(core)))
    }

    /// Locks the stream. A verdict raised inside a read unwinds (under
    /// [`crate::catch_exit`]) with the lock held: the core is still good.
    #[inline]
    fn core(&self) -> MutexGuard<'_, Core> {
        runtime::lock(&self.0)
    }

    /// Locks the stream unless it is in use, on this thread or another.
    fn try_core(&self) -> Option<MutexGuard<'_, Core>> {
        match self.0.try_lock() {
            Ok(core) => Some(core),
            Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        }
    }

    /// A stream over `content` that inherits `base`'s role and strictness, as
    /// testlib's `InStream(base, content)`; it is named `based on <base>`.
    pub fn from_string(base: &InStream, content: impl Into<Vec<u8>>) -> InStream {
        let b = base.core();
        let mut core = Core::new(
            Some(Reader::from_bytes(content.into())),
            &format!("based on {}", b.name),
            b.role,
            b.strict,
        );
        core.is_string = true;
        InStream::from_core(core)
    }

    /// A lenient stream over `content`, named `name` in messages and blamed
    /// as `role` (see [`InStream::set_strict`] for a strict one).
    pub fn from_bytes(content: impl Into<Vec<u8>>, name: &str, role: Role) -> InStream {
        let mut core = Core::new(Some(Reader::from_bytes(content.into())), name, role, false);
        core.is_string = true;
        InStream::from_core(core)
    }

    /// Opens the file `path` as a lenient stream blamed as `role`, as a
    /// checker opens its three files (same size limit, same messages when the
    /// file is missing).
    pub fn open(path: &str, role: Role) -> InStream {
        InStream::open_file(path, role, max_file_size())
    }

    /// A stream that reads nothing (testlib's unopened `InStream`).
    pub(crate) fn unopened(name: &str, role: Role) -> InStream {
        InStream::from_core(Core::new(None, name, role, false))
    }

    /// Opens the file `path` as testlib's `InStream::init(fileName, mode)`:
    /// files over the size limit are rejected, a missing output is PE, a
    /// missing answer FAIL, a missing input is tolerated.
    pub(crate) fn open_file(path: &str, role: Role, max_file_size: Option<u64>) -> InStream {
        let stream = InStream::unopened(path, role);
        stream.refuse_if_too_big(std::fs::metadata(path), max_file_size);
        match File::open(path) {
            Ok(file) => stream.core().reader = Some(Reader::new(Source::File(file), path)),
            Err(_) => match role {
                Role::Output => {
                    stream.quit(Outcome::Pe, format!("Output file not found: \"{path}\""))
                }
                Role::Answer => {
                    stream.quit(Outcome::Fail, format!("Answer file not found: \"{path}\""))
                }
                Role::Input => {}
            },
        }
        stream
    }

    /// testlib's file-size cap: a file over the limit is refused before it
    /// is read (PE, which becomes FAIL for the input or the answer).
    fn refuse_if_too_big(&self, meta: std::io::Result<std::fs::Metadata>, limit: Option<u64>) {
        if let (Ok(meta), Some(limit)) = (meta, limit)
            && meta.is_file()
            && meta.len() > limit
        {
            self.quit(
                Outcome::Pe,
                format!(
                    "File size exceeds {} bytes, size is {}",
                    limit as i32,
                    meta.len() as i32
                ),
            );
        }
    }

    /// The standard input as a lenient stream, held to the size cap when it
    /// is a regular file: a Kattis judge redirects the contestant's output
    /// from one, and the cap must not depend on how the output arrives.
    pub(crate) fn stdin_capped(role: Role, max_file_size: Option<u64>) -> InStream {
        let stream = InStream::stdin(role, false);
        if max_file_size.is_some() {
            let meta = std::io::stdin()
                .as_fd()
                .try_clone_to_owned()
                .map(File::from)
                .and_then(|file| file.metadata());
            stream.refuse_if_too_big(meta, max_file_size);
        }
        stream
    }

    /// The standard input as a stream named `stdin`.
    pub(crate) fn stdin(role: Role, strict: bool) -> InStream {
        InStream::from_core(Core::new(
            Some(Reader::new(Source::Stdin, "stdin")),
            "stdin",
            role,
            strict,
        ))
    }

    /// Marks this stream as the program's own `inf` (its `readEof` counts for
    /// the validator's exit check) and, for a validator asked for markup or a
    /// test case, starts keeping what it reads.
    pub(crate) fn make_std_input(&self, record: bool) {
        let mut core = self.core();
        core.is_std_input = true;
        if record && let Some(r) = &mut core.reader {
            r.start_recording();
        }
    }

    /// Runs a read on the core and turns a failure into this stream's verdict.
    #[inline]
    fn run<T>(&self, f: impl FnOnce(&mut Core) -> Read<T>) -> T {
        let result = f(&mut self.core());
        result.unwrap_or_else(|failure| self.raise(failure))
    }

    /// Quits with `failure`, the lock let go first.
    fn raise(&self, failure: Failure) -> ! {
        let origin = self.core().origin();
        failure.quit(origin)
    }

    /// Holds the stream for a run of reads on this thread, so that no read
    /// takes the lock each [`InStream`] read takes (a third of a number's
    /// cost in `ncmp`). A failed read is the verdict as usual. Drop it
    /// before quitting with a verdict of your own: while it is held, a
    /// verdict (raised here or on another thread) cannot look at the
    /// stream — the check for extra output after an OK, the output's name
    /// in a message.
    pub fn hold(&self) -> Held<'_> {
        Held(self.core())
    }

    /// The stream's name: the file path, `stdin`, or `based on …`.
    pub fn name(&self) -> String {
        self.core().name.clone()
    }

    /// The stream's role (who is blamed for its errors).
    pub fn role(&self) -> Role {
        self.core().role
    }

    /// Returns true if and only if the stream is strict (validator mode).
    pub fn is_strict(&self) -> bool {
        self.core().strict
    }

    /// Makes the stream strict or lenient about whitespace.
    pub fn set_strict(&self, strict: bool) {
        self.core().strict = strict;
    }

    /// Sets the longest token accepted (testlib's `maxTokenLength`, 32 MiB).
    pub fn set_max_token_length(&self, bytes: usize) {
        self.core().max_token_length = bytes;
    }

    /// Sets the longest message printed (testlib's `maxMessageLength`, 32000).
    pub fn set_max_message_length(&self, bytes: usize) {
        self.core().max_message_length = bytes;
    }

    /// Ends the program with `outcome` raised on this stream (testlib's
    /// `stream.quitf`): on the input or the answer anything but FAIL becomes
    /// FAIL, with the stream's name appended.
    pub fn quit(&self, outcome: Outcome, message: impl Display) -> ! {
        self.raise(Failure(outcome, message.to_string()))
    }

    /// [`InStream::quit`] if `condition` holds (testlib's `stream.quitif`).
    pub fn quit_if(&self, condition: bool, outcome: Outcome, message: impl Display) {
        if condition {
            self.quit(outcome, message);
        }
    }

    /// A wrong answer on this stream unless `condition` holds (testlib's
    /// `stream.ensuref`): WA for the output, FAIL for the input or answer.
    pub fn ensure(&self, condition: bool, message: impl Display) {
        if !condition {
            self.quit(Outcome::Wa, message);
        }
    }

    // ---- characters and positions ----

    /// The next byte without consuming it; `None` at the end.
    #[inline]
    pub fn cur_char(&self) -> Option<u8> {
        self.core().peek()
    }

    /// Consumes and returns the next byte; `None` at the end.
    #[inline]
    pub fn read_char(&self) -> Option<u8> {
        self.core().bump()
    }

    /// Consumes one byte, which must be `c` (testlib's `readChar(c)`).
    pub fn read_char_expect(&self, c: u8) -> u8 {
        self.run(|s| s.read_char_expect(c))
    }

    /// Consumes one space (testlib's `readSpace`).
    pub fn read_space(&self) {
        self.run(|s| s.read_char_expect(b' '));
    }

    /// Pushes a byte back in front of the stream.
    pub fn unread_char(&self, c: u8) {
        let pushed = self.core().reader.as_mut().is_some_and(|r| r.unread(c));
        if !pushed {
            runtime::fail("InStream::unreadChar(char): nothing to unread");
        }
    }

    /// Consumes one byte, if any.
    pub fn skip_char(&self) {
        self.core().bump();
    }

    /// Skips spaces, tabs, CRs and LFs.
    pub fn skip_blanks(&self) {
        self.core().skip_blanks();
    }

    /// Skips a UTF-8 byte order mark, or nothing if only part of one is there.
    pub fn skip_bom(&self) {
        let mut core = self.core();
        let bom = [0xEF, 0xBB, 0xBF];
        let mut matched = 0;
        while matched < 3 && core.peek() == Some(bom[matched]) {
            core.bump();
            matched += 1;
        }
        if matched < 3 {
            for &b in bom[..matched].iter().rev() {
                core.unread(b);
            }
        }
    }

    /// Returns true if and only if the stream is at its end (no skipping).
    #[inline]
    pub fn eof(&self) -> bool {
        self.core().eof()
    }

    /// Skips blanks, then returns true if and only if the stream is at its end.
    #[inline]
    pub fn seek_eof(&self) -> bool {
        self.core().seek_eof()
    }

    /// Consumes a line end if one is next and returns true if and only if it
    /// did (`\n`, also `\r\n` or the end in a non-strict stream).
    #[inline]
    pub fn eoln(&self) -> bool {
        self.core().eoln()
    }

    /// Skips spaces and tabs, then acts as [`InStream::eoln`].
    #[inline]
    pub fn seek_eoln(&self) -> bool {
        self.core().seek_eoln()
    }

    /// Requires a line end (PE `Expected EOLN` otherwise).
    #[inline]
    pub fn read_eoln(&self) {
        self.run(Core::read_eoln)
    }

    /// Requires the end of the stream (PE `Expected EOF` otherwise). Unlike
    /// [`InStream::seek_eof`] it does not skip a trailing newline.
    pub fn read_eof(&self) {
        self.run(Core::read_eof);
        let (is_std_input, marks, consumed) = {
            let core = self.core();
            let consumed = core
                .reader
                .as_ref()
                .and_then(|r| r.consumed_bytes().map(<[u8]>::to_vec));
            (core.is_std_input, core.case_marks.clone(), consumed)
        };
        if is_std_input {
            runtime::note_read_eof();
            if let Some(bytes) = consumed {
                validation::set_consumed(bytes, marks);
            }
        }
    }

    /// Skips to the next line (reads and drops the rest of this one).
    pub fn next_line(&self) {
        self.read_line();
    }

    // ---- tokens and lines ----

    /// Reads a token: a maximal run of bytes other than space, tab, CR, LF.
    #[inline]
    pub fn read_token(&self) -> Vec<u8> {
        self.run(|s| s.token().map(<[u8]>::to_vec))
    }

    /// Reads a token into `out`, reusing its allocation (testlib's
    /// `readTokenTo`): the fast way to read many tokens.
    #[inline]
    pub fn read_token_to(&self, out: &mut Vec<u8>) {
        self.run(|s| {
            let t = s.token()?;
            out.clear();
            out.extend_from_slice(t);
            Ok(())
        })
    }

    /// Same as [`InStream::read_token`] (testlib's `readWord`).
    #[inline]
    pub fn read_word(&self) -> Vec<u8> {
        self.read_token()
    }

    /// Reads a token as text; a token that is not UTF-8 is a PE.
    pub fn read_string_token(&self) -> String {
        let token = self.read_token();
        String::from_utf8(token).unwrap_or_else(|e| {
            self.quit(
                Outcome::Pe,
                format!(
                    "Expected UTF-8 text, but \"{}\" found",
                    compress(e.as_bytes())
                ),
            )
        })
    }

    /// Reads a token that must match `pattern` (WA otherwise, naming `name`).
    pub fn read_token_matching(&self, pattern: impl AsPattern, name: &str) -> Vec<u8> {
        pattern.with_pattern(|p| self.run(|s| s.read_token_matching(p, name)))
    }

    /// Reads `size` tokens (separated by single spaces in strict mode).
    pub fn read_tokens(&self, size: usize) -> Vec<Vec<u8>> {
        self.run(|s| {
            s.read_many("readTokens", size, 1, true, |s| {
                s.token().map(<[u8]>::to_vec)
            })
        })
    }

    /// Reads `size` tokens that must each match `pattern`.
    pub fn read_tokens_matching(
        &self,
        size: usize,
        pattern: impl AsPattern,
        name: &str,
    ) -> Vec<Vec<u8>> {
        pattern.with_pattern(|p| {
            self.run(|s| {
                s.note_variable(name);
                s.read_many("readTokens", size, 1, true, |s| {
                    s.read_token_matching(p, name)
                })
            })
        })
    }

    /// Reads the rest of the line, without its line end (testlib's `readLine`).
    #[inline]
    pub fn read_line(&self) -> Vec<u8> {
        self.run(Core::read_line)
    }

    /// Reads a line that must match `pattern` (WA otherwise, naming `name`).
    pub fn read_line_matching(&self, pattern: impl AsPattern, name: &str) -> Vec<u8> {
        pattern.with_pattern(|p| self.run(|s| s.read_line_matching(p, name)))
    }

    /// Reads `size` lines.
    pub fn read_lines(&self, size: usize) -> Vec<Vec<u8>> {
        self.run(|s| s.read_many("readLines", size, 1, false, Core::read_line))
    }

    /// Reads `size` lines that must each match `pattern`.
    pub fn read_lines_matching(
        &self,
        size: usize,
        pattern: impl AsPattern,
        name: &str,
    ) -> Vec<Vec<u8>> {
        pattern.with_pattern(|p| {
            self.run(|s| {
                s.note_variable(name);
                s.read_many("readLines", size, 1, false, |s| {
                    s.read_line_matching(p, name)
                })
            })
        })
    }

    // ---- numbers ----

    /// Reads a 32-bit integer (testlib's `readInt`).
    #[inline]
    pub fn read_int(&self) -> i32 {
        self.run(Core::read_int)
    }

    /// Reads a 32-bit integer in `range` (WA otherwise, naming `name`).
    pub fn read_int_in(&self, range: impl RangeBounds<i32>, name: &str) -> i32 {
        let (lo, hi) = int_bounds(&range);
        self.run(|s| s.read_int_in(lo, hi, name))
    }

    /// Reads a 32-bit integer in `range`, with no name in messages
    /// (testlib's `readInt(lo, hi)`).
    pub fn read_int_within(&self, range: impl RangeBounds<i32>) -> i32 {
        self.read_int_in(range, "")
    }

    /// Reads `size` 32-bit integers in `range`, indexed from 1 in messages.
    pub fn read_ints(&self, size: usize, range: impl RangeBounds<i32>, name: &str) -> Vec<i32> {
        self.read_ints_from(1, size, range, name)
    }

    /// [`InStream::read_ints`] with the first index `index_base`.
    pub fn read_ints_from(
        &self,
        index_base: i64,
        size: usize,
        range: impl RangeBounds<i32>,
        name: &str,
    ) -> Vec<i32> {
        let (lo, hi) = int_bounds(&range);
        self.run(|s| {
            s.note_variable(name);
            s.read_many("readInts", size, index_base, true, |s| {
                s.read_int_in(lo, hi, name)
            })
        })
    }

    /// Reads a 64-bit integer (testlib's `readLong`).
    #[inline]
    pub fn read_long(&self) -> i64 {
        self.run(Core::read_long)
    }

    /// Reads a 64-bit integer in `range` (WA otherwise, naming `name`).
    pub fn read_long_in(&self, range: impl RangeBounds<i64>, name: &str) -> i64 {
        let (lo, hi) = int_bounds(&range);
        self.run(|s| s.read_long_in(lo, hi, name))
    }

    /// Reads a 64-bit integer in `range`, with no name in messages
    /// (testlib's `readLong(lo, hi)`).
    pub fn read_long_within(&self, range: impl RangeBounds<i64>) -> i64 {
        self.read_long_in(range, "")
    }

    /// Reads `size` 64-bit integers in `range`, indexed from 1 in messages.
    pub fn read_longs(&self, size: usize, range: impl RangeBounds<i64>, name: &str) -> Vec<i64> {
        self.read_longs_from(1, size, range, name)
    }

    /// [`InStream::read_longs`] with the first index `index_base`.
    pub fn read_longs_from(
        &self,
        index_base: i64,
        size: usize,
        range: impl RangeBounds<i64>,
        name: &str,
    ) -> Vec<i64> {
        let (lo, hi) = int_bounds(&range);
        self.run(|s| {
            s.note_variable(name);
            s.read_many("readLongs", size, index_base, true, |s| {
                s.read_long_in(lo, hi, name)
            })
        })
    }

    /// Reads an unsigned 64-bit integer (testlib's `readUnsignedLong`).
    #[inline]
    pub fn read_unsigned_long(&self) -> u64 {
        self.run(Core::read_unsigned_long)
    }

    /// Reads an unsigned 64-bit integer in `range`.
    pub fn read_unsigned_long_in(&self, range: impl RangeBounds<u64>, name: &str) -> u64 {
        let (lo, hi) = int_bounds(&range);
        self.run(|s| s.read_unsigned_long_in(lo, hi, name))
    }

    /// Reads an unsigned 64-bit integer in `range`, with no name in messages
    /// (testlib's `readUnsignedLong(lo, hi)`).
    pub fn read_unsigned_long_within(&self, range: impl RangeBounds<u64>) -> u64 {
        self.read_unsigned_long_in(range, "")
    }

    /// Reads `size` unsigned 64-bit integers in `range`.
    pub fn read_unsigned_longs(
        &self,
        size: usize,
        range: impl RangeBounds<u64>,
        name: &str,
    ) -> Vec<u64> {
        let (lo, hi) = int_bounds(&range);
        self.run(|s| {
            s.note_variable(name);
            s.read_many("readUnsignedLongs", size, 1, true, |s| {
                s.read_unsigned_long_in(lo, hi, name)
            })
        })
    }

    /// Reads a double (testlib's `readDouble`/`readReal`).
    #[inline]
    pub fn read_double(&self) -> f64 {
        self.run(Core::read_double)
    }

    /// Reads a double in `range` (WA otherwise, naming `name`).
    pub fn read_double_in(&self, range: impl RangeBounds<f64>, name: &str) -> f64 {
        let (lo, hi) = double_bounds(&range);
        self.run(|s| s.read_double_in(lo, hi, name))
    }

    /// Reads a double in `range`, with no name in messages (testlib's
    /// `readDouble(lo, hi)`).
    pub fn read_double_within(&self, range: impl RangeBounds<f64>) -> f64 {
        self.read_double_in(range, "")
    }

    /// Reads `size` doubles in `range`.
    pub fn read_doubles(&self, size: usize, range: impl RangeBounds<f64>, name: &str) -> Vec<f64> {
        let (lo, hi) = double_bounds(&range);
        self.run(|s| {
            s.note_variable(name);
            s.read_many("readDoubles", size, 1, true, |s| {
                s.read_double_in(lo, hi, name)
            })
        })
    }

    /// Reads a double written strictly (`-?D+(.D+)?`, no exponent) with
    /// `min_digits..=max_digits` digits after the point, in `range`
    /// (testlib's `readStrictDouble`).
    pub fn read_strict_double_in(
        &self,
        range: impl RangeBounds<f64>,
        min_digits: usize,
        max_digits: usize,
        name: &str,
    ) -> f64 {
        if min_digits > max_digits {
            self.quit(
                Outcome::Fail,
                "stringToStrictDouble: minAfterPointDigitCount should be less or equal to maxAfterPointDigitCount.",
            );
        }
        let (lo, hi) = double_bounds(&range);
        self.run(|s| s.read_strict_double_in(lo, hi, min_digits, max_digits, name))
    }

    /// Reads `size` strict doubles (see [`InStream::read_strict_double_in`]).
    pub fn read_strict_doubles(
        &self,
        size: usize,
        range: impl RangeBounds<f64>,
        min_digits: usize,
        max_digits: usize,
        name: &str,
    ) -> Vec<f64> {
        let (lo, hi) = double_bounds(&range);
        self.run(|s| {
            s.note_variable(name);
            s.read_many("readStrictDoubles", size, 1, true, |s| {
                s.read_strict_double_in(lo, hi, min_digits, max_digits, name)
            })
        })
    }

    /// Parses `text` as a testlib integer, blaming this stream if it is not
    /// one (testlib's `stringToLongLong(stream, text)`).
    pub fn parse_long(&self, text: &str) -> i64 {
        number::parse_i64(text.as_bytes())
            .unwrap_or_else(|| self.quit(Outcome::Pe, expected("integer", text.as_bytes())))
    }

    /// Parses `text` as a testlib unsigned integer, blaming this stream.
    pub fn parse_unsigned_long(&self, text: &str) -> u64 {
        number::parse_u64(text.as_bytes()).unwrap_or_else(|| {
            self.quit(Outcome::Pe, expected("unsigned integer", text.as_bytes()))
        })
    }
}

/// The program's three standard streams, shared by all its threads, so that
/// a verdict raised on any thread sees the same output stream.
struct StdStreams {
    inf: InStream,
    ouf: InStream,
    ans: InStream,
}

static STD: Mutex<Option<StdStreams>> = Mutex::new(None);

/// A handle to one of the standard streams (an unopened one before
/// registration). The lock is released at once: a verdict raised while a
/// stream is in use must be able to look at the streams again.
fn std_stream(pick: impl FnOnce(&StdStreams) -> &InStream) -> InStream {
    match runtime::lock(&STD).as_ref() {
        Some(streams) => pick(streams).clone(),
        None => InStream::unopened("", Role::Input),
    }
}

/// Forgets the standard streams and the file-size limit set (for a
/// program run in another's process, `runtime::run_in_process`).
pub(crate) fn reset_globals() {
    *runtime::lock(&STD) = None;
    *runtime::lock(&MAX_FILE_SIZE) = None;
}

/// Installs the program's standard streams (done by registration), and the
/// hooks through which the verdict pipeline inspects them.
pub(crate) fn set_std(inf: InStream, ouf: InStream, ans: InStream) {
    *runtime::lock(&STD) = Some(StdStreams { inf, ouf, ans });
    runtime::install_hooks(|hooks| {
        hooks.output_origin = global_output_origin;
        hooks.output_has_dirt = global_output_has_dirt;
        hooks.mark_test_case = mark_test_case;
    });
}

/// The test input (testlib's global `inf`).
pub fn inf() -> InStream {
    std_stream(|s| &s.inf)
}

/// The contestant's output (testlib's global `ouf`).
pub fn ouf() -> InStream {
    std_stream(|s| &s.ouf)
}

/// The jury's answer (testlib's global `ans`).
pub fn ans() -> InStream {
    std_stream(|s| &s.ans)
}

// The hooks below only try the stream's lock: it is held when the verdict is
// raised from inside a read of that same stream (a failed read of the file),
// and waiting would deadlock. The stream then counts as unopened.

/// Where a global verdict is raised: the output stream.
fn global_output_origin() -> Origin {
    ouf()
        .try_core()
        .map_or_else(Origin::unopened, |c| c.origin())
}

/// Returns true if and only if the output stream has data other than blanks
/// left (testlib's dirt check, `!ouf.seekEof()`).
fn global_output_has_dirt() -> bool {
    ouf()
        .try_core()
        .is_some_and(|mut c| c.reader.is_some() && !c.seek_eof())
}

/// Notes where validator test case `case` starts in the input.
fn mark_test_case(case: i32) {
    if let Some(mut core) = inf().try_core() {
        let at = core.reader.as_ref().map_or(0, Reader::consumed);
        core.case_marks.push((at, case));
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
    fn bounds_of_ranges() {
        assert_eq!(int_bounds(&(1..=5)), (1, 5));
        assert_eq!(int_bounds(&(1..5)), (1, 4));
        assert_eq!(int_bounds::<i32>(&(..)), (i32::MIN, i32::MAX));
        assert_eq!(int_bounds(&(3u64..)), (3, u64::MAX));
    }

    #[test]
    fn range_messages() {
        assert_eq!(
            range_message("Integer", "n", None, "0", "1", "100"),
            "Integer parameter [name=n] equals to 0, violates the range [1, 100]"
        );
        assert_eq!(
            range_message("Integer", "", None, "9", "1", "3"),
            "Integer 9 violates the range [1, 3]"
        );
        assert_eq!(
            range_message("Integer", "a", Some(5), "1001", "-1000", "1000"),
            "Integer element a[5] equals to 1001, violates the range [-1000, 1000]"
        );
        assert_eq!(
            range_message("Integer", "", Some(3), "9", "1", "3"),
            "Integer element [index=3] equals to 9, violates the range [1, 3]"
        );
    }

    #[test]
    fn pattern_messages_name_tokens_and_lines_differently() {
        let p = Pattern::new("[a-z]+");
        assert_eq!(
            pattern_message("Token", "s", None, b"abc1", &p),
            "Token parameter [name=s] equals to \"abc1\", doesn't correspond to pattern \"[a-z]+\""
        );
        assert_eq!(
            pattern_message("Line", "s", None, b"a b", &p),
            "Line [name=s] equals to \"a b\", doesn't correspond to pattern \"[a-z]+\""
        );
        assert_eq!(
            pattern_message("Line", "s", Some(2), b"a b", &p),
            "Line element s[2] equals to \"a b\", doesn't correspond to pattern \"[a-z]+\""
        );
    }
}
