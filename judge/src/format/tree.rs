//! A package being assembled: every file by its path in the package, in a
//! fixed order, then written out as a folder or a zip in one step.
//!
//! Nothing is written until the whole package is assembled, and then only
//! beside the destination: a folder is built under a temporary name and
//! renamed into place, a zip is written to a temporary file and renamed. So
//! an export that fails leaves nothing half-written, and the same package
//! gives the same bytes every time (zip entries in path order, with a fixed
//! time and fixed permissions).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use zip::write::SimpleFileOptions;

use crate::base::fsutil;

/// A package written whole under a temporary name beside its place
/// ([`Tree::stage`]); removed if dropped unpublished.
pub enum Staged {
    File(tempfile::NamedTempFile),
    Folder(tempfile::TempDir),
}

impl Staged {
    /// Where it is now.
    pub fn path(&self) -> &Path {
        match self {
            Staged::File(file) => file.path(),
            Staged::Folder(dir) => dir.path(),
        }
    }

    /// Moves it to `out` in one step (a folder: onto nothing; the caller
    /// removes what was there).
    pub fn publish(self, out: &Path) -> Result<()> {
        match self {
            Staged::File(file) => fsutil::persist(file, out)?,
            Staged::Folder(dir) => {
                let built = dir.keep();
                std::fs::rename(&built, out).map_err(|e| {
                    let _ = std::fs::remove_dir_all(&built);
                    fsutil::naming(out, e)
                })?;
            }
        }
        Ok(())
    }
}

/// Where a file's bytes come from.
#[derive(Clone, Debug)]
enum Content {
    Bytes(Vec<u8>),
    /// A file of the kit, copied as it is when the package is written.
    File(PathBuf),
}

#[derive(Clone, Debug)]
struct Entry {
    content: Content,
    executable: bool,
}

/// The files of a package, by path (`/`-separated, relative).
#[derive(Clone, Debug, Default)]
pub struct Tree {
    entries: BTreeMap<String, Entry>,
}

impl Tree {
    fn insert(&mut self, path: &str, content: Content, executable: bool) -> Result<()> {
        if path.is_empty()
            || path.starts_with('/')
            || path.split('/').any(|p| p == ".." || p.is_empty())
        {
            bail!("a package path must be relative and plain: `{path}`");
        }
        let entry = Entry {
            content,
            executable,
        };
        if self.entries.insert(path.to_string(), entry).is_some() {
            bail!("the package would hold `{path}` twice");
        }
        Ok(())
    }

    /// Adds a text file.
    pub fn text(&mut self, path: &str, text: impl Into<String>) -> Result<()> {
        self.insert(path, Content::Bytes(text.into().into_bytes()), false)
    }

    /// Adds a file of `bytes`.
    pub fn bytes(&mut self, path: &str, bytes: Vec<u8>) -> Result<()> {
        self.insert(path, Content::Bytes(bytes), false)
    }

    /// Adds an executable script.
    pub fn script(&mut self, path: &str, text: impl Into<String>) -> Result<()> {
        self.insert(path, Content::Bytes(text.into().into_bytes()), true)
    }

    /// Adds a copy of the kit's file `source`.
    pub fn file(&mut self, path: &str, source: &Path) -> Result<()> {
        if !source.is_file() {
            bail!("{}: no such file to put in the package", source.display());
        }
        self.insert(path, Content::File(source.to_path_buf()), false)
    }

    /// Adds a copy of the kit's program `source`, executable.
    pub fn program(&mut self, path: &str, source: &Path) -> Result<()> {
        if !source.is_file() {
            bail!(
                "{}: no such program to put in the package",
                source.display()
            );
        }
        self.insert(path, Content::File(source.to_path_buf()), true)
    }

    /// Adds every file of `other` under `prefix` (`name/`).
    pub fn nest(&mut self, prefix: &str, other: Tree) -> Result<()> {
        for (path, entry) in other.entries {
            self.insert(&format!("{prefix}{path}"), entry.content, entry.executable)?;
        }
        Ok(())
    }

    /// The paths, in order.
    pub fn paths(&self) -> impl Iterator<Item = &str> {
        self.entries.keys().map(String::as_str)
    }

    /// The bytes of the file at `path`, if the package holds it.
    pub fn read(&self, path: &str) -> Option<Result<Vec<u8>>> {
        self.entries.get(path).map(|e| read(&e.content))
    }

    /// Returns true if and only if the file at `path` is executable.
    pub fn is_executable(&self, path: &str) -> bool {
        self.entries.get(path).is_some_and(|e| e.executable)
    }

    /// Writes the package to `out`: a zip if its name ends in `.zip`, else
    /// a folder, readable by everyone (a judge's importer may run as
    /// another user). `out` must not exist (the caller decides about
    /// replacing).
    pub fn write(&self, out: &Path) -> Result<()> {
        self.stage(out)?.publish(out)
    }

    /// Writes the package beside `out`, under a temporary name, whole; it
    /// becomes `out` by [`Staged::publish`].
    pub fn stage(&self, out: &Path) -> Result<Staged> {
        use std::os::unix::fs::PermissionsExt;
        let readable = |path: &Path, mode: u32| {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
                .map_err(|e| fsutil::naming(path, e))
        };
        let parent = match out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        fsutil::create_dir_all(&parent)?;
        fsutil::remove_abandoned(&parent, 1);
        if is_zip(out) {
            let tmp = fsutil::temp_file_in(&parent)?;
            self.write_zip(tmp.as_file())
                .with_context(|| format!("cannot write {}", out.display()))?;
            // A temporary file is the owner's alone.
            readable(tmp.path(), 0o644)?;
            Ok(Staged::File(tmp))
        } else {
            let tmp = tempfile::Builder::new()
                .prefix(&format!("{}package-", fsutil::temp_prefix()))
                .tempdir_in(&parent)
                .map_err(|e| fsutil::naming(&parent, e))?;
            self.write_dir(tmp.path())
                .with_context(|| format!("cannot write {}", out.display()))?;
            readable(tmp.path(), 0o755)?;
            Ok(Staged::Folder(tmp))
        }
    }
    fn write_dir(&self, root: &Path) -> Result<()> {
        use std::os::unix::fs::PermissionsExt;
        for (path, entry) in &self.entries {
            let target = root.join(path);
            if let Some(dir) = target.parent() {
                fsutil::create_dir_all(dir)?;
            }
            match &entry.content {
                Content::Bytes(bytes) => std::fs::write(&target, bytes),
                Content::File(source) => std::fs::copy(source, &target).map(drop),
            }
            .map_err(|e| fsutil::naming(&target, e))?;
            let mode = if entry.executable { 0o755 } else { 0o644 };
            std::fs::set_permissions(&target, std::fs::Permissions::from_mode(mode))
                .map_err(|e| fsutil::naming(&target, e))?;
        }
        Ok(())
    }

    fn write_zip(&self, file: &File) -> Result<()> {
        let mut zip = zip::ZipWriter::new(BufWriter::new(file));
        for (path, entry) in &self.entries {
            // A fixed time (the zip epoch) and fixed permissions: the same
            // package is the same bytes.
            let options = SimpleFileOptions::default()
                .compression_method(zip::CompressionMethod::Deflated)
                .last_modified_time(zip::DateTime::default())
                .unix_permissions(if entry.executable { 0o755 } else { 0o644 });
            zip.start_file(path.as_str(), options)?;
            match &entry.content {
                Content::Bytes(bytes) => zip.write_all(bytes)?,
                Content::File(source) => {
                    let mut f = File::open(source).map_err(|e| fsutil::naming(source, e))?;
                    std::io::copy(&mut f, &mut zip).map_err(|e| fsutil::naming(source, e))?;
                }
            }
        }
        zip.finish()?.flush()?;
        Ok(())
    }
}

fn read(content: &Content) -> Result<Vec<u8>> {
    match content {
        Content::Bytes(bytes) => Ok(bytes.clone()),
        Content::File(path) => {
            let mut bytes = Vec::new();
            File::open(path)
                .and_then(|mut f| f.read_to_end(&mut bytes))
                .map_err(|e| fsutil::naming(path, e))?;
            Ok(bytes)
        }
    }
}

/// Returns true if and only if `path` names a zip (by its extension).
pub fn is_zip(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("zip"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(dir: &Path) -> Tree {
        let source = dir.join("source.txt");
        std::fs::write(&source, "copied\n").unwrap();
        let mut tree = Tree::default();
        tree.text("b/second.txt", "two\n").unwrap();
        tree.text("a.txt", "one\n").unwrap();
        tree.file("c/copy.txt", &source).unwrap();
        tree.script("run", "#!/bin/sh\n").unwrap();
        tree
    }

    #[test]
    fn the_same_tree_gives_the_same_zip() {
        let dir = tempfile::tempdir().unwrap();
        let tree = sample(dir.path());
        tree.write(&dir.path().join("one.zip")).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(1100));
        tree.write(&dir.path().join("two.zip")).unwrap();
        let one = std::fs::read(dir.path().join("one.zip")).unwrap();
        assert_eq!(one, std::fs::read(dir.path().join("two.zip")).unwrap());
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(one)).unwrap();
        let names: Vec<String> = zip.file_names().map(|n| n.unwrap().into_owned()).collect();
        assert_eq!(names, ["a.txt", "b/second.txt", "c/copy.txt", "run"]);
        assert_eq!(zip.by_name("run").unwrap().unix_mode(), Some(0o100755));
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir.path().join("one.zip"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o644, "everyone reads the zip");
    }

    #[test]
    fn folders_hold_every_file_with_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out");
        sample(dir.path()).write(&out).unwrap();
        assert_eq!(
            std::fs::read_to_string(out.join("c/copy.txt")).unwrap(),
            "copied\n"
        );
        let mode = std::fs::metadata(out.join("run"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o755);
        let mode = std::fs::metadata(&out).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o755, "everyone enters the folder");
        // Nothing else is left beside it.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[test]
    fn bad_paths_and_twice_the_same_path_are_errors() {
        let mut tree = Tree::default();
        assert!(tree.text("../up", "").is_err());
        assert!(tree.text("/abs", "").is_err());
        assert!(tree.text("a//b", "").is_err());
        tree.text("a", "").unwrap();
        let err = tree.text("a", "").unwrap_err().to_string();
        assert!(err.contains("twice"), "{err}");
        let err = tree
            .file("x", Path::new("/no/such/file"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("/no/such/file"), "{err}");
    }
}
