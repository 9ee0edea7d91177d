//! A solution's test put where it reads it and its answer taken from where
//! it writes it: stdin and stdout, or the files of its working folder that
//! the problem names (`Files`).

use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

use crate::model::problem::Files;

/// The run's stdin: the test's `input` itself, or none where the solution
/// reads a file, which is then put in `work`: a copy (the run may replace
/// it) that the run's user may read, whoever that is.
pub(super) fn stdin_of(files: &Files, input: &Path, work: &Path) -> io::Result<Option<PathBuf>> {
    let Some(name) = &files.input else {
        return Ok(Some(input.to_path_buf()));
    };
    let copy = work.join(name);
    std::fs::copy(input, &copy)?;
    std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o644))?;
    Ok(None)
}

/// Where the run's stdout goes: `output`, or nowhere where the solution
/// writes its answer to a file (what it prints is not its answer).
pub(super) fn stdout_of(files: &Files, output: &Path) -> PathBuf {
    match files.output {
        None => output.to_path_buf(),
        Some(_) => PathBuf::from("/dev/null"),
    }
}

/// Moves the answer the solution wrote to its output file in `work` to
/// `output`, and gives its size (`None` where it wrote stdout: nothing to
/// move); `Err` says why there is no answer, as a wrong answer's message.
pub(super) fn collect(files: &Files, work: &Path, output: &Path) -> Result<Option<u64>, String> {
    let Some(name) = &files.output else {
        return Ok(None);
    };
    let written = work.join(name);
    let size = match std::fs::metadata(&written) {
        Ok(meta) if meta.is_file() => meta.len(),
        _ => return Err(format!("the output file `{name}` was not written")),
    };
    std::fs::rename(&written, output)
        .or_else(|_| std::fs::copy(&written, output).map(|_| ()))
        .map(|()| Some(size))
        .map_err(|e| format!("the output file `{name}` cannot be read: {e}"))
}
