//! Runner overhead: `cargo bench -p judge --bench runner`.
//!
//! A problem with 1000 tiny tests (`a b` → `a + b`), a trivial correct C
//! solution and a small C checker. Measured in the same run:
//! * the floor: a plain loop that spawns the solution (stdin and stdout as
//!   files) and then the checker, for each test, one after the other;
//! * `judge test` with `--jobs 1` and `--jobs 2` (the whole command: start-up,
//!   cache lookups, sandboxing, checking, reporting).
//!
//! For comparison, on this kind of machine: BAPCtools takes about 15 ms per
//! test and online-judge-tools about 23 ms.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TESTS: usize = 1000;
const ROUNDS: usize = 3;

const SOLUTION: &str = "#include <stdio.h>\nint main(void){long long a,b;if(scanf(\"%lld %lld\",&a,&b)!=2)return 1;printf(\"%lld\\n\",a+b);return 0;}\n";
const CHECKER: &str = "#include <stdio.h>\nint main(int c,char**v){if(c<4)return 3;FILE*o=fopen(v[2],\"r\"),*a=fopen(v[3],\"r\");long long x,y;if(!a||fscanf(a,\"%lld\",&x)!=1)return 3;if(!o||fscanf(o,\"%lld\",&y)!=1)return 2;if(x!=y){fprintf(stderr,\"wrong answer\\n\");return 1;}fprintf(stderr,\"ok\\n\");return 0;}\n";
const VALIDATOR: &str = "#include <stdio.h>\nint main(void){long long a,b;char e;return scanf(\"%lld %lld%c\",&a,&b,&e)==3&&e=='\\n'?0:3;}\n";

fn write(path: &Path, content: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, content).unwrap();
}

fn gcc(source: &Path, out: &Path) {
    let status = Command::new("gcc")
        .args(["-O2", "-o"])
        .arg(out)
        .arg(source)
        .status()
        .unwrap();
    assert!(status.success());
}

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
    write(
        &root.join("judge.toml"),
        "problems = [\"sum\"]\n[languages.c]\nextensions = [\"c\"]\ncompile = [\"gcc\", \"-O2\", \"-o\", \"{binary}\", \"{source}\"]\nrun = [\"{binary}\"]\nversion = [\"gcc\", \"--version\"]\n",
    );
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
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_judge"));
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

/// One `judge test` run; returns its wall time and the judge's own peak memory.
fn judge_run(root: &Path, jobs: &str) -> (Duration, u64) {
    let start = Instant::now();
    let mut child = judge(
        root,
        &[
            "--jobs",
            jobs,
            "test",
            "sum",
            "solutions/sum/accepted/sum.c",
        ],
    )
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

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn per_test(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3 / TESTS as f64
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
    judge_run(&root, "1"); // warm the compile cache

    let mut floors = Vec::new();
    let (mut one, mut two) = (Vec::new(), Vec::new());
    let mut memory = 0;
    for _ in 0..ROUNDS {
        floors.push(floor(&root, &solution, &checker));
        let (t, m) = judge_run(&root, "1");
        one.push(t);
        memory = memory.max(m);
        two.push(judge_run(&root, "2").0);
    }
    let noop = median(
        (0..ROUNDS)
            .map(|_| {
                let start = Instant::now();
                assert!(judge(&root, &["build"]).status().unwrap().success());
                start.elapsed()
            })
            .collect(),
    );
    let (f, j1, j2) = (
        per_test(median(floors)),
        per_test(median(one)),
        per_test(median(two)),
    );
    println!("{TESTS} tiny tests, a C solution and a C checker; medians of {ROUNDS} rounds\n");
    println!("floor: spawn solution + checker       {f:6.2} ms/test");
    println!(
        "judge test --jobs 1                   {j1:6.2} ms/test   {:.2}x the floor",
        j1 / f
    );
    println!(
        "judge test --jobs 2                   {j2:6.2} ms/test   {:.2}x faster than --jobs 1",
        j1 / j2
    );
    println!();
    println!(
        "against BAPCtools (15 ms/test): {:.1}x faster at --jobs 1, {:.1}x at --jobs 2",
        15.0 / j1,
        15.0 / j2
    );
    println!(
        "against oj test   (23 ms/test): {:.1}x faster at --jobs 1, {:.1}x at --jobs 2",
        23.0 / j1,
        23.0 / j2
    );
    println!("the judge's own peak memory: {memory} MiB");
    println!(
        "no-op `judge build` ({TESTS} tests up to date): {:.1} ms (BAPCtools: 1.3 s for one problem)",
        noop.as_secs_f64() * 1e3
    );
}
