//! Bad input to the kit, end to end with the real `judge` binary: broken
//! configuration, missing files, unknown languages, generators, validators,
//! references and checkers that misbehave, deleted built files, and Ctrl-C
//! during a build. Each case checks the exit status (2 for a fault of the
//! kit or its configuration, or the documented verdict), that the message
//! names the file (with line and column in a TOML file) and says what was
//! expected, and that nothing is lost or half-written.
//!
//! Each test builds a throw-away kit (`common/kit.rs`): a problem "sum"
//! (print a + b) whose checker, validator, generator and reference are C
//! sources, so no cargo is involved.

use std::time::{Duration, Instant};

use testkit::kit::{CRASHING_CHECKER, Kit, KitBuilder, WATCHDOG, generator, plus_one, reference};
use testkit::run::{kill_all, processes_of, wait};

/// The kit of these tests: C only, built with `-O1`, and a generator with
/// generated tests. The tests below point at lines of its judge.toml and
/// problem.toml.
fn sum() -> KitBuilder {
    Kit::builder().languages(&["c"]).c_flag("-O1").generated()
}

// ---------------------------------------------------------------------------
// judge.toml and problem.toml

#[test]
fn malformed_judge_toml_is_located() {
    let kit = sum().create();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("judge.toml", "problems = [\"sum\"]", "problems = [\"sum\"");
    });
    // An array may span lines: the parser stops at the next table.
    assert!(
        stderr.contains("judge.toml:4:1") && stderr.contains("expected `,`"),
        "{stderr}"
    );

    let kit = sum().create();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("judge.toml", "time_limit_ms = 500", "time_limit_ms = [500]");
    });
    assert!(
        stderr.contains("judge.toml:5:17")
            && stderr.contains("`time_limit_ms` must be a whole number ≥ 0, not a list"),
        "{stderr}"
    );
}

#[test]
fn unknown_keys_in_judge_toml_are_named() {
    let kit = sum().create();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("judge.toml", "output_limit_mib", "output_limit");
    });
    assert!(
        stderr.contains("judge.toml:7:1")
            && stderr.contains("unknown key `output_limit`: did you mean `output_limit_mib`?"),
        "{stderr}"
    );

    let kit = sum().create();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("judge.toml", "\n[defaults]", "job = 2\n\n[defaults]");
    });
    assert!(
        stderr.contains("judge.toml:3:1")
            && stderr.contains("unknown key `job`: did you mean `jobs`?"),
        "{stderr}"
    );

    // In a language's table.
    let kit = sum().create();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("judge.toml", "run = [", "flags = [\"-O2\"]\nrun = [");
    });
    // Like no key: every key is listed.
    assert!(
        stderr.contains("judge.toml:12:1")
            && stderr.contains("unknown key `flags`, expected one of")
            && stderr.contains("`compile`"),
        "{stderr}"
    );
}

#[test]
fn malformed_problem_toml_is_located() {
    let kit = sum().create();
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

    let kit = sum().create();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("problems/sum/problem.toml", "count = 3", "count = -3");
    });
    assert!(
        stderr.contains("problems/sum/problem.toml:16:9")
            && stderr.contains("`count` must be a whole number ≥ 0, not -3"),
        "{stderr}"
    );
}

/// A value of the wrong type is said in words at its key, never as serde's
/// type (`u64`), with what a list must hold; none needs a build first.
#[test]
fn wrong_types_are_said_in_words() {
    let kit = Kit::new();
    for (from, to, says) in [
        (
            "time_limit_ms = 500",
            "time_limit_ms = \"500\"",
            "judge.toml:5:17: `time_limit_ms` must be a whole number ≥ 0, not the text \"500\"",
        ),
        (
            "extensions = [\"c\"]",
            "extensions = \"c\"",
            "judge.toml:10:14: `extensions` must be a list of texts (in quotes), not the text \"c\" \
             (in brackets: `[\"c\"]`)",
        ),
    ] {
        kit.write("judge.toml", &kit.judge_toml.replacen(from, to, 1));
        let stderr = kit.error(&["build"]);
        assert!(
            stderr.contains(says) && !stderr.contains("expected"),
            "{to}: {stderr}"
        );
    }
    kit.write("judge.toml", &kit.judge_toml);
    for (to, says) in [
        (
            "file = \"t1.in\"\nsample = \"yes\"",
            "problem.toml:9:10: `sample` must be true or false, not the text \"yes\"",
        ),
        (
            "file = \"t1.in\"\ntargets = [1]",
            "problem.toml:9:12: an item of `targets` must be a text (in quotes), not 1",
        ),
    ] {
        let toml = kit.problem_toml.replacen("file = \"t1.in\"", to, 1);
        kit.write("problems/sum/problem.toml", &toml);
        let stderr = kit.error(&["build"]);
        assert!(stderr.contains(says), "{to}: {stderr}");
    }
}

#[test]
fn unknown_keys_in_problem_toml_are_named() {
    let kit = sum().create();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("problems/sum/problem.toml", "generator =", "genrator =");
    });
    // The closest key only, not the 30 a problem.toml may have.
    assert!(
        stderr.contains("problems/sum/problem.toml:5:1")
            && stderr.contains("unknown key `genrator`: did you mean `generator`?")
            && !stderr.contains("`title`"),
        "{stderr}"
    );

    // In a test of the plan; an abbreviation too far from any key for a
    // suggestion lists them all.
    let kit = sum().create();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("problems/sum/problem.toml", "count = 3", "cnt = 3");
    });
    assert!(
        stderr.contains("problems/sum/problem.toml:16:1")
            && stderr.contains("unknown key `cnt`, expected one of")
            && stderr.contains("`count`"),
        "{stderr}"
    );
}

#[test]
fn titles_are_in_languages_the_kit_knows() {
    // The kit's own problems are written in English and Chinese.
    let kit = sum().create();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("problems/sum/problem.toml", ", zh = \"求和\"", "");
    });
    assert!(
        stderr.contains("problems/sum/problem.toml:2:")
            && stderr.contains("English and Chinese: expected `zh = \"...\"`"),
        "{stderr}"
    );
    // A title is keyed by a language's code.
    let kit = sum().create();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("problems/sum/problem.toml", "zh = ", "chinese = ");
    });
    assert!(
        stderr.contains("problems/sum/problem.toml:2:")
            && stderr.contains("`chinese` is not a language's code: expected one like `en`"),
        "{stderr}"
    );
}

// ---------------------------------------------------------------------------
// Files that problem.toml names

/// Removes `rel` from a kit that built: the next build must stop on the
/// problem.toml line naming it, and say it is missing.
fn assert_missing_is_located(rel: &str, line_column: &str) {
    let kit = sum().create();
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
    let kit = sum().create();
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
    let kit = sum().create();
    let stderr = kit.failed_rebuild(true, |kit| {
        kit.edit("problems/sum/problem.toml", "\"check.c\"", "\"check-sum\"");
    });
    assert!(
        stderr.contains("problems/sum/problem.toml:3:11")
            && stderr.contains("no checker `check-sum`")
            && stderr.contains("checkers/src/bin/check-sum.rs"),
        "{stderr}"
    );
    // A problem judge.toml does not list: the closest name is suggested,
    // never taken.
    let kit = sum().create();
    let stderr = kit.error(&["test", "Sum", "solutions/sum/accepted/ref.c"]);
    assert!(
        stderr.contains("unknown problem `Sum` (did you mean `sum`?"),
        "{stderr}"
    );
}

/// A solution to judge that is not there, a mistyped folder or a file
/// without an extension: said as such (with the name beside it that was
/// meant, where one is close), before any test is built; in standings, a
/// row of its own.
#[test]
fn a_mistyped_solution_path_is_said_before_building() {
    let kit = Kit::new();
    kit.write("solutions/sum/accepted/README", "notes\n");
    for (path, says) in [
        (
            "solutions/sum/accepted/rfe.c",
            "solutions/sum/accepted/rfe.c does not exist (did you mean `ref.c`?)",
        ),
        (
            "solutions/sum/acepted",
            "solutions/sum/acepted does not exist (did you mean `accepted`?)",
        ),
        (
            "solutions/sm/accepted/ref.c",
            "solutions/sm does not exist (did you mean `sum`?)",
        ),
        ("nowhere", "nowhere does not exist\n"),
        (
            "solutions/sum/accepted/README",
            "solutions/sum/accepted/README: it has no extension, so no language of judge.toml \
             is known for it (their extensions: c, cpp, py)",
        ),
    ] {
        let stderr = kit.error(&["test", "sum", path]);
        assert!(
            stderr.contains(says) && !stderr.contains("extension `.`"),
            "{path}: {stderr}"
        );
    }
    assert!(!kit.path("problems/sum/tests").exists(), "tests were built");
    let (code, report) = kit.json(&[
        "test",
        "sum",
        "solutions/sum/accepted/ref.c",
        "solutions/sum/acepted",
    ]);
    assert_eq!(code, 1, "{report}");
    assert_eq!(
        report["solutions"][1]["compile_error"],
        "solutions/sum/acepted does not exist (did you mean `accepted`?)",
        "{report}"
    );
}

/// A program of several files (`[programs]`) whose list names a file that
/// is not there, or no file at all: an error at its place in problem.toml.
#[test]
fn programs_of_several_files_are_located() {
    for (files, line_column, message) in [
        (
            "[\"gen.c\", \"bounds.h\"]",
            "19:17",
            "problems/sum/bounds.h does not exist",
        ),
        ("[]", "19:7", "program `gen`: expected its source files"),
    ] {
        let kit = sum().create();
        let stderr = kit.failed_rebuild(true, |kit| {
            let toml = std::fs::read_to_string(kit.path("problems/sum/problem.toml")).unwrap();
            let toml = toml.replace("generator = \"gen.c\"", "generator = \"gen\"");
            kit.write(
                "problems/sum/problem.toml",
                &format!("{toml}\n[programs]\ngen = {files}\n"),
            );
        });
        assert!(
            stderr.contains(&format!("problems/sum/problem.toml:{line_column}:"))
                && stderr.contains(message),
            "{files}: {stderr}"
        );
    }
}

/// `verify` judges the verdict folders: a misspelt folder, a file beside
/// them and a file in no language would never be judged, so each is an
/// error naming it (and the folders), unless `[expected]` names the file.
#[test]
fn solutions_verify_would_never_judge_are_refused() {
    for (stray, says) in [
        (
            "solutions/sum/wrong_anwser/off.c",
            "wrong_anwser/: not a verdict folder (did you mean `wrong_answer/`?)",
        ),
        (
            "solutions/sum/loose.c",
            "loose.c: not directly in a verdict folder",
        ),
        (
            "solutions/sum/accepted/old/ref.c",
            "ref.c: not directly in a verdict folder",
        ),
        (
            "solutions/sum/accepted/notes.txt",
            "no language in judge.toml has the extension `.txt`",
        ),
    ] {
        let kit = Kit::new();
        kit.write(stray, &plus_one());
        let stderr = kit.error(&["verify"]);
        let folders = "accepted, partially_accepted, wrong_answer";
        assert!(
            stderr.contains(says) && (stray.ends_with(".txt") || stderr.contains(folders)),
            "{stray}: {stderr}"
        );
    }
    // Every stray is named, a line each, each misspelt folder with the
    // folder it was meant to be.
    let kit = Kit::new();
    for stray in [
        "solutions/sum/acepted/a.c",
        "solutions/sum/wrong_anwser/b.c",
        "solutions/sum/mine/c.c",
        "solutions/sum/loose.c",
    ] {
        kit.write(stray, &plus_one());
    }
    let stderr = kit.error(&["verify"]);
    for says in [
        "acepted/: not a verdict folder (did you mean `accepted/`?)\n",
        "wrong_anwser/: not a verdict folder (did you mean `wrong_answer/`?)\n",
        "mine/: not a verdict folder\n",
        "loose.c: not directly in a verdict folder",
    ] {
        assert!(stderr.contains(says), "{says}: {stderr}");
    }
    // Hidden files are no solutions; `[expected]` names one elsewhere.
    let kit = Kit::new();
    kit.write("solutions/sum/wrong_answer/.gitkeep", "");
    kit.write("solutions/sum/rejected/off.c", &plus_one());
    kit.write(
        "problems/sum/problem.toml",
        &format!(
            "{}\n[expected]\n\"rejected/off.c\" = [\"WA\"]\n",
            kit.problem_toml
        ),
    );
    let (code, report) = kit.json(&["verify"]);
    assert_eq!(code, 0, "{report}");
    // `verify --help` lists every folder it knows.
    let help = kit.judge(&["verify", "--help"]).stdout;
    for (folder, _) in judge::model::expect::FOLDERS {
        assert!(help.contains(&format!("  {folder}/ ")), "{folder}: {help}");
    }
}

/// A statement whose written sample is not the sample test (input, or the
/// reference's answer), or whose formula does not parse, stops `build`
/// and `verify` at its line; a true one passes.
#[test]
fn a_statement_that_lies_is_an_error_at_its_line() {
    let kit = Kit::new();
    let toml = kit
        .problem_toml
        .replacen("file = \"t1.in\"", "file = \"t1.in\"\nsample = true", 1);
    kit.write("problems/sum/problem.toml", &toml);
    let statement = |output: &str, formula: &str| {
        format!(
            "# Sum\n\nPrint {formula}.\n\n## Sample\n\nInput:\n\n```\n1 2\n```\n\nOutput:\n\n```\n{output}\n```\n"
        )
    };
    kit.write("problems/sum/statement.en.md", &statement("3", "$a + b$"));
    let (code, report) = kit.json(&["build"]);
    assert_eq!(code, 0, "{report}");
    for (output, formula, line, says) in [
        (
            "4",
            "$a + b$",
            "15",
            "sample 1's output is not the sample test's",
        ),
        ("3", "$a_{1 + b$", "3", "opens no formula"),
    ] {
        kit.write("problems/sum/statement.en.md", &statement(output, formula));
        for command in ["build", "verify"] {
            let stderr = kit.error(&[command]);
            assert!(
                stderr.contains(&format!("problems/sum/statement.en.md:{line}: "))
                    && stderr.contains(says),
                "{command}: {stderr}"
            );
        }
    }
}

/// An input problem.toml says is invalid, which the validator accepts,
/// stops the build, naming the file and why it is invalid; one it rejects
/// is counted.
#[test]
fn an_invalid_input_the_validator_accepts_is_an_error() {
    let kit = Kit::new();
    kit.write("problems/sum/invalid/negative.in", "-1 2\n");
    kit.write("problems/sum/invalid/fine.in", "1 2\n");
    let entry = |file: &str, reason: &str| {
        format!("\n[[invalid]]\nfile = \"invalid/{file}\"\nreason = \"{reason}\"\n")
    };
    let negative = entry("negative.in", "a negative number");
    kit.write(
        "problems/sum/problem.toml",
        &format!("{}{negative}", kit.problem_toml),
    );
    let (code, report) = kit.json(&["build"]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["problems"][0]["invalid_rejected"], 1);
    let fine = entry("fine.in", "said to be invalid");
    kit.write(
        "problems/sum/problem.toml",
        &format!("{}{negative}{fine}", kit.problem_toml),
    );
    let stderr = kit.error(&["build"]);
    assert!(
        stderr.contains(
            "invalid/fine.in: the validator accepts it, but it is invalid: said to be invalid"
        ),
        "{stderr}"
    );
    let missing = entry("gone.in", "not there");
    kit.write(
        "problems/sum/problem.toml",
        &format!("{}{missing}", kit.problem_toml),
    );
    let stderr = kit.error(&["build"]);
    assert!(
        stderr.contains("problem.toml:") && stderr.contains("gone.in does not exist"),
        "{stderr}"
    );
}

/// An input the setter wrote with Windows line ends, which the validator
/// rejects: the error names the setter's file (not the build's copy of
/// it), says so and what to do; `judge validate` says the same of a file.
#[test]
fn windows_line_ends_are_said_of_the_setters_file() {
    let kit = Kit::new();
    kit.write("problems/sum/t2.in", "40 2\r\n");
    let stderr = kit.error(&["build"]);
    assert!(
        stderr.contains("problems/sum/t2.in has Windows line ends (CRLF)")
            && stderr.contains("sed -i 's/\\r$//'")
            && !stderr.contains(".in.new"),
        "{stderr}"
    );
    kit.write("problems/sum/t2.in", "40 2\n");
    kit.write("crlf.in", "1 2\r\n");
    let (code, report) = kit.json(&["validate", "sum", "crlf.in"]);
    assert_eq!(code, 1, "{report}");
    let message = report["inputs"][0]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("crlf.in has Windows line ends (CRLF)"),
        "{report}"
    );
}

// ---------------------------------------------------------------------------
// Languages

#[test]
fn an_unknown_language_is_named() {
    let kit = sum().create();
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
        let kit = sum().create();
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
fn a_generator_that_writes_without_end_is_stopped_at_its_output_limit() {
    let kit = sum().create();
    let stderr = kit.failed_rebuild(false, |kit| {
        kit.write(
            "problems/sum/gen.c",
            &generator("if (a == 40) for (;;) fputs(\"1234567890\", stdout);"),
        );
    });
    assert!(
        stderr.contains("test 02")
            && stderr.contains("problems/sum/gen.c 40 2")
            && stderr.contains("stopped at its limit (OLE: output exceeds 1073741824 bytes)"),
        "{stderr}"
    );

    // One that fails after a megabyte on one line: the message shows its end.
    let kit = sum().create();
    let stderr = kit.failed_rebuild(false, |kit| {
        kit.write(
            "problems/sum/gen.c",
            &generator("if (a == 40) { for (int i = 0; i < 100000; i++) fputs(\"1234567890\", stdout); return 5; }"),
        );
    });
    assert!(
        stderr.contains("exit code 5: ...") && stderr.len() < 10_000,
        "{}",
        &stderr[..stderr.len().min(500)]
    );
}

#[test]
fn a_crashing_generator_is_named_with_its_test() {
    let kit = sum().create();
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
    let kit = sum().create();
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
            && stderr.contains("no such mode")
            && stderr.contains("the tests built so far are kept")
            && stderr.contains("run the same command again"),
        "{stderr}"
    );
}

#[test]
fn a_generator_that_never_ends_is_stopped() {
    let kit = sum().create();
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
    let left = processes_of(kit.dir());
    kill_all(&left);
    assert!(left.is_empty(), "{left:?}");
    eprintln!("the endless generator was stopped after {:?}", run.took);
}

#[test]
fn a_generated_test_the_validator_rejects_is_named() {
    let kit = sum().create();
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
        let kit = sum().create();
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
    let kit = sum().create();
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

/// A checker that writes without end is stopped at its output cap
/// (64 MiB), named, and is the kit's failure, not the solution's.
#[test]
fn a_checker_that_writes_without_end_is_stopped_and_named() {
    let kit = sum().create();
    kit.write(
        "problems/sum/check.c",
        "#include <stdio.h>\nint main(void) { for (;;) fputs(\"flood flood\\n\", stderr); }\n",
    );
    kit.write("out.txt", "3\n");
    let input = kit.path("problems/sum/t1.in");
    let (code, report) = kit.json(&["check", "sum", input.to_str().unwrap(), "out.txt"]);
    assert_eq!((code, &report["verdict"]), (1, &"FAIL".into()), "{report}");
    assert_eq!(
        report["message"],
        "the checker check.c was stopped at its limit (OLE: output exceeds 67108864 bytes)",
        "{report}"
    );
}

/// A compiler that writes without end is stopped at its output cap
/// (1 GiB) and named: the submission does not compile (CE), and the
/// judge says why.
#[test]
fn a_compiler_that_writes_without_end_is_stopped_and_named() {
    let kit = sum().create();
    kit.add_language("flood", "fl", &["sh", "-c", "yes flood >&2"], &["true"]);
    kit.write("solutions/sum/x.fl", "anything\n");
    let (code, report) = kit.json(&["test", "sum", "solutions/sum/x.fl"]);
    assert_eq!((code, &report["verdict"]), (1, &"CE".into()), "{report}");
    let message = report["compile_error"].as_str().unwrap_or_default();
    assert_eq!(
        message, "the compiler was stopped at its limit (OLE: output exceeds 1073741824 bytes)",
        "{report}"
    );
}

/// A submission whose compiler is not installed is CE, naming the missing
/// program and how to get it; the other submissions are judged, and
/// verify's report is whole.
#[test]
fn a_missing_compiler_is_a_compile_error_and_verify_goes_on() {
    let kit = sum().create();
    kit.add_language(
        "zeta",
        "zt",
        &["zetac-not-installed", "{source}"],
        &["{binary}"],
    );
    kit.write("solutions/sum/accepted/x.zt", "anything\n");
    let (code, report) = kit.json(&["verify", "sum"]);
    assert_eq!(code, 1, "{report}");
    let rows = report["solutions"].as_array().expect("every row");
    let row = |name: &str| {
        (rows.iter())
            .find(|r| r["solution"].as_str().is_some_and(|s| s.ends_with(name)))
            .unwrap_or_else(|| panic!("no row {name}: {report}"))
    };
    assert_eq!(row("x.zt")["verdict"], "CE", "{report}");
    let said = row("x.zt")["compile_error"].as_str().unwrap_or_default();
    assert!(
        said.contains("zetac-not-installed") && said.contains("not installed"),
        "{said}"
    );
    assert_eq!(row("ref.c")["verdict"], "AC", "{report}");
}

#[test]
fn a_crashing_checker_is_never_a_wrong_answer() {
    let kit = sum().create();
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
    kit.write("solutions/sum/wrong_answer/plus_one.c", &plus_one());
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
    let kit = sum().create();
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

#[test]
fn ctrl_c_stops_a_build_that_then_resumes() {
    // 20 generated tests that take 200 ms each to generate.
    let kit = sum().slow().create();
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
    let left = processes_of(kit.dir());
    kill_all(&left);
    assert!(left.is_empty(), "processes left: {left:?}");
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "error: interrupted: what was built is kept: run the same command \
             again and it goes on from where it stopped"
        ),
        "{}",
        run.stderr
    );
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
    let fresh = sum().slow().create();
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
