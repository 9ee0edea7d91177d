//! One module per command; glue between the kit, the runner and the report.

/// Prints on stdout like `println!`, but a closed pipe (`judge test | head`)
/// is not an error: the output is dropped and the run still finishes, so
/// every program it started is reaped.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// `print!` with the same tolerance as [`say!`].
macro_rules! say_raw {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($arg)*);
    }};
}

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
