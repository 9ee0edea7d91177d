//! CMS tasks in the Italian olympiads' layout (task-maker's): tests only
//! as `gen/GEN` lines, made by `gen/generatore.*`, checked by
//! `gen/valida.*` with its subtask's number, judged by `cor/correttore.*`,
//! answered by `sol/soluzione.*`; only the solutions the task vouches for
//! are promised AC.

use std::path::Path;

use testkit::kit::Kit;
use testkit::kit::sum::CMS_CHECKER;

/// The generator: `a b` from its two arguments, bounded by a module of
/// its folder (as the olympiads' `limiti.py`).
const GENERATOR: &str = "#!/usr/bin/env python3\nimport sys\nfrom limiti import MAXV\n\
a, b = int(sys.argv[1]), int(sys.argv[2])\nassert 0 <= a <= MAXV and 0 <= b <= MAXV\n\
print(a, b)\n";

/// The validator: the input's path, then the subtask's number; subtask 2
/// (the small one) holds numbers up to 100.
const VALIDATOR: &str = "#!/usr/bin/env python3\nimport sys\nfrom limiti import MAXV\n\
a, b = map(int, open(sys.argv[1]).read().split())\nsubtask = int(sys.argv[2])\n\
if not (0 <= a <= MAXV and 0 <= b <= MAXV):\n    sys.exit('out of bounds')\n\
if subtask == 2 and max(a, b) > 100:\n    sys.exit(f'subtask 2 holds numbers up to 100, not {a} {b}')\n";

/// Every kind of line: comments, blank lines, the sample copied in, a
/// subtask in CMS's spaced form with a name, arguments with an inline
/// comment, a subtask depending on another.
const GEN: &str = "# a b\n\n#ST: 0\n#COPY: testo/esempio.txt\n\n# ST: 40\n#STNAME: piccoli\n\
7 8   # small\n40 2\n#ST: 60\n#STNAME: grandi\n#STDEP: piccoli\n3000000000 4000000000\n\
1000000000000 1\n";

const SUM_PY: &str = "a, b = map(int, input().split())\nprint(a + b)\n";

/// Overflows on the big subtask.
const INT32_C: &str = "#include <stdio.h>\nint main(void) { int a, b; scanf(\"%d %d\", &a, \
&b); printf(\"%d\\n\", a + b); return 0; }\n";

/// The task `coppie`; the second test's input and answer stored.
pub(crate) fn task(dir: &Path) {
    let files = [
        (
            "task.yaml",
            "name: coppie\ntitle: Coppie\ntime_limit: 1\nmemory_limit: 64\ninfile: ''\n\
             outfile: ''\npublic_testcases: '0'\n",
        ),
        ("gen/GEN", GEN),
        ("gen/generatore.py", GENERATOR),
        ("gen/limiti.py", "MAXV = 10**12\n"),
        ("gen/valida.py", VALIDATOR),
        ("testo/esempio.txt", "1 2\n"),
        ("input/input1.txt", "7 8\n"),
        ("output/output1.txt", "15\n"),
        ("cor/correttore.c", CMS_CHECKER),
        ("sol/soluzione.py", SUM_PY),
        ("sol/sbagliata.c", INT32_C),
        ("sol/lenta.py", SUM_PY),
        ("sol/furba.py", &format!("# @check-accepted: *\n{SUM_PY}")),
        (
            "sol/parziale.c",
            &format!("// @check-accepted: piccoli\n// @check-wrong-answer: grandi\n{INT32_C}"),
        ),
    ];
    for (rel, text) in files {
        let path = dir.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// The verify row of `solution`: its promise, verdict and whether kept.
fn row(verify: &serde_json::Value, solution: &str) -> (String, String, bool) {
    let rows = verify["solutions"].as_array().unwrap();
    let row = rows.iter().find(|r| r["solution"] == solution).unwrap();
    (
        row["expected"].as_str().unwrap().to_string(),
        row["verdict"].as_str().unwrap().to_string(),
        row["ok"].as_bool().unwrap(),
    )
}

#[test]
fn gen_lines_become_tests_made_validated_and_answered() {
    let kit = Kit::new();
    let package = tempfile::tempdir().unwrap();
    task(package.path());
    let (code, report) = kit.json(&["import", package.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    assert_eq!(report["tests"], 5, "{report}");
    let notes = report["notes"].to_string();
    for said in [
        "5 tests: 1 copied",
        "1 generated from its lines and compared with the stored input/, 3 generated from its \
         lines only",
        "4 answered by the reference solution",
        "unknown/lenta.py (its name says slow)",
        "unknown/sbagliata.c (its name says wrong)",
        "rejected/parziale.c",
    ] {
        assert!(notes.contains(said), "{said} not in {notes}");
    }
    let problem = kit.read("problems/coppie/problem.toml");
    for line in [
        "validator = \"package/gen/valida\"",
        "[protocols]\nchecker = \"cms\"\nvalidator = \"cms\"",
        "\"package/gen/generatore\" = [\"package/gen/generatore.py\", \"package/gen/limiti.py\"]",
        "name = \"subtask3\"\npoints = 60\ndepends = [\"subtask2\"]",
        "file = \"package/testo/esempio.txt\"\ngroup = \"subtask1\"\nsample = true\n\
         validator_args = [\"1\"]",
        "generator = \"package/gen/generatore\"\nargs = [\"40\", \"2\"]\ngroup = \"subtask2\"\n\
         validator_args = [\"2\"]",
    ] {
        assert!(problem.contains(line), "{line} not in\n{problem}");
    }
    let (code, build) = kit.json(&["build", "coppie"]);
    assert_eq!(code, 0, "{build}");
    assert_eq!(build["problems"][0]["regenerated_equal"], 1, "{build}");
    assert_eq!(build["problems"][0]["validated"], 5, "{build}");
    let (code, verify) = kit.json(&["verify", "coppie"]);
    assert_eq!(code, 0, "{verify}");
    let any = "any verdict".to_string();
    assert_eq!(
        row(&verify, "accepted/soluzione.py"),
        ("AC".into(), "AC".into(), true)
    );
    assert_eq!(
        row(&verify, "accepted/furba.py"),
        ("AC".into(), "AC".into(), true)
    );
    assert_eq!(
        row(&verify, "unknown/lenta.py"),
        (any.clone(), "AC".into(), true)
    );
    assert_eq!(
        row(&verify, "unknown/sbagliata.c"),
        (any, "WA".into(), true)
    );
    let (expected, verdict, ok) = row(&verify, "rejected/parziale.c");
    assert!(
        !expected.contains("AC") && verdict == "WA" && ok,
        "{verify}"
    );
}

#[test]
fn the_validator_gets_each_tests_subtask() {
    let kit = Kit::new();
    let package = tempfile::tempdir().unwrap();
    task(package.path());
    // 500 is out of the small subtask's bounds, and only of them.
    let small = GEN.replace("40 2\n", "500 2\n");
    std::fs::write(package.path().join("gen/GEN"), &small).unwrap();
    let (code, report) = kit.json(&["import", package.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let error = kit.error(&["build", "coppie"]);
    assert!(
        error.contains("subtask 2 holds numbers up to 100, not 500 2"),
        "{error}"
    );
    let big = small
        .replace("500 2\n", "40 2\n")
        .replace("1000000000000 1", "500 2");
    std::fs::write(package.path().join("gen/GEN"), big).unwrap();
    let name = ["--name", "coppie2"];
    let (code, report) =
        kit.json(&[&["import", package.path().to_str().unwrap()], &name[..]].concat());
    assert_eq!(code, 0, "{report}");
    let (code, build) = kit.json(&["build", "coppie2"]);
    assert_eq!(code, 0, "{build}");
}

/// Imports the task after `change`; the error, which must hold `expected`.
fn refused(change: impl Fn(&Path), expected: &[&str]) {
    let kit = Kit::new();
    let package = tempfile::tempdir().unwrap();
    task(package.path());
    change(package.path());
    let error = kit.error(&["import", package.path().to_str().unwrap()]);
    for said in expected {
        assert!(error.contains(said), "{said} not in {error}");
    }
}

#[test]
fn what_the_kit_cannot_make_is_refused_by_name() {
    let write = |rel: &'static str, text: &'static str| {
        move |dir: &Path| std::fs::write(dir.join(rel), text).unwrap()
    };
    refused(
        |dir| std::fs::remove_file(dir.join("gen/generatore.py")).unwrap(),
        &[
            "gen/GEN:9: test 2 is neither stored (input/input2.txt) nor made",
            "no generator",
        ],
    );
    refused(
        write("gen/generatore.py", "#!/usr/bin/env python2\nprint 1, 2\n"),
        &["gen/GEN:9", "generatore.py: a Python 2 program"],
    );
    refused(
        write("gen/valida.py", "#!/usr/bin/env pypy\nprint 1\n"),
        &["valida.py: a Python 2 program", "unvalidated", "--lossy"],
    );
    refused(
        |dir| std::fs::remove_file(dir.join("testo/esempio.txt")).unwrap(),
        &["gen/GEN:4: `#COPY: testo/esempio.txt`: the task has no such file"],
    );
    // No solution the task vouches for: the official one and the one its
    // checks accept gone, the slow one is no reference.
    refused(
        |dir| {
            std::fs::remove_file(dir.join("sol/soluzione.py")).unwrap();
            std::fs::remove_file(dir.join("sol/furba.py")).unwrap();
        },
        &[
            "gen/GEN:4: test 0 has no stored answer (output/output0.txt)",
            "no reference",
        ],
    );
    refused(
        write("gen/cases.gen", ": GEN default gen/generatore.py A B\n"),
        &["gen/cases.gen: task-maker's cases.gen"],
    );
    refused(
        write("gen/GEN", "#ST: 100\ntesto/esempio.txt 3\n"),
        &[
            "gen/GEN:2: the argument `testo/esempio.txt` names a file of the task",
            "stores no input/input0.txt",
        ],
    );
    refused(
        write("gen/GEN", "#ST: 100\n1 2 #ST: 5\n"),
        &["gen/GEN:2: a test's arguments and `#ST:` on one line"],
    );
}

/// task-maker's own description, `task.yaml.orig`, stands for task.yaml,
/// its name the folder's and its solutions on stdin and stdout.
#[test]
fn a_task_yaml_orig_is_read_as_task_maker_reads_it() {
    let kit = Kit::new();
    let package = tempfile::tempdir().unwrap();
    let dir = package.path().join("pairs");
    task(&dir);
    std::fs::remove_file(dir.join("task.yaml")).unwrap();
    let orig = "title: Coppie\ntime_limit: 1\nmemory_limit: 64\n";
    std::fs::write(dir.join("task.yaml.orig"), orig).unwrap();
    let (code, report) = kit.json(&["import", dir.to_str().unwrap()]);
    assert_eq!(
        (code, report["problem"].as_str()),
        (0, Some("pairs")),
        "{report}"
    );
    let (code, verify) = kit.json(&["verify", "pairs"]);
    assert_eq!(code, 0, "{verify}");
    assert_eq!(
        row(&verify, "accepted/soluzione.py"),
        ("AC".into(), "AC".into(), true)
    );
}

/// A generator the kit cannot run makes nothing, and says so; the inputs
/// the task stores stand for its lines.
#[test]
fn stored_inputs_stand_for_a_generator_the_kit_cannot_run() {
    let kit = Kit::new();
    let package = tempfile::tempdir().unwrap();
    task(package.path());
    let python2 = "#!/usr/bin/env python2\nimport sys\nprint sys.argv[1], sys.argv[2]\n";
    std::fs::write(package.path().join("gen/generatore.py"), python2).unwrap();
    for (i, input) in [
        (2, "40 2\n"),
        (3, "3000000000 4000000000\n"),
        (4, "1000000000000 1\n"),
    ] {
        let path = package.path().join(format!("input/input{i}.txt"));
        std::fs::write(path, input).unwrap();
    }
    let (code, report) = kit.json(&["import", package.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{report}");
    let notes = report["notes"].to_string();
    for said in [
        "0 generated from its lines only (no stored input), 4 stored in input/ without a \
         generator",
        "generatore.py: a Python 2 program (its first line is `#!/usr/bin/env python2`)",
        "the stored inputs stand",
    ] {
        assert!(notes.contains(said), "{said} not in {notes}");
    }
    let problem = kit.read("problems/coppie/problem.toml");
    assert!(!problem.contains("generator ="), "{problem}");
    let (code, build) = kit.json(&["build", "coppie"]);
    assert_eq!(code, 0, "{build}");
}
