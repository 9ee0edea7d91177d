//! The C++ twins of the kit's checkers and validators (`checkers/cpp`,
//! `validators/cpp`): finding testlib.h, building a twin with g++ once per
//! test binary, and running it in the calling convention of the header
//! found, so that a certification does not care which header it got.
//!
//! Used by the checkers' certification tests ([`crate::certify`]), their
//! C++ interactors' and `validators/tests/cpp_validators.rs`.
//!
//! testlib.h comes from `TESTLIB_H` (a path), else from the PyPI package p2d
//! installed in `<target>/tools/venv` ([`tools::testlib_h`]). p2d's copy is patched for DOMjudge
//! (its VERSION says `DOMJUDGE`): a checker is called `checker input answer
//! feedback_dir` with the output on stdin, writes its message to
//! `feedback_dir/judgemessage.txt`, and exits 42/43 unless the exit codes are
//! set on the command line, which the build here always does; a vanilla
//! testlib.h is called `checker input output answer` and exits 0/1/2/3.
//! Interactors likewise: `interactor input answer feedback_dir` on p2d's
//! copy (no `tout`), `interactor input tout` on a vanilla one.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};

use crate::paths::{root, target};
use crate::tools;

/// How to get a testlib.h when none is found.
const HOW_TO_GET_ONE: &str = "set TESTLIB_H to the path of a testlib.h, or install p2d (which \
     ships one) into the tools venv: `python3 -m venv target/tools/venv && \
     target/tools/venv/bin/pip install p2d==0.4.0`";

/// testlib's exit codes (0 OK, 1 WA, 2 PE, 3 FAIL), also for headers whose
/// defaults differ (p2d's DOMjudge patch: 42 and 43). DIRT and an unexpected
/// end of file are PE, as testlib reports them.
const EXIT_CODES: [&str; 7] = [
    "-DOK_EXIT_CODE=0",
    "-DWA_EXIT_CODE=1",
    "-DPE_EXIT_CODE=2",
    "-DFAIL_EXIT_CODE=3",
    "-DDIRT_EXIT_CODE=2",
    "-DUNEXPECTED_EOF_EXIT_CODE=2",
    "-DPOINTS_EXIT_CODE=7",
];

/// The testlib.h the twins are built on.
#[derive(Debug)]
pub struct Testlib {
    pub header: PathBuf,
    /// Its `VERSION` string.
    pub version: String,
    /// p2d's DOMjudge patch: output on stdin, message in a feedback folder.
    pub domjudge: bool,
}

impl Testlib {
    /// For the certification reports: the version and the convention.
    pub fn describe(&self) -> String {
        let convention = if self.domjudge {
            "DOMjudge calling convention"
        } else {
            "testlib calling convention"
        };
        format!("testlib.h {}, {convention}", self.version)
    }
}

/// The testlib.h to build on, found once; panics (failing the test) with
/// how to get one when there is none.
pub fn testlib() -> &'static Testlib {
    static FOUND: OnceLock<Testlib> = OnceLock::new();
    FOUND.get_or_init(|| {
        let header = tools::testlib_h().unwrap_or_else(|why| panic!("{why}: {HOW_TO_GET_ONE}"));
        let text = std::fs::read(&header)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", header.display()));
        let text = String::from_utf8_lossy(&text);
        let version = text
            .lines()
            .find_map(|line| {
                let rest = line.trim().strip_prefix("#define VERSION")?;
                Some(rest.trim().trim_matches('"').to_string())
            })
            .unwrap_or_else(|| "of unknown version".to_string());
        let domjudge = version.contains("DOMJUDGE");
        Testlib {
            header,
            version,
            domjudge,
        }
    })
}

/// FNV-1a, 64 bits: a stable name for a build's inputs.
fn fnv(parts: &[&[u8]]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for &b in part.iter().chain(&[0xff]) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    hash
}

/// Writes `bytes` to `path` through a temporary file of its own and a
/// rename, so that tests running at the same time, in this binary or
/// another, never see half a file nor take each other's temporary file.
fn write_atomically(path: &Path, bytes: &[u8]) {
    let mut tmp = tempfile::NamedTempFile::new_in(path.parent().unwrap()).unwrap();
    tmp.write_all(bytes).unwrap();
    tmp.persist(path).unwrap();
}

/// The folder of the builds: `<target>/testlib-cpp`, never committed.
fn build_dir() -> PathBuf {
    let dir = target().join("testlib-cpp");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The g++ in use, named by its version (part of every build's key).
fn compiler() -> &'static str {
    static VERSION: OnceLock<String> = OnceLock::new();
    VERSION.get_or_init(|| {
        let out = Command::new("g++")
            .arg("--version")
            .output()
            .unwrap_or_else(|e| {
                panic!("g++ is needed to build the C++ checkers and validators: {e}")
            });
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .next()
            .unwrap_or("")
            .to_string()
    })
}

/// Builds the C++ program `source` (a path from the workspace's root, such as
/// `checkers/cpp/check-nim.cpp`) on testlib.h with `g++ -O2 -std=gnu++17`
/// (and `-I` its own folder, for the headers the twins share), once per test
/// binary; the executable is kept in `<target>/testlib-cpp` under a name
/// hashed from the source, the headers beside it, the flags and the
/// compiler, so that an unchanged program is not rebuilt by the next run.
pub fn build(source: &str) -> PathBuf {
    // One cell per source: two tests wanting the same program wait for one
    // build, different programs build in parallel.
    static BUILDS: OnceLock<Mutex<HashMap<String, Arc<OnceLock<PathBuf>>>>> = OnceLock::new();
    let cell = BUILDS
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(source.to_string())
        .or_default()
        .clone();
    cell.get_or_init(|| compile(source)).clone()
}

/// The bytes of the headers beside the C++ source `path` (such as
/// `checkers/cpp/kit-twins.h`, which the twins there include), in name
/// order: part of a build's key, so that a changed header rebuilds the
/// programs beside it.
fn headers_beside(path: &Path) -> Vec<Vec<u8>> {
    let mut headers: Vec<PathBuf> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|h| h.extension().is_some_and(|e| e == "h") && h.is_file())
        .collect();
    headers.sort();
    headers.iter().map(|h| std::fs::read(h).unwrap()).collect()
}

fn compile(source: &str) -> PathBuf {
    let testlib = testlib();
    let path = root().join(source);
    let code = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let headers = headers_beside(&path);
    let header = std::fs::read(&testlib.header).unwrap();
    let flags = ["-O2", "-std=gnu++17"]
        .into_iter()
        .chain(EXIT_CODES)
        .collect::<Vec<_>>();
    let dir = build_dir();
    // `#include "testlib.h"` must find the header whatever its file is
    // called: a copy named testlib.h in a folder of its own.
    let include = dir.join(format!("include-{:016x}", fnv(&[&header])));
    if !include.join("testlib.h").is_file() {
        std::fs::create_dir_all(&include).unwrap();
        write_atomically(&include.join("testlib.h"), &header);
    }
    let stem = Path::new(source).file_stem().unwrap().to_string_lossy();
    let flag_line = flags.join(" ");
    let mut parts: Vec<&[u8]> = vec![&code, &header];
    parts.extend(headers.iter().map(Vec::as_slice));
    parts.extend([flag_line.as_bytes(), compiler().as_bytes()]);
    let key = fnv(&parts);
    let program = dir.join(format!("{stem}-{key:016x}"));
    if program.is_file() {
        return program;
    }
    let tmp = dir.join(format!("{stem}-{key:016x}.tmp{}", std::process::id()));
    // The source's own folder holds the headers the twins share.
    let out = Command::new("g++")
        .args(&flags)
        .arg("-I")
        .arg(&include)
        .arg("-I")
        .arg(path.parent().unwrap())
        .arg("-o")
        .arg(&tmp)
        .arg(&path)
        .output()
        .unwrap_or_else(|e| panic!("cannot run g++: {e}"));
    assert!(
        out.status.success(),
        "g++ failed on {source} with {}:\n{}",
        testlib.header.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::rename(&tmp, &program).unwrap();
    program
}

/// A run's result: the exit code in testlib's convention (0 OK, 1 WA, 2 PE,
/// 3 FAIL; -1 if killed by a signal) and the program's message.
#[derive(Debug)]
pub struct Outcome {
    pub code: i32,
    pub message: String,
}

/// Runs the C++ checker `program` (from [`build`]) on the files `input`,
/// `output` and `answer`, in the calling convention of the header it was
/// built on; `scratch` is a folder it may use (the feedback folder of the
/// DOMjudge convention is made there).
pub fn run_checker(
    program: &Path,
    input: &Path,
    output: &Path,
    answer: &Path,
    scratch: &Path,
) -> Outcome {
    let mut command = Command::new(program);
    let feedback = scratch.join("feedback");
    if testlib().domjudge {
        std::fs::create_dir_all(&feedback).unwrap();
        command
            .arg(input)
            .arg(answer)
            .arg(&feedback)
            .stdin(std::fs::File::open(output).unwrap());
    } else {
        command.arg(input).arg(output).arg(answer);
    }
    let out = command.output().unwrap();
    // DOMjudge's testlib writes the message to the feedback folder only.
    let judged = std::fs::read(feedback.join("judgemessage.txt")).unwrap_or_default();
    let message = format!(
        "{}\n{}",
        String::from_utf8_lossy(&judged).trim(),
        String::from_utf8_lossy(&out.stderr).trim()
    );
    Outcome {
        code: out.status.code().unwrap_or(-1),
        message: message.trim().to_string(),
    }
}

/// The command that starts the C++ interactor `program` (from [`build`]) on
/// the test `input`, in the calling convention of the header it was built
/// on; the caller crosses its stdin and stdout with a contestant's. A vanilla
/// testlib.h is called `interactor input tout` and writes its `tout` there.
/// p2d's DOMjudge testlib.h is called as a Kattis interactive validator,
/// `interactor input answer feedback_dir` (an empty answer file is made in
/// `scratch`, as the interactor reads none): it opens no `tout` at all and
/// writes its message to `feedback_dir/judgemessage.txt` instead of stderr
/// (see [`interactor_message`]).
pub fn interactor_command(program: &Path, input: &Path, tout: &Path, scratch: &Path) -> Command {
    let mut command = Command::new(program);
    command.arg(input);
    if testlib().domjudge {
        let answer = scratch.join("answer");
        let feedback = scratch.join("feedback");
        std::fs::write(&answer, b"").unwrap();
        std::fs::create_dir_all(&feedback).unwrap();
        command.arg(answer).arg(feedback);
    } else {
        command.arg(tout);
    }
    command
}

/// Whether an interactor built on the header found writes a `tout` (p2d's
/// DOMjudge patch never opens one).
pub fn interactor_has_tout() -> bool {
    !testlib().domjudge
}

/// The message of an interactor started by [`interactor_command`] in
/// `scratch`: its feedback file (DOMjudge's testlib.h), then its stderr.
pub fn interactor_message(scratch: &Path, stderr: &str) -> String {
    let judged = std::fs::read(scratch.join("feedback/judgemessage.txt")).unwrap_or_default();
    format!(
        "{}\n{}",
        String::from_utf8_lossy(&judged).trim(),
        stderr.trim()
    )
    .trim()
    .to_string()
}

/// Runs `program args...` with `input` on its standard input (written from
/// another thread, so that a program that stops reading early cannot block
/// it); the message is its standard error. For validators, C++ or Rust.
pub fn run_on_stdin(program: &Path, args: &[&str], input: &[u8]) -> Outcome {
    let mut child = Command::new(program)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()));
    let mut stdin = child.stdin.take().unwrap();
    let out = std::thread::scope(|s| {
        s.spawn(move || {
            // A validator may reject the input before reading all of it.
            let _ = stdin.write_all(input);
        });
        child.wait_with_output().unwrap()
    });
    Outcome {
        code: out.status.code().unwrap_or(-1),
        message: String::from_utf8_lossy(&out.stderr).trim().to_string(),
    }
}
