//! How a throw-away kit differs from the plain one (`Kit::new`): its
//! languages, the C flag, the output limit, its tests, where it lies.

use super::shared::shared_base;
use super::sum::{
    CHECKER, FULL_FILES, FULL_JUDGE_TOML, FULL_PROBLEM_TOML, INPUTS, VALIDATOR, generator,
    reference,
};
use super::{Home, Kit, WATCHDOG};
use crate::paths;

/// The languages a kit's judge.toml may list, by name.
fn language(name: &str, c_flag: &str) -> String {
    match name {
        "c" => format!(
            r#"
[languages.c]
extensions = ["c"]
compile = ["gcc", "{c_flag}", "-o", "{{binary}}", "{{sources}}"]
run = ["{{binary}}"]
version = ["gcc", "--version"]
"#
        ),
        "cpp" => r#"
[languages.cpp]
extensions = ["cpp"]
compile = ["g++", "-O2", "-I{source_dir}", "-o", "{binary}", "{sources}"]
run = ["{binary}"]
version = ["g++", "--version"]
"#
        .to_string(),
        "python" => r#"
[languages.python]
extensions = ["py"]
compile = ["python3", "-c", "import sys; [compile(open(f).read(), f, 'exec') for f in sys.argv[1:]]", "{sources}"]
run = ["python3", "{source}"]
"#
        .to_string(),
        // The kit's own definition, as judge.toml writes it.
        "java" | "kotlin" | "rust" | "shell" => {
            let text = std::fs::read_to_string(paths::root().join("judge.toml")).unwrap();
            let header = format!("[languages.{name}]");
            let start = text.find(&header).expect("judge.toml defines the language");
            let table = text[start..].split("\n\n").next().unwrap();
            format!("\n{table}\n")
        }
        _ => panic!("no language {name} for a throw-away kit"),
    }
}

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

/// How a kit differs from the plain one ([`Kit::new`]).
pub struct KitBuilder {
    languages: Vec<&'static str>,
    c_flag: &'static str,
    output_limit_mib: u32,
    plan: Plan,
    shared: bool,
    full_config: bool,
}

impl KitBuilder {
    /// The plain kit's: C, C++ and Python; tests `t1.in` to `t3.in`.
    pub(super) fn new() -> KitBuilder {
        KitBuilder {
            languages: vec!["c", "cpp", "python"],
            c_flag: "-O2",
            output_limit_mib: 1,
            plan: Plan::Files(INPUTS.len()),
            shared: false,
            full_config: false,
        }
    }

    /// The languages judge.toml lists, of `c`, `cpp`, `python`, `java`, `kotlin`, `rust` and `shell`
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
    /// [`Kit::give_to`]).
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

    /// Makes the kit: its files written, removed when it is dropped.
    pub fn create(self) -> Kit {
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
        let target = dir.path().join("target");
        let kit = Kit {
            home: Home::Temporary(dir),
            target,
            judge_toml,
            problem_toml,
            user: None,
            env: Vec::new(),
            watchdog: WATCHDOG,
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
