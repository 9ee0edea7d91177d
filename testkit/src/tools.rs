//! The judges' own tools, as the tests run them on packages: BAPCtools,
//! problemtools, p2d (from the tools venv) and Hydro's import code (from
//! the npm registry), all installed by `scripts/setup-tools.sh` under the
//! target folder (`<target>/tools`); and the testlib.h p2d ships.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::paths::{root, target};

/// A tool of the tools venv; fails the test with how to get it.
pub fn tool(name: &str) -> PathBuf {
    let path = target().join("tools/venv/bin").join(name);
    assert!(
        path.is_file(),
        "{} is missing: run scripts/setup-tools.sh (it installs the judges' tools from PyPI)",
        path.display()
    );
    path
}

/// Runs a tool in `dir`; returns (success, stdout + stderr).
pub fn run(program: &Path, args: &[&str], dir: &Path, home: &Path) -> (bool, String) {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        // Their caches, registries and temporary files stay in the scratch.
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_CACHE_HOME", home.join("cache"))
        .env("TMPDIR", home)
        // PyPy sizes its nursery from the CPU's cache, which can exceed the
        // 256 MiB of address space the tools give a Python submission (on a
        // CPU reporting a 480 MiB L3 cache: "cannot allocate nursery").
        .env("PYPY_GC_NURSERY", "4M")
        // BAPCtools leaves its colour codes in a pipe's output where `CI`
        // or `GITLAB_CI` is set (it skips colorama there): the tests read
        // its output as plain text wherever they run.
        .env_remove("CI")
        .env_remove("GITLAB_CI")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// Runs problemtools' `verifyproblem` as [`run`] runs a tool, on one CPU:
/// its interactive runs are ping-pongs (sandbox::cpu; nim-play took 99 s
/// on two CPUs, 16 s on one). Its runs are one at a time anyway; the tests
/// running at once keep the other CPUs busy. (BAPCtools pins its runs
/// itself, each to a CPU of its own, keeping one free: on one CPU it runs
/// none.)
pub fn verifyproblem(program: &Path, args: &[&str], dir: &Path, home: &Path) -> (bool, String) {
    let _pinned = sandbox::cpu::pin_thread().unwrap();
    run(program, args, dir, home)
}

/// BAPCtools 2026.10 judges pass-fail problems only: it refuses `type:
/// scoring`. Its view of a scoring problem is the same package with the
/// points taken out (the points are checked by
/// `scoring_problems_keep_their_points`).
pub fn pass_fail_view(problem: &Path) {
    let yaml_path = problem.join("problem.yaml");
    let text = std::fs::read_to_string(&yaml_path).unwrap();
    std::fs::write(&yaml_path, text.replace("type: scoring", "type: pass-fail")).unwrap();
    for entry in walkdir::WalkDir::new(problem.join("data")) {
        let entry = entry.unwrap();
        if entry.file_name() == "test_group.yaml" {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            // BAPCtools cannot read an empty one.
            match without_scoring(&text) {
                kept if kept.trim().is_empty() => std::fs::remove_file(entry.path()).unwrap(),
                kept => std::fs::write(entry.path(), kept).unwrap(),
            }
        }
    }
}

/// A `test_group.yaml` without its scoring keys, a key's indented or
/// listed lines with it (`require_pass:` may list several groups).
fn without_scoring(text: &str) -> String {
    let mut kept = String::new();
    let mut dropping = false;
    for line in text.lines() {
        if dropping && (line.starts_with(' ') || line.starts_with('-')) {
            continue;
        }
        dropping = ["max_score:", "score_aggregation:", "require_pass:"]
            .iter()
            .any(|k| line.starts_with(k));
        if !dropping {
            kept.push_str(line);
            kept.push('\n');
        }
    }
    kept
}

/// p2d sorts `failed` solutions (Polygon's tag for a run-time error) into a
/// `mixed` folder that problemtools does not know: tell it they crash. (Its
/// config replaces the whole tag table, so every tag the kit uses is here.)
pub const P2D_CONFIG: &str = r#"[tag]
main = ["accepted"]
accepted = ["accepted"]
wrong-answer = ["wrong_answer"]
presentation-error = ["wrong_answer"]
time-limit-exceeded = ["time_limit_exceeded"]
memory-limit-exceeded = ["run_time_error"]
failed = ["run_time_error"]
"#;

/// The JSON document a script of `scripts/hydro/` prints when run by node
/// on `path`, with Hydro's code from the npm registry (installed by
/// `scripts/setup-tools.sh`).
fn hydro_script(script: &str, path: &Path) -> serde_json::Value {
    let modules = target().join("tools/hydro/node_modules");
    assert!(
        modules.join("hydrooj").is_dir(),
        "{} is missing: run scripts/setup-tools.sh (it installs Hydro from the npm registry)",
        modules.display()
    );
    let out = Command::new("node")
        .arg(root().join("scripts/hydro").join(script))
        .arg(path)
        .env("NODE_PATH", &modules)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "{script} {}: {stderr}",
        path.display()
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// What Hydro's own import code (`scripts/hydro/import.js`) makes of the
/// package at `path`: the problems it imported.
pub fn hydro_import(path: &Path) -> Vec<serde_json::Value> {
    let report = hydro_script("import.js", path);
    eprintln!("hydrooj {}: {}", report["hydrooj"], report["messages"]);
    report["problems"].as_array().unwrap().clone()
}

/// The tests Hydro's judge takes from the test data in the folder `path`
/// (`scripts/hydro/cases.js`, Hydro's own functions): the config it read,
/// whether it found them by their names, and each subtask with its score,
/// its type and its cases.
pub fn hydro_cases(path: &Path) -> serde_json::Value {
    hydro_script("cases.js", path)
}

/// Converts the Polygon package `problem` with p2d (its problem code
/// `code`), then, if `judged`, has problemtools check what p2d made: the
/// test data, and the submissions judged with the package's checker (p2d
/// leaves out the statements and the validators). Works in `dir`; fails
/// the test on any error.
pub fn p2d_and_verifyproblem(problem: &Path, code: &str, dir: &Path, judged: bool) {
    let (p2d, verify) = (tool("p2d"), tool("verifyproblem"));
    let name = problem.file_name().unwrap().to_string_lossy().into_owned();
    let home = dir.join(format!("home-{name}"));
    std::fs::create_dir_all(&home).unwrap();
    let config = dir.join("p2d.toml");
    std::fs::write(&config, P2D_CONFIG).unwrap();
    let converted = dir.join(format!("{name}.zip"));
    let args = [
        "--yes",
        "--auto",
        "--code",
        code,
        "--config",
        config.to_str().unwrap(),
        "--output",
        converted.to_str().unwrap(),
        problem.to_str().unwrap(),
    ];
    let (ok, text) = run(&p2d, &args, dir, &home);
    assert!(ok, "p2d on {name}:\n{text}");
    if !judged {
        eprintln!("p2d {name}: converted");
        return;
    }
    let unpacked = dir.join("domjudge").join(name.replace('-', ""));
    let mut zip = zip::ZipArchive::new(std::fs::File::open(&converted).unwrap()).unwrap();
    zip.extract(&unpacked).unwrap();
    let folder = unpacked.file_name().unwrap().to_str().unwrap().to_string();
    let args = [folder.as_str(), "-p", "data", "submissions"];
    let (ok, text) = verifyproblem(&verify, &args, unpacked.parent().unwrap(), &home);
    assert!(
        ok && text.contains(&format!("{folder} tested: 0 errors")),
        "verifyproblem on p2d's {name}:\n{text}"
    );
    eprintln!("p2d + verifyproblem {name}: 0 errors");
}

/// The testlib.h to build on: `TESTLIB_H` (a path), else the one p2d
/// installs in the tools venv
/// (`<target>/tools/venv/lib/python3*/site-packages/p2d/testlib/testlib.h`);
/// an error says why there is none.
pub fn testlib_h() -> Result<PathBuf, String> {
    if let Some(path) = std::env::var_os("TESTLIB_H").filter(|p| !p.is_empty()) {
        let path = PathBuf::from(path);
        return if path.is_file() {
            Ok(path)
        } else {
            Err(format!("TESTLIB_H={} is not a file", path.display()))
        };
    }
    let lib = target().join("tools/venv/lib");
    let mut found: Vec<PathBuf> = std::fs::read_dir(&lib)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("python3"))
        .map(|e| e.path().join("site-packages/p2d/testlib/testlib.h"))
        .filter(|p| p.is_file())
        .collect();
    found.sort();
    found.pop().ok_or_else(|| {
        format!(
            "no testlib.h: TESTLIB_H is not set and p2d is not installed in {}",
            lib.parent().unwrap().display()
        )
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_groups_scoring_goes_with_the_groups_it_requires() {
        let text = "max_score: 24\nscore_aggregation: pass-fail\nrequire_pass:\n  - sample\n  - secret/s1\n\
                    output_validator_args: [x]\nrequire_pass: sample\n";
        assert_eq!(super::without_scoring(text), "output_validator_args: [x]\n");
    }
}
