//! The kit's own trusted tools — cargo building the checkers, `rustc -vV`,
//! a compiler's `--version`, the headless Chromium that prints statements
//! — run as the judge itself, uncontained: they run no source the kit did
//! not write. They still start here and nowhere else, so that every
//! process the judge starts goes through this crate, none outlives its
//! wall limit, and none starts once the judge is interrupted.

use std::io;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

/// A tool's command: the program, its arguments, its environment and
/// folder, as `std::process::Command` holds them.
pub type Tool = Command;

fn not_interrupted() -> io::Result<()> {
    match crate::interrupted() {
        true => Err(io::Error::new(io::ErrorKind::Interrupted, "interrupted")),
        false => Ok(()),
    }
}

/// Runs `tool` with its stdin empty and its stdout and stderr captured;
/// kills it once it has run `wall`.
pub fn output(tool: &mut Tool, wall: Duration) -> io::Result<Output> {
    not_interrupted()?;
    let mut child = tool
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let stdout = read_all(child.stdout.take());
    let stderr = read_all(child.stderr.take());
    let status = wait(child, wall)?;
    Ok(Output {
        status,
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    })
}

/// Runs `tool` with the judge's own stderr (what it says reaches the user
/// as it says it: cargo's errors) and stdout captured away from the
/// judge's; kills it once it has run `wall`.
pub fn status(tool: &mut Tool, wall: Duration) -> io::Result<ExitStatus> {
    not_interrupted()?;
    let child = tool
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()?;
    wait(child, wall)
}

/// Reads a pipe of the child to its end, on a thread of its own.
fn read_all(pipe: Option<impl io::Read + Send + 'static>) -> std::thread::JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    })
}

/// Waits for the child, killing it past `wall` or once the judge is
/// interrupted.
fn wait(mut child: Child, wall: Duration) -> io::Result<ExitStatus> {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait()? {
            return Ok(status);
        }
        let late = start.elapsed() > wall;
        if late || crate::interrupted() {
            let _ = child.kill();
            let _ = child.wait();
            return Err(match late {
                true => io::Error::new(
                    io::ErrorKind::TimedOut,
                    format!("killed after {} s", wall.as_secs()),
                ),
                false => io::Error::new(io::ErrorKind::Interrupted, "interrupted"),
            });
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}
