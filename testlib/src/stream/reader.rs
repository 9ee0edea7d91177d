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

    /// Reads more data; returns false at the end of the source. Called only
    /// when `pos == end`.
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
                if b == b'\n' {
                    self.line += 1;
                }
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
        let data = &self.buf[self.pos..self.end];
        let negative = data.first() == Some(&b'-');
        let start = usize::from(negative);
        let mut i = start;
        let mut value: u64 = 0;
        // Eight digits per step while at least eight more are allowed: at
        // most two steps, so `value` stays below 10^16.
        while i - start + 8 <= 19 && i + 8 <= data.len() {
            let Some(v) = eight_digits(data[i..i + 8].try_into().unwrap()) else {
                break;
            };
            value = value * 100_000_000 + v;
            i += 8;
        }
        while i < data.len() && i - start < 19 {
            let d = data[i].wrapping_sub(b'0');
            if d > 9 {
                break;
            }
            value = value * 10 + u64::from(d);
            i += 1;
        }
        let digits = i - start;
        let ends = if i < data.len() {
            is_blank(data[i])
        } else {
            self.exhausted
        };
        if digits == 0 || !ends || (data[start] == b'0' && (digits > 1 || negative)) {
            return None;
        }
        let value = if negative {
            (value <= 1 << 63).then(|| (value as i64).wrapping_neg())?
        } else {
            i64::try_from(value).ok()?
        };
        self.pos += i;
        Some(value)
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

/// The value of eight ASCII digits, or `None` if one byte is not a digit
/// (SWAR: the bytes are checked and combined as one 64-bit word).
#[inline]
fn eight_digits(bytes: [u8; 8]) -> Option<u64> {
    let word = u64::from_le_bytes(bytes);
    let digits = word.wrapping_sub(0x3030_3030_3030_3030);
    // A byte below '0' sets its top bit when subtracted, one above '9' when
    // 0x76 is added; digits do neither (and carry nothing into the next byte).
    if (digits | digits.wrapping_add(0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080 != 0 {
        return None;
    }
    // Combine neighbours: pairs, then quadruples, then all eight (the first
    // digit is the lowest byte).
    let pairs = digits.wrapping_mul(10).wrapping_add(digits >> 8) & 0x00FF_00FF_00FF_00FF;
    let quads = pairs.wrapping_mul(100).wrapping_add(pairs >> 16) & 0x0000_FFFF_0000_FFFF;
    Some(quads.wrapping_mul(10_000).wrapping_add(quads >> 32) & 0xFFFF_FFFF)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_digits_at_once() {
        assert_eq!(eight_digits(*b"12345678"), Some(12_345_678));
        assert_eq!(eight_digits(*b"00000009"), Some(9));
        assert_eq!(eight_digits(*b"99999999"), Some(99_999_999));
        for bad in [
            b"1234567 ",
            b"/2345678",
            b"1234:678",
            b"-2345678",
            b"12345\xff78",
        ] {
            assert_eq!(eight_digits(*bad), None, "{bad:?}");
        }
    }

    #[test]
    fn integers_of_every_length() {
        for text in [
            "0",
            "7",
            "-7",
            "12345678",
            "123456789",
            "-1234567890123456",
            "9223372036854775807",
            "-9223372036854775808",
        ] {
            let mut r = Reader::from_bytes(format!("{text} ").into_bytes());
            assert_eq!(r.integer(), Some(text.parse().unwrap()), "{text}");
        }
        for text in [
            "9223372036854775808",
            "-9223372036854775809",
            "01",
            "-0",
            "12a",
            "99999999999999999999",
        ] {
            let mut r = Reader::from_bytes(format!("{text} ").into_bytes());
            assert_eq!(r.integer(), None, "{text}");
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
