//! The files a command writes beside its report (`--csv`, `--html`,
//! `judge lab --plot`): each format ([`Render`]) renders from what the
//! events carried, and [`FileReporter`] writes it whole when the command's
//! report comes.

use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};

use crate::model::event::{Event, EventKind, Reporter};
use crate::model::results::Test;
use crate::model::results::report::Report;
use crate::model::verdict::Group;

/// A file's format.
pub trait Render {
    /// What the file is, for errors (`the HTML report`).
    fn what(&self) -> &'static str;

    /// Keeps what it needs of an event before the report (the problems
    /// judged: [`Problems`]); nothing by default.
    fn gather(&mut self, _event: &EventKind) {}

    /// The file's bytes for the command's `report`, to be written at
    /// `path` (a picture's format follows its extension); `None` when the
    /// report has nothing for this format.
    fn render(&self, report: &Report, path: &Path) -> Result<Option<Vec<u8>>>;
}

/// Writes a [`Render`]'s file to `path` when the command's report comes.
pub struct FileReporter {
    path: PathBuf,
    format: Box<dyn Render>,
}

impl FileReporter {
    /// The reporter writing `format`'s file to `path`.
    pub fn new(path: &Path, format: Box<dyn Render>) -> FileReporter {
        FileReporter {
            path: path.to_path_buf(),
            format,
        }
    }
}

impl Reporter for FileReporter {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        let EventKind::Finished { report } = event.kind else {
            self.format.gather(&event.kind);
            return Ok(());
        };
        let written = (self.format.render(report, &self.path)).and_then(|bytes| match bytes {
            Some(bytes) => publish(&self.path, &bytes, self.format.what()),
            None => Ok(()),
        });
        // The command's error says the whole chain, as it did.
        written.map_err(|e| io::Error::other(format!("{e:#}")))
    }
}

/// Writes a file for people (a page, a picture, a table) to `path` whole
/// or not at all, readable by everyone, making its folder if needed; an
/// error names `what` and `path`.
fn publish(path: &Path, bytes: &[u8], what: &str) -> Result<()> {
    let cannot = || format!("cannot write {what} {}", path.display());
    let absolute = std::path::absolute(path).with_context(cannot)?;
    if let Some(dir) = absolute.parent() {
        crate::base::fsutil::create_dir_all(dir).with_context(cannot)?;
    }
    crate::base::fsutil::publish(&absolute, bytes).with_context(cannot)
}

/// A problem solutions were judged on, as [`EventKind::Judging`] told it.
#[derive(Clone, Debug)]
pub struct Judged {
    pub name: String,
    pub time_limit: Duration,
    pub groups: Vec<Group>,
    /// Its tests, in order (the samples alone with `--samples`).
    pub tests: Vec<Test>,
}

/// The problems judged, in the order they were.
#[derive(Clone, Debug, Default)]
pub struct Problems(Vec<Judged>);

impl Problems {
    /// Keeps the problem of a [`EventKind::Judging`].
    pub fn gather(&mut self, event: &EventKind) {
        if let EventKind::Judging {
            problem,
            time_limit,
            groups,
            tests,
        } = event
        {
            self.0.push(Judged {
                name: problem.to_string(),
                time_limit: *time_limit,
                groups: groups.to_vec(),
                tests: tests.to_vec(),
            });
        }
    }

    /// Every problem judged, in order.
    pub fn all(&self) -> &[Judged] {
        &self.0
    }

    /// The problem named `name`: a report names the problem it judged.
    pub fn named(&self, name: &str) -> Result<&Judged> {
        (self.0.iter().find(|p| p.name == name))
            .with_context(|| format!("no tests of {name} were told to the reporter"))
    }
}
