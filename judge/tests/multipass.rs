//! Multi-pass problems (ICPC 2025-09's; problem.toml's
//! `validation_passes`): the checker, in Kattis's protocol, accepts a pass
//! and writes the next pass's input (`nextpass.in`) into its feedback
//! folder, which it keeps between passes. Here, Bash's game played out:
//! the solution moves, the jury answers taking one stone, and the next
//! pass starts from there, until the solution takes the last stone.

use testkit::kit::Kit;

/// The output validator: the input `n m`, the move on stdin; a legal
/// move that leaves a multiple of m + 1 (or nothing) is right; then the
/// jury takes a stone and the game goes on in the next pass. It counts
/// the passes in its feedback folder.
const VALIDATOR: &str = r#"#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    FILE *in = fopen(argv[1], "r");
    long long n, m, k;
    if (!in || fscanf(in, "%lld %lld", &n, &m) != 2) return 1;
    char path[4096];
    snprintf(path, sizeof path, "%s/judgemessage.txt", argv[3]);
    FILE *msg = fopen(path, "a");
    char extra[2];
    if (scanf("%lld", &k) != 1 || k < 1 || k > m || k > n || scanf("%1s", extra) == 1) {
        fprintf(msg, "not a legal move from %lld stones\n", n);
        return 43;
    }
    n -= k;
    if (n % (m + 1) != 0) {
        fprintf(msg, "took %lld, leaving %lld: the jury wins\n", k, n);
        return 43;
    }
    if (n == 0) return 42;
    snprintf(path, sizeof path, "%s/nextpass.in", argv[3]);
    FILE *next = fopen(path, "w");
    fprintf(next, "%lld %lld\n", n - 1, m);
    fclose(next);
    return 42;
}
"#;

/// The input validator (Kattis's protocol): `n m`, a winning position.
const INPUT_VALIDATOR: &str = r#"import re, sys
text = sys.stdin.buffer.read()
match = re.fullmatch(rb"([1-9][0-9]{0,3}) ([1-9][0-9]?)\n", text)
if not match:
    sys.exit(43)
n, m = int(match[1]), int(match[2])
sys.exit(42 if n <= 1000 and m <= 10 and n % (m + 1) else 43)
"#;

/// Takes `n mod (m + 1)`, a winning move; `wrong` takes one stone.
fn player(wrong: bool) -> String {
    let take = if wrong { "1" } else { "n % (m + 1)" };
    format!(
        "#include <stdio.h>\nint main(void) {{ long long n, m; if (scanf(\"%lld %lld\", &n, &m) != 2) return 1; printf(\"%lld\\n\", (long long)({take})); return 0; }}\n"
    )
}

/// A kit whose one problem is Bash's game over passes: `7 2` takes three
/// passes, `5 3` two.
fn bash_kit(passes: u32) -> Kit {
    let kit = Kit::new();
    let toml = format!(
        "title = {{ en = \"Bash, played out\", zh = \"巴什博弈（多轮）\" }}\ntime_limit_ms = 1000\nchecker = \"validate.c\"\nvalidator = \"input.py\"\nreference = \"accepted/winning.c\"\nvalidation_passes = {passes}\n\n[protocols]\nchecker = \"kattis\"\nvalidator = \"kattis\"\n\n[[tests]]\nfile = \"t1.in\"\nsample = true\n\n[[tests]]\nfile = \"t2.in\"\n"
    );
    kit.write("problems/sum/problem.toml", &toml);
    kit.write("problems/sum/validate.c", VALIDATOR);
    kit.write("problems/sum/input.py", INPUT_VALIDATOR);
    kit.write("problems/sum/t1.in", "7 2\n");
    kit.write("problems/sum/t2.in", "5 3\n");
    kit.write(
        "problems/sum/statement.en.md",
        "# Bash, played out\n\nTake the last stone.\n",
    );
    kit.write(
        "problems/sum/statement.zh.md",
        "# 巴什博弈（多轮）\n\n取走最后一颗石子。\n",
    );
    std::fs::remove_file(kit.path("solutions/sum/accepted/ref.c")).unwrap();
    kit.write("solutions/sum/accepted/winning.c", &player(false));
    kit
}

#[test]
fn a_solution_plays_every_pass_the_checker_asks_for() {
    let kit = bash_kit(5);
    kit.build();
    let (code, verdict, ..) = kit.verdict_of("mine.c", &player(false));
    assert_eq!((code, verdict.as_str()), (0, "AC"));

    // Taking one stone wins 7 2's first pass (6 left), then loses.
    let (code, verdict, first, message) = kit.verdict_of("one.c", &player(true));
    assert_eq!(
        (code, verdict.as_str(), first.as_str()),
        (1, "WA", "WA"),
        "{message}"
    );
    assert!(message.starts_with("pass 2: "), "{message}");
    assert!(message.contains("the jury wins"), "{message}");

    kit.write("solutions/sum/wrong_answer/one.c", &player(true));
    for file in ["mine.c", "one.c"] {
        std::fs::remove_file(kit.path(&format!("solutions/sum/{file}"))).unwrap();
    }
    let toml = kit.read("problems/sum/problem.toml");
    let toml = toml.replace(
        "validation_passes",
        "targets_required = false\nvalidation_passes",
    );
    kit.write("problems/sum/problem.toml", &toml);
    let report = kit.accepted(&["verify"]);
    assert_eq!(
        report["solutions"].as_array().map(Vec::len),
        Some(2),
        "{report:#}"
    );
}

#[test]
fn a_checker_that_asks_too_much_is_the_jurys_fault() {
    // 7 2 needs three passes.
    let kit = bash_kit(2);
    let (code, report) = kit.json(&["build"]);
    assert_eq!(code, 0, "{report:#}");
    let (_, verdict, first, message) = kit.verdict_of("mine.c", &player(false));
    assert_eq!(
        (verdict.as_str(), first.as_str()),
        ("FAIL", "FAIL"),
        "{message}"
    );
    assert!(
        message.contains("asked for pass 3") && message.contains("allows 2"),
        "{message}"
    );

    // nextpass.in beside a rejection.
    let kit = bash_kit(5);
    let rejecting = VALIDATOR.replace(
        "fclose(next);\n    return 42;",
        "fclose(next);\n    return 43;",
    );
    kit.write("problems/sum/validate.c", &rejecting);
    kit.build();
    let (_, verdict, _, message) = kit.verdict_of("mine.c", &player(false));
    assert_eq!(verdict, "FAIL", "{message}");
    assert!(message.contains("wrote nextpass.in"), "{message}");
}

#[test]
fn passes_need_a_kattis_checker_and_two_or_more() {
    for (edit, expected) in [
        (
            ("validation_passes = 5", "validation_passes = 1"),
            "2 or more",
        ),
        (("checker = \"kattis\"\n", ""), "Kattis's protocol"),
    ] {
        let kit = bash_kit(5);
        let toml = kit
            .read("problems/sum/problem.toml")
            .replace(edit.0, edit.1);
        kit.write("problems/sum/problem.toml", &toml);
        let line = toml
            .lines()
            .position(|l| l.starts_with("validation_passes"))
            .unwrap()
            + 1;
        let error = kit.error(&["build"]);
        assert!(
            error.contains(&format!("problem.toml:{line}:")) && error.contains(expected),
            "{error}"
        );
    }
}

/// The kit of five passes, with the one-stone player as a wrong answer,
/// exported in the 2025-09 format to `<folder>/bashpasses`.
fn exported() -> (Kit, tempfile::TempDir) {
    let kit = bash_kit(5);
    kit.build();
    kit.write("solutions/sum/wrong_answer/one.c", &player(true));
    let packages = tempfile::tempdir().unwrap();
    let out = packages.path().join("bashpasses");
    let args = ["package", "sum", "--format", "icpc", "--no-pdf", "--out"];
    let (code, report) = kit.json(&[&args[..], &[out.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{report:#}");
    (kit, packages)
}

/// The 2025-09 export says `type: multi-pass` and the passes, imports
/// back the same, and BAPCtools judges it as the kit does; the formats
/// without passes refuse it.
#[test]
fn multi_pass_goes_out_in_2025_09_only() {
    let (kit, packages) = exported();
    let out = packages.path().join("bashpasses");
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    assert!(
        yaml.contains("type: multi-pass") && yaml.contains("validation_passes: 5"),
        "{yaml}"
    );
    let (code, report) = kit.json(&["import", out.to_str().unwrap(), "--name", "again"]);
    assert_eq!(code, 0, "{report:#}");
    let again = kit.read("problems/again/problem.toml");
    assert!(again.contains("validation_passes = 5"), "{again}");
    let (code, report) = kit.json(&["verify", "again"]);
    assert_eq!(code, 0, "{report:#}");

    for format in ["icpc-legacy", "polygon", "cms", "hydro"] {
        let out = packages.path().join(format.replace('-', ""));
        let testlib_h = kit.path("testlib.h");
        kit.write("testlib.h", "// a stand-in\n");
        let mut args = vec!["package", "sum", "--format", format, "--no-pdf"];
        args.extend(["--out", out.to_str().unwrap()]);
        if format == "polygon" {
            args.extend(["--testlib-h", testlib_h.to_str().unwrap()]);
        }
        let error = kit.error(&args);
        assert!(error.contains("a multi-pass problem"), "{format}: {error}");
        assert!(!out.exists(), "{format}");
    }
}

/// BAPCtools, which judges multi-pass problems, gives every submission
/// of the export the verdict its folder promises: the winning player
/// AC over its passes, the one that takes one stone WA in its second.
#[test]
#[ignore = "slow tier: the judges' own tools"]
fn bapctools_plays_the_passes_as_the_kit_does() {
    let (_kit, packages) = exported();
    let out = packages.path().join("bashpasses");
    let home = packages.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    let bt = testkit::tools::tool("bt");
    // (`bt validate` of BAPCtools 2026.10 exits 1 on a multi-pass problem
    // without an answer validator, saying only "Answer validation: Done
    // (partially)"; `bt run` is its judging.)
    // (Its wall-clock timeout raised, as packages.rs raises it: its
    // verdicts go by CPU time, a loaded machine's runs wait.)
    let args = ["run", "--no-bar", "--timeout", "10"];
    let (ok, text) = testkit::tools::run(&bt, &args, &out, &home);
    assert!(ok, "bt run:\n{text}");
    for line in ["accepted/winning.c:  AC", "wrong_answer/one.c:  WA"] {
        assert!(text.contains(line), "{line:?} not in {text}");
    }
}

/// The interactor (Kattis's protocol) of Bash's game over passes: it
/// tells the solution `n m`, reads its move, and as the output validator
/// above answers in the next pass's input.
const INTERACTOR: &str = r#"#include <stdio.h>
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    FILE *in = fopen(argv[1], "r");
    long long n, m, k;
    if (!in || fscanf(in, "%lld %lld", &n, &m) != 2) return 1;
    printf("%lld %lld\n", n, m);
    fflush(stdout);
    if (scanf("%lld", &k) != 1 || k < 1 || k > m || k > n || (n - k) % (m + 1) != 0) return 43;
    n -= k;
    if (n == 0) return 42;
    char path[4096];
    snprintf(path, sizeof path, "%s/nextpass.in", argv[3]);
    FILE *next = fopen(path, "w");
    fprintf(next, "%lld %lld\n", n - 1, m);
    fclose(next);
    return 42;
}
"#;

/// Interactive multi-pass: each pass a dialogue, the next from the
/// interactor's `nextpass.in`.
#[test]
fn an_interactive_problem_plays_its_passes_too() {
    let kit = bash_kit(5);
    // A Kattis interactor's tests store their answers (here none needed).
    let toml = (kit.read("problems/sum/problem.toml"))
        .replace("checker = \"validate.c\"", "interactor = \"play.c\"")
        .replace("file = \"t1.in\"", "file = \"t1.in\"\nanswer = \"t.ans\"")
        .replace("file = \"t2.in\"", "file = \"t2.in\"\nanswer = \"t.ans\"");
    kit.write("problems/sum/t.ans", "-\n");
    kit.write("problems/sum/problem.toml", &toml);
    kit.write("problems/sum/play.c", INTERACTOR);
    kit.build();
    let (code, verdict, _, message) = kit.verdict_of("mine.c", &player(false));
    assert_eq!((code, verdict.as_str()), (0, "AC"), "{message}");
    let (_, verdict, _, message) = kit.verdict_of("one.c", &player(true));
    assert_eq!(verdict, "WA", "{message}");
    assert!(message.starts_with("pass 2"), "{message}");
}
