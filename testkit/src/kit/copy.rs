//! A copy of this kit (every file git lists) that the judge runs in, for
//! the end-to-end tests that change the kit itself (`judge new`, `judge
//! import`) and need its cargo programs.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use super::{Home, Kit};
use crate::{paths, tools};

/// How long a run of the judge in a copy may take: a copy builds the
/// kit's cargo programs in a target folder of its own, from nothing.
const COPY_WATCHDOG: Duration = Duration::from_secs(30 * 60);

impl Kit {
    /// Copies every file git lists (tracked, or new and not ignored) into
    /// `dir`, emptied first, with the files' modification times, so that
    /// cargo sees unchanged sources as unchanged; the judge builds into
    /// `target`. The copy is kept: the test removes it, or not.
    pub fn copy(dir: &Path, target: &Path) -> Kit {
        let root = paths::root();
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
        let mut env = vec![("NO_PROGRESS".to_string(), "1".to_string())];
        // The copy builds elsewhere: testlib.h is the real kit's.
        if let Ok(header) = tools::testlib_h() {
            env.push(("TESTLIB_H".to_string(), header.display().to_string()));
        }
        Kit {
            home: Home::Kept(dir.to_path_buf()),
            target: target.to_path_buf(),
            judge_toml: std::fs::read_to_string(dir.join("judge.toml")).unwrap(),
            problem_toml: String::new(),
            user: None,
            env,
            watchdog: COPY_WATCHDOG,
        }
    }
}
