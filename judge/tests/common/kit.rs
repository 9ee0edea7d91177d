//! The throw-away kit the end-to-end tests judge in: a problem "sum" (print
//! a + b) whose checker, validator and reference are C sources, so no cargo
//! is involved; and the check of every `--json` document against the
//! documented schema (`docs/report.schema.json`). Each test crate that
//! includes this file uses only part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use serde_json::Value;

/// The documented schema of the `--json` documents.
pub fn schema() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/report.schema.json");
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

pub const JUDGE_TOML: &str = r#"
problems = ["sum"]

[defaults]
time_limit_ms = 500
memory_limit_mib = 64
output_limit_mib = 1

[languages.c]
extensions = ["c"]
compile = ["gcc", "-O2", "-o", "{binary}", "{source}"]
run = ["{binary}"]
version = ["gcc", "--version"]

[languages.cpp]
extensions = ["cpp"]
compile = ["g++", "-O2", "-I{source_dir}", "-o", "{binary}", "{source}"]
run = ["{binary}"]
version = ["g++", "--version"]

[languages.python]
extensions = ["py"]
compile = ["python3", "-c", "import sys; compile(open(sys.argv[1]).read(), sys.argv[1], 'exec')", "{source}"]
run = ["python3", "{source}"]
"#;

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
    fprintf(stderr, "ok %lld\n", a);
    return 0;
}
"#;

pub const VALIDATOR: &str = r#"
#include <stdio.h>
int main(void) {
    long long a, b; char end;
    if (scanf("%lld %lld%c", &a, &b, &end) != 3 || end != '\n' || a < 0 || b < 0) {
        fprintf(stderr, "FAIL bad input\n");
        return 3;
    }
    return 0;
}
"#;

pub const REFERENCE: &str = "#include <stdio.h>\nint main(void){long long a,b;scanf(\"%lld %lld\",&a,&b);printf(\"%lld\\n\",a+b);return 0;}\n";

pub const PROBLEM_TOML: &str = r#"
title = { en = "Sum", zh = "求和" }
checker = "check.c"
validator = "validate.c"
reference = "accepted/ref.c"

[[tests]]
file = "t1.in"

[[tests]]
file = "t2.in"

[[tests]]
file = "t3.in"
"#;

pub struct TempKit {
    pub dir: tempfile::TempDir,
}

impl TempKit {
    pub fn new() -> TempKit {
        let kit = TempKit {
            dir: tempfile::tempdir().unwrap(),
        };
        kit.write("judge.toml", JUDGE_TOML);
        kit.write("problems/sum/problem.toml", PROBLEM_TOML);
        kit.write("problems/sum/check.c", CHECKER);
        kit.write("problems/sum/validate.c", VALIDATOR);
        kit.write("problems/sum/t1.in", "1 2\n");
        kit.write("problems/sum/t2.in", "40 2\n");
        kit.write("problems/sum/t3.in", "1000000000000 1\n");
        kit.write("solutions/sum/accepted/ref.c", REFERENCE);
        kit
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    pub fn write(&self, rel: &str, content: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, content).unwrap();
    }

    pub fn judge(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(args)
            .current_dir(self.dir.path())
            .env("CARGO_TARGET_DIR", self.path("target"))
            .env("NO_COLOR", "1")
            .output()
            .unwrap()
    }

    pub fn json(&self, args: &[&str]) -> (i32, Value) {
        let mut all = vec!["--json", "--jobs", "2"];
        all.extend_from_slice(args);
        let out = self.judge(&all);
        let text = String::from_utf8_lossy(&out.stdout);
        let value = serde_json::from_str(&text).unwrap_or_else(|e| {
            panic!(
                "{e}: stdout {text:?}, stderr {:?}",
                String::from_utf8_lossy(&out.stderr)
            )
        });
        assert_documented(&value);
        (out.status.code().unwrap(), value)
    }

    /// Runs the judge expecting an error of the kit: exit status 2, no
    /// panic, no report; returns stderr.
    pub fn error(&self, args: &[&str]) -> String {
        let out = self.judge(args);
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(stderr.starts_with("error: "), "{stderr}");
        stderr
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
}

pub fn c_program(body: &str) -> String {
    format!(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\nint main(void) {{ {body} }}\n"
    )
}
