//! The judge's peers, timed on the same tests as the judge: online-judge-tools
//! (`oj test`) and BAPCtools (`bt run`). Both are Python programs that
//! `scripts/setup-tools.sh` installs into a venv under the target directory; when it
//! has not been run, `find` reports them absent and the bench skips them.
//!
//! Each `prepare_*` lays the tests out the way the tool reads them, in a work
//! directory of its own, and does the untimed one-off work (network checks,
//! compilation); each timed run checks that the tool accepted every test, so
//! that a broken setup fails loudly instead of reporting a fast time.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The peers' executables; `None` when not installed.
pub struct Peers {
    pub oj: Option<PathBuf>,
    pub bt: Option<PathBuf>,
}

/// Looks for the venv that `scripts/setup-tools.sh` makes under `target_dir`.
pub fn find(target_dir: &Path) -> Peers {
    let bin = target_dir.join("tools/venv/bin");
    let exe = |name: &str| Some(bin.join(name)).filter(|p| p.is_file());
    Peers {
        oj: exe("oj"),
        bt: exe("bt"),
    }
}

/// Copies test `i` (1-based) of the kit's `tests` directory (`NNNN.in`,
/// `NNNN.ans`) to `dir` as `NNNN.in` and `NNNN.<answer_ext>`.
fn copy_test(tests: &Path, i: usize, dir: &Path, answer_ext: &str) {
    let name = format!("{i:04}");
    let from = |ext: &str| tests.join(format!("{name}.{ext}"));
    std::fs::copy(from("in"), dir.join(format!("{name}.in"))).unwrap();
    std::fs::copy(from("ans"), dir.join(format!("{name}.{answer_ext}"))).unwrap();
}

/// Empties `work` and creates `work/sub`.
fn fresh(work: &Path, sub: &str) -> PathBuf {
    let _ = std::fs::remove_dir_all(work);
    let dir = work.join(sub);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `cmd` to completion, capturing its output (shown only on failure).
fn timed(cmd: &mut Command) -> (Duration, Output) {
    let start = Instant::now();
    let output = cmd.output().unwrap();
    (start.elapsed(), output)
}

#[track_caller]
fn fail(what: &str, output: &Output) -> ! {
    panic!(
        "{what} failed ({})\n--- stdout\n{}\n--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// oj splits the command strings it is given on whitespace (shell-style);
/// refuse paths it would cut instead of quoting them.
fn oj_arg(path: &Path) -> &str {
    let s = path.to_str().unwrap();
    assert!(!s.contains(char::is_whitespace), "oj cannot take {s}");
    s
}

/// Lays out tests 1..=`count` of the kit's `tests` directory as `oj test`
/// reads them (`<work>/test/NNNN.in` and `.out`); returns that directory.
pub fn prepare_oj(oj: &Path, work: &Path, tests: &Path, count: usize) -> PathBuf {
    let dir = fresh(work, "test");
    for i in 1..=count {
        copy_test(tests, i, &dir, "out");
    }
    // Every oj command first asks PyPI whether oj is up to date, then caches
    // the answer for 8 hours: let this untimed call pay for that request.
    let output = Command::new(oj).arg("--version").output().unwrap();
    if !output.status.success() {
        fail("oj --version", &output);
    }
    dir
}

/// Times one `oj test` of the `solution` binary on the `count` tests in `dir`
/// (from `prepare_oj`), judging each output with the kit's `checker` (called
/// as `checker input output answer`, exit 0 for accepted), or with oj's own
/// comparison when `None`. `jobs` > 1 runs tests in parallel.
pub fn oj_test(
    oj: &Path,
    dir: &Path,
    solution: &Path,
    checker: Option<&Path>,
    jobs: usize,
    count: usize,
) -> Duration {
    let mut cmd = Command::new(oj);
    cmd.args(["test", "-c", oj_arg(solution), "-d", oj_arg(dir)])
        // oj wraps each run in GNU time to measure memory (about 6 ms a test
        // here) and has no switch to turn that off, but drops the wrapper
        // when the given program is unusable: give it one that does not
        // exist. Fair, as the judge gets memory from the kernel for free.
        .args(["--gnu-time", "no-gnu-time"])
        // Less logging: --silent drops the checker's output that oj logs for
        // every test, and both keep inputs and outputs out of failure logs.
        .args(["--silent", "--no-print-input"]);
    if let Some(checker) = checker {
        cmd.args(["--judge-command", oj_arg(checker)]);
    }
    // Without -j oj judges in a plain loop; `-j 1` would add a thread pool.
    if jobs > 1 {
        cmd.args(["-j", &jobs.to_string()]);
    }
    let (elapsed, output) = timed(&mut cmd);
    // oj exits 0 when every test it found was accepted, so also check that it
    // found them all: its summary ends with "success: <count> cases".
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() || !stdout.contains(&format!(": {count} cases")) {
        fail("oj test", &output);
    }
    elapsed
}

/// Lays out tests 1..=`count` of the kit's `tests` directory as a BAPCtools
/// problem `<work>/sum` with one accepted submission, the C `source`, and
/// runs `bt run` once untimed so that the submission and bt's default output
/// validator are compiled and cached; returns the problem directory.
pub fn prepare_bt(bt: &Path, work: &Path, tests: &Path, count: usize, source: &Path) -> PathBuf {
    let problem = fresh(work, "sum");
    let secret = problem.join("data/secret");
    std::fs::create_dir_all(&secret).unwrap();
    for i in 1..=count {
        copy_test(tests, i, &secret, "ans");
    }
    // A fixed uuid, or bt would add one to the file; no output validator
    // directory, so bt compares outputs with its own default validator (a
    // compiled program, run once per test like the kit's checker).
    std::fs::write(
        problem.join("problem.yaml"),
        "problem_format_version: 2025-09\nname: Sum\nuuid: 6f1c2a9e-4b7d-4e0a-9c3f-2d8b5e7a1c40\n",
    )
    .unwrap();
    // bt reports an error for a name in problem.yaml without a statement.
    std::fs::create_dir_all(problem.join("statement")).unwrap();
    std::fs::write(
        problem.join("statement/problem.en.tex"),
        "\\problemname{Sum}\n",
    )
    .unwrap();
    let accepted = problem.join("submissions/accepted");
    std::fs::create_dir_all(&accepted).unwrap();
    std::fs::copy(source, accepted.join("sum.c")).unwrap();
    // bt warns, and so exits 1, when it finds no `pypy3` for its Python 3
    // language; the contest-level languages.yaml points that at CPython.
    std::fs::write(
        work.join("languages.yaml"),
        "python3:\n  compile: python3 -m py_compile {files}\n  run: python3 \"{mainfile}\"\n",
    )
    .unwrap();
    std::fs::create_dir_all(work.join("tmp")).unwrap();
    bt_run(bt, &problem, 1, count);
    problem
}

/// Times one `bt run` of the accepted submission on the `count` tests of
/// `problem` (from `prepare_bt`) with `jobs` parallel jobs (bt's default is
/// half the CPUs; 0 runs them in bt's main thread).
pub fn bt_run(bt: &Path, problem: &Path, jobs: usize, count: usize) -> Duration {
    let work = problem.parent().unwrap();
    let mut cmd = Command::new(bt);
    cmd.arg("run")
        .arg("--problem")
        .arg(problem)
        // -G: no generators step (there is no generators.yaml, but bt would
        // still look); -S: no extra sanity checks of each output; -B: no
        // progress bars; --overview: a final line of one verdict letter per
        // test, to count the accepted ones.
        .args(["-G", "-S", "-B", "--overview", "-j", &jobs.to_string()])
        // bt builds and runs everything under $TMPDIR/bapctools_<hash>, and
        // reads the user's config (which may set flags) and keeps a registry
        // of problem uuids under $XDG_CONFIG_HOME/bapctools: keep all of
        // that inside the work directory.
        .env("TMPDIR", work.join("tmp"))
        .env("XDG_CONFIG_HOME", work.join("config"));
    let (elapsed, output) = timed(&mut cmd);
    // bt exits 0 only when all tests were accepted and nothing was warned
    // about; the overview (last on stderr, wrapped in groups of ten) has
    // an `A` for each accepted test.
    let stderr = String::from_utf8_lossy(&output.stderr);
    let overview = stderr.rsplit("accepted/sum.c: ").next().unwrap();
    let verdicts: String = overview.split_whitespace().collect();
    if !output.status.success() || verdicts != "A".repeat(count) {
        fail("bt run", &output);
    }
    elapsed
}
