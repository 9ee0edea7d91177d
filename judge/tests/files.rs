//! Problems whose solutions read their test from a file and write their
//! answer to one (problem.toml's `[files]`), as NOI-style `freopen`
//! solutions and CMS tasks do: the reference makes the answers that way, a
//! solution finds its test under the name and nothing on stdin, one that
//! writes no file gets WA saying so, and a name the judges' sandboxes
//! would not take is an error naming its line.

use serde_json::Value;
use testkit::kit::{Kit, sum};

/// The sum kit with `[files]` set to `table` and the reference reading
/// and writing the files it names.
fn kit_with_files(table: &str, reference: &str) -> Kit {
    let kit = Kit::builder().inputs(3).create();
    let toml = kit.read("problems/sum/problem.toml");
    kit.write(
        "problems/sum/problem.toml",
        &format!("{toml}\n[files]\n{table}\n"),
    );
    kit.write("solutions/sum/accepted/ref.c", reference);
    kit
}

/// Reads `a b` from `input` (stdin where empty) and prints `a + b + add`
/// to `output` (stdout where empty), with `before` run first.
fn solution(input: &str, output: &str, before: &str, add: i32) -> String {
    let open_in = match input {
        "" => String::new(),
        name => format!("if (!freopen(\"{name}\", \"r\", stdin)) return 5;"),
    };
    let open_out = match output {
        "" => String::new(),
        name => format!("if (!freopen(\"{name}\", \"w\", stdout)) return 6;"),
    };
    sum::c_program(&format!(
        "{before} {open_in} {open_out} long long a = 0, b = 0; if (scanf(\"%lld %lld\", &a, &b) != 2) fprintf(stderr, \"no input\\n\"); printf(\"%lld\\n\", a + b + {add}); return 0;"
    ))
}

#[test]
fn solutions_read_and_write_the_files_the_problem_names() {
    let reference = solution("sum.in", "sum.out", "", 0);
    let kit = kit_with_files("input = \"sum.in\"\noutput = \"sum.out\"", &reference);
    assert_eq!(kit.build().2, 3, "every answer made by the reference");
    assert_eq!(kit.read("problems/sum/tests/03.ans"), "1000000000001\n");

    // Nothing on stdin: a solution that finds a number there answers wrong.
    let peeks = "long long x; if (scanf(\"%lld\", &x) == 1) { FILE *f = fopen(\"sum.out\", \"w\"); fprintf(f, \"-1\\n\"); return 0; }";
    let (code, verdict, ..) = kit.verdict_of("peeks.c", &solution("sum.in", "sum.out", peeks, 0));
    assert_eq!((code, verdict.as_str()), (0, "AC"));

    // The classic slip: stdin and stdout, as on an ICPC judge.
    let (code, verdict, first, message) = kit.verdict_of("stdio.c", &solution("", "", "", 0));
    assert_eq!((code, verdict.as_str(), first.as_str()), (1, "WA", "WA"));
    assert!(
        message.contains("the output file `sum.out` was not written"),
        "{message}"
    );

    // It reads the file but prints its answer.
    let printed = solution("sum.in", "", "", 0);
    let (code, verdict, first, message) = kit.verdict_of("prints.c", &printed);
    assert_eq!((code, verdict.as_str(), first.as_str()), (1, "WA", "WA"));
    assert!(
        message.contains("the output file `sum.out` was not written"),
        "{message}"
    );

    // A wrong answer in the file is the checker's to find.
    let (_, verdict, _, message) =
        kit.verdict_of("plus_one.c", &solution("sum.in", "sum.out", "", 1));
    assert_eq!(verdict, "WA", "{message}");
    assert!(message.contains("expected"), "{message}");

    // And verify keeps each folder's promise.
    kit.write("solutions/sum/wrong_answer/prints.c", &printed);
    kit.write(
        "solutions/sum/wrong_answer/stdio.c",
        &solution("", "", "", 0),
    );
    std::fs::remove_file(kit.path("solutions/sum/peeks.c")).unwrap();
    std::fs::remove_file(kit.path("solutions/sum/stdio.c")).unwrap();
    std::fs::remove_file(kit.path("solutions/sum/prints.c")).unwrap();
    std::fs::remove_file(kit.path("solutions/sum/plus_one.c")).unwrap();
    kit.write(
        "problems/sum/problem.toml",
        &kit.read("problems/sum/problem.toml").replace(
            "reference = \"accepted/ref.c\"\n",
            "reference = \"accepted/ref.c\"\ntargets_required = false\n",
        ),
    );
    let report = kit.accepted(&["verify"]);
    assert_eq!(
        report["solutions"].as_array().map(Vec::len),
        Some(3),
        "{report:#}"
    );
}

#[test]
fn an_output_file_alone_leaves_the_test_on_stdin() {
    let reference = solution("", "sum.out", "", 0);
    let kit = kit_with_files("output = \"sum.out\"", &reference);
    kit.build();
    let (_, verdict, ..) = kit.verdict_of("file.c", &solution("", "sum.out", "", 0));
    assert_eq!(verdict, "AC");
    let (_, verdict, _, message) = kit.verdict_of("stdout.c", &solution("", "", "", 0));
    assert_eq!(verdict, "WA");
    assert!(message.contains("was not written"), "{message}");
}

#[test]
fn a_reference_that_writes_no_file_fails_the_build_saying_so() {
    let kit = kit_with_files("output = \"sum.out\"", &solution("", "", "", 0));
    let err = kit.error(&["build"]);
    assert!(
        err.contains("reference solution ref.c")
            && err.contains("the output file `sum.out` was not written"),
        "{err}"
    );
}

#[test]
fn names_no_judge_would_take_are_errors_at_their_line() {
    let reference = solution("sum.in", "sum.out", "", 0);
    for (table, expected) in [
        ("input = \"sum in\"", "no space"),
        ("input = \"../sum.in\"", "no `/`"),
        ("input = \"data/sum.in\"", "no `/`"),
        ("output = \"..\"", "not empty, `.` or `..`"),
        ("output = \"\"", "not empty"),
        (
            "input = \"sum.txt\"\noutput = \"sum.txt\"",
            "must differ from the input file",
        ),
        ("answer = \"sum.ans\"", "unknown key `answer`"),
    ] {
        let kit = kit_with_files(table, &reference);
        let lines = kit.read("problems/sum/problem.toml").lines().count();
        let err = kit.error(&["build"]);
        // The offending value's line: the table's last.
        let at = format!("problem.toml:{lines}:");
        assert!(
            err.contains(&at) && err.contains(expected),
            "{table}: {err}"
        );
    }
}

#[test]
fn an_interactive_problem_cannot_name_files() {
    let kit = kit_with_files("input = \"sum.in\"", &solution("", "", "", 0));
    kit.edit(
        "problems/sum/problem.toml",
        "checker = \"check.c\"",
        "interactor = \"check.c\"",
    );
    let err = kit.error(&["build"]);
    assert!(
        err.contains("cannot name files") && err.contains("problem.toml:"),
        "{err}"
    );
}

/// `judge stress` and `judge timelimit` judge through the same files: the
/// other solution's answers are made in its own folder, and a solution
/// that prints instead is caught at once.
#[test]
fn stress_and_timelimit_use_the_files_too() {
    let reference = solution("sum.in", "sum.out", "", 0);
    let kit = Kit::builder().generated().create();
    let toml = kit.read("problems/sum/problem.toml");
    let table = "[files]\ninput = \"sum.in\"\noutput = \"sum.out\"";
    kit.write("problems/sum/problem.toml", &format!("{toml}\n{table}\n"));
    kit.write("solutions/sum/accepted/ref.c", &reference);
    kit.build();
    kit.write("solutions/sum/accepted/twin.c", &reference);
    let report = kit.accepted(&[
        "stress",
        "sum",
        "solutions/sum/accepted/twin.c",
        "--iterations",
        "20",
        "--gen",
        "{seed}",
        "5",
    ]);
    assert_eq!(report["iterations"], 20, "{report:#}");
    kit.write("solutions/sum/prints.c", &solution("sum.in", "", "", 0));
    let (code, report) = kit.json(&[
        "stress",
        "sum",
        "solutions/sum/prints.c",
        "--iterations",
        "20",
        "--gen",
        "{seed}",
        "5",
    ]);
    assert_eq!(
        (code, &report["verdict"]),
        (1, &Value::from("WA")),
        "{report:#}"
    );
    std::fs::remove_file(kit.path("solutions/sum/prints.c")).unwrap();
    let (code, report) = kit.json(&["timelimit", "sum", "--runs", "1"]);
    assert_eq!(code, 0, "{report:#}");
}

/// The other commands too: `judge certify` runs the reference and the
/// brute force through the files, the class batch judges a folder of
/// them, and the statement names the files where a stdin problem says
/// "standard input".
#[test]
fn certify_the_class_batch_and_the_statement_name_the_files() {
    let reference = solution("sum.in", "sum.out", "", 0);
    let kit = Kit::builder().generated().create();
    let toml = kit.read("problems/sum/problem.toml");
    let tables = "[certify]\nargs = [\"{n}\", \"1\"]\nbounds = { n = 5 }\nagainst = \"brute.c\"\n\n[files]\ninput = \"sum.in\"\noutput = \"sum.out\"";
    kit.write("problems/sum/problem.toml", &format!("{toml}\n{tables}\n"));
    kit.write("solutions/sum/accepted/ref.c", &reference);
    kit.write("solutions/sum/brute.c", &reference);
    kit.build();
    let report = kit.accepted(&["certify", "sum"]);
    assert_eq!(report["verdict"], "AC", "{report:#}");

    kit.write("class/alice.c", &reference);
    kit.write("class/bob.c", &solution("", "", "", 0));
    let (code, report) = kit.json(&["test", "sum", "class"]);
    assert_eq!(code, 1, "{report:#}");
    let verdicts: Vec<(&str, &str)> = (report["solutions"].as_array().unwrap().iter())
        .map(|s| {
            (
                s["solution"].as_str().unwrap(),
                s["verdict"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        verdicts,
        [("class/alice.c", "AC"), ("class/bob.c", "WA")],
        "{report:#}"
    );

    kit.write("problems/sum/statement.en.md", "# Sum\n\nPrint a + b.\n");
    kit.write("problems/sum/statement.zh.md", "# 求和\n\n输出 a + b。\n");
    for (lang, input, output) in [("en", "Input", "Output"), ("zh", "输入", "输出")] {
        let page = kit.path(&format!("sum.{lang}.html"));
        let page_arg = page.to_str().unwrap();
        kit.accepted(&["statement", "sum", "--lang", lang, "--out", page_arg]);
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(
            html.contains(&format!("<dt>{input}</dt><dd>sum.in</dd>"))
                && html.contains(&format!("<dt>{output}</dt><dd>sum.out</dd>")),
            "{html}"
        );
    }
}

/// The files kit as the judges' formats need it: a checker they compile,
/// statements; built.
fn exportable() -> Kit {
    let reference = solution("sum.in", "sum.out", "", 0);
    let kit = kit_with_files("input = \"sum.in\"\noutput = \"sum.out\"", &reference);
    kit.polygon_ready(false);
    kit.build();
    kit
}

/// A Polygon package keeps the files (CMS's Polygon loader reads them),
/// but p2d, converting it for DOMjudge, drops them: the export says so.
#[test]
fn the_polygon_export_says_that_p2d_drops_the_files() {
    let kit = exportable();
    let (out, report) = kit.polygon_export();
    let xml = std::fs::read_to_string(out.join("problem.xml")).unwrap();
    assert!(
        xml.contains("input-file=\"sum.in\" output-file=\"sum.out\""),
        "{xml}"
    );
    let p2d: Vec<&str> = (report["warnings"].as_array().unwrap().iter())
        .filter(|w| w["judge"] == "p2d (DOMjudge)")
        .filter_map(|w| w["message"].as_str())
        .collect();
    assert_eq!(p2d.len(), 1, "{report:#}");
    assert!(
        p2d[0].contains("the input file `sum.in` and the output file `sum.out` are dropped"),
        "{}",
        p2d[0]
    );
}

/// Hydro's own import code reads the export's stem `sum`: its judge then
/// opens sum.in and sum.out.
#[test]
#[ignore = "slow tier: the judges' own tools"]
fn hydro_takes_the_files_of_the_export() {
    let kit = exportable();
    let out = kit.path("target/hydro");
    kit.accepted(&[
        "package",
        "sum",
        "--format",
        "hydro",
        "--no-pdf",
        "--out",
        out.to_str().unwrap(),
    ]);
    let imported = testkit::tools::hydro_import(&out);
    assert_eq!(imported.len(), 1, "{imported:?}");
    let judged = &imported[0]["judge"];
    assert_eq!(judged["filename"], "sum", "{judged:#}");
    assert_eq!(
        judged["subtasks"][0]["cases"].as_array().map(Vec::len),
        Some(3),
        "{judged:#}"
    );
}
