//! The runner end to end, with real compilers on tiny programs: every
//! verdict, a program whose children outlive it, a crashing checker, bad
//! configuration and bad files, the no-op rebuild and an interrupted build.
//! Every `--json` document printed here is checked against the documented
//! schema (`docs/report.schema.json`).
//!
//! Each test builds a throw-away kit (`common/kit.rs`): a problem "sum"
//! (print a + b) whose checker, validator and reference are C sources, so
//! no cargo is involved.

use std::path::Path;

use serde_json::Value;

use testkit::kit::{CRASHING_CHECKER, Kit, c_program, plus_one, reference};
use testkit::run::processes_with;
use testkit::schema::assert_documented;

#[test]
fn every_verdict() {
    let kit = Kit::new();
    let read = "long long a, b; scanf(\"%lld %lld\", &a, &b);";
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "ac.c",
            c_program(&format!("{read} printf(\"%lld\\n\", a + b); return 0;")),
            "AC",
        ),
        (
            "ac.py",
            "a, b = map(int, input().split())\nprint(a + b)\n".to_string(),
            "AC",
        ),
        (
            "wa.c",
            c_program(&format!("{read} printf(\"%lld\\n\", a + b + 1); return 0;")),
            "WA",
        ),
        ("pe.c", c_program("puts(\"many\"); return 0;"), "PE"),
        (
            "tle_busy.c",
            c_program("volatile unsigned long x = 0; for (;;) x++; return 0;"),
            "TLE",
        ),
        ("tle_sleep.c", c_program("sleep(30); return 0;"), "TLE"),
        (
            "mle.c",
            c_program(
                "size_t n = 200u << 20; volatile char *p = malloc(n); for (size_t i = 0; i < n; i += 4096) p[i] = 1; printf(\"%d\\n\", p[n - 4096]); return 0;",
            ),
            "MLE",
        ),
        (
            "ole.c",
            c_program(
                "for (int i = 0; i < 5000000; i++) fputs(\"1111111111\\n\", stdout); return 0;",
            ),
            "OLE",
        ),
        (
            "re_segv.c",
            c_program("volatile int *p = 0; *p = 1; return 0;"),
            "RE",
        ),
        (
            "re_exit.c",
            c_program(&format!("{read} printf(\"%lld\\n\", a + b); return 3;")),
            "RE",
        ),
        (
            "ce.c",
            "int main(void) { this is not C; }\n".to_string(),
            "CE",
        ),
    ];
    for (name, source, expected) in cases {
        let (code, overall, first, message) = kit.verdict_of(name, &source);
        assert_eq!(overall, expected, "{name}: first test {first} ({message})");
        assert_eq!(code, if expected == "AC" { 0 } else { 1 }, "{name}");
        match name {
            "re_segv.c" => assert!(message.contains("SIGSEGV"), "{message}"),
            "re_exit.c" => assert!(message.contains("exit code 3"), "{message}"),
            "tle_sleep.c" => assert!(message.contains("wall limit"), "{message}"),
            // Stopped at its CPU limit (500 ms), by the kernel's timer
            // (which counts clock ticks) or the judge's samples, whichever
            // saw it first; not at the wall limit (1.5 s) nor at the
            // backstop of RLIMIT_CPU (3 s).
            "tle_busy.c" => {
                let cpu: u64 = message.split(' ').next().unwrap().parse().unwrap();
                let by = message.split_once(" ms of CPU time").map(|(_, by)| by);
                assert!(
                    matches!(by, Some("" | ", stopped by the kernel past the CPU limit"))
                        && (490..600).contains(&cpu),
                    "{message}"
                );
            }
            "wa.c" => assert!(message.contains("expected 3, found 4"), "{message}"),
            _ => {}
        }
    }
}

/// A Java program: public class `class` whose `main` reads a and b into
/// longs and runs `body`.
fn java(class: &str, body: &str) -> String {
    format!(
        "import java.io.*;\npublic class {class} {{\n    public static void main(String[] args) throws IOException {{\n        String[] w = new BufferedReader(new InputStreamReader(System.in)).readLine().trim().split(\" +\");\n        long a = Long.parseLong(w[0]), b = Long.parseLong(w[1]);\n        {body}\n    }}\n}}\n"
    )
}

#[test]
#[ignore = "slow tier: a JDK"]
fn java_is_judged_under_its_class_name() {
    let kit = Kit::builder().languages(&["c", "java"]).create();
    let cases = [
        ("Sum.java", java("Sum", "System.out.println(a + b);"), "AC"),
        (
            "PlusOne.java",
            java("PlusOne", "System.out.println(a + b + 1);"),
            "WA",
        ),
        (
            "Throws.java",
            java("Throws", "throw new RuntimeException();"),
            "RE",
        ),
        // Any file name: the public class names the file javac gets, as
        // DOMjudge and Codeforces take it.
        (
            "hank.java",
            java("Main", "System.out.println(a + b);"),
            "AC",
        ),
        (
            "Broken.java",
            java("Broken", "System.out.println(c);"),
            "CE",
        ),
    ];
    for (name, source, expected) in cases {
        let (_, overall, first, message) = kit.verdict_of(name, &source);
        assert_eq!(overall, expected, "{name}: first test {first} ({message})");
    }
    // javac's own words: the file and the symbol it cannot find.
    let (_, report) = kit.json(&["test", "sum", "solutions/sum/Broken.java"]);
    let message = report["compile_error"].as_str().unwrap();
    assert!(
        message.contains("Broken.java") && message.contains("symbol"),
        "{message}"
    );
}

fn kotlin(body: &str) -> String {
    format!(
        "fun main() {{\n    val (a, b) = readLine()!!.trim().split(Regex(\" +\")).map {{ it.toLong() }}\n    {body}\n}}\n"
    )
}

#[test]
#[ignore = "slow tier: kotlinc"]
fn kotlin_is_judged() {
    let kit = Kit::builder().languages(&["c", "kotlin"]).create();
    let cases = [
        ("sum.kt", kotlin("println(a + b)"), "AC"),
        // Kotlin 1.6's `readln`: the kit's Kotlin is the judges' 2.x.
        (
            "readln.kt",
            "fun main() {\n    val (a, b) = readln().trim().split(\" \").map { it.toLong() }\n    println(a + b)\n}\n".to_string(),
            "AC",
        ),
        ("plus-one.kt", kotlin("println(a + b + 1)"), "WA"),
        ("throws.kt", kotlin("throw RuntimeException()"), "RE"),
        ("broken.kt", kotlin("println(missingName)"), "CE"),
    ];
    for (name, source, expected) in cases {
        let (_, overall, first, message) = kit.verdict_of(name, &source);
        assert_eq!(overall, expected, "{name}: first test {first} ({message})");
    }
    let (_, report) = kit.json(&["test", "sum", "solutions/sum/broken.kt"]);
    let message = report["compile_error"].as_str().unwrap();
    assert!(message.contains("missingName"), "{message}");
}

#[test]
fn compile_errors_show_the_compiler_message() {
    let kit = Kit::new();
    kit.write(
        "solutions/sum/broken.c",
        "int main(void) { return missing_name; }\n",
    );
    let (code, report) = kit.json(&["test", "sum", "solutions/sum/broken.c"]);
    assert_eq!((code, report["verdict"].as_str().unwrap()), (1, "CE"));
    let message = report["compile_error"].as_str().unwrap();
    assert!(
        message.contains("missing_name") && message.contains("solutions/sum/broken.c"),
        "{message}"
    );
}

#[test]
fn a_large_correct_output_is_not_counted_as_memory() {
    // 150 MB of output against 64 MiB of memory: where the output is on a
    // memory file system, its control group counts its pages, and a cap
    // without room for them would stop it as MLE.
    let kit = Kit::builder().output_limit_mib(200).create();
    let source = c_program(
        "long long a, b; scanf(\"%lld %lld\", &a, &b); printf(\"%lld\", a + b);
         static char blank[1 << 20]; memset(blank, ' ', sizeof blank);
         for (int i = 0; i < 150; i++) fwrite(blank, 1, sizeof blank, stdout);
         puts(\"\"); return 0;",
    );
    let (_, overall, first, message) = kit.verdict_of("large.c", &source);
    assert_eq!(overall, "AC", "first test {first}: {message}");
}

#[test]
fn isolation_none_drops_the_layers_and_keeps_the_limits() {
    let kit = Kit::new();
    let busy = c_program("volatile unsigned long x = 0; for (;;) x++; return 0;");
    kit.write("solutions/sum/busy.c", &busy);
    let (_, full) = kit.json(&["test", "sum", "solutions/sum/busy.c"]);
    let (_, none) = kit.json(&["--isolation", "none", "test", "sum", "solutions/sum/busy.c"]);
    assert_eq!(none["verdict"], "TLE", "{none}");
    assert_eq!(full["verdict"], "TLE", "{full}");
    let isolation = &none["isolation"];
    assert_eq!(isolation["files"], "none", "{isolation}");
    assert_eq!(isolation["processes"], "session", "{isolation}");
    assert_eq!(isolation["network"], "shared", "{isolation}");
    assert_eq!(isolation["user"], "judge", "{isolation}");
    // Contained, the same machine shows at least one layer more.
    assert_ne!(full["isolation"], none["isolation"]);
}

#[test]
fn no_descendant_survives_a_run() {
    let kit = Kit::new();
    // A child and a grandchild that sleep on; the marker finds them.
    let marker = format!("61.{}", std::process::id());
    let source = c_program(&format!(
        "long long a, b; scanf(\"%lld %lld\", &a, &b);
         if (fork() == 0) {{ fork(); execl(\"/bin/sleep\", \"sleep\", \"{marker}\", (char *) 0); return 0; }}
         printf(\"%lld\\n\", a + b); return 0;"
    ));
    let (_, overall, _, _) = kit.verdict_of("forks.c", &source);
    assert_eq!(overall, "AC");
    let left = processes_with(&marker);
    assert!(left.is_empty(), "processes {left:?} outlived their run");
}

#[test]
fn a_crashing_checker_is_the_kits_fault() {
    let kit = Kit::new();
    kit.write("problems/sum/check.c", CRASHING_CHECKER);
    let (code, overall, first, message) = kit.verdict_of(
        "ac.c",
        &c_program(
            "long long a, b; scanf(\"%lld %lld\", &a, &b); printf(\"%lld\\n\", a + b); return 0;",
        ),
    );
    assert_eq!(
        (code, overall.as_str(), first.as_str()),
        (1, "FAIL", "FAIL")
    );
    assert!(message.contains("checker"), "{message}");
}

#[test]
fn a_malformed_problem_toml_names_the_line_and_column() {
    let kit = Kit::new();
    kit.write(
        "problems/sum/problem.toml",
        &kit.problem_toml
            .replace("reference = ", "time_limit_ms = \"slow\"\nreference = "),
    );
    let run = kit.judge(&["build"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("problem.toml:5:17"), "{}", run.stderr);

    kit.write(
        "problems/sum/problem.toml",
        &kit.problem_toml
            .replace("[[tests]]\nfile = \"t2.in\"", "[[tests]]\nfiel = \"t2.in\""),
    );
    let stderr = kit.judge(&["build"]).stderr;
    assert!(
        stderr.contains("problem.toml:11:1") && stderr.contains("fiel"),
        "{stderr}"
    );
}

#[test]
fn an_unchanged_tree_rebuilds_nothing() {
    let kit = Kit::new();
    assert_eq!(kit.build(), (3, 3, 3));
    assert_eq!(kit.build(), (0, 0, 0));
    // Changing one input redoes that test only.
    kit.write("problems/sum/t2.in", "41 2\n");
    assert_eq!(kit.build(), (1, 1, 1));
    assert_eq!(
        std::fs::read_to_string(kit.path("problems/sum/tests/02.ans")).unwrap(),
        "43\n"
    );
}

#[test]
fn an_interrupted_build_resumes() {
    let kit = Kit::new();
    kit.build();
    let tests = kit.path("problems/sum/tests");
    // As if the build had been killed while writing test 03: its record is
    // missing and a half-written temporary file lies around.
    std::fs::remove_file(tests.join("03.meta")).unwrap();
    std::fs::write(tests.join("03.ans.tmp-999-ThreadId1"), "half").unwrap();
    assert_eq!(kit.build(), (1, 1, 1));
    let names: Vec<String> = std::fs::read_dir(&tests)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names.len(), 9, "{names:?}");
}

#[test]
fn an_invalid_test_stops_the_build() {
    let kit = Kit::new();
    kit.write("problems/sum/t2.in", "-5 2\n");
    let run = kit.judge(&["build"]);
    let stderr = run.stderr;
    assert_eq!(run.code, Some(2));
    assert!(
        stderr.contains("test 02") && stderr.contains("validator") && stderr.contains("bad input"),
        "{stderr}"
    );
}

/// A generator whose test is made from its seed (the last argument): `a b`
/// with a = seed mod 100.
const SEEDED_GENERATOR: &str = r#"#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    long long seed = atoll(argv[argc - 1]);
    printf("%lld %lld\n", seed % 100, seed % 7);
    return 0;
}
"#;

const STRESS_TABLE: &str = "\n[stress]\nargs = [\"{seed}\"]\n";

/// The solution of the stress tests: wrong only when a is at least 37.
const LATE: &str = "long long a, b; scanf(\"%lld %lld\", &a, &b); printf(\"%lld\\n\", a >= 37 ? a - b : a + b); return 0;";

/// A kit whose problem has a seeded generator and a `[stress]` table, and
/// the wrong solution `wrong_answer/late.c`.
fn stress_kit() -> Kit {
    let kit = Kit::new();
    kit.write("problems/sum/gen.c", SEEDED_GENERATOR);
    kit.write(
        "problems/sum/problem.toml",
        &format!("generator = \"gen.c\"\n{}{STRESS_TABLE}", kit.problem_toml),
    );
    kit.write("solutions/sum/wrong_answer/late.c", &c_program(LATE));
    kit
}

#[test]
fn stress_reports_the_first_failing_seed_and_how_to_make_it() {
    // Wrong only when a is at least 37: first on the test of seed 37.
    let kit = stress_kit();
    let (code, report) = kit.json(&[
        "stress",
        "sum",
        "solutions/sum/wrong_answer/late.c",
        "--seed",
        "30",
    ]);
    assert_eq!((code, report["verdict"].as_str().unwrap()), (1, "WA"));
    let failure = &report["failure"];
    assert_eq!(failure["seed"], 37);
    assert_eq!(failure["generator"], "gen.c 37");
    assert_eq!(
        report["iterations"], 8,
        "seeds 30..=37 were tried, in order"
    );
    // Shrunk: a cannot go below 37; b = 0 would make both sums equal, so 1.
    assert_eq!(failure["input"], "37 1\n");
    assert_eq!(
        (failure["output"].as_str(), failure["answer"].as_str()),
        (Some("36\n"), Some("38\n"))
    );
    let shrinking = &failure["shrinking"];
    assert_eq!(shrinking["original_bytes"], 5);
    assert!(
        shrinking["kept"] == 1 && shrinking["tried"].as_u64() >= Some(5),
        "{shrinking}"
    );
    // As found, with --no-shrink.
    let (_, report) = kit.json(&[
        "stress",
        "sum",
        "solutions/sum/wrong_answer/late.c",
        "--seed",
        "30",
        "--no-shrink",
    ]);
    let failure = &report["failure"];
    assert_eq!(failure["input"], "37 2\n");
    assert_eq!(
        (failure["output"].as_str(), failure["answer"].as_str()),
        (Some("35\n"), Some("39\n"))
    );
    assert!(failure["shrinking"].is_null());

    // The right solution passes every test, here 60 of them.
    let (code, report) = kit.json(&[
        "stress",
        "sum",
        "solutions/sum/accepted/ref.c",
        "--iterations",
        "60",
    ]);
    assert_eq!((code, report["verdict"].as_str().unwrap()), (0, "AC"));
    assert_eq!(report["iterations"], 60);
    assert!(report["failure"].is_null());

    // Arguments on the command line; a problem without `[stress]` asks for them.
    let (code, report) = kit.json(&[
        "stress",
        "sum",
        "solutions/sum/wrong_answer/late.c",
        "--iterations",
        "5",
        "--gen",
        "x",
        "{seed}",
    ]);
    assert_eq!(
        (code, report["failure"]["seed"].as_u64()),
        (0, None),
        "seeds 1..=5 are all fine"
    );
    kit.write(
        "problems/sum/problem.toml",
        &format!("generator = \"gen.c\"\n{}", kit.problem_toml),
    );
    let stderr = kit.error(&["stress", "sum", "solutions/sum/accepted/ref.c"]);
    assert!(
        stderr.contains("no [stress] table") && stderr.contains("--gen"),
        "{stderr}"
    );
    // `{seed}` is required: the same test again and again would prove nothing.
    kit.write(
        "problems/sum/problem.toml",
        &format!(
            "generator = \"gen.c\"\n{}\n[stress]\nargs = [\"7\"]\n",
            kit.problem_toml
        ),
    );
    let stderr = kit.error(&["stress", "sum", "solutions/sum/accepted/ref.c"]);
    assert!(
        stderr.contains("problem.toml:") && stderr.contains("{seed}"),
        "{stderr}"
    );
}

#[test]
fn stress_save_adds_the_shrunk_test_to_the_plan_aimed_at_the_solution() {
    let kit = stress_kit();
    // No test catches it yet: verify says so.
    let (code, _) = kit.json(&["verify"]);
    assert_eq!(code, 1);

    let args = [
        "stress",
        "sum",
        "solutions/sum/wrong_answer/late.c",
        "--seed",
        "30",
        "--save",
    ];
    let (code, report) = kit.json(&args);
    assert_eq!(code, 1);
    let saved = report["failure"]["saved"].as_str().unwrap();
    assert_eq!(saved, "problems/sum/stress/late-seed37.in");
    assert_eq!(std::fs::read_to_string(kit.path(saved)).unwrap(), "37 1\n");
    let toml = std::fs::read_to_string(kit.path("problems/sum/problem.toml")).unwrap();
    let entry = "[[tests]]\nfile = \"stress/late-seed37.in\"\ncomment = \"found by judge stress, seed 37 (gen.c 37), shrunk: solutions/sum/wrong_answer/late.c gets WA here\"\ntargets = [\"wrong_answer/late.c\"]\n";
    let at = toml.find(entry).unwrap_or_else(|| panic!("{toml}"));
    assert!(
        at < toml.find("[stress]").unwrap(),
        "with the tests: {toml}"
    );

    // The next verify proves the new test catches it.
    let (code, report) = kit.json(&["verify"]);
    assert_eq!(code, 0, "{report:#}");
    let row = report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["solution"] == "wrong_answer/late.c")
        .unwrap();
    assert_eq!(row["aimed"][0]["test"], "04");

    // Saved once only.
    let stderr = kit.error(&args);
    assert!(stderr.contains("saved before"), "{stderr}");
}

/// The seeded generator's "exhaustive mode": the one test of seed `n`.
const CERTIFY_TABLE: &str =
    "\n[certify]\nargs = [\"x\", \"{n}\"]\nbounds = { n = 5 }\nagainst = \"accepted/ref.c\"\n";

#[test]
fn certify_checks_the_reference_against_the_brute_force_and_shrinks_a_disagreement() {
    let kit = stress_kit();
    kit.write(
        "problems/sum/problem.toml",
        &format!(
            "generator = \"gen.c\"\n{}{STRESS_TABLE}{CERTIFY_TABLE}",
            kit.problem_toml
        ),
    );
    let (code, report) = kit.json(&["certify", "sum"]);
    assert_eq!((code, report["verdict"].as_str()), (0, Some("AC")));
    assert_eq!(report["generator"], "gen.c x 5");
    assert_eq!(
        report["cases"], 1,
        "no [input] table: the input is one case"
    );

    // A brute force that is wrong for a ≥ 37, on the input of bound 40
    // ("40 5"): shrunk to the smallest a and b that still disagree.
    let args = [
        "certify",
        "sum",
        "--bound",
        "n=40",
        "--against",
        "solutions/sum/wrong_answer/late.c",
    ];
    let (code, report) = kit.json(&args);
    assert_eq!((code, report["verdict"].as_str()), (1, Some("WA")));
    let failure = &report["failure"];
    assert_eq!(failure["solution"], "solutions/sum/accepted/ref.c");
    assert_eq!(failure["against"], "solutions/sum/wrong_answer/late.c");
    assert_eq!(failure["input"], "37 1\n");
    assert_eq!(
        (failure["output"].as_str(), failure["answer"].as_str()),
        (Some("38\n"), Some("36\n"))
    );
    assert_eq!(failure["shrinking"]["original_bytes"], 5);

    let stderr = kit.error(&["certify", "sum", "--bound", "m=3"]);
    assert!(
        stderr.contains("--bound m=3: the problem's bounds are n"),
        "{stderr}"
    );
    let stderr = kit.error(&["certify", "sum", "--bound", "n"]);
    assert!(stderr.contains("expected NAME=VALUE"), "{stderr}");
    // Every `{name}` needs a default; a problem without the table says so.
    kit.write(
        "problems/sum/problem.toml",
        &format!(
            "generator = \"gen.c\"\n{}{STRESS_TABLE}\n[certify]\nargs = [\"{{m}}\"]\n",
            kit.problem_toml
        ),
    );
    let stderr = kit.error(&["certify", "sum"]);
    assert!(
        stderr.contains("problem.toml:") && stderr.contains("`{m}` has no value in `bounds`"),
        "{stderr}"
    );
    kit.write(
        "problems/sum/problem.toml",
        &format!("generator = \"gen.c\"\n{}", kit.problem_toml),
    );
    let stderr = kit.error(&["certify", "sum"]);
    assert!(stderr.contains("no [certify] table"), "{stderr}");
}

#[test]
fn check_by_hand() {
    let kit = Kit::new();
    kit.write("out.txt", "3\n");
    kit.write("bad.txt", "4\n");
    let input = kit.path("problems/sum/t1.in");
    let input = input.to_str().unwrap();
    let (code, report) = kit.json(&["check", "sum", input, "out.txt"]);
    assert_eq!((code, report["verdict"].as_str().unwrap()), (0, "AC"));
    let (code, report) = kit.json(&["check", "sum", input, "bad.txt"]);
    assert_eq!((code, report["verdict"].as_str().unwrap()), (1, "WA"));
    assert!(
        report["message"]
            .as_str()
            .unwrap()
            .contains("expected 3, found 4")
    );
}

#[test]
fn verify_reports_each_solution_against_its_folder() {
    let kit = Kit::new();
    let plus_one = plus_one();
    kit.write("solutions/sum/wrong_answer/plus_one.c", &plus_one);
    // A wrong solution no test aims at: verify must say so.
    kit.write("solutions/sum/wrong_answer/unaimed.c", &plus_one);
    // A "wrong" solution that is in fact correct: verify must flag it.
    kit.write("solutions/sum/wrong_answer/not_wrong.c", &reference(""));
    let aimed = "[[tests]]\nfile = \"t3.in\"\ntargets = [\"wrong_answer/plus_one.c\", \"wrong_answer/not_wrong.c\"]\n";
    kit.write(
        "problems/sum/problem.toml",
        &kit.problem_toml
            .replace("[[tests]]\nfile = \"t3.in\"\n", aimed),
    );
    let (code, report) = kit.json(&["verify"]);
    assert_eq!(code, 1);
    assert_eq!(report["verdict"], "FAIL");
    let rows = report["solutions"].as_array().unwrap();
    let row = |name: &str| {
        rows.iter()
            .find(|r| r["solution"].as_str().unwrap().ends_with(name))
            .unwrap()
            .clone()
    };
    assert_eq!(row("ref.c")["ok"], true);
    assert_eq!(row("plus_one.c")["ok"], true);
    assert_eq!(row("plus_one.c")["aimed"][0]["test"], "03");
    assert_eq!(row("unaimed.c")["ok"], false);
    assert!(
        row("unaimed.c")["problems"][0]
            .as_str()
            .unwrap()
            .contains("no test aims at it")
    );
    assert_eq!(row("not_wrong.c")["ok"], false);
    assert!(
        row("not_wrong.c")["problems"]
            .to_string()
            .contains("test 03 aimed at it gave AC")
    );
}

#[test]
fn bad_configuration_is_an_error_naming_the_file() {
    let kit = Kit::new();
    kit.write(
        "judge.toml",
        &kit.judge_toml
            .replace("version = [\"gcc\", \"--version\"]", "version = []"),
    );
    let stderr = kit.error(&["build"]);
    assert!(
        stderr.contains("judge.toml:") && stderr.contains("`version` is an empty command"),
        "{stderr}"
    );

    let kit = Kit::new();
    kit.write(
        "problems/sum/problem.toml",
        &kit.problem_toml.replace(
            "reference = ",
            "time_limit_ms = 9000000000000000000\nreference = ",
        ),
    );
    let stderr = kit.error(&["build"]);
    assert!(
        stderr.contains("problem.toml:5:17") && stderr.contains("out of range"),
        "{stderr}"
    );

    let kit = Kit::new();
    kit.write(
        "judge.toml",
        &kit.judge_toml
            .replace("memory_limit_mib = 64", "memory_limit_mib = 0"),
    );
    let stderr = kit.error(&["build"]);
    assert!(
        stderr.contains("judge.toml:6:20") && stderr.contains("out of range"),
        "{stderr}"
    );
}

#[test]
fn unreadable_files_are_errors_naming_the_file() {
    let kit = Kit::new();
    // A folder is a class of solutions: one with none is an error.
    std::fs::create_dir_all(kit.path("solutions/sum/folder.c")).unwrap();
    let stderr = kit.error(&["test", "sum", "solutions/sum/folder.c"]);
    assert!(
        stderr.contains("no file in a language of judge.toml") && stderr.contains("folder.c"),
        "{stderr}"
    );
    // A source that cannot be read, even by root: a dangling link.
    std::os::unix::fs::symlink("missing.c", kit.path("solutions/sum/dangling.c")).unwrap();
    let stderr = kit.error(&["test", "sum", "solutions/sum/dangling.c"]);
    assert!(stderr.contains("dangling.c"), "{stderr}");
    let stderr = kit.error(&["check", "sum", "nowhere.in", "out.txt"]);
    assert!(stderr.contains("nowhere.in"), "{stderr}");
}

#[test]
fn folders_that_cannot_be_made_are_errors_naming_them() {
    let kit = Kit::new();
    // The tests folder is a file: it cannot be created.
    kit.write("problems/sum/tests", "in the way");
    let stderr = kit.error(&["build"]);
    assert!(
        stderr.contains("cannot create the folder") && stderr.contains("sum/tests"),
        "{stderr}"
    );

    let kit = Kit::new();
    kit.write("target/judge", "in the way");
    let stderr = kit.error(&["build"]);
    assert!(stderr.contains("target/judge"), "{stderr}");
}

#[test]
fn colours_follow_the_flag_per_stream() {
    let kit = Kit::new();
    let ac = "solutions/sum/accepted/ref.c";
    let esc = |out: &str| out.contains('\x1b');
    // Piped output is plain unless colours are forced; NO_COLOR is set here.
    assert!(!esc(&kit.judge(&["test", "sum", ac]).stdout));
    assert!(esc(&kit
        .judge(&["--color", "always", "test", "sum", ac])
        .stdout));
    assert!(!esc(&kit
        .judge(&["--color", "never", "test", "sum", ac])
        .stdout));
    let out = kit.judge(&["--color", "always", "test", "nope", ac]);
    assert!(esc(&out.stderr) && !esc(&out.stdout));
    assert!(!esc(&kit.judge(&["test", "nope", ac]).stderr));
}

#[test]
fn every_command_prints_a_documented_report() {
    let kit = Kit::new();
    kit.write("out.txt", "3\n");
    // What a Hydro package needs: statements, and a checker Hydro compiles.
    kit.write("problems/sum/statement.en.md", "# Sum\n\nPrint a + b.\n");
    kit.write("problems/sum/statement.zh.md", "# 求和\n\n输出 a + b。\n");
    kit.write(
        "problems/sum/problem.toml",
        &kit.problem_toml
            .replace("reference = ", "cpp_checker = \"wcmp\"\nreference = "),
    );
    kit.write("problems/sum/gen.c", SEEDED_GENERATOR);
    kit.write(
        "problems/sum/problem.toml",
        &format!(
            "generator = \"gen.c\"\n{}{STRESS_TABLE}{CERTIFY_TABLE}",
            kit.problem_toml
                .replace("reference = ", "cpp_checker = \"wcmp\"\nreference = ")
        ),
    );
    let input = kit.path("problems/sum/t1.in");
    for args in [
        vec!["build"],
        vec!["test", "sum", "solutions/sum/accepted/ref.c"],
        vec!["test", "sum", "--fail-fast", "solutions/sum/accepted/ref.c"],
        vec!["verify"],
        vec!["check", "sum", input.to_str().unwrap(), "out.txt"],
        vec!["package", "--format", "hydro", "--out", "target/sum-hydro"],
        vec!["doctor"],
        vec!["timelimit", "sum", "--runs", "1"],
        vec![
            "test",
            "sum",
            "solutions/sum/accepted/ref.c",
            "solutions/sum/accepted",
        ],
        vec![
            "stress",
            "sum",
            "solutions/sum/accepted/ref.c",
            "--iterations",
            "10",
        ],
        vec!["certify", "sum"],
        vec!["statement", "sum"],
        // With --pdf: statement_pages (Chromium, the slow tier).
        vec!["statement", "--lang", "zh"],
    ] {
        let (code, report) = kit.json(&args);
        assert_eq!(
            (code, &report["verdict"]),
            (0, &Value::from("AC")),
            "{args:?}"
        );
        assert_eq!(report["command"], args[0]);
    }
}

/// The examples of the guide's JSON chapter follow the schema, and there
/// is one per command.
#[test]
fn the_guides_json_examples_follow_the_schema() {
    let chapter = Path::new(env!("CARGO_MANIFEST_DIR")).join("../book/src/json.md");
    let text = std::fs::read_to_string(chapter).unwrap();
    let mut commands = Vec::new();
    for block in text.split("```json\n").skip(1) {
        let example: Value = serde_json::from_str(block.split("```").next().unwrap()).unwrap();
        assert_documented(&example);
        commands.push(example["command"].as_str().unwrap().to_string());
    }
    commands.sort();
    assert_eq!(
        commands,
        [
            "build",
            "certify",
            "check",
            "diff",
            "doctor",
            "import",
            "lab",
            "new",
            "package",
            "statement",
            "stress",
            "test",
            "test",
            "timelimit",
            "validate",
            "verify"
        ]
    );
}

#[test]
fn a_closed_stdout_changes_nothing_but_the_output() {
    let kit = Kit::new();
    kit.write("solutions/sum/wrong.c", &plus_one());
    for json in [false, true] {
        let args = ["--json", "test", "sum", "solutions/sum/wrong.c"];
        let args = if json { &args[..] } else { &args[1..] };
        let mut child = kit
            .command(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Nobody reads: every write of the judge meets a closed pipe.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "json {json}: {stderr}");
        assert!(stderr.is_empty(), "{stderr}");
    }
}

#[test]
fn low_hard_limits_of_the_judge_are_respected() {
    use std::os::unix::process::CommandExt;
    let kit = Kit::new();
    let mut cmd = kit.command(&["--json", "verify"]);
    // Hard limits below what the kit would ask for its runs (CPU time,
    // output, stack): each spawn must stay under them, not fail.
    // SAFETY: only `setrlimit` between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            for (resource, hard) in [
                (libc::RLIMIT_CPU, 10),
                (libc::RLIMIT_FSIZE, 512 << 20),
                (libc::RLIMIT_STACK, 16 << 20),
                (libc::RLIMIT_CORE, 0),
            ] {
                let lim = libc::rlimit {
                    rlim_cur: hard,
                    rlim_max: hard,
                };
                if libc::setrlimit(resource, &lim) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    let out = cmd.output().unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    assert_eq!(
        report["verdict"],
        "AC",
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `judge doctor` names what each feature needs: a compiler judge.toml's
/// language runs that is not there is missing, with the language it
/// breaks and how to get it; so is a testlib.h that is not where it is
/// said to be; what is there is found, with its version.
#[test]
fn doctor_says_what_is_missing_and_what_it_breaks() {
    let kit = Kit::new();
    let judge_toml = format!(
        "{}\n[languages.python.other]\nname = \"pypy3\"\nrun = [\"pypy3\", \"{{source}}\"]\n\n[languages.nope]\nextensions = [\"nope\"]\ncompile = [\"no-such-compiler\", \"{{source}}\"]\nrun = [\"{{binary}}\"]\n",
        kit.judge_toml
    );
    kit.write("judge.toml", &judge_toml);
    let doctor = |json: bool| {
        let args: &[&str] = if json {
            &["--json", "doctor"]
        } else {
            &["doctor"]
        };
        let out = kit
            .command(args)
            .env("TESTLIB_H", "/no/such/testlib.h")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0));
        String::from_utf8(out.stdout).unwrap()
    };
    let report: serde_json::Value = serde_json::from_str(&doctor(true)).unwrap();
    let all = report["requirements"].as_array().unwrap();
    let find = |what: &str| {
        (all.iter().find(|r| r["what"] == what)).unwrap_or_else(|| panic!("{what}: {report:#}"))
    };
    let nope = find("no-such-compiler");
    assert_eq!(nope["found"], serde_json::Value::Null);
    assert!(
        nope["needed_by"]
            .as_str()
            .unwrap()
            .contains("judge.toml's `nope`"),
        "{nope}"
    );
    assert!(nope["fix"].is_string());
    let testlib = find("testlib.h");
    assert_eq!(testlib["found"], serde_json::Value::Null);
    assert!(
        testlib["fix"]
            .as_str()
            .unwrap()
            .contains("scripts/setup-tools.sh")
    );
    let gcc = find("gcc")["found"].as_str().unwrap().to_string();
    assert!(gcc.contains("/gcc (gcc"), "{gcc}");
    // A program two features need is one line naming both.
    let pypy: Vec<_> = all.iter().filter(|r| r["what"] == "pypy3").collect();
    assert_eq!(pypy.len(), 1, "{report:#}");
    let needed_by = pypy[0]["needed_by"].as_str().unwrap();
    assert!(
        needed_by.contains("judge.toml's `python`") && needed_by.contains("package tests"),
        "{needed_by}"
    );
    let text = doctor(false);
    assert!(text.contains("MISSING  no-such-compiler"), "{text}");
}

/// `JUDGE_SANDBOX_OFF` turns layers off: `judge doctor` says so (its text
/// and its documented JSON); an unknown name is an error naming the
/// variable.
#[test]
fn doctor_names_the_layers_turned_off() {
    let kit = Kit::new();
    let doctor = |off: &str, json: bool| {
        let args: &[&str] = if json {
            &["--json", "doctor"]
        } else {
            &["doctor"]
        };
        kit.command(args)
            .env("JUDGE_SANDBOX_OFF", off)
            .output()
            .unwrap()
    };
    let out = doctor("landlock, network", true);
    assert_eq!(out.status.code(), Some(0));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_documented(&report);
    let isolation = &report["isolation"];
    assert_eq!(isolation["off"], serde_json::json!(["landlock", "network"]));
    assert_eq!(isolation["files"], "none");
    assert_eq!(isolation["network"], "shared");
    let text = String::from_utf8(doctor("landlock,network", false).stdout).unwrap();
    assert!(
        text.contains("turned off by JUDGE_SANDBOX_OFF: landlock, network"),
        "{text}"
    );
    let out = doctor("seccomp", false);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("JUDGE_SANDBOX_OFF: unknown layer 'seccomp'"),
        "{stderr}"
    );
    // Without it, reports have no `off`; as root, submissions see only
    // their own processes, unless `pid` is off.
    let out = doctor("", true);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(report["isolation"].get("off").is_none(), "{report:#}");
    // SAFETY: `geteuid` has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        assert_eq!(report["isolation"]["pids"], "namespace", "{report:#}");
    }
    let out = doctor("pid", true);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_documented(&report);
    assert_eq!(report["isolation"]["pids"], "all", "{report:#}");
    let text = String::from_utf8(doctor("pid", false).stdout).unwrap();
    assert!(
        text.contains("a submission sees every process of the machine"),
        "{text}"
    );
}
