//! The kit's own checkers, validators and generators: binaries of its cargo
//! packages, built with cargo only when their sources changed.
//!
//! Two small records under `target/judge/` keep a no-op build fast: the
//! build stamp (a hash of every source the binaries are built from, then
//! the binaries built from exactly those sources) and one memo per binary
//! (its content hash, remembered with its size and time, so an unchanged
//! binary is not read again).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::base::fsutil;
use crate::model::problem::Role;
use crate::model::program::{Program, Protocol};
use sandbox::host::{self, Tool};

/// How long cargo may take to build: the first build of the kit's
/// programs compiles testlib-rs and every checker in release.
const CARGO_PATIENCE: Duration = Duration::from_secs(3600);

/// The kit's cargo packages and their binaries.
pub struct Cargo {
    /// The kit's root (the cargo workspace).
    root: PathBuf,
    /// Cargo's target directory.
    target: PathBuf,
    /// Where the stamp and memos live (`target/judge`).
    records: PathBuf,
}

impl Cargo {
    /// The workspace at `root`, built into `target`.
    pub fn new(root: &Path, target: &Path) -> Cargo {
        Cargo {
            root: root.to_path_buf(),
            target: target.to_path_buf(),
            records: target.join("judge"),
        }
    }

    /// The folder of the binaries.
    fn bin_dir(&self) -> PathBuf {
        self.target.join("release")
    }

    /// A hash of every file the binaries are built from.
    fn sources_hash(&self) -> Result<String> {
        let mut sources = vec![
            self.root.join("Cargo.toml"),
            self.root.join("Cargo.lock"),
            self.root.join("testlib/Cargo.toml"),
        ];
        sources.extend(fsutil::files_under(&self.root.join("testlib/src"))?);
        for role in Role::ALL {
            sources.extend(fsutil::files_under(&self.root.join(role.package()))?);
        }
        let mut hasher = blake3::Hasher::new();
        for file in &sources {
            // Relative to the kit: a kit copied or moved keeps its programs.
            let name = file.strip_prefix(&self.root).unwrap_or(file);
            hasher.update(name.to_string_lossy().as_bytes());
            hasher.update(&[0]);
            if file.exists() {
                hasher.update(fsutil::hash_file(file)?.as_bytes());
            }
        }
        Ok(hasher.finalize().to_hex().to_string())
    }

    /// Builds the named binaries unless they were built from the same
    /// sources already (`force`: build them anyway); returns how many it
    /// built. Only what the problems at hand use is built: another
    /// problem's broken generator does not stop this one.
    pub fn build(&self, binaries: &BTreeSet<String>, force: bool) -> Result<usize> {
        if binaries.is_empty() {
            return Ok(0);
        }
        let hash = self.sources_hash()?;
        // The stamp: the sources' hash, then the binaries built from them.
        let stamp = self.records.join("cargo.stamp");
        let text = std::fs::read_to_string(&stamp).unwrap_or_default();
        let mut lines = text.lines();
        let mut built: BTreeSet<String> = match lines.next() {
            Some(h) if h == hash => lines.map(str::to_string).collect(),
            _ => BTreeSet::new(),
        };
        let bin_dir = self.bin_dir();
        let missing: Vec<&String> = binaries
            .iter()
            .filter(|b| force || !built.contains(*b) || !bin_dir.join(b).is_file())
            .collect();
        if missing.is_empty() {
            return Ok(0);
        }
        let mut cmd = cargo();
        cmd.args(["build", "--release", "--quiet"])
            .current_dir(&self.root);
        for binary in &missing {
            cmd.args(["--bin", binary]);
        }
        cmd.arg("--target-dir").arg(&self.target);
        let status = host::status(&mut cmd, CARGO_PATIENCE)
            .context("cannot run cargo to build the checkers, validators and generators")?;
        if !status.success() {
            bail!("cargo could not build the checkers, validators and generators (see above)");
        }
        let count = missing.len();
        built.extend(missing.into_iter().cloned());
        fsutil::create_dir_all(&self.records)?;
        fsutil::write_atomic(&stamp, stamp_text(&hash, &built).as_bytes())?;
        Ok(count)
    }

    /// Builds the named binaries for judges that speak `protocol`: static
    /// (they run in any judge's sandbox), stripped, the protocol baked in
    /// (testlib-rs reads `TESTLIB_RS_PROTOCOL` when it is compiled).
    /// Returns the folder that holds them.
    pub fn build_for(&self, protocol: Protocol, binaries: &BTreeSet<String>) -> Result<PathBuf> {
        let triple = host_triple()?;
        let target = self.records.join("export").join(protocol.name());
        let mut cmd = cargo();
        cmd.args(["build", "--release", "--quiet", "--target", &triple])
            .arg("--target-dir")
            .arg(&target)
            .current_dir(&self.root)
            .env("TESTLIB_RS_PROTOCOL", protocol.name())
            .env(
                "RUSTFLAGS",
                format!(
                    "-C target-feature=+crt-static -C strip=symbols --remap-path-prefix={}=.",
                    self.root.display()
                ),
            );
        for binary in binaries {
            cmd.args(["--bin", binary]);
        }
        let status = host::status(&mut cmd, CARGO_PATIENCE)
            .context("cannot run cargo to build the programs for the package")?;
        if !status.success() {
            bail!("cargo could not build the programs for the package (see above)");
        }
        Ok(target.join(triple).join("release"))
    }

    /// The content hash of a binary, from its memo when the binary's size
    /// and time did not change.
    fn identity(&self, path: &Path) -> Result<String> {
        let stamp =
            fsutil::stamp(path).with_context(|| format!("{} is not built", path.display()))?;
        let memos = self.records.join("identities");
        let memo = memos.join(path.file_name().unwrap_or_default());
        let key = format!("{} {}", stamp.0, stamp.1);
        let remembered = std::fs::read_to_string(&memo)
            .ok()
            .and_then(|m| m.strip_prefix(&format!("{key} ")).map(str::to_string));
        if let Some(hash) = remembered {
            return Ok(hash);
        }
        let hash = fsutil::hash_file(path)?;
        fsutil::create_dir_all(&memos)?;
        fsutil::write_atomic(&memo, format!("{key} {hash}").as_bytes())?;
        Ok(hash)
    }

    /// The built binary `name`, ready to run.
    pub fn program(&self, name: &str) -> Result<Program> {
        let path = self.bin_dir().join(name);
        let identity = self.identity(&path)?;
        Ok(Program {
            name: name.to_string(),
            command: vec![path.into_os_string()],
            identity,
            protocol: Protocol::Testlib,
            trailing: Vec::new(),
            reads: Vec::new(),
        })
    }
}

/// The stamp: the sources' hash, then the binaries built from them, one
/// line each and every line ended (a shell's `read` skips an unended last
/// line: `scripts/as-normal-user` copies the binaries it names).
fn stamp_text(hash: &str, built: &BTreeSet<String>) -> String {
    std::iter::once(hash)
        .chain(built.iter().map(String::as_str))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The target triple of this machine (`x86_64-unknown-linux-gnu`), as rustc
/// says.
fn host_triple() -> Result<String> {
    let rustc = std::env::var_os("RUSTC").unwrap_or("rustc".into());
    let out = host::output(Tool::new(rustc).arg("-vV"), Duration::from_secs(60))
        .context("cannot run rustc -vV")?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .find_map(|l| l.strip_prefix("host: "))
        .map(str::to_string)
        .context("rustc -vV names no host")
}

/// Cargo, as the environment names it (`CARGO` under `cargo run`).
fn cargo() -> Tool {
    Tool::new(std::env::var_os("CARGO").unwrap_or("cargo".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kit's sources: the workspace's files and one of each package's.
    fn sources(root: &Path, checker: &str) {
        for (path, text) in [
            ("Cargo.toml", "[workspace]\n"),
            ("Cargo.lock", "version = 4\n"),
            ("testlib/Cargo.toml", "[package]\n"),
            ("testlib/src/lib.rs", "\n"),
            ("checkers/src/bin/check.rs", checker),
            ("validators/src/bin/validate.rs", "fn main() {}\n"),
            ("generators/src/bin/generate.rs", "fn main() {}\n"),
        ] {
            let file = root.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(file, text).unwrap();
        }
    }

    /// The stamp's lines are the hash and each binary, the last one ended
    /// too (the shell's `read` would skip it), and it reads back the same.
    #[test]
    fn the_stamp_names_every_binary_on_an_ended_line() {
        let built: BTreeSet<String> = ["check-a", "val-b"].map(String::from).into();
        let text = stamp_text("abc", &built);
        assert_eq!(text, "abc\ncheck-a\nval-b\n");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines, ["abc", "check-a", "val-b"]);
    }

    /// A kit copied or moved elsewhere keeps its built programs; a changed
    /// source does not.
    #[test]
    fn the_sources_hash_is_the_kits_wherever_it_lies() {
        let (one, two) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        sources(one.path(), "fn main() {}\n");
        sources(two.path(), "fn main() {}\n");
        let hash = |root: &Path| {
            Cargo::new(root, &root.join("target"))
                .sources_hash()
                .unwrap()
        };
        assert_eq!(hash(one.path()), hash(two.path()));
        sources(two.path(), "fn main() { println!(); }\n");
        assert_ne!(hash(one.path()), hash(two.path()));
    }
}
