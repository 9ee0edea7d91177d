//! A headless Chromium, for what only a browser does well: printing an HTML
//! page to PDF (statements), and, in the tests, reading back the page it
//! parsed (its DOM) or a screenshot of it.
//!
//! The pages are the kit's own, self-contained files: no script, no network.
//! Each run gets a fresh profile in a temporary folder and is killed if it
//! takes longer than [`PATIENCE`].

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

use crate::fsutil;

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

    /// Prints several pages, `jobs` at a time; the PDFs in the pages' order.
    pub fn print_all(&self, pages: &[String], jobs: usize) -> Result<Vec<Vec<u8>>> {
        let next = std::sync::atomic::AtomicUsize::new(0);
        let results: Vec<std::sync::Mutex<Option<Result<Vec<u8>>>>> =
            pages.iter().map(|_| std::sync::Mutex::new(None)).collect();
        std::thread::scope(|scope| {
            for _ in 0..jobs.clamp(1, pages.len().max(1)) {
                scope.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(page) = pages.get(i) else { break };
                        let printed = self.print(page);
                        if let Ok(mut slot) = results[i].lock() {
                            *slot = Some(printed);
                        }
                    }
                });
            }
        });
        results
            .into_iter()
            .map(|slot| {
                slot.into_inner()
                    .ok()
                    .flatten()
                    .unwrap_or_else(|| Err(anyhow::anyhow!("a page was not printed")))
            })
            .collect()
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
        let mut child = Command::new(&self.path)
            // The pages are the kit's own: Chromium's sandbox, which cannot
            // start as root, guards against hostile pages.
            .args(["--headless", "--no-sandbox", "--disable-gpu"])
            .args(["--no-first-run", "--disable-extensions", "--mute-audio"])
            .arg("--hide-scrollbars")
            .arg(profile)
            .args(flags)
            .arg(url)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .with_context(|| format!("cannot start {}", self.path.display()))?;
        let (stdout, stderr) = (child.stdout.take(), child.stderr.take());
        let read = |pipe: Option<Box<dyn std::io::Read + Send>>| {
            std::thread::spawn(move || {
                let mut text = String::new();
                if let Some(mut p) = pipe {
                    let _ = std::io::Read::read_to_string(&mut p, &mut text);
                }
                text
            })
        };
        let out = read(stdout.map(|p| Box::new(p) as _));
        let err = read(stderr.map(|p| Box::new(p) as _));
        let start = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait()? {
                break status;
            }
            if start.elapsed() > PATIENCE {
                let _ = child.kill();
                let _ = child.wait();
                bail!(
                    "{} took more than {} s on {}",
                    self.path.display(),
                    PATIENCE.as_secs(),
                    html.display()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let out = out.join().unwrap_or_default();
        let err = err.join().unwrap_or_default();
        if !status.success() {
            bail!(
                "{} failed on {} ({status}): {}",
                self.path.display(),
                html.display(),
                err.trim()
            );
        }
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
