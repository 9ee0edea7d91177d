//! The play harness of the interactive problems (`checkers/tests/play.rs`,
//! one test per problem): a problem end to end without the judge. Its interactor
//! (`interact-<problem>`, the checkers package's binary) plays every test of the
//! problem's test plan (`problems/<problem>/problem.toml`, made by
//! `gen-<problem>` and checked by `val-<problem>`; the three built here in
//! release, as the kit builds them) against
//! the solutions, compiled here (`rustc -O --edition 2021`, `g++ -O2`, see
//! [`compile`]), over crossed pipes that count the lines each way. The two
//! accepted solutions must win every test (interactor exit 0) and the brute
//! force the tests its [`Problem`] gives it; each wrong or slow solution must
//! get the verdict its folder names on every test aimed at it: WA is the
//! interactor's exit 1 or 2, TLE a solution still playing after a few
//! seconds (then killed). Every test stays under 10^5 lines each way.

use std::cell::RefCell;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use crate::paths::{release, root};

/// How long a solution that should win may take: the longest test takes
/// two seconds on a quiet machine, but on a loaded one each of its 10^5
/// exchanges may wait for a time slice of the one CPU the plays run on.
const WIN_LIMIT: Duration = Duration::from_secs(300);
/// How long a solution that should time out is given before it is killed.
const HANG_LIMIT: Duration = Duration::from_secs(5);
const LINES: u64 = 100_000;

/// An interactive problem, as the harness plays it: `problems/<name>/`,
/// `solutions/<name>/` (the accepted `<name>.rs` and `<name>.cpp`, the
/// brute force `<name>_search.rs`), `gen-<name>` and `val-<name>`.
pub struct Problem {
    pub name: &'static str,
    /// Whether the brute force plays the test (its name in the plan, its
    /// input file): the tests small enough for it.
    pub brute_plays: fn(&str, &Path) -> bool,
    /// The line a won session of `games` games ends its `tout` with:
    /// `checkers::read::verdict_line` (given, as testkit does not depend on
    /// the checkers crate, whose own tests use it).
    pub verdict_line: fn(i32) -> String,
}

/// Copies `from` to `to` as it comes, counting lines; closes `to` at the end
/// of `from` (or stops when `to` is gone).
fn relay(
    mut from: impl Read + Send + 'static,
    mut to: impl Write + Send + 'static,
    lines: Arc<AtomicU64>,
) -> JoinHandle<()> {
    thread::spawn(move || {
        let mut buf = [0u8; 1 << 16];
        loop {
            let n = match from.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let newlines = buf[..n].iter().filter(|&&b| b == b'\n').count() as u64;
            lines.fetch_add(newlines, Ordering::Relaxed);
            if to.write_all(&buf[..n]).and_then(|()| to.flush()).is_err() {
                break;
            }
        }
    })
}

#[derive(Debug)]
struct Game {
    /// The interactor's exit code; `None` if the session was killed at the
    /// limit (the solution still playing: TLE).
    code: Option<i32>,
    message: String,
    tout: String,
    to_solution: u64,
    from_solution: u64,
    took: Duration,
}

/// Kills a child of ours (by its handle) and reaps it.
pub fn kill(child: &mut Child) {
    let _ = child.kill();
    let _ = child.wait();
}

/// Plays `input` between `interactor` and `solution`, within `limit`.
fn play(interactor: &Path, solution: &Path, input: &Path, dir: &Path, limit: Duration) -> Game {
    let tout = dir.join("tout");
    let start = Instant::now();
    let mut jury = Command::new(interactor)
        .arg(input)
        .arg(&tout)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut player = Command::new(solution)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let (down, up) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let relays = [
        relay(
            jury.stdout.take().unwrap(),
            player.stdin.take().unwrap(),
            down.clone(),
        ),
        relay(
            player.stdout.take().unwrap(),
            jury.stdin.take().unwrap(),
            up.clone(),
        ),
    ];
    let mut stderr = jury.stderr.take().unwrap();
    let message = thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let code = loop {
        if let Some(status) = jury.try_wait().unwrap() {
            break status.code();
        }
        if start.elapsed() > limit {
            kill(&mut jury);
            break None;
        }
        thread::sleep(Duration::from_millis(5));
    };
    // After a verdict the solution gets a moment to exit on its own; after
    // the limit it is killed at once.
    let grace = Instant::now();
    while code.is_some()
        && player.try_wait().unwrap().is_none()
        && grace.elapsed() < Duration::from_secs(2)
    {
        thread::sleep(Duration::from_millis(5));
    }
    kill(&mut player);
    for r in relays {
        r.join().unwrap();
    }
    Game {
        code,
        message: message.join().unwrap().trim().to_string(),
        tout: std::fs::read_to_string(&tout).unwrap_or_default(),
        to_solution: down.load(Ordering::Relaxed),
        from_solution: up.load(Ordering::Relaxed),
        took: start.elapsed(),
    }
}

/// Compiles a solution into `dir`, named by its path in the workspace:
/// `rustc -O --edition 2021`, `g++ -O2`. The play tests and
/// `cpp_interactors.rs` compile every solution this way.
pub fn compile(source: &Path, dir: &Path) -> PathBuf {
    let rel = source.strip_prefix(root()).unwrap_or(source);
    let exe = dir.join(rel.to_string_lossy().replace(['/', '.'], "_"));
    let mut command = match source.extension().and_then(|e| e.to_str()) {
        Some("rs") => {
            let mut c = Command::new("rustc");
            c.args(["-O", "--edition", "2021", "-o"]);
            c
        }
        Some("cpp") => {
            let mut c = Command::new("g++");
            c.args(["-O2", "-o"]);
            c
        }
        other => panic!("{}: no compiler for {other:?}", source.display()),
    };
    let out = command.arg(&exe).arg(source).output().unwrap();
    assert!(
        out.status.success(),
        "{}: {}",
        source.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

/// The test plan's tests: (name, input file, solutions aimed at it).
fn tests(problem: &Problem, dir: &Path) -> Vec<(String, PathBuf, Vec<String>)> {
    let name = problem.name;
    let folder = root().join("problems").join(name);
    let plan: toml::Table = std::fs::read_to_string(folder.join("problem.toml"))
        .unwrap()
        .parse()
        .unwrap();
    let generator = release("generators", &format!("gen-{name}"));
    let validator = release("validators", &format!("val-{name}"));
    let mut tests = Vec::new();
    for test in plan["tests"].as_array().unwrap() {
        let targets: Vec<String> = test
            .get("targets")
            .and_then(|t| t.as_array())
            .map(|t| t.iter().map(|s| s.as_str().unwrap().to_string()).collect())
            .unwrap_or_default();
        if let Some(file) = test.get("file") {
            let file = file.as_str().unwrap();
            tests.push((file.to_string(), folder.join(file), targets));
            continue;
        }
        let count = test.get("count").map_or(1, |c| c.as_integer().unwrap());
        for index in 1..=count {
            let args: Vec<String> = test["args"]
                .as_array()
                .unwrap()
                .iter()
                .map(|a| a.as_str().unwrap().replace("{index}", &index.to_string()))
                .collect();
            let out = Command::new(&generator).args(&args).output().unwrap();
            assert!(out.status.success(), "gen-{name} {args:?}");
            let path = dir.join(format!("{}.in", tests.len() + 1));
            std::fs::write(&path, &out.stdout).unwrap();
            tests.push((args.join(" "), path, targets.clone()));
        }
    }
    for (name, path, _) in &tests {
        let out = Command::new(&validator)
            .stdin(std::fs::File::open(path).unwrap())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    tests
}

fn games_in(input: &Path) -> usize {
    let text = std::fs::read_to_string(input).unwrap();
    text.lines().next().unwrap().trim().parse().unwrap()
}

/// What the sessions of a problem came to: how many, and the most lines
/// a test carried each way.
#[derive(Default)]
struct Tally {
    runs: usize,
    most_down: u64,
    most_up: u64,
}

impl Tally {
    fn note(&mut self, g: &Game) {
        self.runs += 1;
        self.most_down = self.most_down.max(g.to_solution);
        self.most_up = self.most_up.max(g.from_solution);
    }
}

/// A problem's programs as the plays use them, in `dir`, and a line per
/// session played, printed once every session has gone as it should (a
/// failure's message then comes first in what the test printed).
struct Arena<'a> {
    problem: &'a Problem,
    interactor: PathBuf,
    dir: &'a Path,
    log: RefCell<Vec<String>>,
}

impl Arena<'_> {
    /// Plays the test `name` (its input `input`) with a solution that must
    /// win, `player` (its name in the solutions' folder).
    fn wins(&self, name: &str, input: &Path, (player, solution): &(String, PathBuf)) -> Game {
        let games = games_in(input);
        let g = play(&self.interactor, solution, input, self.dir, WIN_LIMIT);
        assert_eq!(
            g.code,
            Some(0),
            "{} on {name}: {}",
            solution.display(),
            g.message
        );
        assert!(
            g.message.contains(&format!("{games} game(s) won")),
            "{}",
            g.message
        );
        // `tout`: a line per game, the side and the number of moves,
        // then the verdict line of a won session.
        let (record, verdict) = g.tout.trim_end().rsplit_once('\n').unwrap();
        assert_eq!(verdict, (self.problem.verdict_line)(games as i32));
        assert_eq!(record.lines().count(), games, "{name}");
        assert!(record.lines().all(|l| {
            let (side, moves) = l.split_once(' ').unwrap();
            ["First", "Second"].contains(&side) && moves.parse::<u64>().unwrap() >= 1
        }));
        self.log.borrow_mut().push(format!(
            "{}: {name}: {player} won {games} game(s), {} lines to it, {} from it, {:.2?}",
            self.problem.name, g.to_solution, g.from_solution, g.took
        ));
        g
    }

    /// Plays the test `name` with `solution`, aimed at it (`target`, its
    /// name in the solutions' folder), which must get the verdict its
    /// folder names: WA, or TLE (still playing at the limit).
    fn fails(&self, name: &str, input: &Path, target: &str, solution: &Path) -> Game {
        let hangs = target.starts_with("time_limit_exceeded/");
        let limit = if hangs { HANG_LIMIT } else { WIN_LIMIT };
        let g = play(&self.interactor, solution, input, self.dir, limit);
        if hangs {
            assert_eq!(
                g.code, None,
                "{target} on {name} did not hang: {}",
                g.message
            );
        } else {
            assert!(
                matches!(g.code, Some(1 | 2)) && g.message.contains("game "),
                "{target} on {name}: {:?} {}",
                g.code,
                g.message
            );
        }
        // Only a won session ends with a verdict line.
        assert!(!g.tout.contains("accepted:"), "{target} on {name}");
        self.log.borrow_mut().push(format!(
            "{}: {name}: {target} {} after {:.2?}: {}",
            self.problem.name,
            if hangs { "killed (TLE)" } else { "WA" },
            g.took,
            g.message
        ));
        g
    }
}

/// Asserts that every wrong or slow solution under `solutions` is aimed at
/// by some test.
fn every_mistake_is_aimed_at(solutions: &Path, tests: &[(String, PathBuf, Vec<String>)]) {
    let aimed: Vec<&String> = tests.iter().flat_map(|t| &t.2).collect();
    for folder in ["wrong_answer", "time_limit_exceeded"] {
        for entry in std::fs::read_dir(solutions.join(folder)).unwrap() {
            let name = format!("{folder}/{}", entry.unwrap().file_name().to_string_lossy());
            assert!(aimed.contains(&&name), "no test aims at {name}");
        }
    }
}

/// Plays every test of `problem`'s plan with its accepted solutions (and the
/// brute force where it plays), which must win, and with every solution
/// aimed at the test, which must get the verdict its folder names; then
/// prints a line per session (named by the problem, as the problems play at
/// once) and a summary.
pub fn every_solution_gets_its_verdict_on_the_tests_aimed_at_it(problem: &Problem) {
    // The plays are ping-pongs: on one CPU (sandbox::cpu), each problem on
    // its own.
    let _pinned = sandbox::cpu::pin_thread().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let solutions = root().join("solutions").join(problem.name);
    let exe = |rel: &str| compile(&solutions.join(rel), dir.path());
    // (name in the solutions' folder, program)
    let named = |rel: String| {
        let program = exe(&rel);
        (rel, program)
    };
    let accepted = [
        named(format!("accepted/{}.rs", problem.name)),
        named(format!("accepted/{}.cpp", problem.name)),
    ];
    let brute = named(format!("brute_force/{}_search.rs", problem.name));
    let tests = tests(problem, dir.path());
    let interactor = release("checkers", &format!("interact-{}", problem.name));
    every_mistake_is_aimed_at(&solutions, &tests);

    let arena = Arena {
        problem,
        interactor,
        dir: dir.path(),
        log: RefCell::default(),
    };
    let mut tally = Tally::default();
    for (name, input, targets) in &tests {
        let mut players: Vec<&(String, PathBuf)> = accepted.iter().collect();
        if (problem.brute_plays)(name, input) {
            players.push(&brute);
        }
        for player in players {
            tally.note(&arena.wins(name, input, player));
        }
        for target in targets {
            tally.note(&arena.fails(name, input, target, &exe(target)));
        }
    }
    let Tally {
        runs,
        most_down,
        most_up,
    } = tally;
    assert!(
        most_down < LINES && most_up < LINES,
        "{most_down} / {most_up} lines"
    );
    for line in arena.log.take() {
        eprintln!("{line}");
    }
    eprintln!(
        "played {}: {} tests, {runs} sessions; at most {most_down} lines to a solution and \
         {most_up} from it in a test",
        problem.name,
        tests.len()
    );
}
