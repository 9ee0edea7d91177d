//! pandoc, which turns a package's LaTeX statement into the Markdown the
//! kit renders (its formulas kept as `$...$`, so that the page shows them
//! as it shows the kit's own). A trusted tool started through
//! `sandbox::host`, in `--sandbox` mode: it reads no file but the one it
//! is given, whatever the statement `\input`s.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::core::toolchain::which;
use sandbox::host::{self, Tool};

/// How long one conversion may take.
const PATIENCE: Duration = Duration::from_secs(60);

/// The Markdown pandoc writes: CommonMark's core with `$` math, tables
/// and fenced code, which pulldown-cmark reads as the kit's statements.
const MARKDOWN: &str =
    "markdown_strict+tex_math_dollars+pipe_tables+fenced_code_blocks+backtick_code_blocks";

/// A pandoc on this machine.
#[derive(Clone, Debug)]
pub struct Pandoc {
    path: PathBuf,
}

impl Pandoc {
    /// `JUDGE_PANDOC` if set, else `pandoc` on `PATH`; `why` says what
    /// needs it, for the error.
    pub fn find(why: &str) -> Result<Pandoc> {
        let path = match std::env::var_os("JUDGE_PANDOC") {
            Some(path) => PathBuf::from(path),
            None => which("pandoc").unwrap_or_default(),
        };
        if !path.is_file() {
            bail!(
                "{why}: pandoc converts it, and none is found (install it: apt-get install \
                 pandoc, or name it in JUDGE_PANDOC)"
            );
        }
        Ok(Pandoc { path })
    }

    /// The executable.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The LaTeX statement `tex` (read from `source`, for errors) as
    /// Markdown: its sections become `##` headings, its formulas stay
    /// `$...$` and `$$...$$`, lines are not wrapped.
    pub fn markdown(&self, tex: &str, source: &Path) -> Result<String> {
        let work = tempfile::tempdir()?;
        let input = work.path().join("statement.tex");
        std::fs::write(&input, tex)?;
        let mut tool = Tool::new(&self.path);
        tool.current_dir(work.path())
            .args(["--sandbox", "--from", "latex", "--to", MARKDOWN])
            .args(["--wrap=none", "--shift-heading-level-by=1"])
            .arg(&input);
        let out = host::output(&mut tool, PATIENCE)
            .with_context(|| format!("{}: cannot run pandoc", source.display()))?;
        if !out.status.success() {
            bail!(
                "{}: pandoc cannot read it as LaTeX: {}",
                source.display(),
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        String::from_utf8(out.stdout)
            .with_context(|| format!("{}: pandoc wrote no UTF-8", source.display()))
    }
}
