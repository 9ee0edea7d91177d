//! What the stability measure judges: solutions of the kit's own problems,
//! one or more of each verdict they have (an interactive problem's
//! included), and C programs written for "sum" to sit at or across its
//! limits.

/// The kit's solutions judged, by problem: each file under
/// `solutions/<problem>/`, its verdict the one its folder names. A
/// problem's files are judged in one call, with `--fail-fast` (a file that
/// fails stops at its first failing test, as `judge verify` judges it):
/// the calls stay short, and every too-slow one still runs out of time.
pub const KIT_SOLUTIONS: &[(&str, &[&str])] = &[
    ("bash", &["accepted/bash.cpp", "wrong_answer/int32.cpp"]),
    ("merge-piles", &["runtime_error/table_50000.rs"]),
    (
        "nim-play",
        &[
            "wrong_answer/zero_based.cpp",
            "time_limit_exceeded/no_flush.cpp",
        ],
    ),
];

/// What the bench judges besides: the kit's long interactive plays, and a
/// too slow solution of the kit's (the test has the C ones).
pub const LONG_PLAYS: &[(&str, &[&str])] = &[
    ("nim-play", &["accepted/nim-play.cpp"]),
    ("bash", &["time_limit_exceeded/simulate.cpp"]),
];

/// The guessing game of the throw-away kit, for a long play that is cheap
/// on a quiet machine: 300 ms of CPU time, a test whose secret is 3000,
/// and an interactor that answers as many questions as it is asked.
pub const GUESS_PLAN: &str = "title = { en = \"Guess\", zh = \"猜数\" }\ntime_limit_ms = 300\ninteractor = \"interactor.c\"\nvalidator = \"validate.c\"\nreference = \"accepted/binary_search.c\"\n\n[[tests]]\nfile = \"1.in\"\n";
pub const GUESS_TEST: &str = "100000 3000\n";

/// The guessing game's interactor without its cap on questions.
pub fn patient_interactor() -> String {
    crate::guess::INTERACTOR.replace("asked == 60", "asked == 1000000")
}

/// Asks 1, 2, 3, ... until it hears `=`: 3000 exchanges, each of which
/// wakes the judge's relay and the interactor, and may wait for a core
/// beside the hog.
pub const LINEAR_GUESS: &str = "#include <stdio.h>\nint main(void) { long long n; if (scanf(\"%lld\", &n) != 1) return 1; for (long long x = 1; x <= n; x++) { printf(\"? %lld\\n\", x); fflush(stdout); char r[4]; if (scanf(\"%3s\", r) != 1) return 0; if (r[0] == '=') { printf(\"! %lld\\n\", x); fflush(stdout); return 0; } } return 0; }\n";

/// The verdict a solution's folder names, if it names one.
pub fn verdict_of_folder(file: &str) -> Option<&'static str> {
    let folder = file.split('/').next()?;
    Some(match folder {
        "accepted" => "AC",
        "wrong_answer" => "WA",
        "presentation_error" => "PE",
        "time_limit_exceeded" => "TLE",
        "memory_limit_exceeded" => "MLE",
        "runtime_error" => "RE",
        _ => return None,
    })
}

/// The C programs written for the problem "sum" of a throw-away kit
/// (print a + b), whose limits are `time_ms` of CPU time and `memory_mib`:
/// (file name, source, the verdict it must get every time, if one).
pub fn sum_programs(
    time_ms: u64,
    memory_mib: u64,
) -> Vec<(&'static str, String, Option<&'static str>)> {
    let burn = |ms: u64| format!("while (clock() < (clock_t)(CLOCKS_PER_SEC / 1000) * {ms}) {{}}");
    let mib = |m: u64| format!("((size_t){m} << 20)");
    let near = burn(time_ms * 65 / 100);
    let over = burn(time_ms * 3 / 2);
    let quick = mib(memory_mib * 3 / 2);
    let slow = slow_memory(time_ms, memory_mib);
    vec![
        ("near_limit.c", program(&near), Some("AC")),
        ("over_limit.c", program(&over), Some("TLE")),
        ("memory_quickly.c", program(&touch(&quick)), Some("MLE")),
        ("memory_slowly.c", program(&slow), None),
    ]
}

/// Reads a and b, does `body`, prints a + b.
fn program(body: &str) -> String {
    format!(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <time.h>\n#include <unistd.h>\n\
         int main(void) {{\n    long long a, b;\n    if (scanf(\"%lld %lld\", &a, &b) != 2) return 1;\n    \
         {body}\n    printf(\"%lld\\n\", a + b);\n    return 0;\n}}\n"
    )
}

/// Allocates `size` bytes and touches every page at once; `a` is left as
/// it was unless malloc failed.
fn touch(size: &str) -> String {
    format!(
        "size_t n = {size}; volatile char *p = malloc(n); if (!p) return 2;\n    \
         for (size_t i = 0; i < n; i += 4096) p[i] = 1;\n    a += p[n / 2] - 1;"
    )
}

/// Burns CPU time up to twice the limit while touching memory at a rate
/// tied to it: 1.25 times the memory limit by the time limit, so that the
/// memory limit is crossed at 80% of the time limit and the time limit
/// soon after, the cap (the limit and 32 MiB more) not before 1.2 times
/// the time limit; at most 1.5 times the memory limit in all.
fn slow_memory(time_ms: u64, memory_mib: u64) -> String {
    let most = memory_mib * 3 / 2;
    format!(
        "size_t most = (size_t){most} << 20, done = 0; volatile char *p = malloc(most); if (!p) return 2;\n    \
         clock_t end = (clock_t)(CLOCKS_PER_SEC / 1000) * {twice};\n    \
         for (clock_t now = clock(); now < end; now = clock()) {{\n        \
         double share = (double)now / ((double)(CLOCKS_PER_SEC / 1000) * {time_ms});\n        \
         size_t want = (size_t)(share * 1.25 * ((size_t){memory_mib} << 20));\n        \
         if (want > most) want = most;\n        \
         for (; done < want; done += 4096) p[done] = 1;\n    }}",
        twice = time_ms * 2
    )
}
