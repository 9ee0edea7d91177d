//! A kit on a disk that fills up, or that is read-only: the kit is copied
//! onto a small memory file system (tmpfs) mounted over its folder in a
//! mount namespace of the test's own (as root: elsewhere these tests say
//! they are skipped), and the judge runs inside that namespace. A build, an
//! export and a judging that run out of space end with an error that names
//! the path and the cause, leave no half-written file (each test and each
//! package is the old one, absent, or whole, and no temporary file is
//! left), and the next run, once there is room, ends with the bytes of a
//! run that never ran out. A read-only kit is an error naming the path,
//! and nothing changes.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

use testkit::files::{built_tests as tests, contents as files, leftovers};
use testkit::kit::{Kit, generator, reference};

/// A file system of `size` bytes over a kit's folder, seen only by the
/// processes of one mount namespace, which lives as long as `holder`.
struct SmallDisk {
    holder: Child,
    kit: PathBuf,
}

impl SmallDisk {
    /// Copies `kit` onto a new tmpfs of `size` mounted over its folder in a
    /// new mount namespace; None unless the tests run as root.
    fn over(kit: &Kit, size: &str) -> Option<SmallDisk> {
        // SAFETY: `geteuid` has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            eprintln!("skipped: mounting a small file system needs root");
            return None;
        }
        let dir = kit.dir();
        let stage = tempfile::tempdir().unwrap();
        copy(dir, stage.path());
        // The namespace's holder: mounts, copies, says so, then sleeps
        // (bounded, should the test die without killing it).
        let script = format!(
            "mount -t tmpfs -o size={size},mode=0755 small '{kit}' && cp -a '{stage}/.' '{kit}/' && echo ready && exec sleep 600",
            kit = dir.display(),
            stage = stage.path().display(),
        );
        let mut holder = Command::new("unshare")
            .args(["--mount", "--propagation", "private", "sh", "-c", &script])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        let stdout = holder.stdout.take().unwrap();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        assert_eq!(line, "ready\n", "the small file system was not made");
        Some(SmallDisk {
            holder,
            kit: dir.to_path_buf(),
        })
    }

    /// Runs `program` with `args` in the namespace, in the kit's folder.
    fn inside(&self, program: &Path, args: &[&str]) -> Output {
        Command::new("nsenter")
            .arg(format!("--target={}", self.holder.id()))
            .arg("--mount")
            .arg(format!("--wd={}", self.kit.display()))
            .arg("--")
            .arg(program)
            .args(args)
            .env("CARGO_TARGET_DIR", self.kit.join("target"))
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .output()
            .unwrap()
    }

    /// Runs the judge with `args` on the small disk: its exit code and
    /// stderr.
    fn judge(&self, args: &[&str]) -> (Option<i32>, String) {
        let out = self.inside(Path::new(env!("CARGO_BIN_EXE_judge")), args);
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// Changes the file system's size, or makes it read-only or writable.
    fn remount(&self, options: &str) {
        let out = self.inside(
            Path::new("mount"),
            &[
                "-o",
                &format!("remount,{options}"),
                self.kit.to_str().unwrap(),
            ],
        );
        assert!(out.status.success(), "{out:?}");
    }

    /// The kit's folder as the namespace sees it.
    fn path(&self, rel: &str) -> PathBuf {
        let root = PathBuf::from(format!("/proc/{}/root", self.holder.id()));
        root.join(self.kit.strip_prefix("/").unwrap()).join(rel)
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        // The namespace, and its file system, end with their last process.
        let _ = self.holder.kill();
        let _ = self.holder.wait();
    }
}

/// Copies the files and folders of `from` into `to` (permissions kept).
fn copy(from: &Path, to: &Path) {
    let status = Command::new("cp")
        .args(["-a", &format!("{}/.", from.display()), to.to_str().unwrap()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// The files of `seen` that are neither absent nor as in `whole`.
fn half_written(
    seen: &BTreeMap<String, Vec<u8>>,
    whole: &BTreeMap<String, Vec<u8>>,
) -> Vec<String> {
    seen.iter()
        .filter(|(name, bytes)| whole.get(*name) != Some(bytes))
        .map(|(name, bytes)| format!("{name} ({} bytes)", bytes.len()))
        .collect()
}

/// The sum kit whose generated tests are large: `gen.c {index} …` writes
/// its `a` after 2 MiB of leading zeros (a valid number), three such
/// tests, about 6 MiB.
fn large_tests() -> Kit {
    let kit = Kit::builder()
        .languages(&["c"])
        .generated()
        .reachable_by_all()
        .create();
    kit.write(
        "problems/sum/gen.c",
        &generator("if (a < 40) for (int i = 0; i < (2 << 20); i++) putchar('0');"),
    );
    // What an export needs besides: a sample and the statements.
    kit.edit(
        "problems/sum/problem.toml",
        "file = \"t1.in\"",
        "file = \"t1.in\"\nsample = true",
    );
    let sample = "\n\n```\n1 2\n```\n\n```\n3\n```\n";
    kit.write(
        "problems/sum/statement.en.md",
        &format!("# Sum\n\nPrint $a + b$.{sample}"),
    );
    kit.write(
        "problems/sum/statement.zh.md",
        &format!("# 求和\n\n输出 $a + b$。{sample}"),
    );
    // Wrong on every test, at length.
    kit.write(
        "solutions/sum/long_wrong.c",
        &reference("for (int i = 0; i < 900 << 10; i++) putchar(' '); b += 1;"),
    );
    kit
}

/// Whether `stderr` is an error of the kit that names a path on the small
/// disk and says it is full (or read-only).
fn names_the_cause(stderr: &str, kit: &Path, cause: &str) -> bool {
    stderr.starts_with("error: ")
        && stderr.contains(&kit.display().to_string())
        && stderr.contains(cause)
        && !stderr.contains("panicked")
}

#[test]
fn a_build_and_an_export_that_run_out_of_space_leave_nothing_half_written() {
    let kit = large_tests();
    // What an uninterrupted run makes, on the ordinary disk.
    kit.build();
    let built = tests(&kit.path("problems/sum/tests"));
    let (code, _) = kit.json(&["package", "sum", "--format", "hydro", "--out", "target/pkg"]);
    assert_eq!(code, 0);
    let package = files(&kit.path("target/pkg"));
    std::fs::remove_dir_all(kit.path("problems/sum/tests")).unwrap();
    std::fs::remove_dir_all(kit.path("target")).unwrap();
    assert!(built.values().map(Vec::len).sum::<usize>() > 6 << 20);

    // Room for the kit and its programs, not for the tests.
    let Some(disk) = SmallDisk::over(&kit, "3m") else {
        return;
    };
    let (code, stderr) = disk.judge(&["build"]);
    eprint!("build: {stderr}");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        names_the_cause(&stderr, &disk.kit, "No space left on device"),
        "{stderr}"
    );
    let seen = tests(&disk.path("problems/sum/tests"));
    let wrong = half_written(&seen, &built);
    assert!(wrong.is_empty(), "half-written tests: {wrong:?}\n{stderr}");
    let left = leftovers(&disk.path(""));
    assert!(left.is_empty(), "left behind: {left:?}");

    // With room, the build ends as one that never ran out.
    disk.remount("size=64m");
    let (code, stderr) = disk.judge(&["build"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(tests(&disk.path("problems/sum/tests")), built);

    // An export with room for half of it.
    let used = files(&disk.path("")).values().map(Vec::len).sum::<usize>();
    disk.remount(&format!("size={}k", (used + (3 << 20)) >> 10));
    let export = ["package", "sum", "--format", "hydro", "--out", "target/pkg"];
    let (code, stderr) = disk.judge(&export);
    eprint!("package: {stderr}");
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        names_the_cause(&stderr, &disk.kit, "No space left on device"),
        "{stderr}"
    );
    assert!(
        !disk.path("target/pkg").exists(),
        "a package was left: {stderr}"
    );
    let left = leftovers(&disk.path(""));
    assert!(left.is_empty(), "left behind: {left:?}");
    disk.remount("size=64m");
    let (code, stderr) = disk.judge(&export);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(files(&disk.path("target/pkg")), package);

    // Judging a wrong solution whose outputs (900 KiB each, five tests)
    // are kept on a disk with room for two of them.
    let used = files(&disk.path("")).values().map(Vec::len).sum::<usize>();
    disk.remount(&format!("size={}k", (used + (2 << 20)) >> 10));
    let judged = ["test", "sum", "solutions/sum/long_wrong.c"];
    // The verdicts stand; a test whose files found no room says so, and no
    // part of them is kept.
    let out = disk.inside(Path::new(env!("CARGO_BIN_EXE_judge")), &json(&judged));
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let outcomes = report["tests"].as_array().unwrap();
    let unkept: Vec<&str> = (outcomes.iter())
        .map(|t| t["message"].as_str().unwrap())
        .filter(|m| m.contains("its files could not be kept"))
        .collect();
    assert!(!unkept.is_empty(), "{report:#}");
    for message in &unkept {
        assert!(message.contains("No space left on device"), "{message}");
    }
    for (test, verdict) in outcomes.iter().map(|t| (&t["name"], &t["verdict"])) {
        assert_eq!(verdict, "WA", "{test}");
    }
    let kept = files(&disk.path("target/judge/runs"));
    let output = |name: &str| name.rsplit('/').next().unwrap().split_once('.').unwrap().1 == "out";
    for (name, bytes) in kept.iter().filter(|(name, _)| output(name)) {
        assert!(
            bytes.ends_with(b"\n"),
            "{name}: {} bytes, cut short",
            bytes.len()
        );
    }
    let left = leftovers(&disk.path(""));
    assert!(left.is_empty(), "left behind: {left:?}");
    disk.remount("size=64m");
    let out = disk.inside(Path::new(env!("CARGO_BIN_EXE_judge")), &json(&judged));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = report.to_string();
    assert!(!text.contains("could not be kept"), "{report:#}");
}

/// `args` with `--json` first.
fn json<'a>(args: &[&'a str]) -> Vec<&'a str> {
    [&["--json"], args].concat()
}

#[test]
fn a_read_only_kit_is_an_error_naming_the_path_and_nothing_changes() {
    let kit = large_tests();
    let Some(disk) = SmallDisk::over(&kit, "64m") else {
        return;
    };
    let (code, stderr) = disk.judge(&["build"]);
    assert_eq!(code, Some(0), "{stderr}");
    disk.remount("ro");
    let before = files(&disk.path(""));
    let commands: [&[&str]; 3] = [
        &["build"],
        &["test", "sum", "solutions/sum/accepted/ref.c"],
        &["package", "sum", "--format", "hydro", "--out", "target/pkg"],
    ];
    for args in commands {
        let (code, stderr) = disk.judge(args);
        eprint!("{args:?}: {stderr}");
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            names_the_cause(&stderr, &disk.kit, "Read-only file system"),
            "{args:?}: {stderr}"
        );
        assert!(files(&disk.path("")) == before, "{args:?} changed the kit");
    }
    disk.remount("rw");
    let (code, stderr) = disk.judge(&["test", "sum", "solutions/sum/accepted/ref.c"]);
    assert_eq!(code, Some(0), "{stderr}");
}
