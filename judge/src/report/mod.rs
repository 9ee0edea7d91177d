//! Reporters: the only code that prints. Each turns the core's events into
//! one output format — [`terminal::TerminalReporter`] for people,
//! [`json::JsonReporter`] for scripts (the typed documents of [`schema`]).
//! A new output format is one more file here implementing [`Reporter`].

pub mod diff;
pub mod html;
pub mod json;
pub mod schema;
pub mod terminal;

use std::io;

use crate::event::Event;

/// Turns events into output.
pub trait Reporter {
    /// Handles one event; an error stops further events to this reporter.
    fn report(&mut self, event: &Event) -> io::Result<()>;
}

/// A reporter that drops everything (for tests and quiet runs).
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Reporter for Silent {
    fn report(&mut self, _: &Event) -> io::Result<()> {
        Ok(())
    }
}
