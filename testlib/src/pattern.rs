//! testlib's small regular-expression-like patterns, for matching
//! (`readToken("[a-z]{1,10}")`) and for generation (`rnd.next("[a-z]{5}")`).
//!
//! Syntax: a literal byte (`\` escapes the next one) or a class `[...]`
//! (ranges `a-z`, negation `[^...]`), optionally followed by `?`, `*`, `+`,
//! `{n}` or `{n,m}`; concatenation; `|` alternation; `( … )` grouping.
//! Unescaped spaces are deleted, so `"NO SOLUTION"` means `NOSOLUTION`.
//! Matching is greedy without backtracking inside an atom (`[0-9]?1` does not
//! match `1`), and alternatives are tried one by one, exactly as in testlib.

use crate::random::Random;

/// A compiled pattern.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// The source as given, spaces included (shown in messages).
    src: String,
    children: Vec<Pattern>,
    /// The class, sorted as C `char`s (signed) for generation order.
    chars: Vec<u8>,
    /// Membership of each byte in `chars`, for matching.
    set: [bool; 256],
    from: i32,
    to: i32,
}

const UNBOUNDED: i32 = i32::MAX;

fn illegal(s: &[u8]) -> ! {
    crate::runtime::fail(format!(
        "pattern: Illegal pattern (or part) \"{}\"",
        crate::format::Bytes(s)
    ))
}

/// Returns true if and only if `s[pos]` is `value` and not escaped by an odd
/// number of backslashes.
fn is_command(s: &[u8], pos: usize, value: u8) -> bool {
    if pos >= s.len() || s[pos] != value {
        return false;
    }
    let slashes = s[..pos].iter().rev().take_while(|&&b| b == b'\\').count();
    slashes % 2 == 0
}

/// Reads one (possibly escaped) byte and moves past it.
fn get_char(s: &[u8], pos: &mut usize) -> u8 {
    *pos += if s[*pos] == b'\\' { 2 } else { 1 };
    // A trailing backslash reads the terminating NUL of a C++ string.
    s.get(*pos - 1).copied().unwrap_or(0)
}

/// Parses the leading integer of `part` as `sscanf("%d")` does.
fn scan_int(part: &[u8]) -> Option<i32> {
    let mut i = 0;
    let negative = match part.first() {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let start = i;
    let mut value: i64 = 0;
    while i < part.len() && part[i].is_ascii_digit() {
        value = (value * 10 + i64::from(part[i] - b'0')).min(i64::from(i32::MAX) + 1);
        i += 1;
    }
    (i > start).then(|| {
        if negative { -value } else { value }.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    })
}

fn scan_counts(s: &[u8], pos: &mut usize) -> (i32, i32) {
    if *pos >= s.len() {
        return (1, 1);
    }
    if is_command(s, *pos, b'{') {
        let mut parts: Vec<Vec<u8>> = Vec::new();
        let mut part = Vec::new();
        *pos += 1;
        while *pos < s.len() && !is_command(s, *pos, b'}') {
            if is_command(s, *pos, b',') {
                parts.push(std::mem::take(&mut part));
                *pos += 1;
            } else {
                part.push(get_char(s, pos));
            }
        }
        if !part.is_empty() {
            parts.push(part);
        }
        if !is_command(s, *pos, b'}') {
            illegal(s);
        }
        *pos += 1;
        if parts.is_empty() || parts.len() > 2 {
            illegal(s);
        }
        let mut numbers = Vec::new();
        for part in &parts {
            if part.is_empty() {
                illegal(s);
            }
            numbers.push(scan_int(part).unwrap_or_else(|| illegal(s)));
        }
        let (from, to) = if numbers.len() == 1 {
            (numbers[0], numbers[0])
        } else {
            (numbers[0], numbers[1])
        };
        if from > to {
            illegal(s);
        }
        return (from, to);
    }
    for (mark, counts) in [
        (b'?', (0, 1)),
        (b'*', (0, UNBOUNDED)),
        (b'+', (1, UNBOUNDED)),
    ] {
        if is_command(s, *pos, mark) {
            *pos += 1;
            return counts;
        }
    }
    (1, 1)
}

fn scan_char_set(s: &[u8], pos: &mut usize) -> Vec<u8> {
    if *pos >= s.len() {
        illegal(s);
    }
    if !is_command(s, *pos, b'[') {
        return vec![get_char(s, pos)];
    }
    *pos += 1;
    let negative = is_command(s, *pos, b'^');
    if negative {
        *pos += 1;
    }
    let mut result: Vec<u8> = Vec::new();
    let mut prev: u8 = 0;
    while *pos < s.len() && !is_command(s, *pos, b']') {
        if is_command(s, *pos, b'-') && prev != 0 {
            *pos += 1;
            if *pos + 1 == s.len() || is_command(s, *pos, b']') {
                result.push(prev);
                prev = b'-';
                continue;
            }
            let next = get_char(s, pos);
            if (prev as i8) > (next as i8) {
                illegal(s);
            }
            let mut c = prev as i8;
            while c != next as i8 {
                result.push(c as u8);
                c = c.wrapping_add(1);
            }
            result.push(next);
            prev = 0;
        } else {
            if prev != 0 {
                result.push(prev);
            }
            prev = get_char(s, pos);
        }
    }
    if prev != 0 {
        result.push(prev);
    }
    if !is_command(s, *pos, b']') {
        illegal(s);
    }
    *pos += 1;
    if negative {
        let listed: std::collections::HashSet<u8> = result.iter().copied().collect();
        result = (0u8..255).filter(|c| !listed.contains(c)).collect();
    }
    result.sort_by_key(|&c| c as i8);
    result
}

impl Pattern {
    /// Compiles a pattern; an illegal pattern is a FAIL, as in testlib.
    pub fn new(src: &str) -> Pattern {
        Pattern::parse(src.as_bytes(), src.to_string())
    }

    fn parse(original: &[u8], src: String) -> Pattern {
        let s: Vec<u8> = (0..original.len())
            .filter(|&i| !is_command(original, i, b' '))
            .map(|i| original[i])
            .collect();
        let mut p = Pattern {
            src,
            children: Vec::new(),
            chars: Vec::new(),
            set: [false; 256],
            from: 0,
            to: 0,
        };
        let mut opened = 0i32;
        let mut first_close: Option<usize> = None;
        let mut seps = Vec::new();
        for i in 0..s.len() {
            if is_command(&s, i, b'(') {
                opened += 1;
                continue;
            }
            if is_command(&s, i, b')') {
                opened -= 1;
                if opened == 0 && first_close.is_none() {
                    first_close = Some(i);
                }
                continue;
            }
            if opened < 0 {
                illegal(&s);
            }
            if is_command(&s, i, b'|') && opened == 0 {
                seps.push(i);
            }
        }
        if opened != 0 {
            illegal(&s);
        }
        let child = |part: &[u8]| Pattern::parse(part, String::from_utf8_lossy(part).into_owned());
        if seps.is_empty()
            && first_close.map(|c| c + 1) == Some(s.len())
            && is_command(&s, 0, b'(')
            && is_command(&s, s.len() - 1, b')')
        {
            p.children.push(child(&s[1..s.len() - 1]));
        } else if !seps.is_empty() {
            seps.push(s.len());
            let mut last = 0;
            for &sep in &seps {
                p.children.push(child(&s[last..sep]));
                last = sep + 1;
            }
        } else {
            let mut pos = 0;
            p.chars = scan_char_set(&s, &mut pos);
            (p.from, p.to) = scan_counts(&s, &mut pos);
            if pos < s.len() {
                p.children.push(child(&s[pos..]));
            }
        }
        for &c in &p.chars {
            p.set[usize::from(c)] = true;
        }
        p
    }

    /// The pattern's source text, as written.
    pub fn src(&self) -> &str {
        &self.src
    }

    /// Returns true if and only if the whole of `s` matches.
    pub fn matches(&self, s: &[u8]) -> bool {
        self.matches_from(s, 0)
    }

    fn matches_from(&self, s: &[u8], mut pos: usize) -> bool {
        if self.to > 0 {
            let size = s[pos..]
                .iter()
                .take_while(|&&c| self.set[usize::from(c)])
                .count();
            if size < self.from as usize {
                return false;
            }
            pos += size.min(self.to as usize);
        }
        if self.children.is_empty() {
            pos == s.len()
        } else {
            self.children.iter().any(|child| child.matches_from(s, pos))
        }
    }

    /// Generates a random string of the pattern, drawing from `rnd` exactly as
    /// testlib does; `*` and `+` cannot be generated (FAIL).
    pub fn generate(&self, rnd: &mut Random) -> Vec<u8> {
        let mut out = Vec::new();
        self.generate_into(rnd, &mut out);
        out
    }

    fn generate_into(&self, rnd: &mut Random, out: &mut Vec<u8>) {
        if self.to == UNBOUNDED {
            crate::runtime::fail(
                "pattern::next(random_t& rnd): can't process character '*' for generation",
            );
        }
        if self.to > 0 {
            let count = rnd.next_int(self.to - self.from + 1) + self.from;
            for _ in 0..count {
                out.push(self.chars[rnd.next_int(self.chars.len() as i32) as usize]);
            }
        }
        if !self.children.is_empty() {
            let child = rnd.next_int(self.children.len() as i32) as usize;
            self.children[child].generate_into(rnd, out);
        }
    }
}

// Pattern sampling lives here, not in `random`, which knows nothing of patterns.
impl Random {
    /// A random string of a pattern (testlib's `rnd.next("[a-z]{1,10}")`).
    pub fn next_pattern(&mut self, pattern: &str) -> String {
        String::from_utf8_lossy(&self.next_pattern_bytes(pattern)).into_owned()
    }

    /// A random string of a pattern, as raw bytes (for classes beyond ASCII).
    pub fn next_pattern_bytes(&mut self, pattern: &str) -> Vec<u8> {
        Pattern::new(pattern).generate(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(p: &str, s: &str) -> bool {
        Pattern::new(p).matches(s.as_bytes())
    }

    #[test]
    fn upstream_matching_cases() {
        assert!(!m("a", ""));
        assert!(!m("b", "a"));
        assert!(m("a", "a"));
        for s in ["", "wertyuiop(*&^%$#@!~", "?><"] {
            assert!(m("[^0-9]*", s), "{s}");
        }
        assert!(!m("[^0-9]*", "?>3<"));
        for s in ["id-a", "id-c", "id-bb"] {
            assert!(m("id-([ac]|b{2})", s));
        }
        for s in ["id-aa", "id-cb", "id-b"] {
            assert!(!m("id-([ac]|b{2})", s));
        }
        for s in ["4me.!", "0z.", "9ttt.!!", "7oe."] {
            assert!(m("[0-9][a-z]{1,3}.[!]{0,2}", s), "{s}");
        }
        for s in ["4me.!!!", "rz.", "9A.!!", "7oe"] {
            assert!(!m("[0-9][a-z]{1,3}.[!]{0,2}", s), "{s}");
        }
        assert!(!m("No solution", "No solution"));
        assert!(m("No\\ solution", "No solution"));
        assert!(!m("((aa|ba)|(ac|dd))|yes", "No solution"));
        for s in ["ooxba", "ooyac", "ooydd", "ooxaa", "yes"] {
            assert!(m("oo(x(aa|ba)|y(ac|dd))|yes", s), "{s}");
        }
        for s in ["", "ooxbaydd", "ooyes", "oo", "ooyaa", "ooxac", "ooyddd"] {
            assert!(!m("oo(x(aa|ba)|y(ac|dd))|yes", s), "{s}");
        }
        assert!(!m("[0-9]?1", "1"));
        assert!(m("[a-z]{1,100}", "abc"));
        assert!(!m("[a-z]{1,100}", "abC"));
    }

    #[test]
    fn classes_keep_duplicates_in_order() {
        let p = Pattern::new("[0000000001]{100}");
        assert_eq!(p.chars.len(), 10);
        assert_eq!(p.chars.iter().filter(|&&c| c == b'0').count(), 9);
    }
}
