//! Bad input to the kit, end to end with the real `judge` binary: broken
//! configuration, missing files, unknown languages, generators, validators,
//! references and checkers that misbehave, deleted built files, and Ctrl-C
//! during a build. Each case checks the exit status (2 for a fault of the
//! kit or its configuration, or the documented verdict), that the message
//! names the file (with line and column in a TOML file) and says what was
//! expected, and that nothing is lost or half-written.
//!
//! Each test builds a throw-away kit: a problem "sum" (print a + b) whose
//! checker, validator, generator and reference are C sources, so no cargo
//! is involved.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

mod common;
use common::{Run, kill_all, processes_of, wait};

const JUDGE_TOML: &str = r#"
problems = ["sum"]

[defaults]
time_limit_ms = 500
memory_limit_mib = 64
output_limit_mib = 1

[languages.c]
extensions = ["c"]
compile = ["gcc", "-O1", "-o", "{binary}", "{source}"]
run = ["{binary}"]
version = ["gcc", "--version"]
"#;

// Line numbers matter: the tests below point at lines of this text.
const PROBLEM_TOML: &str = r#"
title = { en = "Sum", zh = "求和" }
checker = "check.c"
validator = "validate.c"
generator = "gen.c"
reference = "accepted/ref.c"

[[tests]]
file = "t1.in"

[[tests]]
args = ["40", "2"]

[[tests]]
args = ["{index}", "1000000000000"]
count = 3
"#;

const CHECKER: &str = r#"
#include <stdio.h>
int main(int argc, char **argv) {
    if (argc < 4) return 3;
    FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
    long long a, b;
    if (!ans || fscanf(ans, "%lld", &a) != 1) { fprintf(stderr, "FAIL bad answer\n"); return 3; }
    if (!out || fscanf(out, "%lld", &b) != 1) { fprintf(stderr, "wrong output format expected a number\n"); return 2; }
    if (a != b) { fprintf(stderr, "wrong answer expected %lld, found %lld\n", a, b); return 1; }
    fprintf(stderr, "ok %lld\n", a);
    return 0;
}
"#;

const VALIDATOR: &str = r#"
#include <stdio.h>
int main(void) {
    long long a, b; char end;
    if (scanf("%lld %lld%c", &a, &b, &end) != 3 || end != '\n' || a < 0 || b < 0) {
        fprintf(stderr, "FAIL bad input: expected two non-negative integers\n");
        return 3;
    }
    return 0;
}
"#;

/// `gen a b` prints `a b`; `{fault}` may misbehave first (it sees `a`).
fn generator(fault: &str) -> String {
    format!(
        r#"
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char **argv) {{
    if (argc != 3) {{ fprintf(stderr, "usage: gen a b\n"); return 3; }}
    long long a = atoll(argv[1]);
    {fault}
    printf("%s %s\n", argv[1], argv[2]);
    return 0;
}}
"#
    )
}

/// The reference: prints a + b; `{fault}` may misbehave first.
fn reference(fault: &str) -> String {
    format!(
        "#include <stdio.h>\nint main(void) {{ long long a, b; scanf(\"%lld %lld\", &a, &b); {fault} printf(\"%lld\\n\", a + b); return 0; }}\n"
    )
}

const PLUS_ONE: &str = "#include <stdio.h>\nint main(void) { long long a, b; scanf(\"%lld %lld\", &a, &b); printf(\"%lld\\n\", a + b + 1); return 0; }\n";

const CRASHING_CHECKER: &str = "int main(void) { volatile int *p = 0; return *p; }\n";

/// Every case must end within this, whatever the kit does.
const WATCHDOG: Duration = Duration::from_secs(120);

/// What a run of the judge gave.
struct TempKit {
    dir: tempfile::TempDir,
}

impl TempKit {
    fn new() -> TempKit {
        let kit = TempKit {
            dir: tempfile::tempdir().unwrap(),
        };
        kit.write("judge.toml", JUDGE_TOML);
        kit.write("problems/sum/problem.toml", PROBLEM_TOML);
        kit.write("problems/sum/check.c", CHECKER);
        kit.write("problems/sum/validate.c", VALIDATOR);
        kit.write("problems/sum/gen.c", &generator(""));
        kit.write("problems/sum/t1.in", "1 2\n");
        kit.write("solutions/sum/accepted/ref.c", &reference(""));
        kit
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    fn write(&self, rel: &str, content: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, content).unwrap();
    }

    /// Replaces `from` by `to` in the file `rel`, which must hold it.
    fn edit(&self, rel: &str, from: &str, to: &str) {
        let text = std::fs::read_to_string(self.path(rel)).unwrap();
        assert!(text.contains(from), "{rel} has no {from:?}");
        self.write(rel, &text.replacen(from, to, 1));
    }

    fn spawn(&self, args: &[&str]) -> Child {
        Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(args)
            .current_dir(self.dir.path())
            .env("CARGO_TARGET_DIR", self.path("target"))
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    /// Runs the judge; a run that outlives `limit` is killed and fails the test.
    fn judge_within(&self, args: &[&str], limit: Duration) -> Run {
        let start = Instant::now();
        let child = self.spawn(args);
        wait(child, args, start, limit)
    }

    fn judge(&self, args: &[&str]) -> Run {
        self.judge_within(args, WATCHDOG)
    }

    /// Runs the judge expecting an error of the kit: exit status 2 and a
    /// message, no panic; returns stderr.
    fn error(&self, args: &[&str]) -> String {
        let run = self.judge(args);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
        run.stderr
    }

    /// Runs the judge with `--json`; returns its exit status and report.
    fn json(&self, args: &[&str]) -> (i32, Value) {
        let mut all = vec!["--json", "--jobs", "2"];
        all.extend_from_slice(args);
        let run = self.judge(&all);
        let report = serde_json::from_str(&run.stdout)
            .unwrap_or_else(|e| panic!("{e}: stdout {:?}, stderr {:?}", run.stdout, run.stderr));
        (run.code.unwrap(), report)
    }

    /// Builds the tests, which must succeed; returns the build report's
    /// counts (generated, validated, answered).
    fn build(&self) -> (u64, u64, u64) {
        let (code, report) = self.json(&["build"]);
        assert_eq!(code, 0, "{report}");
        let p = &report["problems"][0];
        let count = |key: &str| p[key].as_u64().unwrap();
        (count("generated"), count("validated"), count("answered"))
    }

    /// The built tests: every input and answer of the tests folder and its
    /// bytes. `with_records`: with the `.meta` records too (for an error
    /// that must stop the kit before it runs anything).
    fn tests(&self, with_records: bool) -> BTreeMap<String, Vec<u8>> {
        let dir = self.path("problems/sum/tests");
        let mut files = BTreeMap::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().into_string().unwrap();
            let ext = name.split_once('.').map_or("", |(_, ext)| ext);
            if ext == "in" || ext == "ans" || with_records && ext == "meta" {
                files.insert(name, std::fs::read(entry.path()).unwrap());
            }
        }
        files
    }

    /// Files an interrupted or failed write would leave: temporary files
    /// (`.tmp-*`, `*.tmp-*`) anywhere in the kit.
    fn leftovers(&self) -> Vec<PathBuf> {
        walkdir::WalkDir::new(self.dir.path())
            .into_iter()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().contains(".tmp-"))
            .map(|e| e.into_path())
            .collect()
    }

    /// Asserts that nothing temporary is left in the kit.
    fn assert_clean(&self) {
        let left = self.leftovers();
        assert!(left.is_empty(), "left behind: {left:?}");
    }

    /// Builds, then breaks the kit with `damage` and builds again: the
    /// second build must be an error of the kit that leaves the built tests
    /// as they were (their records too when `with_records`); returns its
    /// stderr.
    fn failed_rebuild(&self, with_records: bool, damage: impl FnOnce(&TempKit)) -> String {
        self.build();
        let before = self.tests(with_records);
        damage(self);
        let stderr = self.error(&["build"]);
        assert_eq!(self.tests(with_records), before, "{stderr}");
        self.assert_clean();
        stderr
    }
}

// ---------------------------------------------------------------------------
// judge.toml and problem.toml

#[test]
fn malformed_judge_toml_is_located() {
    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("judge.toml", "problems = [\"sum\"]", "problems = [\"sum\"");
    });
    // An array may span lines: the parser stops at the next table.
    assert!(
        stderr.contains("judge.toml:4:1") && stderr.contains("expected `,`"),
        "{stderr}"
    );

    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("judge.toml", "time_limit_ms = 500", "time_limit_ms = [500]");
    });
    assert!(
        stderr.contains("judge.toml:5:17") && stderr.contains("expected u64"),
        "{stderr}"
    );
}

#[test]
fn unknown_keys_in_judge_toml_are_named() {
    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("judge.toml", "output_limit_mib", "output_limit");
    });
    assert!(
        stderr.contains("judge.toml:7:1")
            && stderr.contains("unknown field `output_limit`")
            && stderr.contains("`output_limit_mib`"),
        "{stderr}"
    );

    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("judge.toml", "\n[defaults]", "job = 2\n\n[defaults]");
    });
    assert!(
        stderr.contains("judge.toml:3:1")
            && stderr.contains("unknown field `job`")
            && stderr.contains("`jobs`"),
        "{stderr}"
    );

    // In a language's table.
    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("judge.toml", "run = [", "flags = [\"-O2\"]\nrun = [");
    });
    assert!(
        stderr.contains("judge.toml:12:1")
            && stderr.contains("unknown field `flags`")
            && stderr.contains("`compile`"),
        "{stderr}"
    );
}

#[test]
fn malformed_problem_toml_is_located() {
    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit(
            "problems/sum/problem.toml",
            "checker = \"check.c\"",
            "checker = \"check.c",
        );
    });
    assert!(
        stderr.contains("problems/sum/problem.toml:3:") && stderr.contains("invalid basic string"),
        "{stderr}"
    );

    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("problems/sum/problem.toml", "count = 3", "count = -3");
    });
    assert!(
        stderr.contains("problems/sum/problem.toml:16:9") && stderr.contains("u32"),
        "{stderr}"
    );
}

#[test]
fn unknown_keys_in_problem_toml_are_named() {
    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("problems/sum/problem.toml", "generator =", "genrator =");
    });
    assert!(
        stderr.contains("problems/sum/problem.toml:5:1")
            && stderr.contains("unknown field `genrator`")
            && stderr.contains("`generator`"),
        "{stderr}"
    );

    // In a test of the plan.
    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("problems/sum/problem.toml", "count = 3", "cnt = 3");
    });
    assert!(
        stderr.contains("problems/sum/problem.toml:16:1")
            && stderr.contains("unknown field `cnt`")
            && stderr.contains("`count`"),
        "{stderr}"
    );
}

// ---------------------------------------------------------------------------
// Files that problem.toml names

/// Removes `rel` from a kit that built: the next build must stop on the
/// problem.toml line naming it, and say it is missing.
fn assert_missing_is_located(rel: &str, line_column: &str) {
    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(true, |kit| {
        std::fs::remove_file(kit.path(rel)).unwrap();
    });
    let at = format!("problems/sum/problem.toml:{line_column}:");
    assert!(
        stderr.contains(&at) && stderr.contains(&format!("{rel} does not exist")),
        "{rel}: {stderr}"
    );
}

#[test]
fn missing_programs_are_located() {
    assert_missing_is_located("problems/sum/check.c", "3:11");
    assert_missing_is_located("problems/sum/validate.c", "4:13");
    assert_missing_is_located("problems/sum/gen.c", "5:13");
    assert_missing_is_located("solutions/sum/accepted/ref.c", "6:13");
    assert_missing_is_located("problems/sum/t1.in", "9:8");

    // A test's own generator, and a binary of the kit's cargo packages.
    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit(
            "problems/sum/problem.toml",
            "args = [\"40\", \"2\"]",
            "generator = \"gen2.c\"\nargs = [\"40\", \"2\"]",
        );
    });
    assert!(
        stderr.contains("problems/sum/problem.toml:12:13")
            && stderr.contains("problems/sum/gen2.c does not exist"),
        "{stderr}"
    );
    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("problems/sum/problem.toml", "\"check.c\"", "\"check-sum\"");
    });
    assert!(
        stderr.contains("problems/sum/problem.toml:3:11")
            && stderr.contains("no checker `check-sum`")
            && stderr.contains("checkers/src/bin/check-sum.rs"),
        "{stderr}"
    );
    // A solution to judge that is not there.
    let kit = TempKit::new();
    let stderr = kit.error(&["test", "sum", "solutions/sum/nothere.c"]);
    assert!(
        stderr.contains("cannot read solutions/sum/nothere.c") && stderr.contains("No such file"),
        "{stderr}"
    );
}

// ---------------------------------------------------------------------------
// Languages

#[test]
fn an_unknown_language_is_named() {
    let kit = TempKit::new();
    kit.build();
    let before = kit.tests(true);

    // A solution judged by hand.
    kit.write("solutions/sum/sum.kt", "fun main() {}\n");
    let stderr = kit.error(&["test", "sum", "solutions/sum/sum.kt"]);
    assert!(
        stderr.contains("solutions/sum/sum.kt")
            && stderr.contains("no language in judge.toml has the extension `.kt`"),
        "{stderr}"
    );

    // A solution in a folder `verify` judges.
    std::fs::rename(
        kit.path("solutions/sum/sum.kt"),
        kit.path("solutions/sum/accepted/sum.kt"),
    )
    .unwrap();
    let stderr = kit.error(&["verify"]);
    assert!(
        stderr.contains("solutions/sum/accepted/sum.kt")
            && stderr.contains("no language in judge.toml has the extension `.kt`"),
        "{stderr}"
    );
    std::fs::remove_file(kit.path("solutions/sum/accepted/sum.kt")).unwrap();
    assert_eq!(kit.tests(true), before);

    // Programs problem.toml names: the line that names them.
    for (key, value, file, at) in [
        ("checker", "check.c", "problems/sum/check.kt", "3:11"),
        (
            "reference",
            "accepted/ref.c",
            "solutions/sum/accepted/ref.kt",
            "6:13",
        ),
    ] {
        let kit = TempKit::new();
        let stderr = kit.failed_rebuild(true, |kit| {
            kit.write(file, "fun main() {}\n");
            let to = value.replace(".c", ".kt");
            kit.edit(
                "problems/sum/problem.toml",
                &format!("{key} = \"{value}\""),
                &format!("{key} = \"{to}\""),
            );
        });
        assert!(
            stderr.contains(&format!("problems/sum/problem.toml:{at}:"))
                && stderr.contains(file)
                && stderr.contains("no language in judge.toml has the extension `.kt`"),
            "{key}: {stderr}"
        );
    }
}

// ---------------------------------------------------------------------------
// Programs that misbehave while tests are built

#[test]
fn a_crashing_generator_is_named_with_its_test() {
    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(false, |kit| {
        kit.write(
            "problems/sum/gen.c",
            &generator("if (a == 2) { volatile int *p = 0; *p = 1; }"),
        );
    });
    assert!(
        stderr.contains("test 04")
            && stderr.contains("problems/sum/gen.c 2 1000000000000")
            && stderr.contains("SIGSEGV"),
        "{stderr}"
    );

    // A generator that exits with a failure: its own message is shown.
    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(false, |kit| {
        kit.write(
            "problems/sum/gen.c",
            &generator("if (a == 40) { fprintf(stderr, \"no such mode\\n\"); return 5; }"),
        );
    });
    assert!(
        stderr.contains("test 02")
            && stderr.contains("problems/sum/gen.c 40 2")
            && stderr.contains("exit code 5")
            && stderr.contains("no such mode"),
        "{stderr}"
    );
}

#[test]
fn a_generator_that_never_ends_is_stopped() {
    let kit = TempKit::new();
    kit.build();
    let before = kit.tests(false);
    kit.write(
        "problems/sum/gen.c",
        &generator("if (a == 3) for (;;) pause();"),
    );
    let run = kit.judge_within(&["build"], Duration::from_secs(60));
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("test 05")
            && run.stderr.contains("problems/sum/gen.c 3 1000000000000")
            && run.stderr.contains("wall limit"),
        "{}",
        run.stderr
    );
    assert_eq!(kit.tests(false), before);
    kit.assert_clean();
    let left = processes_of(kit.dir.path());
    kill_all(&left);
    assert!(left.is_empty(), "{left:?}");
    eprintln!("the endless generator was stopped after {:?}", run.took);
}

#[test]
fn a_generated_test_the_validator_rejects_is_named() {
    let kit = TempKit::new();
    let stderr = kit.failed_rebuild(false, |kit| {
        // Test 02 gets a generator of its own, which writes a negative number.
        kit.write(
            "problems/sum/gen-neg.c",
            "#include <stdio.h>\nint main(int argc, char **argv) { printf(\"-%s %s\\n\", argv[1], argv[2]); return argc - 3; }\n",
        );
        kit.edit(
            "problems/sum/problem.toml",
            "args = [\"40\", \"2\"]",
            "args = [\"40\", \"2\"]\ngenerator = \"gen-neg.c\"",
        );
    });
    assert!(
        stderr.contains("test 02")
            && stderr.contains("problems/sum/gen-neg.c 40 2")
            && stderr.contains("validating")
            && stderr.contains("tests/02.in.new")
            && stderr.contains("the validator validate.c")
            && stderr.contains("bad input: expected two non-negative integers"),
        "{stderr}"
    );
    // The rejected input is kept aside to be looked at; test 02 is the
    // good one still, so undoing the change leaves nothing to do.
    let rejected = kit.path("problems/sum/tests/02.in.new");
    assert_eq!(std::fs::read_to_string(&rejected).unwrap(), "-40 2\n");
    kit.edit(
        "problems/sum/problem.toml",
        "\ngenerator = \"gen-neg.c\"",
        "",
    );
    assert_eq!(kit.build(), (0, 0, 0));
    assert!(!rejected.exists());
}

#[test]
fn a_failing_reference_is_named_with_its_test() {
    for (fault, says) in [
        ("if (a == 40) { volatile int *p = 0; *p = 1; }", "SIGSEGV"),
        (
            "if (a == 40) { fprintf(stderr, \"cannot answer\\n\"); return 4; }",
            "exit code 4",
        ),
    ] {
        let kit = TempKit::new();
        let stderr = kit.failed_rebuild(false, |kit| {
            kit.write("solutions/sum/accepted/ref.c", &reference(fault));
        });
        assert!(
            stderr.contains("test 02")
                && stderr.contains("reference solution ref.c")
                && stderr.contains(says),
            "{stderr}"
        );
    }
    // The same on a first build: no answer is written for the test.
    let kit = TempKit::new();
    kit.write(
        "solutions/sum/accepted/ref.c",
        &reference("if (a == 40) return 4;"),
    );
    let stderr = kit.error(&["build"]);
    assert!(
        stderr.contains("test 02")
            && stderr.contains("exit code 4")
            && stderr.contains("tests/02.in.new"),
        "{stderr}"
    );
    let built = kit.tests(true);
    for file in ["02.in", "02.ans", "02.meta"] {
        assert!(!built.contains_key(file), "{file}: {:?}", built.keys());
    }
    kit.assert_clean();
}

// ---------------------------------------------------------------------------
// Checkers

#[test]
fn a_crashing_checker_is_never_a_wrong_answer() {
    let kit = TempKit::new();
    kit.write("problems/sum/check.c", CRASHING_CHECKER);
    kit.write("out.txt", "3\n");
    let input = kit.path("problems/sum/t1.in");
    let input = input.to_str().unwrap();
    for answer in [None, Some("out.txt")] {
        let mut args = vec!["check", "sum", input, "out.txt"];
        args.extend(answer);
        let (code, report) = kit.json(&args);
        assert_eq!(
            (code, report["verdict"].as_str()),
            (1, Some("FAIL")),
            "{report}"
        );
        assert!(
            report["message"].as_str().unwrap().contains("checker"),
            "{report}"
        );
    }

    // verify: neither the accepted solution nor the wrong one is blamed.
    kit.write("solutions/sum/wrong_answer/plus_one.c", PLUS_ONE);
    kit.edit(
        "problems/sum/problem.toml",
        "file = \"t1.in\"",
        "file = \"t1.in\"\ntargets = [\"wrong_answer/plus_one.c\"]",
    );
    let (code, report) = kit.json(&["verify"]);
    assert_eq!(
        (code, report["verdict"].as_str()),
        (1, Some("FAIL")),
        "{report}"
    );
    for row in report["solutions"].as_array().unwrap() {
        assert_eq!(row["verdict"], "FAIL", "{row}");
        assert_eq!(row["ok"], false, "{row}");
    }
}

// ---------------------------------------------------------------------------
// Built files that disappear

// problem.toml gives no answers by file (the reference makes every one):
// a built answer that disappears is made again, never judged as missing.
#[test]
fn a_deleted_answer_is_made_again_not_judged() {
    let kit = TempKit::new();
    kit.build();
    let built = kit.tests(false);
    std::fs::remove_file(kit.path("problems/sum/tests/02.ans")).unwrap();
    // Judging answers it again first.
    let (code, report) = kit.json(&["test", "sum", "solutions/sum/accepted/ref.c"]);
    assert_eq!(
        (code, report["verdict"].as_str()),
        (0, Some("AC")),
        "{report}"
    );
    assert_eq!(kit.tests(false), built);

    // An answer emptied by hand, and a deleted input: made again too.
    kit.write("problems/sum/tests/03.ans", "");
    std::fs::remove_file(kit.path("problems/sum/tests/04.in")).unwrap();
    // The input is the same again: only the answer is made anew.
    assert_eq!(kit.build(), (1, 0, 1));
    assert_eq!(kit.tests(false), built);

    // An answer given by hand to `check` must exist.
    let input = kit.path("problems/sum/t1.in");
    kit.write("out.txt", "3\n");
    let stderr = kit.error(&[
        "check",
        "sum",
        input.to_str().unwrap(),
        "out.txt",
        "gone.ans",
    ]);
    assert!(
        stderr.contains("gone.ans") && stderr.contains("no such file"),
        "{stderr}"
    );
}

// ---------------------------------------------------------------------------
// Ctrl-C

/// A kit whose 20 generated tests take 200 ms each to generate.
fn slow_kit() -> TempKit {
    let kit = TempKit::new();
    kit.write(
        "problems/sum/problem.toml",
        &PROBLEM_TOML.replace(
            "args = [\"{index}\", \"1000000000000\"]\ncount = 3",
            "args = [\"{index}\", \"7\"]\ncount = 20",
        ),
    );
    kit.write("problems/sum/gen.c", &generator("usleep(200000);"));
    kit
}

#[test]
fn ctrl_c_stops_a_build_that_then_resumes() {
    let kit = slow_kit();
    let start = Instant::now();
    let child = kit.spawn(&["--jobs", "2", "build"]);
    let pid = i32::try_from(child.id()).unwrap();
    // Interrupt once the first tests are built, while the others are made.
    let tests = kit.path("problems/sum/tests");
    while !tests.join("01.meta").exists() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no test was built"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(300));
    // SAFETY: `pid` is our child, not yet waited for.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    let interrupted = Instant::now();
    let run = wait(child, &["build"], start, WATCHDOG);
    let took = interrupted.elapsed();
    assert!(took < Duration::from_secs(10), "it took {took:?} to stop");
    let left = processes_of(kit.dir.path());
    kill_all(&left);
    assert!(left.is_empty(), "processes left: {left:?}");
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    assert!(run.stderr.contains("interrupted"), "{}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    // Nothing half-written: what is recorded as built is whole.
    assert!(
        kit.leftovers().iter().all(|p| !p.starts_with(&tests)),
        "{:?}",
        kit.leftovers()
    );
    let partial = kit.tests(true);
    assert!(
        !partial.contains_key("22.meta"),
        "the build was not interrupted"
    );

    // The next build resumes: it makes only the tests not recorded as
    // built, and gives what a build from scratch gives.
    let recorded: Vec<&str> = partial
        .keys()
        .filter_map(|name| name.strip_suffix(".meta"))
        .collect();
    let (generated, _, _) = kit.build();
    assert_eq!(generated as usize, 22 - recorded.len(), "{recorded:?}");
    kit.assert_clean();
    let fresh = slow_kit();
    fresh.build();
    let expected = fresh.tests(false);
    assert_eq!(kit.tests(false), expected);
    // What was recorded as built was whole when the build stopped.
    for stem in recorded {
        for file in [format!("{stem}.in"), format!("{stem}.ans")] {
            assert_eq!(partial.get(&file), expected.get(&file), "{file}");
        }
    }
}
