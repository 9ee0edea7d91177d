//! A headless Chromium, for what only a browser does well: printing an HTML
//! page to PDF (statements), and, in the tests, reading back the page it
//! parsed (its DOM) or a screenshot of it.
//!
//! The pages are the kit's own, self-contained files: no script, no network.
//! Each run gets a fresh profile in a temporary folder and is killed if it
//! takes longer than [`PATIENCE`].

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::base::fsutil;
use crate::base::pool::{Pool, Stop};
use sandbox::host::{self, Tool};

/// Names a headless Chromium goes by, tried in order on `PATH` when
/// `JUDGE_CHROMIUM` is not set.
const NAMES: [&str; 5] = [
    "chromium-headless-shell",
    "chromium",
    "chromium-browser",
    "google-chrome-stable",
    "google-chrome",
];

/// How long one page may take.
pub const PATIENCE: Duration = Duration::from_secs(120);

/// A Chromium that runs headless.
#[derive(Clone, Debug)]
pub struct Browser {
    path: PathBuf,
}

impl Browser {
    /// `JUDGE_CHROMIUM` if set, else the first of [`NAMES`] on `PATH`.
    pub fn find() -> Result<Browser> {
        if let Some(path) = std::env::var_os("JUDGE_CHROMIUM") {
            let path = PathBuf::from(path);
            if !path.is_file() {
                bail!(
                    "JUDGE_CHROMIUM names {}, which is not a file",
                    path.display()
                );
            }
            return Ok(Browser { path });
        }
        let dirs: Vec<PathBuf> = std::env::var_os("PATH")
            .map(|p| std::env::split_paths(&p).collect())
            .unwrap_or_default();
        NAMES
            .iter()
            .flat_map(|name| dirs.iter().map(move |d| d.join(name)))
            .find(|p| p.is_file())
            .map(|path| Browser { path })
            .with_context(|| {
                format!(
                    "no headless Chromium found (looked for {} on PATH): install one \
                     (Debian: apt-get install chromium-headless-shell fonts-noto-cjk) \
                     or name it in JUDGE_CHROMIUM",
                    NAMES.join(", ")
                )
            })
    }

    /// The browser's executable.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The page `html` (a whole HTML document) printed to PDF: A4, the
    /// page's own margins, no header or footer. The same page gives the
    /// same bytes: the dates Chromium stamps into the file are replaced by
    /// a fixed one.
    pub fn print(&self, html: &str) -> Result<Vec<u8>> {
        let work = tempfile::tempdir()?;
        let page = work.path().join("page.html");
        fsutil::write_atomic(&page, html.as_bytes())?;
        let printed = work.path().join("page.pdf");
        let mut flag = OsString::from("--print-to-pdf=");
        flag.push(&printed);
        self.run(&page, [flag, "--no-pdf-header-footer".into()], work.path())?;
        let mut bytes = std::fs::read(&printed).context("Chromium printed no PDF")?;
        fix_dates(&mut bytes);
        Ok(bytes)
    }

    /// Prints several pages on the `pool`; the PDFs in the pages' order.
    pub fn print_all(&self, pages: &[String], pool: Pool) -> Result<Vec<Vec<u8>>> {
        let printed = pool.run(
            pages,
            Stop::AtFirstFailure {
                except: &Default::default(),
            },
            |page| self.print(page),
            Result::is_err,
            |_, _| {},
        );
        printed
            .into_iter()
            .flatten()
            .collect::<Result<Vec<_>>>()
            .and_then(|pdfs| match pdfs.len() == pages.len() {
                true => Ok(pdfs),
                false => bail!("a page was not printed"),
            })
    }

    /// The page `html` as the browser parsed it (its DOM, serialised).
    pub fn dom(&self, html: &Path) -> Result<String> {
        let work = tempfile::tempdir()?;
        let out = self.run(html, ["--dump-dom".into()], work.path())?;
        Ok(out)
    }

    /// A PNG screenshot of the top `width` × `height` pixels of `html`.
    pub fn screenshot(&self, html: &Path, png: &Path, width: u32, height: u32) -> Result<()> {
        let work = tempfile::tempdir()?;
        let shot = work.path().join("shot.png");
        let mut flag = OsString::from("--screenshot=");
        flag.push(&shot);
        let size = OsString::from(format!("--window-size={width},{height}"));
        self.run(html, [flag, size], work.path())?;
        if let Some(dir) = png.parent() {
            fsutil::create_dir_all(dir)?;
        }
        let bytes = std::fs::read(&shot)
            .with_context(|| format!("Chromium took no screenshot of {}", html.display()))?;
        fsutil::write_atomic(png, &bytes)?;
        Ok(())
    }

    /// Runs the browser on `html` with `flags` and a fresh profile in
    /// `work`; its stdout.
    fn run<I>(&self, html: &Path, flags: I, work: &Path) -> Result<String>
    where
        I: IntoIterator<Item = OsString>,
    {
        let html = std::path::absolute(html).map_err(|e| fsutil::naming(html, e))?;
        let mut profile = OsString::from("--user-data-dir=");
        profile.push(work.join("profile"));
        let mut url = OsString::from("file://");
        url.push(&html);
        let mut browser = Tool::new(&self.path);
        // The pages are the kit's own: Chromium's sandbox, which cannot
        // start as root, guards against hostile pages.
        browser
            .args(["--headless", "--no-sandbox", "--disable-gpu"])
            .args(["--no-first-run", "--disable-extensions", "--mute-audio"])
            .arg("--hide-scrollbars")
            .arg(profile)
            .args(flags)
            .arg(url);
        let out = host::output(&mut browser, PATIENCE)
            .with_context(|| format!("{} on {}", self.path.display(), html.display()))?;
        if !out.status.success() {
            bail!(
                "{} failed on {} ({}): {}",
                self.path.display(),
                html.display(),
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        let out = String::from_utf8_lossy(&out.stdout).into_owned();
        Ok(out)
    }
}

/// Replaces the digits of every `/CreationDate (D:…)` and `/ModDate (D:…)`
/// with a fixed date, in place: the length stays, so the PDF's byte offsets
/// stay right.
fn fix_dates(pdf: &mut [u8]) {
    const FIXED: &[u8] = b"20000101000000";
    for key in [&b"/CreationDate (D:"[..], &b"/ModDate (D:"[..]] {
        let mut from = 0;
        while let Some(at) = find(&pdf[from..], key) {
            let start = from + at + key.len();
            let digits = pdf[start..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .count();
            let n = digits.min(FIXED.len());
            pdf[start..start + n].copy_from_slice(&FIXED[..n]);
            from = start + digits;
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_fixed_in_place() {
        let mut pdf =
            b"<</CreationDate (D:20261201054716+00'00')\n/ModDate (D:20261201054717+00'00')>>"
                .to_vec();
        let len = pdf.len();
        fix_dates(&mut pdf);
        assert_eq!(pdf.len(), len);
        assert_eq!(
            String::from_utf8(pdf).unwrap(),
            "<</CreationDate (D:20000101000000+00'00')\n/ModDate (D:20000101000000+00'00')>>"
        );
    }
}
