//! Reporters: the only code that prints. Each turns the core's events into
//! one output format — [`terminal::TerminalReporter`] for people,
//! [`json::JsonReporter`] for scripts (the typed documents of
//! [`crate::model::results::report`]). A new output format is one more file here
//! implementing [`crate::model::event::Reporter`].

pub mod csv;
pub mod diff;
pub mod html;
pub mod json;
pub mod plot;
pub mod terminal;

/// Writes a file for people (a page, a picture) to `path` whole or not at
/// all, readable by everyone, making its folder if needed; an error names
/// `what` and `path`.
pub fn publish(path: &std::path::Path, bytes: &[u8], what: &str) -> anyhow::Result<()> {
    use anyhow::Context;
    let cannot = || format!("cannot write {what} {}", path.display());
    let absolute = std::path::absolute(path).with_context(cannot)?;
    if let Some(dir) = absolute.parent() {
        crate::base::fsutil::create_dir_all(dir).with_context(cannot)?;
    }
    crate::base::fsutil::publish(&absolute, bytes).with_context(cannot)
}
