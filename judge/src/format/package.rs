//! Reading a package: a folder or a zip, as a map from each file's path in
//! the package (`data/secret/1.in`, `/`-separated) to its bytes on disk.
//!
//! A zip is unpacked into a private folder first. Nothing may reach out of
//! the package: a zip entry whose path leaves its root (`../x`, `/etc/x`),
//! a symlink whose target lies outside the package, and a file larger than
//! any test a judge takes are errors naming the file.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Context, Result, bail};

use crate::base::fsutil;

/// The largest file a package may hold: no judge takes a bigger test.
pub const MAX_FILE: u64 = 1 << 30;

/// The folders a format keeps its tests in (ICPC's `data/`, Polygon's
/// `tests/`, Hydro's `testdata/`): a package holding one alone is that
/// package, not its content.
const TEST_FOLDERS: [&str; 3] = ["data", "tests", "testdata"];

/// A package's files.
pub struct Package {
    /// What the user named (the folder or the zip), for messages.
    pub shown: PathBuf,
    /// The folder its paths are relative to.
    root: PathBuf,
    /// Every regular file, by its path in the package.
    files: BTreeMap<String, PathBuf>,
    /// The unpacked zip, removed when the package is dropped.
    unpacked: Option<tempfile::TempDir>,
    /// The files read as text: the ones the reader interpreted (its
    /// metadata, descriptions), which the import report counts as used.
    interpreted: Mutex<BTreeSet<String>>,
    /// How messages name its files, for a tree the kit made from a
    /// package (`made_in`): that package's prefix.
    named_as: Option<String>,
}

impl Package {
    /// Opens the folder or zip at `path`. A package whose only entry is a
    /// folder (a zip of `problem/`) is that folder, unless the folder is
    /// one a format keeps its tests in ([`TEST_FOLDERS`]: a Hydro problem
    /// of `testdata/` alone).
    pub fn open(path: &Path) -> Result<Package> {
        let (root, unpacked) = if path.is_dir() {
            (path.to_path_buf(), None)
        } else if path.is_file() {
            let dir = tempfile::Builder::new()
                .prefix("judge-import-")
                .tempdir()
                .context("cannot make a folder to unpack the zip in")?;
            unzip(path, dir.path())?;
            (dir.path().to_path_buf(), Some(dir))
        } else {
            bail!("{}: no such folder or zip", path.display());
        };
        let mut root = root.canonicalize().map_err(|e| fsutil::naming(&root, e))?;
        loop {
            let entries: Vec<_> = std::fs::read_dir(&root)
                .map_err(|e| fsutil::naming(&root, e))?
                .flatten()
                .collect();
            match entries.as_slice() {
                [only]
                    if only.file_type().is_ok_and(|t| t.is_dir())
                        && !TEST_FOLDERS.iter().any(|f| only.file_name() == *f) =>
                {
                    root = only.path()
                }
                _ => break,
            }
        }
        let files = walk(path, &root)?;
        Ok(Package {
            shown: path.to_path_buf(),
            root,
            files,
            unpacked,
            interpreted: Mutex::default(),
            named_as: None,
        })
    }

    /// The files of `dir`, a tree the kit made from this package (the
    /// `data/` its own script lays out), named in messages as this
    /// package's files.
    pub fn made_in(&self, dir: &Path) -> Result<Package> {
        let root = dir.canonicalize().map_err(|e| fsutil::naming(dir, e))?;
        Ok(Package {
            shown: self.shown.clone(),
            files: walk(dir, &root)?,
            root,
            unpacked: None,
            named_as: Some(self.shown("")),
            interpreted: Mutex::default(),
        })
    }

    /// The package's own name: its (innermost) folder's, or the zip's stem.
    pub fn name(&self) -> String {
        let inner = self.root.file_name().unwrap_or_default().to_string_lossy();
        match self.unpacked.as_ref().map(|d| d.path() == self.root) {
            Some(true) => self.shown.file_stem().unwrap_or_default().to_string_lossy(),
            _ => inner,
        }
        .into_owned()
    }

    /// The string at `key` of the YAML file `file`, if both are there.
    pub fn yaml_key(&self, file: &str, key: &str) -> Result<Option<String>> {
        if !self.has(file) {
            return Ok(None);
        }
        let docs = yaml_rust2::YamlLoader::load_from_str(&self.text(file)?)
            .with_context(|| format!("{}: not YAML", self.shown(file)))?;
        Ok(docs
            .first()
            .and_then(|d| d[key].as_str())
            .map(str::to_string))
    }

    /// Whether the package holds the file `rel`.
    pub fn has(&self, rel: &str) -> bool {
        self.files.contains_key(rel)
    }

    /// The folder its paths are relative to.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Every file, in path order.
    pub fn all(&self) -> impl Iterator<Item = &str> {
        self.files.keys().map(String::as_str)
    }

    /// Whether the package holds a file under the folder `dir`.
    pub fn has_dir(&self, dir: &str) -> bool {
        self.under(dir).next().is_some()
    }

    /// The files under the folder `dir` (at any depth), in order.
    pub fn under<'a>(&'a self, dir: &str) -> impl Iterator<Item = &'a str> + 'a {
        let prefix = format!("{}/", dir.trim_end_matches('/'));
        self.files
            .keys()
            .filter(move |k| k.starts_with(&prefix))
            .map(String::as_str)
    }

    /// `rel` as the user sees it: `pkg/data/1.in`, or `pkg.zip:data/1.in`.
    pub fn shown(&self, rel: &str) -> String {
        if let Some(prefix) = &self.named_as {
            return format!("{prefix}{rel}");
        }
        match self.unpacked {
            Some(_) => format!("{}:{rel}", self.shown.display()),
            None => self.root.join(rel).display().to_string(),
        }
    }

    /// The bytes of `rel`.
    pub fn read(&self, rel: &str) -> Result<Vec<u8>> {
        let path = self
            .files
            .get(rel)
            .with_context(|| format!("{}: no such file in the package", self.shown(rel)))?;
        std::fs::read(path).with_context(|| format!("cannot read {}", self.shown(rel)))
    }

    /// The size of `rel` in bytes, if the package holds it.
    pub fn size(&self, rel: &str) -> Option<u64> {
        let path = self.files.get(rel)?;
        std::fs::metadata(path).ok().map(|m| m.len())
    }

    /// Copies `rel` to `to` (with its permissions: a script stays
    /// executable).
    pub fn copy_to(&self, rel: &str, to: &Path) -> Result<()> {
        let from = self
            .files
            .get(rel)
            .with_context(|| format!("{}: no such file in the package", self.shown(rel)))?;
        std::fs::copy(from, to).with_context(|| format!("cannot copy {}", self.shown(rel)))?;
        Ok(())
    }

    /// The text of `rel` (UTF-8), read to be interpreted.
    pub fn text(&self, rel: &str) -> Result<String> {
        let text = String::from_utf8(self.read(rel)?)
            .with_context(|| format!("{}: expected UTF-8 text", self.shown(rel)))?;
        let mut interpreted = self.interpreted.lock().unwrap_or_else(|e| e.into_inner());
        interpreted.insert(rel.to_string());
        Ok(text)
    }

    /// Whether the file `rel` was read as text (by the reader).
    pub fn interpreted(&self, rel: &str) -> bool {
        let interpreted = self.interpreted.lock().unwrap_or_else(|e| e.into_inner());
        interpreted.contains(rel)
    }
}

/// Unpacks the zip at `path` into `dir`, entry by entry, refusing entries
/// that escape it and files larger than [`MAX_FILE`].
fn unzip(path: &Path, dir: &Path) -> Result<()> {
    let file = std::fs::File::open(path).map_err(|e| fsutil::naming(path, e))?;
    let mut zip = zip::ZipArchive::new(file)
        .with_context(|| format!("{}: not a folder, and not a zip", path.display()))?;
    for i in 0..zip.len() {
        let mut entry = zip
            .by_index(i)
            .with_context(|| format!("{}: entry {i} cannot be read", path.display()))?;
        let name = (entry.name())
            .with_context(|| format!("{}: entry {i} has no readable name", path.display()))?
            .to_string();
        let at = format!("{}:{name}", path.display());
        let Some(rel) = fsutil::within(Path::new(&name)).filter(|_| !name.starts_with('/')) else {
            bail!("{at}: the path leaves the package's root");
        };
        let target = dir.join(&rel);
        if entry.is_dir() {
            fsutil::create_dir_all(&target)?;
            continue;
        }
        if let Some(parent) = target.parent() {
            fsutil::create_dir_all(parent)?;
        }
        if entry.is_symlink() {
            let mut link = String::new();
            entry.read_to_string(&mut link)?;
            let resolved = rel.parent().unwrap_or(Path::new("")).join(&link);
            if link.starts_with('/') || fsutil::within(&resolved).is_none() {
                bail!("{at}: a symlink to {link}, outside the package");
            }
            std::os::unix::fs::symlink(&link, &target).map_err(|e| fsutil::naming(&target, e))?;
            continue;
        }
        if entry.size() > MAX_FILE {
            bail!(
                "{at}: {} bytes, more than the {} a test may have",
                entry.size(),
                MAX_FILE
            );
        }
        let mut out = std::fs::File::create(&target).map_err(|e| fsutil::naming(&target, e))?;
        let copied = std::io::copy(&mut (&mut entry).take(MAX_FILE + 1), &mut out)
            .with_context(|| format!("{at}: cannot unpack"))?;
        if copied > MAX_FILE {
            bail!("{at}: more than the {MAX_FILE} bytes a test may have");
        }
    }
    Ok(())
}

/// Every regular file under `root`, by its `/`-separated path, and under
/// each symlink to a folder; symlinks must resolve inside `root`. `shown`
/// is what the user named.
fn walk(shown: &Path, root: &Path) -> Result<BTreeMap<String, PathBuf>> {
    let mut files = BTreeMap::new();
    let entries = walkdir::WalkDir::new(root)
        .follow_links(true)
        .sort_by_file_name();
    for entry in entries {
        let entry = entry.with_context(|| format!("cannot read {}", shown.display()))?;
        let rel = entry.path().strip_prefix(root).unwrap_or(entry.path());
        let key = rel.to_string_lossy().replace('\\', "/");
        let mut path = entry.path().to_path_buf();
        if entry.path_is_symlink() {
            let target = std::fs::canonicalize(&path).ok();
            match target {
                Some(t) if t.starts_with(root) => path = t,
                _ => bail!(
                    "{}: a symlink to {}, outside the package",
                    entry.path().display(),
                    std::fs::read_link(&path)
                        .map(|l| l.display().to_string())
                        .unwrap_or_default()
                ),
            }
        }
        let meta = std::fs::metadata(&path).map_err(|e| fsutil::naming(&path, e))?;
        if !meta.is_file() {
            continue;
        }
        if meta.len() > MAX_FILE {
            bail!(
                "{}: {} bytes, more than the {MAX_FILE} a test may have",
                entry.path().display(),
                meta.len()
            );
        }
        files.insert(key, path);
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A package with `generators/y/y.py` and a symlink `f` to `y`
    /// (BAPCtools' own test problems have such), and a file beside.
    fn package_with_link(target: &Path) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let generators = dir.path().join("generators");
        std::fs::create_dir_all(generators.join("y")).unwrap();
        std::fs::write(generators.join("y/y.py"), "print(1)\n").unwrap();
        std::fs::write(dir.path().join("problem.yaml"), "name: y\n").unwrap();
        std::os::unix::fs::symlink(target, generators.join("f")).unwrap();
        dir
    }

    #[test]
    fn a_symlink_to_a_folder_inside_holds_its_files() {
        let dir = package_with_link(Path::new("y"));
        let package = Package::open(dir.path()).unwrap();
        assert!(package.has("generators/f/y.py"));
        assert!(package.has("generators/y/y.py"));
    }

    #[test]
    fn a_symlink_to_a_folder_outside_is_refused() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.in"), "1\n").unwrap();
        let dir = package_with_link(outside.path());
        let error = format!("{:#}", Package::open(dir.path()).err().unwrap());
        assert!(
            error.contains("generators/f") && error.contains("outside the package"),
            "{error}"
        );
    }
}
