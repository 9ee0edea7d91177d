//! Polygon packages that store few of their tests: the rest made by the
//! commands problem.xml gives them (never by the package's doall.sh), a
//! test both stored and generated compared by the build, every answer the
//! main solution's; a test the kit can neither read nor make named
//! (`exports.rs` takes the problem back out).

use std::path::Path;

use testkit::kit::Kit;

/// Writes `files` (path, text) under `dir`.
fn write(dir: &Path, files: &[(&str, &str)]) {
    for (rel, text) in files {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// Panics unless `text` holds `part`.
fn assert_has(text: &str, part: &str) {
    assert!(text.contains(part), "{part} not in\n{text}");
}

/// problem.xml of "max of two": a sample stored with its answer (written
/// on Windows), three tests made by `pair` (the first stored as `pair`
/// makes it, the second not stored but its answer is, the third stored
/// otherwise than `pair` makes it now, with its answer), a stored test
/// without its answer; `TESTS` stands for more tests.
const PROBLEM_XML: &str = r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="7" short-name="bigger">
    <names><name language="english" value="The Bigger One"/></names>
    <judging input-file="" output-file="">
        <testset name="tests">
            <time-limit>1000</time-limit>
            <memory-limit>67108864</memory-limit>
            <test-count>COUNT</test-count>
            <input-path-pattern>tests/%02d</input-path-pattern>
            <answer-path-pattern>tests/%02d.a</answer-path-pattern>
            <tests>
                <test method="manual" sample="true"/>
                <test cmd="pair 3 9" method="generated"/>
                <test cmd="pair 12 5" method="generated"/>
                <test cmd="pair 8 &quot;2&quot;" method="generated"/>
                <test method="manual"/>TESTS
            </tests>
        </testset>
    </judging>
    <files>
        <executables>
            <executable><source path="files/pair.c" type="c.gcc"/></executable>
            <executable><source path="files/validate.c" type="c.gcc"/></executable>
            <executable><source path="files/old.pas" type="pas.fpc"/></executable>
            <executable><binary path="files/bin.exe" type="exe.win32"/></executable>
        </executables>
    </files>
    <assets>
        <checker type="testlib"><source path="files/compare.c" type="c.gcc"/></checker>
        <validators><validator><source path="files/validate.c" type="c.gcc"/></validator></validators>
        <solutions>
            <solution tag="main"><source path="solutions/max.c" type="c.gcc"/></solution>
            <solution tag="wrong-answer"><source path="solutions/first.py" type="python.3"/></solution>
        </solutions>
    </assets>
</problem>
"#;

/// The package of [`PROBLEM_XML`] with `more` tests and its `count`, and
/// a doall.sh that fails: the kit must never need it.
pub(crate) fn bigger(dir: &Path, more: &str, count: usize) {
    let xml = (PROBLEM_XML.replace("TESTS", more)).replace("COUNT", &count.to_string());
    write(
        dir,
        &[
            ("problem.xml", &xml),
            (
                "files/pair.c",
                "#include <stdio.h>\nint main(int argc, char **argv) { printf(\"%s %s\\n\", argv[1], argv[2]); return 0; }\n",
            ),
            (
                "files/validate.c",
                "#include <stdio.h>\nint main(void) { long a, b; char c; if (scanf(\"%ld %ld%c\", &a, &b, &c) != 3 || c != '\\n') { fprintf(stderr, \"bad input\\n\"); return 3; } return 0; }\n",
            ),
            ("files/old.pas", "begin writeln('1 1') end.\n"),
            ("files/compare.c", testkit::kit::CHECKER),
            ("doall.sh", "#!/bin/sh\necho 'run me not' >&2\nexit 1\n"),
            ("tests/01", "1 2\r\n"),
            // Spaces the main solution does not write: the stored answers
            // are told from its own.
            ("tests/01.a", "2 \r\n"),
            ("tests/02", "3 9\n"),
            ("tests/03.a", "12\n"),
            ("tests/04", "8 3\n"),
            ("tests/04.a", "8 \n"),
            ("tests/05", "6 6\n"),
            (
                "solutions/max.c",
                "#include <stdio.h>\nint main(void) { long a, b; scanf(\"%ld %ld\", &a, &b); printf(\"%ld\\n\", a > b ? a : b); return 0; }\n",
            ),
            (
                "solutions/first.py",
                "a, b = map(int, input().split())\nprint(a)\n",
            ),
        ],
    );
}

#[test]
fn the_commands_of_problem_xml_make_the_tests_the_package_lacks() {
    let kit = Kit::new();
    let package = tempfile::tempdir().unwrap();
    bigger(package.path(), "", 5);
    let (code, report) = kit.json(&["import", package.path().to_str().unwrap()]);
    assert_eq!((code, report["tests"].as_u64()), (0, Some(5)), "{report}");
    let notes = report["notes"].to_string();
    assert_has(&notes, "5 tests of the 5 problem.xml lists");
    assert_has(
        &notes,
        "answers: 2 stored in the package (the ones its judge used), 3 the main solution's \
         (accepted/max.c) (1 stored for inputs made again, not read)",
    );
    let problem = kit.read("problems/bigger/problem.toml");
    // Two stored, three generated, two of those stored too.
    let count = |key: &str| problem.lines().filter(|l| l.starts_with(key)).count();
    assert_eq!(
        (count("file = "), count("generator = "), count("stored = ")),
        (2, 3, 2)
    );
    assert_has(
        &problem,
        "generator = \"package/files/pair.c\"\nargs = [\"12\", \"5\"]\n",
    );
    // A stored input keeps its stored answer.
    assert_eq!(count("answer = "), 2, "{problem}");
    assert_has(
        &problem,
        "stored = \"package/tests/04\"\nanswer = \"package/tests/04.a\"",
    );
    let (code, build) = kit.json(&["build", "bigger"]);
    assert_eq!(code, 0, "{build}");
    let summary = &build["problems"][0];
    assert_eq!(summary["regenerated_equal"], 1, "{summary}");
    assert_eq!(summary["regenerated_different"], serde_json::json!(["04"]));
    // The package's input stays the test where the two differ, with its
    // answer; the main solution answers the others. What Windows wrote
    // is read with LF line ends.
    assert_eq!(kit.read("problems/bigger/tests/04.in"), "8 3\n");
    assert_eq!(kit.read("problems/bigger/tests/04.ans"), "8 \n");
    assert_eq!(kit.read("problems/bigger/tests/03.ans"), "12\n");
    assert_eq!(kit.read("problems/bigger/tests/05.ans"), "6\n");
    assert_eq!(kit.read("problems/bigger/tests/01.ans"), "2 \n");
    let (code, verify) = kit.json(&["verify", "bigger"]);
    assert_eq!(code, 0, "{verify}");
}

#[test]
fn a_test_the_kit_can_neither_read_nor_make_is_named() {
    let kit = Kit::new();
    let package = tempfile::tempdir().unwrap();
    let more = r#"
                <test cmd="old 1" method="generated"/>
                <test cmd="bin 2" method="generated"/>
                <test method="manual"/>"#;
    // Its test-count is not the number of tests it lists: the report says so.
    bigger(package.path(), more, 9);
    // Test 6's generator is in Pascal, which the kit's judge.toml lacks, but
    // its input is stored; test 7's is a binary alone; test 8 is nowhere.
    write(package.path(), &[("tests/06", "1 1\n")]);
    let path = package.path().to_str().unwrap();
    let stderr = kit.error(&["import", path]);
    assert_has(
        &stderr,
        "problem.xml:18: test 7, which the kit cannot make: `bin` is no executable of the \
         package with a source, and its input tests/07 is not in the package",
    );
    let (code, report) = kit.json(&["import", path, "--lossy"]);
    assert_eq!((code, report["tests"].as_u64()), (0, Some(6)), "{report}");
    assert_has(
        &report["notes"].to_string(),
        "6 tests of the 8 problem.xml lists, though its test-count says 9",
    );
    let warnings = report["warnings"].to_string();
    assert_has(&warnings, "test 7, which the kit cannot make");
    assert_has(
        &warnings,
        "test 8, which the kit cannot make: a manual test whose input tests/08 is not in the \
         package",
    );
    assert_has(
        &report["notes"].to_string(),
        "test 6's command `old 1` cannot run here (judge.toml has no language for \
         files/old.pas): its stored input is the test",
    );
    let problem = kit.read("problems/bigger/problem.toml");
    assert_has(&problem, "file = \"package/tests/06\"");
    let (code, build) = kit.json(&["build", "bigger"]);
    assert_eq!(code, 0, "{build}");
}

#[test]
fn what_does_not_compile_here_leaves_the_tests_the_package_stores() {
    let kit = Kit::new();
    let package = tempfile::tempdir().unwrap();
    bigger(package.path(), "", 5);
    // A generator and a main solution for another judge's compiler.
    let windows = "#include <windows.h>\nint main(void) { return 0; }\n";
    write(package.path(), &[("files/pair.c", windows)]);
    let path = package.path().to_str().unwrap();
    assert_eq!(kit.json(&["import", path]).0, 0);
    // Test 03 is made by `pair` alone: nothing stands in for it.
    let stderr = kit.error(&["build", "bigger"]);
    assert_has(&stderr, "pair.c: compilation failed");
    assert_has(&stderr, "windows.h");

    // With every input and answer stored, the build stands on them, and
    // says which programs they stand in for.
    write(
        package.path(),
        &[
            ("tests/03", "12 5\n"),
            ("tests/02.a", "9\n"),
            ("tests/05.a", "6\n"),
            ("solutions/max.c", windows),
        ],
    );
    assert_eq!(kit.json(&["import", path, "--name", "stood"]).0, 0);
    let (code, build) = kit.json(&["build", "stood"]);
    assert_eq!(code, 0, "{build}");
    let not_compiled = &build["problems"][0]["not_compiled"];
    let programs: Vec<&str> = (not_compiled.as_array().unwrap().iter())
        .map(|n| n["program"].as_str().unwrap())
        .collect();
    assert_eq!(programs.len(), 2, "{not_compiled}");
    assert!(programs[0].ends_with("files/pair.c"), "{not_compiled}");
    assert!(programs[1].ends_with("max.c"), "{not_compiled}");
    assert_eq!(not_compiled[0]["tests"], 3, "{not_compiled}");
    assert_has(&not_compiled[0]["error"].to_string(), "windows.h");
    assert_eq!(kit.read("problems/stood/tests/03.in"), "12 5\n");
    assert_eq!(kit.read("problems/stood/tests/04.in"), "8 3\n");
    assert_eq!(kit.read("problems/stood/tests/02.ans"), "9\n");
    // The main solution itself is judged, and does not compile.
    let (code, verify) = kit.json(&["verify", "stood"]);
    assert_ne!(code, 0, "{verify}");
    let main = (verify["solutions"].as_array().unwrap().iter())
        .find(|s| s["solution"] == "accepted/max.c")
        .unwrap();
    assert_eq!(main["verdict"], "CE", "{main}");
}

#[test]
fn the_packages_own_testlib_h_goes_back_out_with_it() {
    let package = tempfile::tempdir().unwrap();
    bigger(package.path(), "", 5);
    let mut kit = Kit::new();
    // The kit itself has no testlib.h.
    kit.set_env("TESTLIB_H", "/nonexistent/testlib.h");
    let path = package.path().to_str().unwrap();
    assert_eq!(kit.json(&["import", path, "--name", "without"]).0, 0);
    let own = "// the package's own testlib.h\n";
    write(package.path(), &[("files/testlib.h", own)]);
    assert_eq!(kit.json(&["import", path, "--name", "with"]).0, 0);
    let export = |name: &str| {
        let out = kit.path(&format!("target/{name}"));
        let args = ["package", name, "--format", "polygon", "--no-pdf", "--out"];
        (
            kit.judge(&[&args[..], &[out.to_str().unwrap()]].concat()),
            out,
        )
    };
    let (run, out) = export("with");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let shipped = std::fs::read_to_string(out.join("files/testlib.h")).unwrap();
    assert_eq!(shipped, own);
    // Without one of its own, the kit's is asked for, by name.
    let (run, _) = export("without");
    assert_eq!(run.code, Some(2), "{}", run.stdout);
    assert_has(&run.stderr, "TESTLIB_H names /nonexistent/testlib.h");
}
