//! Generated tests going back out: an imported problem's generated tests
//! leave as commands with their generators (Polygon's `method="generated"`,
//! BAPCtools' generators.yaml, CMS's gen/GEN), their inputs still stored;
//! imported again they are the same generated tests, byte for byte, and
//! `judge diff` names a test whose generator or arguments differ. Every
//! format's export of an imported problem is the same bytes from any
//! folder.

use std::path::Path;

use serde_json::Value;
use testkit::kit::Kit;

/// Panics unless `text` holds `part`.
fn assert_has(text: &str, part: &str) {
    assert!(text.contains(part), "{part} not in\n{text}");
}

/// A package of each fixture, by the formats its programs' protocol
/// allows: (folder, fixture, formats).
type Fixture = (&'static str, fn(&Path), &'static [&'static str]);

fn bigger(dir: &Path) {
    crate::polygon::bigger(dir, "", 5);
}

const FIXTURES: [Fixture; 3] = [
    ("bigger", bigger, &["polygon", "hydro"]),
    (
        "madesums",
        crate::generators_yaml::made_sums,
        &["icpc", "icpc-legacy"],
    ),
    ("coppie", crate::cms_gen::task, &["cms"]),
];

/// Exports `problem` in `format` to the kit's target folder (a folder
/// named by letters only, as ICPC wants); the folder.
fn export(kit: &Kit, problem: &str, format: &str) -> std::path::PathBuf {
    let out = kit.path(&format!("target/{}{}", problem, format.replace('-', "")));
    let testlib_h = kit.path("testlib.h");
    let args = ["package", problem, "--format", format, "--no-pdf", "--out"];
    let more = [
        out.to_str().unwrap(),
        "--testlib-h",
        testlib_h.to_str().unwrap(),
    ];
    let (code, report) = kit.json(&[&args[..], &more].concat());
    assert_eq!(code, 0, "{format}: {report}");
    out
}

/// Each fixture imported in a kit of its own and exported in each of its
/// formats: (format, path under the export, bytes), and the kit.
fn exports_in_a_new_kit(packages: &Path) -> (Kit, Vec<(String, String, Vec<u8>)>) {
    let kit = Kit::new();
    kit.write("testlib.h", "// a stand-in\n");
    let mut files = Vec::new();
    for (folder, _, formats) in FIXTURES {
        let package = packages.join(folder);
        let path = package.to_str().unwrap();
        let (code, report) = kit.json(&["import", path, "--name", folder]);
        assert_eq!(code, 0, "{report}");
        for format in formats {
            let out = export(&kit, folder, format);
            for (path, bytes) in testkit::files::contents(&out) {
                files.push((format.to_string(), path, bytes));
            }
        }
    }
    (kit, files)
}

#[test]
fn an_imported_problem_exports_the_same_bytes_from_any_folder() {
    let packages = tempfile::tempdir().unwrap();
    for (folder, write, _) in FIXTURES {
        write(&packages.path().join(folder));
    }
    let (one, first) = exports_in_a_new_kit(packages.path());
    let (two, second) = exports_in_a_new_kit(packages.path());
    assert_ne!(one.dir(), two.dir());
    assert_eq!(
        first.iter().map(|f| (&f.0, &f.1)).collect::<Vec<_>>(),
        second.iter().map(|f| (&f.0, &f.1)).collect::<Vec<_>>()
    );
    let formats: std::collections::BTreeSet<&str> = first.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(formats.len(), 5, "every format: {formats:?}");
    for ((format, name, a), (_, _, b)) in first.iter().zip(&second) {
        assert!(a == b, "{format}: {name} differs between the two kits");
        // No path of the machine: neither kit's folder nor the packages'.
        let text = String::from_utf8_lossy(a);
        for dir in [one.dir(), two.dir(), packages.path()] {
            let dir = dir.to_str().unwrap();
            assert!(!text.contains(dir), "{format}: {name} holds {dir}");
        }
    }
    // The generated tests leave as commands, in each format's words.
    let text = |format: &str, path: &str| {
        let file = first.iter().find(|f| f.0 == format && f.1.ends_with(path));
        String::from_utf8_lossy(&file.unwrap_or_else(|| panic!("{format}: no {path}")).2)
            .into_owned()
    };
    let xml = text("polygon", "problem.xml");
    assert_has(&xml, r#"<test method="generated" cmd="pair 12 5"/>"#);
    let executables = xml.split("<executables>").nth(1).unwrap();
    let executables = executables.split("</executables>").next().unwrap();
    assert_has(executables, r#"<source path="files/pair.c" type="c.gcc"/>"#);
    assert_has(&xml, r#"<name language="english" value="The Bigger One"/>"#);
    assert!(!xml.contains(r#"language="chinese""#), "{xml}");
    let yaml = text("icpc", "generators/generators.yaml");
    assert_has(&yaml, "generate: echo.py 40 2");
    assert_has(&yaml, "pair:\n    - pair.py\n    - twice.py");
    assert_has(&text("cms", "gen/GEN"), "#ST: 40\n7 8\n40 2\n");
    assert!(
        !first
            .iter()
            .any(|f| f.0 == "icpc-legacy" && f.1.contains("generators.yaml")),
        "legacy ICPC has no generators"
    );
}

/// How each test of `problem` is made, from its problem.toml: the
/// generator (its file name) and arguments, or none.
fn recipes(kit: &Kit, problem: &str) -> Vec<Option<(String, Vec<String>)>> {
    let text = kit.read(&format!("problems/{problem}/problem.toml"));
    let toml: toml::Value = toml::from_str(&text).unwrap();
    let tests = toml["tests"].as_array().unwrap();
    (tests.iter())
        .map(|t| {
            let generator = t.get("generator")?.as_str()?;
            let name = generator.rsplit('/').next().unwrap().to_string();
            let args = t["args"].as_array().unwrap().iter();
            Some((
                name,
                args.map(|a| a.as_str().unwrap().to_string()).collect(),
            ))
        })
        .collect()
}

/// Imports `from` as `again`: its tests are made as `name`'s are, and
/// `judge diff` finds no difference.
fn comes_back_generated(kit: &Kit, name: &str, from: &Path, again: &str) -> Value {
    let (code, report) = kit.json(&["import", from.to_str().unwrap(), "--name", again]);
    assert_eq!(code, 0, "{report}");
    let (made, back) = (recipes(kit, name), recipes(kit, again));
    assert!(made.iter().filter(|r| r.is_some()).count() >= 3, "{made:?}");
    assert_eq!(made, back, "{again}");
    let (code, diff) = kit.json(&["diff", name, again]);
    assert_eq!(
        (code, &diff["differences"]),
        (0, &serde_json::json!([])),
        "{diff}"
    );
    report
}

/// Polygon → kit → Polygon → kit, and BAPCtools' generators.yaml → kit →
/// ICPC → kit: the tests come back generated, by the same generator with
/// the same arguments, byte for byte (`judge diff`, which compares each
/// test's generator and arguments too).
#[test]
fn generated_tests_come_back_generated() {
    let kit = Kit::new();
    kit.write("testlib.h", "// a stand-in\n");
    let packages = tempfile::tempdir().unwrap();
    let polygon = packages.path().join("bigger");
    crate::polygon::bigger(&polygon, "", 5);
    // Test 04's stored input as its command makes it: every generated
    // test's input is its generator's.
    std::fs::write(polygon.join("tests/04"), "8 2\n").unwrap();
    let icpc = packages.path().join("madesums");
    crate::generators_yaml::made_sums(&icpc);
    for (dir, name, format) in [(&polygon, "bigger", "polygon"), (&icpc, "made", "icpc")] {
        let (code, report) = kit.json(&["import", dir.to_str().unwrap(), "--name", name]);
        assert_eq!(code, 0, "{report}");
        let out = export(&kit, name, format);
        comes_back_generated(&kit, name, &out, &format!("{name}again"));
    }
    // The package holds the generated tests' inputs too.
    let xml = kit.read("target/biggerpolygon/problem.xml");
    assert_has(&xml, r#"<test method="generated" cmd="pair 8 2"/>"#);
    assert_eq!(kit.read("target/biggerpolygon/tests/04"), "8 2\n");
    assert!(kit.path("target/madeicpc/data/secret/03.in").is_file());
    // Where a format keeps no generator, the export says which tests go
    // as their stored inputs.
    for (name, format) in [("made", "icpc-legacy"), ("bigger", "hydro")] {
        let out = kit.path(&format!("target/{name}{}", format.replace('-', "")));
        let args = ["package", name, "--format", format, "--no-pdf", "--out"];
        let (code, report) = kit.json(&[&args[..], &[out.to_str().unwrap()]].concat());
        assert_eq!(code, 0, "{format}: {report}");
        assert_has(
            &report["warnings"].to_string(),
            "go as their stored inputs: the format keeps no generator of theirs",
        );
    }
}

/// A stored input that is not what its generator makes goes out as a
/// manual test, and the export says so; `judge diff` names a test whose
/// generator or arguments changed, with both commands.
#[test]
fn a_changed_command_is_a_difference_and_a_stand_in_stays_manual() {
    let kit = Kit::new();
    kit.write("testlib.h", "// a stand-in\n");
    let packages = tempfile::tempdir().unwrap();
    let package = packages.path().join("bigger");
    crate::polygon::bigger(&package, "", 5);
    let (code, report) = kit.json(&["import", package.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let out = kit.path("target/poly");
    let args = [
        "package", "bigger", "--format", "polygon", "--no-pdf", "--out",
    ];
    let testlib_h = kit.path("testlib.h");
    let more = [
        out.to_str().unwrap(),
        "--testlib-h",
        testlib_h.to_str().unwrap(),
    ];
    let (code, report) = kit.json(&[&args[..], &more].concat());
    assert_eq!(code, 0, "{report}");
    assert_has(
        &report["warnings"].to_string(),
        "the stored inputs of tests 04 are not what their generator makes here",
    );
    let xml = kit.read("target/poly/problem.xml");
    assert_has(
        &xml,
        r#"<test method="manual" description="package/files/pair.c 8 2"/>"#,
    );

    kit.json(&["import", package.to_str().unwrap(), "--name", "other"]);
    kit.edit(
        "problems/other/problem.toml",
        "args = [\"12\", \"5\"]",
        "args = [\"12\", \"6\"]",
    );
    let (code, diff) = kit.json(&["diff", "bigger", "other"]);
    assert_eq!(code, 1, "{diff}");
    let differences = diff["differences"].as_array().unwrap();
    let generator = (differences.iter()).find(|d| d["what"] == "test 03 generator");
    let generator = generator.unwrap_or_else(|| panic!("{diff:#}"));
    let (a, b) = (
        generator["a"].as_str().unwrap(),
        generator["b"].as_str().unwrap(),
    );
    assert_has(a, "`12 5` of content ");
    assert_eq!(b, a.replace("`12 5`", "`12 6`"));
}

/// A generator including a header beside it goes to Polygon as one file,
/// the header inlined, and to CMS under task-maker's name, the header
/// beside it (said in a warning): `judge diff` compares a C source with
/// its headers inlined, so the first comes back the same, and the second
/// with one difference, the generator's name (not one a test).
#[test]
fn a_generator_comes_back_the_same_inlined_or_renamed() {
    let kit = Kit::new();
    kit.write("testlib.h", "// a stand-in\n");
    // C finds its headers beside the source, as the kit's judge.toml has it.
    let toml = kit.read("judge.toml");
    let c = toml.find("[languages.c]").unwrap();
    let at = c + toml[c..].find("\"-o\"").unwrap();
    kit.write(
        "judge.toml",
        &format!("{}\"-I{{source_dir}}\", {}", &toml[..at], &toml[at..]),
    );
    let packages = tempfile::tempdir().unwrap();
    let package = packages.path().join("bigger");
    crate::polygon::bigger(&package, "", 5);
    std::fs::write(package.join("tests/04"), "8 2\n").unwrap();
    let pair = "#include <stdio.h>\n#include \"pair.h\"\nint main(int argc, char **argv) { PAIR(argv); return 0; }\n";
    std::fs::write(package.join("files/pair.c"), pair).unwrap();
    let header = "#define PAIR(argv) printf(\"%s %s\\n\", argv[1], argv[2])\n";
    std::fs::write(package.join("files/pair.h"), header).unwrap();
    let (code, report) = kit.json(&["import", package.to_str().unwrap(), "--name", "bigger"]);
    assert_eq!(code, 0, "{report}");

    let out = export(&kit, "bigger", "polygon");
    let inlined = kit.read("target/biggerpolygon/files/pair.c");
    assert_has(&inlined, "#define PAIR(argv)");
    comes_back_generated(&kit, "bigger", &out, "biggeragain");

    // CMS's checker is compiled by the kit: the testlib one as C++, which
    // the export wraps into CMS's protocol.
    let checker = kit.read("problems/bigger/package/files/compare.c");
    kit.write("problems/bigger/package/files/compare.cpp", &checker);
    kit.edit(
        "problems/bigger/problem.toml",
        "compare.c\"",
        "compare.cpp\"",
    );
    let out = kit.path("target/biggercms");
    let args = ["package", "bigger", "--format", "cms", "--no-pdf", "--out"];
    let (code, report) = kit.json(&[&args[..], &[out.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{report}");
    assert_has(
        &report["warnings"].to_string(),
        "the generator pair.c goes as gen/generator.c (the name task-maker looks for)",
    );
    assert_has(
        &kit.read("target/biggercms/gen/pair.h"),
        "#define PAIR(argv)",
    );
    let (code, report) = kit.json(&["import", out.to_str().unwrap(), "--name", "biggercms"]);
    assert_eq!(code, 0, "{report}");
    let (_, diff) = kit.json(&["diff", "bigger", "biggercms"]);
    let differences = diff["differences"].as_array().unwrap();
    let generators = (differences.iter()).find(|d| d["what"] == "generators");
    let generators = generators.unwrap_or_else(|| panic!("{diff:#}"));
    assert_has(
        generators["a"].as_str().unwrap(),
        "sources pair.c (content ",
    );
    assert_has(
        generators["b"].as_str().unwrap(),
        "sources generator.c (content ",
    );
    let content = |side: &str| {
        generators[side]
            .as_str()
            .unwrap()
            .split("content ")
            .nth(1)
            .map(str::to_string)
    };
    assert_eq!(content("a"), content("b"), "{generators}");
    assert!(
        !differences
            .iter()
            .any(|d| d["what"].as_str().unwrap().ends_with(" generator")),
        "{diff:#}"
    );
}

/// Two generators in folders of their own (BAPCtools's program folders)
/// whose sources share a name go to ICPC as those folders, named by the
/// commands, and come back the same.
#[test]
fn generators_in_folders_of_their_own_go_back_as_folders() {
    let kit = Kit::new();
    kit.write("testlib.h", "// a stand-in\n");
    let packages = tempfile::tempdir().unwrap();
    let package = packages.path().join("madesums");
    crate::generators_yaml::made_sums(&package);
    for (folder, b) in [("one", 1), ("two", 2)] {
        let source = format!("import sys\nprint((sys.argv + ['5'])[1], {b})\n");
        testkit::files::write(
            &package.join(format!("generators/{folder}/gen.py")),
            &source,
        );
    }
    // (echo.py, which makes the samples, makes `3 4` with no arguments.)
    let echo = "import sys\nprint(*(sys.argv[1:] or ['3', '4']))\n";
    std::fs::write(package.join("generators/echo.py"), echo).unwrap();
    let yaml = std::fs::read_to_string(package.join("generators/generators.yaml")).unwrap();
    let yaml = yaml.replace(
        "      - small: echo.py 40 2\n",
        "      - small: echo.py 40 2\n      - byone: one 7\n      - bytwo: two 8\n      - bare: echo.py\n",
    );
    std::fs::write(package.join("generators/generators.yaml"), yaml).unwrap();
    let (code, report) = kit.json(&["import", package.to_str().unwrap(), "--name", "madesums"]);
    assert_eq!(code, 0, "{report}");

    let out = export(&kit, "madesums", "icpc");
    for folder in ["one", "two"] {
        assert!(out.join(format!("generators/{folder}/gen.py")).is_file());
    }
    let generators = kit.read("target/madesumsicpc/generators/generators.yaml");
    assert_has(&generators, "one 7");
    assert_has(&generators, "two 8");
    comes_back_generated(&kit, "madesums", &out, "madesumsagain");

    // Polygon keeps its files in one folder: the second generator goes by
    // its folder's name, and a second solution of one name by its folder
    // and its name, each said.
    // (A testlib checker, which Polygon takes, for the package's Python
    // one, which it does not.)
    kit.write("problems/madesums/check.cpp", testkit::kit::CHECKER);
    let toml = kit.read("problems/madesums/problem.toml");
    let toml = toml.replace(
        "checker = \"package/output_validator/validate.py\"",
        "checker = \"check.cpp\"",
    );
    let toml = toml.replace("[protocols]\nchecker = \"kattis\"\n", "[protocols]\n");
    kit.write("problems/madesums/problem.toml", &toml);
    let wrong = "a, b = map(int, input().split())\nprint(a + b + 1)\n";
    kit.write("solutions/madesums/wrong_answer/sum.py", wrong);
    let out = kit.path("target/madesumspolygon");
    let args = [
        "package", "madesums", "--format", "polygon", "--lossy", "--out",
    ];
    let testlib_h = kit.path("testlib.h");
    let more = [
        out.to_str().unwrap(),
        "--testlib-h",
        testlib_h.to_str().unwrap(),
    ];
    let report = kit.accepted(&[&args[..], &more].concat());
    for file in [
        "files/one.py",
        "files/two.py",
        "solutions/sum.py",
        "solutions/wrong_answer-sum.py",
    ] {
        assert!(out.join(file).is_file(), "{file}");
    }
    let warnings = report["warnings"].to_string();
    assert_has(&warnings, "goes as files/one.py");
    assert_has(&warnings, "goes as files/two.py");
    assert_has(
        &warnings,
        "wrong_answer/sum.py goes as solutions/wrong_answer-sum.py",
    );
    assert_has(&kit.read("target/madesumspolygon/problem.xml"), "two 8");

    // CMS's gen/GEN has a line of arguments a test: the test echo.py
    // makes with none goes as a copy of its input, said.
    let out = kit.path("target/madesumscms");
    let args = [
        "package", "madesums", "--format", "cms", "--no-pdf", "--lossy", "--out",
    ];
    let report = kit.accepted(&[&args[..], &[out.to_str().unwrap()]].concat());
    let recipes = kit.read("target/madesumscms/gen/GEN");
    let lines = recipes
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with("# "));
    let inputs = std::fs::read_dir(out.join("input")).unwrap().count();
    assert_eq!(lines.count(), inputs, "{recipes}");
    assert_has(&report["warnings"].to_string(), "go as their stored inputs");
}

/// The files under `dir` whose path ends in `.in` or `.ans`, with their
/// bytes.
fn tests_under(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let all = testkit::files::contents(dir).into_iter();
    all.filter(|(path, _)| path.ends_with(".in") || path.ends_with(".ans"))
        .collect()
}

/// BAPCtools' `bt generate` on the ICPC export of an imported
/// generators.yaml package makes every case its generators.yaml names
/// again, and leaves `data/` byte for byte as the kit wrote it; `bt stats`
/// counts the generated cases.
#[test]
#[ignore = "slow tier: BAPCtools from the tools venv"]
fn bt_generate_remakes_the_icpc_export_byte_for_byte() {
    let kit = Kit::new();
    kit.write("testlib.h", "// a stand-in\n");
    let packages = tempfile::tempdir().unwrap();
    let icpc = packages.path().join("madesums");
    crate::generators_yaml::made_sums(&icpc);
    let (code, report) = kit.json(&["import", icpc.to_str().unwrap(), "--name", "made"]);
    assert_eq!(code, 0, "{report}");
    let out = export(&kit, "made", "icpc");
    // A problem folder of BAPCtools is named by letters and digits.
    let problem = packages.path().join("again");
    testkit::files::copy_folder(&out, &problem);
    let before = tests_under(&problem.join("data"));
    let bt = testkit::tools::tool("bt");
    let (_, text) = testkit::tools::run(&bt, &["generate", "--no-bar"], &problem, packages.path());
    assert!(
        text.contains("23 cases generated") && !text.contains("failed"),
        "bt generate:\n{text}"
    );
    let after = tests_under(&problem.join("data"));
    assert_eq!(
        before.iter().map(|t| &t.0).collect::<Vec<_>>(),
        after.iter().map(|t| &t.0).collect::<Vec<_>>(),
        "{text}"
    );
    for ((path, a), (_, b)) in before.iter().zip(&after) {
        assert!(a == b, "bt generate changed {path}:\n{text}");
    }
    let (_, stats) = testkit::tools::run(&bt, &["stats", "--no-bar"], &problem, packages.path());
    eprintln!("bt generate:\n{text}\nbt stats:\n{stats}");
}

/// p2d converts the Polygon export with generated tests (their inputs
/// stored, their generator among the executables) into a DOMjudge
/// package holding every test.
#[test]
#[ignore = "slow tier: p2d from the tools venv"]
fn p2d_takes_the_polygon_export_with_generated_tests() {
    let kit = Kit::new();
    let testlib_h = testkit::tools::testlib_h().unwrap();
    std::fs::copy(testlib_h, kit.path("testlib.h")).unwrap();
    let packages = tempfile::tempdir().unwrap();
    let polygon = packages.path().join("bigger");
    crate::polygon::bigger(&polygon, "", 5);
    let (code, report) = kit.json(&["import", polygon.to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let out = export(&kit, "bigger", "polygon");
    assert_has(
        &kit.read("target/biggerpolygon/problem.xml"),
        "method=\"generated\"",
    );
    let scratch = packages.path().join("scratch");
    std::fs::create_dir_all(&scratch).unwrap();
    // The fixture's checker is no testlib one: p2d converts the package,
    // which problemtools cannot judge.
    testkit::tools::p2d_and_verifyproblem(&out, "A", &scratch, false);
    let converted = std::fs::File::open(scratch.join("biggerpolygon.zip")).unwrap();
    let zip = zip::ZipArchive::new(converted).unwrap();
    let names: Vec<String> = (zip.file_names().flatten())
        .map(|n| n.into_owned())
        .collect();
    let inputs = names.iter().filter(|n| n.ends_with(".in")).count();
    assert_eq!(inputs, 5, "{names:?}");
}
