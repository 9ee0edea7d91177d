//! `judge new` end to end, in a copy of this kit (every file git lists):
//! a problem from the template is created, edited, built, verified,
//! certified and packaged; a copy of `bash` builds and verifies; and each
//! bad request is an error (exit status 2) that leaves the kit unchanged.
//!
//! The copy that builds lives at a fixed place under `target/new-kit/`,
//! its files keeping their times, and builds into `target/new-kit-target`:
//! cargo then reuses the kit's compiled programs from one run to the next.

use std::time::Instant;

use serde_json::Value;

use testkit::kit::Kit;
use testkit::paths::root;

/// The fenced code blocks of a Markdown text, in order.
fn code_blocks(markdown: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        if line.starts_with("```") {
            match current.take() {
                Some(block) => blocks.push(block),
                None => current = Some(String::new()),
            }
        } else if let Some(block) = &mut current {
            block.push_str(line);
            block.push('\n');
        }
    }
    blocks
}

/// The row of `verify --json` for one solution.
fn row<'a>(report: &'a Value, solution: &str) -> &'a Value {
    report["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["solution"] == solution)
        .unwrap_or_else(|| panic!("no row for {solution}: {report:#}"))
}

#[test]
fn a_new_problem_builds_verifies_certifies_and_packages_and_so_does_a_copy() {
    let start = Instant::now();
    let target = root().join("target");
    let kit = Kit::copy(&target.join("new-kit/flow"), &target.join("new-kit-target"));
    let judge_toml = kit.read("judge.toml");

    let report = kit.accepted(&["new", "pile"]);
    assert_eq!(report["problem"], "pile");
    assert_eq!(report["from"], Value::Null);
    let files: Vec<&str> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    for file in [
        "problems/pile/problem.toml",
        "problems/pile/statement.en.md",
        "problems/pile/statement.zh.md",
        "problems/pile/samples/1.in",
        "generators/src/bin/gen-pile.rs",
        "validators/src/bin/val-pile.rs",
        "checkers/src/bin/check-pile.rs",
        "solutions/pile/accepted/pile.rs",
        "solutions/pile/brute_force/pile_search.rs",
        "solutions/pile/wrong_answer/normal_play.rs",
    ] {
        assert!(files.contains(&file), "{file} not in {files:?}");
        assert!(kit.path(file).is_file(), "{file} was not written");
    }
    // Registered at the end of the list; every comment and line kept.
    let registered: String = judge_toml
        .split_inclusive('\n')
        .map(|line| match line.starts_with("problems = [") {
            true => line.replacen("\"]", "\", \"pile\"]", 1),
            false => line.to_string(),
        })
        .collect();
    assert_ne!(registered, judge_toml);
    assert_eq!(kit.read("judge.toml"), registered);

    // The setter's first edits: a longer time limit, and a test of their own
    // aimed at the wrong solution (6 stones, moves of up to 5: First).
    let toml = kit.read("problems/pile/problem.toml");
    let toml = toml.replace("time_limit_ms = 1000", "time_limit_ms = 2000");
    let toml = toml.replace(
        "\n# `judge stress`",
        "\n[[tests]]\nfile = \"manual/six.in\"\ncomment = \"one more stone than a move\"\n\
         targets = [\"wrong_answer/normal_play.rs\"]\n\n# `judge stress`",
    );
    kit.write("problems/pile/problem.toml", &toml);
    kit.write("problems/pile/manual/six.in", "2\n6 5\n5 5\n");

    let built = kit.accepted(&["build", "pile"]);
    assert_eq!(built["problems"][0]["tests"], 9, "{built:#}");
    // The statements' sample is the sample file and the reference's answer
    // (test 01 of the plan), in both languages.
    let (input, answer) = (
        kit.read("problems/pile/tests/01.in"),
        kit.read("problems/pile/tests/01.ans"),
    );
    assert_eq!(input, kit.read("problems/pile/samples/1.in"));
    for language in ["en", "zh"] {
        let statement = kit.read(&format!("problems/pile/statement.{language}.md"));
        assert_eq!(code_blocks(&statement), [input.clone(), answer.clone()]);
    }

    let verified = kit.accepted(&["verify", "pile"]);
    assert_eq!(row(&verified, "accepted/pile.rs")["verdict"], "AC");
    let wrong = row(&verified, "wrong_answer/normal_play.rs");
    assert_eq!(wrong["verdict"], "WA");
    let aimed: Vec<(&str, &str)> = wrong["aimed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["test"].as_str().unwrap(), a["verdict"].as_str().unwrap()))
        .collect();
    assert_eq!(aimed, [("05", "WA"), ("09", "WA")], "{wrong:#}");
    let brute = row(&verified, "brute_force/pile_search.rs");
    assert_eq!(brute["ok"], true, "{brute:#}");

    let certified = kit.accepted(&["certify", "pile"]);
    assert_eq!(certified["cases"], 40_000, "{certified:#}");

    // Where `next` says: a folder named by the short name, under the
    // target folder (nothing is written among the kit's sources).
    let package = report["next"][3].as_str().unwrap();
    let out = target.join("new-kit-target/icpc/pile");
    assert_eq!(
        package,
        format!("judge package pile --format icpc --out {}", out.display())
    );
    let inside = kit.path("icpc/pile");
    let stderr = kit.error(&[
        "package",
        "pile",
        "--format",
        "icpc",
        "--out",
        inside.to_str().unwrap(),
    ]);
    assert!(
        stderr.contains("inside the kit's tree, among its sources"),
        "{stderr}"
    );
    let packaged = kit.accepted(&[
        "package",
        "pile",
        "--format",
        "icpc",
        "--out",
        out.to_str().unwrap(),
        // The PDFs need Chromium: statement_pages, in the slow tier.
        "--no-pdf",
    ]);
    // BAPCtools compiles Rust as edition 2018: said, naming the solutions.
    let said = packaged["warnings"].to_string();
    assert!(
        said.contains("Rust solutions (accepted/pile.rs")
            && said.contains("edition 2021 in the kit, edition 2018 in BAPCtools"),
        "{packaged:#}"
    );
    // And the template's solutions are written for it, and for the judges
    // whose rustc is told no edition (CMS, Hydro).
    for solution in ["accepted/pile.rs", "brute_force/pile_search.rs"] {
        for edition in ["2015", "2018"] {
            let source = kit.path(&format!("solutions/pile/{solution}"));
            let compiled = std::process::Command::new("rustc")
                .args(["--edition", edition, "--emit=metadata", "--out-dir"])
                .arg(target.join("new-kit-target/editions"))
                .arg(&source)
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&compiled.stderr);
            assert!(compiled.status.success(), "{solution} as {edition}: {text}");
        }
    }
    let yaml = std::fs::read_to_string(out.join("problem.yaml")).unwrap();
    assert!(yaml.contains("en: Last Stone Loses"), "{yaml}");
    assert!(yaml.contains("time_limit: 2.0"), "{yaml}");
    assert!(out.join("output_validator/check-pile.rs").is_file());
    assert!(out.join("input_validators/val-pile/val-pile.rs").is_file());
    assert!(
        out.join("submissions/wrong_answer/normal_play.rs")
            .is_file()
    );
    assert_eq!(
        std::fs::read_to_string(out.join("data/secret/09.in")).unwrap(),
        "2\n6 5\n5 5\n"
    );
    eprintln!(
        "template problem: new to package in {:.1} s",
        start.elapsed().as_secs_f64()
    );

    // A copy of bash, in the same kit; bash's built tests and build
    // outputs, were there any, stay behind.
    kit.write("problems/bash/tests/01.in", "1\n1 1\n");
    kit.write("problems/bash/build/notes.txt", "built\n");
    let copied = kit.accepted(&["new", "bash-copy", "--from", "bash"]);
    assert_eq!(copied["from"], "bash");
    let toml = kit.read("problems/bash-copy/problem.toml");
    for line in [
        "title = { en = \"Bash Game (copy)\", zh = \"巴什博弈（副本）\" }",
        "checker = \"check-bash-copy\"",
        "validator = \"val-bash-copy\"",
        "generator = \"gen-bash-copy\"",
        "reference = \"accepted/bash.rs\"",
        "cpp_checker = \"wcmp\"",
        "cpp_validator = \"../../validators/cpp/val-bash-copy.cpp\"",
    ] {
        assert!(toml.contains(line), "{line} not in\n{toml}");
    }
    for (copy, original) in [
        (
            "checkers/src/bin/check-bash-copy.rs",
            "checkers/src/bin/check-bash.rs",
        ),
        (
            "validators/src/bin/val-bash-copy.rs",
            "validators/src/bin/val-bash.rs",
        ),
        (
            "generators/src/bin/gen-bash-copy.rs",
            "generators/src/bin/gen-bash.rs",
        ),
        (
            "validators/cpp/val-bash-copy.cpp",
            "validators/cpp/val-bash.cpp",
        ),
        (
            "solutions/bash-copy/wrong_answer/mod_m.cpp",
            "solutions/bash/wrong_answer/mod_m.cpp",
        ),
        (
            "problems/bash-copy/samples/1.in",
            "problems/bash/samples/1.in",
        ),
    ] {
        assert_eq!(kit.read(copy), kit.read(original), "{copy}");
    }
    assert!(
        kit.read("problems/bash-copy/statement.en.md")
            .starts_with("# Bash Game (copy)\n")
    );
    assert!(!kit.path("problems/bash-copy/tests").exists());
    assert!(!kit.path("problems/bash-copy/build").exists());
    let built = kit.accepted(&["build", "bash-copy"]);
    assert_eq!(built["problems"][0]["tests"], 20, "{built:#}");
    let verified = kit.accepted(&["verify", "bash-copy"]);
    assert_eq!(
        verified["solutions"].as_array().unwrap().len(),
        7,
        "{verified:#}"
    );
    eprintln!(
        "template problem and copy of bash: {:.1} s in all",
        start.elapsed().as_secs_f64()
    );
    std::fs::remove_dir_all(kit.dir()).unwrap();
}

/// The guide's worked example (`book/src/setter/lab.md`), from the lab to
/// a problem on a game none of the kit's problems uses: the lab proves
/// Kayles' period, `judge new` makes the problem, the example's files
/// (`examples/kayles/`, laid out as in the kit) replace the template's
/// rule, and the problem builds, verifies, is certified and catches both
/// of its traps.
#[test]
fn the_lab_to_problem_example_is_certified_and_catches_its_traps() {
    let target = root().join("target");
    let kit = Kit::copy(
        &target.join("new-kit/kayles"),
        &target.join("new-kit-target"),
    );
    let lab = kit.accepted(&["lab", "octal", "0.77", "--upto", "300"]);
    assert_eq!(
        (&lab["preperiod"], &lab["period"], &lab["proven"]),
        (&71.into(), &12.into(), &true.into())
    );
    // Rows 70 and 82: the last exception, and the value after it.
    assert_eq!(
        (&lab["grundy"][70], &lab["grundy"][82]),
        (&6.into(), &2.into())
    );

    kit.accepted(&["new", "kayles"]);
    for template in [
        "solutions/kayles/brute_force/kayles_search.rs",
        "solutions/kayles/wrong_answer/normal_play.rs",
    ] {
        std::fs::remove_file(kit.path(template)).unwrap();
    }
    let example = root().join("examples/kayles");
    for entry in walkdir::WalkDir::new(&example) {
        let entry = entry.unwrap();
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(&example).unwrap();
            let text = std::fs::read_to_string(entry.path()).unwrap();
            kit.write(rel.to_str().unwrap(), &text);
        }
    }

    let built = kit.accepted(&["build", "kayles"]);
    assert_eq!(built["problems"][0]["tests"], 9, "{built:#}");
    let sample = [
        kit.read("problems/kayles/tests/01.in"),
        kit.read("problems/kayles/tests/01.ans"),
    ];
    for language in ["en", "zh"] {
        let statement = kit.read(&format!("problems/kayles/statement.{language}.md"));
        assert_eq!(code_blocks(&statement), sample, "{language}");
    }
    let verified = kit.accepted(&["verify", "kayles"]);
    assert_eq!(row(&verified, "accepted/kayles.rs")["verdict"], "AC");
    for (wrong, trap) in [("mirror", "05"), ("early_period", "06")] {
        let wrong = row(&verified, &format!("wrong_answer/{wrong}.rs"));
        assert_eq!(wrong["verdict"], "WA", "{wrong:#}");
        assert_eq!(wrong["aimed"][0]["test"], trap, "{wrong:#}");
        assert_eq!(wrong["aimed"][0]["verdict"], "WA", "{wrong:#}");
    }
    let brute = row(&verified, "brute_force/kayles_mex.rs");
    assert_eq!(brute["ok"], true, "{brute:#}");

    let certified = kit.accepted(&["certify", "kayles"]);
    assert_eq!(certified["cases"], 90_000, "{certified:#}");

    // 对拍 finds the mirror rule's mistake in small games, shrunk to one.
    let args = [
        "--json",
        "stress",
        "kayles",
        "solutions/kayles/wrong_answer/mirror.rs",
    ];
    let run = kit.judge(&args);
    assert_eq!(run.code, Some(1), "{}{}", run.stdout, run.stderr);
    let report: Value = serde_json::from_str(&run.stdout).unwrap();
    let input = report["failure"]["input"].as_str().unwrap();
    assert_eq!(input.lines().next(), Some("1"), "{report:#}");
    std::fs::remove_dir_all(kit.dir()).unwrap();
}

#[test]
fn bad_requests_are_errors_that_leave_the_kit_unchanged() {
    let scratch = tempfile::tempdir().unwrap();
    let kit = Kit::copy(&scratch.path().join("kit"), &scratch.path().join("target"));
    // What is in the way of a new problem.
    kit.write("problems/stray/notes.md", "not a problem yet\n");
    kit.write("generators/src/bin/gen-taken.rs", "fn main() {}\n");
    let before = kit.snapshot();
    let long = "a".repeat(33);
    let cases: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (
            vec!["new", "Pile"],
            vec!["`Pile` cannot name a problem", "lower-case letters"],
        ),
        (
            vec!["new", "9lives"],
            vec!["`9lives` cannot name a problem"],
        ),
        (vec!["new", "a_b"], vec!["`a_b` cannot name a problem"]),
        (vec!["new", "pile-"], vec!["`pile-` cannot name a problem"]),
        (
            vec!["new", &long],
            vec!["cannot name a problem", "at most 32"],
        ),
        (vec!["new", "bash"], vec!["judge.toml lists `bash` already"]),
        (vec!["new", "stray"], vec!["problems/stray exists already"]),
        (
            vec!["new", "taken"],
            vec!["generators/src/bin/gen-taken.rs exists already"],
        ),
        (
            vec!["new", "pile", "--from", "nope"],
            vec!["--from", "unknown problem `nope`", "judge.toml lists: bash"],
        ),
        (
            vec!["new", "bash", "--from", "nim"],
            vec!["lists `bash` already"],
        ),
    ];
    for (args, expected) in cases {
        let stderr = kit.error(&args);
        for part in expected {
            assert!(stderr.contains(part), "{args:?}: {part:?} not in {stderr}");
        }
        assert!(kit.snapshot() == before, "{args:?} changed the kit");
    }
}

#[test]
fn a_write_that_fails_midway_is_undone() {
    let scratch = tempfile::tempdir().unwrap();
    let kit = Kit::copy(&scratch.path().join("kit"), &scratch.path().join("target"));
    // The checkers' folder of binaries becomes a file: the problem's folder,
    // its generator and validator are written before the checker fails.
    std::fs::rename(
        kit.path("checkers/src/bin"),
        scratch.path().join("checkers-bin"),
    )
    .unwrap();
    kit.write("checkers/src/bin", "in the way\n");
    let before = kit.snapshot();
    let stderr = kit.error(&["new", "pile"]);
    assert!(
        stderr.contains("checkers/src/bin/check-pile.rs"),
        "{stderr}"
    );
    assert!(
        kit.snapshot() == before,
        "the failed write left files behind"
    );
    assert!(!kit.path("problems/pile").exists() && !kit.path("solutions/pile").exists());
}

/// The template problem, exported as it is, passes BAPCtools' `bt run`:
/// every submission gets the verdict its folder promises under BAPCtools'
/// own compilers (Rust as edition 2018, where the kit compiles 2021).
#[test]
#[ignore = "slow tier: the judges' own tools"]
fn the_template_problem_passes_bt_run_as_it_is() {
    let target = root().join("target");
    let kit = Kit::copy(&target.join("new-kit/bt"), &target.join("new-kit-target"));
    kit.accepted(&["new", "pile"]);
    let packages = tempfile::tempdir().unwrap();
    let out = packages.path().join("pile");
    let args = ["package", "pile", "--format", "icpc", "--no-pdf", "--out"];
    kit.accepted(&[&args[..], &[out.to_str().unwrap()]].concat());
    let home = packages.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    let bt = testkit::tools::tool("bt");
    // (A loaded machine's runs wait: BAPCtools' wall-clock timeout raised.)
    let run = ["run", "--no-bar", "--timeout", "10"];
    let (ok, text) = testkit::tools::run(&bt, &run, &out, &home);
    assert!(ok, "bt run:\n{text}");
    for (solution, verdict) in [
        ("accepted/pile.rs:", "AC"),
        ("wrong_answer/normal_play.rs:", "WA"),
    ] {
        let line = text.lines().find(|l| l.trim_start().starts_with(solution));
        let verdicts = line.map(|l| l.split_whitespace().nth(1));
        assert_eq!(verdicts, Some(Some(verdict)), "{solution} in {text}");
    }
}
