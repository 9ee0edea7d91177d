//! The kit a test runs the judge in, one type for both kinds:
//! [`Kit::new`] and [`Kit::builder`] make a throw-away kit whose problem
//! "sum" has C programs ([`sum`]), removed when dropped; [`Kit::copy`]
//! copies this kit's own sources, for the tests that change the kit itself
//! (`judge new`, `judge import`) and need its cargo programs. Either way
//! the judge runs in it under a watchdog, and every `--json` document it
//! prints must follow the documented schema.

mod builder;
mod copy;
mod shared;
pub mod sum;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

pub use builder::KitBuilder;
pub use sum::{
    CHECKER, CRASHING_CHECKER, FULL_FILES, FULL_JUDGE_TOML, FULL_PROBLEM_TOML, VALIDATOR,
    c_program, generator, plus_one, reference,
};

use crate::run::{Run, wait};
use crate::{files, paths, schema};

/// Every run of the judge in a throw-away kit must end within this,
/// whatever the kit does.
pub const WATCHDOG: Duration = Duration::from_secs(120);

/// Where a kit lies.
enum Home {
    /// A throw-away folder, removed with the kit.
    Temporary(tempfile::TempDir),
    /// A folder the test chose, which it keeps.
    Kept(PathBuf),
}

/// A kit the judge runs in.
pub struct Kit {
    home: Home,
    /// The target folder the judge builds into (`CARGO_TARGET_DIR`).
    pub target: PathBuf,
    /// judge.toml as the kit was made.
    pub judge_toml: String,
    /// problems/sum/problem.toml as the kit was made (a copy: empty).
    pub problem_toml: String,
    /// Whom the judge runs as ([`Kit::give_to`]); None: the tests' user.
    user: Option<u32>,
    /// Variables set for every judge run ([`Kit::set_env`]).
    env: Vec<(String, String)>,
    /// How long a run of the judge may take.
    watchdog: Duration,
}

impl Default for Kit {
    fn default() -> Kit {
        Kit::new()
    }
}

impl Kit {
    /// The plain throw-away kit: C, C++ and Python; tests `t1.in` to
    /// `t3.in`.
    pub fn new() -> Kit {
        Kit::builder().create()
    }

    /// A throw-away kit that differs from the plain one.
    pub fn builder() -> KitBuilder {
        KitBuilder::new()
    }

    /// The kit's folder.
    pub fn dir(&self) -> &Path {
        match &self.home {
            Home::Temporary(dir) => dir.path(),
            Home::Kept(dir) => dir,
        }
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir().join(rel)
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
    }

    pub fn write(&self, rel: &str, text: &str) {
        files::write(&self.path(rel), text);
    }

    /// Replaces `from` by `to` in the file `rel`, which must hold it.
    pub fn edit(&self, rel: &str, from: &str, to: &str) {
        let text = self.read(rel);
        assert!(text.contains(from), "{rel} has no {from:?}");
        self.write(rel, &text.replacen(from, to, 1));
    }

    /// Adds `[languages.<name>]` to judge.toml: the files of `extension`,
    /// compiled by `compile` and run by `run`.
    pub fn add_language(&self, name: &str, extension: &str, compile: &[&str], run: &[&str]) {
        let toml = self.read("judge.toml");
        let table = format!(
            "{toml}\n[languages.{name}]\nextensions = [{extension:?}]\ncompile = {compile:?}\nrun = {run:?}\n"
        );
        self.write("judge.toml", &table);
    }

    /// Every file of the kit and its bytes, by its path in the kit.
    pub fn snapshot(&self) -> BTreeMap<String, Vec<u8>> {
        files::every(self.dir())
    }

    /// Hands the kit (made [`KitBuilder::reachable_by_all`]) to `uid`: the
    /// judge runs as `uid` from now on.
    pub fn give_to(&mut self, uid: u32) {
        let status = Command::new("chown")
            .args(["-R", &format!("{uid}:{uid}")])
            .arg(self.dir())
            .status()
            .unwrap();
        assert!(status.success());
        assert!(shared::searchable(self.dir().parent().unwrap()));
        self.user = Some(uid);
    }

    /// Sets `key` to `value` for every judge run from now on.
    pub fn set_env(&mut self, key: &str, value: &str) {
        self.env.push((key.to_string(), value.to_string()));
    }

    /// The judge with `args`, in the kit, building into its target folder.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut cmd = match self.user {
            Some(uid) => {
                let mut cmd = Command::new("setpriv");
                cmd.args([
                    &format!("--reuid={uid}"),
                    &format!("--regid={uid}"),
                    "--clear-groups",
                    "--",
                ]);
                cmd.arg(shared::judge_binary());
                cmd.env("HOME", self.dir());
                cmd
            }
            None => Command::new(paths::judge()),
        };
        cmd.args(args)
            .current_dir(self.dir())
            .env("CARGO_TARGET_DIR", &self.target)
            .env("NO_COLOR", "1")
            .envs(self.env.iter().map(|(k, v)| (k, v)));
        cmd
    }

    /// Starts the judge, its output piped.
    pub fn spawn(&self, args: &[&str]) -> Child {
        self.command(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    /// Runs the judge; a run that outlives `limit` is killed and fails the
    /// test, and so does a panic of the judge.
    pub fn judge_within(&self, args: &[&str], limit: Duration) -> Run {
        let start = Instant::now();
        let child = self.spawn(args);
        let run = wait(child, args, start, limit);
        assert!(!run.stderr.contains("panicked"), "{args:?}: {}", run.stderr);
        run
    }

    /// Runs the judge within the kit's watchdog.
    pub fn judge(&self, args: &[&str]) -> Run {
        self.judge_within(args, self.watchdog)
    }

    /// Runs the judge with `--json --jobs 2`; the document must follow the
    /// schema. Returns the exit status and the document.
    pub fn json(&self, args: &[&str]) -> (i32, Value) {
        let mut all = vec!["--json", "--jobs", "2"];
        all.extend_from_slice(args);
        let run = self.judge(&all);
        let report = serde_json::from_str(&run.stdout)
            .unwrap_or_else(|e| panic!("{e}: stdout {:?}, stderr {:?}", run.stdout, run.stderr));
        schema::assert_documented(&report);
        (run.code.unwrap(), report)
    }

    /// As [`Kit::json`], for a command that must succeed: exit status 0
    /// and verdict AC. Returns the document.
    pub fn accepted(&self, args: &[&str]) -> Value {
        let (code, report) = self.json(args);
        assert_eq!(code, 0, "{args:?}: {report:#}");
        assert_eq!(report["command"], args[0]);
        assert_eq!(report["verdict"], "AC", "{args:?}: {report:#}");
        report
    }

    /// Runs the judge expecting an error of the kit: exit status 2 and a
    /// message, no panic, no report; returns stderr.
    pub fn error(&self, args: &[&str]) -> String {
        let run = self.judge(args);
        assert_eq!(run.code, Some(2), "{args:?}: {}{}", run.stdout, run.stderr);
        assert!(
            run.stderr.starts_with("error: "),
            "{args:?}: {}",
            run.stderr
        );
        run.stderr
    }

    /// Judges a solution of "sum" with the given source; returns (exit
    /// status, overall verdict, the first test's verdict and message).
    pub fn verdict_of(&self, name: &str, source: &str) -> (i32, String, String, String) {
        self.write(&format!("solutions/sum/{name}"), source);
        let (code, report) = self.json(&["test", "sum", &format!("solutions/sum/{name}")]);
        let first = &report["tests"][0];
        (
            code,
            report["verdict"].as_str().unwrap().to_string(),
            first["verdict"].as_str().unwrap_or("").to_string(),
            first["message"].as_str().unwrap_or("").to_string(),
        )
    }

    /// Makes "sum" exportable to Polygon, which compiles only C++ testlib
    /// programs and renders statements: the C++ twins of its checker and,
    /// with `validator`, its validator, and a statement in each language.
    pub fn polygon_ready(&self, validator: bool) {
        self.write("problems/sum/check.cpp", CHECKER);
        let mut keys = "cpp_checker = \"check.cpp\"\n".to_string();
        if validator {
            self.write("problems/sum/validate.cpp", VALIDATOR);
            keys.push_str("cpp_validator = \"validate.cpp\"\n");
        }
        let toml = "problems/sum/problem.toml";
        self.edit(toml, "reference = ", &format!("{keys}reference = "));
        self.write("problems/sum/statement.en.md", "# Sum\n\nPrint a + b.\n");
        self.write("problems/sum/statement.zh.md", "# 求和\n\n输出 a + b。\n");
    }

    /// `judge package sum --format polygon` into `target/polygon`, which
    /// must succeed, with a stand-in testlib.h: the folder and the report.
    pub fn polygon_export(&self) -> (PathBuf, Value) {
        let (out, testlib_h) = (self.path("target/polygon"), self.path("testlib.h"));
        self.write("testlib.h", "// a stand-in\n");
        let args = ["package", "sum", "--format", "polygon", "--no-pdf", "--out"];
        let more = [
            out.to_str().unwrap(),
            "--testlib-h",
            testlib_h.to_str().unwrap(),
        ];
        let report = self.accepted(&[&args[..], &more].concat());
        (out, report)
    }

    /// Builds the tests, which must succeed; returns the build report's
    /// counts (generated, validated, answered).
    pub fn build(&self) -> (u64, u64, u64) {
        let (code, report) = self.json(&["build"]);
        assert_eq!(code, 0, "{report}");
        let p = &report["problems"][0];
        let count = |key: &str| p[key].as_u64().unwrap();
        (count("generated"), count("validated"), count("answered"))
    }

    /// The built tests of "sum": every input and answer of its tests folder
    /// and its bytes. `with_records`: with the `.meta` records too (for an
    /// error that must stop the kit before it runs anything).
    pub fn tests(&self, with_records: bool) -> BTreeMap<String, Vec<u8>> {
        let dir = self.path("problems/sum/tests");
        let mut found = BTreeMap::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().into_string().unwrap();
            let ext = name.split_once('.').map_or("", |(_, ext)| ext);
            if ext == "in" || ext == "ans" || with_records && ext == "meta" {
                found.insert(name, std::fs::read(entry.path()).unwrap());
            }
        }
        found
    }

    /// Files an interrupted or failed write would leave: temporary files
    /// (`.tmp-*`, `*.tmp-*`) anywhere in the kit.
    pub fn leftovers(&self) -> Vec<PathBuf> {
        files::leftovers(self.dir())
    }

    /// Asserts that nothing temporary is left in the kit.
    pub fn assert_clean(&self) {
        let left = self.leftovers();
        assert!(left.is_empty(), "left behind: {left:?}");
    }

    /// Builds, then breaks the kit with `damage` and builds again: the
    /// second build must be an error of the kit that leaves the built tests
    /// as they were (their records too when `with_records`); returns its
    /// stderr.
    pub fn failed_rebuild(&self, with_records: bool, damage: impl FnOnce(&Kit)) -> String {
        self.build();
        let before = self.tests(with_records);
        damage(self);
        let stderr = self.error(&["build"]);
        assert_eq!(self.tests(with_records), before, "{stderr}");
        self.assert_clean();
        stderr
    }
}
