//! Reporters: the only code that writes a command's output. Each turns the
//! core's events into one output: on stdout [`terminal::TerminalReporter`]
//! for people or [`json::JsonReporter`] for scripts (the typed documents
//! of [`crate::model::results::report`]); beside it the files asked for,
//! each a [`file::FileReporter`] of its format ([`csv::Csv`],
//! [`pages::Page`], [`junit::Junit`], `judge lab`'s [`plot::Plot`] and
//! [`plot::Page`]) that renders from what the events carried and writes
//! the file whole at the end. [`fanout::Fanout`] hands every event to a
//! command's outputs, which `commands/mod.rs` chooses, in one place.
//!
//! A new output format is one more file here implementing
//! [`crate::model::event::Reporter`] (a file's: [`file::Render`]), its
//! `mod` line below, and its line where the outputs are chosen (and its
//! flag in `cli.rs`).

pub mod contest_page;
pub mod csv;
pub mod diff;
pub mod fanout;
pub mod file;
pub mod html;
pub mod json;
pub mod junit;
pub mod pages;
pub mod plot;
pub mod standings_page;
pub mod terminal;
