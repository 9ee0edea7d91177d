//! `judge import` end to end, on small ICPC packages written here (never a
//! package of a public repository): the imported problem builds with the
//! package's own answers, its jury programs run in the Kattis protocol, and
//! every submission gets the verdict its folder promises; a zip imports as
//! its folder does; and each bad package is an error naming its file that
//! leaves the kit as it was.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use testkit::kit::Kit;
use testkit::kit::sum::CMS_CHECKER;

/// An input validator in the Kattis protocol (Python): `a b` on one line,
/// 0 ≤ a, b ≤ 10^12; exit 42 if valid, 43 if not.
const VALIDATOR: &str = r#"import re, sys
data = sys.stdin.buffer.read().decode()
m = re.fullmatch(r"(0|[1-9][0-9]*) (0|[1-9][0-9]*)\n", data)
ok = m is not None and all(int(g) <= 10**12 for g in m.groups())
if not ok:
    print("expected `a b`, 0 <= a, b <= 10^12, on one line")
sys.exit(42 if ok else 43)
"#;

/// An output validator in the Kattis protocol (C): `input answer feedback`,
/// the team's output on stdin; the message in judgemessage.txt.
const OUTPUT_VALIDATOR: &str = r#"#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    char path[4096];
    snprintf(path, sizeof path, "%s/judgemessage.txt", argv[3]);
    FILE *msg = fopen(path, "w"), *ans = fopen(argv[2], "r");
    long long want, got;
    if (!ans || fscanf(ans, "%lld", &want) != 1) return 1;
    if (scanf("%lld", &got) != 1) { fprintf(msg, "no number\n"); return 43; }
    if (got != want) { fprintf(msg, "expected %lld, got %lld\n", want, got); return 43; }
    char extra[2];
    if (scanf("%1s", extra) == 1) { fprintf(msg, "trailing output\n"); return 43; }
    return 42;
}
"#;

/// Overflows a 32-bit int on the big test.
const INT32_C: &str = "#include <stdio.h>\nint main(void) { int a, b; scanf(\"%d %d\", &a, &b); printf(\"%d\\n\", a + b); return 0; }\n";

const SUM_C: &str = "#include <stdio.h>\nint main(void) { long long a, b; scanf(\"%lld %lld\", &a, &b); printf(\"%lld\\n\", a + b); return 0; }\n";

/// A function writing a package's files under a folder; it returns them.
type Fixture = fn(&Path) -> BTreeMap<&'static str, Vec<u8>>;

/// The legacy ICPC package of `a + b`: a validator, a custom output
/// validator, samples and secret tests (one in a group folder, one with a
/// description), and a submission in every folder the kit judges.
fn legacy_package(dir: &Path) -> BTreeMap<&'static str, Vec<u8>> {
    let files = [
        (
            "problem.yaml",
            "name: A plus B\nauthor: Ada Lovelace and Grace Hopper\nsource: Old Open 2019\nsource_url: https://old.example\nlicense: cc by\nrights_owner: author\nvalidation: custom\nlimits:\n  memory: 128\n",
        ),
        (".timelimit", "2\n"),
        ("input_validators/validate/validate.py", VALIDATOR),
        ("output_validators/compare/compare.c", OUTPUT_VALIDATOR),
        ("data/sample/1.in", "1 2\n"),
        ("data/sample/1.ans", "3\n"),
        ("data/secret/01-small.in", "40 2\n"),
        ("data/secret/01-small.ans", "42\n"),
        ("data/secret/01-small.desc", "two small numbers\n"),
        ("data/secret/big/02-max.in", "1000000000000 1\n"),
        ("data/secret/big/02-max.ans", "1000000000001\n"),
        (
            "problem_statement/problem.en.tex",
            "\\problemname{A plus B}\nAdd two numbers.\n",
        ),
        ("submissions/accepted/sum.c", SUM_C),
        (
            "submissions/accepted/sum.py",
            "a, b = map(int, input().split())\nprint(a + b)\n",
        ),
        (
            "submissions/wrong_answer/plus_one.py",
            "a, b = map(int, input().split())\nprint(a + b + 1)\n",
        ),
        ("submissions/wrong_answer/int32.c", INT32_C),
        (
            "submissions/time_limit_exceeded/spin.c",
            "int main(void) { volatile unsigned long x = 0; for (;;) x++; }\n",
        ),
        (
            "submissions/run_time_error/crash.py",
            "raise SystemExit(3)\n",
        ),
        ("README.md", "How this package was made.\n"),
        // Keeps an empty folder in git: no submission.
        ("submissions/brute_force/.gitkeep", ""),
    ];
    written(dir, &files)
}

/// Writes a package's `files` (path, text) under `dir`; returns them.
fn written(dir: &Path, files: &[(&'static str, &str)]) -> BTreeMap<&'static str, Vec<u8>> {
    let files = files
        .iter()
        .map(|(k, v)| (*k, v.as_bytes().to_vec()))
        .collect();
    write_tree(dir, &files);
    files
}

fn write_tree(dir: &Path, files: &BTreeMap<&str, Vec<u8>>) {
    for (rel, bytes) in files {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
}

/// Panics unless `text` (a written problem.toml) holds `line`.
fn assert_has(text: &str, line: &str) {
    assert!(text.contains(line), "{line} not in\n{text}");
}

/// The zip of `files`, every entry under `top/`.
fn zip_of(path: &Path, top: &str, files: &BTreeMap<&str, Vec<u8>>) {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let options = zip::write::SimpleFileOptions::default();
    for (rel, bytes) in files {
        zip.start_file(format!("{top}/{rel}"), options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap();
}

/// What `judge import` must leave unchanged when it fails.
fn snapshot(kit: &Kit) -> (String, bool, bool) {
    (
        std::fs::read_to_string(kit.path("judge.toml")).unwrap(),
        kit.path("problems/aplusb").exists(),
        kit.path("solutions/aplusb").exists(),
    )
}

/// A kit with a comment in judge.toml, which an import must keep.
fn kit() -> Kit {
    let kit = Kit::new();
    let text = std::fs::read_to_string(kit.path("judge.toml")).unwrap();
    kit.write("judge.toml", &format!("# The kit's own comment.\n{text}"));
    kit
}

#[test]
fn a_legacy_icpc_package_builds_and_verifies() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    legacy_package(package.path());
    let path = package.path().to_str().unwrap();
    let (code, report) = kit.json(&["import", path, "--name", "aplusb"]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["format"], "icpc-legacy");
    assert_eq!(
        (report["tests"].as_u64(), report["solutions"].as_u64()),
        (Some(3), Some(6))
    );
    let notes = report["notes"].to_string();
    assert!(notes.contains("accepted/sum.c"), "{notes}");
    // Every file accounted for: the statement and the README kept unused,
    // the empty folder's .gitkeep left out.
    let files = &report["files"];
    let counts = ["package", "used", "submissions", "left_out"].map(|k| files[k].as_u64());
    assert_eq!(counts, [20, 11, 6, 1].map(Some), "{report}");
    assert_eq!(
        files["unused"],
        serde_json::json!(["README.md", "problem_statement/problem.en.tex"]),
        "{report}"
    );
    let sources = &report["test_sources"];
    let counts = [
        "stored",
        "generated",
        "recipe",
        "answered_by_reference",
        "samples",
    ];
    let counts = counts.map(|k| sources[k].as_u64());
    assert_eq!(counts, [3, 0, 0, 0, 1].map(Some), "{report}");

    let toml = std::fs::read_to_string(kit.path("judge.toml")).unwrap();
    assert!(toml.starts_with("# The kit's own comment.\n"), "{toml}");
    assert!(toml.contains("\"aplusb\"]"), "{toml}");
    let problem = std::fs::read_to_string(kit.path("problems/aplusb/problem.toml")).unwrap();
    for line in [
        // One name, a string: the English one, and no other invented.
        "title = { en = \"A plus B\" }",
        "time_limit_ms = 2000",
        "memory_limit_mib = 128",
        "checker = \"package/output_validators/compare/compare.c\"",
        "validator = \"package/input_validators/validate/validate.py\"",
        "comment = \"secret/01-small: two small numbers\"",
    ] {
        assert_has(&problem, line);
    }

    // The package's own answers, byte for byte, validated by its validator.
    let (code, build) = kit.json(&["build", "aplusb"]);
    assert_eq!(code, 0, "{build}");
    assert_eq!(build["problems"][0]["validated"], 3);
    let answer = std::fs::read(kit.path("problems/aplusb/tests/03.ans")).unwrap();
    assert_eq!(answer, b"1000000000001\n");

    let (code, verify) = kit.json(&["verify", "aplusb"]);
    let rows = verify["solutions"].as_array().unwrap();
    let got: BTreeMap<&str, (&str, bool)> = rows
        .iter()
        .map(|r| {
            let verdict = r["verdict"].as_str().unwrap();
            (
                r["solution"].as_str().unwrap(),
                (verdict, r["ok"].as_bool().unwrap()),
            )
        })
        .collect();
    assert_eq!(code, 0, "{got:?}");
    assert_eq!(got["wrong_answer/int32.c"], ("WA", true));
    assert_eq!(got["time_limit_exceeded/spin.c"], ("TLE", true));
    assert_eq!(got["runtime_error/crash.py"], ("RE", true));
    assert_eq!(got.len(), 6);
}

/// The import names the languages of the submissions, and what this
/// machine lacks to judge them.
#[test]
fn the_import_says_which_languages_this_machine_lacks() {
    let kit = kit();
    kit.add_language(
        "zeta",
        "zt",
        &["zetac-not-installed", "{source}"],
        &["{binary}"],
    );
    let package = tempfile::tempdir().unwrap();
    legacy_package(package.path());
    write_tree(
        package.path(),
        &[("submissions/accepted/sum.zt", b"sum\n".to_vec())].into(),
    );
    let path = package.path().to_str().unwrap();
    let (code, report) = kit.json(&["import", path, "--name", "aplusb"]);
    assert_eq!(code, 0, "{report}");
    let languages: Vec<(String, u64, bool)> = (report["languages"].as_array().unwrap().iter())
        .map(|l| {
            let name = l["language"].as_str().unwrap().to_string();
            (name, l["files"].as_u64().unwrap(), l["missing"].is_null())
        })
        .collect();
    let expected = [("c", 3, true), ("python", 3, true), ("zeta", 1, false)];
    let expected: Vec<(String, u64, bool)> = (expected.iter())
        .map(|(l, n, found)| (l.to_string(), *n, *found))
        .collect();
    assert_eq!(languages, expected, "{report}");
    let missing = report["languages"][2]["missing"].as_str().unwrap();
    assert!(
        missing.starts_with("zetac-not-installed is not installed"),
        "{missing}"
    );
}

#[test]
fn a_zip_imports_as_its_folder() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let files = legacy_package(&package.path().join("unpacked"));
    let zip = package.path().join("A+B contest.zip");
    zip_of(&zip, "aplusb", &files);
    let (code, report) = kit.json(&["import", zip.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    // The name comes from the zip's one folder.
    assert_eq!(report["problem"], "aplusb");
    for (rel, bytes) in &files {
        if !rel.starts_with("submissions/") {
            let copied =
                std::fs::read(kit.path(&format!("problems/aplusb/package/{rel}"))).unwrap();
            assert_eq!(&copied, bytes, "{rel}");
        }
    }
    let sum = std::fs::read(kit.path("solutions/aplusb/runtime_error/crash.py")).unwrap();
    assert_eq!(sum, files["submissions/run_time_error/crash.py"]);
}

#[test]
fn diff_finds_a_problem_equal_to_itself_and_names_what_changed() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let files = legacy_package(&package.path().join("aplusb"));
    let zip = package.path().join("aplusb.zip");
    zip_of(&zip, "aplusb", &files);
    for (path, name) in [(package.path().join("aplusb"), "aplusb"), (zip, "again")] {
        let (code, report) = kit.json(&["import", path.to_str().unwrap(), "--name", name]);
        assert_eq!(code, 0, "{report}");
    }
    let (code, report) = kit.json(&["diff", "aplusb", "again"]);
    assert_eq!((code, report["tests"].as_u64()), (0, Some(3)), "{report}");
    assert_eq!(report["differences"].as_array().unwrap().len(), 0);

    kit.write("problems/again/package/data/secret/01-small.ans", "43\n");
    kit.edit(
        "problems/again/problem.toml",
        "time_limit_ms = 2000",
        "time_limit_ms = 3000",
    );
    std::fs::remove_file(kit.path("solutions/again/accepted/sum.py")).unwrap();
    let (code, report) = kit.json(&["diff", "aplusb", "again"]);
    assert_eq!(
        (code, report["verdict"].as_str()),
        (1, Some("WA")),
        "{report}"
    );
    let what: Vec<&str> = report["differences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["what"].as_str().unwrap())
        .collect();
    assert_eq!(
        what,
        ["time limit", "test 02 answer", "solution accepted/sum.py"]
    );
    let run = kit.judge(&["diff", "aplusb", "again"]);
    assert!(
        run.stdout
            .contains("time limit: aplusb has 2000 ms, again has 3000 ms"),
        "{}",
        run.stdout
    );
}

/// Imports the package at `path` (made by `make` in a fresh folder) and
/// expects an error naming `expected`, with the kit unchanged.
fn refused(make: impl FnOnce(&Path) -> PathBuf, extra: &[&str], expected: &[&str]) -> String {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let path = make(package.path());
    let before = snapshot(&kit);
    let mut args = vec!["import", path.to_str().unwrap(), "--name", "aplusb"];
    args.extend_from_slice(extra);
    let stderr = kit.error(&args);
    for part in expected {
        assert!(stderr.contains(part), "{part:?} not in {stderr}");
    }
    assert_eq!(snapshot(&kit), before, "{stderr}");
    kit.assert_clean();
    stderr
}

#[test]
fn bad_packages_are_errors_that_change_nothing() {
    // A test without its answer.
    refused(
        |dir| {
            legacy_package(dir);
            std::fs::remove_file(dir.join("data/secret/01-small.ans")).unwrap();
            dir.to_path_buf()
        },
        &[],
        &["data/secret/01-small.in", "without its answer"],
    );
    // A folder the kit does not know, unless --lossy.
    let unknown = |dir: &Path| {
        legacy_package(dir);
        std::fs::create_dir_all(dir.join("submissions/no_such_verdict")).unwrap();
        std::fs::write(
            dir.join("submissions/no_such_verdict/half.py"),
            "print(0)\n",
        )
        .unwrap();
        dir.to_path_buf()
    };
    refused(unknown, &[], &["no_such_verdict/half.py", "--lossy"]);
    // A zip entry that leaves the package's root.
    refused(
        |dir| {
            let path = dir.join("evil.zip");
            let mut files = BTreeMap::new();
            files.insert("../../outside.txt", b"x".to_vec());
            zip_of(&path, "p", &files);
            path
        },
        &[],
        &["evil.zip:p/../../outside.txt", "leaves the package"],
    );
    // A symlink to a file outside the package.
    refused(
        |dir| {
            let package = dir.join("p");
            legacy_package(&package);
            std::os::unix::fs::symlink("/etc/passwd", package.join("data/secret/leak.in")).unwrap();
            package
        },
        &[],
        &["leak.in", "outside the package"],
    );
    // A 2 GiB test (sparse: nothing is written).
    refused(
        |dir| {
            legacy_package(dir);
            let huge = std::fs::File::create(dir.join("data/secret/huge.in")).unwrap();
            huge.set_len(2 << 30).unwrap();
            dir.to_path_buf()
        },
        &[],
        &["huge.in", "2147483648 bytes"],
    );
    // A validator the kit cannot run.
    refused(
        |dir| {
            legacy_package(dir);
            std::fs::remove_dir_all(dir.join("input_validators")).unwrap();
            std::fs::create_dir_all(dir.join("input_validators")).unwrap();
            std::fs::write(
                dir.join("input_validators/format.ctd"),
                "INT(0,10) NEWLINE\n",
            )
            .unwrap();
            dir.to_path_buf()
        },
        &[],
        // (The kit's own judge.toml runs it: tests/checktestdata.rs.)
        &[
            "format.ctd",
            "no language in judge.toml has the extension `.ctd`",
        ],
    );
}

#[test]
fn lossy_imports_say_what_they_left_out() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    legacy_package(package.path());
    let extra = package.path().join("submissions/no_such_verdict/half.py");
    std::fs::create_dir_all(extra.parent().unwrap()).unwrap();
    std::fs::write(&extra, "print(0)\n").unwrap();
    let scala = package.path().join("submissions/accepted/Sum.scala");
    std::fs::write(&scala, "object Sum extends App {}\n").unwrap();
    let path = package.path().to_str().unwrap();
    let (code, report) = kit.json(&["import", path, "--name", "aplusb", "--lossy"]);
    assert_eq!(code, 0, "{report}");
    let warnings: Vec<&str> = (report["warnings"].as_array().unwrap().iter())
        .map(|w| w.as_str().unwrap())
        .collect();
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(
        warnings[0]
            .contains("Sum.scala: a submission in a language judge.toml does not have (.scala)")
    );
    assert!(warnings[1].contains("no_such_verdict/half.py"));
    assert!(!kit.path("solutions/aplusb/accepted/Sum.scala").exists());
    assert!(!kit.path("solutions/aplusb/no_such_verdict").exists());
}

#[test]
fn a_name_the_kit_has_is_refused() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    legacy_package(package.path());
    let before = std::fs::read_to_string(kit.path("judge.toml")).unwrap();
    let stderr = kit.error(&["import", package.path().to_str().unwrap(), "--name", "sum"]);
    assert!(stderr.contains("`sum` already"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(kit.path("judge.toml")).unwrap(),
        before
    );
}

/// A Polygon `problem.xml` of `a + b`: five tests in three groups with
/// points, three generated by `gen` (their inputs stored too, as a full
/// package stores them), a checker, a validator and four tagged solutions.
const PROBLEM_XML: &str = r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="3" short-name="sum-poly" url="https://polygon.example/p/sum-poly">
    <names>
        <name language="english" value="Sum of Two"/>
        <name language="chinese" value="两数之和"/>
    </names>
    <statements>
        <statement charset="UTF-8" language="english" path="statements/english/problem.tex" type="application/x-tex"/>
    </statements>
    <judging cpu-name="Intel" cpu-speed="3600" input-file="" output-file="">
        <testset name="tests">
            <time-limit>1500</time-limit>
            <memory-limit>268435456</memory-limit>
            <test-count>5</test-count>
            <input-path-pattern>tests/%02d</input-path-pattern>
            <answer-path-pattern>tests/%02d.a</answer-path-pattern>
            <tests>
                <test group="samples" method="manual" points="0" sample="true"/>
                <test cmd="gen 40 2" group="small" method="generated" points="20"/>
                <test cmd="gen 7 &quot;8&quot;" group="small" method="generated" points="20"/>
                <test cmd="gen 1000000000000 1" group="big" method="generated" points="60"/>
                <test group="big" method="manual" points="0"/>
            </tests>
            <groups>
                <group feedback-policy="complete" name="samples" points-policy="complete-group"/>
                <group name="small" points-policy="complete-group"/>
                <group name="big" points-policy="complete-group"/>
            </groups>
        </testset>
    </judging>
    <files>
        <executables>
            <executable><source path="files/gen.c" type="c.gcc"/></executable>
            <executable><source path="files/val.c" type="c.gcc"/></executable>
        </executables>
    </files>
    <assets>
        <checker type="testlib"><source path="files/check.c" type="c.gcc"/></checker>
        <validators><validator><source path="files/val.c" type="c.gcc"/></validator></validators>
        <solutions>
            <solution tag="main"><source path="solutions/sum.c" type="c.gcc"/></solution>
            <solution tag="accepted"><source path="solutions/sum.py" type="python.3"/></solution>
            <solution tag="wrong-answer"><source path="solutions/int32.c" type="c.gcc"/></solution>
            <solution tag="time-limit-exceeded"><source path="solutions/spin.c" type="c.gcc"/></solution>
            <solution tag="rejected"><source path="solutions/off_by_one.py" type="python.3"/></solution>
            <solution tag="time-limit-exceeded-or-accepted"><source path="solutions/slow.py" type="python.3"/></solution>
        </solutions>
    </assets>
    <tags>
        <tag value="math"/>
        <tag value="implementation"/>
    </tags>
</problem>
"#;

/// The Polygon package of [`PROBLEM_XML`], its programs in C speaking
/// testlib's protocols (without testlib.h, which the kit does not ship).
fn polygon_package(dir: &Path) -> BTreeMap<&'static str, Vec<u8>> {
    let files = [
        ("problem.xml", PROBLEM_XML),
        (
            "files/gen.c",
            "#include <stdio.h>\nint main(int argc, char **argv) { printf(\"%s %s\\n\", argv[1], argv[2]); return 0; }\n",
        ),
        (
            "files/val.c",
            "#include <stdio.h>\nint main(void) { long long a, b; char c; if (scanf(\"%lld %lld%c\", &a, &b, &c) != 3 || c != '\\n' || a < 0 || b < 0) { fprintf(stderr, \"bad input\\n\"); return 3; } return 0; }\n",
        ),
        ("files/check.c", testkit::kit::CHECKER),
        ("tests/01", "1 2\n"),
        ("tests/01.a", "3\n"),
        ("tests/02", "40 2\n"),
        ("tests/03", "7 8\n"),
        ("tests/04", "1000000000000 1\n"),
        ("tests/05", "4294967295 4294967295\n"),
        ("statements/english/problem.tex", "Add two numbers.\n"),
        ("solutions/sum.c", SUM_C),
        (
            "solutions/sum.py",
            "a, b = map(int, input().split())\nprint(a + b)\n",
        ),
        ("solutions/int32.c", INT32_C),
        (
            "solutions/spin.c",
            "int main(void) { volatile unsigned long x = 0; for (;;) x++; }\n",
        ),
        (
            "solutions/off_by_one.py",
            "a, b = map(int, input().split())\nprint(a + b - 1)\n",
        ),
        (
            "solutions/slow.py",
            "a, b = map(int, input().split())\nprint(a + b)\n",
        ),
    ];
    written(dir, &files)
}

#[test]
fn a_polygon_package_regenerates_its_tests_and_verifies() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    polygon_package(package.path());
    let (code, report) = kit.json(&["import", package.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(
        (report["format"].as_str(), report["problem"].as_str()),
        (Some("polygon"), Some("sum-poly"))
    );
    let problem = std::fs::read_to_string(kit.path("problems/sum-poly/problem.toml")).unwrap();
    for line in [
        "title = { en = \"Sum of Two\", zh = \"两数之和\" }",
        "time_limit_ms = 1500",
        "memory_limit_mib = 256",
        "checker = \"package/files/check.c\"",
        "generator = \"package/files/gen.c\"\nargs = [\"7\", \"8\"]\nstored = \"package/tests/03\"",
        "name = \"small\"\npoints = 40",
        "name = \"big\"\npoints = 60",
        "[expected]\n\"rejected/off_by_one.py\" = [\"WA\", \"PE\", \"TLE\", \"MLE\", \"OLE\", \"RE\"]\n\"time_limit_exceeded_or_accepted/slow.py\" = [\"TLE\", \"AC\"]",
    ] {
        assert_has(&problem, line);
    }

    // Every generated test comes out as the package stores it.
    let (code, build) = kit.json(&["build", "sum-poly"]);
    assert_eq!(code, 0, "{build}");
    let summary = &build["problems"][0];
    assert_eq!(summary["regenerated_equal"], 3, "{summary}");
    assert_eq!(
        summary["regenerated_different"].as_array().unwrap().len(),
        0
    );

    let (code, verify) = kit.json(&["verify", "sum-poly"]);
    let got: BTreeMap<&str, &str> = verify["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["solution"].as_str().unwrap(),
                r["verdict"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(code, 0, "{verify}");
    let expected = [
        ("accepted/sum.c", "AC"),
        ("accepted/sum.py", "AC"),
        ("wrong_answer/int32.c", "WA"),
        ("time_limit_exceeded/spin.c", "TLE"),
        // Tags that promise one of several verdicts: `[expected]`.
        ("rejected/off_by_one.py", "WA"),
        ("time_limit_exceeded_or_accepted/slow.py", "AC"),
    ];
    assert_eq!(got, expected.into_iter().collect());

    // A stored input that differs from the generator's is named.
    kit.write("problems/sum-poly/package/tests/04", "1 1\n");
    let run = kit.judge(&["build", "sum-poly"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "regenerated 3 tests the package stores: 2 equal to its bytes, different: 04"
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn a_polygon_package_without_its_files_is_refused() {
    refused(
        |dir| {
            polygon_package(dir);
            std::fs::remove_file(dir.join("files/val.c")).unwrap();
            dir.to_path_buf()
        },
        &[],
        &["problem.xml:", "files/val.c is not in the package"],
    );
    refused(
        |dir| {
            polygon_package(dir);
            std::fs::remove_file(dir.join("tests/05")).unwrap();
            dir.to_path_buf()
        },
        &[],
        &["problem.xml:", "tests/05 is not in the package"],
    );
    refused(
        |dir| {
            polygon_package(dir);
            let xml = PROBLEM_XML.replace("tag=\"accepted\"", "tag=\"unheard-of\"");
            std::fs::write(dir.join("problem.xml"), xml).unwrap();
            dir.to_path_buf()
        },
        &[],
        &["sum.py", "unheard-of", "--lossy"],
    );
}

/// A CMS italy_yaml task of `a + b`: three subtasks in gen/GEN (the sample
/// copied, the others generated), a checker and two official solutions.
fn cms_package(dir: &Path) -> BTreeMap<&'static str, Vec<u8>> {
    let files = [
        (
            "task.yaml",
            "name: cmssum\ntitle: Somma\ntime_limit: 1.5\nmemory_limit: 128\ninfile: ''\noutfile: ''\npublic_testcases: '0'\nn_input: 4\ntoken_mode: disabled\nprimary_language: en\n",
        ),
        (
            "gen/GEN",
            "# ST: 0\n#COPY: sample.txt\n# ST: 40\n40 2\n7 8\n# ST: 60\n1000000000000 1\n",
        ),
        (
            "gen/generator.py",
            "import sys\nprint(sys.argv[1], sys.argv[2])\n",
        ),
        ("gen/sample.txt", "1 2\n"),
        ("input/input0.txt", "1 2\n"),
        ("output/output0.txt", "3\n"),
        ("input/input1.txt", "40 2\n"),
        ("output/output1.txt", "42\n"),
        ("input/input2.txt", "7 8\n"),
        ("output/output2.txt", "15\n"),
        ("input/input3.txt", "1000000000000 1\n"),
        ("output/output3.txt", "1000000000001\n"),
        ("check/checker.c", CMS_CHECKER),
        ("statement/english.pdf", "%PDF-1.4 a stand-in\n"),
        ("sol/sum.c", SUM_C),
        (
            "sol/sum.py",
            "a, b = map(int, input().split())\nprint(a + b)\n",
        ),
    ];
    written(dir, &files)
}

#[test]
fn a_cms_task_regenerates_its_tests_and_verifies() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    cms_package(&package.path().join("cmssum"));
    let (code, report) = kit.json(&["import", package.path().join("cmssum").to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(
        (report["format"].as_str(), report["tests"].as_u64()),
        (Some("cms"), Some(4))
    );
    let problem = std::fs::read_to_string(kit.path("problems/cmssum/problem.toml")).unwrap();
    for line in [
        "time_limit_ms = 1500",
        "checker = \"package/check/checker.c\"",
        "[protocols]\nchecker = \"cms\"",
        "name = \"subtask3\"\npoints = 60",
        "file = \"package/input/input0.txt\"\nanswer = \"package/output/output0.txt\"\ngroup = \"subtask1\"\nsample = true",
        "generator = \"package/gen/generator.py\"\nargs = [\"7\", \"8\"]\nstored = \"package/input/input2.txt\"",
    ] {
        assert_has(&problem, line);
    }
    let (code, build) = kit.json(&["build", "cmssum"]);
    assert_eq!(code, 0, "{build}");
    assert_eq!(build["problems"][0]["regenerated_equal"], 3, "{build}");
    assert_eq!(build["problems"][0]["validated"], 0, "{build}");
    let (code, verify) = kit.json(&["verify", "cmssum"]);
    assert_eq!(code, 0, "{verify}");
    assert_eq!(verify["solutions"].as_array().unwrap().len(), 2);
    // A wrong solution scores the sample's and the first subtask's 40.
    kit.write("wrong.c", INT32_C);
    let (_, test) = kit.json(&["test", "cmssum", "wrong.c"]);
    assert_eq!(
        (test["verdict"].as_str(), test["score"].as_u64()),
        (Some("WA"), Some(40)),
        "{test}"
    );
}

/// A CMS task has no input validator, so its samples may sit in several
/// groups (public test cases of two subtasks): the legacy ICPC format, which
/// validates all samples alike, takes them.
#[test]
fn samples_of_several_groups_without_a_validator_go_to_the_legacy_format() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("cmssum");
    cms_package(&dir);
    let yaml = std::fs::read_to_string(dir.join("task.yaml")).unwrap();
    let yaml = yaml.replace("public_testcases: '0'", "public_testcases: '0,1'");
    std::fs::write(dir.join("task.yaml"), yaml).unwrap();
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let out = package.path().join("legacy").join("cmssum");
    let args = [
        "package",
        "cmssum",
        "--format",
        "icpc-legacy",
        "--no-pdf",
        "--out",
    ];
    kit.accepted(&[&args[..], &[out.to_str().unwrap()]].concat());
    let samples: Vec<String> = (std::fs::read_dir(out.join("data/sample")).unwrap())
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".in"))
        .collect();
    assert_eq!(samples.len(), 2, "{samples:?}");
    let settings = std::fs::read_to_string(out.join("data/sample/testdata.yaml"));
    assert!(
        !settings
            .unwrap_or_default()
            .contains("input_validator_flags"),
        "no validator, no arguments"
    );
}

/// A CMS Communication manager in C: sends the test's number to the
/// contestant over `argv[2]`, reads its double from `argv[1]`, and writes
/// the score on stdout and its message on stderr.
const CMS_MANAGER: &str = r#"#include <stdio.h>
int main(int argc, char **argv) {
    long long n, got;
    if (argc != 3 || scanf("%lld", &n) != 1) return 1;
    FILE *to = fopen(argv[2], "w");
    FILE *from = fopen(argv[1], "r");
    if (!to || !from) return 1;
    fprintf(to, "%lld\n", n);
    fflush(to);
    if (fscanf(from, "%lld", &got) == 1 && got == 2 * n) {
        printf("1.0\n");
        fprintf(stderr, "doubled\n");
    } else {
        printf("0.0\n");
        fprintf(stderr, "expected %lld\n", 2 * n);
    }
    return 0;
}
"#;

/// A CMS Communication task (one process over its standard input and
/// output) is played by its manager over two FIFOs, as CMS plays it, and
/// goes back out a Communication task.
#[test]
fn a_cms_communication_task_plays_through_its_manager() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("double");
    written(
        &dir,
        &[
            (
                "task.yaml",
                // No `infile: ''`: CMS gives a Communication task's
                // solution no files whatever the key says.
                "name: double\ntitle: Double\ntime_limit: 1\nmemory_limit: 128\nn_input: 2\npublic_testcases: '0'\n",
            ),
            ("check/manager.c", CMS_MANAGER),
            ("input/input0.txt", "3\n"),
            ("output/output0.txt", ""),
            ("input/input1.txt", "21\n"),
            ("output/output1.txt", ""),
            ("sol/double.py", "print(2 * int(input()))\n"),
            ("sol/README.txt", "words for people\n"),
        ],
    );
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let problem = std::fs::read_to_string(kit.path("problems/double/problem.toml")).unwrap();
    assert_has(&problem, "interactor = \"package/check/manager.c\"");
    assert_has(&problem, "[protocols]\nchecker = \"cms\"");
    let (code, verify) = kit.json(&["verify", "double"]);
    assert_eq!(code, 0, "{verify}");
    kit.write("plus.py", "print(int(input()) + 1)\n");
    let (_, test) = kit.json(&["test", "double", "plus.py"]);
    assert_eq!(test["verdict"], "WA", "{test}");
    assert!(
        test["tests"][0]["message"]
            .as_str()
            .unwrap()
            .contains("expected 6"),
        "{test}"
    );
    // Gone without a word: the manager reads the end of its FIFO.
    kit.write("silent.py", "pass\n");
    let (_, test) = kit.json(&["test", "double", "silent.py"]);
    assert_eq!(test["verdict"], "WA", "{test}");
    let out = package.path().join("doubleout");
    export(&kit, "double", "cms", &out, &[]);
    assert!(out.join("check/manager").is_file());
    comes_back_the_same(&kit, "double", &out, "doubleagain");
    // Several processes, or a solution opening the FIFOs itself: refused.
    for (key, expected) in [
        ("num_processes: 2\n", "num_processes: 2"),
        ("user_io: fifo_io\n", "user_io: fifo_io"),
    ] {
        let yaml = dir.join("task.yaml");
        let before = std::fs::read_to_string(&yaml).unwrap();
        std::fs::write(&yaml, format!("{before}{key}")).unwrap();
        let error = kit.error(&["import", dir.to_str().unwrap(), "--name", "refused"]);
        assert!(error.contains(expected), "{error}");
        std::fs::write(&yaml, before).unwrap();
    }
}

#[test]
fn cms_tasks_the_kit_cannot_judge_are_refused() {
    refused(
        |dir| {
            cms_package(dir);
            let yaml = std::fs::read_to_string(dir.join("task.yaml")).unwrap();
            let changed = yaml.replace("n_input: 4", "n_input: 5");
            std::fs::write(dir.join("task.yaml"), changed).unwrap();
            dir.to_path_buf()
        },
        &[],
        &["task.yaml", "`n_input` is 5"],
    );
    refused(
        |dir| {
            cms_package(dir);
            let python2 = "#!/usr/bin/env python2\nimport sys\n";
            std::fs::write(dir.join("gen/validator.py"), python2).unwrap();
            dir.to_path_buf()
        },
        &[],
        &["gen/validator.py", "task-maker", "--lossy"],
    );
}

/// A Hydro problem of `a + b`: two subtasks with scores, a testlib checker
/// (in C, without testlib.h), no validator and no solution.
fn hydro_package(dir: &Path) -> BTreeMap<&'static str, Vec<u8>> {
    let files = [
        (
            "problem.yaml",
            "pid: hsum\ntitle: 两数之和\ntag: [入门, 数学]\n",
        ),
        ("problem_zh.md", "输入两个数，输出它们的和。\n"),
        (
            "testdata/config.yaml",
            "type: default\ntime: 1.5s\nmemory: 128m\nchecker_type: testlib\nchecker: check.c\nsubtasks:\n  - score: 30\n    type: min\n    cases:\n      - input: 2.in\n        output: 2.out\n      - input: 10.in\n        output: 10.out\n  - cases:\n      - input: big.in\n        output: big.out\n",
        ),
        ("testdata/check.c", testkit::kit::CHECKER),
        ("testdata/2.in", "40 2\n"),
        ("testdata/2.out", "42\n"),
        ("testdata/10.in", "7 8\n"),
        ("testdata/10.out", "15\n"),
        ("testdata/big.in", "1000000000000 1\n"),
        ("testdata/big.out", "1000000000001\n"),
    ];
    written(dir, &files)
}

#[test]
fn a_hydro_problem_without_solutions_builds_and_judges() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    hydro_package(package.path());
    let (code, report) = kit.json(&["import", package.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(
        (
            report["format"].as_str(),
            report["problem"].as_str(),
            report["solutions"].as_u64()
        ),
        (Some("hydro"), Some("hsum"), Some(0))
    );
    let problem = std::fs::read_to_string(kit.path("problems/hsum/problem.toml")).unwrap();
    for line in [
        // Hydro's one title, in the language of its one statement.
        "title = { zh = \"两数之和\" }",
        "time_limit_ms = 1500",
        "memory_limit_mib = 128",
        "checker = \"package/testdata/check.c\"",
        "name = \"1\"\npoints = 30",
        // The subtask without a score gets what is left of 100.
        "name = \"2\"\npoints = 70",
    ] {
        assert_has(&problem, line);
    }
    assert!(!problem.contains("reference"), "{problem}");
    let (code, build) = kit.json(&["build", "hsum"]);
    assert_eq!(code, 0, "{build}");
    let answer = std::fs::read(kit.path("problems/hsum/tests/03.ans")).unwrap();
    assert_eq!(answer, b"1000000000001\n");
    kit.write("int32.c", INT32_C);
    let (_, test) = kit.json(&["test", "hsum", "int32.c"]);
    assert_eq!(
        (test["verdict"].as_str(), test["score"].as_u64()),
        (Some("WA"), Some(30)),
        "{test}"
    );
    // Without a reference, a command that needs one says so.
    let stderr = kit.error(&[
        "check",
        "hsum",
        "problems/hsum/tests/01.in",
        "problems/hsum/tests/01.ans",
    ]);
    assert!(stderr.contains("names none"), "{stderr}");
}

/// A Hydro problem has no reference: to Polygon, whose packages tag one
/// solution `main`, it goes without one, said in a warning; imported
/// again, the answers the package stores are the tests' answers.
#[test]
fn a_problem_without_a_reference_goes_to_polygon_and_back() {
    let kit = kit();
    kit.write("testlib.h", "// a stand-in\n");
    let package = tempfile::tempdir().unwrap();
    hydro_package(&package.path().join("hsum"));
    let path = package.path().join("hsum");
    let (code, report) = kit.json(&["import", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let out = kit.path("target/hsumpolygon");
    let testlib_h = kit.path("testlib.h");
    let (code, report) = kit.json(&[
        "package",
        "hsum",
        "--format",
        "polygon",
        "--no-pdf",
        "--out",
        out.to_str().unwrap(),
        "--testlib-h",
        testlib_h.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{report}");
    assert_has(
        &report["warnings"].to_string(),
        "no solution is tagged `main`, which Polygon wants",
    );
    let xml = std::fs::read_to_string(out.join("problem.xml")).unwrap();
    assert!(!xml.contains("tag=\"main\""), "{xml}");
    // Neither has an input validator, which the import says.
    let args = [
        "import",
        out.to_str().unwrap(),
        "--name",
        "hsumback",
        "--lossy",
    ];
    let (code, report) = kit.json(&args);
    assert_eq!(code, 0, "{report}");
    assert_has(
        &report["notes"].to_string(),
        "no solution tagged `main`: every test's answer is the one the package stores",
    );
    let problem = kit.read("problems/hsumback/problem.toml");
    assert!(!problem.contains("reference"), "{problem}");
    // The one difference: Polygon holds the Markdown statement as LaTeX.
    let (_, diff) = kit.json(&["diff", "hsum", "hsumback"]);
    let whats: Vec<&str> = (diff["differences"].as_array().unwrap().iter())
        .map(|d| d["what"].as_str().unwrap())
        .collect();
    assert_eq!(whats, ["statement zh"], "{diff}");

    // Without a stored answer to stand in, no `main` is an error.
    std::fs::remove_file(out.join("tests/02.a")).unwrap();
    let stderr = kit.error(&[
        "import",
        out.to_str().unwrap(),
        "--name",
        "hsumtwo",
        "--lossy",
    ]);
    assert_has(
        &stderr,
        "no solution tagged `main`, which the kit answers test 2 with",
    );
}

#[test]
fn hydro_cases_without_subtasks_are_the_ones_hydros_judge_finds() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("pkg");
    hydro_package(&dir);
    let config = "type: default\nchecker_type: testlib\nchecker: check.c\n";
    std::fs::write(dir.join("testdata/config.yaml"), config).unwrap();
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", "plain"]);
    assert_eq!((code, report["tests"].as_u64()), (0, Some(2)), "{report}");
    let problem = std::fs::read_to_string(kit.path("problems/plain/problem.toml")).unwrap();
    let order: Vec<&str> = problem
        .lines()
        .filter(|l| l.starts_with("file = "))
        .collect();
    // In the order of their numbers; `big.in` has none, and Hydro's judge
    // passes it over: the report says so.
    assert_eq!(
        order,
        [
            "file = \"package/testdata/2.in\"",
            "file = \"package/testdata/10.in\""
        ]
    );
    assert!(
        report["notes"].to_string().contains("no answer): big.in"),
        "{report}"
    );
    assert!(
        problem.contains("time_limit_ms = 1000\nmemory_limit_mib = 256"),
        "{problem}"
    );
    // An input without its answer is no test either; nothing left, an error.
    for answer in ["2.out", "10.out"] {
        std::fs::remove_file(dir.join("testdata").join(answer)).unwrap();
    }
    let stderr = kit.error(&["import", dir.to_str().unwrap(), "--name", "broken"]);
    assert!(
        stderr.contains("testdata/config.yaml: no test: the config lists no case"),
        "{stderr}"
    );
}

/// The ICPC 2025-09 package of `a + b`: an output validator that is a
/// program folder (`build` makes `run`), a Python input validator.
fn current_package(dir: &Path) -> BTreeMap<&'static str, Vec<u8>> {
    written(
        dir,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname:\n  en: Sum\n  zh: 求和\ntype: pass-fail\nuuid: 0b6f3c1e-8a52-4d7e-9f1a-2c4b6d8e0a99\ncredits:\n  authors:\n    - Ada Lovelace\n    - Alan Turing\nsource:\n  name: Sample Open 2026\n  url: https://open.example\nlicense: cc by-sa\nrights_owner: Sample Jury\nkeywords:\n  - arithmetic\nlimits:\n  time_limit: 1.5\n  memory: 256\n",
            ),
            // A program folder: `build` makes `run` (BAPCtools, Kattis).
            (
                "output_validator/build",
                "#!/bin/sh\ngcc -O2 -o run validate.c\n",
            ),
            ("output_validator/validate.c", OUTPUT_VALIDATOR),
            ("input_validators/check/validate.py", VALIDATOR),
            ("data/sample/1.in", "1 2\n"),
            ("data/sample/1.ans", "3\n"),
            ("data/secret/big.in", "1000000000000 1\n"),
            ("data/secret/big.ans", "1000000000001\n"),
            // Inputs the validator must reject, one with why.
            ("data/invalid_input/negative.in", "-1 2\n"),
            (
                "data/invalid_input/negative.yaml",
                "description: a negative number\n",
            ),
            ("data/invalid_input/three.in", "1 2 3\n"),
            ("submissions/accepted/sum.c", SUM_C),
            ("submissions/wrong_answer/int32.c", INT32_C),
        ],
    )
}

#[test]
fn a_2025_09_package_with_a_program_folder_builds_and_verifies() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("twosum");
    current_package(&dir);
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(
        (code, report["format"].as_str()),
        (0, Some("icpc")),
        "{report}"
    );
    let problem = std::fs::read_to_string(kit.path("problems/twosum/problem.toml")).unwrap();
    assert_has(
        &problem,
        "title = { en = \"Sum\", zh = \"求和\" }\n# Its statements are the package's, in package/ \
         (unless statement.en.md is written).\nimported_from = \"icpc\"\ntime_limit_ms = 1500",
    );
    assert_has(&problem, "checker = \"package/output_validator/\"");
    assert_has(
        &problem,
        "[[invalid]]\nfile = \"package/data/invalid_input/negative.in\"\nreason = \"a negative number\"\n",
    );
    assert_has(
        &problem,
        "reason = \"the package's data/invalid_input/three.in\"",
    );
    let (code, verify) = kit.json(&["verify", "twosum"]);
    assert_eq!(code, 0, "{verify}");
    let verdicts: Vec<&str> = (verify["solutions"].as_array().unwrap().iter())
        .map(|r| r["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts, ["AC", "WA"]);
    // A `build` that fails is the program's error, with its output.
    kit.write(
        "problems/twosum/package/output_validator/build",
        "#!/bin/sh\necho no compiler here >&2\nexit 1\n",
    );
    let stderr = kit.error(&["verify", "twosum"]);
    assert!(
        stderr.contains("output_validator/build") && stderr.contains("no compiler here"),
        "{stderr}"
    );
}

#[test]
fn a_windows_polygon_package_gets_lf_tests() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    polygon_package(package.path());
    for (file, text) in [("tests/01", "1 2\r\n"), ("tests/02", "40 2\r\n")] {
        std::fs::write(package.path().join(file), text).unwrap();
    }
    let (code, report) = kit.json(&["import", package.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    assert!(
        report["notes"]
            .to_string()
            .contains("2 inputs and answers had CRLF"),
        "{report}"
    );
    let (code, build) = kit.json(&["build", "sum-poly"]);
    assert_eq!(code, 0, "{build}");
    assert_eq!(build["problems"][0]["regenerated_equal"], 3, "{build}");
}

#[test]
fn the_validator_the_kit_can_run_is_chosen() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    legacy_package(package.path());
    let ctd = package.path().join("input_validators/format.ctd");
    std::fs::write(
        &ctd,
        "INT(0,1000000000000) SPACE INT(0,1000000000000) NEWLINE\n",
    )
    .unwrap();
    let path = package.path().to_str().unwrap();
    let stderr = kit.error(&["import", path, "--name", "aplusb"]);
    assert!(
        stderr.contains("format.ctd") && stderr.contains("--lossy"),
        "{stderr}"
    );
    let (code, report) = kit.json(&["import", path, "--name", "aplusb", "--lossy"]);
    assert_eq!(code, 0, "{report}");
    let warning = report["warnings"][0].as_str().unwrap();
    assert!(
        warning.contains("format.ctd") && warning.contains("no language in judge.toml has"),
        "{report}"
    );
    let problem = std::fs::read_to_string(kit.path("problems/aplusb/problem.toml")).unwrap();
    assert_has(
        &problem,
        "validator = \"package/input_validators/validate/validate.py\"",
    );
    // The package goes back out with the validator the kit does not run,
    // for the judges that run it.
    let out = package.path().join("aplusbout");
    export(&kit, "aplusb", "icpc-legacy", &out, &[]);
    let shipped = std::fs::read(out.join("input_validators/format.ctd")).unwrap();
    assert_eq!(shipped, std::fs::read(&ctd).unwrap());
    assert!(out.join("input_validators/validate.py").is_file());
    assert!(!out.join("input_validators/validate/validate.py").exists());
}

/// A second validator: bounds (the first checks the format only).
const BOUNDS: &str = "import sys\na, b = map(int, sys.stdin.read().split())\nok = a <= 10**12 and b <= 1000\nif not ok:\n    print('b is at most 1000')\nsys.exit(42 if ok else 43)\n";

/// Every input validator of a package runs: an input is valid if each
/// accepts it, an invalid one is rejected by one at least; the package
/// goes back out with all of them, and Polygon, which runs one, says it
/// leaves the other out.
#[test]
fn every_input_validator_runs() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    legacy_package(package.path());
    let dir = package.path();
    written(
        dir,
        &[
            ("input_validators/bounds.py", BOUNDS),
            // Valid for the first validator, not for the second.
            ("data/invalid_input/big-b.in", "1 1001\n"),
        ],
    );
    let path = dir.to_str().unwrap();
    let (code, report) = kit.json(&["import", path, "--name", "two"]);
    assert_eq!(code, 0, "{report}");
    let problem = kit.read("problems/two/problem.toml");
    assert_has(
        &problem,
        "validators = [\"package/input_validators/bounds.py\", \"package/input_validators/validate/validate.py\"]",
    );
    let (code, build) = kit.json(&["build", "two"]);
    assert_eq!(code, 0, "{build}");
    // The second validator rejects a test the first accepts.
    std::fs::write(
        kit.path("problems/two/package/data/secret/01-small.in"),
        "40 2000\n",
    )
    .unwrap();
    let error = kit.error(&["build", "two"]);
    assert!(
        error.contains("bounds.py") && error.contains("01-small"),
        "{error}"
    );
    std::fs::write(
        kit.path("problems/two/package/data/secret/01-small.in"),
        "40 2\n",
    )
    .unwrap();
    let (code, report) = kit.json(&["validate", "two", "--mutate"]);
    assert!(code == 0 || code == 1, "{report}");
    assert!(
        report["inputs"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| i["valid"] == true),
        "{report}"
    );

    let out = dir.join("out");
    export(&kit, "two", "icpc-legacy", &out, &[]);
    for file in ["bounds.py", "validate.py"] {
        assert!(out.join("input_validators").join(file).is_file(), "{file}");
    }
    let (code, report) = kit.json(&["import", out.to_str().unwrap(), "--name", "again"]);
    assert_eq!(code, 0, "{report}");
    let (_, diff) = kit.json(&["diff", "two", "again"]);
    let differences = diff["differences"].as_array().unwrap();
    assert!(
        !differences.iter().any(|d| d["what"] == "validator"),
        "{diff:#}"
    );
}

/// A setter's `validators`: each runs, a second key or an empty list is
/// an error at its line, and Polygon, which runs one validator, is told
/// it gets the C++ one only.
#[test]
fn a_problem_names_several_validators() {
    let kit = Kit::new();
    let small = "#include <stdio.h>\nint main(void) { long long a, b; if (scanf(\"%lld %lld\", &a, &b) != 2 || b > 1000) { puts(\"b is at most 1000\"); return 3; } return 0; }\n";
    kit.write("problems/sum/small.c", small);
    let toml = kit.read("problems/sum/problem.toml");
    let both = toml.replace(
        "validator = \"validate.c\"",
        "validator = \"validate.c\"\nvalidators = [\"validate.c\"]",
    );
    kit.write("problems/sum/problem.toml", &both);
    let error = kit.error(&["build"]);
    assert!(
        error.contains("not both") && error.contains("problem.toml:"),
        "{error}"
    );
    let none = toml.replace("validator = \"validate.c\"", "validators = []");
    kit.write("problems/sum/problem.toml", &none);
    assert!(kit.error(&["build"]).contains("lists none"));
    let two = toml.replace(
        "validator = \"validate.c\"",
        "validators = [\"validate.c\", \"small.c\"]",
    );
    kit.write("problems/sum/problem.toml", &two);
    kit.build();
    kit.write("problems/sum/t2.in", "40 2000\n");
    let error = kit.error(&["build"]);
    assert!(
        error.contains("small") && error.contains("b is at most 1000"),
        "{error}"
    );
    kit.write("problems/sum/t2.in", "40 2\n");

    kit.polygon_ready(true);
    kit.build();
    let (_, report) = kit.polygon_export();
    let warned = report["warnings"].to_string();
    assert!(warned.contains("Polygon runs one validator"), "{warned}");
}

#[test]
fn icpc_promises_become_verdict_sets() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    legacy_package(package.path());
    written(
        package.path(),
        &[
            // ICPC has no memory verdict: running out of memory is a
            // run-time error there.
            (
                "submissions/run_time_error/hog.c",
                "#include <stdio.h>\n#include <stdlib.h>\nint main(void) { volatile char *p = malloc(400 << 20); for (long i = 0; i < (400L << 20); i += 4096) p[i] = 1; printf(\"%d\\n\", p[4096]); return 0; }\n",
            ),
            // DOMjudge's annotation, in a folder that promises otherwise.
            (
                "submissions/time_limit_exceeded/maybe.py",
                "# @EXPECTED_RESULTS@: TIMELIMIT, CORRECT\na, b = map(int, input().split())\nprint(a + b)\n",
            ),
            // A run error there is also running out of memory.
            (
                "submissions/rejected/either.py",
                "# @EXPECTED_RESULTS@: RUN-ERROR, WRONG-ANSWER\nprint(0)\n",
            ),
        ],
    );
    let path = package.path().to_str().unwrap();
    let (code, report) = kit.json(&["import", path, "--name", "aplusb"]);
    assert_eq!(code, 0, "{report}");
    let problem = std::fs::read_to_string(kit.path("problems/aplusb/problem.toml")).unwrap();
    assert_has(&problem, "\"runtime_error/hog.c\" = [\"RE\", \"MLE\"]");
    assert_has(
        &problem,
        "\"time_limit_exceeded/maybe.py\" = [\"TLE\", \"AC\"]",
    );
    assert_has(
        &problem,
        "\"rejected/either.py\" = [\"RE\", \"MLE\", \"WA\"]",
    );
    let (code, verify) = kit.json(&["verify", "aplusb"]);
    let rows: BTreeMap<&str, (&str, &str)> = (verify["solutions"].as_array().unwrap().iter())
        .map(|r| {
            let got = (
                r["expected"].as_str().unwrap(),
                r["verdict"].as_str().unwrap(),
            );
            (r["solution"].as_str().unwrap(), got)
        })
        .collect();
    assert_eq!(code, 0, "{rows:?}");
    assert_eq!(rows["runtime_error/hog.c"], ("MLE or RE", "MLE"));
    assert_eq!(rows["time_limit_exceeded/maybe.py"], ("AC or TLE", "AC"));
}

#[test]
fn icpc_test_groups_keep_their_points_and_validator_flags() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("groups");
    legacy_package(&dir);
    std::fs::remove_file(dir.join("data/secret/01-small.in")).unwrap();
    written(
        &dir,
        &[
            (
                "problem.yaml",
                "name: A plus B\ntype: scoring\nvalidation: custom\nlimits:\n  memory: 128\n",
            ),
            // The validator takes a bound from its group's flags.
            (
                "input_validators/validate/validate.py",
                "import sys\nbound = int(sys.argv[sys.argv.index('--max') + 1]) if '--max' in sys.argv else 10**12\na, b = map(int, sys.stdin.read().split())\nsys.exit(42 if a <= bound and b <= bound else 43)\n",
            ),
            ("data/secret/small/1.in", "40 2\n"),
            ("data/secret/small/1.ans", "42\n"),
            (
                "data/secret/small/testdata.yaml",
                "accept_score: 40\ngrader_flags: min\ninput_validator_flags: --max 100\nrequire_pass: sample\n",
            ),
            (
                "data/secret/big/testdata.yaml",
                "accept_score: 60\ngrader_flags: min\n",
            ),
            // Judging goes on after a failed sample or group.
            ("data/testdata.yaml", "on_reject: continue\n"),
            ("data/secret/testdata.yaml", "on_reject: continue\n"),
        ],
    );
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let problem = std::fs::read_to_string(kit.path("problems/groups/problem.toml")).unwrap();
    assert_has(&problem, "name = \"small\"\npoints = 40");
    assert_has(&problem, "name = \"big\"\npoints = 60");
    // The sample belongs to the group that requires it to pass.
    assert_has(&problem, "group = \"small\"\nsample = true");
    assert_has(
        &problem,
        "group = \"small\"\nvalidator_args = [\"--max\", \"100\"]",
    );
    let (code, build) = kit.json(&["build", "groups"]);
    assert_eq!(code, 0, "{build}");
    let (_, test) = kit.json(&["test", "groups", "solutions/groups/wrong_answer/int32.c"]);
    assert_eq!(
        (test["verdict"].as_str(), test["score"].as_u64()),
        (Some("WA"), Some(40)),
        "{test}"
    );
    // The flags reach the validator: a small test over its bound is refused.
    kit.write("problems/groups/package/data/secret/small/1.in", "400 2\n");
    let stderr = kit.error(&["build", "groups"]);
    assert!(stderr.contains("validating"), "{stderr}");
}

/// A package's titles are in its languages only: a legacy package whose
/// problem.yaml names none takes each LaTeX statement's `\problemname`, as
/// problemtools does, and no Chinese title is made up; a 2025-09 package
/// names it in each of those languages, and comes back with the same.
#[test]
fn titles_come_in_the_packages_languages_only() {
    let kit = kit();
    let packages = tempfile::tempdir().unwrap();
    let dir = packages.path().join("aplusb");
    let mut files = legacy_package(&dir);
    let yaml = String::from_utf8(files["problem.yaml"].clone()).unwrap();
    // problem.yaml's name is English only; problemtools takes a legacy
    // problem's names from its statements, as the kit does.
    assert!(yaml.contains("name: A plus B\n"));
    files.insert("problem.yaml", yaml.into_bytes());
    // In C++, which the kit wraps for Hydro.
    let validator = files.remove("output_validators/compare/compare.c").unwrap();
    files.insert("output_validators/compare/compare.cpp", validator);
    std::fs::remove_file(dir.join("output_validators/compare/compare.c")).unwrap();
    let swedish = "\\problemname{A plus B på svenska}\nAddera två tal.\n";
    files.insert("problem_statement/problem.sv.tex", swedish.into());
    write_tree(&dir, &files);
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let title = "title = { en = \"A plus B\", sv = \"A plus B på svenska\" }";
    assert_has(&kit.read("problems/aplusb/problem.toml"), title);

    let out = packages.path().join("out");
    export(&kit, "aplusb", "icpc", &out, &[]);
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    let yaml = &yaml_rust2::YamlLoader::load_from_str(&yaml).unwrap()[0];
    let names = yaml["name"].as_hash().unwrap();
    let names: Vec<(&str, &str)> = (names.iter())
        .map(|(code, name)| (code.as_str().unwrap(), name.as_str().unwrap()))
        .collect();
    assert_eq!(names, [("en", "A plus B"), ("sv", "A plus B på svenska")]);
    let (code, report) = kit.json(&["import", out.to_str().unwrap(), "--name", "again"]);
    assert_eq!(code, 0, "{report}");
    assert_has(&kit.read("problems/again/problem.toml"), title);
    let (_, diff) = kit.json(&["diff", "aplusb", "again"]);
    let differences = diff["differences"].as_array().unwrap();
    assert!(differences.iter().all(|d| d["what"] != "title"), "{diff}");

    // The Swedish statement is shown as the English one is, and goes to
    // a format of another family (Polygon's `statements/swedish/`) and
    // back.
    let page = packages.path().join("aplusb.sv.html");
    let args = ["statement", "aplusb", "--lang", "sv", "--out"];
    let run = kit.judge(&[&args[..], &[page.to_str().unwrap()]].concat());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let html = std::fs::read_to_string(&page).unwrap();
    for shown in [
        "<html lang=\"sv\">",
        "<h1>A plus B på svenska</h1>",
        "Addera två tal.",
    ] {
        assert_has(&html, shown);
    }
    let polygon = packages.path().join("polygon");
    let testlib_h = packages.path().join("testlib.h");
    std::fs::write(&testlib_h, "// a stand-in\n").unwrap();
    let extra = ["--testlib-h", testlib_h.to_str().unwrap(), "--lossy"];
    export(&kit, "aplusb", "polygon", &polygon, &extra);
    assert_has(
        &std::fs::read_to_string(polygon.join("statements/swedish/legend.tex")).unwrap(),
        "Addera två tal.",
    );
    let from = polygon.to_str().unwrap();
    let (code, report) = kit.json(&["import", from, "--name", "back", "--lossy"]);
    assert_eq!(code, 0, "{report}");
    let (_, diff) = kit.json(&["diff", "aplusb", "back"]);
    let differences = diff["differences"].as_array().unwrap();
    assert!(
        differences
            .iter()
            .all(|d| d["what"] != "statement languages"),
        "{diff}"
    );
    // CMS gives a problem one title: the Swedish one is lost, said.
    let cms = packages.path().join("cms");
    let args = ["package", "aplusb", "--format", "cms", "--no-pdf", "--out"];
    let report = kit.accepted(&[&args[..], &[cms.to_str().unwrap()]].concat());
    assert_has(
        &report["warnings"].to_string(),
        "CMS gives a problem one title: the titles (en `A plus B`, sv `A plus B på svenska`) \
         go as `A plus B`",
    );

    // A language is asked for by its code.
    let run = kit.judge(&["statement", "aplusb", "--lang", "swedish"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert_has(&run.stderr, "`swedish` is not a language's code");
}

/// Exports problem `name` in `format` to the folder `out` (with `extra`
/// arguments); fails the test on an error.
fn export(kit: &Kit, name: &str, format: &str, out: &Path, extra: &[&str]) {
    let mut args = vec!["package", name, "--format", format, "--no-pdf"];
    args.extend(["--out", out.to_str().unwrap()]);
    args.extend(extra);
    let (code, report) = kit.json(&args);
    assert_eq!(code, 0, "{format}: {report}");
}

/// Exports problem `name` in `format` to `<packages>/out/<name>` and
/// imports it back as `<name>again`: the same problem.
fn goes_back_out_the_same(kit: &Kit, name: &str, format: &str, packages: &Path) {
    let out = packages.join("out").join(name);
    // Polygon packages hold a testlib.h; these programs include none.
    let testlib_h = packages.join("testlib.h");
    std::fs::write(&testlib_h, "// a stand-in\n").unwrap();
    let extra = match format {
        "polygon" => vec!["--testlib-h", testlib_h.to_str().unwrap()],
        _ => vec![],
    };
    export(kit, name, format, &out, &extra);
    // Hydro nests even a single problem in its folder.
    let from = match format {
        "hydro" => out.join(name),
        _ => out.clone(),
    };
    comes_back_the_same(kit, name, &from, &format!("{name}again"));
}

/// Imports the package at `from` as `again`: `judge diff` must find it
/// the same problem as `name`.
fn comes_back_the_same(kit: &Kit, name: &str, from: &Path, again: &str) {
    let (code, report) = kit.json(&["import", from.to_str().unwrap(), "--name", again]);
    assert_eq!(code, 0, "{report}");
    let (code, diff) = kit.json(&["diff", name, again]);
    assert_eq!(
        (code, &diff["differences"]),
        (0, &serde_json::json!([])),
        "{diff}"
    );
}

/// Each format's package, imported, exported in its format and imported
/// again, is the same problem: `judge diff` finds no difference (programs,
/// tests, limits, groups, statements' titles), and the re-export holds the
/// package's own statements and jury programs.
/// A Polygon group of the samples only goes to ICPC's `data/sample`, said,
/// and the other groups' folders are named in their order (the judges take
/// them in name order); `judge diff` of the import and the original sees
/// one renaming, every test in its place and group. The C testlib checker
/// and validator go in program folders beside their wrappers.
#[test]
fn groups_go_to_icpc_in_their_order_and_diff_sees_one_renaming() {
    let kit = kit();
    let packages = tempfile::tempdir().unwrap();
    let dir = packages.path().join("poly");
    polygon_package(&dir);
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", "poly"]);
    assert_eq!(code, 0, "{report}");
    let out = packages.path().join("polyicpc");
    let args = ["package", "poly", "--format", "icpc", "--no-pdf", "--out"];
    let (code, report) = kit.json(&[&args[..], &[out.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{report}");
    let warnings = report["warnings"].to_string();
    assert_has(
        &warnings,
        "group `samples` holds only samples, which go to data/sample: it is not carried as a group",
    );
    // Folders go in name order: `small` and `big` take their places first.
    assert_has(
        &warnings,
        "the groups go as data/secret/group1-small, group2-big: the judges take the folders in name order",
    );
    assert_has(
        &warnings,
        "check.c: its checker speaks the testlib protocol: it goes in a program folder",
    );
    assert!(out.join("output_validator/jury-wrap.cpp").is_file());
    let (code, report) = kit.json(&["import", out.to_str().unwrap(), "--name", "polyback"]);
    assert_eq!(code, 0, "{report}");
    let (_, diff) = kit.json(&["diff", "poly", "polyback"]);
    let differences = diff["differences"].as_array().unwrap();
    let names = (differences.iter()).find(|d| d["what"] == "group names");
    let names = names.unwrap_or_else(|| panic!("{diff:#}"));
    assert_eq!(names["a"], "samples, small, big", "{diff:#}");
    assert_eq!(names["b"], "sample, group1-small, group2-big", "{diff:#}");
    for d in differences {
        let what = d["what"].as_str().unwrap();
        assert!(!what.ends_with(" group") && what != "groups", "{diff:#}");
    }
    // Hydro numbers its subtasks: the names go, said.
    let out = packages.path().join("polyhydro");
    let args = ["package", "poly", "--format", "hydro", "--no-pdf", "--out"];
    let (code, report) = kit.json(&[&args[..], &[out.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{report}");
    assert_has(
        &report["warnings"].to_string(),
        "the groups samples, small, big go as subtasks 1 to 3",
    );
}

#[test]
fn every_format_goes_back_out_the_same() {
    let kit = kit();
    let packages = tempfile::tempdir().unwrap();
    let fixtures: [(&str, &str, Fixture); 5] = [
        ("legacy", "icpc-legacy", legacy_package),
        ("current", "icpc", current_package),
        ("poly", "polygon", polygon_package),
        ("cmstask", "cms", cms_package),
        ("hydro", "hydro", hydro_package),
    ];
    for (name, format, fixture) in fixtures {
        let dir = packages.path().join(name);
        fixture(&dir);
        if format == "polygon" {
            let own = "// the package's own testlib.h\n";
            std::fs::write(dir.join("files/testlib.h"), own).unwrap();
        }
        let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", name]);
        assert_eq!(code, 0, "{report}");
        goes_back_out_the_same(&kit, name, format, packages.path());
    }
    // Where each came from, kept on the way (and `judge diff` compares it).
    for (again, about) in [
        (
            "legacyagain",
            "[about]\nsource = \"Old Open 2019\"\nsource_url = \"https://old.example\"\n\
             authors = [\"Ada Lovelace\", \"Grace Hopper\"]\nlicense = \"cc by\"\nrights_owner = \"author\"\n",
        ),
        (
            "currentagain",
            "[about]\nsource = \"Sample Open 2026\"\nsource_url = \"https://open.example\"\n\
             authors = [\"Ada Lovelace\", \"Alan Turing\"]\nlicense = \"cc by-sa\"\n\
             rights_owner = \"Sample Jury\"\nuuid = \"0b6f3c1e-8a52-4d7e-9f1a-2c4b6d8e0a99\"\n\
             tags = [\"arithmetic\"]\n",
        ),
        (
            "polyagain",
            "[about]\ntags = [\"math\", \"implementation\"]\n",
        ),
        ("hydroagain", "[about]\ntags = [\"入门\", \"数学\"]\n"),
    ] {
        let problem = kit.read(&format!("problems/{again}/problem.toml"));
        assert_has(&problem, about);
    }
    // What each re-export holds of its package, as the package had it.
    let out = packages.path().join("out");
    for (file, original) in [
        (
            "legacy/problem_statement/problem.en.tex",
            "legacy/problem_statement/problem.en.tex",
        ),
        (
            "legacy/output_validators/compare/compare.c",
            "legacy/output_validators/compare/compare.c",
        ),
        (
            "legacy/input_validators/validate.py",
            "legacy/input_validators/validate/validate.py",
        ),
        (
            "current/output_validator/build",
            "current/output_validator/build",
        ),
        ("poly/files/check.c", "poly/files/check.c"),
        ("poly/files/testlib.h", "poly/files/testlib.h"),
        (
            "poly/statements/english/problem.tex",
            "poly/statements/english/problem.tex",
        ),
        ("cmstask/check/checker.c", "cmstask/check/checker.c"),
        (
            "cmstask/statement/english.pdf",
            "cmstask/statement/english.pdf",
        ),
        ("hydro/hydro/testdata/check.c", "hydro/testdata/check.c"),
        ("hydro/hydro/problem_zh.md", "hydro/problem_zh.md"),
    ] {
        let shipped = std::fs::read(out.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(
            shipped,
            std::fs::read(packages.path().join(original)).unwrap(),
            "{file}"
        );
    }
    // CMS's loader looks for the statement of the primary language the
    // task names (else Italian's), and aborts without it.
    let task = std::fs::read_to_string(out.join("cmstask/task.yaml")).unwrap();
    assert!(task.contains("primary_language: en"), "{task}");
    // CMS runs the checker compiled, and so does the re-export.
    let checker = out.join("cmstask/check/checker");
    assert!(std::fs::read(&checker).unwrap().starts_with(b"\x7fELF"));
    // The build script the judges execute stays executable.
    use std::os::unix::fs::PermissionsExt;
    let build = out.join("current/output_validator/build");
    assert_ne!(build.metadata().unwrap().permissions().mode() & 0o111, 0);
}

/// The generators.yaml of [`generated_package`]: a salt, a numbered
/// sample and secret folder, a command with `{seed}` made twice (`count`),
/// a numbered folder inside, a generator made of two files, the first
/// the one run, and a program folder whose `build` makes the script its
/// `run` runs.
const GENERATORS_YAML: &str = "random_salt: abc
generators:
  pair: [pair.py, digits.py]
data:
  sample:
    data:
      - '': echo.py 1 2
  secret:
    data:
      - small: echo.py 40 2
      - random:
          generate: seed.py {seed}
          count: 2
      - big:
          include:
            - small
          data:
            - huge: echo.py 1000000000000 1
            - limit: seed.py {seed} {{LIMIT}}
            - written: writer.py {name} 7
            - pair: pair 12 30
            - built: built 3 4
";

/// A 2025-09 package whose tests generators.yaml makes (as BAPCtools names
/// and seeds them), with them stored, as `bt generate` left them, when
/// `stored`.
fn generated_package(dir: &Path, stored: bool) -> BTreeMap<&'static str, Vec<u8>> {
    let validator = format!(
        "import bounds\n{}",
        VALIDATOR.replace("10**12", "bounds.LIMIT")
    );
    let mut files = vec![
        (
            "problem.yaml",
            "problem_format_version: 2025-09\nname: Generated sum\n\
             uuid: 5a0e3a4c-3b4f-4c6e-9d2a-1f0b8c7d6e5f\ntype: pass-fail\nlimits:\n  time_limit: 2\n\
             constants:\n  LIMIT: 100\n",
        ),
        (
            "statement/problem.en.tex",
            "\\problemname{Generated sum}\nAdd two numbers.\n",
        ),
        ("generators/generators.yaml", GENERATORS_YAML),
        ("generators/echo.py", "import sys\nprint(*sys.argv[1:])\n"),
        // Writes the test to a file named by `{name}`, not to stdout.
        (
            "generators/writer.py",
            "import sys\nopen(sys.argv[1] + '.in', 'w').write(sys.argv[2] + ' 1\\n')\n",
        ),
        (
            "generators/seed.py",
            "import sys\nseed = int(sys.argv[1])\nprint(seed % 1000, seed % 7)\n",
        ),
        // Imports the file listed after it.
        (
            "generators/pair.py",
            "import sys, digits\nprint(digits.twice(int(sys.argv[1])), sys.argv[2])\n",
        ),
        ("generators/digits.py", "def twice(n):\n    return 2 * n\n"),
        (
            "generators/built/build",
            "#!/bin/sh\nprintf 'import sys\\nprint(*sys.argv[1:])\\n' > main.py\n",
        ),
        (
            "generators/built/run",
            "#!/bin/sh\nexec python3 \"$(dirname \"$0\")/main.py\" \"$@\"\n",
        ),
        // A validator of two files: the one named `main` is run.
        ("input_validators/check/main.py", &validator),
        ("input_validators/check/bounds.py", "LIMIT = 10**12\n"),
        ("output_validator/validate.c", OUTPUT_VALIDATOR),
        ("submissions/accepted/sum.c", SUM_C),
        ("submissions/wrong_answer/int32.c", INT32_C),
    ];
    if stored {
        // The seeds: Python's int(sha512(b"abcseed.py {seed}").hexdigest(),
        // 16) % 2**31 = 167783870, and with ":1" after the salt 1195979998.
        files.extend([
            ("data/sample/1.in", "1 2\n"),
            ("data/sample/1.ans", "3\n"),
            ("data/secret/2-small.in", "40 2\n"),
            ("data/secret/2-small.ans", "42\n"),
            ("data/secret/3-random-1.in", "870 2\n"),
            ("data/secret/3-random-1.ans", "872\n"),
            ("data/secret/4-random-2.in", "998 3\n"),
            ("data/secret/4-random-2.ans", "1001\n"),
            ("data/secret/1-big/5-huge.in", "1000000000000 1\n"),
            ("data/secret/1-big/5-huge.ans", "1000000000001\n"),
            // The constant is in the command before its seed is drawn:
            // sha512(b"abcseed.py {seed} 100") gives 1764236222.
            ("data/secret/1-big/6-limit.in", "222 0\n"),
            ("data/secret/1-big/6-limit.ans", "222\n"),
            ("data/secret/1-big/7-written.in", "7 1\n"),
            ("data/secret/1-big/7-written.ans", "8\n"),
            ("data/secret/1-big/8-pair.in", "24 30\n"),
            ("data/secret/1-big/8-pair.ans", "54\n"),
            ("data/secret/1-big/9-built.in", "3 4\n"),
            ("data/secret/1-big/9-built.ans", "7\n"),
            // Included from `small`, under its own name.
            ("data/secret/1-big/2-small.in", "40 2\n"),
            ("data/secret/1-big/2-small.ans", "42\n"),
        ]);
    }
    let files = written(dir, &files);
    // The judges execute a program folder's scripts.
    for script in ["build", "run"] {
        use std::os::unix::fs::PermissionsExt;
        let path = dir.join("generators/built").join(script);
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    files
}

#[test]
fn generators_yaml_makes_the_tests_again() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("gensum");
    generated_package(&dir, true);
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let problem = std::fs::read_to_string(kit.path("problems/gensum/problem.toml")).unwrap();
    assert_has(
        &problem,
        "generator = \"package/generators/seed.py\"\nargs = [\"1195979998\"]\n\
         stored = \"package/data/secret/4-random-2.in\"",
    );
    assert_has(
        &problem,
        "generator = \"package/generators/echo.py\"\nargs = [\"1000000000000\", \"1\"]\n\
         stored = \"package/data/secret/1-big/5-huge.in\"",
    );
    assert_has(
        &problem,
        "generator = \"package/generators/seed.py\"\nargs = [\"1764236222\", \"100\"]",
    );
    // Programs of several files, by the names problem.toml gives them.
    assert_has(&problem, "validator = \"input_validators/check\"");
    assert_has(&problem, "generator = \"pair\"\nargs = [\"12\", \"30\"]");
    assert_has(
        &problem,
        "[programs]\n\"input_validators/check\" = [\"package/input_validators/check/main.py\", \
         \"package/input_validators/check/bounds.py\"]\n\
         pair = [\"package/generators/pair.py\", \"package/generators/digits.py\"]\n",
    );
    let (code, build) = kit.json(&["build", "gensum"]);
    assert_eq!(code, 0, "{build}");
    assert_eq!(build["problems"][0]["regenerated_equal"], 10, "{build}");
    let (code, verify) = kit.json(&["verify", "gensum"]);
    assert_eq!(code, 0, "{verify}");
    // The validator goes back out as it came (the tests as made), and
    // comes back the same.
    let out = package.path().join("out");
    export(&kit, "gensum", "icpc", &out, &[]);
    for file in ["main.py", "bounds.py"] {
        let path = out.join("input_validators/check").join(file);
        assert!(path.is_file(), "{}", path.display());
    }
    comes_back_the_same(&kit, "gensum", &out, "again");
    // A change in a file the generator imports makes it again.
    kit.write(
        "problems/gensum/package/generators/digits.py",
        "def twice(n):\n    return 3 * n\n",
    );
    let (_, build) = kit.json(&["build", "gensum"]);
    let summary = &build["problems"][0];
    assert_eq!(
        summary["regenerated_different"],
        serde_json::json!(["06"]),
        "{build}"
    );
    // A stored test that is not what its command makes is named.
    let changed = dir.join("data/secret/3-random-1.in");
    std::fs::write(&changed, "871 2\n").unwrap();
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", "changed"]);
    assert_eq!(code, 0, "{report}");
    let (_, build) = kit.json(&["build", "changed"]);
    let summary = &build["problems"][0];
    assert_eq!(summary["regenerated_equal"], 9, "{build}");
    // Test 09: the tests come in path order (1-big/2-small, 5-huge,
    // 6-limit, 7-written, 8-pair and 9-built are 02 to 07).
    assert_eq!(
        summary["regenerated_different"],
        serde_json::json!(["09"]),
        "{build}"
    );
    // The test is the package's input, which its answer is for, and the
    // next build still says it differs.
    let input = std::fs::read_to_string(kit.path("problems/changed/tests/09.in")).unwrap();
    assert_eq!(input, "871 2\n");
    let (_, build) = kit.json(&["build", "changed"]);
    let summary = &build["problems"][0];
    assert_eq!(
        (&summary["generated"], &summary["regenerated_different"]),
        (&serde_json::json!(0), &serde_json::json!(["09"])),
        "{build}"
    );
}

/// BAPCtools' own `bt generate` makes the tests of [`generated_package`]
/// under the names and with the seeds the kit gives them: imported, every
/// one is made again equal.
#[test]
#[ignore = "slow tier: the judges' own tools"]
fn bapctools_generates_what_the_kit_regenerates() {
    let bt = testkit::tools::tool("bt");
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("gensum");
    generated_package(&dir, false);
    let home = package.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    let (ok, text) = testkit::tools::run(&bt, &["generate", "--no-bar"], &dir, &home);
    assert!(ok, "bt generate:\n{text}");
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let (code, build) = kit.json(&["build", "gensum"]);
    assert_eq!(code, 0, "{build}");
    assert_eq!(build["problems"][0]["regenerated_equal"], 10, "{build}");
}

/// An output validator that takes an argument: `--offset K` accepts the
/// answer plus K.
const OFFSET_VALIDATOR: &str = r#"import sys
offset = int(sys.argv[sys.argv.index("--offset") + 1]) if "--offset" in sys.argv else 0
answer = int(open(sys.argv[2]).read())
team = sys.stdin.read().split()
if team == [str(answer + offset)]:
    sys.exit(42)
open(sys.argv[3] + "/judgemessage.txt", "w").write("expected %d\n" % (answer + offset))
sys.exit(43)
"#;

/// A custom output validator's arguments (`output_validator_args`) are
/// passed to it after its protocol's own, and go back out with it.
#[test]
fn output_validator_arguments_are_passed_and_kept() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("offset");
    written(
        &dir,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Offset\ntype: pass-fail\n",
            ),
            ("output_validator/validate.py", OFFSET_VALIDATOR),
            ("input_validators/check/validate.py", VALIDATOR),
            (
                "data/test_group.yaml",
                "output_validator_args: [--offset, '1']\n",
            ),
            ("data/sample/1.in", "1 2\n"),
            ("data/sample/1.ans", "3\n"),
            ("data/secret/big.in", "1000000000000 1\n"),
            ("data/secret/big.ans", "1000000000001\n"),
            (
                "submissions/accepted/plus_one.py",
                "a, b = map(int, input().split())\nprint(a + b + 1)\n",
            ),
            ("submissions/wrong_answer/sum.c", SUM_C),
        ],
    );
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let problem = std::fs::read_to_string(kit.path("problems/offset/problem.toml")).unwrap();
    assert_has(&problem, "checker_args = [\"--offset\", \"1\"]");
    let (code, verify) = kit.json(&["verify", "offset"]);
    assert_eq!(code, 0, "{verify}");
    for (format, flags) in [
        ("icpc", "data/test_group.yaml"),
        ("icpc-legacy", "problem.yaml"),
    ] {
        let out = package.path().join(format.replace('-', ""));
        export(&kit, "offset", format, &out, &[]);
        let text = std::fs::read_to_string(out.join(flags)).unwrap();
        assert!(text.contains("--offset"), "{format} {flags}: {text}");
        let again = format!("offset{}", format.replace('-', ""));
        comes_back_the_same(&kit, "offset", &out, &again);
    }
    // A testlib checker takes no such arguments: an error naming the key.
    let testlib = problem.replace("[protocols]\nchecker = \"kattis\"\n", "[protocols]\n");
    assert_ne!(testlib, problem);
    kit.write("problems/offset/problem.toml", &testlib);
    let run = kit.judge(&["build", "offset"]);
    let stderr = run.stderr;
    assert_eq!(run.code, Some(2), "{stderr}");
    assert!(
        stderr.contains("problem.toml:")
            && stderr.contains("`checker_args` are for a checker in the Kattis protocol"),
        "{stderr}"
    );
}

/// Fails the tests whose first number is 7.
const WRONG_ON_SEVEN: &str = "a, b = map(int, input().split())\nprint(a + b + (a == 7))\n";

/// Polygon's `each-test` groups and dependencies, and Hydro's `sum`
/// subtasks and `if`, score as their judges score them, and go back out
/// in their formats (and in legacy ICPC's `grader_flags: sum`).
#[test]
fn groups_scored_per_test_and_after_others() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let files = polygon_package(package.path());
    let xml = String::from_utf8(files["problem.xml"].clone()).unwrap();
    let xml = xml
        .replace(
            "<group name=\"small\" points-policy=\"complete-group\"/>",
            "<group name=\"small\" points-policy=\"each-test\"/>",
        )
        .replace(
            "<group name=\"big\" points-policy=\"complete-group\"/>",
            "<group name=\"big\" points-policy=\"complete-group\"><dependencies>\
             <dependency group=\"small\"/></dependencies></group>",
        );
    std::fs::write(package.path().join("problem.xml"), xml).unwrap();
    let (code, report) = kit.json(&["import", package.path().to_str().unwrap(), "--name", "each"]);
    assert_eq!(code, 0, "{report}");
    let problem = std::fs::read_to_string(kit.path("problems/each/problem.toml")).unwrap();
    assert_has(
        &problem,
        "name = \"small\"\npoints = 40\nscoring = \"each\"",
    );
    assert_has(
        &problem,
        "name = \"big\"\npoints = 60\ndepends = [\"small\"]",
    );
    // One of small's two tests fails: half its 40; big depends on small.
    kit.write("seven.py", WRONG_ON_SEVEN);
    let (_, test) = kit.json(&["test", "each", "seven.py"]);
    assert_eq!(test["score"].as_f64(), Some(20.0), "{test}");
    let testlib_h = package.path().join("testlib.h");
    std::fs::write(&testlib_h, "// a stand-in\n").unwrap();
    for format in ["polygon", "hydro"] {
        let out = package.path().join("out").join(format.replace('-', ""));
        let mut args = vec!["package", "each", "--format", format, "--no-pdf"];
        args.extend([
            "--out",
            out.to_str().unwrap(),
            "--testlib-h",
            testlib_h.to_str().unwrap(),
        ]);
        if format != "polygon" {
            args.truncate(args.len() - 2);
        }
        let (code, report) = kit.json(&args);
        assert_eq!(code, 0, "{format}: {report}");
        let from = match format {
            "hydro" => out.join("each"),
            _ => out.clone(),
        };
        let again = format!("each{}", format.replace('-', ""));
        let (code, report) = kit.json(&["import", from.to_str().unwrap(), "--name", &again]);
        assert_eq!(code, 0, "{format}: {report}");
        let (_, diff) = kit.json(&["diff", "each", &again]);
        let groups = (diff["differences"].as_array().unwrap().iter())
            .find(|d| d["what"] == "groups")
            .map(|d| d["b"].clone());
        let (_, test) = kit.json(&["test", &again, "seven.py"]);
        match format {
            // Hydro names subtasks by their ids: one line says the
            // renaming, and nothing else differs of the groups.
            "hydro" => {
                let what: Vec<&str> = (diff["differences"].as_array().unwrap().iter())
                    .map(|d| d["what"].as_str().unwrap())
                    .collect();
                let names = (diff["differences"].as_array().unwrap().iter())
                    .find(|d| d["what"] == "group names");
                let names = names.map(|d| (d["a"].as_str().unwrap(), d["b"].as_str().unwrap()));
                assert_eq!(names, Some(("samples, small, big", "1, 2, 3")), "{diff}");
                assert!(!what.iter().any(|w| w.ends_with(" group")), "{diff}");
                assert_eq!(groups, None, "{format}: {diff}");
                assert_eq!(test["score"].as_f64(), Some(20.0), "{format}: {test}");
            }
            _ => {
                assert_eq!(groups, None, "{format}: {diff}");
                assert_eq!(test["score"].as_f64(), Some(20.0), "{format}: {test}");
            }
        }
    }
}

/// Polygon's tests with points of their own (an `each-test` group whose
/// tests are worth different points, or points without groups) score their
/// points each, and go back out so; a format that shares a group's points
/// equally says what it loses.
#[test]
fn polygon_tests_worth_their_own_points() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    polygon_package(package.path());
    let xml = PROBLEM_XML
        .replace(
            r#"<test cmd="gen 40 2" group="small" method="generated" points="20"/>"#,
            r#"<test cmd="gen 40 2" group="small" method="generated" points="10"/>"#,
        )
        .replace(
            r#"group="small" method="generated" points="20"/>"#,
            r#"group="small" method="generated" points="30"/>"#,
        )
        .replace(
            r#"<group name="small" points-policy="complete-group"/>"#,
            r#"<group name="small" points-policy="each-test"/>"#,
        );
    std::fs::write(package.path().join("problem.xml"), &xml).unwrap();
    let (code, report) = kit.json(&["import", package.path().to_str().unwrap(), "--name", "own"]);
    assert_eq!(code, 0, "{report}");
    let problem = std::fs::read_to_string(kit.path("problems/own/problem.toml")).unwrap();
    assert_has(&problem, "group = \"small\"\npoints = 30.0");
    // 7 8 fails: its 30 points; small keeps 10, big its 60.
    kit.write("seven.py", WRONG_ON_SEVEN);
    let (_, test) = kit.json(&["test", "own", "seven.py"]);
    assert_eq!(test["score"].as_f64(), Some(70.0), "{test}");
    let out = package.path().join("ownout");
    let testlib_h = package.path().join("testlib.h");
    std::fs::write(&testlib_h, "// a stand-in\n").unwrap();
    export(
        &kit,
        "own",
        "polygon",
        &out,
        &["--testlib-h", testlib_h.to_str().unwrap()],
    );
    let exported = std::fs::read_to_string(out.join("problem.xml")).unwrap();
    assert!(exported.contains(r#"points="30""#), "{exported}");
    // `big`, all or nothing, keeps its 60 points on the test that had
    // them, not shared out 30 and 30.
    let big: Vec<&str> = (exported.lines())
        .filter(|l| l.contains(r#"group="big""#))
        .map(|l| l.split("points=\"").nth(1).unwrap_or_default())
        .collect();
    assert!(
        big.len() == 2 && big[0].starts_with("60\"") && big[1].starts_with("0\""),
        "{exported}"
    );
    comes_back_the_same(&kit, "own", &out, "ownagain");
    let (code, report) = kit.json(
        &["package", "own", "--format", "hydro", "--out"]
            .into_iter()
            .chain([package.path().join("hydro").to_str().unwrap()])
            .collect::<Vec<_>>(),
    );
    assert_eq!(code, 0, "{report}");
    // Only `small`'s points are lost: where `big` put them does not score.
    let said = report["warnings"].to_string();
    assert!(
        said.contains("group `small`'s tests have points of their own"),
        "{report}"
    );
    assert!(!said.contains("group `big`"), "{report}");
    assert!(
        said.contains("the tests of big say where the package put their group's points"),
        "{report}"
    );
    // Points that do not add up to the group's are an error naming it.
    kit.edit(
        "problems/own/problem.toml",
        "points = 30.0",
        "points = 31.0",
    );
    let error = kit.error(&["build", "own"]);
    assert!(
        error.contains("problem.toml") && error.contains("add up to 41"),
        "{error}"
    );
    // Points without groups: each test's own, in one group.
    let mut plain = xml.clone();
    for g in ["samples", "small", "big"] {
        plain = plain.replace(&format!(" group=\"{g}\""), "");
    }
    let (start, end) = (
        plain.find("<groups>").unwrap(),
        plain.find("</groups>").unwrap(),
    );
    plain.replace_range(start..end + "</groups>".len(), "");
    std::fs::write(package.path().join("problem.xml"), &plain).unwrap();
    let (code, report) = kit.json(&[
        "import",
        package.path().to_str().unwrap(),
        "--name",
        "plain",
    ]);
    assert_eq!(code, 0, "{report}");
    let (_, test) = kit.json(&["test", "plain", "seven.py"]);
    assert_eq!(test["score"].as_f64(), Some(70.0), "{test}");
}

/// Legacy ICPC's `grader_flags: sum` (each accepted test its
/// `accept_score`) scores so in the kit, and goes back out so.
#[test]
fn legacy_groups_that_sum_their_tests() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("sums");
    written(
        &dir,
        &[
            (
                "problem.yaml",
                "name: Sums\ntype: scoring\nvalidation: custom\n",
            ),
            ("output_validators/compare/compare.c", OUTPUT_VALIDATOR),
            ("input_validators/validate/validate.py", VALIDATOR),
            ("data/sample/1.in", "1 2\n"),
            ("data/sample/1.ans", "3\n"),
            (
                "data/secret/group1/testdata.yaml",
                "accept_score: 20\ngrader_flags: sum\non_reject: continue\n",
            ),
            ("data/secret/group1/a.in", "40 2\n"),
            ("data/secret/group1/a.ans", "42\n"),
            ("data/secret/group1/b.in", "7 8\n"),
            ("data/secret/group1/b.ans", "15\n"),
            (
                "data/secret/group2/testdata.yaml",
                "accept_score: 60\ngrader_flags: min\n",
            ),
            ("data/secret/group2/c.in", "1000000000000 1\n"),
            ("data/secret/group2/c.ans", "1000000000001\n"),
            ("submissions/accepted/sum.c", SUM_C),
        ],
    );
    // Judging a group stops at its first rejection by default: a sum then
    // counts the tests before it only (the kit's `prefix`): failing the
    // first test of group1 costs both its tests' points, failing the
    // second only its own; the sample scores 1, as every test does by
    // default (problemtools: 1 and 21; tests/grading.rs compares).
    let settings = dir.join("data/secret/group1/testdata.yaml");
    let continues = std::fs::read_to_string(&settings).unwrap();
    std::fs::write(&settings, "accept_score: 20\ngrader_flags: sum\n").unwrap();
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", "prefix"]);
    assert_eq!(code, 0, "{report}");
    let problem = kit.read("problems/prefix/problem.toml");
    assert_has(
        &problem,
        "name = \"group1\"\npoints = 40\nscoring = \"prefix\"\n",
    );
    kit.write("forty.py", &WRONG_ON_SEVEN.replace("a == 7", "a == 40"));
    kit.write("seven.py", WRONG_ON_SEVEN);
    for (solution, score) in [("forty.py", 1.0), ("seven.py", 21.0)] {
        let (_, test) = kit.json(&["test", "prefix", solution]);
        assert_eq!(test["score"].as_f64(), Some(score), "{solution}: {test}");
    }
    let out = package.path().join("prefixout");
    export(&kit, "prefix", "icpc-legacy", &out, &[]);
    let yaml = std::fs::read_to_string(out.join("data/secret/group1/testdata.yaml")).unwrap();
    assert!(
        yaml.contains("grader_flags: sum first_error") && yaml.contains("on_reject: break"),
        "{yaml}"
    );
    comes_back_the_same(&kit, "prefix", &out, "prefixagain");
    std::fs::write(&settings, continues).unwrap();
    // By default judging also stops at a failed sample or group: nothing
    // scores after it (problemtools gives seven.py 21: the sample 1, group1 20).
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", "breaks"]);
    assert_eq!(code, 0, "{report}");
    let problem = std::fs::read_to_string(kit.path("problems/breaks/problem.toml")).unwrap();
    assert_has(
        &problem,
        "name = \"group2\"\npoints = 60\ndepends = [\"sample\", \"group1\"]",
    );
    let (_, test) = kit.json(&["test", "breaks", "seven.py"]);
    assert_eq!(test["score"].as_f64(), Some(21.0), "{test}");
    let out = package.path().join("breaksout");
    export(&kit, "breaks", "icpc-legacy", &out, &[]);
    comes_back_the_same(&kit, "breaks", &out, "breaksagain");
    // Where it goes on, each group scores alone (problemtools: 81).
    for file in ["data/testdata.yaml", "data/secret/testdata.yaml"] {
        std::fs::write(dir.join(file), "on_reject: continue\n").unwrap();
    }
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let problem = std::fs::read_to_string(kit.path("problems/sums/problem.toml")).unwrap();
    assert_has(
        &problem,
        "name = \"group1\"\npoints = 40\nscoring = \"each\"\n",
    );
    assert!(!problem.contains("depends"), "{problem}");
    let (_, test) = kit.json(&["test", "sums", "seven.py"]);
    assert_eq!(test["score"].as_f64(), Some(81.0), "{test}");
    let out = package.path().join("sumsout");
    export(&kit, "sums", "icpc-legacy", &out, &[]);
    let yaml = std::fs::read_to_string(out.join("data/secret/group1/testdata.yaml")).unwrap();
    assert!(
        yaml.contains("grader_flags: sum")
            && yaml.contains("accept_score: 20")
            && yaml.contains("on_reject: continue"),
        "{yaml}"
    );
    comes_back_the_same(&kit, "sums", &out, "sumsagain");
}

/// ICPC 2025-09's `submissions/submissions.yaml`: a pattern's `permitted`
/// and `required` verdicts, over its folder's own, promise the overall
/// verdicts they allow; a folder of its own (`mixed/`) comes in where the
/// file names its submissions, and a promise no folder says goes back out
/// there.
#[test]
fn submissions_yaml_promises_become_verdict_sets() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("promised");
    current_package(&dir);
    written(
        &dir,
        &[
            (
                "submissions/submissions.yaml",
                "mixed:\n  permitted: [AC, WA]\n  required: [AC, WA]\nwrong_answer/int*.c:\n  permitted: [WA, TLE]\n  authors: Someone\n",
            ),
            (
                "submissions/mixed/half.py",
                "a, b = map(int, input().split())\nprint(a + b if a < 100 else 0)\n",
            ),
            ("submissions/mixed/slow.py", "while True:\n    pass\n"),
        ],
    );
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let problem = std::fs::read_to_string(kit.path("problems/promised/problem.toml")).unwrap();
    assert_has(&problem, "\"mixed/half.py\" = [\"AC\", \"WA\"]");
    // Its folder permits AC and WA, the pattern WA and TLE: WA.
    assert_has(&problem, "\"wrong_answer/int32.c\" = [\"WA\"]");
    let (code, verify) = kit.json(&["verify", "promised"]);
    assert_ne!(code, 0, "{verify}");
    let row = |name: &str| {
        (verify["solutions"].as_array().unwrap().iter())
            .find(|r| r["solution"] == name)
            .unwrap_or_else(|| panic!("{name}: {verify}"))
            .clone()
    };
    assert_eq!(row("mixed/half.py")["ok"], true);
    assert_eq!(row("wrong_answer/int32.c")["ok"], true);
    // A time limit is neither AC nor WA.
    assert_eq!(row("mixed/slow.py")["verdict"], "TLE");
    assert_eq!(row("mixed/slow.py")["ok"], false);
    std::fs::remove_file(kit.path("solutions/promised/mixed/slow.py")).unwrap();
    let promise = "\"mixed/slow.py\" = [\"AC\", \"WA\"]\n";
    kit.edit("problems/promised/problem.toml", promise, "");
    let out = package.path().join("promisedout");
    export(&kit, "promised", "icpc", &out, &[]);
    let yaml = std::fs::read_to_string(out.join("submissions/submissions.yaml")).unwrap();
    assert!(yaml.contains("mixed/half.py"), "{yaml}");
    comes_back_the_same(&kit, "promised", &out, "promisedagain");
    // A key the kit cannot hold a solution to is left out with --lossy.
    let file = dir.join("submissions/submissions.yaml");
    std::fs::write(&file, "mixed:\n  score: 50\n").unwrap();
    let error = kit.error(&["import", dir.to_str().unwrap(), "--name", "scored"]);
    assert!(
        error.contains("submissions.yaml") && error.contains("score"),
        "{error}"
    );
}

/// ICPC 2025-09 scoring: `score_aggregation` (`sum` shares a group's
/// `max_score` among its tests; `min` without partial scores is all or
/// nothing) and `require_pass` on the samples and on earlier groups score
/// as the format says, and go back out so.
#[test]
fn icpc_groups_that_sum_and_require_others() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("needs");
    written(
        &dir,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Needs\ntype: scoring\n",
            ),
            ("output_validator/compare.c", OUTPUT_VALIDATOR),
            ("input_validators/validate.py", VALIDATOR),
            ("data/sample/1.in", "1 2\n"),
            ("data/sample/1.ans", "3\n"),
            (
                "data/secret/g1/test_group.yaml",
                "max_score: 30\nrequire_pass: sample\n",
            ),
            ("data/secret/g1/a.in", "40 2\n"),
            ("data/secret/g1/a.ans", "42\n"),
            (
                "data/secret/g2/test_group.yaml",
                "max_score: 40\nscore_aggregation: sum\nrequire_pass: [sample, secret/g1]\n",
            ),
            ("data/secret/g2/b.in", "7 8\n"),
            ("data/secret/g2/b.ans", "15\n"),
            ("data/secret/g2/c.in", "1 1\n"),
            ("data/secret/g2/c.ans", "2\n"),
            (
                "data/secret/g3/test_group.yaml",
                "max_score: 30\nscore_aggregation: min\n",
            ),
            ("data/secret/g3/d.in", "5 5\n"),
            ("data/secret/g3/d.ans", "10\n"),
            ("submissions/accepted/sum.c", SUM_C),
            ("submissions/partially_accepted/seven.py", WRONG_ON_SEVEN),
        ],
    );
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let problem = std::fs::read_to_string(kit.path("problems/needs/problem.toml")).unwrap();
    assert_has(&problem, "name = \"sample\"\npoints = 0");
    assert_has(
        &problem,
        "name = \"g1\"\npoints = 30\ndepends = [\"sample\"]",
    );
    assert_has(
        &problem,
        "name = \"g2\"\npoints = 40\nscoring = \"each\"\ndepends = [\"sample\", \"g1\"]",
    );
    assert_has(&problem, "name = \"g3\"\npoints = 30");
    // b fails: half of g2; a partial score, as its folder promises.
    kit.write("seven.py", WRONG_ON_SEVEN);
    let (_, test) = kit.json(&["test", "needs", "seven.py"]);
    assert_eq!(test["score"].as_f64(), Some(80.0), "{test}");
    let (code, verify) = kit.json(&["verify", "needs"]);
    assert_eq!(code, 0, "{verify}");
    // A full score is no partial one.
    let full = "solutions/needs/partially_accepted/full.c";
    kit.write(full, SUM_C);
    let (code, verify) = kit.json(&["verify", "needs"]);
    assert_ne!(code, 0, "{verify}");
    let row = (verify["solutions"].as_array().unwrap().iter())
        .find(|r| r["solution"] == "partially_accepted/full.c")
        .unwrap();
    assert_eq!(row["ok"], false, "{row}");
    std::fs::remove_file(kit.path(full)).unwrap();
    // a fails: g1, and g2 which requires it.
    kit.write(
        "forty.py",
        "a, b = map(int, input().split())\nprint(a + b + (a == 40))\n",
    );
    let (_, test) = kit.json(&["test", "needs", "forty.py"]);
    assert_eq!(test["score"].as_f64(), Some(30.0), "{test}");
    // The sample fails: only g3, which does not require it.
    kit.write(
        "one.py",
        "a, b = map(int, input().split())\nprint(a + b + (a == 1 and b == 2))\n",
    );
    let (_, test) = kit.json(&["test", "needs", "one.py"]);
    assert_eq!(test["score"].as_f64(), Some(30.0), "{test}");
    let out = package.path().join("needsout");
    export(&kit, "needs", "icpc", &out, &[]);
    let yaml = std::fs::read_to_string(out.join("data/secret/g2/test_group.yaml")).unwrap();
    assert!(
        yaml.contains("score_aggregation: sum") && yaml.contains("- secret/g1"),
        "{yaml}"
    );
    assert!(!out.join("data/secret/sample").exists());
    comes_back_the_same(&kit, "needs", &out, "needsagain");
    // A group requiring one that holds no test is an error naming it.
    let settings = dir.join("data/secret/g2/test_group.yaml");
    std::fs::write(&settings, "max_score: 40\nrequire_pass: secret/g9\n").unwrap();
    let error = kit.error(&["import", dir.to_str().unwrap(), "--name", "nine"]);
    assert!(error.contains("g2") && error.contains("g9"), "{error}");
}

/// An input validator with an optional bound: `--max N`.
const BOUNDED_VALIDATOR: &str = r#"import sys
bound = int(sys.argv[sys.argv.index("--max") + 1]) if "--max" in sys.argv else None
a, b = map(int, sys.stdin.read().split())
sys.exit(42 if bound is None or max(a, b) <= bound else 43)
"#;

/// A 2025-09 test's own `<test>.yaml` gives the input validator its
/// arguments; they go back out the same way.
#[test]
fn a_test_gives_its_validator_its_own_arguments() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("bounded");
    written(
        &dir,
        &[
            (
                "problem.yaml",
                "problem_format_version: 2025-09\nname: Bounded\ntype: pass-fail\n",
            ),
            ("output_validator/validate.c", OUTPUT_VALIDATOR),
            ("input_validators/bounded.py", BOUNDED_VALIDATOR),
            ("data/sample/1.in", "1 2\n"),
            ("data/sample/1.ans", "3\n"),
            (
                "data/sample/1.yaml",
                "input_validator_args: [--max, '10']\n",
            ),
            ("data/sample/2.in", "7 8\n"),
            ("data/sample/2.ans", "15\n"),
            ("data/secret/big.in", "1000000000000 1\n"),
            ("data/secret/big.ans", "1000000000001\n"),
            ("submissions/accepted/sum.c", SUM_C),
        ],
    );
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let problem = std::fs::read_to_string(kit.path("problems/bounded/problem.toml")).unwrap();
    assert_has(
        &problem,
        "sample = true\nvalidator_args = [\"--max\", \"10\"]",
    );
    let (code, build) = kit.json(&["build", "bounded"]);
    assert_eq!(code, 0, "{build}");
    let out = package.path().join("boundedout");
    let args = [
        "package", "bounded", "--format", "icpc", "--no-pdf", "--out",
    ];
    let report = kit.accepted(&[&args[..], &[out.to_str().unwrap()]].concat());
    assert!(out.join("data/sample/01.yaml").is_file() && !out.join("data/sample/02.yaml").exists());
    // The package has no statement, and BAPCtools wants one for each
    // language of `name`: one stands in, said, and is no statement to an
    // import.
    let stand_in = std::fs::read_to_string(out.join("statement/problem.en.tex")).unwrap();
    assert!(
        stand_in.starts_with("% stands in for a statement"),
        "{stand_in}"
    );
    assert_has(&stand_in, "\\problemname{Bounded}");
    assert_has(&stand_in, "the original icpc package had none");
    assert_has(
        &report["warnings"].to_string(),
        "statement/problem.en.tex stands in",
    );
    comes_back_the_same(&kit, "bounded", &out, "boundedagain");
    // The bound is the test's own: over it, the input is invalid.
    kit.write("problems/bounded/package/data/sample/1.in", "11 2\n");
    let run = kit.judge(&["build", "bounded"]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("bounded.py"), "{}", run.stderr);
}

/// A solution of `a + b` in C or Python, reading stdin and writing stdout,
/// made to read `stem.in` and write `stem.out` instead, as NOI-style
/// solutions do (`freopen`).
fn with_files(file: &str, text: &str, stem: &str) -> String {
    match file.ends_with(".py") {
        true => format!(
            "import sys\nsys.stdin = open(\"{stem}.in\")\nsys.stdout = open(\"{stem}.out\", \"w\")\n{text}"
        ),
        false => {
            let open = format!(
                "int main(void) {{ freopen(\"{stem}.in\", \"r\", stdin); freopen(\"{stem}.out\", \"w\", stdout);"
            );
            format!(
                "#include <stdio.h>\n{}",
                text.replacen("int main(void) {", &open, 1)
            )
        }
    }
}

/// Writes `fixture`'s package under `dir` with `edit` made to its file
/// `config` and every solution (under `solutions` or `sol`) reading and
/// writing the files of `stem`.
fn files_package(dir: &Path, fixture: Fixture, config: &str, edit: (&str, &str), stem: &str) {
    for (file, bytes) in fixture(dir) {
        let text = String::from_utf8(bytes).unwrap();
        let path = dir.join(file);
        if file == config {
            assert!(text.contains(edit.0), "{file}: {text}");
            std::fs::write(&path, text.replacen(edit.0, edit.1, 1)).unwrap();
        } else if file.starts_with("solutions/") || file.starts_with("sol/") {
            std::fs::write(&path, with_files(file, &text, stem)).unwrap();
        }
    }
}

/// A package of files: the problem's name, the format, the fixture, its
/// file that names the files and the edit that names them.
type FilesCase = (
    &'static str,
    &'static str,
    Fixture,
    &'static str,
    (&'static str, &'static str),
);

/// A package whose solutions read and write files (CMS `infile` and
/// `outfile`, Polygon `input-file` and `output-file`, Hydro `filename`)
/// imports as a problem of `[files]`, judges a solution that uses stdin
/// and stdout WA, and goes back out to its format the same; the ICPC
/// format, which has no file input or output, refuses it.
#[test]
fn packages_of_files_import_judge_and_go_back_out() {
    let kit = kit();
    let packages = tempfile::tempdir().unwrap();
    let cases: [FilesCase; 3] = [
        (
            "cmsfiles",
            "cms",
            cms_package,
            "task.yaml",
            (
                "infile: ''\noutfile: ''\n",
                "infile: somma.in\noutfile: somma.out\n",
            ),
        ),
        (
            "polyfiles",
            "polygon",
            polygon_package,
            "problem.xml",
            (
                "input-file=\"\" output-file=\"\"",
                "input-file=\"somma.in\" output-file=\"somma.out\"",
            ),
        ),
        (
            "hydrofiles",
            "hydro",
            hydro_package,
            "testdata/config.yaml",
            ("memory: 128m\n", "memory: 128m\nfilename: somma\n"),
        ),
    ];
    for (name, format, fixture, config, edit) in cases {
        let dir = packages.path().join(name);
        files_package(&dir, fixture, config, edit, "somma");
        let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", name]);
        assert_eq!(code, 0, "{format}: {report}");
        let problem = kit.read(&format!("problems/{name}/problem.toml"));
        assert_has(
            &problem,
            "[files]\ninput = \"somma.in\"\noutput = \"somma.out\"",
        );
        let (code, build) = kit.json(&["build", name]);
        assert_eq!(code, 0, "{format}: {build}");
        // Its solutions read and write the files (Polygon's take seconds:
        // a time-limit one among them).
        if format == "cms" {
            let (code, verify) = kit.json(&["verify", name]);
            assert_eq!(code, 0, "{format}: {verify}");
        }
        kit.write("stdio.c", SUM_C);
        let (_, test) = kit.json(&["test", name, "stdio.c"]);
        let message = test["tests"][0]["message"].as_str().unwrap_or_default();
        assert_eq!(test["verdict"], "WA", "{format}: {test}");
        assert!(
            message.contains("`somma.out` was not written"),
            "{format}: {message}"
        );

        goes_back_out_the_same(&kit, name, format, packages.path());
        for icpc in ["icpc", "icpc-legacy"] {
            let target = packages.path().join(icpc).join(name);
            let args = ["package", name, "--format", icpc, "--no-pdf", "--out"];
            let stderr = kit.error(&[&args[..], &[target.to_str().unwrap()]].concat());
            assert!(stderr.contains("no file input or output"), "{stderr}");
            assert!(
                stderr.contains("export --format cms, hydro or polygon"),
                "{stderr}"
            );
            assert!(!target.exists(), "{icpc}: {stderr}");
        }
    }
}

/// A file a package names for its solutions that the kit would not take
/// is an error naming the package's file.
#[test]
fn a_package_file_name_the_kit_cannot_take_is_refused() {
    let stderr = refused(
        |dir| {
            let edit = ("infile: ''\n", "infile: '../input.txt'\n");
            files_package(dir, cms_package, "task.yaml", edit, "somma");
            dir.to_path_buf()
        },
        &[],
        &["task.yaml", "`../input.txt`", "no `/`"],
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// Where a problem comes from (`[about]`) goes out as far as each format
/// has a place for it, and each export says what it leaves behind: Polygon
/// and Hydro keep only the tags, the legacy ICPC format its keywords as
/// words.
#[test]
fn each_export_says_what_of_the_problems_origin_it_leaves_behind() {
    let kit = kit();
    let package = tempfile::tempdir().unwrap();
    polygon_package(&package.path().join("poly"));
    legacy_package(&package.path().join("legacy"));
    for name in ["poly", "legacy"] {
        let dir = package.path().join(name);
        let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", name]);
        assert_eq!(code, 0, "{report}");
    }
    let about = "[about]\nsource = \"Origin Cup 2026\"\nauthors = [\"Ada Lovelace\"]\n\
                 license = \"cc by\"\ntags = [\"math\", \"number theory\"]\n";
    for name in ["poly", "legacy"] {
        let toml = kit.read(&format!("problems/{name}/problem.toml"));
        let start = toml.find("[about]").unwrap_or(toml.len());
        let end = (toml[start..].find("\n[").map(|at| start + at + 1)).unwrap_or(toml.len());
        let edited = format!("{}{about}{}", &toml[..start], &toml[end..]);
        kit.write(&format!("problems/{name}/problem.toml"), &edited);
    }
    let testlib_h = package.path().join("testlib.h");
    std::fs::write(&testlib_h, "// a stand-in\n").unwrap();
    let lost = "[about] source, authors, license: the format has no place for them, left behind";
    for (name, format, judge, expected) in [
        ("poly", "polygon", "Polygon", Some(lost)),
        ("poly", "hydro", "Hydro", Some(lost)),
        ("legacy", "icpc-legacy", "problemtools", None),
    ] {
        let out = package.path().join("out").join(format.replace('-', ""));
        let mut args = vec!["package", name, "--format", format, "--no-pdf"];
        args.extend(["--out", out.to_str().unwrap()]);
        if format == "polygon" {
            args.extend(["--testlib-h", testlib_h.to_str().unwrap()]);
        }
        let (code, report) = kit.json(&args);
        assert_eq!(code, 0, "{format}: {report}");
        let said: Vec<&str> = (report["warnings"].as_array().unwrap().iter())
            .filter(|w| w["judge"] == judge)
            .filter_map(|w| w["message"].as_str())
            .filter(|m| m.starts_with("[about]"))
            .collect();
        assert_eq!(said, Vec::from_iter(expected), "{format}: {report}");
        if format == "icpc-legacy" {
            let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
            assert_has(&yaml, "keywords: math number-theory");
            let warned = report["warnings"].to_string();
            assert!(warned.contains("tag `number theory`"), "{report}");
        }
    }
    // CMS runs its checker compiled: a re-import has the executable, said.
    cms_package(&package.path().join("cmstask"));
    let dir = package.path().join("cmstask");
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", "cmstask"]);
    assert_eq!(code, 0, "{report}");
    let out = package.path().join("out/cms");
    let args = ["package", "cmstask", "--format", "cms", "--no-pdf", "--out"];
    let (code, report) = kit.json(&[&args[..], &[out.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{report}");
    assert_has(
        &report["warnings"].to_string(),
        "the checker `checker` goes compiled (check/), as CMS runs it",
    );
    // A CMS task's public test sits in a subtask: to ICPC's data/sample,
    // out of its group, said.
    let recipes = "# ST: 10\n#COPY: sample.txt\n40 2\n# ST: 30\n7 8\n# ST: 60\n1000000000000 1\n";
    std::fs::write(dir.join("gen/GEN"), recipes).unwrap();
    // (Its C checker in CMS's protocol goes to CMS alone; as C++, it is
    // wrapped for ICPC's judges.)
    std::fs::rename(dir.join("check/checker.c"), dir.join("check/checker.cpp")).unwrap();
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", "cmsmixed"]);
    assert_eq!(code, 0, "{report}");
    let out = package.path().join("out/mixed");
    let args = [
        "package", "cmsmixed", "--format", "icpc", "--no-pdf", "--out",
    ];
    let (code, report) = kit.json(&[&args[..], &[out.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{report}");
    assert_has(
        &report["warnings"].to_string(),
        "of group `subtask1` go to data/sample: they leave the group",
    );
}
