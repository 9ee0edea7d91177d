//! Hostile submissions, judged for real: each gets its expected verdict
//! within a bounded time, and after each the suite checks that no process
//! of the run is left (in /proc), that the tests and the kit's programs are
//! unchanged, and that the judge is healthy (it answered with its report).
//!
//! The suite runs with the judge as root and as an unprivileged user
//! (uid 65533, through `setpriv`, when the tests run as root): the two
//! settings contain submissions with different layers (`judge doctor`).

use std::collections::BTreeMap;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::{Duration, Instant};

use serde_json::Value;

use testkit::guess;
use testkit::kit::Kit;
use testkit::run::{kill_all, processes_of, processes_outliving, wait};

/// The kit of these tests: C only, built with `-O1`, an output limit of
/// 16 MiB, tests `t1.in` and `t2.in`, where every user can reach it (the
/// unprivileged judge must).
fn sum() -> Kit {
    Kit::builder()
        .languages(&["c"])
        .c_flag("-O1")
        .output_limit_mib(16)
        .inputs(2)
        .reachable_by_all()
        .create()
}

/// The sum kit with the guessing game beside it (`common::guess`): two
/// games, a time limit of 500 ms.
fn guess() -> Kit {
    let kit = sum();
    guess::add_to(
        &kit,
        "title = { en = \"Guess\", zh = \"猜数\" }\ntime_limit_ms = 500\ninteractor = \"interactor.c\"\nvalidator = \"validate.c\"\nreference = \"accepted/binary_search.c\"\n\n[[tests]]\nfile = \"1.in\"\n\n[[tests]]\nfile = \"2.in\"\n",
        &["10 7\n", "1000 999\n"],
    );
    kit
}

/// Which hostile suite: batch (the sum problem) or interactive (the
/// guessing game, a hostile solution facing the interactor).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Game {
    Batch,
    Interactive,
}

impl Game {
    fn kit(self) -> Kit {
        match self {
            Game::Batch => sum(),
            Game::Interactive => guess(),
        }
    }

    fn problem(self) -> &'static str {
        match self {
            Game::Batch => "sum",
            Game::Interactive => "guess",
        }
    }

    fn cases(self, kit: &Path, port: u16) -> Vec<Case> {
        match self {
            Game::Batch => cases(kit, port),
            Game::Interactive => interactive_cases(kit, port),
        }
    }
}

/// A C program: reads the test (`a`, `b`), then does `body`.
fn program(body: &str) -> String {
    with_headers(&format!(
        "int main(void) {{ long long a = 0, b = 0; if (scanf(\"%lld %lld\", &a, &b) != 2) return 9;\n{body}\n}}\n"
    ))
}

/// An interactive solution: reads n, then does `body`.
fn player(body: &str) -> String {
    with_headers(&format!(
        "int main(void) {{ long long n = 0; if (scanf(\"%lld\", &n) != 1) return 9;\n{body}\n}}\n"
    ))
}

/// `main` with every header the cases use.
fn with_headers(main: &str) -> String {
    format!(
        "#define _GNU_SOURCE\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#include <signal.h>\n#include <fcntl.h>\n#include <dirent.h>\n#include <sys/types.h>\n#include <sys/socket.h>\n#include <netinet/in.h>\n#include <arpa/inet.h>\n#include <sys/mman.h>\n#include <time.h>\n{main}"
    )
}

/// Plays the game right: a binary search.
const PLAY: &str = "long long lo = 1, hi = n; while (lo < hi) { long long mid = (lo + hi) / 2; printf(\"? %lld\\n\", mid); fflush(stdout); char r[4]; if (scanf(\"%3s\", r) != 1) return 0; if (r[0] == '<') lo = mid + 1; else hi = mid; } printf(\"! %lld\\n\", lo); fflush(stdout);";

/// Guesses 0: never right (WA), what a case does that got what it should not.
const GUESS_WRONG: &str = "printf(\"! 0\\n\"); fflush(stdout); return 0;";

/// Forks 3000 sleeping children, as many as it may (`made`).
const FORK_3000: &str = "int made = 0; for (int i = 0; i < 3000; i++) { pid_t child = fork(); if (child == 0) { sleep(1000); _exit(0); } made += child > 0; }";

/// What the fork loop gets where the pids controller caps it: its 255
/// children hold about 25 MiB, but each of its 2,745 refused forks had its
/// kernel stack and page tables charged to the run's control group, and
/// they are given back only after an RCU grace period, which a loaded
/// machine delays (measured: 25 to 56 MiB on a quiet one); the memory cap
/// (96 MiB against 64) may be met first. On a machine loaded by other
/// tests, 3,000 forks may outlast the wall-clock limit (TLE: measured once
/// in a CI run, with 257 ms of CPU time in 1,569 ms): contained all the
/// same, and the suite checks that no process is left.
const FORK_LOOP_CAPPED: &[&str] = &["AC", "MLE", "TLE"];

/// Counts the other processes whose command line it can read (as `seen`).
const COUNT_OTHERS: &str = "DIR *d = opendir(\"/proc\"); struct dirent *e; char path[300], text[256]; int seen = 0; while (d && (e = readdir(d))) { int pid = atoi(e->d_name); if (pid <= 0 || pid == getpid()) continue; snprintf(path, sizeof path, \"/proc/%d/cmdline\", pid); int fd = open(path, O_RDONLY); if (fd >= 0) { if (read(fd, text, sizeof text) > 0) seen++; close(fd); } }";

/// Reads its parent's command line or environment (`got`: which, 0 if
/// neither).
const READ_PARENT: &str = "const char *what[] = {\"cmdline\", \"environ\"}; char path[64], text[256]; int got = 0; for (int i = 0; i < 2 && !got; i++) { snprintf(path, sizeof path, \"/proc/%d/%s\", (int) getppid(), what[i]); int fd = open(path, O_RDONLY); if (fd >= 0 && read(fd, text, sizeof text) > 0) got = i + 1; }";

/// Sends SIGKILL to every process it sees in `/proc` but itself, and to
/// its parent; then, where its parent is its PID namespace's init (so that
/// nothing outside the namespace can be reached), to every process it may
/// signal (`kill(-1, ...)`).
const KILL_ALL: &str = "DIR *d = opendir(\"/proc\"); struct dirent *e; while (d && (e = readdir(d))) { int pid = atoi(e->d_name); if (pid > 0 && pid != getpid()) kill(pid, SIGKILL); } kill(getppid(), SIGKILL); if (getppid() == 1) kill(-1, SIGKILL);";

/// Connects to `port` on 127.0.0.1 (`reached`: whether it could).
fn connect(port: u16) -> String {
    format!(
        "int s = socket(AF_INET, SOCK_STREAM, 0); struct sockaddr_in addr = {{0}}; addr.sin_family = AF_INET; addr.sin_port = htons({port}); addr.sin_addr.s_addr = inet_addr(\"127.0.0.1\"); int reached = connect(s, (struct sockaddr *) &addr, sizeof addr) == 0;"
    )
}

const ANSWER: &str = "printf(\"%lld\\n\", a + b); fflush(stdout);";

/// One hostile submission and the verdicts it may get.
struct Case {
    name: &'static str,
    source: String,
    expected: &'static [&'static str],
}

fn cases(kit: &Path, port: u16) -> Vec<Case> {
    let tests = kit.join("problems/sum/tests");
    let case = |name, body: String, expected| Case {
        name,
        source: program(&body),
        expected,
    };
    vec![
        case("busy loop", "for (;;) {}".into(), &["TLE"]),
        case("sleep forever", "for (;;) pause();".into(), &["TLE"]),
        case(
            "block on a pipe",
            "int p[2]; pipe(p); char c; read(p[0], &c, 1); return 0;".into(),
            &["TLE"],
        ),
        case(
            "close stdout and loop",
            "fclose(stdout); close(1); for (;;) {}".into(),
            &["TLE"],
        ),
        case(
            "touch 10 GB",
            "size_t n = 10UL << 30; volatile char *p = malloc(n); if (!p) return 7; for (size_t i = 0; i < n; i += 4096) p[i] = 1; printf(\"%d\\n\", p[n - 1]); return 0;".into(),
            &["MLE"],
        ),
        Case {
            name: "unbounded recursion",
            source: "#include <stdio.h>\nint depth(int x) { volatile char frame[4096]; frame[0] = (char) x; return depth(x + 1) + frame[0]; }\nint main(void) { long long a, b; if (scanf(\"%lld %lld\", &a, &b) != 2) return 9; return depth(0); }\n".into(),
            expected: &["RE", "MLE"],
        },
        case(
            "100 sleeping children",
            format!("for (int i = 0; i < 100; i++) if (fork() == 0) {{ sleep(1000); _exit(0); }} {ANSWER} return 0;"),
            &["AC"],
        ),
        case(
            "fork loop of 3000",
            format!("{FORK_3000} if (made == 3000) {{ printf(\"-1\\n\"); return 0; }} {ANSWER} return 0;"),
            FORK_LOOP_CAPPED,
        ),
        case(
            "CPU time in children never waited for",
            // The leader answers once its children have spent 1.2 s of CPU
            // time between them (each writes its own into shared memory),
            // however loaded the machine: more than twice the limit.
            format!("volatile long *spent = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0); for (int i = 0; i < 4; i++) if (fork() == 0) for (;;) spent[i] = clock(); for (;;) {{ long sum = 0; for (int i = 0; i < 4; i++) sum += spent[i]; if (sum > CLOCKS_PER_SEC * 6 / 5) break; usleep(10000); }} {ANSWER} return 0;"),
            &["TLE"],
        ),
        case(
            "setsid escape",
            format!("if (fork() == 0) {{ setsid(); if (fork() == 0) for (;;) sleep(1000); _exit(0); }} {ANSWER} return 0;"),
            &["AC"],
        ),
        case(
            "setpgid escape",
            format!("setpgid(0, getpgid(getppid())); if (fork() == 0) for (;;) sleep(1000); {ANSWER} return 0;"),
            &["AC"],
        ),
        case(
            "10 GB of output",
            "static char line[1 << 20]; memset(line, '1', sizeof line); for (int i = 0; i < 10240; i++) fwrite(line, 1, sizeof line, stdout); return 0;".into(),
            &["OLE"],
        ),
        case(
            "read the answer",
            "char path[4096] = {0}; readlink(\"/proc/self/fd/0\", path, sizeof path - 1); char *dot = strrchr(path, '.'); if (dot) strcpy(dot, \".ans\"); FILE *f = fopen(path, \"r\"); if (!f) f = fopen(\"/proc/self/fd/0/../01.ans\", \"r\"); long long x = -1; if (f && fscanf(f, \"%lld\", &x) == 1) printf(\"%lld\\n\", x); else printf(\"-1\\n\"); return 0;".into(),
            &["WA"],
        ),
        Case {
            name: "reach the judge's scratch files",
            source: format!(
                "#include <dirent.h>\n{}",
                program(&format!(
                    "char out[4096] = {{0}}; readlink(\"/proc/self/fd/1\", out, sizeof out - 1); char *slash = strrchr(out, '/'); if (slash) *slash = 0; const char *dirs[] = {{\"/dev/shm\", out}}; for (int i = 0; i < 2; i++) {{ DIR *d = opendir(dirs[i]); if (d) {{ printf(\"-1\\n\"); return 0; }} }} const char *names[] = {{\"01.out\", \"02.out\", \"01.err\", \"02.err\"}}; for (int i = 0; i < 4; i++) {{ char sibling[4200]; snprintf(sibling, sizeof sibling, \"%s/%s\", out, names[i]); if (open(sibling, O_RDONLY) >= 0 || open(sibling, O_WRONLY | O_CREAT, 0644) >= 0) {{ printf(\"-1\\n\"); return 0; }} }} {ANSWER} return 0;"
                ))
            ),
            expected: &["AC"],
        },
        Case {
            name: "include a test at compile time",
            source: format!(
                "#include <stdio.h>\nint main(void) {{ long long x =\n#include \"{}/01.ans\"\n; printf(\"%lld\\n\", x); return 0; }}\n",
                tests.display()
            ),
            expected: &["CE"],
        },
        case(
            "connect to 127.0.0.1",
            format!(
                "{} if (reached) {{ printf(\"-1\\n\"); return 0; }} {ANSWER} return 0;",
                connect(port)
            ),
            &["AC"],
        ),
        case(
            "kill its parent",
            format!("kill(getppid(), SIGKILL); kill(getppid(), SIGTERM); {ANSWER} return 0;"),
            &["AC"],
        ),
        case(
            "kill every process it sees",
            format!("{KILL_ALL} {ANSWER} return 0;"),
            &["AC"],
        ),
        case(
            "signal its own group",
            format!("{ANSWER} kill(0, SIGTERM); sleep(1); return 0;"),
            &["RE"],
        ),
        case("segfault", "volatile int *p = 0; *p = 1; return 0;".into(), &["RE"]),
        case("abort", "abort();".into(), &["RE"]),
        case("exit 1", format!("{ANSWER} return 1;"), &["RE"]),
        case(
            "NUL bytes",
            "fwrite(\"3\\0\\n\", 1, 3, stdout); return 0;".into(),
            &["WA", "PE"],
        ),
        case(
            "invalid UTF-8",
            "fputs(\"\\xff\\xfe\\n\", stdout); return 0;".into(),
            &["PE"],
        ),
        case(
            "a 100 MB token",
            "static char chunk[1 << 20]; memset(chunk, '1', sizeof chunk); for (int i = 0; i < 100; i++) fwrite(chunk, 1, sizeof chunk, stdout); return 0;".into(),
            &["OLE"],
        ),
        case(
            "no final newline",
            "printf(\"%lld\", a + b); return 0;".into(),
            &["AC"],
        ),
        case("CRLF", "printf(\"%lld\\r\\n\", a + b); return 0;".into(), &["AC"]),
        // Not hostile: what a run may see of itself (interpreters and
        // virtual machines read it).
        case(
            "read its own /proc",
            format!("char text[64]; int fd = open(\"/proc/self/status\", O_RDONLY); DIR *d = opendir(\"/proc\"); if (fd < 0 || read(fd, text, sizeof text) <= 0 || !d || !readdir(d)) return 5; {ANSWER} return 0;"),
            &["AC"],
        ),
        case(
            "see other processes",
            format!("{COUNT_OTHERS} if (seen) {{ printf(\"%d\\n\", -seen); return 0; }} {ANSWER} return 0;"),
            &["AC"],
        ),
        case(
            "read the judge's command line and environment",
            format!("{READ_PARENT} if (got) {{ printf(\"-%d\\n\", got); return 0; }} {ANSWER} return 0;"),
            &["AC"],
        ),
        // Last: where nothing keeps it from the kit, it spoils the kit for
        // the cases after it.
        case(
            "write outside its folder",
            format!(
                "const char *targets[] = {{\"{t}/01.ans\", \"{t}/01.in\", \"{k}/problems/sum/check.c\", \"{k}/judge.toml\"}}; for (int i = 0; i < 4; i++) {{ FILE *f = fopen(targets[i], \"w\"); if (f) {{ fputs(\"999\\n\", f); fclose(f); }} }} {ANSWER} return 0;",
                t = tests.display(),
                k = kit.display()
            ),
            &["AC"],
        ),
    ]
}

/// Hostile interactive solutions of the guessing game: each faces the
/// interactor, and plays right (AC) or guesses wrong (WA) after its trick.
fn interactive_cases(kit: &Path, port: u16) -> Vec<Case> {
    let tests = kit.join("problems/guess/tests");
    let case = |name, body: String, expected| Case {
        name,
        source: player(&body),
        expected,
    };
    vec![
        case("busy loop", "for (;;) {}".into(), &["TLE"]),
        case("sleep forever", "for (;;) pause();".into(), &["TLE"]),
        case(
            "close stdout and loop",
            "fclose(stdout); close(1); for (;;) {}".into(),
            &["TLE"],
        ),
        case(
            "flood the interactor",
            "static char junk[1 << 16]; memset(junk, 'x', sizeof junk); for (;;) fwrite(junk, 1, sizeof junk, stdout);".into(),
            &["OLE", "PE"],
        ),
        case(
            "touch 10 GB",
            "size_t size = 10UL << 30; volatile char *p = malloc(size); if (!p) return 7; for (size_t i = 0; i < size; i += 4096) p[i] = 1; return p[size - 1];".into(),
            &["MLE"],
        ),
        case(
            "fork loop of 3000",
            format!("{FORK_3000} if (made == 3000) {{ {GUESS_WRONG} }} {PLAY} return 0;"),
            FORK_LOOP_CAPPED,
        ),
        case(
            "setsid escape",
            format!("if (fork() == 0) {{ setsid(); if (fork() == 0) for (;;) sleep(1000); _exit(0); }} {PLAY} return 0;"),
            &["AC"],
        ),
        case(
            "kill its parent",
            format!("kill(getppid(), SIGKILL); {PLAY} return 0;"),
            &["AC"],
        ),
        // The interactor survives: it, not the kit, judges the wrong guess.
        case(
            "kill every process it sees, then lose",
            format!("{KILL_ALL} {GUESS_WRONG}"),
            &["WA"],
        ),
        // Only this kit's interactor (a program of the kit's build cache
        // with arguments): the tests run side by side.
        case(
            "kill the interactor",
            format!(
                "DIR *d = opendir(\"/proc\"); struct dirent *e; char path[300], text[4096]; while (d && (e = readdir(d))) {{ int pid = atoi(e->d_name); if (pid <= 0 || pid == getpid()) continue; snprintf(path, sizeof path, \"/proc/%d/cmdline\", pid); int fd = open(path, O_RDONLY); if (fd < 0) continue; int len = read(fd, text, sizeof text - 1); close(fd); if (len <= 0) continue; text[len] = 0; int args = 0; for (int i = 0; i < len; i++) if (!text[i]) {{ text[i] = ' '; args++; }} if (strstr(text, \"{k}/\") && args > 1) kill(pid, SIGKILL); }} {PLAY} return 0;",
                k = kit.display()
            ),
            &["AC"],
        ),
        case(
            "read the secret",
            format!(
                "for (int t = 1; t <= 2; t++) {{ char name[4096]; snprintf(name, sizeof name, \"{t}/%02d.in\", t); FILE *f = fopen(name, \"r\"); long long m, secret; if (f && fscanf(f, \"%lld %lld\", &m, &secret) == 2 && m == n) {{ printf(\"! %lld\\n\", secret); return 0; }} }} {GUESS_WRONG}",
                t = tests.display()
            ),
            &["WA"],
        ),
        case(
            "see other processes",
            format!("{COUNT_OTHERS} if (seen) {{ {GUESS_WRONG} }} {PLAY} return 0;"),
            &["AC"],
        ),
        case(
            "read the judge's command line and environment",
            format!("{READ_PARENT} if (got) {{ {GUESS_WRONG} }} {PLAY} return 0;"),
            &["AC"],
        ),
        case(
            "connect to 127.0.0.1",
            format!("{} if (reached) {{ {GUESS_WRONG} }} {PLAY} return 0;", connect(port)),
            &["AC"],
        ),
        // Last, as in the batch suite.
        case(
            "write outside its folder, then play",
            format!(
                "const char *targets[] = {{\"{t}/01.in\", \"{k}/problems/guess/interactor.c\", \"{k}/judge.toml\"}}; for (int i = 0; i < 3; i++) {{ FILE *f = fopen(targets[i], \"w\"); if (f) {{ fputs(\"999\\n\", f); fclose(f); }} }} {PLAY} return 0;",
                t = tests.display(),
                k = kit.display()
            ),
            &["AC"],
        ),
    ]
}

/// The content hash of every file under `dir`.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, String> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let hash = blake3::hash(&std::fs::read(e.path()).unwrap_or_default());
            (e.path().to_path_buf(), hash.to_hex().to_string())
        })
        .collect()
}

/// What one case did: its verdict (`judge failed` if the judge did not end
/// with a report), and whether it changed the kit's files.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seen {
    verdict: String,
    /// What the judge said of the first test not passed (or its error).
    why: String,
    changed_kit: bool,
}

/// What the suite saw under one setting.
struct SuiteRun {
    /// The cases, in the order they ran.
    cases: Vec<Case>,
    seen: Vec<(&'static str, Seen)>,
    /// Whether a run connected to a listener on 127.0.0.1.
    reached_listener: bool,
    /// What no setting may allow: a process left, the machine's memory
    /// reached.
    breaches: Vec<String>,
}

/// The user an unprivileged judge runs as, when the tests run as root:
/// not `nobody`, whose are a root judge's runs, so that the two count
/// their processes apart (`RLIMIT_NPROC`, `Turn`).
const UNPRIVILEGED: u32 = 65533;

/// The runs of root judges (`nobody`'s): read by suites whose runs a
/// control group caps, written by those `RLIMIT_NPROC` caps.
static NOBODYS_RUNS: RwLock<()> = RwLock::new(());
/// The runs of unprivileged judges, which `RLIMIT_NPROC` caps.
static UNPRIVILEGED_RUNS: Mutex<()> = Mutex::new(());

/// A suite's turn to run. Where no control group caps a run's processes
/// (the cgroup layer off, or an unprivileged judge), `RLIMIT_NPROC` does,
/// and it counts every process of the runs' user: another suite's fork
/// loop would starve this one's runs (they could not start: FAIL). So a
/// suite whose runs it caps has their user to itself; the others share.
#[allow(dead_code)] // Held, never read.
enum Turn<'a> {
    Shared(RwLockReadGuard<'a, ()>),
    Alone(RwLockWriteGuard<'a, ()>),
    Unprivileged(MutexGuard<'a, ()>),
}

impl Turn<'_> {
    /// Waits for the turn of a suite judged as `user` (None: the tests'
    /// user) with the layers `off` off.
    fn wait(user: Option<u32>, off: &str) -> Turn<'static> {
        let cgroup_off = off.split(',').any(|layer| layer == "cgroup");
        match (user.is_some() || !root(), cgroup_off) {
            (true, _) => {
                Turn::Unprivileged(UNPRIVILEGED_RUNS.lock().unwrap_or_else(|e| e.into_inner()))
            }
            (false, false) => Turn::Shared(NOBODYS_RUNS.read().unwrap_or_else(|e| e.into_inner())),
            (false, true) => Turn::Alone(NOBODYS_RUNS.write().unwrap_or_else(|e| e.into_inner())),
        }
    }
}

/// Runs every case with the judge as `user` (None: as the tests' user)
/// and `JUDGE_SANDBOX_OFF` set to `off`. A case that changed the kit's
/// files has them put back before the next.
fn suite(game: Game, user: Option<u32>, off: &str) -> SuiteRun {
    let _turn = Turn::wait(user, off);
    let mut kit = game.kit();
    let problem = game.problem();
    kit.set_env("JUDGE_SANDBOX_OFF", off);
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let cases = game.cases(kit.dir(), port);
    for (i, case) in cases.iter().enumerate() {
        kit.write(
            &format!("solutions/{problem}/hostile/{i:02}.c"),
            &case.source,
        );
    }
    if let Some(uid) = user {
        kit.give_to(uid);
    }
    // Build once, then keep what the runs must not touch.
    let run = kit.judge(&["build"]);
    assert_eq!(run.code, Some(0), "build: {}", run.stderr);
    let guarded = || {
        let mut all = snapshot(&kit.path("problems"));
        all.extend(snapshot(&kit.path("target/judge/build")));
        all.extend(snapshot(&kit.path("judge.toml")));
        all
    };
    let before = guarded();
    let kept: BTreeMap<PathBuf, Vec<u8>> = before
        .keys()
        .map(|path| (path.clone(), std::fs::read(path).unwrap()))
        .collect();

    let mut seen = Vec::new();
    let mut breaches = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let file = format!("solutions/{problem}/hostile/{i:02}.c");
        // Two tests at once, as a judge runs them; but a case that can only
        // run out of time is judged up to that, on one test: a second would
        // burn its limit again, or wait out its wall limit and then its
        // run alone again, to the same end.
        let mut args = vec!["--json", "--jobs", "2", "test", problem, &file];
        if case.expected == ["TLE"] {
            args[2] = "1";
            args.push("--fail-fast");
        }
        // An unprivileged judge has no control group here: it must be told
        // to judge with memory only watched.
        if user.is_some() {
            args.insert(0, "--unsafe-no-memory-cap");
        }
        let run = kit.judge(&args);
        let (code, took) = (run.code, run.took);
        let report: Value = serde_json::from_str(&run.stdout).unwrap_or(Value::Null);
        // A healthy judge: it ended by itself, with its report.
        let verdict = match (code, &report) {
            (Some(0 | 1), Value::Object(_)) => {
                report["verdict"].as_str().unwrap_or("?").to_string()
            }
            _ => "judge failed".to_string(),
        };
        if case.name == "touch 10 GB" {
            // Stopped near its limit: the machine never saw gigabytes.
            let peak = report["tests"][0]["memory_kib"]
                .as_u64()
                .unwrap_or(u64::MAX);
            if peak > 512 * 1024 {
                breaches.push(format!("{}: it reached {peak} KiB", case.name));
            }
        }
        // A judge that returned has reaped its runs; a killed one left
        // them their parent-death signal.
        let left = match verdict.as_str() {
            "judge failed" => processes_outliving(kit.dir()),
            _ => processes_of(kit.dir()),
        };
        if !left.is_empty() {
            breaches.push(format!("{}: processes left: {left:?}", case.name));
            kill_all(&left);
        }
        let after = guarded();
        let changed_kit = before
            .iter()
            .any(|(path, hash)| after.get(path) != Some(hash));
        if changed_kit {
            for (path, bytes) in &kept {
                std::fs::write(path, bytes).unwrap();
            }
        }
        eprintln!(
            "{:<32} {verdict:<5} {:>6.2} s",
            case.name,
            took.as_secs_f64()
        );
        let mut tests = report["tests"].as_array().into_iter().flatten();
        let why = match tests.find(|t| t["verdict"] != "AC") {
            Some(test) => test["message"].as_str().unwrap_or_default().to_string(),
            None => run.stderr.clone(),
        };
        seen.push((
            case.name,
            Seen {
                verdict,
                why,
                changed_kit,
            },
        ));
    }
    SuiteRun {
        cases,
        seen,
        reached_listener: listener.accept().is_ok(),
        breaches,
    }
}

/// The layers in effect for one run of the suite.
#[derive(Clone, Copy, Debug)]
struct Setting {
    /// The judge runs as root (else as an unprivileged user).
    root: bool,
    cgroup: bool,
    landlock: bool,
    network: bool,
    /// Submissions run as another user (`nobody`): only for a root judge.
    other_user: bool,
    /// Submissions get a PID namespace (an unprivileged judge inside the
    /// user namespace it makes for it).
    pid: bool,
}

impl Setting {
    /// Every layer on, for a root judge or not.
    fn full(root: bool) -> Setting {
        Setting {
            root,
            cgroup: true,
            landlock: true,
            network: true,
            other_user: root,
            pid: true,
        }
    }

    /// `JUDGE_SANDBOX_OFF` for this setting.
    fn off(&self) -> String {
        let layers = [
            ("cgroup", self.cgroup),
            ("landlock", self.landlock),
            ("network", self.network),
            ("user", self.other_user || !self.root),
            ("pid", self.pid),
        ];
        let off: Vec<&str> = layers
            .iter()
            .filter(|(_, on)| !on)
            .map(|(name, _)| *name)
            .collect();
        off.join(",")
    }

    /// What `case` gets here, and whether it changes the kit's files, as the
    /// guide states (`book/src/containment.md`, `JUDGE_SANDBOX_OFF`).
    fn expects(&self, case: &Case) -> (Vec<&'static str>, bool) {
        let judges_user = !self.other_user;
        match case.name {
            // Every process's command line is for all to read.
            "see other processes" | "read the judge's command line and environment"
                if !self.pid =>
            {
                (vec!["WA"], false)
            }
            "reach the judge's scratch files" if !self.landlock => (vec!["WA"], false),
            "connect to 127.0.0.1" if !self.network => (vec!["WA"], false),
            // Nothing caps its processes: all 3000 are made (WA), unless
            // the memory watcher sees them over the cap first (MLE).
            "fork loop of 3000" if !self.cgroup && self.root && judges_user => {
                (vec!["WA", "MLE"], false)
            }
            // `RLIMIT_NPROC` leaves room for 256 processes a core, which
            // one run may take while the other worker's is elsewhere; the
            // watcher counts each child's pages, shared copy-on-write with
            // its parent, once for each: it may see 512 over the cap first
            // (and a loaded machine may time the loop out, as where the
            // pids controller caps it).
            "fork loop of 3000" if !self.cgroup || !self.root => (FORK_LOOP_CAPPED.to_vec(), false),
            // Neither Landlock nor another user: the run is the judge's
            // user, unconfined.
            "read the answer" | "read the secret" if !self.landlock && judges_user => {
                (vec!["AC"], false)
            }
            // The interactor may have read its test before it is spoilt.
            "write outside its folder, then play" if !self.landlock && judges_user => {
                (vec!["AC", "FAIL"], true)
            }
            "include a test at compile time" if !self.landlock && judges_user => {
                (vec!["WA"], false)
            }
            // Neither a PID namespace (whose init, its parent, it cannot
            // signal) nor Landlock's signal scope, and the judge's user: it
            // kills the judge, or the interactor (the kit's fault).
            "kill its parent" | "kill every process it sees"
                if !self.pid && !self.landlock && judges_user =>
            {
                (vec!["judge failed"], false)
            }
            "kill the interactor" | "kill every process it sees, then lose"
                if !self.pid && !self.landlock && judges_user =>
            {
                (vec!["FAIL", "judge failed"], false)
            }
            // Two tests at once: the other's input may be cut short first
            // (RE), or its answer read between truncation and write (FAIL).
            "write outside its folder" if !self.landlock && judges_user => {
                (vec!["WA", "RE", "FAIL"], true)
            }
            _ => (case.expected.to_vec(), false),
        }
    }
}

/// Runs the suite under `setting` and checks each case against what the
/// setting promises; returns the verdicts, or what differed.
fn contained_as_promised(
    setting: Setting,
    game: Game,
) -> Result<Vec<(&'static str, String)>, String> {
    let user = (!setting.root && root()).then_some(UNPRIVILEGED);
    let run = suite(game, user, &setting.off());
    let mut failures = run.breaches.clone();
    for ((name, seen), case) in run.seen.iter().zip(&run.cases) {
        let (verdicts, changes_kit) = setting.expects(case);
        if !verdicts.contains(&seen.verdict.as_str()) || seen.changed_kit != changes_kit {
            failures.push(format!(
                "{name}: got {} (kit changed: {}), expected one of {verdicts:?} (kit changed: {changes_kit}): {}",
                seen.verdict, seen.changed_kit, seen.why
            ));
        }
    }
    if run.reached_listener == setting.network {
        failures.push(format!(
            "reached the listener on 127.0.0.1: {}, with the network layer {}",
            run.reached_listener,
            if setting.network { "on" } else { "off" }
        ));
    }
    match failures.is_empty() {
        true => Ok(run
            .seen
            .into_iter()
            .map(|(name, seen)| (name, seen.verdict))
            .collect()),
        false => Err(failures.join("\n")),
    }
}

/// Returns true if and only if the tests run as root.
fn root() -> bool {
    // SAFETY: `geteuid` has no preconditions.
    unsafe { libc::geteuid() == 0 }
}

/// The suite of `game` with every layer on, with the judge as the tests'
/// user and, as root, as an unprivileged user too (other layers contain
/// then).
fn contained_with_every_layer(game: Game) {
    let mut settings = vec![("the tests' user", Setting::full(root()))];
    if root() {
        settings.push(("an unprivileged user", Setting::full(false)));
    }
    let mut failures = Vec::new();
    for (who, setting) in settings {
        match contained_as_promised(setting, game) {
            Ok(got) => {
                eprintln!("judge as {who}:");
                for (case, verdict) in got {
                    eprintln!("  {case:<32} {verdict}");
                }
            }
            Err(e) => failures.push(format!("judge as {who}:\n{e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn hostile_submissions_are_contained() {
    contained_with_every_layer(Game::Batch);
}

#[test]
fn hostile_interactive_solutions_are_contained() {
    contained_with_every_layer(Game::Interactive);
}

/// Every combination of layers this machine can make, as root and as an
/// unprivileged judge, turned off by `JUDGE_SANDBOX_OFF`: each hostile case
/// of `game` gets the verdict its setting promises (`Setting::expects`),
/// and no setting leaves a process behind.
fn every_fallback_contains(game: Game) {
    let judges = match root() {
        true => vec![true, false],
        false => vec![false],
    };
    let mut settings = Vec::new();
    for root_judge in judges {
        for bits in 0..16u32 {
            let on = |bit: u32| bits & (1 << bit) == 0;
            if !root_judge && !on(3) {
                continue; // An unprivileged judge has no other user to turn off.
            }
            settings.push(Setting {
                root: root_judge,
                cgroup: on(0),
                landlock: on(1),
                network: on(2),
                other_user: root_judge && on(3),
                pid: true,
            });
        }
        // The PID namespace off, everything else on.
        settings.push(Setting {
            pid: false,
            ..Setting::full(root_judge)
        });
    }
    // In an order that lets the two slow tests run side by side (`Turn`):
    // first both with root judges whose runs a control group caps, then
    // one with the other root judges while the other has unprivileged
    // judges, then the other way round.
    let root_capped_others = |s: &Setting| match (s.root, s.cgroup, game) {
        (true, true, _) => 0,
        (true, false, Game::Batch) | (false, _, Game::Interactive) => 1,
        _ => 2,
    };
    settings.sort_by_key(root_capped_others);
    let mut failures = Vec::new();
    for setting in settings {
        let label = format!(
            "judge as {}, off: [{}], {game:?}",
            if setting.root { "root" } else { "unprivileged" },
            setting.off()
        );
        match contained_as_promised(setting, game) {
            Ok(_) => eprintln!("{label}: as promised"),
            Err(e) => failures.push(format!("{label}:\n{e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
#[ignore = "slow tier: the batch hostile suite under 26 settings (about 6 minutes)"]
fn every_fallback_contains_what_it_promises() {
    every_fallback_contains(Game::Batch);
}

#[test]
#[ignore = "slow tier: the interactive hostile suite under 26 settings (about 4 minutes)"]
fn every_fallback_contains_interactive_solutions() {
    every_fallback_contains(Game::Interactive);
}

/// A judge that builds the problem first, in the same command, still cuts
/// its runs off from the network: as an unprivileged user too, whose
/// network namespace needs a judge of one thread (the build's workers
/// must be gone by then).
#[test]
fn the_network_is_cut_after_a_build_in_the_same_command() {
    let mut kit = sum();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let connect = cases(kit.dir(), port)
        .into_iter()
        .find(|c| c.name == "connect to 127.0.0.1")
        .unwrap();
    kit.write("solutions/sum/connect.c", &connect.source);
    let _turn = Turn::wait(Some(UNPRIVILEGED), "");
    if root() {
        kit.give_to(UNPRIVILEGED);
    }
    let run = kit.judge(&[
        "--json",
        "--unsafe-no-memory-cap",
        "test",
        "sum",
        "solutions/sum/connect.c",
    ]);
    let report: Value = serde_json::from_str(&run.stdout).unwrap_or(Value::Null);
    assert_eq!(report["isolation"]["network"], "isolated", "{}", run.stderr);
    assert_eq!(report["verdict"], "AC", "{}", run.stdout);
    assert!(listener.accept().is_err(), "a run reached the listener");
}

/// Where no control group can cap a run's memory (an unprivileged judge
/// on a host whose memory controller is cgroup v1's, as here), the judge
/// says why (`judge doctor`) and refuses submissions unless it is told
/// otherwise: `--unsafe-no-memory-cap`, `JUDGE_SANDBOX_OFF=cgroup`, or
/// `--isolation none`. The kit's own programs (the build) still run.
#[test]
fn a_judge_without_a_memory_cap_refuses_submissions_unless_told() {
    let mut kit = sum();
    // Not told by the tests' own environment either.
    kit.set_env("JUDGE_UNSAFE_NO_MEMORY_CAP", "false");
    kit.write("solutions/sum/ok.c", &program(ANSWER));
    let _turn = Turn::wait(Some(UNPRIVILEGED), "");
    if root() {
        kit.give_to(UNPRIVILEGED);
    }
    let run = kit.judge(&["build"]);
    assert_eq!(run.code, Some(0), "build: {}", run.stderr);
    let (_, doctor) = kit.json(&["doctor"]);
    let isolation = &doctor["isolation"];
    if isolation["memory"] == "cgroup" {
        eprintln!("skipped: this judge has a control group ({isolation})");
        return;
    }
    let missing = isolation["missing"][0]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(missing.starts_with("cgroup: cgroup v1: "), "{isolation}");
    assert!(missing.contains("; cgroup v2: "), "{missing}");
    let test = ["test", "sum", "solutions/sum/ok.c"];
    let refused = kit.error(&test);
    assert!(
        refused.contains("no control group can cap the memory of submissions here"),
        "{refused}"
    );
    // The same reason as doctor's (whose v1 folder names its own pid).
    let v2 = missing.split("; cgroup v2: ").nth(1).unwrap();
    assert!(
        refused.contains(&format!("; cgroup v2: {v2})")),
        "{refused}"
    );
    assert!(refused.contains("--unsafe-no-memory-cap"), "{refused}");
    let told: [&[&str]; 2] = [&["--unsafe-no-memory-cap"], &["--isolation", "none"]];
    for flags in told {
        let (code, report) = kit.json(&[flags, &test[..]].concat());
        assert_eq!((code, &report["verdict"]), (0, &"AC".into()), "{flags:?}");
    }
    // The variable takes what people write (the README writes `1`); the
    // last value set wins: each variable alone.
    let told = [
        ("JUDGE_UNSAFE_NO_MEMORY_CAP", "1", true),
        ("JUDGE_UNSAFE_NO_MEMORY_CAP", "0", false),
        ("JUDGE_UNSAFE_NO_MEMORY_CAP", "yes", true),
        ("JUDGE_UNSAFE_NO_MEMORY_CAP", "no", false),
        ("JUDGE_UNSAFE_NO_MEMORY_CAP", "true", true),
        ("JUDGE_UNSAFE_NO_MEMORY_CAP", "false", false),
        ("JUDGE_SANDBOX_OFF", "cgroup", true),
    ];
    for (key, value, judged) in told {
        kit.set_env(key, value);
        let run = kit.judge(&[&["--json"], &test[..]].concat());
        match judged {
            true => {
                let report: Value = serde_json::from_str(&run.stdout).unwrap_or(Value::Null);
                assert_eq!(
                    (run.code, &report["verdict"]),
                    (Some(0), &"AC".into()),
                    "{key}={value}: {}",
                    run.stderr
                );
            }
            false => assert!(
                run.stderr
                    .contains("no control group can cap the memory of submissions here"),
                "{key}={value}: {}",
                run.stderr
            ),
        }
    }
    let (code, report) = kit.json(&test);
    assert_eq!((code, &report["verdict"]), (0, &"AC".into()), "{report}");
}

#[test]
fn ctrl_c_kills_every_run_and_removes_its_folders() {
    let kit = sum();
    // Sleeping children, in and out of its session, on every test.
    let sleeper = program(
        "for (int i = 0; i < 5; i++) if (fork() == 0) { if (i % 2) setsid(); for (;;) pause(); } for (;;) pause();",
    );
    kit.write("solutions/sum/sleeper.c", &sleeper);
    let run = kit.judge(&["build"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let child = kit
        .command(&["--jobs", "2", "test", "sum", "solutions/sum/sleeper.c"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Until the runs are under way.
    let start = Instant::now();
    while processes_of(kit.dir()).len() < 6 && start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!processes_of(kit.dir()).is_empty(), "no run started");
    let pid = child.id();
    // SAFETY: signals our own child.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let run = wait(child, &["test"], Instant::now(), Duration::from_secs(10));
    let err = run.stderr;
    assert_eq!(run.code, Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    let left = processes_of(kit.dir());
    kill_all(&left);
    assert_eq!(left, Vec::<String>::new());
    let left: Vec<PathBuf> = walkdir::WalkDir::new(kit.path("target/judge/runs"))
        .into_iter()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".d"))
        .map(|e| e.into_path())
        .collect();
    assert!(left.is_empty(), "working folders left: {left:?}");
    let scratch = format!("judge-scratch-{pid}-");
    let left: Vec<PathBuf> = (std::fs::read_dir("/dev/shm")
        .into_iter()
        .flatten()
        .flatten())
    .filter(|e| e.file_name().to_string_lossy().starts_with(&scratch))
    .map(|e| e.path())
    .collect();
    assert!(left.is_empty(), "scratch folders left: {left:?}");
}

#[test]
fn two_judge_runs_on_one_kit_keep_to_their_own_files() {
    let kit = sum();
    let slow = program(&format!("usleep(100000); {ANSWER} return 0;"));
    kit.write("solutions/sum/slow.c", &slow);
    kit.write(
        "solutions/sum/wrong.c",
        &program("printf(\"0\\n\"); return 0;"),
    );
    let start = |args: &[&str]| {
        kit.command(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    // Builds race for the tests; tests race for a solution's folder.
    let runs = vec![
        (
            start(&["--json", "test", "sum", "solutions/sum/slow.c"]),
            "AC",
        ),
        (
            start(&["--json", "test", "sum", "solutions/sum/slow.c"]),
            "AC",
        ),
        (
            start(&["--json", "test", "sum", "solutions/sum/wrong.c"]),
            "WA",
        ),
        (start(&["--json", "build"]), "AC"),
    ];
    for (child, expected) in runs {
        let run = wait(child, &["test"], Instant::now(), Duration::from_secs(60));
        let (code, out) = (run.code, run.stdout);
        let report: Value = serde_json::from_str(&out).unwrap_or(Value::Null);
        assert_eq!(report["verdict"], *expected, "exit {code:?}: {out}");
    }
    // The wrong solution's outputs are kept for the user to look at.
    let kept: Vec<PathBuf> = walkdir::WalkDir::new(kit.path("target/judge/runs"))
        .into_iter()
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy();
            name.ends_with(".out") && !name.ends_with(".chk.out")
        })
        .map(|e| e.into_path())
        .collect();
    assert_eq!(kept.len(), 2, "{kept:?}");
}
