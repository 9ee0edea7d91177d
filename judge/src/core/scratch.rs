//! Where runs keep their files while they run.
//!
//! Each test makes and removes a handful of files (the output, the error
//! stream, the checker's message, a working folder). On a disk file system
//! that costs more than the run itself: on ext4, allocating and freeing
//! those inodes was half of the judge's own time a test. So runs work in a
//! folder on a memory file system (`/dev/shm`, where the machine has one),
//! and only the files of a test that is kept (a failure, or every test with
//! `--keep-outputs`) are moved to the runs folder on disk afterwards.
//!
//! Runs cannot reach each other's files there: Landlock grants a run only
//! the character devices of `/dev`, not `/dev/shm`, and its own working
//! folder.

use std::io;
use std::path::{Path, PathBuf};

use tempfile::TempDir;

use crate::base::fsutil;

/// The memory file system runs work on, where there is one.
const SHARED_MEMORY: &str = "/dev/shm";

/// `statfs`'s magic number of tmpfs.
const TMPFS_MAGIC: u64 = 0x0102_1994;

/// Scratch folders start with this, then the judge's process id.
const PREFIX: &str = "judge-scratch-";

/// The judge's scratch folder on a memory file system, removed when dropped.
pub struct Scratch(TempDir);

impl Scratch {
    /// A fresh scratch folder in `/dev/shm`, if it is a memory file system
    /// this user may write; first removes those left by judges that were
    /// killed (their process is gone).
    pub fn in_memory() -> Option<Scratch> {
        let root = Path::new(SHARED_MEMORY);
        let stat = rustix::fs::statfs(root).ok()?;
        if stat.f_type as u64 != TMPFS_MAGIC {
            return None;
        }
        sweep(root);
        let dir = tempfile::Builder::new()
            .prefix(&format!(
                "{PREFIX}{}-",
                rustix::process::getpid().as_raw_nonzero()
            ))
            .tempdir_in(root)
            .ok()?;
        // Runs as `nobody` reach their working folders through it: they
        // may pass, not list.
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o711)).ok()?;
        Some(Scratch(dir))
    }

    pub fn path(&self) -> &Path {
        self.0.path()
    }
}

/// Removes the scratch folders of judges no longer running (killed before
/// they could remove theirs), of this user.
fn sweep(root: &Path) {
    use std::os::unix::fs::MetadataExt;
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    let uid = rustix::process::geteuid().as_raw();
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = (name.to_str())
            .and_then(|n| n.strip_prefix(PREFIX))
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        let ours = entry.metadata().is_ok_and(|m| m.is_dir() && m.uid() == uid);
        if ours && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Where a solution's tests run, and where what is kept of them goes.
#[derive(Clone, Copy, Debug)]
pub struct Place<'a> {
    /// The runs' files while they run.
    pub scratch: &'a Path,
    /// The runs folder the user reads: the files of a kept test end here.
    pub kept: &'a Path,
}

impl<'a> Place<'a> {
    /// Runs work and keep their files in `dir` itself.
    pub fn at(dir: &'a Path) -> Place<'a> {
        Place {
            scratch: dir,
            kept: dir,
        }
    }

    /// The path `<name>.<ext>` has while the test runs.
    pub fn scratch_file(&self, name: &str, ext: &str) -> PathBuf {
        self.scratch.join(format!("{name}.{ext}"))
    }

    /// The path `<name>.<ext>` has once kept.
    pub fn kept_file(&self, name: &str, ext: &str) -> PathBuf {
        self.kept.join(format!("{name}.{ext}"))
    }

    /// Moves the files (or folders) `<name>.<ext>` that exist to the kept
    /// folder; the first that cannot be moved is the error.
    pub fn keep(&self, name: &str, exts: &[&str]) -> io::Result<()> {
        if self.scratch == self.kept {
            return Ok(());
        }
        for ext in exts {
            let from = self.scratch_file(name, ext);
            if from.symlink_metadata().is_ok() {
                move_across(&from, &self.kept_file(name, ext))?;
            }
        }
        Ok(())
    }

    /// Removes the files (or folders) `<name>.<ext>` of a test that is not
    /// kept (so nothing of it was moved).
    pub fn forget(&self, name: &str, exts: &[&str]) {
        for ext in exts {
            let path = self.scratch_file(name, ext);
            if let Err(e) = std::fs::remove_file(&path)
                && e.kind() != io::ErrorKind::NotFound
            {
                let _ = std::fs::remove_dir_all(&path);
            }
        }
    }
}

/// Moves `from` to `to`, on another file system by copying; a folder
/// with what it holds.
fn move_across(from: &Path, to: &Path) -> io::Result<()> {
    if std::fs::rename(from, to).is_ok() {
        return Ok(());
    }
    fn naming(path: &Path) -> impl FnOnce(io::Error) -> io::Error + '_ {
        move |e| fsutil::naming(path, e)
    }
    if from.is_dir() {
        let _ = std::fs::remove_dir_all(to);
        fsutil::create_dir_all(to)?;
        for entry in std::fs::read_dir(from).map_err(naming(from))? {
            let entry = entry.map_err(naming(from))?;
            move_across(&entry.path(), &to.join(entry.file_name()))?;
        }
        std::fs::remove_dir(from).map_err(naming(from))
    } else {
        if let Err(e) = std::fs::copy(from, to) {
            // Cut short (a full disk): no half of an output is kept.
            let _ = std::fs::remove_file(to);
            return Err(naming(to)(e));
        }
        std::fs::remove_file(from).map_err(naming(from))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_test_moves_its_files_and_folders_across_file_systems() {
        let Some(scratch) = Scratch::in_memory() else {
            eprintln!("no memory file system here: nothing to move across");
            return;
        };
        let disk = tempfile::tempdir().unwrap();
        let place = Place {
            scratch: scratch.path(),
            kept: disk.path(),
        };
        std::fs::write(place.scratch_file("07", "out"), "42\n").unwrap();
        let feedback = place.scratch_file("07", "feedback");
        std::fs::create_dir(&feedback).unwrap();
        std::fs::write(feedback.join("judgemessage.txt"), "wrong\n").unwrap();
        place.keep("07", &["out", "err", "feedback"]).unwrap();
        assert_eq!(
            std::fs::read_to_string(place.kept_file("07", "out")).unwrap(),
            "42\n"
        );
        let kept = place.kept_file("07", "feedback").join("judgemessage.txt");
        assert_eq!(std::fs::read_to_string(kept).unwrap(), "wrong\n");
        assert!(!place.scratch_file("07", "out").exists());
        assert!(!feedback.exists());
        assert!(!place.kept_file("07", "err").exists());
        std::fs::write(place.scratch_file("08", "out"), "7\n").unwrap();
        std::fs::create_dir(place.scratch_file("08", "feedback")).unwrap();
        place.forget("08", &["out", "err", "feedback"]);
        assert!(!place.scratch_file("08", "out").exists());
        assert!(!place.scratch_file("08", "feedback").exists());
    }

    #[test]
    fn the_scratch_folder_is_on_a_memory_file_system_and_goes_when_dropped() {
        let Some(scratch) = Scratch::in_memory() else {
            eprintln!("no memory file system here");
            return;
        };
        let path = scratch.path().to_path_buf();
        let stat = rustix::fs::statfs(&path).unwrap();
        assert_eq!(stat.f_type as u64, TMPFS_MAGIC);
        drop(scratch);
        assert!(!path.exists());
    }

    #[test]
    fn a_killed_judges_scratch_folder_is_swept_and_a_live_ones_is_not() {
        if Scratch::in_memory().is_none() {
            return;
        }
        let root = Path::new(SHARED_MEMORY);
        // No process has this id (above the largest pid Linux gives).
        let dead = root.join(format!("{PREFIX}{}-test", 1u32 << 23));
        let live = root.join(format!(
            "{PREFIX}{}-test",
            rustix::process::getpid().as_raw_nonzero()
        ));
        for dir in [&dead, &live] {
            std::fs::create_dir_all(dir.join("inside")).unwrap();
        }
        sweep(root);
        assert!(!dead.exists());
        assert!(live.exists());
        std::fs::remove_dir_all(&live).unwrap();
    }
}
