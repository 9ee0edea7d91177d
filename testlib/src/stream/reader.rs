//! A byte reader with testlib's character-level semantics.
//!
//! One `Vec<u8>` holds the data: `buf[pos..end]` is unread, and a few bytes
//! before `pos` are kept so that a character can be pushed back. When the
//! unread part runs out, the buffer rolls the kept tail to the front and
//! reads again (ripgrep's line buffer). Tokens are scanned as slices, and only
//! a token that crosses a refill is copied.

use std::fs::File;
use std::io::{ErrorKind, Read};

use crate::format::is_blank;

/// How many consumed bytes a refill keeps for `unread`.
const KEEP: usize = 64;
/// The most one read from a file or a pipe asks for.
const CHUNK: usize = 1 << 20;
/// The bytes a number may take (a sign, 19 digits) and the blank after it,
/// rounded up to [`three_words`]'s 24 and a sign.
const NUMBER_ROOM: usize = 26;
/// What the first read asks for; each later one asks for twice the buffer,
/// up to [`CHUNK`]. Zeroing a megabyte for each stream of a tiny test was
/// most of a checker's start-up (its page faults).
const FIRST_CHUNK: usize = 16 << 10;

pub(crate) enum Source {
    File(File),
    Stdin,
    /// All data is already in the buffer (a string stream).
    Memory,
}

/// Why no token could be read.
pub(crate) enum TokenError {
    /// The stream ended before the token.
    Eof,
    /// A blank stands where the token should start (strict mode).
    Blank,
    /// The token is longer than allowed; holds its first `max + 1` bytes.
    TooLong(Vec<u8>),
}

pub(crate) struct Reader {
    source: Source,
    /// Used in I/O error messages.
    name: String,
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    /// The source has nothing more to give.
    exhausted: bool,
    /// 1 + the number of line feeds consumed (testlib's `getLine`).
    line: i64,
    /// Absolute offset of `buf[0]` in the stream.
    base: u64,
    /// Every byte read from the source, when a validator must echo its input.
    record: Option<Vec<u8>>,
    /// Holds a token that crossed a refill.
    scratch: Vec<u8>,
}

impl Reader {
    pub(crate) fn new(source: Source, name: &str) -> Reader {
        Reader {
            source,
            name: name.to_string(),
            buf: Vec::new(),
            pos: 0,
            end: 0,
            exhausted: false,
            line: 1,
            base: 0,
            record: None,
            scratch: Vec::new(),
        }
    }

    pub(crate) fn from_bytes(content: Vec<u8>) -> Reader {
        let end = content.len();
        Reader {
            buf: content,
            end,
            exhausted: true,
            ..Reader::new(Source::Memory, "")
        }
    }

    /// Starts keeping every byte read, for the validator's markup output.
    pub(crate) fn start_recording(&mut self) {
        if self.record.is_none() {
            self.record = Some(self.buf[..self.end].to_vec());
        }
    }

    /// The bytes consumed so far, when recording.
    pub(crate) fn consumed_bytes(&self) -> Option<&[u8]> {
        let consumed = self.consumed() as usize;
        self.record.as_deref().map(|r| &r[..consumed.min(r.len())])
    }

    /// The absolute offset of the next byte.
    pub(crate) fn consumed(&self) -> u64 {
        self.base + self.pos as u64
    }

    pub(crate) fn line(&self) -> i64 {
        self.line
    }

    /// Reads more data after the unread bytes; returns false at the end of
    /// the source.
    #[cold]
    fn fill(&mut self) -> bool {
        if self.exhausted {
            return false;
        }
        let keep = self.pos.min(KEEP);
        let shift = self.pos - keep;
        if shift > 0 {
            self.buf.copy_within(shift..self.end, 0);
            self.pos -= shift;
            self.end -= shift;
            self.base += shift as u64;
        }
        let chunk = self.buf.len().saturating_mul(2).clamp(FIRST_CHUNK, CHUNK);
        if self.buf.len() < self.end + chunk {
            self.buf.resize(self.end + chunk, 0);
        }
        loop {
            let target = &mut self.buf[self.end..];
            let result = match &mut self.source {
                Source::File(f) => f.read(target),
                Source::Stdin => std::io::stdin().lock().read(target),
                Source::Memory => Ok(0),
            };
            match result {
                Ok(0) => {
                    self.exhausted = true;
                    return false;
                }
                Ok(n) => {
                    if let Some(record) = &mut self.record {
                        record.extend_from_slice(&self.buf[self.end..self.end + n]);
                    }
                    self.end += n;
                    return true;
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.exhausted = true;
                    crate::runtime::fail(format!("unable to read ({}): {e}", self.name));
                }
            }
        }
    }

    /// The next byte without consuming it (`curChar`); `None` at the end.
    #[inline]
    pub(crate) fn peek(&mut self) -> Option<u8> {
        if self.pos == self.end && !self.fill() {
            return None;
        }
        Some(self.buf[self.pos])
    }

    /// Consumes and returns the next byte (`nextChar`); `None` at the end.
    #[inline]
    pub(crate) fn bump(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.pos += 1;
        if b == b'\n' {
            self.line += 1;
        }
        Some(b)
    }

    /// Pushes `c` back in front of the stream (`unreadChar`). Returns false
    /// when nothing was read that could be replaced.
    pub(crate) fn unread(&mut self, c: u8) -> bool {
        if self.pos == 0 {
            return false;
        }
        self.pos -= 1;
        self.buf[self.pos] = c;
        if c == b'\n' {
            self.line -= 1;
        }
        true
    }

    /// Returns true if and only if the stream is at its physical end.
    #[inline]
    pub(crate) fn at_eof(&mut self) -> bool {
        self.peek().is_none()
    }

    /// Skips spaces, tabs, CRs and LFs.
    #[inline]
    pub(crate) fn skip_blanks(&mut self) {
        loop {
            while self.pos < self.end {
                let b = self.buf[self.pos];
                if !is_blank(b) {
                    return;
                }
                self.line += i64::from(b == b'\n');
                self.pos += 1;
            }
            if !self.fill() {
                return;
            }
        }
    }

    /// Reads a maximal run of non-blank bytes starting right here.
    #[inline]
    pub(crate) fn token(&mut self, max_len: usize) -> Result<&[u8], TokenError> {
        match self.peek() {
            None => return Err(TokenError::Eof),
            Some(b) if is_blank(b) => return Err(TokenError::Blank),
            Some(_) => {}
        }
        let start = self.pos;
        let mut i = start;
        while i < self.end && !is_blank(self.buf[i]) {
            i += 1;
        }
        if i < self.end || self.exhausted {
            self.pos = i;
            if i - start > max_len {
                return Err(TokenError::TooLong(
                    self.buf[start..start + max_len + 1].to_vec(),
                ));
            }
            return Ok(&self.buf[start..i]);
        }
        self.long_token(start, max_len)
    }

    /// The fast path for a number: a token of at most 19 digits (after an
    /// optional `-`) wholly in the buffer, in testlib's grammar and in range,
    /// is scanned and converted in one pass. Anything else returns `None`
    /// without consuming, and the caller takes the general path (which also
    /// produces the error messages).
    #[inline]
    pub(crate) fn integer(&mut self) -> Option<i64> {
        let (value, len) = plain_integer(&self.buf[self.pos..self.end], self.exhausted)?;
        self.pos += len;
        Some(value)
    }

    /// Blanks and [`Reader::integer`]s, into `out` while it has room, the
    /// position and line kept in registers between numbers. Stops before the
    /// end of the stream and before a token that is not a plain integer,
    /// having consumed the blanks before it. Returns how many it read and the
    /// line the last one started on.
    pub(crate) fn integers(&mut self, out: &mut [i64]) -> (usize, Option<i64>) {
        let mut count = 0;
        let mut last_line = None;
        while count < out.len() {
            // Numbers wholly in the buffer, with room to spare: the fast loop.
            let data = &self.buf[..self.end];
            let safe_end = if self.exhausted {
                self.end
            } else {
                self.end.saturating_sub(NUMBER_ROOM)
            };
            let (mut pos, mut line) = (self.pos, self.line);
            while count < out.len() {
                while pos < safe_end && is_blank(data[pos]) {
                    line += i64::from(data[pos] == b'\n');
                    pos += 1;
                }
                if pos >= safe_end {
                    break;
                }
                let Some((value, len)) = plain_integer(&data[pos..], self.exhausted) else {
                    (self.pos, self.line) = (pos, line);
                    return (count, last_line);
                };
                out[count] = value;
                count += 1;
                last_line = Some(line);
                pos += len;
            }
            (self.pos, self.line) = (pos, line);
            if count == out.len() {
                break;
            }
            // Near the end of the buffer: the next number is brought in whole
            // (a refill keeps the unread bytes) and read the careful way.
            self.skip_blanks();
            if self.end - self.pos < NUMBER_ROOM {
                self.fill();
            }
            let line = self.line;
            let Some(value) = self.integer() else {
                break;
            };
            out[count] = value;
            count += 1;
            last_line = Some(line);
        }
        (count, last_line)
    }

    /// The slow path of [`Reader::token`]: the token runs past the buffer.
    #[cold]
    fn long_token(&mut self, start: usize, max_len: usize) -> Result<&[u8], TokenError> {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        scratch.extend_from_slice(&self.buf[start..self.end]);
        self.pos = self.end;
        loop {
            if scratch.len() > max_len {
                scratch.truncate(max_len + 1);
                return Err(TokenError::TooLong(scratch));
            }
            if !self.fill() {
                break;
            }
            let from = self.pos;
            while self.pos < self.end && !is_blank(self.buf[self.pos]) {
                self.pos += 1;
            }
            scratch.extend_from_slice(&self.buf[from..self.pos]);
            if self.pos < self.end {
                break;
            }
        }
        if scratch.len() > max_len {
            scratch.truncate(max_len + 1);
            return Err(TokenError::TooLong(scratch));
        }
        self.scratch = scratch;
        Ok(&self.scratch)
    }

    /// testlib's `readStringTo` loop: the bytes up to LF or the end. A CR
    /// right before LF is left unread (so that `eoln` can take `\r\n`). Any
    /// other CR is dropped and the byte after it is taken unconditionally, and
    /// a CR at the very end becomes byte 0xFF: testlib quirks kept on purpose
    /// (see the crate README).
    ///
    /// Calls `on_byte` with the line number before each byte is taken, so the
    /// caller can track where the failing read began.
    pub(crate) fn line_bytes(&mut self, mut on_byte: impl FnMut(i64)) -> Vec<u8> {
        let mut line = Vec::new();
        loop {
            match self.peek() {
                None | Some(b'\n') => break,
                Some(b'\r') => {
                    self.bump();
                    if self.peek() == Some(b'\n') {
                        self.unread(b'\r');
                        break;
                    }
                }
                Some(_) => {}
            }
            on_byte(self.line);
            line.push(self.bump().unwrap_or(0xFF));
        }
        line
    }
}

/// 10^n for the digit counts of a word.
const POWERS_OF_TEN: [u64; 9] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
];

/// The plain integer that opens `data`, and its length: at most 19 digits
/// after an optional `-`, in testlib's grammar (no leading zero, no `-0`), in
/// range, and followed by a blank (or by the end, if `exhausted`). `None`
/// for anything else, which the general path reads (or reports).
#[inline(always)]
fn plain_integer(data: &[u8], exhausted: bool) -> Option<(i64, usize)> {
    let negative = data.first() == Some(&b'-');
    let start = usize::from(negative);
    let (digits, value) = if data.len() >= start + 24 {
        three_words(&data[start..start + 24])
    } else {
        byte_by_byte(&data[start..])
    };
    if digits == 0 || digits > 19 {
        return None;
    }
    let end = start + digits;
    let ends = if end < data.len() {
        is_blank(data[end])
    } else {
        exhausted
    };
    if !ends || (data[start] == b'0' && (digits > 1 || negative)) {
        return None;
    }
    // Branch-free in the sign, which random data makes unpredictable.
    if value > i64::MAX as u64 + u64::from(negative) {
        return None;
    }
    Some((
        (value as i64).wrapping_mul(1 - 2 * i64::from(negative)),
        end,
    ))
}

/// The digits that open 24 bytes: how many (24 if all are) and their value
/// (meaningful for at most 19). The three words are loaded and converted
/// independently, and joined without a branch, so that neither the loads
/// nor the branches wait on the number's length.
#[inline]
fn three_words(bytes: &[u8]) -> (usize, u64) {
    let word = |i: usize| leading_digits(bytes[i..i + 8].try_into().unwrap());
    let ((v1, n1), (v2, n2), (v3, n3)) = (word(0), word(8), word(16));
    // A word counts only if the words before it are all digits.
    let (n2, v2) = if n1 == 8 { (n2, v2) } else { (0, 0) };
    let (n3, v3) = if n1 + n2 == 16 { (n3, v3) } else { (0, 0) };
    let value = v1
        .wrapping_mul(POWERS_OF_TEN[n2])
        .wrapping_add(v2)
        .wrapping_mul(POWERS_OF_TEN[n3])
        .wrapping_add(v3);
    (n1 + n2 + n3, value)
}

/// [`three_words`] near the end of the buffer: at most 20 digits, one at a
/// time.
#[inline]
fn byte_by_byte(bytes: &[u8]) -> (usize, u64) {
    let mut value: u64 = 0;
    let mut n = 0;
    for &b in bytes.iter().take(20) {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        value = value.wrapping_mul(10).wrapping_add(u64::from(d));
        n += 1;
    }
    (n, value)
}

/// The digits that open an eight-byte word: their value and how many there
/// are (SWAR: the bytes are checked and combined as one 64-bit word).
#[inline]
fn leading_digits(bytes: [u8; 8]) -> (u64, usize) {
    let word = u64::from_le_bytes(bytes);
    let digits = word.wrapping_sub(0x3030_3030_3030_3030);
    // A byte below '0' sets its top bit when subtracted, one above '9' when
    // 0x76 is added; the first such byte ends the digits (bytes after it may
    // be wrong from a borrow, and are not looked at).
    let others = (digits | digits.wrapping_add(0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080;
    let n = (others.trailing_zeros() / 8) as usize;
    if n == 0 {
        return (0, 0);
    }
    // The n digits move to the top bytes, zeros fill the bottom ones (the
    // first digit is the lowest byte, so the zeros lead).
    let digits = digits << (8 * (8 - n));
    // Combine neighbours: pairs, then quadruples, then all eight. Each step
    // is one multiplication: lane k becomes `lane k-1 * base + lane k`, and
    // the shift and mask keep every other lane.
    let pairs = (digits.wrapping_mul(10 << 8 | 1) >> 8) & 0x00FF_00FF_00FF_00FF;
    let quads = (pairs.wrapping_mul(100 << 16 | 1) >> 16) & 0x0000_FFFF_0000_FFFF;
    (quads.wrapping_mul(10_000 << 32 | 1) >> 32, n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stream::number::parse_i64;

    #[test]
    fn the_digits_that_open_a_word() {
        assert_eq!(leading_digits(*b"12345678"), (12_345_678, 8));
        assert_eq!(leading_digits(*b"00000009"), (9, 8));
        assert_eq!(leading_digits(*b"99999999"), (99_999_999, 8));
        assert_eq!(leading_digits(*b"1234567 "), (1_234_567, 7));
        assert_eq!(leading_digits(*b"1234:678"), (1234, 4));
        assert_eq!(leading_digits(*b"12345\xff78"), (12345, 5));
        assert_eq!(leading_digits(*b"9/\x00\x00\x00\x00\x00\x00"), (9, 1));
        assert_eq!(leading_digits(*b"07\n-1 2 "), (7, 2));
        for none in [b"/2345678", b"-2345678", b" 1234567", b"\n\n\n\n\n\n\n\n"] {
            assert_eq!(leading_digits(*none), (0, 0), "{none:?}");
        }
    }

    #[test]
    fn integers_of_every_length() {
        // Near the end of the data (a byte at a time) and far from it (three
        // words at once, the third reaching into the next numbers).
        for after in [" ", " 7 1234567890123456789 1\n"] {
            for text in [
                "0",
                "7",
                "-7",
                "12345678",
                "123456789",
                "123456789012",
                "-1234567890123456",
                "12345678901234567",
                "9223372036854775807",
                "-9223372036854775808",
            ] {
                let mut r = Reader::from_bytes(format!("{text}{after}").into_bytes());
                assert_eq!(r.integer(), Some(text.parse().unwrap()), "{text}");
                assert_eq!(r.consumed(), text.len() as u64, "{text}");
            }
            for text in [
                "9223372036854775808",
                "-9223372036854775809",
                "01",
                "-0",
                "-",
                "12a",
                "1234567890123x",
                "99999999999999999999",
            ] {
                let mut r = Reader::from_bytes(format!("{text}{after}").into_bytes());
                assert_eq!(r.integer(), None, "{text}");
                assert_eq!(r.consumed(), 0, "{text}");
            }
        }
    }

    fn tokens(r: &mut Reader) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        loop {
            r.skip_blanks();
            match r.token(usize::MAX - 1) {
                Ok(t) => out.push(t.to_vec()),
                Err(_) => return out,
            }
        }
    }

    #[test]
    fn tokens_and_lines_from_memory() {
        let mut r = Reader::from_bytes(b"  ab\tc\r\n\n d".to_vec());
        assert_eq!(
            tokens(&mut r),
            [b"ab".to_vec(), b"c".to_vec(), b"d".to_vec()]
        );
        assert_eq!(r.line(), 3);
        assert!(r.at_eof());
    }

    #[test]
    fn line_quirks() {
        let mut r = Reader::from_bytes(b"a\rb\nx\r".to_vec());
        assert_eq!(r.line_bytes(|_| {}), b"ab");
        assert_eq!(r.bump(), Some(b'\n'));
        assert_eq!(r.line_bytes(|_| {}), b"x\xff");
        let mut r = Reader::from_bytes(b"a\r\n".to_vec());
        assert_eq!(r.line_bytes(|_| {}), b"a");
        assert_eq!(r.bump(), Some(b'\r'));
    }

    #[test]
    fn the_buffer_starts_small_and_grows_to_a_chunk() {
        let path = std::env::temp_dir().join(format!("testlib-grow-{}", std::process::id()));
        let numbers = "1234567 ".repeat(3 * CHUNK / 8);
        std::fs::write(&path, &numbers).unwrap();
        let mut r = Reader::new(Source::File(File::open(&path).unwrap()), "grow");
        assert_eq!(r.peek(), Some(b'1'));
        assert_eq!(r.buf.len(), FIRST_CHUNK, "a tiny test zeroes no megabyte");
        let mut count = 0;
        while r.integer() == Some(1234567) {
            count += 1;
            r.skip_blanks();
        }
        assert_eq!(count, 3 * CHUNK / 8);
        assert!(r.at_eof());
        assert!(
            (CHUNK..=CHUNK + KEEP).contains(&r.buf.len()),
            "{}",
            r.buf.len()
        );
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn batches_read_what_one_number_at_a_time_reads() {
        // Numbers of every length and sign, blanks of every kind, tokens
        // that are not plain integers, over many refills.
        let mut rnd = crate::Random::from_args(&["batches"]);
        let mut text = String::new();
        for i in 0..60_000 {
            let digits = rnd.next_range(1, 19);
            let magnitude =
                rnd.next_long(10i64.pow(digits as u32 - 1)) + 10i64.pow(digits as u32 - 1);
            let token = match rnd.next_int(100) {
                0 => "007".to_string(),
                1 => "99999999999999999999".to_string(),
                2 => "-0".to_string(),
                3 => "x1".to_string(),
                _ if rnd.next_int(2) == 0 => format!("-{magnitude}"),
                _ => magnitude.to_string(),
            };
            text.push_str(&token);
            text.push_str(match rnd.next_int(20) {
                0 => "\r\n",
                1 => "\n\n\t ",
                2..=4 => "\n",
                _ if i % 777 == 0 => "                                        ",
                _ => " ",
            });
        }
        let path = std::env::temp_dir().join(format!("testlib-batches-{}", std::process::id()));
        std::fs::write(&path, &text).unwrap();
        let open = || Reader::new(Source::File(File::open(&path).unwrap()), "batches");

        // One at a time: each plain integer with the line it starts on; any
        // other token is skipped.
        let mut one = Vec::new();
        let mut r = open();
        loop {
            r.skip_blanks();
            if r.at_eof() {
                break;
            }
            let line = r.line();
            // The general path too, as `read_long` takes it: for a number
            // that crosses a refill.
            let value = r
                .integer()
                .or_else(|| parse_i64(r.token(usize::MAX - 1).ok().unwrap()));
            if let Some(v) = value {
                one.push((v, line));
            }
        }
        let lines = r.line();

        // In batches of every size.
        let mut batched = Vec::new();
        let mut r = open();
        let mut out = [0i64; 300];
        loop {
            let size = rnd.next_range(1, 300) as usize;
            let (count, last_line) = r.integers(&mut out[..size]);
            for &v in &out[..count] {
                batched.push((v, 0));
            }
            if count > 0 {
                batched.last_mut().unwrap().1 = last_line.unwrap();
            }
            if count < size {
                // Stopped before the end or a token that is not plain.
                if r.at_eof() {
                    break;
                }
                let line = r.line();
                assert_eq!(r.integer(), None);
                if let Some(v) = parse_i64(r.token(usize::MAX - 1).ok().unwrap()) {
                    batched.push((v, line));
                }
            }
        }
        assert_eq!(r.line(), lines);
        assert_eq!(batched.len(), one.len());
        for (i, (b, o)) in batched.iter().zip(&one).enumerate() {
            assert_eq!(b.0, o.0, "number {i}");
            assert!(b.1 == 0 || b.1 == o.1, "the line of number {i}");
        }
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn long_tokens_cross_refills() {
        let dir = std::env::temp_dir().join(format!("testlib-reader-{}", std::process::id()));
        let big = "7".repeat(3 * CHUNK + 5);
        std::fs::write(&dir, format!("  {big} 12\n")).unwrap();
        let mut r = Reader::new(Source::File(File::open(&dir).unwrap()), "big");
        r.skip_blanks();
        assert_eq!(
            r.token(usize::MAX - 1).ok().map(|t| t.len()),
            Some(big.len())
        );
        r.skip_blanks();
        assert_eq!(r.token(10).ok().map(|t| t.to_vec()), Some(b"12".to_vec()));
        let mut r = Reader::new(Source::File(File::open(&dir).unwrap()), "big");
        r.skip_blanks();
        match r.token(100) {
            Err(TokenError::TooLong(prefix)) => assert_eq!(prefix.len(), 101),
            _ => panic!("expected a too-long token"),
        }
        std::fs::remove_file(dir).unwrap();
    }
}
