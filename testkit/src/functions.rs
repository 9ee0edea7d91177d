//! The functions of a Rust source file and their lengths, read as text:
//! each `fn` with a body, from its `fn` line to its closing brace, so that
//! a test can hold a crate to short functions.

use std::path::Path;

/// A function of a file: its name, the line its `fn` is on, its lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    pub name: String,
    pub line: usize,
    pub lines: usize,
}

/// The text with its comments, strings and character literals blanked
/// out (spaces, newlines kept), so that braces and `fn` count only in code.
pub fn blanked(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && !ident_before(&chars, i) {
            i = raw_string(&chars, i, &mut out);
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                let step = if chars[i] == '\\' { 2 } else { 1 };
                for k in 0..step {
                    if let Some(&c) = chars.get(i + k) {
                        out.push(blank(c));
                    }
                }
                i += step;
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' && is_char_literal(&chars, i) {
            let end = char_literal_end(&chars, i);
            for _ in i..=end {
                out.push(' ');
            }
            i = end + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// Blanks the raw string starting at `i` (`r"..."`, `r#"..."#`); returns
/// where it ends (or `i + 1` when it is not one).
fn raw_string(chars: &[char], i: usize, out: &mut String) -> usize {
    let mut j = i + 1;
    let mut hashes = 0;
    while chars.get(j) == Some(&'#') {
        hashes += 1;
        j += 1;
    }
    if chars.get(j) != Some(&'"') {
        out.push(chars[i]);
        return i + 1;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#')) {
            j += 1 + hashes;
            break;
        }
        j += 1;
    }
    for &c in &chars[i..j.min(chars.len())] {
        out.push(if c == '\n' { '\n' } else { ' ' });
    }
    j
}

/// Whether the `'` at `i` opens a character literal (not a lifetime).
fn is_char_literal(chars: &[char], i: usize) -> bool {
    matches!(
        (chars.get(i + 1), chars.get(i + 2)),
        (Some('\\'), _) | (Some(_), Some('\''))
    )
}

/// Where the character literal at `i` closes.
fn char_literal_end(chars: &[char], i: usize) -> usize {
    let mut j = i + 1;
    if chars.get(j) == Some(&'\\') {
        j += 2;
    } else {
        j += 1;
    }
    while j < chars.len() && chars[j] != '\'' {
        j += 1;
    }
    j
}

/// The functions with a body in `text`, in order.
pub fn functions(text: &str) -> Vec<Function> {
    let code: Vec<char> = blanked(text).chars().collect();
    let line_of = |at: usize| code[..at].iter().filter(|c| **c == '\n').count() + 1;
    let mut found = Vec::new();
    let mut i = 0;
    while i + 2 < code.len() {
        let starts = code[i] == 'f'
            && code[i + 1] == 'n'
            && code[i + 2].is_whitespace()
            && !ident_before(&code, i);
        if !starts {
            i += 1;
            continue;
        }
        let name_start = (i + 2..code.len()).find(|&j| !code[j].is_whitespace());
        let Some(name_start) = name_start else { break };
        let name: String = code[name_start..]
            .iter()
            .take_while(|c| c.is_alphanumeric() || **c == '_')
            .collect();
        // The body: the first `{` outside the signature's brackets, unless
        // a `;` ends the declaration first.
        let (mut depth, mut j, mut body) = (0i32, name_start, None);
        while j < code.len() {
            match code[j] {
                '(' | '[' | '<' => depth += 1,
                ')' | ']' | '>' if depth > 0 => depth -= 1,
                ';' if depth == 0 => break,
                '{' if depth <= 0 => {
                    body = Some(j);
                    break;
                }
                _ => {}
            }
            j += 1;
        }
        let Some(open) = body else {
            i = j.max(i + 1);
            continue;
        };
        let close = matching(&code, open);
        found.push(Function {
            name,
            line: line_of(i),
            lines: line_of(close) - line_of(i) + 1,
        });
        // Functions inside it are counted too.
        i = open + 1;
    }
    found
}

/// Where the brace at `open` closes.
fn matching(code: &[char], open: usize) -> usize {
    let mut depth = 0;
    for (k, c) in code.iter().enumerate().skip(open) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return k;
                }
            }
            _ => {}
        }
    }
    code.len() - 1
}

/// The functions of every `.rs` file under `dir`: (file, function).
pub fn under(dir: &Path) -> Vec<(std::path::PathBuf, Function)> {
    let mut all = Vec::new();
    for file in crate::modules::rust_files(dir) {
        let text = std::fs::read_to_string(&file).unwrap();
        all.extend(functions(&text).into_iter().map(|f| (file.clone(), f)));
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn functions_are_measured_from_fn_to_their_closing_brace() {
        let text = "/// a\nfn a() {\n    let s = \"}\";\n    let c = '}';\n}\n\
                    trait T { fn b(&self) -> u8; }\n\
                    impl X {\n    pub fn c<'a>(x: &'a [u8]) -> Vec<u8>\n    where u8: Copy\n    {\n        // }\n        vec![]\n    }\n}\n";
        let found = functions(text);
        let names: Vec<(&str, usize, usize)> = (found.iter())
            .map(|f| (f.name.as_str(), f.line, f.lines))
            .collect();
        assert_eq!(names, [("a", 2, 4), ("c", 8, 6)]);
    }

    #[test]
    fn raw_strings_and_lifetimes_do_not_confuse_it() {
        let text = "fn a<'a>(x: &'a str) -> &'a str {\n    let r = r#\"{\"#;\n    x\n}\n";
        assert_eq!(functions(text)[0].lines, 4);
    }
}
