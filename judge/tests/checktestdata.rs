//! checktestdata scripts (`.ctd`, DOMjudge's input validators) as a
//! problem's validator: run by pyctd (PyPI's `checktestdata`, judge.toml's
//! `checktestdata` language) in Kattis's protocol; the tests validated, an
//! invalid input rejected, `validate --mutate` caught by it; a script
//! that does not parse is an error naming its line; an ICPC package whose
//! validator is one imports, builds, and goes back out with it, which
//! problemtools runs on the data.

use testkit::kit::Kit;
use testkit::kit::sum::KATTIS_CHECKER;
use testkit::paths::root;
use testkit::tools::{tool, verifyproblem};

/// The sum kit's inputs: two non-negative integers up to 10^12, a space
/// between, a line end after.
const SCRIPT: &str = "INT(0, 1000000000000) SPACE INT(0, 1000000000000) NEWLINE\nEOF\n";

/// The kit's own judge.toml's `checktestdata` language.
fn language() -> String {
    let text = std::fs::read_to_string(root().join("judge.toml")).unwrap();
    let start = text.find("[languages.checktestdata]").unwrap();
    let end = text[start..].find("\n\n").map_or(text.len(), |e| start + e);
    text[start..end].to_string()
}

/// The sum kit, its validator the script `script`, with the kit's
/// `checktestdata` language and pyctd (from the tools venv) on the judge's
/// PATH.
fn kit_with(script: &str) -> Kit {
    let mut kit = Kit::builder().inputs(3).create();
    let toml = kit.read("judge.toml");
    kit.write("judge.toml", &format!("{toml}\n{}\n", language()));
    let tools = tool("pyctd").parent().unwrap().to_path_buf();
    let path = std::env::var("PATH").unwrap_or_default();
    kit.set_env("PATH", &format!("{}:{path}", tools.display()));
    kit.write("problems/sum/validate.ctd", script);
    kit.edit(
        "problems/sum/problem.toml",
        "validator = \"validate.c\"",
        "validator = \"validate.ctd\"",
    );
    kit
}

#[test]
#[ignore = "slow tier: pyctd, from the tools venv"]
fn a_checktestdata_script_validates_the_tests() {
    let kit = kit_with(SCRIPT);
    kit.write("problems/sum/bad.in", "1 -2\n");
    let toml = kit.read("problems/sum/problem.toml");
    kit.write(
        "problems/sum/problem.toml",
        &format!("{toml}\n[[invalid]]\nfile = \"bad.in\"\nreason = \"a negative number\"\n"),
    );
    let (built, validated, _) = kit.build();
    assert_eq!((built, validated), (3, 3));

    // A test the script rejects fails the build, saying where.
    kit.write("problems/sum/t2.in", "40  2\n");
    let error = kit.error(&["build"]);
    assert!(
        error.contains("validate.ctd") && error.contains("1:4 expected an integer"),
        "{error}"
    );
    kit.write("problems/sum/t2.in", "40 2\n");

    // Mutations that need no knowledge of the format: each one caught.
    let report = kit.accepted(&["validate", "sum", "--mutate"]);
    let made = report["mutations"].as_u64().unwrap_or_default();
    assert!(made > 10, "{report:#}");
    assert_eq!(report["accepted"], serde_json::json!([]), "{report:#}");
}

#[test]
#[ignore = "slow tier: pyctd, from the tools venv"]
fn a_script_that_does_not_parse_or_speaks_testlib_is_an_error_at_its_line() {
    let kit = kit_with("INT(0, 10) SPACE\nINT(0, 10 NEWLINE\n");
    let error = kit.error(&["build"]);
    assert!(
        error.contains("validate.ctd") && error.contains("2:"),
        "{error}"
    );
    assert!(!error.contains("panicked"), "{error}");

    let kit = kit_with(SCRIPT);
    let toml = kit.read("problems/sum/problem.toml");
    kit.write(
        "problems/sum/problem.toml",
        &format!("{toml}\n[protocols]\nvalidator = \"testlib\"\n"),
    );
    let lines = kit.read("problems/sum/problem.toml").lines().count();
    let error = kit.error(&["build"]);
    assert!(
        error.contains(&format!("problem.toml:{lines}:")) && error.contains("Kattis's protocol"),
        "{error}"
    );
}

#[test]
#[ignore = "slow tier: pyctd and problemtools, from the tools venv"]
fn an_icpc_package_of_a_script_goes_back_out_with_it() {
    let kit = kit_with(SCRIPT);
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("sums");
    for (file, text) in [
        (
            "problem.yaml",
            "name: Sums\nvalidation: custom\nlicense: cc0\nrights_owner: the kit\n",
        ),
        ("output_validators/sum/sum.c", KATTIS_CHECKER),
        ("input_validators/sum.ctd", SCRIPT),
        ("data/sample/1.in", "1 2\n"),
        ("data/sample/1.ans", "3\n"),
        ("data/secret/big.in", "1000000000000 1\n"),
        ("data/secret/big.ans", "1000000000001\n"),
        (
            "submissions/accepted/sum.py",
            "a, b = map(int, input().split())\nprint(a + b)\n",
        ),
    ] {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", "sums"]);
    assert_eq!(code, 0, "{report:#}");
    let problem = kit.read("problems/sums/problem.toml");
    assert!(
        problem.contains("validator = \"package/input_validators/sum.ctd\""),
        "{problem}"
    );
    let (code, report) = kit.json(&["build", "sums"]);
    assert_eq!(code, 0, "{report:#}");

    let out = package.path().join("out");
    let (code, report) = kit.json(&[
        "package",
        "sums",
        "--format",
        "icpc-legacy",
        "--no-pdf",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{report:#}");
    assert_eq!(
        std::fs::read_to_string(out.join("input_validators/sum.ctd")).unwrap(),
        SCRIPT
    );
    let home = package.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    let (ok, text) = verifyproblem(
        &tool("verifyproblem"),
        &["out", "-p", "data"],
        package.path(),
        &home,
    );
    assert!(ok && text.contains("out tested: 0 errors"), "{text}");
}
