//! Imported problems whose jury programs speak another protocol than a
//! format's judges, exported there all the same: each program wrapped
//! (`judge::format::wrap`), said in a warning, and the package, imported
//! back, judges every submission as promised with the wrapped programs; the
//! slow tier has the judges' own tools check the packages. A program that
//! cannot be wrapped is an error naming the formats that can carry it.
//! Every package here is written in this file.

use std::collections::BTreeMap;
use std::path::Path;

use testkit::kit::Kit;

/// A checker in testlib's protocol (`input output answer`, exit 0 OK, 1
/// WA, 2 PE, the verdict leading stderr), C++ without testlib.h (the one
/// the tests find may be DOMjudge's build, which speaks Kattis's).
const TESTLIB_CHECKER: &str = r#"#include <cstdio>
int main(int argc, char *argv[]) {
    FILE *out = std::fopen(argv[2], "r"), *ans = std::fopen(argv[3], "r");
    long long got, want;
    if (!ans || std::fscanf(ans, "%lld", &want) != 1) { std::fprintf(stderr, "FAIL no answer\n"); return 3; }
    if (!out || std::fscanf(out, "%lld", &got) != 1) { std::fprintf(stderr, "wrong output format no number\n"); return 2; }
    if (got != want) { std::fprintf(stderr, "wrong answer expected %lld, found %lld\n", want, got); return 1; }
    std::fprintf(stderr, "ok the sum\n");
    return 0;
}
"#;

/// An input validator in testlib's protocol: `a b` on one line, both from
/// 0 to 10^12; exit 0 if valid.
const TESTLIB_VALIDATOR: &str = r#"#include <cstdio>
int main() {
    long long a, b;
    char end;
    if (std::scanf("%lld %lld%c", &a, &b, &end) != 3 || end != '\n' || a < 0 || b < 0
        || a > 1000000000000LL || b > 1000000000000LL || std::getchar() != EOF) {
        std::fprintf(stderr, "expected `a b` on one line\n");
        return 3;
    }
    return 0;
}
"#;

/// An output validator in Kattis's protocol (C++): `input answer
/// feedback_dir`, the output on stdin, exit 42 or 43.
const KATTIS_CHECKER: &str = r#"#include <cstdio>
#include <string>
int main(int argc, char **argv) {
    std::string path = std::string(argv[3]) + "/judgemessage.txt";
    FILE *msg = std::fopen(path.c_str(), "w"), *ans = std::fopen(argv[2], "r");
    long long want, got;
    if (!ans || std::fscanf(ans, "%lld", &want) != 1) return 1;
    if (std::scanf("%lld", &got) != 1 || got != want) { std::fprintf(msg, "expected %lld\n", want); return 43; }
    return 42;
}
"#;

/// An input validator in Kattis's protocol (C++): as
/// [`TESTLIB_VALIDATOR`], exit 42 if valid, 43 if not.
const KATTIS_VALIDATOR: &str = r#"#include <cstdio>
int main() {
    long long a, b;
    char end;
    if (std::scanf("%lld %lld%c", &a, &b, &end) != 3 || end != '\n' || a < 0 || b < 0
        || a > 1000000000000LL || b > 1000000000000LL || std::getchar() != EOF)
        return 43;
    return 42;
}
"#;

const SUM_C: &str = "#include <stdio.h>\nint main(void) { long long a, b; scanf(\"%lld %lld\", &a, &b); printf(\"%lld\\n\", a + b); return 0; }\n";

/// Overflows a 32-bit int on the big test.
const INT32_C: &str = "#include <stdio.h>\nint main(void) { int a, b; scanf(\"%d %d\", &a, &b); printf(\"%d\\n\", a + b); return 0; }\n";

const TESTS: [(&str, &str); 3] = [
    ("1 2\n", "3\n"),
    ("40 2\n", "42\n"),
    ("4294967295 4294967295\n", "8589934590\n"),
];

/// Writes `files` under `dir`.
fn write(dir: &Path, files: &BTreeMap<String, String>) {
    for (rel, text) in files {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// A Polygon package of `a + b` whose checker and validator speak
/// testlib's protocol.
fn polygon_package(dir: &Path) {
    let xml = r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="3" short-name="wrapsum">
    <names><name language="english" value="Wrapped Sum"/></names>
    <judging input-file="" output-file="">
        <testset name="tests">
            <time-limit>2000</time-limit>
            <memory-limit>268435456</memory-limit>
            <test-count>3</test-count>
            <input-path-pattern>tests/%02d</input-path-pattern>
            <answer-path-pattern>tests/%02d.a</answer-path-pattern>
            <tests>
                <test method="manual" sample="true"/>
                <test method="manual"/>
                <test method="manual"/>
            </tests>
        </testset>
    </judging>
    <assets>
        <checker type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
        <validators><validator><source path="files/val.cpp" type="cpp.g++17"/></validator></validators>
        <solutions>
            <solution tag="main"><source path="solutions/sum.c" type="c.gcc"/></solution>
            <solution tag="wrong-answer"><source path="solutions/int32.c" type="c.gcc"/></solution>
        </solutions>
    </assets>
</problem>
"#;
    let mut files = BTreeMap::from([
        ("problem.xml".to_string(), xml.to_string()),
        ("files/check.cpp".to_string(), TESTLIB_CHECKER.to_string()),
        ("files/val.cpp".to_string(), TESTLIB_VALIDATOR.to_string()),
        ("solutions/sum.c".to_string(), SUM_C.to_string()),
        ("solutions/int32.c".to_string(), INT32_C.to_string()),
    ]);
    for (i, (input, answer)) in TESTS.iter().enumerate() {
        files.insert(format!("tests/{:02}", i + 1), input.to_string());
        files.insert(format!("tests/{:02}.a", i + 1), answer.to_string());
    }
    write(dir, &files);
}

/// A legacy ICPC package of `a + b` whose output and input validators are
/// C++ in Kattis's protocol (`checker`: the output validator's file).
fn icpc_package(dir: &Path, checker: (&str, &str)) {
    let mut files = BTreeMap::from([
        (
            "problem.yaml".to_string(),
            "name: Wrapped Sum\nvalidation: custom\nlimits:\n  memory: 256\n".to_string(),
        ),
        (
            format!("output_validators/compare/{}", checker.0),
            checker.1.to_string(),
        ),
        (
            "input_validators/validate.cpp".to_string(),
            KATTIS_VALIDATOR.to_string(),
        ),
        ("submissions/accepted/sum.c".to_string(), SUM_C.to_string()),
        (
            "submissions/wrong_answer/int32.c".to_string(),
            INT32_C.to_string(),
        ),
    ]);
    for (i, (input, answer)) in TESTS.iter().enumerate() {
        let folder = if i == 0 { "sample" } else { "secret" };
        files.insert(format!("data/{folder}/{i}.in"), input.to_string());
        files.insert(format!("data/{folder}/{i}.ans"), answer.to_string());
    }
    write(dir, &files);
}

/// Exports `name` in `format` to `out`: the report's warnings.
fn export(kit: &Kit, name: &str, format: &str, out: &Path, extra: &[&str]) -> String {
    let mut args = vec!["package", name, "--format", format, "--no-pdf"];
    args.extend(["--out", out.to_str().unwrap()]);
    args.extend(extra);
    let (code, report) = kit.json(&args);
    assert_eq!(code, 0, "{format}: {report}");
    report["warnings"].to_string()
}

/// Imports the package at `from` as `name` (with `extra` arguments) and
/// verifies it: every submission keeps its promise (the accepted one AC,
/// the overflow WA).
fn verified(kit: &Kit, from: &Path, name: &str, extra: &[&str]) {
    let args = ["import", from.to_str().unwrap(), "--name", name];
    let (code, report) = kit.json(&[&args[..], extra].concat());
    assert_eq!(code, 0, "{report}");
    // A Hydro package carries no submissions, a CMS one the accepted
    // ones: the original problem's.
    let solutions = kit.path(&format!("solutions/{name}"));
    if !solutions.join("wrong_answer").exists() {
        for (folder, file) in [("accepted", "sum.c"), ("wrong_answer", "int32.c")] {
            let text = std::fs::read_dir(kit.path("solutions"))
                .unwrap()
                .flatten()
                .find_map(|p| std::fs::read_to_string(p.path().join(folder).join(file)).ok())
                .unwrap();
            kit.write(&format!("solutions/{name}/{folder}/{file}"), &text);
        }
        // No test of the package aims at the wrong one.
        let toml = format!("problems/{name}/problem.toml");
        let text = kit.read(&toml);
        if !text.contains("targets_required") {
            kit.write(&toml, &format!("targets_required = false\n{text}"));
        }
    }
    let (code, verify) = kit.json(&["verify", name]);
    assert_eq!(code, 0, "{verify}");
    let mut verdicts: Vec<&str> = (verify["solutions"].as_array().unwrap().iter())
        .map(|r| r["verdict"].as_str().unwrap())
        .collect();
    verdicts.sort();
    assert_eq!(verdicts, ["AC", "WA"], "{name}: {verify}");
}

/// A `judge package` warning saying the program was wrapped.
fn says_wrapped(warnings: &str, program: &str, from: &str, to: &str) {
    let said = format!("{program}: its ");
    let protocols = format!(
        "speaks the {from} protocol: wrapped into one C++ file that the judges call in the {to} protocol"
    );
    assert!(
        warnings.contains(&said) && warnings.contains(&protocols),
        "no warning that {program} was wrapped from {from} to {to}: {warnings}"
    );
}

/// The Polygon problem (testlib's protocol) exported to both ICPC
/// versions, where the judges call programs in Kattis's; `check`: have
/// the judges' own tools check each package too.
fn testlib_programs_to_icpc(check: bool) {
    let kit = Kit::new();
    let dir = tempfile::tempdir().unwrap();
    polygon_package(&dir.path().join("poly"));
    let (code, report) = kit.json(&["import", dir.path().join("poly").to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let name = report["problem"].as_str().unwrap().to_string();
    for (format, checker) in [
        ("icpc-legacy", "output_validators/check/check.cpp"),
        ("icpc", "output_validator/check.cpp"),
    ] {
        let out = dir.path().join(format.replace('-', ""));
        let warnings = export(&kit, &name, format, &out, &[]);
        says_wrapped(&warnings, "check.cpp", "testlib", "kattis");
        says_wrapped(&warnings, "val.cpp", "testlib", "kattis");
        let text = std::fs::read_to_string(out.join(checker)).unwrap();
        assert!(text.contains("#define main jury_wrap_inner_main"), "{text}");
        assert!(out.join("input_validators/val.cpp").is_file());
        // The kit, importing it back, runs the wrappers in Kattis's protocol.
        verified(
            &kit,
            &out,
            &format!("{}again", format.replace('-', "")),
            &[],
        );
        if !check {
            continue;
        }
        tools_judge(format, &out, &dir.path().join(format!("home-{format}")));
    }
}

/// The judges' own tools on the ICPC package `out` (`format`): problemtools
/// finds no error, BAPCtools judges the submissions as promised.
fn tools_judge(format: &str, out: &Path, home: &Path) {
    std::fs::create_dir_all(home).unwrap();
    let parent = out.parent().unwrap();
    let folder = out.file_name().unwrap().to_str().unwrap();
    let (ok, text) = match format {
        "icpc" => testkit::tools::run(
            &testkit::tools::tool("bt"),
            &["run", "--problem", folder],
            parent,
            home,
        ),
        _ => testkit::tools::verifyproblem(
            &testkit::tools::tool("verifyproblem"),
            &[folder, "-p", "data", "submissions"],
            parent,
            home,
        ),
    };
    match format {
        "icpc-legacy" => assert!(
            ok && text.contains(&format!("{folder} tested: 0 errors")),
            "{text}"
        ),
        // BAPCtools also wants statements, which an imported problem's ICPC
        // export may leave out: its verdicts are what counts.
        _ => {
            assert!(judged(&text, "accepted/sum.c:", "AC"), "{text}");
            assert!(judged(&text, "wrong_answer/int32.c:", "WA"), "{text}");
        }
    }
}

/// Whether `bt run`'s output gives `submission` the verdict `verdict`
/// (its last word on it, after the progress bars).
fn judged(text: &str, submission: &str, verdict: &str) -> bool {
    (text.split(['\n', '\r', ']']))
        .filter_map(|piece| piece.trim().strip_prefix(submission))
        .any(|rest| rest.trim_start().starts_with(&format!("{verdict} ")))
}

#[test]
fn testlib_programs_go_to_icpc_wrapped() {
    testlib_programs_to_icpc(false);
}

#[test]
#[ignore = "slow tier: the judges' own tools (BAPCtools, problemtools)"]
fn testlib_programs_go_to_icpc_wrapped_as_its_tools_judge() {
    testlib_programs_to_icpc(true);
}

/// The ICPC problem (Kattis's protocol) exported to Polygon, Hydro and CMS,
/// whose judges call programs in testlib's and CMS's; `check`: have the
/// judges' own tools check the Polygon and Hydro packages too.
fn kit_with_cc() -> Kit {
    let kit = Kit::new();
    // Hydro's judge compiles `checker.cc`, which the kit imports back.
    let toml = kit.read("judge.toml");
    let cc = toml.replace("extensions = [\"cpp\"]", "extensions = [\"cpp\", \"cc\"]");
    assert_ne!(cc, toml);
    kit.write("judge.toml", &cc);
    kit
}

fn kattis_programs_elsewhere(check: bool) {
    let kit = kit_with_cc();
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("kattissum");
    icpc_package(&package, ("compare.cpp", KATTIS_CHECKER));
    let (code, report) = kit.json(&["import", package.to_str().unwrap(), "--name", "ksum"]);
    assert_eq!(code, 0, "{report}");
    // Hydro's importer wants a statement, which the kit renders for it.
    for lang in ["en", "zh"] {
        let text = "# Wrapped Sum\n\nPrint $a + b$.\n";
        kit.write(&format!("problems/ksum/statement.{lang}.md"), text);
    }
    // Polygon packages hold a testlib.h; these programs include none.
    let testlib_h = dir.path().join("testlib.h");
    std::fs::write(&testlib_h, "// a stand-in\n").unwrap();
    for (format, to, extra) in [
        (
            "polygon",
            "testlib",
            vec!["--testlib-h", testlib_h.to_str().unwrap()],
        ),
        ("hydro", "testlib", vec![]),
        ("cms", "cms", vec![]),
    ] {
        let out = dir.path().join(format!("out-{format}"));
        let warnings = export(&kit, "ksum", format, &out, &extra);
        says_wrapped(&warnings, "compare.cpp", "kattis", to);
        if format == "polygon" {
            says_wrapped(&warnings, "validate.cpp", "kattis", to);
        }
        let from = match format {
            "hydro" => out.join("ksum"),
            _ => out.clone(),
        };
        verified(&kit, &from, &format!("ksum{format}"), &[]);
        if check && format == "polygon" {
            let work = dir.path().join("p2d");
            std::fs::create_dir_all(&work).unwrap();
            testkit::tools::p2d_and_verifyproblem(&out, "ksumpoly", &work, true);
        }
        if check && format == "hydro" {
            let problems = testkit::tools::hydro_import(&out);
            assert_eq!(problems.len(), 1, "{problems:?}");
        }
    }
}

#[test]
fn kattis_programs_go_to_polygon_hydro_and_cms_wrapped() {
    kattis_programs_elsewhere(false);
}

#[test]
#[ignore = "slow tier: the judges' own tools (p2d and problemtools, Hydro's import code)"]
fn kattis_programs_go_to_polygon_hydro_and_cms_wrapped_as_their_tools_judge() {
    kattis_programs_elsewhere(true);
}

/// A checker in CMS's protocol, in Python: `input answer output`, the
/// score on stdout, the message on stderr.
const CMS_PYTHON_CHECKER: &str = "import sys\nwant = open(sys.argv[2]).read().split()[0]\n\
    got = open(sys.argv[3]).read().split()\nright = bool(got) and got[0] == want\n\
    print(1 if right else 0)\n\
    print('translate:success' if right else 'expected ' + want, file=sys.stderr)\n";

/// A CMS task of `a + b` whose checker is [`CMS_PYTHON_CHECKER`].
fn cms_task(dir: &Path) {
    let mut files = BTreeMap::from([
        (
            "task.yaml".to_string(),
            "name: pysum\ntitle: Python Sum\ntime_limit: 1\nmemory_limit: 256\ninfile: ''\n\
             outfile: ''\npublic_testcases: '0'\nn_input: 3\n"
                .to_string(),
        ),
        ("check/checker.py".into(), CMS_PYTHON_CHECKER.into()),
        ("sol/sum.c".into(), SUM_C.into()),
    ]);
    for (i, (input, answer)) in TESTS.iter().enumerate() {
        files.insert(format!("input/input{i}.txt"), input.to_string());
        files.insert(format!("output/output{i}.txt"), answer.to_string());
    }
    write(dir, &files);
}

/// The CMS task's Python checker exported to both ICPC versions: in a
/// program folder beside the wrapper its `build` compiles, said in a
/// warning; the kit, importing the package back, judges with it as
/// promised; `check`: the judges' own tools judge the packages too.
fn python_checker_to_icpc(check: bool) {
    let kit = Kit::new();
    let dir = tempfile::tempdir().unwrap();
    cms_task(&dir.path().join("pysum"));
    let path = dir.path().join("pysum");
    let (code, report) = kit.json(&["import", path.to_str().unwrap(), "--name", "pysum"]);
    assert_eq!(code, 0, "{report}");
    kit.write("solutions/pysum/accepted/sum.c", SUM_C);
    kit.write("solutions/pysum/wrong_answer/int32.c", INT32_C);
    for (format, folder) in [
        ("icpc-legacy", "output_validators/checker/"),
        ("icpc", "output_validator/"),
    ] {
        let out = dir.path().join(format!("py{}", format.replace('-', "")));
        let warnings = export(&kit, "pysum", format, &out, &[]);
        let said = "checker.py: its checker speaks the cms protocol: it goes in a program \
                    folder beside a C++ wrapper";
        assert!(warnings.contains(said), "{format}: {warnings}");
        for file in ["checker.py", "jury-wrap.cpp", "build", "run"] {
            assert!(out.join(folder).join(file).is_file(), "{format}: {file}");
        }
        // A CMS task has no input validator: the package has none either.
        assert!(warnings.contains("the problem has none"), "{warnings}");
        let again = format!("pysum{}", format.replace('-', ""));
        verified(&kit, &out, &again, &["--lossy"]);
        if !check {
            continue;
        }
        tools_judge(format, &out, &dir.path().join(format!("home-{format}")));
    }
}

#[test]
fn a_python_checker_goes_to_icpc_in_a_program_folder() {
    python_checker_to_icpc(false);
}

#[test]
#[ignore = "slow tier: the judges' own tools (BAPCtools, problemtools)"]
fn a_python_checker_goes_to_icpc_in_a_program_folder_as_its_tools_judge() {
    python_checker_to_icpc(true);
}

/// A Python output validator cannot be wrapped: exporting it where the
/// judges call another protocol is an error naming the formats that carry
/// it as it is.
#[test]
fn a_program_that_cannot_be_wrapped_names_the_formats_that_carry_it() {
    let kit = Kit::new();
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("pysum");
    let python = "import sys\nwant = int(open(sys.argv[2]).read().split()[0])\n\
                  got = sys.stdin.read().split()\nsys.exit(42 if got and int(got[0]) == want else 43)\n";
    icpc_package(&package, ("compare.py", python));
    let (code, report) = kit.json(&["import", package.to_str().unwrap(), "--name", "pysum"]);
    assert_eq!(code, 0, "{report}");
    for format in ["polygon", "hydro", "cms"] {
        let out = dir.path().join(format!("out-{format}"));
        let args = ["package", "pysum", "--format", format, "--no-pdf", "--out"];
        let mut args = args.to_vec();
        args.push(out.to_str().unwrap());
        let stderr = kit.error(&args);
        assert!(
            stderr.contains("compare.py")
                && stderr.contains("speaks the kattis protocol")
                && stderr.contains("wrapped only for the judges that build program folders")
                && stderr.contains("--format icpc or icpc-legacy"),
            "{format}: {stderr}"
        );
        assert!(!out.exists(), "{format}: nothing is written");
    }
}

/// A validator its tests pass arguments to (ICPC's flags) cannot go where
/// the judges pass none (Polygon): an error naming the test and the
/// formats that can carry it, or with `--lossy` left out, said.
#[test]
fn a_validator_wanting_its_tests_arguments_goes_nowhere_that_drops_them() {
    let kit = Kit::new();
    let dir = tempfile::tempdir().unwrap();
    let package = dir.path().join("flagged");
    icpc_package(&package, ("compare.cpp", KATTIS_CHECKER));
    let flags = "input_validator_flags: max=1000000000000\n";
    std::fs::write(package.join("data/secret/testdata.yaml"), flags).unwrap();
    let (code, report) = kit.json(&["import", package.to_str().unwrap(), "--name", "flagged"]);
    assert_eq!(code, 0, "{report}");
    let testlib_h = dir.path().join("testlib.h");
    std::fs::write(&testlib_h, "// a stand-in\n").unwrap();
    let out = dir.path().join("out");
    let args = ["package", "flagged", "--format", "polygon", "--no-pdf"];
    let more = ["--testlib-h", testlib_h.to_str().unwrap(), "--out"];
    let args = [&args[..], &more, &[out.to_str().unwrap()]].concat();
    let stderr = kit.error(&args);
    assert!(
        stderr.contains("validate.cpp: the validator takes arguments of each test's")
            && stderr.contains("max=1000000000000")
            && stderr.contains("--format icpc or icpc-legacy")
            && stderr.contains("--lossy"),
        "{stderr}"
    );
    assert!(!out.exists());
    let warnings = export(
        &kit,
        "flagged",
        "polygon",
        &out,
        &more[..2]
            .iter()
            .chain(&["--lossy"])
            .copied()
            .collect::<Vec<_>>(),
    );
    assert!(warnings.contains("left out (--lossy)"), "{warnings}");
    let xml = std::fs::read_to_string(out.join("problem.xml")).unwrap();
    assert!(!xml.contains("<validator>"), "{xml}");
}
