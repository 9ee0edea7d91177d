//! What `judge package` loses of an imported problem, and says: a
//! checker of the kit that testlib has by name goes to Polygon and Hydro
//! as that name; an input validator a format cannot carry is an error, or
//! with `--lossy` left out and said; Hydro and CMS say what they leave
//! behind (the validator, the samples' flags, the solutions); an ICPC
//! package without an input validator is said on export and imported with
//! `--lossy`. Every package here is written in this file.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;
use testkit::kit::Kit;

/// An input validator in Kattis's protocol, in Python: one number from 1
/// to 10^9 on a line; exit 42 if so, 43 if not.
const NUMBER_VALIDATOR: &str = "import re, sys\n\
text = sys.stdin.read()\n\
ok = re.fullmatch(r'[1-9][0-9]{0,8}\\n', text) is not None\n\
sys.exit(42 if ok else 43)\n";

/// Doubles the number it reads.
const TWICE_PY: &str = "print(2 * int(input()))\n";
const TWICE_C: &str = "#include <stdio.h>\nint main(void) { long long n; scanf(\"%lld\", &n); printf(\"%lld\\n\", 2 * n); return 0; }\n";
/// Adds two instead: right on 2 only.
const PLUS_TWO_PY: &str = "print(int(input()) + 2)\n";

/// Writes `files` (path, text) under `dir`.
fn write(dir: &Path, files: &BTreeMap<String, String>) {
    for (rel, text) in files {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// A legacy ICPC package, "Twice": print the double of a number. No output
/// validator (ICPC's default one compares the tokens), `flags` for it in
/// problem.yaml, the Python input validator, a sample and two secret tests
/// whose answers are `answers`, two accepted submissions and a wrong one.
fn twice_package(dir: &Path, flags: Option<&str>, answers: [&str; 3]) {
    let mut yaml = "name: Twice\nlimits:\n  memory: 128\n".to_string();
    if let Some(flags) = flags {
        yaml.push_str(&format!("validator_flags: {flags}\n"));
    }
    let mut files = BTreeMap::from([
        ("problem.yaml".to_string(), yaml),
        (
            "input_validators/number.py".to_string(),
            NUMBER_VALIDATOR.to_string(),
        ),
        ("submissions/accepted/twice.py".into(), TWICE_PY.into()),
        ("submissions/accepted/twice.c".into(), TWICE_C.into()),
        // A name that says slow: CMS's sol/ does not promise it.
        (
            "submissions/accepted/twice_naive.py".into(),
            TWICE_PY.into(),
        ),
        (
            "submissions/wrong_answer/plus_two.py".into(),
            PLUS_TWO_PY.into(),
        ),
    ]);
    for (i, (input, answer)) in ["3", "21", "500000000"].iter().zip(answers).enumerate() {
        let folder = if i == 0 { "sample" } else { "secret" };
        files.insert(format!("data/{folder}/{i}.in"), format!("{input}\n"));
        files.insert(format!("data/{folder}/{i}.ans"), format!("{answer}\n"));
    }
    write(dir, &files);
}

/// Imports the package at `dir` as `name` (with `extra` arguments): the
/// report, which must be a success.
fn import(kit: &Kit, dir: &Path, name: &str, extra: &[&str]) -> Value {
    let mut args = vec!["import", dir.to_str().unwrap(), "--name", name];
    args.extend(extra);
    let (code, report) = kit.json(&args);
    assert_eq!(code, 0, "{report}");
    report
}

/// The arguments of `judge package name --format format` to `out`, with a
/// stand-in testlib.h for Polygon.
fn package_args<'a>(kit: &Kit, name: &'a str, format: &'a str, out: &Path) -> Vec<String> {
    let mut args: Vec<String> = ["package", name, "--format", format, "--no-pdf", "--out"]
        .map(String::from)
        .to_vec();
    args.push(out.to_str().unwrap().to_string());
    if format == "polygon" {
        kit.write("testlib.h", "// a stand-in\n");
        args.push("--testlib-h".into());
        args.push(kit.path("testlib.h").to_str().unwrap().to_string());
    }
    args
}

/// Exports `name` in `format` to `out` (with `extra` arguments), which must
/// succeed: the messages of its warnings for `judge` (any judge: None).
fn export(kit: &Kit, name: &str, format: &str, out: &Path, extra: &[&str]) -> Vec<String> {
    let mut args = package_args(kit, name, format, out);
    args.extend(extra.iter().map(|a| a.to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let (code, report) = kit.json(&args);
    assert_eq!(code, 0, "{format}: {report}");
    (report["warnings"].as_array().unwrap().iter())
        .map(|w| {
            format!(
                "{}: {}",
                w["judge"].as_str().unwrap(),
                w["message"].as_str().unwrap()
            )
        })
        .collect()
}

/// The error of a judge run that must fail as a kit's error does (exit 2,
/// no panic). The tests' kits share one target folder: a run may first
/// wait for another's build lock, and say so.
fn error(kit: &Kit, args: &[&str]) -> String {
    let run = kit.judge(args);
    assert_eq!(run.code, Some(2), "{args:?}: {}{}", run.stdout, run.stderr);
    let waited = |l: &&str| l.starts_with("waiting for another judge run");
    let said: Vec<&str> = run.stderr.lines().filter(|l| !waited(l)).collect();
    assert!(
        said.first().is_some_and(|l| l.starts_with("error: ")),
        "{args:?}: {}",
        run.stderr
    );
    said.join("\n")
}

/// The export's error (it must fail, and write nothing).
fn refused(kit: &Kit, name: &str, format: &str, out: &Path) -> String {
    let args = package_args(kit, name, format, out);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let stderr = error(kit, &args);
    assert!(!out.exists(), "{format}: nothing is written: {stderr}");
    stderr
}

/// Panics unless one of `warnings` holds every part of `parts`.
fn said(warnings: &[String], parts: &[&str]) {
    assert!(
        warnings.iter().any(|w| parts.iter().all(|p| w.contains(p))),
        "no warning with {parts:?} in {warnings:#?}"
    );
}

/// A copy of the kit (its cargo checkers: `icpc-default`, `wcmp`), in a
/// folder of its own for the test `name`.
fn kit(name: &str) -> Kit {
    let target = testkit::paths::target();
    Kit::copy(
        &target.join("losses-kit").join(name),
        &target.join("new-kit-target"),
    )
}

/// A CMS task, "Halve": print half of an even number. Its statement a PDF
/// only, no checker (CMS compares the tokens), no validator (CMS has none),
/// the official solution and another.
fn halve_task(dir: &Path) {
    let mut files = BTreeMap::from([
        (
            "task.yaml".to_string(),
            "name: halve\ntitle: Halve\ntime_limit: 1\nmemory_limit: 128\ninfile: ''\n\
             outfile: ''\npublic_testcases: '0'\nn_input: 3\ntoken_mode: disabled\n\
             primary_language: en\n"
                .to_string(),
        ),
        (
            "statement/english.pdf".into(),
            "%PDF-1.4 stands in for a statement\n".into(),
        ),
        (
            "sol/solution.py".into(),
            "print(int(input()) // 2)\n".into(),
        ),
        (
            "sol/halve.c".into(),
            "#include <stdio.h>\nint main(void) { long long n; scanf(\"%lld\", &n); \
             printf(\"%lld\\n\", n / 2); return 0; }\n"
                .into(),
        ),
    ]);
    for (i, n) in [8u64, 40, 2_000_000].iter().enumerate() {
        files.insert(format!("input/input{i}.txt"), format!("{n}\n"));
        files.insert(format!("output/output{i}.txt"), format!("{}\n", n / 2));
    }
    write(dir, &files);
}

/// A problem whose checker is ICPC's default output validator goes to
/// Polygon and Hydro as testlib's `wcmp` where its answers hold no letter
/// (the two rules are then the same); one of the kit's standard checkers
/// as itself; a Python input validator Polygon cannot compile is an error
/// saying `--lossy`, which leaves it out and says so; Hydro says what it
/// leaves behind.
#[test]
fn standard_checkers_go_by_name_and_lossy_leaves_a_validator_out() {
    let kit = kit("standard");
    let dir = tempfile::tempdir().unwrap();
    twice_package(&dir.path().join("twice"), None, ["6", "42", "1000000000"]);
    import(&kit, &dir.path().join("twice"), "twice", &[]);
    assert!(
        kit.read("problems/twice/problem.toml")
            .contains("checker = \"icpc-default\"")
    );

    let hydro = dir.path().join("hydro");
    let warnings = export(&kit, "twice", "hydro", &hydro, &[]);
    let config = std::fs::read_to_string(hydro.join("twice/testdata/config.yaml")).unwrap();
    assert!(
        config.contains("checker_type: testlib") && config.contains("checker: wcmp"),
        "{config}"
    );
    said(
        &warnings,
        &["`icpc-default`", "goes as testlib's `wcmp`", "no letter"],
    );
    said(
        &warnings,
        &["Hydro runs no input validator", "number.py stays behind"],
    );
    said(
        &warnings,
        &["no sample flag", "the 1 sample becomes an ordinary test"],
    );
    said(
        &warnings,
        &[
            "no solutions",
            "accepted/twice.c",
            "accepted/twice.py",
            "wrong_answer/plus_two.py",
        ],
    );
    // No statement to carry: one that says so, which Hydro's importer wants.
    let stand_in = std::fs::read_to_string(hydro.join("twice/problem_en.md")).unwrap();
    // Marked, so that an import of the package takes it for none.
    assert!(
        stand_in.starts_with("<!-- stands in for a statement"),
        "{stand_in}"
    );
    assert!(stand_in.contains("\n# Twice\n"), "{stand_in}");
    assert!(
        stand_in.contains("the original icpc-legacy package had none"),
        "{stand_in}"
    );
    said(&warnings, &["no statement is carried", "problem_en.md"]);

    // Polygon compiles only C++ validators: refused, naming --lossy.
    let polygon = dir.path().join("polygon");
    let stderr = refused(&kit, "twice", "polygon", &polygon);
    for part in [
        "number.py",
        "only C++",
        "--format icpc or icpc-legacy",
        "--lossy",
    ] {
        assert!(stderr.contains(part), "{part:?} not in {stderr}");
    }
    let warnings = export(&kit, "twice", "polygon", &polygon, &["--lossy"]);
    said(&warnings, &["left out (--lossy)", "number.py"]);
    said(&warnings, &["`icpc-default`", "goes as testlib's `wcmp`"]);
    let xml = std::fs::read_to_string(polygon.join("problem.xml")).unwrap();
    assert!(xml.contains("<checker name=\"std::wcmp.cpp\""), "{xml}");
    assert!(!xml.contains("<validator>"), "{xml}");
    // Imported again: refused without a validator, taken with --lossy.
    let path = polygon.to_str().unwrap();
    let stderr = kit.error(&["import", path, "--name", "twicepoly"]);
    assert!(
        stderr.contains("no validator in <assets>") && stderr.contains("--lossy"),
        "{stderr}"
    );
    let report = import(&kit, &polygon, "twicepoly", &["--lossy"]);
    assert!(
        report.to_string().contains("no validator in <assets>"),
        "{report}"
    );
    assert!(
        !kit.read("problems/twicepoly/problem.toml")
            .contains("validator")
    );
    // A checker is never left out: `--lossy` does not make a Python one go.
    kit.write("problems/twice/compare.py", "import sys\nsys.exit(0)\n");
    kit.edit(
        "problems/twice/problem.toml",
        "checker = \"icpc-default\"",
        "checker = \"compare.py\"",
    );
    let mut args = package_args(&kit, "twice", "hydro", &dir.path().join("nothing"));
    args.push("--lossy".into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let stderr = error(&kit, &args);
    assert!(stderr.contains("C++ checkers"), "{stderr}");

    // One of the kit's standard checkers goes as itself.
    kit.edit(
        "problems/twice/problem.toml",
        "checker = \"compare.py\"",
        "checker = \"ncmp\"",
    );
    let hydro = dir.path().join("hydro-ncmp");
    let warnings = export(&kit, "twice", "hydro", &hydro, &[]);
    assert!(
        !warnings.iter().any(|w| w.contains("goes as testlib's")),
        "{warnings:#?}"
    );
    let config = std::fs::read_to_string(hydro.join("twice/testdata/config.yaml")).unwrap();
    assert!(config.contains("checker: ncmp"), "{config}");
    // To ICPC it goes built: what a re-import gets is that program, said.
    let icpc = dir.path().join("icpcncmp");
    let warnings = export(&kit, "twice", "icpc", &icpc, &[]);
    said(
        &warnings,
        &["the checker is the kit's `ncmp`, which goes as a program built"],
    );
}

/// ICPC's default output validator ignores case, and no testlib checker
/// does: where an answer holds letters, Polygon and Hydro are refused (its
/// `case_sensitive` form is the kit's `wcmp`, which goes by name).
#[test]
fn the_default_validator_ignoring_case_is_refused_where_answers_have_letters() {
    let kit = kit("letters");
    let dir = tempfile::tempdir().unwrap();
    let answers = ["6 even", "42 even", "1000000000 even"];
    twice_package(&dir.path().join("words"), None, answers);
    import(&kit, &dir.path().join("words"), "words", &[]);
    for format in ["hydro", "polygon"] {
        let stderr = refused(&kit, "words", format, &dir.path().join(format));
        for part in [
            "icpc-default",
            "ignoring case",
            "holds letters",
            "cpp_checker",
        ] {
            assert!(stderr.contains(part), "{format}: {part:?} not in {stderr}");
        }
    }
    twice_package(&dir.path().join("exact"), Some("case_sensitive"), answers);
    import(&kit, &dir.path().join("exact"), "exact", &[]);
    assert!(
        kit.read("problems/exact/problem.toml")
            .contains("checker = \"wcmp\"")
    );
    let hydro = dir.path().join("hydro-exact");
    export(&kit, "exact", "hydro", &hydro, &[]);
    let config = std::fs::read_to_string(hydro.join("exact/testdata/config.yaml")).unwrap();
    assert!(config.contains("checker: wcmp"), "{config}");
}

/// CMS ships the accepted solutions only, and says which stay behind and
/// which it ships that a task read again does not hold to AC.
#[test]
fn cms_says_which_solutions_it_loses() {
    let kit = kit("cms");
    let dir = tempfile::tempdir().unwrap();
    twice_package(&dir.path().join("twice"), None, ["6", "42", "1000000000"]);
    import(&kit, &dir.path().join("twice"), "twice", &[]);
    let cms = dir.path().join("cms");
    let warnings = export(&kit, "twice", "cms", &cms, &[]);
    said(
        &warnings,
        &[
            "only the accepted solutions go to sol/",
            "wrong_answer/plus_two.py stays behind",
        ],
    );
    said(
        &warnings,
        &["accepted/twice_naive.py goes to sol/", "its name says slow"],
    );
    assert!(
        !warnings
            .iter()
            .any(|w| w.contains("accepted/twice.py goes")),
        "{warnings:#?}"
    );
    // What it said: read again, the task judges that one without a promise.
    import(&kit, &cms, "twiceagain", &[]);
    assert!(kit.path("solutions/twiceagain/accepted/twice.py").is_file());
    assert!(
        kit.path("solutions/twiceagain/unknown/twice_naive.py")
            .is_file()
    );
}

/// A CMS task has no input validator: its ICPC export says the format
/// wants one, and imports again only with `--lossy`, the same problem.
#[test]
fn an_icpc_package_without_a_validator_is_said_and_imported_with_lossy() {
    let kit = kit("novalidator");
    let dir = tempfile::tempdir().unwrap();
    halve_task(&dir.path().join("halve"));
    import(&kit, &dir.path().join("halve"), "halve", &[]);
    for format in ["icpc-legacy", "icpc"] {
        let out = dir.path().join(format.replace('-', ""));
        let warnings = export(&kit, "halve", format, &out, &[]);
        said(
            &warnings,
            &["wants an input validator; the problem has none"],
        );
        assert!(!out.join("input_validators").exists());
        let again = format!("halve{}", format.replace('-', ""));
        let args = ["import", out.to_str().unwrap(), "--name", &again];
        let stderr = error(&kit, &args);
        assert!(
            stderr.contains("no input validator") && stderr.contains("--lossy"),
            "{stderr}"
        );
        let report = import(&kit, &out, &again, &["--lossy"]);
        let notes = report["notes"].to_string();
        assert!(notes.contains("no input validator"), "{notes}");
        let toml = kit.read(&format!("problems/{again}/problem.toml"));
        assert!(!toml.contains("validator"), "{toml}");
        let (_, diff) = kit.json(&["diff", "halve", &again]);
        // The same problem. The CMS task's other solution, of which it
        // promises nothing, has no folder in the legacy format; 2025-09
        // keeps it in its own, promising every verdict of the format,
        // which is the kit's `any verdict` again.
        let what: Vec<&str> = (diff["differences"].as_array().unwrap().iter())
            .filter_map(|d| d["what"].as_str())
            .collect();
        let lost: &[&str] = match format {
            "icpc-legacy" => &["solution unknown/halve.c"],
            _ => &[],
        };
        assert_eq!(what, lost, "{diff}");
    }
}

/// Hydro's importer refuses a problem without a statement in Markdown: an
/// imported CMS task whose statement is a PDF goes to Hydro with one that
/// says where it is; `check`: Hydro's own import code takes it.
fn a_pdf_statement_to_hydro(check: bool) {
    let kit = kit(if check { "hydro-slow" } else { "hydro" });
    let dir = tempfile::tempdir().unwrap();
    halve_task(&dir.path().join("halve"));
    import(&kit, &dir.path().join("halve"), "halve", &[]);
    let out = dir.path().join("hydro");
    let warnings = export(&kit, "halve", "hydro", &out, &[]);
    said(&warnings, &["`en` (PDF", "not carried"]);
    said(
        &warnings,
        &["no statement is carried", "statement/english.pdf"],
    );
    let stand_in = std::fs::read_to_string(out.join("halve/problem_en.md")).unwrap();
    // Marked, so that an import of the package takes it for none.
    assert!(
        stand_in.starts_with("<!-- stands in for a statement"),
        "{stand_in}"
    );
    assert!(stand_in.contains("\n# Halve\n"), "{stand_in}");
    assert!(
        stand_in.contains("`statement/english.pdf` in the original cms package"),
        "{stand_in}"
    );
    if check {
        let problems = testkit::tools::hydro_import(&out);
        assert_eq!(problems.len(), 1, "{problems:?}");
    }
}

#[test]
fn a_pdf_statement_goes_to_hydro_as_a_note_of_where_it_is() {
    a_pdf_statement_to_hydro(false);
}

#[test]
#[ignore = "slow tier: the judges' own tools (Hydro's import code)"]
fn a_pdf_statement_goes_to_hydro_as_hydros_importer_takes_it() {
    a_pdf_statement_to_hydro(true);
}

/// A Hydro problem whose testlib checker has its own testlib.h beside it
/// goes back to Hydro without it (Hydro builds the checker with its own),
/// and the export says so: an import of that package builds the checker
/// with the kit's copy instead.
#[test]
fn a_checkers_own_testlib_h_left_behind_is_said() {
    let kit = kit("owntestlib");
    let dir = tempfile::tempdir().unwrap();
    let checker = "#include \"testlib.h\"\nint main(int argc, char *argv[]) {\n    \
                   registerTestlibCmd(argc, argv);\n    \
                   if (ouf.readLong() != ans.readLong()) quitf(_wa, \"differ\");\n    \
                   quitf(_ok, \"same\");\n}\n";
    let files = BTreeMap::from([
        (
            "problem.yaml".to_string(),
            "pid: twice\ntitle: Twice\n".to_string(),
        ),
        ("problem_en.md".into(), "Print twice the number.\n".into()),
        (
            "testdata/config.yaml".into(),
            "type: default\ntime: 1s\nmemory: 128m\nchecker_type: testlib\nchecker: chk.cc\n"
                .into(),
        ),
        ("testdata/chk.cc".into(), checker.into()),
        ("testdata/testlib.h".into(), "// the problem's own\n".into()),
        ("testdata/1.in".into(), "3\n".into()),
        ("testdata/1.out".into(), "6\n".into()),
    ]);
    write(&dir.path().join("twice"), &files);
    import(&kit, &dir.path().join("twice"), "twice", &[]);
    let out = dir.path().join("out");
    let warnings = export(&kit, "twice", "hydro", &out, &[]);
    said(
        &warnings,
        &["testlib.h: Hydro builds", "chk.cc with its own testlib.h"],
    );
    assert!(!out.join("twice/testdata/testlib.h").exists());
}
