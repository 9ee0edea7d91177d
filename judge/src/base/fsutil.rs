//! File-system helpers: atomic writes, content hashes, directory walks.
//! Every error names the file or folder it is about.

use std::ffi::OsStr;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use tempfile::NamedTempFile;
use walkdir::WalkDir;

use crate::base::suggest;

/// An I/O error that names `path`.
pub fn naming(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// What to say of `path`, which does not exist: the first part of it that
/// is missing, and the name beside it that it was likely meant to be
/// (``solutions/sum/acepted does not exist (did you mean `accepted`?)``).
pub fn not_found(path: &Path) -> String {
    let missing = (path.ancestors())
        .take_while(|p| !p.as_os_str().is_empty() && !p.exists())
        .last()
        .unwrap_or(path);
    let parent = missing.parent().filter(|p| !p.as_os_str().is_empty());
    let siblings: Vec<String> = std::fs::read_dir(parent.unwrap_or(Path::new(".")))
        .map(|entries| entries.flatten().map(|e| file_name(&e.path())).collect())
        .unwrap_or_default();
    let hint = suggest::did_you_mean(&file_name(missing), siblings.iter().map(String::as_str))
        .map(|hint| format!(" ({hint})"))
        .unwrap_or_default();
    format!("{} does not exist{hint}", missing.display())
}

/// What to say of the text file `path` if it has Windows line ends
/// (CRLF), which a validator written for judges rejects, and what to do.
pub fn windows_line_ends(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    memchr::memmem::find(&bytes, b"\r\n")?;
    let shown = path.display();
    Some(format!(
        "{shown} has Windows line ends (CRLF), which validators reject: save it with Unix \
         line ends (LF), e.g. `sed -i 's/\\r$//' {shown}` or `dos2unix {shown}`"
    ))
}

/// Creates `dir` and its parents.
pub fn create_dir_all(dir: &Path) -> io::Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| {
        io::Error::new(
            e.kind(),
            format!("cannot create the folder {}: {e}", dir.display()),
        )
    })
}

/// What the name of every temporary file or folder of this process holds
/// (after a name of its own, if any): `.tmp-<pid>-`, so that one left by a
/// process that was killed can be told from one being written
/// ([`remove_abandoned`]).
pub fn temp_prefix() -> String {
    format!(".tmp-{}-", rustix::process::getpid().as_raw_nonzero())
}

/// A temporary file in `dir` (so that renaming it into place is atomic);
/// it is removed if dropped before [`NamedTempFile::persist`].
pub fn temp_file_in(dir: &Path) -> io::Result<NamedTempFile> {
    tempfile::Builder::new()
        .prefix(&temp_prefix())
        .tempfile_in(dir)
        .map_err(|e| naming(dir, e))
}

/// Removes the temporary files and folders ([`temp_prefix`]) under `dir`,
/// down to `depth` levels, whose process is gone: what a judge killed in
/// the middle of a write left. Those of a live process are left alone, so
/// this is safe while other judge runs write.
pub fn remove_abandoned(dir: &Path, depth: usize) {
    let mut walk = WalkDir::new(dir).min_depth(1).max_depth(depth).into_iter();
    while let Some(Ok(entry)) = walk.next() {
        let name = entry.file_name().to_string_lossy();
        let Some((_, after)) = name.split_once(".tmp-") else {
            continue;
        };
        if entry.file_type().is_dir() {
            walk.skip_current_dir();
        }
        let owner = after
            .split_once('-')
            .and_then(|(pid, _)| pid.parse::<u32>().ok());
        if owner.is_some_and(|pid| !Path::new(&format!("/proc/{pid}")).exists()) {
            let _ = match entry.file_type().is_dir() {
                true => std::fs::remove_dir_all(entry.path()),
                false => std::fs::remove_file(entry.path()),
            };
        }
    }
}

/// Moves a finished temporary file to `path` in one step.
pub fn persist(file: NamedTempFile, path: &Path) -> io::Result<()> {
    file.persist(path)
        .map(drop)
        .map_err(|e| naming(path, e.error))
}

/// Whether two files hold the same bytes (false if either cannot be read).
pub fn same_bytes(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(ma), Ok(mb)) if ma.len() == mb.len() => {
            matches!((std::fs::read(a), std::fs::read(b)), (Ok(x), Ok(y)) if x == y)
        }
        _ => false,
    }
}

/// Writes `bytes` to `path` so that readers see the old file or the whole
/// new one, never a part: write a temporary file beside it, then rename it.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_with_mode(path, bytes, None)
}

/// Writes a file meant for people (a page, a PDF) like [`write_atomic`],
/// but readable by everyone, as files made by hand are (a temporary file
/// is private).
pub fn publish(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_with_mode(path, bytes, Some(0o644))
}

/// [`write_atomic`], the file given `mode` before it appears (else it keeps
/// the temporary file's private mode).
fn write_with_mode(path: &Path, bytes: &[u8], mode: Option<u32>) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    // The new file takes the old one's place by a rename, which would put
    // a file where a device (`/dev/null`), a pipe or a link was.
    if let Ok(meta) = std::fs::symlink_metadata(path)
        && !meta.is_file()
    {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: not a regular file, and the kit writes only files (it replaces them whole)",
                path.display()
            ),
        ));
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut file = temp_file_in(dir)?;
    file.write_all(bytes).map_err(|e| naming(file.path(), e))?;
    if let Some(mode) = mode {
        let permissions = std::fs::Permissions::from_mode(mode);
        std::fs::set_permissions(file.path(), permissions).map_err(|e| naming(file.path(), e))?;
    }
    persist(file, path)
}

/// Holds an exclusive lock on the file `path` (made if missing) until the
/// returned file is dropped or the process ends; calls `waiting` first if
/// another process holds it.
pub fn lock(path: &Path, waiting: impl FnOnce()) -> io::Result<std::fs::File> {
    let file = std::fs::File::create(path).map_err(|e| naming(path, e))?;
    match file.try_lock() {
        Ok(()) => {}
        Err(std::fs::TryLockError::WouldBlock) => {
            waiting();
            file.lock().map_err(|e| naming(path, e))?;
        }
        Err(std::fs::TryLockError::Error(e)) => return Err(naming(path, e)),
    }
    Ok(file)
}

/// Gives every file under `dir`, and `dir`, to the owner of the folder
/// that holds it (one this process made), not writable by others.
pub fn own_tree(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let parent = dir.parent().unwrap_or(Path::new("."));
    let owner = std::fs::metadata(parent).map_err(|e| naming(parent, e))?;
    let (uid, gid) = (owner.uid(), owner.gid());
    for entry in WalkDir::new(dir) {
        let entry = entry.map_err(walk_error)?;
        let path = entry.path();
        // Not through links: a link the compiler left must not redirect.
        std::os::unix::fs::lchown(path, Some(uid), Some(gid)).map_err(|e| naming(path, e))?;
        if !entry.path_is_symlink() {
            let mode = entry.metadata().map_err(walk_error)?.permissions().mode();
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode & !0o022))
                .map_err(|e| naming(path, e))?;
        }
    }
    Ok(())
}

/// The blake3 hash of a file's content, as hex.
pub fn hash_file(path: &Path) -> io::Result<String> {
    let file = std::fs::File::open(path).map_err(|e| naming(path, e))?;
    let mut hasher = blake3::Hasher::new();
    hasher.update_reader(file).map_err(|e| naming(path, e))?;
    Ok(hasher.finalize().to_hex().to_string())
}

/// A cheap fingerprint of a file: its size and modification time.
pub fn stamp(path: &Path) -> Option<(u64, u128)> {
    let meta = std::fs::metadata(path).ok()?;
    let modified = meta
        .modified()
        .ok()?
        .duration_since(UNIX_EPOCH)
        .ok()?
        .as_nanos();
    Some((meta.len(), modified))
}

/// A walk's error as an I/O error that names the path.
pub fn walk_error(e: walkdir::Error) -> io::Error {
    let path = e.path().map(Path::to_path_buf).unwrap_or_default();
    let kind = e.io_error().map_or(io::ErrorKind::Other, io::Error::kind);
    io::Error::new(kind, format!("{}: cannot read: {e}", path.display()))
}

/// Every file under `dir`, recursively and sorted, skipping `target`
/// folders. An entry that cannot be read is an error, not a silent gap.
pub fn files_under(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let walk = WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !(e.file_type().is_dir() && e.file_name() == "target"));
    for entry in walk {
        let entry = entry.map_err(walk_error)?;
        if entry.file_type().is_file() {
            files.push(entry.into_path());
        }
    }
    Ok(files)
}

/// Whether `path` is a file that may be executed.
pub fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The files directly in `dir`, sorted by name; none if `dir` does not
/// exist. An entry that cannot be read is an error.
pub fn files_in(dir: &Path) -> io::Result<Vec<PathBuf>> {
    if !dir.exists() {
        return Ok(Vec::new());
    }
    let mut files = Vec::new();
    for entry in WalkDir::new(dir).min_depth(1).max_depth(1) {
        let entry = entry.map_err(walk_error)?;
        if entry.file_type().is_file() {
            files.push(entry.into_path());
        }
    }
    // Each name is taken once: comparing paths parses them every time,
    // which cost a no-op build of 1000 tests 10% of its instructions.
    files.sort_by_cached_key(|p| p.file_name().map(OsStr::to_os_string));
    Ok(files)
}

/// `path` (relative) with `.` and `..` resolved, or `None` if it climbs
/// out of the folder it is relative to (or is absolute).
pub fn within(path: &Path) -> Option<PathBuf> {
    use std::path::Component;
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => out.push(part),
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

/// The last part of `path`, as text ("" for none).
pub fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// `path` with its longest existing part resolved (symlinks, `..`), the
/// rest as written: where it is, or would be once made.
pub fn resolved(path: &Path) -> PathBuf {
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    for existing in path.ancestors() {
        if let Ok(real) = existing.canonicalize() {
            let rest = path.strip_prefix(existing).unwrap_or(Path::new(""));
            return real.join(rest);
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_whole_files() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
        assert_eq!(
            hash_file(&path).unwrap(),
            blake3::hash(b"two").to_hex().to_string()
        );
    }

    #[test]
    fn only_what_dead_processes_left_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        // No process has a pid above the kernel's largest (2^22).
        let dead = ".tmp-999999999-";
        let kept = [
            format!("{}a", temp_prefix()),
            "x.tmp-notapid-b".to_string(),
            "problem.toml".to_string(),
            format!("deep/er/still/{dead}c"),
        ];
        let gone = [format!("{dead}d"), format!("p/tests/{dead}e")];
        for name in kept.iter().chain(&gone) {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        let folder = dir.path().join(format!("gcc-1{dead}f"));
        std::fs::create_dir_all(folder.join("build")).unwrap();
        std::fs::write(folder.join("build/run"), "").unwrap();
        remove_abandoned(dir.path(), 3);
        for name in &kept {
            assert!(dir.path().join(name).exists(), "{name} was removed");
        }
        for name in &gone {
            assert!(!dir.path().join(name).exists(), "{name} is left");
        }
        assert!(!folder.exists());
    }

    #[test]
    fn walks_are_sorted_and_skip_target() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["b/x.rs", "a.rs", "target/debug/y", "c/target/z"] {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, "").unwrap();
        }
        let names: Vec<String> = files_under(dir.path())
            .unwrap()
            .iter()
            .map(|p| p.strip_prefix(dir.path()).unwrap().display().to_string())
            .collect();
        assert_eq!(names, ["a.rs", "b/x.rs"]);
        let top: Vec<PathBuf> = files_in(dir.path()).unwrap();
        assert_eq!(top, [dir.path().join("a.rs")]);
        assert!(files_in(&dir.path().join("missing")).unwrap().is_empty());
    }

    #[test]
    fn errors_name_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("plain");
        std::fs::write(&file, "").unwrap();
        let err = create_dir_all(&file.join("sub")).unwrap_err().to_string();
        assert!(err.contains("plain/sub"), "{err}");
        let err = hash_file(&dir.path().join("none")).unwrap_err().to_string();
        assert!(err.contains("none"), "{err}");
    }

    #[test]
    fn only_a_regular_file_is_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("/dev/null", &link).unwrap();
        for path in [link.as_path(), dir.path()] {
            let error = write_atomic(path, b"x").unwrap_err().to_string();
            assert!(error.contains("not a regular file"), "{error}");
        }
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        let file = dir.path().join("file");
        write_atomic(&file, b"one").unwrap();
        write_atomic(&file, b"two").unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"two");
    }
}
