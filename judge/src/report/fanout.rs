//! One reporter handing each event to several (nextest's idiom): a
//! command's outputs, chosen in `commands/mod.rs`, are the files asked for,
//! then the report on stdout.

use std::io;

use crate::model::event::{Event, Reporter};

/// Hands each event to its reporters in order. A reporter that fails gets
/// no more events and the event goes no further: the files come first, so
/// a file that cannot be written is the command's error and the report on
/// stdout after it is not printed, as when the work itself fails. The
/// others go on (the files are still written after stdout is closed), and
/// the first failure is kept for [`Reporter::finish`].
#[derive(Default)]
pub struct Fanout<'r> {
    reporters: Vec<Box<dyn Reporter + 'r>>,
    failed: Vec<bool>,
    error: Option<io::Error>,
}

impl<'r> Fanout<'r> {
    /// Adds `reporter` after those there.
    pub fn push(&mut self, reporter: impl Reporter + 'r) {
        self.reporters.push(Box::new(reporter));
        self.failed.push(false);
    }
}

impl Reporter for Fanout<'_> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        for (reporter, failed) in self.reporters.iter_mut().zip(&mut self.failed) {
            if *failed {
                continue;
            }
            if let Err(e) = reporter.report(event) {
                *failed = true;
                self.error.get_or_insert(e);
                break;
            }
        }
        Ok(())
    }

    fn finish(&mut self) -> io::Result<()> {
        for reporter in &mut self.reporters {
            if let Err(e) = reporter.finish() {
                self.error.get_or_insert(e);
            }
        }
        self.error.take().map_or(Ok(()), Err)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::model::event::{CommandKind, EventKind};

    /// Keeps the events it is handed, failing on the `fails_at`th.
    struct Kept<'a> {
        seen: &'a mut Vec<&'static str>,
        name: &'static str,
        fails_at: Option<usize>,
        kind: io::ErrorKind,
    }

    impl Reporter for Kept<'_> {
        fn report(&mut self, _: &Event) -> io::Result<()> {
            self.seen.push(self.name);
            match self.fails_at {
                Some(n) if self.seen.iter().filter(|s| **s == self.name).count() == n => {
                    Err(io::Error::new(self.kind, self.name))
                }
                _ => Ok(()),
            }
        }
    }

    fn event() -> Event<'static> {
        Event {
            elapsed: Duration::ZERO,
            kind: EventKind::Started {
                command: CommandKind::Test,
            },
        }
    }

    #[test]
    fn a_failure_stops_its_event_and_its_reporter_not_the_others() {
        let (mut file, mut stdout) = (Vec::new(), Vec::new());
        let mut fanout = Fanout::default();
        let kind = io::ErrorKind::Other;
        fanout.push(Kept {
            seen: &mut file,
            name: "file",
            fails_at: Some(2),
            kind,
        });
        fanout.push(Kept {
            seen: &mut stdout,
            name: "stdout",
            fails_at: None,
            kind,
        });
        for _ in 0..3 {
            fanout.report(&event()).unwrap();
        }
        assert_eq!(fanout.finish().unwrap_err().to_string(), "file");
        drop(fanout);
        assert_eq!(file.len(), 2, "no more events after its failure");
        assert_eq!(stdout.len(), 2, "not the event the file failed on");
    }

    #[test]
    fn a_closed_stdout_leaves_the_files_their_events() {
        let (mut file, mut stdout) = (Vec::new(), Vec::new());
        let mut fanout = Fanout::default();
        fanout.push(Kept {
            seen: &mut file,
            name: "file",
            fails_at: None,
            kind: io::ErrorKind::Other,
        });
        fanout.push(Kept {
            seen: &mut stdout,
            name: "stdout",
            fails_at: Some(1),
            kind: io::ErrorKind::BrokenPipe,
        });
        for _ in 0..3 {
            fanout.report(&event()).unwrap();
        }
        let error = fanout.finish().unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::BrokenPipe);
        drop(fanout);
        assert_eq!((file.len(), stdout.len()), (3, 1));
    }
}
