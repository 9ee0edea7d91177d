//! A copy of this kit (every file git lists) that the judge runs in, for
//! the end-to-end tests that change the kit itself (`judge new`, `judge
//! import`) and need its cargo programs.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use super::{Home, Kit};
use crate::files::copy_folder;
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
        Kit::copy_of(dir, target, false)
    }

    /// [`Kit::copy`], given what this kit built (see [`seed`]): for a test
    /// that builds every problem of the copy (the round trip). Tests that
    /// build one problem or none would only copy its tests for nothing
    /// (measured: `judge new`'s and the losses' tests took 19 s and 25 s
    /// longer in CI).
    pub fn copy_seeded(dir: &Path, target: &Path) -> Kit {
        Kit::copy_of(dir, target, true)
    }

    fn copy_of(dir: &Path, target: &Path, seeded: bool) -> Kit {
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
        if seeded {
            seed(dir, target);
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

/// Gives the copy at `dir` (building into `target`) what this kit built,
/// as `scripts/as-normal-user` gives a user's copy: the cargo programs its
/// stamp names (built from the same sources, which the stamp hashes
/// relative to the kit), their identity memos, the build records and each
/// problem's built tests, so that the copy builds none of them again
/// (measured: the round trip's copy built the ten problems in 38 s).
/// Nothing where this kit has built nothing, or the copy's target has
/// programs of its own; taken under this kit's build lock, never half of
/// a build.
fn seed(dir: &Path, target: &Path) {
    let (root, work) = (paths::root(), paths::target().join("judge"));
    let stamp = work.join("cargo.stamp");
    if !stamp.is_file() {
        return;
    }
    let lock = std::fs::File::open(work.join("build.lock")).ok();
    // SAFETY: flock on a descriptor we own; released when it is closed.
    let locked = lock.as_ref().is_some_and(|f| {
        use std::os::fd::AsRawFd;
        unsafe { libc::flock(f.as_raw_fd(), libc::LOCK_EX) == 0 }
    });
    if !locked {
        return;
    }
    for problem in std::fs::read_dir(root.join("problems")).unwrap().flatten() {
        let tests = problem.path().join("tests");
        copy_folder(
            &tests,
            &dir.join("problems").join(problem.file_name()).join("tests"),
        );
    }
    // A target shared by several copies is seeded by the first.
    if target.join("judge/cargo.stamp").exists() {
        return;
    }
    let binaries = std::fs::read_to_string(&stamp).unwrap();
    for binary in binaries.lines().skip(1) {
        let built = paths::target().join("release").join(binary);
        copy_folder(&built, &target.join("release").join(binary));
    }
    for records in ["identities", "build"] {
        copy_folder(&work.join(records), &target.join("judge").join(records));
    }
    // Last: the stamp says the programs are there.
    copy_folder(&stamp, &target.join("judge/cargo.stamp"));
}
