//! Runner overhead: `cargo bench -p judge --bench runner`.
//!
//! A problem with 1000 tiny tests (`a b` → `a + b`), a trivial correct C
//! solution and a small C checker. Measured in the same run, in an order
//! that rotates every round:
//! * the floor: a plain loop that spawns the solution (stdin and stdout as
//!   files) and then the checker, for each test, one after the other;
//! * `judge test` with `--jobs 1` and `--jobs 2` (the whole command: start-up,
//!   cache lookups, sandboxing, checking, reporting), with
//!   `--isolation none --jobs 1` (the judge without its containment), and
//!   with `JUDGE_SANDBOX_OFF=pid --jobs 1` (what a PID namespace per run
//!   costs);
//! * the same with another judge binary, when `JUDGE_BASELINE` names one (an
//!   earlier build, to show a change costs nothing);
//! * online-judge-tools (`oj test`, with the same checker) and BAPCtools
//!   (`bt run`), when `scripts/setup-tools.sh` has installed them.
//!
//! Then a no-op `judge build` of the 1000 tests, for both binaries (ten
//! times as many rounds: each takes milliseconds).

mod peers;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use testkit::bench::{CHECKER, SOLUTION, VALIDATOR, gcc, median, write};

const TESTS: usize = 1000;
const ROUNDS: usize = 5;

/// Builds the kit once; returns its root.
fn kit() -> PathBuf {
    let root = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .join("runner-bench-kit");
    if root.join("ready").exists() {
        return root;
    }
    let _ = std::fs::remove_dir_all(&root);
    write(&root.join("judge.toml"), testkit::bench::JUDGE_TOML);
    let mut toml = String::from(
        "title = { en = \"Sum\", zh = \"求和\" }\nchecker = \"check.c\"\nvalidator = \"validate.c\"\nreference = \"accepted/sum.c\"\n",
    );
    for i in 1..=TESTS {
        write(
            &root.join(format!("problems/sum/manual/{i:04}.in")),
            &format!("{i} {}\n", i * 7),
        );
        toml.push_str(&format!("\n[[tests]]\nfile = \"manual/{i:04}.in\"\n"));
    }
    write(&root.join("problems/sum/problem.toml"), &toml);
    write(&root.join("problems/sum/check.c"), CHECKER);
    write(&root.join("problems/sum/validate.c"), VALIDATOR);
    write(&root.join("solutions/sum/accepted/sum.c"), SOLUTION);
    let status = judge(&root, &["build"]).status().unwrap();
    assert!(status.success());
    write(&root.join("ready"), "");
    root
}

fn judge(root: &Path, args: &[&str]) -> Command {
    judge_binary(Path::new(env!("CARGO_BIN_EXE_judge")), root, args)
}

fn judge_binary(binary: &Path, root: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(binary);
    cmd.args(args)
        .current_dir(root)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .stdout(Stdio::null());
    cmd
}

/// The floor: spawn the solution, then the checker, for every test.
fn floor(root: &Path, solution: &Path, checker: &Path) -> Duration {
    let tests = root.join("problems/sum/tests");
    let out = root.join("floor.out");
    let start = Instant::now();
    for i in 1..=TESTS {
        let name = format!("{i:04}");
        let input = tests.join(format!("{name}.in"));
        let status = Command::new(solution)
            .stdin(std::fs::File::open(&input).unwrap())
            .stdout(std::fs::File::create(&out).unwrap())
            .status()
            .unwrap();
        assert!(status.success());
        let status = Command::new(checker)
            .arg(&input)
            .arg(&out)
            .arg(tests.join(format!("{name}.ans")))
            .stderr(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
    }
    start.elapsed()
}

/// One `judge test` run of `binary`; returns its wall time and the judge's
/// own peak memory.
fn judge_run(binary: &Path, root: &Path, jobs: &str) -> (Duration, u64) {
    judge_run_isolated(binary, root, jobs, "full")
}

/// [`judge_run`] with `--isolation isolation`.
fn judge_run_isolated(binary: &Path, root: &Path, jobs: &str, isolation: &str) -> (Duration, u64) {
    judge_run_with(binary, root, jobs, isolation, "")
}

/// [`judge_run_isolated`] with `JUDGE_SANDBOX_OFF=off`.
fn judge_run_with(
    binary: &Path,
    root: &Path,
    jobs: &str,
    isolation: &str,
    off: &str,
) -> (Duration, u64) {
    let start = Instant::now();
    let mut child = judge_binary(
        binary,
        root,
        &[
            "--isolation",
            isolation,
            "--jobs",
            jobs,
            "test",
            "sum",
            "solutions/sum/accepted/sum.c",
        ],
    )
    .env("JUDGE_SANDBOX_OFF", off)
    .spawn()
    .unwrap();
    let pid = child.id() as i32;
    let mut status = 0;
    // SAFETY: reaping our own child with wait4 to read its rusage.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    let elapsed = start.elapsed();
    let _ = child.try_wait();
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "judge test failed"
    );
    (elapsed, usage.ru_maxrss as u64 / 1024)
}

/// A no-op `judge build` of `binary` (every test up to date).
fn noop_build(binary: &Path, root: &Path) -> Duration {
    let start = Instant::now();
    assert!(
        judge_binary(binary, root, &["build"])
            .status()
            .unwrap()
            .success()
    );
    start.elapsed()
}

fn per_test(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3 / TESTS as f64
}

/// What is measured, each once per round.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Contender {
    Floor,
    Judge(usize),
    /// `--isolation none --jobs 1`.
    Uncontained,
    /// `--jobs 1` without PID namespaces.
    SharedPids,
    Baseline(usize),
    Oj,
    Bt,
}

fn main() {
    let root = kit();
    let bin = root.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let (solution, checker) = (bin.join("sum"), bin.join("check"));
    write(&bin.join("sum.c"), SOLUTION);
    write(&bin.join("check.c"), CHECKER);
    gcc(&bin.join("sum.c"), &solution);
    gcc(&bin.join("check.c"), &checker);
    let judge_bin = PathBuf::from(env!("CARGO_BIN_EXE_judge"));
    let baseline = std::env::var_os("JUDGE_BASELINE").map(PathBuf::from);

    let mut contenders = vec![
        Contender::Floor,
        Contender::Judge(1),
        Contender::Judge(2),
        Contender::Uncontained,
        Contender::SharedPids,
    ];
    // Warm the compile cache of each judge binary.
    judge_run(&judge_bin, &root, "1");
    if let Some(b) = &baseline {
        judge_run(b, &root, "1");
        contenders.extend([Contender::Baseline(1), Contender::Baseline(2)]);
    }
    let tests = root.join("problems/sum/tests");
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap();
    let found = peers::find(target);
    let oj_dir = found.oj.as_ref().map(|oj| {
        contenders.push(Contender::Oj);
        peers::prepare_oj(oj, &root.join("peers/oj"), &tests, TESTS)
    });
    let bt_problem = found.bt.as_ref().map(|bt| {
        contenders.push(Contender::Bt);
        let source = bin.join("sum.c");
        peers::prepare_bt(bt, &root.join("peers/bt"), &tests, TESTS, &source)
    });

    let mut times: std::collections::BTreeMap<Contender, Vec<Duration>> = Default::default();
    let mut memory = 0;
    for round in 0..ROUNDS {
        let mut order = contenders.clone();
        order.rotate_left(round % contenders.len());
        for contender in order {
            let time = match contender {
                Contender::Floor => floor(&root, &solution, &checker),
                Contender::Judge(jobs) => {
                    let (time, peak) = judge_run(&judge_bin, &root, &jobs.to_string());
                    memory = memory.max(peak);
                    time
                }
                Contender::Uncontained => judge_run_isolated(&judge_bin, &root, "1", "none").0,
                Contender::SharedPids => judge_run_with(&judge_bin, &root, "1", "full", "pid").0,
                Contender::Baseline(jobs) => {
                    judge_run(baseline.as_ref().unwrap(), &root, &jobs.to_string()).0
                }
                Contender::Oj => {
                    let (oj, dir) = (found.oj.as_ref().unwrap(), oj_dir.as_ref().unwrap());
                    peers::oj_test(oj, dir, &solution, Some(&checker), 1, TESTS)
                }
                Contender::Bt => {
                    let bt = found.bt.as_ref().unwrap();
                    peers::bt_run(bt, bt_problem.as_ref().unwrap(), 1, TESTS)
                }
            };
            times.entry(contender).or_default().push(time);
        }
    }
    let ms = |c: Contender| times.get(&c).map(|t| per_test(median(t.clone())));
    let f = ms(Contender::Floor).unwrap();
    let (j1, j2) = (
        ms(Contender::Judge(1)).unwrap(),
        ms(Contender::Judge(2)).unwrap(),
    );
    println!("{TESTS} tiny tests, a C solution and a C checker; medians of {ROUNDS} rounds\n");
    println!("floor: spawn solution + checker       {f:6.2} ms/test");
    // The budgets: every layer of containment costs at most 15% over a
    // bare spawn, and the judge itself (containment off) at most 5%.
    let within = |ratio: f64, budget: f64| match ratio <= budget {
        true => "within",
        false => "OVER",
    };
    println!(
        "judge test --jobs 1                   {j1:6.2} ms/test   {:.2}x the floor ({} the 1.15x budget)",
        j1 / f,
        within(j1 / f, 1.15)
    );
    let none = ms(Contender::Uncontained).unwrap();
    println!(
        "judge test --isolation none --jobs 1  {none:6.2} ms/test   {:.2}x the floor ({} the 1.05x budget)",
        none / f,
        within(none / f, 1.05)
    );
    let shared = ms(Contender::SharedPids).unwrap();
    println!(
        "JUDGE_SANDBOX_OFF=pid --jobs 1        {shared:6.2} ms/test   a PID namespace costs {:+.3} ms a test",
        j1 - shared
    );
    println!(
        "judge test --jobs 2                   {j2:6.2} ms/test   {:.2}x faster than --jobs 1",
        j1 / j2
    );
    if let (Some(b1), Some(b2)) = (ms(Contender::Baseline(1)), ms(Contender::Baseline(2))) {
        println!(
            "baseline --jobs 1                     {b1:6.2} ms/test   {:.2}x the floor; the judge takes {:.3}x its time",
            b1 / f,
            j1 / b1
        );
        println!(
            "baseline --jobs 2                     {b2:6.2} ms/test   the judge takes {:.3}x its time",
            j2 / b2
        );
    }
    match ms(Contender::Oj) {
        Some(oj) => println!(
            "oj test (same checker, one job)       {oj:6.2} ms/test   the judge is {:.1}x faster at --jobs 1, {:.1}x at --jobs 2",
            oj / j1,
            oj / j2
        ),
        None => println!("oj test: not installed (scripts/setup-tools.sh)"),
    }
    match ms(Contender::Bt) {
        Some(bt) => println!(
            "bt run (one job)                      {bt:6.2} ms/test   the judge is {:.1}x faster at --jobs 1, {:.1}x at --jobs 2",
            bt / j1,
            bt / j2
        ),
        None => println!("bt run: not installed (scripts/setup-tools.sh)"),
    }
    println!("the judge's own peak memory: {memory} MiB");

    let mut builds = vec![(judge_bin.clone(), Vec::new())];
    if let Some(b) = &baseline {
        builds.push((b.clone(), Vec::new()));
    }
    // A no-op build takes milliseconds: many rounds, for a steady median.
    for round in 0..ROUNDS * 10 {
        let n = builds.len();
        builds.rotate_left(round % n);
        for (binary, samples) in &mut builds {
            samples.push(noop_build(binary, &root));
        }
    }
    let noop = |binary: &Path| {
        let samples = &builds.iter().find(|(b, _)| b == binary).unwrap().1;
        median(samples.clone()).as_secs_f64() * 1e3
    };
    let n = noop(&judge_bin);
    println!("no-op `judge build` ({TESTS} tests up to date): {n:.1} ms");
    if let Some(b) = &baseline {
        let nb = noop(b);
        println!(
            "no-op build, baseline: {nb:.1} ms; the judge takes {:.3}x its time",
            n / nb
        );
    }
}
