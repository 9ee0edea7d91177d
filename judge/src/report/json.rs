//! `--json`: one document on stdout, the command's typed report, and
//! nothing else.

use std::io::{self, Write};

use crate::model::event::{Event, EventKind, Reporter};
use crate::model::results::report::Document;

/// Writes the final report as pretty-printed JSON.
pub struct JsonReporter<W: Write> {
    out: W,
}

impl<W: Write> JsonReporter<W> {
    /// A reporter writing to `out`.
    pub fn new(out: W) -> JsonReporter<W> {
        JsonReporter { out }
    }
}

impl<W: Write> Reporter for JsonReporter<W> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        if let EventKind::Finished { report } = &event.kind {
            serde_json::to_writer_pretty(&mut self.out, &Document::of(report))?;
            writeln!(self.out)?;
            self.out.flush()?;
        }
        Ok(())
    }
}
