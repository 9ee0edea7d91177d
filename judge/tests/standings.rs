//! `judge test` of many files: a coach's class folder judged into
//! standings, a row per file whatever the file does (compiles or not,
//! kills itself, loops, is no program at all), in the order asked for,
//! as JSON, as a table and as CSV.

use serde_json::Value;

use testkit::kit::{Kit, c_program, plus_one, reference};

/// A kit whose first test is a sample, with a 300 ms limit, and a class:
/// a file of each verdict, one in a subfolder, one in a hidden folder, a
/// note no language has, and a file given by itself that is no program.
fn class() -> Kit {
    let kit = Kit::new();
    let toml = kit
        .problem_toml
        .replacen("file = \"t1.in\"", "file = \"t1.in\"\nsample = true", 1)
        .replacen("checker =", "time_limit_ms = 300\nchecker =", 1);
    kit.write("problems/sum/problem.toml", &toml);
    kit.write("class/alice.c", &reference(""));
    kit.write("class/bob/sum.c", &plus_one());
    kit.write("class/carol.c", "int main( {\n");
    kit.write("class/dave.py", "import os\nos.kill(os.getpid(), 9)\n");
    kit.write("class/erin.c", &c_program("for (;;) {}"));
    kit.write("class/frank.pas", "begin writeln(3) end.\n");
    kit.write("class/notes.txt", "read me\n");
    kit.write("class/.git/hook.c", &reference(""));
    kit.write("extra/readme.md", "# not a program\n");
    kit
}

const FILES: [&str; 7] = [
    "class/alice.c",
    "class/bob/sum.c",
    "class/carol.c",
    "class/dave.py",
    "class/erin.c",
    "class/frank.pas",
    "extra/readme.md",
];

/// Each row's (solution, verdict).
fn verdicts(report: &Value) -> Vec<(String, String)> {
    let rows = report["solutions"].as_array().expect("rows");
    rows.iter()
        .map(|r| {
            let text = |k: &str| r[k].as_str().unwrap_or_default().to_string();
            (text("solution"), text("verdict"))
        })
        .collect()
}

#[test]
fn a_class_folder_is_judged_into_standings() {
    let kit = class();
    let (code, report) = kit.json(&["test", "sum", "class", "extra/readme.md"]);
    assert_eq!(code, 1, "not every file is accepted: {report}");
    assert_eq!(report["command"], "test");
    // Rejected files are the files' business: FAIL is the kit's own.
    assert_eq!(
        (&report["verdict"], &report["accepted"], &report["files"]),
        (&"REJECTED".into(), &1.into(), &7.into()),
        "{report}"
    );
    let expected: Vec<(String, String)> = FILES
        .iter()
        .zip(["AC", "WA", "CE", "RE", "TLE", "CE", "CE"])
        .map(|(f, v)| (f.to_string(), v.to_string()))
        .collect();
    assert_eq!(verdicts(&report), expected, "{report}");
    let rows = &report["solutions"];
    assert_eq!(
        (&rows[0]["passed"], &rows[0]["tests"]),
        (&3.into(), &3.into())
    );
    // No groups: the tests share a hundred points (CMS's Sum).
    let scores: Vec<(&Value, &Value)> = (rows.as_array().unwrap().iter())
        .map(|r| (&r["score"], &r["max_score"]))
        .collect();
    let hundred = Value::from(100);
    let zero = Value::from(0);
    assert_eq!(scores[0], (&hundred, &hundred), "{report}");
    assert!(
        scores[1..].iter().all(|s| *s == (&zero, &hundred)),
        "{report}"
    );
    assert_eq!(rows[1]["first_failure"]["test"], "01", "{report}");
    assert_eq!(rows[1]["first_failure"]["verdict"], "WA");
    let compiled = rows[2]["compile_error"].as_str().unwrap_or_default();
    assert!(compiled.contains("error"), "{compiled}");
    // A source in a language judge.toml lacks is a row saying so; a note
    // beside the sources is no submission.
    let pascal = rows[5]["compile_error"].as_str().unwrap_or_default();
    assert!(pascal.contains("`.pas`"), "{pascal}");
    let refused = rows[6]["compile_error"].as_str().unwrap_or_default();
    assert!(refused.contains("`.md`"), "{refused}");
    assert_eq!(report["ignored"], serde_json::json!(["class/notes.txt"]));

    // Best first: the accepted file, then by tests passed.
    let (_, by_score) = kit.json(&["test", "sum", "class", "--sort", "score"]);
    let order: Vec<String> = verdicts(&by_score).into_iter().map(|r| r.1).collect();
    assert_eq!(order[0], "AC", "{by_score}");
    assert_eq!(
        order[3..],
        ["TLE", "CE", "CE"],
        "what did not compile comes last: {by_score}"
    );
    assert_eq!(by_score["sort"], "score");

    // Only the sample, for a contestant's edit-run loop.
    let (_, samples) = kit.json(&["test", "sum", "class/alice.c", "class/bob", "--samples"]);
    let rows = samples["solutions"].as_array().unwrap();
    assert!(rows.iter().all(|r| r["tests"] == 1), "{samples}");
    assert_eq!(samples["samples_only"], true);
}

#[test]
fn standings_are_a_table_and_a_csv() {
    let kit = class();
    let csv = kit.path("standings.csv");
    let run = kit.judge(&["test", "sum", "class", "--csv", csv.to_str().unwrap()]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains("solution") && out.contains("first failure"),
        "{out}"
    );
    assert!(out.contains("1 of 6 files accepted"), "{out}");
    assert!(
        out.contains("not judged, no source: class/notes.txt"),
        "{out}"
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "solution,verdict,score,max_score,passed,tests,max_time_ms,first_failure,message,\
         other_interpreter,other_verdict"
    );
    assert_eq!(lines.len(), 7, "{text}");
    assert!(
        lines[2].starts_with("class/bob/sum.c,WA,0,100,0,3,"),
        "{text}"
    );
    // The test's name stays text in a spreadsheet (a bare 01 would be 1).
    assert!(lines[2].contains(",test 01,\"WA: "), "{text}");
}

/// Rows sort by name as people sort names: whatever the case, numbers by
/// value; by score, a partial score above none.
#[test]
fn names_sort_as_people_expect_and_scores_rank_the_rest() {
    let kit = class();
    for name in ["student10", "Student2", "Zoe", "aaron"] {
        kit.write(&format!("names/{name}.c"), &reference(""));
    }
    // Passes the first two tests of three: a score between.
    kit.write("names/partly.c", &reference("if (a > 100) a += 1;"));
    let (code, report) = kit.json(&["test", "sum", "names"]);
    assert_eq!(code, 1, "{report}");
    let order: Vec<String> = verdicts(&report).into_iter().map(|r| r.0).collect();
    let expected = ["aaron", "partly", "Student2", "student10", "Zoe"];
    let expected: Vec<String> = expected.iter().map(|n| format!("names/{n}.c")).collect();
    assert_eq!(order, expected, "{report}");
    let (_, by_score) = kit.json(&["test", "sum", "names", "class/bob", "--sort", "score"]);
    let rows = by_score["solutions"].as_array().unwrap();
    let tail: Vec<(&str, f64)> = (rows[4..].iter())
        .map(|r| {
            (
                r["solution"].as_str().unwrap(),
                r["score"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        tail,
        [("names/partly.c", 66.67), ("class/bob/sum.c", 0.0)],
        "{by_score}"
    );
}

/// Each row's `cached`, by file.
fn cached(report: &Value) -> Vec<(String, bool)> {
    let rows = report["solutions"].as_array().expect("rows");
    rows.iter()
        .map(|r| {
            (
                r["solution"].as_str().unwrap().to_string(),
                r["cached"] == true,
            )
        })
        .collect()
}

/// A file judged before on the same tests, checker and limits is not
/// judged again (`--rejudge` makes it): a batch that stopped resumes, a
/// changed file or problem is judged anew.
#[test]
fn a_file_judged_before_is_not_judged_again() {
    let kit = class();
    let (_, first) = kit.json(&["test", "sum", "class/alice.c", "class/bob"]);
    assert!(cached(&first).iter().all(|(_, c)| !c), "{first}");
    // The whole class, as if the first run had stopped after two files.
    let (_, whole) = kit.json(&["test", "sum", "class"]);
    let expected = [
        ("class/alice.c", true),
        ("class/bob/sum.c", true),
        ("class/carol.c", false),
        ("class/dave.py", false),
        ("class/erin.c", false),
        ("class/frank.pas", false),
    ];
    let expected: Vec<(String, bool)> = expected.iter().map(|(f, c)| (f.to_string(), *c)).collect();
    assert_eq!(cached(&whole), expected, "{whole}");
    assert_eq!(
        verdicts(&whole)[1].1,
        "WA",
        "a row read back keeps its verdict"
    );
    // A changed file, and everything with --rejudge.
    kit.write("class/bob/sum.c", &reference("a += 0;"));
    let (_, again) = kit.json(&["test", "sum", "class/alice.c", "class/bob"]);
    assert_eq!(
        cached(&again)[..],
        [
            ("class/alice.c".to_string(), true),
            ("class/bob/sum.c".to_string(), false)
        ]
    );
    assert_eq!(verdicts(&again)[1].1, "AC");
    let (_, rejudged) = kit.json(&["test", "sum", "class/alice.c", "class/bob", "--rejudge"]);
    assert!(cached(&rejudged).iter().all(|(_, c)| !c), "{rejudged}");
    // A changed limit is another judging.
    let toml = std::fs::read_to_string(kit.path("problems/sum/problem.toml")).unwrap();
    kit.write(
        "problems/sum/problem.toml",
        &toml.replace("time_limit_ms = 300", "time_limit_ms = 400"),
    );
    let (_, changed) = kit.json(&["test", "sum", "class/alice.c", "class/bob"]);
    assert!(cached(&changed).iter().all(|(_, c)| !c), "{changed}");
}

/// `--both-pythons` judges a Python file again under the language's other
/// interpreter (judge.toml's `other`; here `python3 -O`, which drops
/// `assert`s, so that the verdicts differ without PyPy) and says so, in
/// `judge test` and as a warning in `judge verify`.
#[test]
fn a_file_judged_under_both_pythons_says_where_they_differ() {
    let kit = Kit::new();
    let judge_toml = kit.judge_toml.replacen(
        "run = [\"python3\", \"{source}\"]\n",
        "run = [\"python3\", \"{source}\"]\n\n[languages.python.other]\nname = \"python3 -O\"\nrun = [\"python3\", \"-O\", \"{source}\"]\n",
        1,
    );
    assert_ne!(judge_toml, kit.judge_toml);
    kit.write("judge.toml", &judge_toml);
    let asserting = "a, b = map(int, input().split())\nassert False\nprint(a + b)\n";
    kit.write("solutions/sum/accepted/asserting.py", asserting);
    let file = "solutions/sum/accepted/asserting.py";
    let (code, report) = kit.json(&["test", "sum", file, "--both-pythons"]);
    assert_eq!(
        (code, &report["verdict"]),
        (1, &serde_json::json!("RE")),
        "{report}"
    );
    let other = &report["other"];
    assert_eq!(
        (&other["interpreter"], &other["verdict"], &other["differs"]),
        (&"python3 -O".into(), &"AC".into(), &true.into()),
        "{report}"
    );
    let run = kit.judge(&["test", "sum", file, "--both-pythons"]);
    assert!(
        run.stdout
            .contains("under python3 -O: AC, not RE as first judged"),
        "{}",
        run.stdout
    );
    // Without the flag, once.
    let (_, once) = kit.json(&["test", "sum", file]);
    assert_eq!(once["other"], serde_json::Value::Null);
    // Standings: each Python file's row says how it fared under both.
    kit.write(
        "class/plain.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let (_, standings) = kit.json(&["test", "sum", file, "class", "--both-pythons"]);
    let others: Vec<(String, String, bool)> = (standings["solutions"].as_array().unwrap().iter())
        .map(|r| {
            let o = &r["other"];
            let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
            (
                text(&r["verdict"]),
                text(&o["verdict"]),
                o["differs"] == true,
            )
        })
        .collect();
    let expected = [("AC", "AC", false), ("RE", "AC", true)];
    let expected: Vec<(String, String, bool)> = (expected.iter())
        .map(|(a, b, c)| (a.to_string(), b.to_string(), *c))
        .collect();
    assert_eq!(others, expected, "{standings}");
    let table = kit.judge(&["test", "sum", file, "class", "--both-pythons"]);
    assert!(
        table.stdout.contains(&format!(
            "under python3 -O: {file} AC, not RE as first judged"
        )),
        "{}",
        table.stdout
    );
    // verify: the row's warning.
    let (_, verified) = kit.json(&["verify", "--both-pythons"]);
    let row = (verified["solutions"].as_array().unwrap().iter())
        .find(|r| r["solution"] == "accepted/asserting.py")
        .unwrap();
    let warning = row["warnings"][0].as_str().unwrap_or_default();
    assert!(
        warning.contains("under python3 -O: AC (the first judging gave RE)"),
        "{row}"
    );
}

/// All files' tests share one pool, yet each file stops on its own with
/// `--fail-fast`, and two files of the same content are judged once.
#[test]
fn each_file_stops_on_its_own_and_a_copy_is_judged_once() {
    let kit = class();
    kit.write("class/frank.c", &reference(""));
    let files = [
        "class/alice.c",
        "class/bob",
        "class/frank.c",
        "class/erin.c",
    ];
    let (_, report) =
        kit.json(&[&["test", "sum", "--fail-fast", "--jobs", "2"], &files[..]].concat());
    let rows = report["solutions"].as_array().unwrap();
    let judged: Vec<(&str, usize)> = (rows.iter())
        .map(|r| {
            (
                r["solution"].as_str().unwrap(),
                r["results"].as_array().unwrap().len(),
            )
        })
        .collect();
    assert_eq!(
        judged,
        [
            ("class/alice.c", 3),
            ("class/bob/sum.c", 1),
            ("class/erin.c", 1),
            ("class/frank.c", 3)
        ],
        "{report}"
    );
    assert_eq!(verdicts(&report)[3].1, "AC");
    // The copy's row is alice's judging, under its own name: one working
    // folder was made for both.
    let runs = std::fs::read_dir(kit.path("target/judge/runs"))
        .map(|d| {
            d.filter_map(|e| e.ok())
                .filter(|e| e.path().is_dir())
                .count()
        })
        .unwrap_or_default();
    assert_eq!(runs, 3, "alice and frank share a judging");
}

/// A run that gives up says why on its error stream, then aborts: two
/// lines, the second with a terminal colour code.
fn giving_up() -> String {
    c_program(
        "long long a, b; if (scanf(\"%lld %lld\", &a, &b) != 2) return 9; \
         fprintf(stderr, \"warming up\\n\\x1b[31mindex %lld out of range\\n\", a); abort();",
    )
}

/// A failing run in its own words: the end of its error stream (escaped)
/// and where its files are kept, in `test`'s JSON and terminal, a batch's
/// row and table, and `verify`'s table.
#[test]
fn a_failing_run_says_why_in_its_own_words() {
    let kit = class();
    kit.write("words/crash.c", &giving_up());
    let said = "warming up\n\\u{1b}[31mindex 1 out of range";
    let (code, report) = kit.json(&["test", "sum", "words/crash.c", "--fail-fast"]);
    assert_eq!(code, 1, "{report}");
    let first = &report["tests"][0];
    assert_eq!(
        (&first["verdict"], &first["stderr"]),
        (&"RE".into(), &said.into()),
        "{report}"
    );
    let kept = std::path::Path::new(first["kept"].as_str().unwrap_or_default());
    assert!(kept.join("01.err").is_file(), "{report}");
    let run = kit.judge(&["test", "sum", "words/crash.c", "--fail-fast"]);
    let out = &run.stdout;
    assert!(
        out.contains("its error stream ended (2 lines):\n  warming up\n"),
        "{out}"
    );
    assert!(out.contains("its files: target/judge/runs/"), "{out}");
    assert!(out.contains("/01.*\n"), "{out}");

    // A batch: the row's first failure, and a note under the table.
    let (_, batch) = kit.json(&["test", "sum", "words", "class/alice.c"]);
    let row = (batch["solutions"].as_array().unwrap().iter())
        .find(|r| r["solution"] == "words/crash.c")
        .unwrap();
    assert_eq!(row["first_failure"]["stderr"], said, "{batch}");
    assert!(row["first_failure"]["kept"].is_string(), "{batch}");
    let table = kit.judge(&["test", "sum", "words", "class/alice.c"]).stdout;
    assert!(
        table.contains(
            "words/crash.c, test 01: RE killed by SIGABRT\n  its error stream ended (2 lines):"
        ),
        "{table}"
    );

    // verify: a solution that breaks its folder's promise says why.
    kit.write("solutions/sum/accepted/crash.c", &giving_up());
    let verified = kit.judge(&["verify"]).stdout;
    assert!(
        verified.contains("\\u{1b}[31mindex 1 out of range"),
        "{verified}"
    );
}

/// Output with the answer's tokens but not its white space is accepted,
/// as testlib accepts it, with a note on each test and a line per file:
/// a judge that compares exactly would reject it.
#[test]
fn white_space_unlike_the_answers_is_accepted_with_a_note() {
    let kit = Kit::new();
    let sum = "a, b = map(int, input().split())\n";
    kit.write(
        "lines/crlf.py",
        &format!("{sum}print(a + b, end='\\r\\n')\n"),
    );
    kit.write("lines/unended.py", &format!("{sum}print(a + b, end='')\n"));
    kit.write("lines/plain.py", &format!("{sum}print(a + b)\n"));
    let (code, report) = kit.json(&["test", "sum", "lines"]);
    assert_eq!(code, 0, "lenient, as testlib: {report}");
    let notes = |row: usize| -> Vec<Value> {
        let results = report["solutions"][row]["results"].as_array().unwrap();
        results.iter().map(|t| t["note"].clone()).collect()
    };
    let crlf = Value::from("white space unlike the answer's: Windows line ends (CRLF)");
    assert_eq!(notes(0), vec![crlf; 3], "{report}");
    assert_eq!(notes(1), vec![Value::Null; 3], "{report}");
    let unended = "white space unlike the answer's: no newline at the end";
    assert_eq!(notes(2)[0], unended, "{report}");

    let run = kit.judge(&["test", "sum", "lines"]);
    assert!(
        run.stdout.contains(
            "note: lines/crlf.py: 3 accepted test(s) with white space unlike the answer's: \
             Windows line ends (CRLF) (test 01 first)"
        ),
        "{}",
        run.stdout
    );
    let one = kit.judge(&["test", "sum", "lines/unended.py"]);
    assert!(
        one.stdout.contains(
            "note: 3 accepted test(s) with white space unlike the answer's: no newline at the end"
        ),
        "{}",
        one.stdout
    );
}
