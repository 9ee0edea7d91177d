//! Files the tests write and read back whole: a file written with its
//! folders, every file under a folder and its bytes, what an interrupted
//! write leaves, a folder copied.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Writes `text` to `path`, making its folders.
pub fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// Every file under `dir` and its bytes, by its path under `dir`,
/// temporary ones too.
pub fn every(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    read_under(dir, |_| true)
}

/// Every file under `dir` and its bytes, by its path under `dir`, but the
/// temporary ones (`.tmp-`: an interrupted write's, never read).
pub fn contents(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    read_under(dir, |name| !name.contains(".tmp-"))
}

/// The files under `dir` whose path under it `keep` keeps, and their bytes.
/// Names are chosen before any file is read: a temporary file may be gone
/// by then.
fn read_under(dir: &Path, keep: impl Fn(&str) -> bool) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| {
            let rel = e.path().strip_prefix(dir).unwrap().display().to_string();
            keep(&rel).then(|| (rel, std::fs::read(e.path()).unwrap()))
        })
        .collect()
}

/// The inputs and answers of the built tests under `dir` (their records
/// hold times).
pub fn built_tests(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut all = contents(dir);
    all.retain(|name, _| name.ends_with(".in") || name.ends_with(".ans"));
    all
}

/// Files an interrupted or failed write would leave: temporary files
/// (`.tmp-*`, `*.tmp-*`) anywhere under `dir`.
pub fn leftovers(dir: &Path) -> Vec<PathBuf> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".tmp-"))
        .map(|e| e.into_path())
        .collect()
}

/// Copies the folder (or file) `from` to `to`, files and folders, each
/// file keeping its modification time (the judge's identity memos and
/// build records know files by it); nothing if `from` is missing.
pub fn copy_folder(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from).into_iter().flatten() {
        let inside = entry.path().strip_prefix(from).unwrap();
        let target = match inside.as_os_str().is_empty() {
            true => to.to_path_buf(),
            false => to.join(inside),
        };
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).unwrap();
            continue;
        }
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::fs::copy(entry.path(), &target).unwrap();
        let modified = entry.metadata().unwrap().modified().unwrap();
        let file = std::fs::File::options().write(true).open(&target).unwrap();
        file.set_modified(modified).unwrap();
    }
}
