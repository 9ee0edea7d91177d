//! A copy of this kit (every file git lists) that the judge runs in, for
//! the end-to-end tests that change the kit itself (`judge new`, `judge
//! import`) and need its cargo programs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use super::kit::assert_documented;
use super::paths::{root, target};

/// The testlib.h of the real kit's tools venv (`scripts/setup-tools.sh`),
/// if it is there.
fn testlib_h() -> Option<PathBuf> {
    let lib = target().join("tools/venv/lib");
    std::fs::read_dir(lib)
        .ok()?
        .flatten()
        .map(|e| e.path().join("site-packages/p2d/testlib/testlib.h"))
        .find(|p| p.is_file())
}

/// A copy of the kit's sources at `dir`, which builds into `target`.
pub struct KitCopy {
    pub dir: PathBuf,
    pub target: PathBuf,
}

impl KitCopy {
    /// Copies every file git lists (tracked, or new and not ignored) into
    /// `dir`, emptied first, with the files' modification times, so that
    /// cargo sees unchanged sources as unchanged.
    pub fn new(dir: &Path, target: &Path) -> KitCopy {
        let root = root();
        let listed = Command::new("git")
            .args([
                "ls-files",
                "-z",
                "--cached",
                "--others",
                "--exclude-standard",
            ])
            .current_dir(&root)
            .output()
            .expect("git lists the kit's files");
        assert!(listed.status.success(), "git ls-files failed");
        if dir.exists() {
            std::fs::remove_dir_all(dir).unwrap();
        }
        for name in listed.stdout.split(|&b| b == 0).filter(|n| !n.is_empty()) {
            let rel = std::str::from_utf8(name).unwrap();
            let source = root.join(rel);
            // A tracked file deleted in the working tree is not part of it.
            let Ok(meta) = std::fs::metadata(&source) else {
                continue;
            };
            let copy = dir.join(rel);
            std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
            std::fs::copy(&source, &copy).unwrap();
            let file = std::fs::File::options().write(true).open(&copy).unwrap();
            file.set_modified(meta.modified().unwrap()).unwrap();
        }
        KitCopy {
            dir: dir.to_path_buf(),
            target: target.to_path_buf(),
        }
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    pub fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.path(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
    }

    pub fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    /// Runs the judge in the kit: exit status, stdout, stderr.
    pub fn judge(&self, args: &[&str]) -> (i32, String, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_judge"))
            .args(args)
            .current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", &self.target)
            // The copy builds elsewhere: testlib.h is the real kit's.
            .envs(testlib_h().map(|path| ("TESTLIB_H", path)))
            .env("NO_COLOR", "1")
            .env("NO_PROGRESS", "1")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr,
        )
    }

    /// Runs the judge with `--json`; the document follows the schema and
    /// the exit status is 0.
    pub fn json(&self, args: &[&str]) -> Value {
        let all: Vec<&str> = ["--json", "--jobs", "2"]
            .iter()
            .chain(args)
            .copied()
            .collect();
        let (code, stdout, stderr) = self.judge(&all);
        let report: Value = serde_json::from_str(&stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: stdout {stdout:?}, stderr {stderr}"));
        assert_documented(&report);
        assert_eq!(code, 0, "{args:?}: {report:#}\n{stderr}");
        assert_eq!(report["command"], args[0]);
        assert_eq!(report["verdict"], "AC", "{args:?}: {report:#}");
        report
    }

    /// Runs the judge expecting an error of the kit; returns stderr.
    pub fn error(&self, args: &[&str]) -> String {
        let (code, stdout, stderr) = self.judge(args);
        assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
        assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
        stderr
    }

    /// Every file of the kit and its bytes.
    pub fn snapshot(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        walkdir::WalkDir::new(&self.dir)
            .into_iter()
            .map(Result::unwrap)
            .filter(|e| e.file_type().is_file())
            .map(|e| (e.path().to_path_buf(), std::fs::read(e.path()).unwrap()))
            .collect()
    }
}
