//! Reporters: the only code that prints. Each turns the core's events into
//! one output format — [`terminal::TerminalReporter`] for people,
//! [`json::JsonReporter`] for scripts (the typed documents of
//! [`crate::results::report`]). A new output format is one more file here
//! implementing [`crate::event::Reporter`].

pub mod csv;
pub mod diff;
pub mod html;
pub mod json;
pub mod plot;
pub mod terminal;
