//! `judge stress` throughput: `cargo bench -p judge --bench stress`.
//!
//! A problem of tiny tests (`a b` → `a + b`) made by a seeded C generator,
//! a C validator, a C brute force that answers them, a correct C solution
//! and a C checker: five programs per iteration. Measured in the same run,
//! in an order that rotates every round:
//! * the floor: a plain loop that spawns, for each iteration, what the
//!   judge spawns for a test the solution passes — the generator, the brute
//!   force and the solution — and compares the two outputs, on one thread
//!   and on two;
//! * the classic 对拍 script: all five programs each iteration (the
//!   validator and the checker too), on two threads;
//! * `judge stress --iterations N` with `--jobs 1` and `--jobs 2`: the
//!   whole command (start-up, cache lookups, sandboxing, checking).
//!
//! The goal: with two jobs, at least 0.85 times the speed of the floor on
//! two threads.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use testkit::bench::{CHECKER, SOLUTION, VALIDATOR, gcc, median, write};

const ITERATIONS: u64 = 2000;
const ROUNDS: usize = 3;
/// The least share of the two-thread floor's speed `--jobs 2` must reach.
const GOAL_OF_FLOOR: f64 = 0.85;

const GENERATOR: &str = "#include <stdio.h>\n#include <stdlib.h>\nint main(int c,char**v){long long s=atoll(v[c-1]);printf(\"%lld %lld\\n\",s%1000,s%7);return 0;}\n";
/// Adds one b at a time: a "search" rather than the formula.
const BRUTE_FORCE: &str = "#include <stdio.h>\nint main(void){long long a,b,s;if(scanf(\"%lld %lld\",&a,&b)!=2)return 1;s=a;for(long long i=0;i<b;i++)s++;printf(\"%lld\\n\",s);return 0;}\n";

/// The kit of the bench; returns its root.
fn kit() -> PathBuf {
    let root = std::env::current_exe()
        .unwrap()
        .parent()
        .unwrap()
        .join("stress-bench-kit");
    let _ = std::fs::remove_dir_all(&root);
    write(&root.join("judge.toml"), testkit::bench::JUDGE_TOML);
    write(
        &root.join("problems/sum/problem.toml"),
        "title = { en = \"Sum\", zh = \"求和\" }\nchecker = \"check.c\"\nvalidator = \"validate.c\"\ngenerator = \"gen.c\"\nreference = \"accepted/sum.c\"\n\n[[tests]]\nargs = [\"1\"]\n\n[stress]\nargs = [\"{seed}\"]\nagainst = \"brute_force/add.c\"\n",
    );
    write(&root.join("problems/sum/gen.c"), GENERATOR);
    write(&root.join("problems/sum/check.c"), CHECKER);
    write(&root.join("problems/sum/validate.c"), VALIDATOR);
    write(&root.join("solutions/sum/accepted/sum.c"), SOLUTION);
    write(&root.join("solutions/sum/brute_force/add.c"), BRUTE_FORCE);
    root
}

/// The five programs, compiled outside the judge.
struct Programs {
    generator: PathBuf,
    validator: PathBuf,
    brute_force: PathBuf,
    solution: PathBuf,
    checker: PathBuf,
}

fn programs(root: &Path) -> Programs {
    let bin = root.join("bin");
    let build = |name: &str, source: &str| {
        let (c, out) = (bin.join(format!("{name}.c")), bin.join(name));
        write(&c, source);
        gcc(&c, &out);
        out
    };
    Programs {
        generator: build("gen", GENERATOR),
        validator: build("validate", VALIDATOR),
        brute_force: build("add", BRUTE_FORCE),
        solution: build("sum", SOLUTION),
        checker: build("check", CHECKER),
    }
}

/// One floor iteration: the generator, the brute force and the solution,
/// then a comparison of the outputs; with `classic`, the validator and the
/// checker too.
fn floor_iteration(p: &Programs, dir: &Path, seed: u64, classic: bool) {
    let file = |ext: &str| dir.join(format!("t.{ext}"));
    let run = |cmd: &mut Command| assert!(cmd.stderr(Stdio::null()).status().unwrap().success());
    let create = |ext: &str| std::fs::File::create(file(ext)).unwrap();
    let open = |ext: &str| std::fs::File::open(file(ext)).unwrap();
    run(Command::new(&p.generator)
        .arg(seed.to_string())
        .stdout(create("in")));
    if classic {
        run(Command::new(&p.validator).stdin(open("in")));
    }
    run(Command::new(&p.brute_force)
        .stdin(open("in"))
        .stdout(create("ans")));
    run(Command::new(&p.solution)
        .stdin(open("in"))
        .stdout(create("out")));
    if classic {
        run(Command::new(&p.checker)
            .arg(file("in"))
            .arg(file("out"))
            .arg(file("ans")));
    } else {
        assert_eq!(
            std::fs::read(file("out")).unwrap(),
            std::fs::read(file("ans")).unwrap()
        );
    }
}

/// The floor on `threads` threads, each its share of the iterations.
fn floor(p: &Programs, root: &Path, threads: u64, classic: bool) -> Duration {
    let start = Instant::now();
    std::thread::scope(|s| {
        for t in 0..threads {
            let dir = root.join(format!("floor-{t}"));
            std::fs::create_dir_all(&dir).unwrap();
            s.spawn(move || {
                for i in (t..ITERATIONS).step_by(threads as usize) {
                    floor_iteration(p, &dir, i + 1, classic);
                }
            });
        }
    });
    start.elapsed()
}

fn judge_stress(root: &Path, jobs: u64) -> Duration {
    let start = Instant::now();
    let status = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["--jobs", &jobs.to_string(), "stress", "sum"])
        .arg("solutions/sum/accepted/sum.c")
        .args(["--iterations", &ITERATIONS.to_string()])
        .current_dir(root)
        .env("CARGO_TARGET_DIR", root.join("target"))
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "judge stress failed");
    start.elapsed()
}

fn main() {
    let root = kit();
    let p = programs(&root);
    // Compiles the programs into the judge's cache: not timed.
    judge_stress(&root, 2);

    let contenders = ["floor 1", "floor 2", "classic 2", "judge 1", "judge 2"];
    let mut times = vec![Vec::new(); contenders.len()];
    for round in 0..ROUNDS {
        for k in 0..contenders.len() {
            let c = (k + round) % contenders.len();
            let time = match c {
                0 => floor(&p, &root, 1, false),
                1 => floor(&p, &root, 2, false),
                2 => floor(&p, &root, 2, true),
                3 => judge_stress(&root, 1),
                _ => judge_stress(&root, 2),
            };
            times[c].push(time);
        }
    }
    let rate: Vec<f64> = times
        .into_iter()
        .map(|t| ITERATIONS as f64 / median(t).as_secs_f64())
        .collect();
    println!(
        "{ITERATIONS} iterations of tiny tests (a C generator, brute force, solution, validator and checker); medians of {ROUNDS} rounds\n"
    );
    println!(
        "floor: generator, brute force, solution, compare, 1 thread   {:5.0} iterations/s",
        rate[0]
    );
    println!(
        "floor: the same, 2 threads                                   {:5.0} iterations/s",
        rate[1]
    );
    println!(
        "classic 对拍 script: all 5 programs each time, 2 threads       {:5.0} iterations/s",
        rate[2]
    );
    println!(
        "judge stress --jobs 1                                        {:5.0} iterations/s   {:.2}x the floor's time",
        rate[3],
        rate[0] / rate[3]
    );
    let goal = match rate[4] >= GOAL_OF_FLOOR * rate[1] {
        true => "meets",
        false => "BELOW",
    };
    println!(
        "judge stress --jobs 2                                        {:5.0} iterations/s   {:.2}x the floor's speed ({goal} the goal of {GOAL_OF_FLOOR}x)",
        rate[4],
        rate[4] / rate[1]
    );
}
