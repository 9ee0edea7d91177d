//! The cost of one exchange of an interactive run: `cargo bench -p judge
//! --bench interaction`.
//!
//! A C interactor sends 100000 numbers, one line each, and waits for each
//! reply; a C solution answers each with the next number. Measured in the
//! same run, rounds alternating:
//! * the floor: the two programs connected by two plain pipes, started by
//!   `std::process` (no sandbox, no relay);
//! * the kit: `judge::core::interact::run` in the Linux sandbox, the judge
//!   relaying every line and keeping the transcript.
//!
//! It prints the median time of a round and the time per exchange (one
//! line each way) for both.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use judge::core::interact;
use sandbox::linux::LinuxSandbox;
use sandbox::{Access, Limits, RunSpec};
use testkit::bench::{gcc, median, write};

const EXCHANGES: u64 = 100_000;
const ROUNDS: usize = 5;

const INTERACTOR: &str = "#include <stdio.h>\nint main(void){long long x;for(long long i=1;i<=100000;i++){printf(\"%lld\\n\",i);fflush(stdout);if(scanf(\"%lld\",&x)!=1||x!=i+1)return 1;}return 0;}\n";
const SOLUTION: &str = "#include <stdio.h>\nint main(void){long long x;while(scanf(\"%lld\",&x)==1){printf(\"%lld\\n\",x+1);fflush(stdout);}return 0;}\n";

fn floor(interactor: &Path, solution: &Path) -> Duration {
    let start = Instant::now();
    let mut jury = Command::new(interactor)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut player = Command::new(solution)
        .stdin(jury.stdout.take().unwrap())
        .stdout(jury.stdin.take().unwrap())
        .spawn()
        .unwrap();
    assert!(jury.wait().unwrap().success());
    player.wait().unwrap();
    start.elapsed()
}

fn kit(sandbox: &LinuxSandbox, interactor: &Path, solution: &Path, dir: &Path) -> Duration {
    let limits = Limits::new(Duration::from_secs(20), 256 << 20, 64 << 20);
    let spec = |program: &Path, name: &str| RunSpec {
        argv: vec![program.into()],
        stdin: None,
        stdout: dir.join(format!("{name}.out")),
        stderr: Some(dir.join(format!("{name}.err"))),
        cwd: Some(dir.to_path_buf()),
        limits,
        access: Access::new([], dir),
        interactive: None,
    };
    let start = Instant::now();
    let played = interact::run(
        sandbox,
        spec(solution, "solution"),
        spec(interactor, "interactor"),
        (limits.output_bytes, false),
        None,
    )
    .unwrap();
    let took = start.elapsed();
    assert!(played.interactor.unwrap().is_success());
    assert!(played.solution.unwrap().is_success());
    assert_eq!(played.transcript.jury_lines, EXCHANGES);
    assert_eq!(played.transcript.solution_lines, EXCHANGES);
    took
}

fn main() {
    let dir = tempfile::tempdir().unwrap();
    let (interactor, solution) = (dir.path().join("interactor"), dir.path().join("solution"));
    write(&dir.path().join("interactor.c"), INTERACTOR);
    write(&dir.path().join("solution.c"), SOLUTION);
    gcc(&dir.path().join("interactor.c"), &interactor);
    gcc(&dir.path().join("solution.c"), &solution);
    let sandbox = LinuxSandbox::new(dir.path(), sandbox::Containment::default()).unwrap();
    let work = dir.path().join("work");
    std::fs::create_dir_all(&work).unwrap();
    let (mut floors, mut kits) = (Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        floors.push(floor(&interactor, &solution));
        kits.push(kit(&sandbox, &interactor, &solution, &work));
    }
    let show = |name: &str, round: Duration| {
        println!(
            "{name:<32} {:>8.1} ms a round  {:>6.2} µs an exchange",
            round.as_secs_f64() * 1e3,
            round.as_secs_f64() * 1e6 / EXCHANGES as f64
        );
    };
    println!("{EXCHANGES} exchanges (a line each way), median of {ROUNDS} rounds");
    let (floor, kit) = (median(floors), median(kits));
    show("floor: two pipes, no judge", floor);
    show("judge: sandbox + relay", kit);
    println!(
        "the judge's relay and sandbox add {:.2} µs an exchange ({:.2}× the floor)",
        (kit.as_secs_f64() - floor.as_secs_f64()) * 1e6 / EXCHANGES as f64,
        kit.as_secs_f64() / floor.as_secs_f64()
    );
}
