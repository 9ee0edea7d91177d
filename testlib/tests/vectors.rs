//! Conformance: replays every recorded testlib vector (see `vectors/README.md`)
//! against our programs and requires the exit code, stderr, stdout and any
//! result or output file to be byte-identical to what the real testlib
//! program produced.
//!
//! The programs are the standard checkers of the `checkers` package (built
//! here with cargo) and the small programs the vectors describe, which live in
//! this crate's `examples/` and are built by `cargo test`.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde_json::Value;

/// One run of a program and what it must produce.
struct Vector {
    /// A readable identity, e.g. `checkers/wcmp/ok-single`.
    id: String,
    program: String,
    args: Vec<String>,
    /// A file (relative to the work directory) fed to stdin.
    stdin: Option<String>,
    env: Vec<(String, String)>,
    /// Copied into a fresh work directory before the run.
    setup: Vec<(PathBuf, String)>,
    expected: Expected,
    /// Run against a live A+B solution instead of a file on stdin.
    live_peer: bool,
}

#[derive(Default)]
struct Expected {
    exit_code: i32,
    stderr: Vec<u8>,
    stdout: Option<Vec<u8>>,
    /// Files the run must leave behind (result files, `tout`).
    files: Vec<(String, Vec<u8>)>,
}

fn vectors_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors")
}

/// Names the folder with testlib's own test suite, regenerated on Linux
/// (`<test>/files`, `<test>/refs-linux/<reference>`). That is testlib's data,
/// so it is not in this repository; without it those runs are skipped.
const UPSTREAM_ENV: &str = "TESTLIB_UPSTREAM_VECTORS";

/// How many runs `upstream_vectors` describes; checked whenever the suite is
/// there, so that the count printed when it is not stays true.
const UPSTREAM_RUNS: usize = 110;

fn upstream_root() -> Option<PathBuf> {
    let root = PathBuf::from(std::env::var_os(UPSTREAM_ENV)?);
    root.is_dir().then_some(root)
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn read_exit_code(path: &Path) -> i32 {
    String::from_utf8(read(path))
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

/// The vectors recorded from testlib 0.9.45's own programs (`index.json`).
fn recorded_vectors(root: &Path) -> Vec<Vector> {
    let index: Value = serde_json::from_slice(&read(&root.join("index.json"))).unwrap();
    let mut vectors = Vec::new();
    for entry in index.as_array().unwrap() {
        let dir = entry["dir"].as_str().unwrap();
        let program = entry["program"].as_str().unwrap().to_string();
        let strings = |v: &Value| -> Vec<String> {
            v.as_array()
                .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
                .unwrap_or_default()
        };
        let args = strings(&entry["argv"]);
        let stdin = entry
            .get("stdin")
            .and_then(Value::as_str)
            .map(str::to_string);
        let env = entry
            .get("env")
            .and_then(Value::as_object)
            .map(|m| {
                m.iter()
                    .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
                    .collect()
            })
            .unwrap_or_default();
        let expected_dir = root.join(dir).join("expected");
        let mut expected = Expected {
            exit_code: read_exit_code(&expected_dir.join("exit_code")),
            stderr: read(&expected_dir.join("stderr")),
            stdout: expected_dir
                .join("stdout")
                .exists()
                .then(|| read(&expected_dir.join("stdout"))),
            files: Vec::new(),
        };
        for name in ["result.txt", "result.xml", "tout.txt"] {
            if expected_dir.join(name).exists() {
                expected
                    .files
                    .push((name.to_string(), read(&expected_dir.join(name))));
            }
        }
        vectors.push(Vector {
            id: dir.to_string(),
            program,
            args,
            stdin,
            env,
            setup: vec![(root.join(dir), String::new())],
            expected,
            live_peer: false,
        });
    }
    vectors
}

/// A vector from upstream testlib's own test suite: `refs-linux/<reference>`.
fn upstream(
    root: &Path,
    test: &str,
    reference: &str,
    program: &str,
    args: &[&str],
    stdin: Option<&str>,
) -> Vector {
    let dir = root.join(test);
    let refs = dir.join("refs-linux").join(reference);
    let mut setup = Vec::new();
    if dir.join("files").exists() {
        setup.push((dir.join("files"), "files".to_string()));
    }
    Vector {
        id: format!("upstream/{test}/{reference}"),
        program: program.to_string(),
        args: args.iter().map(|s| s.to_string()).collect(),
        stdin: stdin.map(str::to_string),
        env: Vec::new(),
        setup,
        expected: Expected {
            exit_code: read_exit_code(&refs.join("exit_code")),
            stderr: read(&refs.join("stderr")),
            stdout: Some(read(&refs.join("stdout"))),
            files: Vec::new(),
        },
        live_peer: false,
    }
}

/// The upstream test suite's runs, as its scripts describe them.
fn upstream_vectors(root: &Path) -> Vec<Vector> {
    let mut v = Vec::new();
    let t1 = "001-validators-sval-casenval";
    for n in 1..=10 {
        let input = format!("files/sval/input.{n:02}");
        v.push(upstream(
            root,
            t1,
            &format!("r-sval-input.{n:02}"),
            "sval",
            &[],
            Some(&input),
        ));
    }
    let case_runs: [(&str, &[&str]); 6] = [
        ("", &["--testMarkupFileName", "stderr"]),
        ("-1", &["--testMarkupFileName", "stderr", "--testCase", "1"]),
        ("-2", &["--testMarkupFileName", "stderr", "--testCase", "2"]),
        ("-3", &["--testCase", "3"]),
        (
            "-3-stderr",
            &["--testCase", "3", "--testCaseFileName", "stderr"],
        ),
        ("-4", &["--testCase", "4", "--testCaseFileName", "stderr"]),
    ];
    for (program, inputs) in [("case-nval", 6), ("case-string-zb", 1)] {
        for n in 1..=inputs {
            let input = format!("files/{program}/input.{n:02}");
            for (suffix, args) in case_runs {
                let reference = format!("r-{program}-input.{n:02}{suffix}");
                v.push(upstream(root, t1, &reference, program, args, Some(&input)));
            }
        }
    }

    let t2 = "002-checkers-wcmp-fcmp";
    for output in ["files/output.01", "files/output.01.bom"] {
        for (reference, program, answer) in [
            ("r1", "wcmp", "files/answer.01"),
            ("r2", "wcmp", "files/output.01"),
            ("r3", "wcmp", "files/answer2.01"),
            ("r4", "fcmp", "files/answer.01"),
            ("r5", "fcmp", "files/output.01"),
            ("r6", "fcmp", "files/answer2.01"),
        ] {
            // fcmp compares lines byte for byte: only wcmp is run on the BOM copy.
            if output.ends_with(".bom") && program == "fcmp" {
                continue;
            }
            let mut vector = upstream(
                root,
                t2,
                reference,
                program,
                &["files/input.01", output, answer],
                None,
            );
            vector.id.push_str(&format!(" ({output})"));
            v.push(vector);
        }
    }

    let t3 = "003-generator-rnd";
    v.push(upstream(root, t3, "r1", "gen-rnd", &["10", "100"], None));
    v.push(upstream(root, t3, "r2", "gen-rnd", &["100", "1000"], None));

    v.push(upstream(root, "004-unit", "r1", "unit", &[], None));

    v.push(upstream(
        root,
        "005-no-register",
        "r1",
        "no-register",
        &[],
        None,
    ));
    v.push(upstream(
        root,
        "005-no-register",
        "r2",
        "no-register",
        &["100"],
        None,
    ));

    let opts_runs: [&[&str]; 9] = [
        &[],
        &["-test-count", "3"],
        &["-test-count", "3", "-sum-n", "10", "-min-val", "1"],
        &[
            "-test-count",
            "3",
            "-sum-n",
            "10",
            "-min-value",
            "10",
            "-max-val",
            "20",
        ],
        &[
            "-test-count",
            "3",
            "-sum-n",
            "10",
            "-min-length",
            "3",
            "-min-value",
            "10",
            "-max-value",
            "20",
        ],
        &[
            "-test-count",
            "3",
            "-sum-n",
            "10",
            "-min-n",
            "3",
            "-min-value",
            "10",
            "-max-value",
            "20",
            "-bias-value",
            "3",
        ],
        &["-test-count", "3", "-sum-n", "10"],
        &["-test-count", "3", "-sum-n", "10", "-min-value", "10"],
        &[
            "-test-count",
            "5",
            "-sum-n",
            "100",
            "-min-n",
            "3",
            "-min-value",
            "10",
            "-max-value",
            "20",
            "-value-bias",
            "-3",
        ],
    ];
    for (program, dir) in [
        ("opts-auto-ensure", "auto-ensure-no-unused-opts"),
        ("opts-suppressed", "suppress-auto-ensure-no-unused-opts"),
    ] {
        for (k, args) in opts_runs.iter().enumerate() {
            let reference = format!("{dir}/r{}", k + 1);
            v.push(upstream(root, "005-opts", &reference, program, args, None));
        }
    }

    let t6 = "006-interactor-a-plus-b";
    let mut replay = upstream(
        root,
        t6,
        "r-interactor-a-plus-b-1-1",
        "interactor-a-plus-b",
        &["files/input.01", "output.01"],
        Some("files/participant.01"),
    );
    let tout = read(
        &root
            .join(t6)
            .join("refs-linux/r-interactor-a-plus-b-1-2/stdout"),
    );
    replay.expected.files.push(("output.01".to_string(), tout));
    v.push(replay);
    let mut live = upstream(
        root,
        t6,
        "r-interactor-a-plus-b-1-1",
        "interactor-a-plus-b",
        &["files/input.01", "output.01"],
        None,
    );
    live.id = format!("upstream/{t6}/r-interactor-a-plus-b-2-1 (live A+B solution)");
    live.expected.stdout = None;
    let tout = read(
        &root
            .join(t6)
            .join("refs-linux/r-interactor-a-plus-b-2-1/stdout"),
    );
    live.expected.files.push(("output.01".to_string(), tout));
    live.live_peer = true;
    v.push(live);

    let t7 = "007-validators-overview-log";
    for validator in ["v1", "v2", "v3", "v4"] {
        for n in 1..=6 {
            let input = format!("files/input.{n:02}");
            let reference = format!("{validator}-{n:02}");
            let program = format!("overview-{validator}");
            v.push(upstream(
                root,
                t7,
                &reference,
                &program,
                &["--testOverviewLogFileName", "stderr"],
                Some(&input),
            ));
        }
    }
    v
}

/// Where cargo put this test's binaries: `<target>/<profile>`.
fn profile_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().and_then(Path::parent).unwrap().to_path_buf()
}

/// Builds the standard checkers and this crate's example programs once (in
/// this test's target directory and profile), so that the vectors run on
/// fresh binaries however the test was started.
fn programs_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let profile = profile_dir();
        let target = profile.parent().unwrap();
        let cargo = option_env!("CARGO").unwrap_or("cargo");
        let mut cmd = Command::new(cargo);
        cmd.args([
            "build",
            "--quiet",
            "-p",
            "checkers",
            "--bins",
            "-p",
            "testlib-rs",
            "--examples",
        ]);
        cmd.arg("--target-dir").arg(target);
        if profile.file_name().is_some_and(|n| n == "release") {
            cmd.arg("--release");
        }
        let status = cmd
            .status()
            .expect("cannot run cargo to build the programs");
        assert!(
            status.success(),
            "building the checkers and examples failed"
        );
        profile
    })
}

fn program_path(name: &str) -> PathBuf {
    let dir = programs_dir();
    let example = dir.join("examples").join(name);
    if example.exists() {
        example
    } else {
        dir.join(name)
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            if entry.file_name() != "expected" {
                copy_dir(&entry.path(), &target);
            }
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// Runs one vector in a fresh directory; returns what differs.
fn run(vector: &Vector, scratch: &Path) -> Result<(), String> {
    let work = scratch.join(vector.id.replace(['/', ' ', '(', ')'], "_"));
    for (from, to) in &vector.setup {
        copy_dir(from, &work.join(to));
    }
    std::fs::create_dir_all(&work).unwrap();
    let program = program_path(&vector.program);
    if !program.exists() {
        return Err(format!("no program {}", program.display()));
    }
    let mut cmd = Command::new(&program);
    cmd.args(&vector.args)
        .current_dir(&work)
        .env_remove("NO_COLOR")
        .stderr(Stdio::piped())
        .stdout(Stdio::piped());
    for (k, v) in &vector.env {
        cmd.env(k, v);
    }
    let output = if vector.live_peer {
        let mut peer = Command::new(program_path("a-plus-b"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| e.to_string())?;
        cmd.stdin(peer.stdout.take().unwrap())
            .stdout(peer.stdin.take().unwrap());
        let out = cmd.output().map_err(|e| e.to_string())?;
        // `cmd` still holds our copy of the pipe into the peer's stdin: close
        // it, or a peer that reads until the end of its input never ends.
        drop(cmd);
        peer.wait().map_err(|e| e.to_string())?;
        out
    } else {
        match &vector.stdin {
            Some(file) => {
                cmd.stdin(std::fs::File::open(work.join(file)).map_err(|e| format!("stdin: {e}"))?)
            }
            None => cmd.stdin(Stdio::null()),
        };
        cmd.output().map_err(|e| e.to_string())?
    };
    let mut problems = Vec::new();
    let code = output.status.code().unwrap_or(-1);
    if code != vector.expected.exit_code {
        problems.push(format!(
            "exit code {code}, expected {}",
            vector.expected.exit_code
        ));
    }
    if output.stderr != vector.expected.stderr {
        problems.push(format!(
            "stderr {:?}\n      expected {:?}",
            String::from_utf8_lossy(&output.stderr),
            String::from_utf8_lossy(&vector.expected.stderr)
        ));
    }
    if let Some(stdout) = &vector.expected.stdout
        && &output.stdout != stdout
    {
        problems.push(format!(
            "stdout {:?}\n      expected {:?}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(stdout)
        ));
    }
    for (name, content) in &vector.expected.files {
        match std::fs::read(work.join(name)) {
            Ok(actual) if &actual == content => {}
            Ok(actual) => problems.push(format!(
                "{name} {:?}\n      expected {:?}",
                String::from_utf8_lossy(&actual),
                String::from_utf8_lossy(content)
            )),
            Err(_) => problems.push(format!("{name} was not written")),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n    "))
    }
}

#[test]
fn every_testlib_vector_is_reproduced() {
    let mut vectors = recorded_vectors(&vectors_root());
    match upstream_root() {
        Some(root) => {
            let upstream = upstream_vectors(&root);
            assert_eq!(upstream.len(), UPSTREAM_RUNS, "update UPSTREAM_RUNS");
            vectors.extend(upstream);
        }
        None => {
            let skipped = format!(
                "testlib vectors: {UPSTREAM_RUNS} runs of testlib's own test suite skipped \
                 ({UPSTREAM_ENV} names no folder)"
            );
            // Written past the test harness's capture, as the summary is.
            writeln!(std::io::stderr().lock(), "{skipped}").unwrap();
            println!("{skipped}");
        }
    }
    let scratch = std::env::temp_dir().join(format!("testlib-vectors-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);

    let mut failures = BTreeMap::new();
    for vector in &vectors {
        if let Err(problem) = run(vector, &scratch) {
            failures.insert(vector.id.clone(), problem);
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);

    let mut report = std::io::stderr().lock();
    for (id, problem) in &failures {
        writeln!(report, "MISMATCH {id}\n    {problem}").unwrap();
    }
    let passed = vectors.len() - failures.len();
    writeln!(
        report,
        "testlib vectors: {passed}/{} reproduced byte for byte",
        vectors.len()
    )
    .unwrap();
    println!(
        "testlib vectors: {passed}/{} reproduced byte for byte",
        vectors.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} vectors differ",
        failures.len(),
        vectors.len()
    );
}
