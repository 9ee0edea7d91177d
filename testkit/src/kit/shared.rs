//! Where a kit that every user must reach lies, and the judge binary
//! every user may run: for the tests that hand a kit to another user
//! (`Kit::give_to`).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::paths;

/// Returns true if and only if every user may pass through `dir` and the
/// folders above it.
pub(super) fn searchable(dir: &Path) -> bool {
    dir.ancestors()
        .all(|d| std::fs::metadata(d).is_ok_and(|m| m.permissions().mode() & 0o001 != 0))
}

/// Where the kits every user must reach go: the target folder's `tmp/`
/// (cargo's `CARGO_TARGET_TMPDIR`) if every user can reach it, else the
/// system's temporary folder.
pub(super) fn shared_base() -> PathBuf {
    let target = paths::target().join("tmp");
    std::fs::create_dir_all(&target).unwrap();
    let base = if searchable(&target) {
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
pub(super) fn judge_binary() -> PathBuf {
    let built = paths::judge();
    if searchable(built.parent().unwrap()) {
        return built;
    }
    static COPY: OnceLock<PathBuf> = OnceLock::new();
    COPY.get_or_init(|| {
        let copy = judge_copy();
        std::fs::copy(&built, &copy).unwrap();
        std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o755)).unwrap();
        // Removed when the tests end, not when one test does: the tests
        // that use it run side by side.
        // SAFETY: registers a function that takes no argument.
        unsafe { libc::atexit(remove_judge_copy) };
        copy
    })
    .clone()
}

/// Removes the copy of the judge binary [`judge_binary`] may have made.
extern "C" fn remove_judge_copy() {
    let _ = std::fs::remove_file(judge_copy());
}
