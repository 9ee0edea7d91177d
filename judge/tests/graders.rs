//! Grader problems (IOI style: problem.toml's `[graders]`): a submission
//! writes a function, the jury's grader has `main`, and each submission
//! is compiled with the grader of its language, as CMS and Polygon
//! compile it. One that defines `main` itself, or lacks the function,
//! does not compile; a language without a grader is a compile error
//! saying so; bad `[graders]` tables are errors at their line.

use testkit::kit::Kit;
use testkit::kit::sum::{CMS_CHECKER, KATTIS_CHECKER};

/// The C grader: reads `a b`, prints `sum(a, b)`.
const GRADER_C: &str = "#include <stdio.h>\n#include \"sum.h\"\nint main(void) { long long a, b; if (scanf(\"%lld %lld\", &a, &b) != 2) return 1; printf(\"%lld\\n\", sum(a, b)); return 0; }\n";

const HEADER: &str = "long long sum(long long a, long long b);\n";

/// The Python grader: imports the submission as the module `sum`.
const GRADER_PY: &str =
    "import sum as submission\na, b = map(int, input().split())\nprint(submission.sum(a, b))\n";

const SUM_C: &str =
    "#include \"sum.h\"\nlong long sum(long long a, long long b) { return a + b; }\n";

const TABLE: &str = "[graders]\nsubmission = \"sum\"\nattachments = [\"grader/sum.h\"]\n\n[graders.files]\nc = [\"grader/grader.c\", \"grader/sum.h\"]\ncpp = [\"grader/grader.cpp\", \"grader/sum.h\"]\npython = [\"grader/grader.py\"]\n";

/// Judges `source` as the file `name`: the report.
fn judged(kit: &Kit, name: &str, source: &str) -> serde_json::Value {
    kit.write(name, source);
    kit.json(&["test", "sum", name]).1
}

/// The sum kit as a grader problem: its reference a function.
fn grader_kit(table: &str) -> Kit {
    let kit = Kit::builder().inputs(3).create();
    kit.write("problems/sum/grader/grader.c", GRADER_C);
    kit.write("problems/sum/grader/grader.cpp", GRADER_C);
    kit.write("problems/sum/grader/sum.h", HEADER);
    kit.write("problems/sum/grader/grader.py", GRADER_PY);
    let toml = kit.read("problems/sum/problem.toml");
    kit.write("problems/sum/problem.toml", &format!("{toml}\n{table}"));
    kit.write("solutions/sum/accepted/ref.c", SUM_C);
    kit
}

#[test]
fn submissions_are_compiled_with_the_grader_of_their_language() {
    let kit = grader_kit(TABLE);
    assert_eq!(kit.build().2, 3, "the reference answers with the grader");
    assert_eq!(kit.read("problems/sum/tests/03.ans"), "1000000000001\n");

    let (code, verdict, ..) = kit.verdict_of("mine.c", SUM_C);
    assert_eq!((code, verdict.as_str()), (0, "AC"));
    let python = "def sum(a, b):\n    return a + b\n";
    let (code, verdict, _, message) = kit.verdict_of("mine.py", python);
    assert_eq!((code, verdict.as_str()), (0, "AC"), "{message}");
    let (code, verdict, ..) = kit.verdict_of("mine.cpp", SUM_C);
    assert_eq!((code, verdict.as_str()), (0, "AC"));
    let off = SUM_C.replace("a + b", "a + b + 1");
    let (_, verdict, ..) = kit.verdict_of("off.c", &off);
    assert_eq!(verdict, "WA");

    // A whole program, as on a judge without graders: two mains.
    let whole = format!("{SUM_C}#include <stdio.h>\nint main(void) {{ return 0; }}\n");
    let report = judged(&kit, "whole.c", &whole);
    assert_eq!(report["verdict"], "CE", "{report:#}");
    let error = report["compile_error"].as_str().unwrap_or_default();
    assert!(error.contains("main"), "{error}");

    // The function under another name: the grader's call is undefined.
    let renamed = SUM_C.replace("long long sum(long long a", "long long add(long long a");
    let report = judged(&kit, "renamed.c", &renamed);
    let error = report["compile_error"].as_str().unwrap_or_default();
    assert!(
        report["verdict"] == "CE" && error.contains("undefined reference to `sum'"),
        "{report:#}"
    );

    // Without a C++ grader, a C++ submission cannot be judged.
    let toml = kit.read("problems/sum/problem.toml");
    let without = toml.replace("cpp = [\"grader/grader.cpp\", \"grader/sum.h\"]\n", "");
    kit.write("problems/sum/problem.toml", &without);
    let report = judged(&kit, "mine.cpp", SUM_C);
    let error = report["compile_error"].as_str().unwrap_or_default();
    assert!(
        report["verdict"] == "CE" && error.contains("graders are for c, python only"),
        "{report:#}"
    );
}

#[test]
fn bad_grader_tables_are_errors_at_their_line() {
    for (table, expected) in [
        (
            TABLE.replace("python = [", "pascal = ["),
            "no language `pascal` in judge.toml",
        ),
        (
            TABLE.replace("grader/grader.py", "grader/missing.py"),
            "missing.py does not exist",
        ),
        (
            TABLE.replace("\"sum\"", "\"../sum\""),
            "a submission's name",
        ),
        (
            TABLE.replace("python = [\"grader/grader.py\"]", "python = []"),
            "expected its files",
        ),
        (
            TABLE.replace(
                "c = [\"grader/grader.c\", \"grader/sum.h\"]",
                "c = [\"grader/sum.h\", \"grader/grader.c\"]",
            ),
            "its driver, a c source, comes first",
        ),
    ] {
        let kit = grader_kit(&table);
        let toml = kit.read("problems/sum/problem.toml");
        let error = kit.error(&["build"]);
        let marks = [
            "pascal",
            "missing",
            "../sum",
            "= []",
            "c = [\"grader/sum.h\"",
        ];
        let line = (toml.lines())
            .position(|l| marks.iter().any(|m| l.contains(m)))
            .map(|i| i + 1)
            .unwrap();
        assert!(
            error.contains(&format!("problem.toml:{line}:")) && error.contains(expected),
            "{table}: {error}"
        );
        assert!(!error.contains("panicked"), "{error}");
    }
}

/// A CMS Batch task with graders (`sol/grader.<ext>`, the header beside
/// them, `att/` for contestants), its official solution a function.
fn cms_grader_task(dir: &std::path::Path) {
    let header = HEADER.replace("sum(", "somma(");
    let grader = GRADER_C
        .replace("sum.h", "somma.h")
        .replace("sum(a, b)", "somma(a, b)");
    let function = SUM_C.replace("sum.h", "somma.h").replace("sum(", "somma(");
    let python = "import somma\na, b = map(int, input().split())\nprint(somma.somma(a, b))\n";
    for (file, text) in [
        (
            "task.yaml",
            "name: somma\ntitle: Somma\ntime_limit: 1\nmemory_limit: 128\ninfile: ''\noutfile: ''\npublic_testcases: '0'\nn_input: 2\n",
        ),
        ("input/input0.txt", "1 2\n"),
        ("output/output0.txt", "3\n"),
        ("input/input1.txt", "1000000000000 1\n"),
        ("output/output1.txt", "1000000000001\n"),
        ("sol/grader.c", grader.as_str()),
        ("sol/grader.py", python),
        ("sol/somma.h", header.as_str()),
        ("sol/somma.c", function.as_str()),
        ("att/somma.h", header.as_str()),
        ("check/checker.c", CMS_CHECKER),
    ] {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// CMS's graders import as `[graders]`, judge as CMS judges them, and go
/// back out where CMS's loader finds them.
#[test]
fn a_cms_task_with_graders_imports_judges_and_goes_back_out() {
    let kit = Kit::new();
    let packages = tempfile::tempdir().unwrap();
    let task = packages.path().join("somma");
    cms_grader_task(&task);
    let (code, report) = kit.json(&["import", task.to_str().unwrap()]);
    assert_eq!(code, 0, "{report:#}");
    let problem = kit.read("problems/somma/problem.toml");
    for line in [
        "[graders]\nsubmission = \"somma\"\nattachments = [\"package/att/somma.h\"]",
        "c = [\"package/sol/grader.c\", \"package/sol/somma.h\"]",
        "python = [\"package/sol/grader.py\", \"package/sol/somma.h\"]",
        "reference = \"accepted/somma.c\"",
    ] {
        assert!(problem.contains(line), "{line:?} not in {problem}");
    }
    let (code, report) = kit.json(&["verify", "somma"]);
    assert_eq!(code, 0, "{report:#}");
    kit.write("whole.c", "#include <stdio.h>\nint main(void) { long long a, b; scanf(\"%lld %lld\", &a, &b); printf(\"%lld\\n\", a + b); return 0; }\n");
    let (_, report) = kit.json(&["test", "somma", "whole.c"]);
    assert_eq!(report["verdict"], "CE", "{report:#}");

    let out = packages.path().join("out");
    let args = ["package", "somma", "--format", "cms", "--no-pdf", "--out"];
    let (code, report) = kit.json(&[&args[..], &[out.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{report:#}");
    for file in [
        "sol/grader.c",
        "sol/grader.py",
        "sol/somma.h",
        "att/somma.h",
    ] {
        assert_eq!(
            std::fs::read(out.join(file)).unwrap(),
            std::fs::read(task.join(file)).unwrap(),
            "{file}"
        );
    }
    let (code, report) = kit.json(&["import", out.to_str().unwrap(), "--name", "again"]);
    assert_eq!(code, 0, "{report:#}");
    let (code, diff) = kit.json(&["diff", "somma", "again"]);
    assert_eq!(
        (code, &diff["differences"]),
        (0, &serde_json::json!([])),
        "{diff:#}"
    );
}

/// A C++ submission with `main`, using the included header.
const FULL_CPP: &str = "#include <cstdio>\n#include \"bounds.h\"\nint main() { long long a, b; if (scanf(\"%lld %lld\", &a, &b) != 2 || a > MOST) return 1; printf(\"%lld\\n\", a + b); }\n";

/// The Rust driver: the submission is its module `add`.
const GRADER_RS: &str = "mod add;\nfn main() {\n    let mut line = String::new();\n    std::io::stdin().read_line(&mut line).unwrap();\n    let v: Vec<i64> = line.split_whitespace().map(|x| x.parse().unwrap()).collect();\n    println!(\"{}\", add::sum(v[0], v[1]));\n}\n";

/// An ICPC 2025-09 package whose submissions get the files of
/// `include/<language>/` (a driver with `main`, its header).
fn icpc_include_package(dir: &std::path::Path) {
    for (file, text) in [
        (
            "problem.yaml",
            "problem_format_version: 2025-09\nname: Sum\ntype: pass-fail\nlimits:\n  time_limit: 1\n  memory: 256\n",
        ),
        ("output_validator/validate.c", KATTIS_CHECKER),
        (
            "input_validators/check.py",
            "import sys\nsys.stdin.read()\nsys.exit(42)\n",
        ),
        ("data/sample/1.in", "1 2\n"),
        ("data/sample/1.ans", "3\n"),
        ("data/secret/big.in", "1000000000000 1\n"),
        ("data/secret/big.ans", "1000000000001\n"),
        ("include/c/driver.c", GRADER_C),
        ("include/c/sum.h", HEADER),
        (
            "include/python3/__main__.py",
            "import add\na, b = map(int, input().split())\nprint(add.sum(a, b))\n",
        ),
        ("include/rust/main.rs", GRADER_RS),
        // Headers only: the submission is the program.
        ("include/cpp/bounds.h", "#define MOST 1000000000000LL\n"),
        ("submissions/accepted/full.cpp", FULL_CPP),
        ("submissions/accepted/sum.c", SUM_C),
        (
            "submissions/accepted/add.rs",
            "pub fn sum(a: i64, b: i64) -> i64 {\n    a + b\n}\n",
        ),
        (
            "submissions/accepted/add.py",
            "def sum(a, b):\n    return a + b\n",
        ),
    ] {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// `judge package incsum --format <format> --no-pdf --out <out>`, which
/// must succeed.
fn export_incsum(kit: &Kit, format: &str, out: &std::path::Path) {
    let out = out.to_str().unwrap();
    let args = [
        "package", "incsum", "--format", format, "--no-pdf", "--out", out,
    ];
    let (code, report) = kit.json(&args);
    assert_eq!(code, 0, "{format}: {report:#}");
}

/// ICPC 2025-09's `include/` imports as graders whose submissions keep
/// their names, and goes back out there and to the legacy format; Hydro,
/// which has no such thing, refuses it saying so.
#[test]
fn icpc_included_files_are_graders() {
    let kit = Kit::builder()
        .languages(&["c", "cpp", "python", "rust"])
        .create();
    let packages = tempfile::tempdir().unwrap();
    let dir = packages.path().join("incsum");
    icpc_include_package(&dir);
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report:#}");
    let problem = kit.read("problems/incsum/problem.toml");
    for line in [
        "c = [\"package/include/c/driver.c\", \"package/include/c/sum.h\"]",
        "python = [\"package/include/python3/__main__.py\"]",
        "rust = [\"package/include/rust/main.rs\"]",
        "cpp = [\"package/include/cpp/bounds.h\"]",
    ] {
        assert!(problem.contains(line), "{line:?} not in {problem}");
    }
    assert!(!problem.contains("submission ="), "{problem}");
    let (code, report) = kit.json(&["verify", "incsum"]);
    assert_eq!(code, 0, "{report:#}");

    let out = packages.path().join("out");
    export_incsum(&kit, "icpc", &out);
    for (file, from) in [
        ("include/c/driver.c", "include/c/driver.c"),
        ("include/c/sum.h", "include/c/sum.h"),
        ("include/python3/__main__.py", "include/python3/__main__.py"),
        ("include/rust/main.rs", "include/rust/main.rs"),
        ("include/cpp/bounds.h", "include/cpp/bounds.h"),
    ] {
        assert_eq!(
            std::fs::read(out.join(file)).unwrap(),
            std::fs::read(dir.join(from)).unwrap(),
            "{file}"
        );
    }
    let (code, report) = kit.json(&["import", out.to_str().unwrap(), "--name", "again"]);
    assert_eq!(code, 0, "{report:#}");
    let (code, diff) = kit.json(&["diff", "incsum", "again"]);
    assert_eq!(
        (code, &diff["differences"]),
        (0, &serde_json::json!([])),
        "{diff:#}"
    );

    // The legacy format has them too, Python's driver as problemtools
    // finds it (`main.*`).
    let legacy = packages.path().join("legacy");
    export_incsum(&kit, "icpc-legacy", &legacy);
    assert_eq!(
        std::fs::read(legacy.join("include/python3/main.py")).unwrap(),
        std::fs::read(dir.join("include/python3/__main__.py")).unwrap()
    );
    let (code, report) = kit.json(&["import", legacy.to_str().unwrap(), "--name", "old"]);
    assert_eq!(code, 0, "{report:#}");
    let problem = kit.read("problems/old/problem.toml");
    let line = "python = [\"package/include/python3/main.py\"]";
    assert!(problem.contains(line), "{line:?} not in {problem}");
    let (code, report) = kit.json(&["verify", "old"]);
    assert_eq!(code, 0, "{report:#}");

    // Hydro has no graders.
    let out = packages.path().join("hydro");
    let args = [
        "package", "incsum", "--format", "hydro", "--no-pdf", "--out",
    ];
    let error = kit.error(&[&args[..], &[out.to_str().unwrap()]].concat());
    assert!(error.contains("Hydro judges whole programs"), "{error}");
    assert!(!out.exists());
}

/// problemtools, which judges a legacy package's submissions with its
/// `include/<language>/` files (the driver a `main.*`), judges the kit's
/// legacy export of a package with included drivers in C, Python and Rust
/// as the kit does: every submission accepted.
#[test]
#[ignore = "slow tier: the judges' own tools"]
fn problemtools_judges_the_legacy_include_export() {
    let kit = Kit::builder()
        .languages(&["c", "cpp", "python", "rust"])
        .create();
    let packages = tempfile::tempdir().unwrap();
    let dir = packages.path().join("incsum");
    icpc_include_package(&dir);
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(code, 0, "{report:#}");
    // The package has no statement: the kit renders its own.
    kit.write("problems/incsum/statement.en.md", "# Sum\n\nWrite `sum`.\n");
    kit.write("problems/incsum/statement.zh.md", "# 求和\n\n写 `sum`。\n");
    let contest = packages.path().join("legacy");
    let out = contest.join("incsum");
    export_incsum(&kit, "icpc-legacy", &out);
    let home = packages.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    let verify = testkit::tools::tool("verifyproblem");
    let args = [
        "incsum",
        "-p",
        "config",
        "data",
        "validators",
        "submissions",
    ];
    let (ok, text) = testkit::tools::verifyproblem(&verify, &args, &contest, &home);
    assert!(ok && text.contains("incsum tested: 0 errors"), "{text}");
    for submission in ["sum.c", "add.py", "add.rs", "full.cpp"] {
        let line = format!("accepted/{submission} (");
        let judged = text.lines().find(|l| l.contains(&line));
        assert!(
            judged.is_some_and(|l| l.contains("OK: AC")),
            "{submission}: {text}"
        );
    }
}

/// Polygon lists a grader's files as resources compiled with the
/// solutions of their language (`for-types`); they import back as the
/// same graders, each solution keeping its name.
#[test]
fn polygon_graders_are_resources_for_the_solutions() {
    let kit = grader_kit(TABLE);
    kit.polygon_ready(true);
    kit.build();
    let (out, report) = kit.polygon_export();
    let warned = report["warnings"].to_string();
    assert!(
        warned.contains("where the graders expect `sum`"),
        "{warned}"
    );
    let xml = std::fs::read_to_string(out.join("problem.xml")).unwrap();
    for resource in [
        "<file for-types=\"c.*\" path=\"files/grader.c\" type=\"c.gcc\">",
        "<file for-types=\"c.*\" path=\"files/sum.h\" type=\"h.g++\">",
        "<file for-types=\"python.*\" path=\"files/grader.py\" type=\"python.3\">",
        "<asset name=\"solution\"/>",
    ] {
        assert!(xml.contains(resource), "{resource:?} not in {xml}");
    }
    let (code, report) = kit.json(&["import", out.to_str().unwrap(), "--name", "again"]);
    assert_eq!(code, 0, "{report:#}");
    let again = kit.read("problems/again/problem.toml");
    for line in [
        "c = [\"package/files/grader.c\", \"package/files/sum.h\"]",
        "python = [\"package/files/grader.py\"]",
    ] {
        assert!(again.contains(line), "{line:?} not in {again}");
    }
    let (code, report) = kit.json(&["verify", "again"]);
    assert_eq!(code, 0, "{report:#}");
}

/// Java: the grader's class calls the submission's, compiled together and
/// run as the grader's class.
#[test]
#[ignore = "slow tier: a JDK"]
fn a_java_submission_is_compiled_with_its_grader() {
    let kit = Kit::builder().languages(&["c", "java"]).create();
    kit.write(
        "problems/sum/grader/grader.java",
        "import java.util.*;\npublic class grader {\n    public static void main(String[] args) {\n        Scanner in = new Scanner(System.in);\n        long a = in.nextLong(), b = in.nextLong();\n        System.out.println(sum.sum(a, b));\n    }\n}\n",
    );
    kit.write("problems/sum/grader/grader.c", GRADER_C);
    kit.write("problems/sum/grader/sum.h", HEADER);
    let toml = kit.read("problems/sum/problem.toml");
    let table = "[graders]\nsubmission = \"sum\"\n\n[graders.files]\nc = [\"grader/grader.c\", \"grader/sum.h\"]\njava = [\"grader/grader.java\"]\n";
    kit.write("problems/sum/problem.toml", &format!("{toml}\n{table}"));
    kit.write("solutions/sum/accepted/ref.c", SUM_C);
    kit.build();
    let java =
        "public class sum {\n    public static long sum(long a, long b) { return a + b; }\n}\n";
    let (code, verdict, _, message) = kit.verdict_of("mine.java", java);
    assert_eq!((code, verdict.as_str()), (0, "AC"), "{message}");
    let whole = "public class sum {\n    public static void main(String[] args) {}\n}\n";
    let report = judged(&kit, "whole.java", whole);
    assert_eq!(report["verdict"], "CE", "{report:#}");
}

/// A grader in a language the kit does not judge (Pascal's) is left out
/// with `--lossy`, saying so; without it, the import stops there.
#[test]
fn a_grader_the_kit_cannot_judge_is_left_out_with_lossy() {
    let kit = Kit::new();
    let packages = tempfile::tempdir().unwrap();
    let task = packages.path().join("somma");
    cms_grader_task(&task);
    std::fs::write(task.join("sol/grader.pas"), "begin end.\n").unwrap();
    let error = kit.error(&["import", task.to_str().unwrap()]);
    assert!(
        error.contains("grader.pas") && error.contains("--lossy"),
        "{error}"
    );
    let (code, report) = kit.json(&["import", task.to_str().unwrap(), "--lossy"]);
    assert_eq!(code, 0, "{report:#}");
    assert!(
        report["warnings"].to_string().contains("grader.pas"),
        "{report:#}"
    );
    let problem = kit.read("problems/somma/problem.toml");
    assert!(
        problem.contains("c = [\"package/sol/grader.c\""),
        "{problem}"
    );
}
