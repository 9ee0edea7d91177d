//! A kit that survives being killed: the judge is killed (SIGKILL, no
//! chance to clean up) at moments spread over a whole run of a command
//! that writes the kit, and after each kill the kit is in its old or its
//! new state, never between: judge.toml and every problem.toml load, no
//! half-written test, package or problem file is visible, no process of
//! the judge is left, and the next run ends with the bytes of a run that
//! was never interrupted, leaving nothing temporary behind.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use testkit::files::{built_tests as tests, contents as files};
use testkit::kit::Kit;
use testkit::run::processes_outliving;

/// `n` moments spread over `span`: one in each of `n` equal slices, at a
/// place in it that a fixed seed picks (the same moments every run).
fn moments(span: Duration, n: u32) -> Vec<Duration> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    (0..n)
        .map(|i| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let within = (state >> 11) as f64 / (1u64 << 53) as f64;
            span.mul_f64((f64::from(i) + within) / f64::from(n))
        })
        .collect()
}

/// The shortest time `run` takes of three: one slowed down by a loaded
/// machine would spread the kills past the end of the runs (CI saw 3 of 16
/// packages killed).
fn shortest(mut run: impl FnMut()) -> Duration {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .min()
        .unwrap()
}

/// Runs the judge with `args` and kills it after `after`; true if it was
/// still running then. Waits until no process of the judge's is left.
fn kill_after(kit: &Kit, args: &[&str], after: Duration) -> bool {
    let mut child = kit.spawn(args);
    std::thread::sleep(after);
    let running = child.try_wait().unwrap().is_none();
    if running {
        child.kill().unwrap();
    }
    child.wait().unwrap();
    let left = processes_outliving(kit.dir());
    assert!(left.is_empty(), "left running after the kill: {left:?}");
    running
}

/// The names of the files whose bytes differ between `a` and `b`, or that
/// only one has.
fn differing(a: &BTreeMap<String, Vec<u8>>, b: &BTreeMap<String, Vec<u8>>) -> Vec<String> {
    let names: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
    names
        .into_iter()
        .filter(|name| a.get(*name) != b.get(*name))
        .cloned()
        .collect()
}

/// What differs in `seen` from both `old` and `new`: the files that are
/// neither state's.
fn between(
    seen: &BTreeMap<String, Vec<u8>>,
    old: &BTreeMap<String, Vec<u8>>,
    new: &BTreeMap<String, Vec<u8>>,
) -> Vec<String> {
    seen.iter()
        .filter(|(name, bytes)| old.get(*name) != Some(bytes) && new.get(*name) != Some(bytes))
        .map(|(name, bytes)| format!("{name} ({} bytes)", bytes.len()))
        .collect()
}

/// `judge build`, killed anywhere: from nothing built (compiles, then
/// tests), and rebuilding after the reference changed (every answer
/// changes). Each test file is the old build's or the new one's.
#[test]
fn a_build_killed_anywhere_leaves_each_test_old_or_new() {
    let kit = Kit::builder()
        .languages(&["c"])
        .generated_slowly(12, 25)
        .create();
    // Answers take time too, so that a rebuild is killed while it writes.
    kit.edit(
        "solutions/sum/accepted/ref.c",
        "printf(",
        "usleep(20000); printf(",
    );
    kit.edit(
        "solutions/sum/accepted/ref.c",
        "#include <stdio.h>",
        "#include <stdio.h>\n#include <unistd.h>",
    );
    let tests = kit.path("problems/sum/tests");
    let start = Instant::now();
    kit.build();
    let fresh = start.elapsed();
    let first = self::tests(&tests);
    // The second state: every answer one more.
    kit.edit(
        "solutions/sum/accepted/ref.c",
        "printf(\"%lld\\n\", a + b)",
        "printf(\"%lld\\n\", a + b + 1)",
    );
    let start = Instant::now();
    kit.build();
    let again = start.elapsed();
    let second = self::tests(&tests);
    assert_ne!(first, second);

    let (mut kills, mut corrupt) = (0, Vec::new());
    let runs = (moments(fresh.mul_f64(1.1), 12)
        .into_iter()
        .map(|at| (false, at)))
    .chain(
        moments(again.mul_f64(1.1), 12)
            .into_iter()
            .map(|at| (true, at)),
    );
    for (rebuild, after) in runs {
        let (old, new) = match rebuild {
            // From the first state to the second.
            true => {
                kit.edit("solutions/sum/accepted/ref.c", "a + b + 1)", "a + b)");
                kit.build();
                kit.edit("solutions/sum/accepted/ref.c", "a + b)", "a + b + 1)");
                (first.clone(), second.clone())
            }
            // From nothing built, the compiled programs too.
            false => {
                std::fs::remove_dir_all(&tests).unwrap();
                std::fs::remove_dir_all(kit.path("target")).unwrap();
                (BTreeMap::new(), second.clone())
            }
        };
        kills += kill_after(&kit, &["build"], after) as u32;
        let wrong = between(&self::tests(&tests), &old, &new);
        if !wrong.is_empty() {
            corrupt.push(format!("killed after {after:?}: {wrong:?}"));
        }
        kit.build();
        let wrong = differing(&self::tests(&tests), &second);
        assert!(
            wrong.is_empty(),
            "the build after a kill at {after:?}: {wrong:?}"
        );
        kit.assert_clean();
    }
    assert!(corrupt.is_empty(), "{}", corrupt.join("\n"));
    assert!(kills >= 12, "only {kills} of 24 runs were killed");
    eprintln!("24 builds, {kills} killed: 0 corrupt");
}

/// `judge package`, killed anywhere, as a folder and as a zip: the package
/// is absent or whole, and the next export has the bytes of the first.
#[test]
fn a_package_killed_anywhere_is_absent_or_whole() {
    let kit = Kit::builder().languages(&["c"]).generated().create();
    kit.edit(
        "problems/sum/problem.toml",
        "file = \"t1.in\"",
        "file = \"t1.in\"\nsample = true",
    );
    kit.write(
        "problems/sum/statement.en.md",
        "# Sum\n\nPrint $a + b$.\n\n## Sample\n\nInput:\n\n```\n1 2\n```\n\nOutput:\n\n```\n3\n```\n",
    );
    kit.write(
        "problems/sum/statement.zh.md",
        "# 求和\n\n输出 $a + b$。\n\n## 样例\n\n输入：\n\n```\n1 2\n```\n\n输出：\n\n```\n3\n```\n",
    );
    kit.build();
    for out in ["target/packages/sum", "target/packages/sum.zip"] {
        let args = ["package", "sum", "--format", "hydro", "--out", out];
        let run = kit.judge(&args);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        // The span of a run with every program built, as the killed are.
        let span = shortest(|| assert_eq!(kit.judge(&args).code, Some(0)));
        let path = kit.path(out);
        let whole = match path.is_dir() {
            true => files(&path),
            false => BTreeMap::from([(String::new(), std::fs::read(&path).unwrap())]),
        };
        let mut kills = 0;
        for after in moments(span.mul_f64(1.2), 16) {
            match path.is_dir() {
                true => std::fs::remove_dir_all(&path).unwrap(),
                false => std::fs::remove_file(&path).unwrap(),
            }
            kills += kill_after(&kit, &args, after) as u32;
            let seen = match (path.is_dir(), path.exists()) {
                (true, _) => files(&path),
                (false, true) => BTreeMap::from([(String::new(), std::fs::read(&path).unwrap())]),
                (false, false) => BTreeMap::new(),
            };
            assert!(
                seen.is_empty() || seen == whole,
                "{out}, killed after {after:?}: a package neither absent nor whole"
            );
            let run = kit.judge(&args);
            assert_eq!(run.code, Some(0), "{}", run.stderr);
            kit.assert_clean();
        }
        assert!(kills >= 4, "{out}: only {kills} of 16 runs were killed");
        let again = match path.is_dir() {
            true => files(&path),
            false => BTreeMap::from([(String::new(), std::fs::read(&path).unwrap())]),
        };
        assert_eq!(again, whole, "{out}: the export after the kills");
        eprintln!("{out}: 16 exports, {kills} killed: 0 half-written");
    }
}

/// `args`, which makes the problem `name` (`judge new`, `judge import`),
/// killed anywhere in `kit`: judge.toml names the problem with all its
/// files, or does not name it and the next run makes it. Returns how many
/// of 20 runs were killed.
fn made_whole_or_not_at_all(kit: &Kit, args: &[&str], name: &str) -> u32 {
    let toml = kit.path("judge.toml");
    let before = std::fs::read(&toml).unwrap();
    let folders = [format!("problems/{name}"), format!("solutions/{name}")];
    let mut json = vec!["--json"];
    json.extend_from_slice(args);
    let run = kit.judge(&json);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    // What `judge new` says it wrote (`judge import` writes only under the
    // problem's folders).
    let created: Vec<String> = (report["files"].as_array().into_iter().flatten())
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    // Every file under the new problem's folders (a mark too), every file
    // it made elsewhere, and judge.toml.
    let made = || {
        let mut all = BTreeMap::new();
        for folder in &folders {
            all.extend(files(&kit.path(folder)));
        }
        for file in &created {
            if let Ok(bytes) = std::fs::read(kit.path(file)) {
                all.insert(file.clone(), bytes);
            }
        }
        all.insert("judge.toml".into(), std::fs::read(&toml).unwrap());
        all
    };
    let whole = made();
    let reset = || {
        std::fs::write(&toml, &before).unwrap();
        for file in &created {
            let _ = std::fs::remove_file(kit.path(file));
        }
        for folder in &folders {
            let _ = std::fs::remove_dir_all(kit.path(folder));
        }
    };
    let span = shortest(|| {
        reset();
        assert_eq!(kit.judge(args).code, Some(0));
    });
    let (mut kills, mut marked) = (0, 0);
    for after in moments(span.mul_f64(1.2), 20) {
        reset();
        kills += kill_after(kit, args, after) as u32;
        let named = std::fs::read(&toml).unwrap() != before;
        if named {
            // The mark a kill after judge.toml was written may leave is
            // not a file of the problem.
            let mut seen = made();
            seen.retain(|name, _| !name.ends_with(".judge-new"));
            assert_eq!(seen, whole, "killed after {after:?}: named, not whole");
        } else {
            let run = kit.judge(args);
            assert_eq!(
                run.code,
                Some(0),
                "after a kill at {after:?}: {}",
                run.stderr
            );
        }
        let mut now = made();
        marked += now.keys().any(|name| name.ends_with(".judge-new")) as u32;
        now.retain(|name, _| !name.ends_with(".judge-new"));
        assert_eq!(now, whole, "killed after {after:?}, then made again");
        kit.assert_clean();
    }
    assert!(kills >= 5, "only {kills} of 20 runs were killed");
    // The next run clears a mark left in a named problem.
    let run = kit.judge(&["new", "other"]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for folder in &folders {
        assert!(!kit.path(&format!("{folder}/.judge-new")).exists());
    }
    eprintln!(
        "20 runs of {args:?}, {kills} killed ({marked} between judge.toml and the marks): 0 half-made"
    );
    kills
}

#[test]
fn a_new_problem_killed_anywhere_is_made_whole_or_not_at_all() {
    let kit = Kit::builder().languages(&["c", "rust"]).create();
    made_whole_or_not_at_all(&kit, &["new", "dual"], "dual");
}

/// A small ICPC package of `a + b`: samples, a secret test, an input
/// validator, an output validator, a submission.
fn icpc_package(dir: &Path) {
    let files = [
        ("problem.yaml", "name: A plus B\nvalidation: custom\n"),
        (
            "output_validators/same/same.c",
            "#include <stdio.h>\nint main(int argc, char **argv) { long long want, got; FILE *ans = argc > 2 ? fopen(argv[2], \"r\") : NULL; if (!ans || fscanf(ans, \"%lld\", &want) != 1) return 1; return scanf(\"%lld\", &got) == 1 && got == want ? 42 : 43; }\n",
        ),
        ("data/sample/1.in", "1 2\n"),
        ("data/sample/1.ans", "3\n"),
        ("data/secret/2.in", "5 7\n"),
        ("data/secret/2.ans", "12\n"),
        (
            "input_validators/validate.c",
            "#include <stdio.h>\nint main(void) { long long a, b; char end; return scanf(\"%lld %lld%c\", &a, &b, &end) == 3 && end == '\\n' ? 42 : 43; }\n",
        ),
        (
            "submissions/accepted/sum.c",
            "#include <stdio.h>\nint main(void) { long long a, b; scanf(\"%lld %lld\", &a, &b); printf(\"%lld\\n\", a + b); return 0; }\n",
        ),
    ];
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

#[test]
fn an_import_killed_anywhere_is_made_whole_or_not_at_all() {
    let kit = Kit::builder().languages(&["c", "rust"]).create();
    let package = tempfile::tempdir().unwrap();
    icpc_package(package.path());
    let path = package.path().to_str().unwrap();
    made_whole_or_not_at_all(&kit, &["import", path, "--name", "aplusb"], "aplusb");
}

/// `judge stress --save`, killed anywhere: problem.toml names the saved
/// test and its file is whole, or it does not name it and the next run
/// saves it (over a file the killed run wrote without naming it).
#[test]
fn a_stress_save_killed_anywhere_is_saved_whole_or_not_at_all() {
    let kit = Kit::builder().languages(&["c"]).create();
    kit.write(
        "problems/sum/gen.c",
        "#include <stdio.h>\n#include <stdlib.h>\nint main(int argc, char **argv) { printf(\"%s 1\\n\", argv[argc - 1]); return 0; }\n",
    );
    let toml = kit.path("problems/sum/problem.toml");
    kit.write(
        "problems/sum/problem.toml",
        &format!(
            "generator = \"gen.c\"\n{}\n[stress]\nargs = [\"{{seed}}\"]\n",
            kit.problem_toml
        ),
    );
    kit.write(
        "solutions/sum/wrong_answer/late.c",
        "#include <stdio.h>\nint main(void) { long long a, b; scanf(\"%lld %lld\", &a, &b); printf(\"%lld\\n\", a >= 37 ? a - b : a + b); return 0; }\n",
    );
    kit.build();
    let before = std::fs::read(&toml).unwrap();
    let args = [
        "stress",
        "sum",
        "solutions/sum/wrong_answer/late.c",
        "--seed",
        "30",
        "--save",
    ];
    let saved = |kit: &Kit| {
        let mut all = files(&kit.path("problems/sum/stress"));
        all.insert("problem.toml".into(), std::fs::read(&toml).unwrap());
        all
    };
    assert_eq!(kit.judge(&args).code, Some(1));
    let whole = saved(&kit);
    // The span of a run with every program built, as the killed are.
    let span = shortest(|| {
        std::fs::write(&toml, &before).unwrap();
        std::fs::remove_dir_all(kit.path("problems/sum/stress")).unwrap();
        assert_eq!(kit.judge(&args).code, Some(1));
    });
    let mut kills = 0;
    for after in moments(span.mul_f64(1.2), 20) {
        std::fs::write(&toml, &before).unwrap();
        let _ = std::fs::remove_dir_all(kit.path("problems/sum/stress"));
        kills += kill_after(&kit, &args, after) as u32;
        if std::fs::read(&toml).unwrap() != before {
            assert_eq!(
                saved(&kit),
                whole,
                "killed after {after:?}: named, not whole"
            );
        } else {
            let run = kit.judge(&args);
            assert_eq!(
                run.code,
                Some(1),
                "after a kill at {after:?}: {}",
                run.stderr
            );
            assert_eq!(saved(&kit), whole, "the save after a kill at {after:?}");
        }
        kit.build();
        kit.assert_clean();
    }
    assert!(kills >= 5, "only {kills} of 20 runs were killed");
    eprintln!("20 runs of judge stress --save, {kills} killed: 0 half-saved");
}
