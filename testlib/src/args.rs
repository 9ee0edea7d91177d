//! The command line shared by every kind of program: `--testset` and
//! `--group`, the positional arguments, the result file and `--help`.

use crate::runtime::{fail, state};

/// The checker's call, which testlib's `--help` shows whatever the program.
pub(crate) const USAGE: &str = "Program must be run with the following arguments: [--testset testset] [--group group] <input-file> <output-file> <answer-file> [<report-file> [<-appes>]]";

/// The program's arguments as text (paths that are not UTF-8 are shown lossily).
pub(crate) fn program_args() -> Vec<String> {
    if let Some(args) = crate::runtime::in_process_args() {
        return args;
    }
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
    let name = state().name.clone();
    eprintln!(
        "testlib-rs {} (testlib 0.9.45 compatible)",
        env!("CARGO_PKG_VERSION")
    );
    eprintln!(
        "Checker name: \"{}\"",
        name.as_deref().unwrap_or("untitled checker")
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

/// Names the program for `--help` (testlib's `setName`); call it before
/// registering, as testlib's programs do.
///
/// ```no_run
/// testlib::set_name(format!("compare two doubles, maximal absolute error = {}", testlib::fixed(1.5e-6, 10)));
/// let checker = testlib::register_checker();
/// ```
pub fn set_name(name: impl Into<String>) {
    state().name = Some(name.into());
}

/// The program's arguments, the program itself first: C's `argv`, for
/// generators that read positions with `atoi(argv[1])`.
pub fn argv() -> Vec<String> {
    program_args()
}

/// C's `atoi` as glibc computes it: blanks skipped, an optional sign, the
/// digits up to the first other character; `0` if there are none. Like
/// glibc, a number out of range is cut to 64 bits (`strtol`) and then to 32.
pub fn atoi(text: &str) -> i32 {
    atoll(text) as i32
}

/// C's `atoll` as glibc computes it: like [`atoi`], saturating at the `i64`
/// bounds.
pub fn atoll(text: &str) -> i64 {
    let bytes = text.as_bytes();
    let mut i = bytes
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r'))
        .count();
    let negative = bytes.get(i) == Some(&b'-');
    if matches!(bytes.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let mut value: i64 = 0;
    for &b in bytes[i..].iter().take_while(|b| b.is_ascii_digit()) {
        let digit = i64::from(b - b'0');
        // Accumulate on the number's own side so that i64::MIN is reachable.
        value = if negative {
            value.saturating_mul(10).saturating_sub(digit)
        } else {
            value.saturating_mul(10).saturating_add(digit)
        };
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `atoi` and `atoll` agree with glibc's on the usual spellings, the
    /// bounds and past them, and on random strings of signs, blanks and digits.
    #[cfg(target_env = "gnu")]
    #[test]
    fn atoi_is_glibcs() {
        let mut cases: Vec<String> = [
            "",
            "0",
            "42",
            "-17",
            "+5",
            "  12x",
            "\t-3",
            "x1",
            "--1",
            "+-1",
            "- 1",
            "007",
            "2147483647",
            "2147483648",
            "-2147483649",
            "4294967301",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "-9223372036854775809",
            "99999999999999999999999",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        for _ in 0..20_000 {
            let mut s = String::new();
            for _ in 0..(state % 24) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                s.push(b" \t+-0123456789ab"[(state % 16) as usize] as char);
            }
            cases.push(s);
        }
        for text in &cases {
            let c = std::ffi::CString::new(text.as_str()).unwrap();
            // SAFETY: a NUL-terminated string.
            let (want32, want64) = unsafe { (libc::atoi(c.as_ptr()), libc::atoll(c.as_ptr())) };
            assert_eq!(atoi(text), want32, "atoi({text:?})");
            assert_eq!(atoll(text), want64, "atoll({text:?})");
        }
    }
}
