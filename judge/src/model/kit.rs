//! The kit: its root (the folder with `judge.toml`), its configuration, its
//! problems and its folders. The programs they name are made ready to run
//! by the core (`core/programs.rs`).

use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::base::{fsutil, suggest};
use crate::model::config::Language;
use crate::model::config::{self, KitConfig, Source};
use crate::model::event::{EventKind, Events};
use crate::model::problem::Problem;

/// Where the problems come from, as packages and booklets say (`source`).
pub const SOURCE: &str = "取石子 kit";

/// One file of a new problem: its path relative to the kit, and its bytes.
#[derive(Clone, Debug)]
pub struct NewFile {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

/// The kit's root and what it knows.
pub struct Kit {
    pub root: PathBuf,
    pub config: Source<KitConfig>,
    /// Cargo's target directory.
    pub target: PathBuf,
}

impl Kit {
    /// Finds the kit that contains `start` (the first folder upwards with a
    /// `judge.toml`) and loads its configuration.
    pub fn discover(start: &Path) -> Result<Kit> {
        let start = std::path::absolute(start)?;
        let root = start
            .ancestors()
            .find(|d| d.join("judge.toml").is_file())
            .with_context(|| {
                format!(
                    "no judge.toml in {} or any folder above it",
                    start.display()
                )
            })?
            .to_path_buf();
        let config: Source<KitConfig> = config::load(&root.join("judge.toml"))?;
        for (name, language) in &config.value.languages {
            if let Some(problem) = language.get_ref().problem() {
                return Err(config
                    .error(language.span(), format!("language `{name}`: {problem}"))
                    .into());
            }
        }
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map(PathBuf::from)
            .unwrap_or_else(|| root.join("target"));
        Ok(Kit {
            root,
            config,
            target,
        })
    }

    /// The number of parallel jobs: the flag, else `judge.toml`, else the cores.
    pub fn jobs(&self, flag: Option<usize>) -> usize {
        flag.or(self.config.value.jobs)
            .filter(|&j| j > 0)
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// The kit's scratch folder (`target/judge`).
    pub fn work_dir(&self) -> PathBuf {
        self.target.join("judge")
    }

    /// judge.toml's languages, by name.
    pub fn languages(&self) -> std::collections::BTreeMap<String, Language> {
        (self.config.value.languages.iter())
            .map(|(name, l)| (name.clone(), l.get_ref().clone()))
            .collect()
    }

    /// Where the compiled programs are cached (`target/judge/build`).
    pub fn build_cache(&self) -> PathBuf {
        self.work_dir().join("build")
    }

    /// A path for people: relative to the kit when inside it.
    pub fn shown(&self, path: &Path) -> String {
        path.strip_prefix(&self.root)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    /// Waits until no other judge run on this kit builds, then holds the
    /// kit's build lock until the returned file is dropped (or the process
    /// ends): builds of programs and tests never interleave.
    /// Then removes what a judge run killed in the middle of a write left
    /// (judge.toml's, a problem's files, its tests, the build cache's).
    pub fn lock_builds(&self, events: &mut Events) -> Result<File> {
        let dir = self.work_dir();
        fsutil::create_dir_all(&dir)?;
        let path = dir.join("build.lock");
        let lock = fsutil::lock(&path, || events.emit(EventKind::Waiting { lock: &path }))?;
        // judge.toml's, problems/<name>/tests/, target/judge/build/.
        fsutil::remove_abandoned(&self.root, 4);
        if !dir.starts_with(&self.root) {
            fsutil::remove_abandoned(&dir.join("build"), 1);
        }
        Ok(lock)
    }

    /// Where packages go, as a command line would name it: the target
    /// folder (relative to the kit's root when it lies under it), since
    /// `judge package` writes nothing among the kit's sources.
    pub fn packages(&self) -> PathBuf {
        let rel = self.target.strip_prefix(&self.root).ok();
        rel.map_or(self.target.clone(), Path::to_path_buf)
    }

    /// The problems to work on: those named (checked), or all of them.
    pub fn select(&self, names: &[String]) -> Result<Vec<String>> {
        let all: Vec<String> = self
            .config
            .value
            .problems
            .iter()
            .map(|p| p.get_ref().clone())
            .collect();
        if names.is_empty() {
            return Ok(all);
        }
        for name in names {
            if !all.contains(name) {
                let hint = suggest::did_you_mean(name, all.iter().map(String::as_str))
                    .map(|hint| format!("{hint} "))
                    .unwrap_or_default();
                bail!(
                    "unknown problem `{name}` ({hint}judge.toml lists: {})",
                    all.join(", ")
                );
            }
        }
        Ok(names.to_vec())
    }

    /// Loads the named problems (all when none is named).
    pub fn load(&self, names: &[String]) -> Result<Vec<Problem>> {
        (self.select(names)?.iter())
            .map(|n| Problem::load(&self.root, n, &self.config))
            .collect()
    }

    /// testlib.h, which the kit does not hold: the `TESTLIB_H` environment
    /// variable, else `testlib_h` in judge.toml, else the copy that the
    /// PyPI package p2d ships, in the kit's tools venv
    /// (`target/tools/venv`, made by `scripts/setup-tools.sh`).
    pub fn testlib_h(&self) -> Result<PathBuf> {
        if let Some(path) = std::env::var_os("TESTLIB_H") {
            let path = PathBuf::from(path);
            if !path.is_file() {
                bail!("TESTLIB_H names {}, which is not a file", path.display());
            }
            return Ok(path);
        }
        if let Some(name) = &self.config.value.testlib_h {
            let path = self.root.join(name.get_ref());
            if !path.is_file() {
                return Err(self
                    .config
                    .error(name.span(), format!("{} does not exist", path.display()))
                    .into());
            }
            return Ok(path);
        }
        let lib = self.target.join("tools/venv/lib");
        let found = std::fs::read_dir(&lib).ok().and_then(|entries| {
            entries
                .flatten()
                .map(|e| e.path().join("site-packages/p2d/testlib/testlib.h"))
                .find(|p| p.is_file())
        });
        found.with_context(|| {
            format!(
                "this format needs testlib.h, which the kit does not ship: set TESTLIB_H or \
                 `testlib_h` in judge.toml to a copy, or run scripts/setup-tools.sh (the PyPI \
                 package p2d ships one, looked for under {})",
                lib.display()
            )
        })
    }
}
