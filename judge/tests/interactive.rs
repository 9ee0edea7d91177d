//! Interactive problems end to end, with real programs on a throw-away kit:
//! a guessing game whose interactor (written in C, speaking testlib's exit
//! codes) answers `? x` with `<`, `>` or `=` and takes `! x` as the guess.
//! The tests are answered by the reference playing them; `verify` gives
//! each solution its folder's verdict (AC, WA, RE, and TLE for one that
//! never flushes and so waits forever); `stress` plays random games and
//! shrinks a lost one; a crashing interactor is the kit's fault; the first
//! failing test shows the transcript; nothing hangs.

use std::time::{Duration, Instant};

use testkit::guess::{self, GENERATOR, INTERACTOR, searcher};
use testkit::kit::{Kit, c_program};

const PROBLEM: &str = r#"
title = { en = "Guess", zh = "猜数" }
time_limit_ms = 1000
interactor = "interactor.c"
validator = "validate.c"
reference = "accepted/binary_search.c"

[[tests]]
file = "1.in"
targets = ["time_limit_exceeded/no_flush.c", "runtime_error/abort.c"]

[[tests]]
file = "2.in"
targets = ["wrong_answer/off_by_one.c"]

[[tests]]
file = "3.in"
"#;

fn guess_kit() -> Kit {
    let kit = Kit::new();
    guess::add_to(
        &kit,
        &format!("generator = \"gen.c\"\n{PROBLEM}\n[stress]\nargs = [\"{{seed}}\"]\n"),
        &["10 7\n", "1000000 1000000\n", "1000000000000 123456789\n"],
    );
    kit.write("problems/guess/gen.c", GENERATOR);
    kit.write(
        "solutions/guess/wrong_answer/off_by_one.c",
        &searcher(true, true),
    );
    // Without a flush, its question waits in its buffer while it waits for
    // the answer: both sides wait, until the wall limit.
    kit.write(
        "solutions/guess/time_limit_exceeded/no_flush.c",
        &format!(
            "#include <stdio.h>\nint main(void) {{ setvbuf(stdout, NULL, _IOFBF, 1 << 16); {}",
            searcher(false, false)
                .split_once("int main(void) { ")
                .unwrap()
                .1
        ),
    );
    kit.write(
        "solutions/guess/runtime_error/abort.c",
        &c_program("long long n; scanf(\"%lld\", &n); abort();"),
    );
    kit
}

#[test]
fn interactive_tests_are_answered_played_and_verified() {
    let kit = guess_kit();
    let start = Instant::now();
    let (code, report) = kit.json(&["build", "guess"]);
    assert_eq!(code, 0, "{report:#}");
    // The answer is what the interactor wrote while the reference played.
    let questions: u32 = std::fs::read_to_string(kit.path("problems/guess/tests/03.ans"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!((39..=41).contains(&questions), "{questions}");

    let (code, report) = kit.json(&["verify", "guess"]);
    assert_eq!(code, 0, "{report:#}");
    let rows = report["solutions"].as_array().unwrap();
    let verdict = |solution: &str| {
        let row = rows.iter().find(|r| r["solution"] == solution).unwrap();
        (
            row["verdict"].as_str().unwrap().to_string(),
            row["ok"].as_bool().unwrap(),
        )
    };
    assert_eq!(verdict("accepted/binary_search.c"), ("AC".into(), true));
    assert_eq!(verdict("wrong_answer/off_by_one.c"), ("WA".into(), true));
    assert_eq!(
        verdict("time_limit_exceeded/no_flush.c"),
        ("TLE".into(), true)
    );
    assert_eq!(verdict("runtime_error/abort.c"), ("RE".into(), true));
    // Idle waits end at the wall limit (7 s here), never a hang.
    assert!(
        start.elapsed() < Duration::from_secs(60),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn a_failing_test_shows_the_transcript_and_an_idle_solution_is_named() {
    let kit = guess_kit();
    let run = kit.judge(&["test", "guess", "solutions/guess/wrong_answer/off_by_one.c"]);
    let text = run.stdout;
    assert_eq!(run.code, Some(1), "{text}");
    assert!(text.contains("wrong guess 8 (the number was 7)"), "{text}");
    assert!(text.contains("transcript ("), "{text}");
    assert!(text.contains(" < 10\n"), "{text}");
    assert!(text.contains(" > ? 5\n"), "{text}");
    assert!(text.contains(" > ! 8\n"), "{text}");

    let (code, report) = kit.json(&[
        "test",
        "guess",
        "solutions/guess/time_limit_exceeded/no_flush.c",
    ]);
    assert_eq!(code, 1);
    let first = &report["tests"][0];
    assert_eq!(first["verdict"], "TLE");
    let message = first["message"].as_str().unwrap();
    assert!(message.starts_with("idle: "), "{first:#}");
    // Stopped once idle for 1 s, before its wall limit (2 s).
    assert!(
        message.contains("nothing having passed either way for 1 s"),
        "{first:#}"
    );
    assert!(first["wall_ms"].as_u64().unwrap() < 2000, "{first:#}");
}

/// The idle stop breaks a deadlock, and there is none once the interactor
/// has ended: a solution that closes its output, sleeps 1 s and then
/// crashes (as two of BAPCtools' own test submissions do) runs on to its
/// crash, RE every time, not TLE at the idle limit (1 s) now and then.
#[test]
fn a_solution_whose_interactor_ended_is_never_stopped_idle() {
    let kit = guess_kit();
    kit.write(
        "solutions/guess/runtime_error/late_crash.c",
        &c_program("long long n; scanf(\"%lld\", &n); fclose(stdout); sleep(1); abort();"),
    );
    let mut verdicts = Vec::new();
    for _ in 0..7 {
        let (_, report) = kit.json(&[
            "test",
            "guess",
            "solutions/guess/runtime_error/late_crash.c",
        ]);
        for test in report["tests"].as_array().unwrap() {
            verdicts.push(format!("{} {}", test["verdict"], test["message"]));
        }
    }
    assert_eq!(verdicts.len(), 21);
    let not_re: Vec<&String> = verdicts
        .iter()
        .filter(|v| !v.starts_with("\"RE\""))
        .collect();
    assert!(not_re.is_empty(), "{not_re:#?}");
}

/// An interactor that thinks for a while (1.5 s of CPU before its first
/// answer) is not an idle exchange: the solution waiting for it is not
/// stopped at the idle limit (1 s).
#[test]
fn a_busy_interactor_keeps_the_exchange_alive() {
    let kit = guess_kit();
    kit.edit(
        "problems/guess/problem.toml",
        "time_limit_ms = 1000",
        "time_limit_ms = 3000",
    );
    kit.write(
        "problems/guess/interactor.c",
        &INTERACTOR.replace(
            "#include <stdlib.h>",
            "#include <stdlib.h>\n#include <time.h>",
        )
        .replace(
            "printf(\"%s\\n\", x < secret",
            "if (asked == 0) { clock_t t = clock(); while (clock() - t < CLOCKS_PER_SEC * 3 / 2) {} }\n        printf(\"%s\\n\", x < secret",
        ),
    );
    let (code, report) = kit.json(&["test", "guess", "solutions/guess/accepted/binary_search.c"]);
    let first = &report["tests"][0];
    assert_eq!(code, 0, "{first:#}");
    assert!(first["wall_ms"].as_u64().unwrap() >= 1500, "{first:#}");
}

/// A play that ran out of wall time with CPU time to spare is played
/// again with no other run beside it, as a batch run is: here the
/// interactor thinks past the solution's wall limit (2 s) on its first
/// play only (it leaves a mark in its folder), so the second play is AC.
#[test]
fn a_play_out_of_wall_time_with_cpu_to_spare_is_played_again_alone() {
    let kit = guess_kit();
    kit.write(
        "problems/guess/interactor.c",
        &INTERACTOR.replace(
            "#include <stdlib.h>",
            "#include <stdlib.h>\n#include <time.h>\n#include <unistd.h>",
        )
        .replace(
            "printf(\"%s\\n\", x < secret",
            "if (asked == 0 && access(\"thought-once\", F_OK) != 0) { fclose(fopen(\"thought-once\", \"w\")); clock_t t = clock(); while (clock() - t < CLOCKS_PER_SEC * 3) {} }\n        printf(\"%s\\n\", x < secret",
        ),
    );
    let file = "solutions/guess/accepted/binary_search.c";
    let (code, report) = kit.json(&["test", "guess", file]);
    let first = &report["tests"][0];
    assert_eq!((code, &first["verdict"]), (0, &"AC".into()), "{first:#}");
}

/// A solution that floods the interactor is stopped at the output limit
/// (1 MiB): the judge closes its pipe, so it dies at its next write rather
/// than writing on to its time limit (1 s).
#[test]
fn a_flooding_solution_is_stopped_at_the_output_limit() {
    let kit = guess_kit();
    kit.write(
        "solutions/guess/flood.c",
        &c_program("long long n; scanf(\"%lld\", &n); for (;;) printf(\"? 1\\n\"); return 0;"),
    );
    let (code, report) = kit.json(&["test", "guess", "solutions/guess/flood.c", "--fail-fast"]);
    assert_eq!(code, 1);
    let first = &report["tests"][0];
    assert_eq!(first["verdict"], "OLE", "{first:#}");
    let cpu = first["time_ms"].as_u64().unwrap();
    assert!(cpu < 1000, "{first:#}");
}

#[test]
fn stress_plays_random_games_and_shrinks_the_lost_one() {
    let kit = guess_kit();
    let (code, report) = kit.json(&[
        "stress",
        "guess",
        "solutions/guess/accepted/binary_search.c",
        "--iterations",
        "30",
    ]);
    assert_eq!((code, &report["verdict"]), (0, &"AC".into()), "{report:#}");
    assert_eq!(report["iterations"], 30);
    let (code, report) = kit.json(&[
        "stress",
        "guess",
        "solutions/guess/wrong_answer/off_by_one.c",
    ]);
    assert_eq!(code, 1);
    let failure = &report["failure"];
    assert_eq!(failure["verdict"], "WA", "{report:#}");
    // The smallest game it loses: one number, which it guesses as 2.
    assert_eq!(failure["input"], "1 1\n", "{report:#}");
    assert!(
        failure["message"]
            .as_str()
            .unwrap()
            .contains("wrong guess 2"),
        "{report:#}"
    );
}

#[test]
fn a_crashing_interactor_is_the_kits_fault() {
    let kit = guess_kit();
    kit.write(
        "probe/negative.c",
        &c_program("long long n; scanf(\"%lld\", &n); printf(\"? -7\\n\"); fflush(stdout); char r[4]; scanf(\"%3s\", r); return 0;"),
    );
    let (code, report) = kit.json(&["test", "guess", "probe/negative.c"]);
    assert_eq!(code, 1);
    let first = &report["tests"][0];
    assert_eq!(first["verdict"], "FAIL", "{first:#}");
    assert!(
        first["message"]
            .as_str()
            .unwrap()
            .starts_with("the interactor failed"),
        "{first:#}"
    );
}

/// An interactor that writes without end is stopped at its output cap
/// (1 GiB), named, and is the kit's failure.
#[test]
fn an_interactor_that_writes_without_end_is_stopped_and_named() {
    let kit = guess_kit();
    kit.write(
        "problems/guess/interactor.c",
        &INTERACTOR.replace(
            "if (kind[0] == '!') {",
            "static char flood[1 << 20];\n        if (kind[0] == '!' && x == 0) for (;;) fwrite(flood, 1, sizeof flood, stderr);\n        if (kind[0] == '!') {",
        ),
    );
    kit.write(
        "probe/zero.c",
        &c_program("long long n; scanf(\"%lld\", &n); printf(\"! 0\\n\"); return 0;"),
    );
    let (code, report) = kit.json(&["test", "guess", "probe/zero.c", "--fail-fast"]);
    assert_eq!(code, 1);
    let first = &report["tests"][0];
    assert_eq!(first["verdict"], "FAIL", "{first:#}");
    assert_eq!(
        first["message"],
        "the interactor failed: interactor.c was stopped at its limit (OLE: output exceeds 1073741824 bytes)",
        "{first:#}"
    );
}

#[test]
fn a_problem_names_a_checker_or_an_interactor() {
    let kit = guess_kit();
    kit.write(
        "problems/guess/problem.toml",
        &PROBLEM.replace("interactor = ", "checker = \"interactor.c\"\ninteractor = "),
    );
    let error = kit.error(&["build", "guess"]);
    assert!(error.contains("problem.toml:5:"), "{error}");
    assert!(error.contains("not both"), "{error}");
    kit.write(
        "problems/guess/problem.toml",
        &PROBLEM.replace("interactor = \"interactor.c\"\n", ""),
    );
    let error = kit.error(&["build", "guess"]);
    assert!(error.contains("missing `checker`"), "{error}");
    kit.write("problems/guess/problem.toml", PROBLEM);
    let error = kit.error(&[
        "check",
        "guess",
        "problems/guess/1.in",
        "problems/guess/1.in",
    ]);
    assert!(error.contains("is interactive"), "{error}");
}

#[test]
fn a_cpp_interactor_goes_with_an_interactor_a_cpp_checker_with_a_checker() {
    let kit = guess_kit();
    let with = |line: &str| PROBLEM.replace("reference = ", &format!("{line}\nreference = "));
    // Taken (and checked to exist) on an interactive problem: the problem
    // loads, and `check` refuses it for being interactive.
    kit.write(
        "problems/guess/problem.toml",
        &with(r#"cpp_interactor = "interactor.c""#),
    );
    let args = [
        "check",
        "guess",
        "problems/guess/1.in",
        "problems/guess/1.in",
    ];
    let error = kit.error(&args);
    assert!(error.contains("is interactive"), "{error}");
    kit.write(
        "problems/guess/problem.toml",
        &with(r#"cpp_interactor = "missing.cpp""#),
    );
    let error = kit.error(&["build", "guess"]);
    assert!(error.contains("problem.toml:6:"), "{error}");
    assert!(error.contains("missing.cpp does not exist"), "{error}");
    // A C++ checker on an interactive problem, a C++ interactor on a batch
    // one: errors at their lines, naming the right key.
    kit.write(
        "problems/guess/problem.toml",
        &with(r#"cpp_checker = "wcmp""#),
    );
    let error = kit.error(&["build", "guess"]);
    assert!(error.contains("problem.toml:6:"), "{error}");
    assert!(error.contains("`cpp_interactor`"), "{error}");
    kit.write(
        "problems/sum/problem.toml",
        &kit.problem_toml
            .replace("reference = ", "cpp_interactor = \"check.c\"\nreference = "),
    );
    let error = kit.error(&["build", "sum"]);
    assert!(error.contains("problem.toml:5:"), "{error}");
    assert!(error.contains("is for interactive problems"), "{error}");
}
