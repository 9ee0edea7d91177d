//! The throw-away kit the end-to-end tests judge in: a problem "sum" (print
//! a + b) whose checker, validator, generator and reference are C sources,
//! so no cargo is involved. [`TempKit::new`] makes the plain kit;
//! [`TempKit::builder`] one that differs where a suite needs it (its
//! languages, the C flag, the output limit, its tests, where it lies).
//! Also here: the runs of the judge in it (with a watchdog), and the check
//! of every `--json` document against the documented schema
//! (`docs/report.schema.json`).
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::{Run, wait};

/// The documented schema of the `--json` documents.
pub fn schema() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let path = super::paths::root().join("docs/report.schema.json");
        let text = std::fs::read_to_string(&path).unwrap();
        jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
    })
}

/// Panics unless `document` follows the schema.
pub fn assert_documented(document: &Value) {
    let errors: Vec<String> = schema()
        .iter_errors(document)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{document:#}");
}

// ---------------------------------------------------------------------------
// The problem's files

/// A testlib-protocol checker written without testlib, as a user might bring
/// one: `checker input output answer`, exit 0/1/2/3, message on stderr.
pub const CHECKER: &str = r#"
#include <stdio.h>
int main(int argc, char **argv) {
    if (argc < 4) return 3;
    FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
    long long a, b;
    if (!ans || fscanf(ans, "%lld", &a) != 1) { fprintf(stderr, "FAIL bad answer\n"); return 3; }
    if (!out || fscanf(out, "%lld", &b) != 1) { fprintf(stderr, "wrong output format expected a number\n"); return 2; }
    if (a != b) { fprintf(stderr, "wrong answer expected %lld, found %lld\n", a, b); return 1; }
    if (fscanf(out, "%lld", &b) == 1) { fprintf(stderr, "wrong answer extra output\n"); return 1; }
    fprintf(stderr, "ok %lld\n", a);
    return 0;
}
"#;

/// A checker that crashes, whatever it is given.
pub const CRASHING_CHECKER: &str = "int main(void) { volatile int *p = 0; return *p; }\n";

pub const VALIDATOR: &str = r#"
#include <stdio.h>
int main(void) {
    long long a, b; char end;
    if (scanf("%lld %lld%c", &a, &b, &end) != 3 || end != '\n' || a < 0 || b < 0) {
        fprintf(stderr, "FAIL bad input: expected two non-negative integers\n");
        return 3;
    }
    return 0;
}
"#;

/// `gen a b` prints `a b`; `{fault}` may misbehave first (it sees `a`).
pub fn generator(fault: &str) -> String {
    format!(
        r#"
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char **argv) {{
    if (argc != 3) {{ fprintf(stderr, "usage: gen a b\n"); return 3; }}
    long long a = atoll(argv[1]);
    {fault}
    printf("%s %s\n", argv[1], argv[2]);
    return 0;
}}
"#
    )
}

/// The reference: prints a + b; `{fault}` may misbehave first (it sees `a`
/// and `b`).
pub fn reference(fault: &str) -> String {
    format!(
        "#include <stdio.h>\nint main(void) {{ long long a, b; scanf(\"%lld %lld\", &a, &b); {fault} printf(\"%lld\\n\", a + b); return 0; }}\n"
    )
}

/// A wrong solution: prints a + b + 1.
pub fn plus_one() -> String {
    reference("b += 1;")
}

/// A C program whose `main` is `body`.
pub fn c_program(body: &str) -> String {
    format!(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\nint main(void) {{ {body} }}\n"
    )
}

/// The inputs the tests of the plan may name by file, in order.
const INPUTS: [(&str, &str); 3] = [
    ("t1.in", "1 2\n"),
    ("t2.in", "40 2\n"),
    ("t3.in", "1000000000000 1\n"),
];

/// The languages a kit's judge.toml may list, by name.
fn language(name: &str, c_flag: &str) -> String {
    match name {
        "c" => format!(
            r#"
[languages.c]
extensions = ["c"]
compile = ["gcc", "{c_flag}", "-o", "{{binary}}", "{{source}}"]
run = ["{{binary}}"]
version = ["gcc", "--version"]
"#
        ),
        "cpp" => r#"
[languages.cpp]
extensions = ["cpp"]
compile = ["g++", "-O2", "-I{source_dir}", "-o", "{binary}", "{source}"]
run = ["{binary}"]
version = ["g++", "--version"]
"#
        .to_string(),
        "python" => r#"
[languages.python]
extensions = ["py"]
compile = ["python3", "-c", "import sys; compile(open(sys.argv[1]).read(), sys.argv[1], 'exec')", "{source}"]
run = ["python3", "{source}"]
"#
        .to_string(),
        // The kit's own definition, as judge.toml writes it.
        "java" | "kotlin" | "rust" => {
            let text = std::fs::read_to_string(super::paths::root().join("judge.toml")).unwrap();
            let header = format!("[languages.{name}]");
            let start = text.find(&header).expect("judge.toml defines the language");
            let table = text[start..].split("\n\n").next().unwrap();
            format!("\n{table}\n")
        }
        _ => panic!("no language {name} for a throw-away kit"),
    }
}

// ---------------------------------------------------------------------------
// The configuration that uses every key

/// A judge.toml that sets every key, for [`KitBuilder::full_config`].
pub const FULL_JUDGE_TOML: &str = r#"# The kit.
jobs = 2
problems = ["sum"]
testlib_h = "testlib.h"

[defaults]
time_limit_ms = 1000
memory_limit_mib = 256
output_limit_mib = 64

[languages.c]
extensions = ["c"]
compile = ["gcc", "-O2", "-o", "{binary}", "{source}"]
run = ["{binary}"]
version = ["gcc", "--version"]

[languages.python]
extensions = ["py"]
run = ["python3", "{source}"]
keep_name = false
"#;

/// A problem.toml that sets every key, for [`KitBuilder::full_config`].
pub const FULL_PROBLEM_TOML: &str = r#"title = { en = "Sum", zh = "求和" }
time_limit_ms = 2000
memory_limit_mib = 128
output_limit_mib = 16
checker = "check-sum"
validator = "validate.c"
generator = "gen.c"
reference = "accepted/ref.c"
cpp_checker = "wcmp"
cpp_validator = "validate.cpp"

[[groups]]
name = "small"
points = 40

[[groups]]
name = "large"
points = 60

[[tests]]
file = "t1.in"
group = "small"
sample = true
comment = "the sample"

[[tests]]
args = ["-n={index}", "-mode=small"]
count = 3
group = "small"
targets = ["wrong_answer/wa.py"]

[[tests]]
generator = "gen2.py"
args = ["-n=1000000"]
group = "large"
"#;

/// The files the full configuration names (only their existence matters).
pub const FULL_FILES: [&str; 9] = [
    "testlib.h",
    "checkers/src/bin/check-sum.rs",
    "problems/sum/validate.c",
    "problems/sum/validate.cpp",
    "problems/sum/gen.c",
    "problems/sum/gen2.py",
    "problems/sum/t1.in",
    "solutions/sum/accepted/ref.c",
    "solutions/sum/wrong_answer/wa.py",
];

// ---------------------------------------------------------------------------
// Where a kit lies, and who may run the judge in it

/// Returns true if and only if every user may pass through `dir` and the
/// folders above it.
fn searchable(dir: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    dir.ancestors()
        .all(|d| std::fs::metadata(d).is_ok_and(|m| m.permissions().mode() & 0o001 != 0))
}

/// Where the kits every user must reach go: the target folder if every user
/// can reach it, else the system's temporary folder.
fn shared_base() -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let base = if searchable(target) {
        target.join("hostile")
    } else {
        std::env::temp_dir().join("qushizi-hostile")
    };
    std::fs::create_dir_all(&base).unwrap();
    std::fs::set_permissions(&base, std::fs::Permissions::from_mode(0o755)).unwrap();
    base
}

/// The copy of the judge binary made where every user can run it.
fn judge_copy() -> PathBuf {
    shared_base().join(format!("judge-{}", std::process::id()))
}

/// The judge binary, where every user can run it.
fn judge_binary() -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let built = Path::new(env!("CARGO_BIN_EXE_judge"));
    if searchable(built.parent().unwrap()) {
        return built.to_path_buf();
    }
    static COPY: OnceLock<PathBuf> = OnceLock::new();
    COPY.get_or_init(|| {
        let copy = judge_copy();
        std::fs::copy(built, &copy).unwrap();
        std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)).unwrap();
        // Removed when the tests end, not when one test does: the tests
        // that use it run side by side.
        // SAFETY: registers a function that takes no argument.
        unsafe { libc::atexit(remove_judge_copy) };
        copy
    })
    .clone()
}

/// Removes the copy of the judge binary [`TempKit::give_to`] may have made.
extern "C" fn remove_judge_copy() {
    let _ = std::fs::remove_file(judge_copy());
}

// ---------------------------------------------------------------------------
// The kit

/// The tests of the plan.
#[derive(Clone)]
enum Plan {
    /// The first `n` of [`INPUTS`], by file.
    Files(usize),
    /// A generator `gen.c` ([`generator`] with `fault`), `t1.in` by file, a
    /// test `gen.c 40 2`, and `count` tests `gen.c {index} b`.
    Generated {
        count: u32,
        b: &'static str,
        fault: String,
    },
}

/// How a kit differs from the plain one ([`TempKit::new`]).
pub struct KitBuilder {
    languages: Vec<&'static str>,
    c_flag: &'static str,
    output_limit_mib: u32,
    plan: Plan,
    shared: bool,
    full_config: bool,
}

impl KitBuilder {
    /// The languages judge.toml lists, of `c`, `cpp`, `python`, `java` and `kotlin`
    /// (the first three unless told).
    pub fn languages(mut self, languages: &[&'static str]) -> KitBuilder {
        self.languages = languages.to_vec();
        self
    }

    /// The optimisation flag gcc compiles C with (`-O2` unless told).
    pub fn c_flag(mut self, flag: &'static str) -> KitBuilder {
        self.c_flag = flag;
        self
    }

    /// The default output limit (1 MiB unless told).
    pub fn output_limit_mib(mut self, mib: u32) -> KitBuilder {
        self.output_limit_mib = mib;
        self
    }

    /// Tests of the first `n` inputs (`t1.in` "1 2", `t2.in` "40 2",
    /// `t3.in` "1000000000000 1"; 3 unless told), by file.
    pub fn inputs(mut self, n: usize) -> KitBuilder {
        assert!((1..=INPUTS.len()).contains(&n), "{n} inputs");
        self.plan = Plan::Files(n);
        self
    }

    /// A generator `gen.c` and a plan that uses it: `t1.in` by file, then
    /// `gen.c 40 2`, then `gen.c {index} 1000000000000` three times
    /// (tests 01 to 05).
    pub fn generated(mut self) -> KitBuilder {
        self.plan = Plan::Generated {
            count: 3,
            b: "1000000000000",
            fault: String::new(),
        };
        self
    }

    /// As [`KitBuilder::generated`], but `count` tests `gen.c {index} 7`,
    /// each taking `millis` to generate.
    pub fn generated_slowly(mut self, count: u32, millis: u32) -> KitBuilder {
        self.plan = Plan::Generated {
            count,
            b: "7",
            fault: format!("usleep({});", millis * 1000),
        };
        self
    }

    /// As [`KitBuilder::generated`], but 20 tests `gen.c {index} 7`, each
    /// taking 200 ms to generate.
    pub fn slow(mut self) -> KitBuilder {
        self.plan = Plan::Generated {
            count: 20,
            b: "7",
            fault: "usleep(200000);".to_string(),
        };
        self
    }

    /// The kit lies where every user can reach it (see
    /// [`TempKit::give_to`]).
    pub fn reachable_by_all(mut self) -> KitBuilder {
        self.shared = true;
        self
    }

    /// Instead of the sum kit's files: [`FULL_JUDGE_TOML`],
    /// [`FULL_PROBLEM_TOML`] and the files they name, empty.
    pub fn full_config(mut self) -> KitBuilder {
        self.full_config = true;
        self
    }

    fn judge_toml(&self) -> String {
        let mut text = format!(
            "\nproblems = [\"sum\"]\n\n[defaults]\ntime_limit_ms = 500\nmemory_limit_mib = 64\noutput_limit_mib = {}\n",
            self.output_limit_mib
        );
        for name in &self.languages {
            text.push_str(&language(name, self.c_flag));
        }
        text
    }

    fn problem_toml(&self) -> String {
        let (generator, tests) = match &self.plan {
            Plan::Files(n) => {
                let files = INPUTS[..*n]
                    .iter()
                    .map(|(file, _)| format!("file = \"{file}\""));
                ("", files.collect())
            }
            Plan::Generated { count, b, .. } => (
                "generator = \"gen.c\"\n",
                vec![
                    "file = \"t1.in\"".to_string(),
                    "args = [\"40\", \"2\"]".to_string(),
                    format!("args = [\"{{index}}\", \"{b}\"]\ncount = {count}"),
                ],
            ),
        };
        let mut text = format!(
            "\ntitle = {{ en = \"Sum\", zh = \"求和\" }}\nchecker = \"check.c\"\nvalidator = \"validate.c\"\n{generator}reference = \"accepted/ref.c\"\n"
        );
        for test in tests {
            text.push_str(&format!("\n[[tests]]\n{test}\n"));
        }
        text
    }

    pub fn create(self) -> TempKit {
        let dir = match self.shared {
            true => tempfile::Builder::new()
                .prefix("kit")
                .tempdir_in(shared_base())
                .unwrap(),
            false => tempfile::tempdir().unwrap(),
        };
        let (judge_toml, problem_toml) = match self.full_config {
            true => (FULL_JUDGE_TOML.to_string(), FULL_PROBLEM_TOML.to_string()),
            false => (self.judge_toml(), self.problem_toml()),
        };
        let kit = TempKit {
            dir,
            judge_toml,
            problem_toml,
            user: None,
            env: Vec::new(),
        };
        kit.write("judge.toml", &kit.judge_toml);
        kit.write("problems/sum/problem.toml", &kit.problem_toml);
        if self.full_config {
            for file in FULL_FILES {
                kit.write(file, "");
            }
            return kit;
        }
        kit.write("problems/sum/check.c", CHECKER);
        kit.write("problems/sum/validate.c", VALIDATOR);
        let inputs = match &self.plan {
            Plan::Files(n) => *n,
            Plan::Generated { fault, .. } => {
                kit.write("problems/sum/gen.c", &generator(fault));
                1
            }
        };
        for (file, input) in &INPUTS[..inputs] {
            kit.write(&format!("problems/sum/{file}"), input);
        }
        kit.write("solutions/sum/accepted/ref.c", &reference(""));
        kit
    }
}

/// Every run of the judge must end within this, whatever the kit does.
pub const WATCHDOG: Duration = Duration::from_secs(120);

/// A throw-away kit, removed when dropped.
pub struct TempKit {
    pub dir: tempfile::TempDir,
    /// judge.toml as the kit was made.
    pub judge_toml: String,
    /// problems/sum/problem.toml as the kit was made.
    pub problem_toml: String,
    /// Whom the judge runs as ([`TempKit::give_to`]); None: the tests' user.
    user: Option<u32>,
    /// Variables set for every judge run ([`TempKit::set_env`]).
    env: Vec<(String, String)>,
}

impl TempKit {
    /// The plain kit: C, C++ and Python; tests `t1.in` to `t3.in`.
    pub fn new() -> TempKit {
        TempKit::builder().create()
    }

    pub fn builder() -> KitBuilder {
        KitBuilder {
            languages: vec!["c", "cpp", "python"],
            c_flag: "-O2",
            output_limit_mib: 1,
            plan: Plan::Files(INPUTS.len()),
            shared: false,
            full_config: false,
        }
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    pub fn write(&self, rel: &str, content: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, content).unwrap();
    }

    /// Replaces `from` by `to` in the file `rel`, which must hold it.
    pub fn edit(&self, rel: &str, from: &str, to: &str) {
        let text = std::fs::read_to_string(self.path(rel)).unwrap();
        assert!(text.contains(from), "{rel} has no {from:?}");
        self.write(rel, &text.replacen(from, to, 1));
    }

    /// Hands the kit (made [`KitBuilder::reachable_by_all`]) to `uid`: the
    /// judge runs as `uid` from now on.
    pub fn give_to(&mut self, uid: u32) {
        let status = Command::new("chown")
            .args(["-R", &format!("{uid}:{uid}")])
            .arg(self.dir.path())
            .status()
            .unwrap();
        assert!(status.success());
        assert!(searchable(self.dir.path().parent().unwrap()));
        self.user = Some(uid);
    }

    /// The judge with `args`, in the kit, building into its `target/`.
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
                cmd.arg(judge_binary());
                cmd.env("HOME", self.dir.path());
                cmd
            }
            None => Command::new(env!("CARGO_BIN_EXE_judge")),
        };
        cmd.args(args)
            .current_dir(self.dir.path())
            .env("CARGO_TARGET_DIR", self.path("target"))
            .env("NO_COLOR", "1")
            .envs(self.env.iter().map(|(k, v)| (k, v)));
        cmd
    }

    /// Sets `key` to `value` for every judge run from now on.
    pub fn set_env(&mut self, key: &str, value: &str) {
        self.env.push((key.to_string(), value.to_string()));
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

    /// Runs the judge; a run that outlives `limit` is killed and fails the test.
    pub fn judge_within(&self, args: &[&str], limit: Duration) -> Run {
        let start = Instant::now();
        let child = self.spawn(args);
        wait(child, args, start, limit)
    }

    /// Runs the judge within the [`WATCHDOG`].
    pub fn judge(&self, args: &[&str]) -> Run {
        self.judge_within(args, WATCHDOG)
    }

    /// Runs the judge with `--json --jobs 2`; the document must follow the
    /// schema. Returns the exit status and the document.
    pub fn json(&self, args: &[&str]) -> (i32, Value) {
        let mut all = vec!["--json", "--jobs", "2"];
        all.extend_from_slice(args);
        let run = self.judge(&all);
        let report = serde_json::from_str(&run.stdout)
            .unwrap_or_else(|e| panic!("{e}: stdout {:?}, stderr {:?}", run.stdout, run.stderr));
        assert_documented(&report);
        (run.code.unwrap(), report)
    }

    /// Runs the judge expecting an error of the kit: exit status 2 and a
    /// message, no panic, no report; returns stderr.
    pub fn error(&self, args: &[&str]) -> String {
        let run = self.judge(args);
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
        run.stderr
    }

    /// Judges a solution with the given source; returns (exit status, overall
    /// verdict, the first test's verdict and message).
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

    /// Builds the tests, which must succeed; returns the build report's
    /// counts (generated, validated, answered).
    pub fn build(&self) -> (u64, u64, u64) {
        let (code, report) = self.json(&["build"]);
        assert_eq!(code, 0, "{report}");
        let p = &report["problems"][0];
        let count = |key: &str| p[key].as_u64().unwrap();
        (count("generated"), count("validated"), count("answered"))
    }

    /// The built tests: every input and answer of the tests folder and its
    /// bytes. `with_records`: with the `.meta` records too (for an error
    /// that must stop the kit before it runs anything).
    pub fn tests(&self, with_records: bool) -> BTreeMap<String, Vec<u8>> {
        let dir = self.path("problems/sum/tests");
        let mut files = BTreeMap::new();
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().into_string().unwrap();
            let ext = name.split_once('.').map_or("", |(_, ext)| ext);
            if ext == "in" || ext == "ans" || with_records && ext == "meta" {
                files.insert(name, std::fs::read(entry.path()).unwrap());
            }
        }
        files
    }

    /// Files an interrupted or failed write would leave: temporary files
    /// (`.tmp-*`, `*.tmp-*`) anywhere in the kit.
    pub fn leftovers(&self) -> Vec<PathBuf> {
        super::leftovers(self.dir.path())
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
    pub fn failed_rebuild(&self, with_records: bool, damage: impl FnOnce(&TempKit)) -> String {
        self.build();
        let before = self.tests(with_records);
        damage(self);
        let stderr = self.error(&["build"]);
        assert_eq!(self.tests(with_records), before, "{stderr}");
        self.assert_clean();
        stderr
    }
}
