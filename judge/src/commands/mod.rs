//! One module per command; glue between the kit, the runner and the report.

pub mod build;
pub mod check;
pub mod test;
pub mod verify;

use std::io::Write;

/// Prints a JSON report on stdout, as one object.
pub fn print_json(value: &serde_json::Value) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)?;
    writeln!(out)?;
    Ok(())
}
