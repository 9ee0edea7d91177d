//! Runs one program on one case in a fresh folder.

use std::fs;
use std::io;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::programs::Case;

/// What a run produced; compared byte for byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The exit code, or minus the signal that ended the program.
    pub code: i32,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
}

/// Where a program lives: the first of `dirs` (or its `examples/`) holding
/// an executable of that name.
pub fn find_program(dirs: &[PathBuf], name: &str) -> Option<PathBuf> {
    dirs.iter()
        .flat_map(|d| [d.join(name), d.join("examples").join(name)])
        .find(|p| p.is_file())
        // Absolute: the program runs with its case folder as working folder.
        .and_then(|p| std::fs::canonicalize(p).ok())
}

/// Writes the case into `dir` (emptied first) and runs `program` there.
pub fn run(program: &Path, case: &Case, dir: &Path) -> io::Result<Outcome> {
    let _ = fs::remove_dir_all(dir);
    fs::create_dir_all(dir)?;
    for (name, content) in &case.files {
        fs::write(dir.join(name), content)?;
    }
    let mut cmd = Command::new(program);
    cmd.args(&case.args)
        .current_dir(dir)
        // As the conformance harness runs them: colour is decided by the
        // programs themselves (stderr is a pipe here, so it is off).
        .env_remove("NO_COLOR")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match &case.stdin {
        Some(file) => cmd.stdin(fs::File::open(dir.join(file))?),
        None => cmd.stdin(Stdio::null()),
    };
    // A generator given odd arguments may loop or allocate without end:
    // CPU seconds and address space are capped so a run always ends.
    // SAFETY: only async-signal-safe setrlimit calls between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            let cpu = libc::rlimit {
                rlim_cur: 5,
                rlim_max: 6,
            };
            let mem = libc::rlimit {
                rlim_cur: 2 << 30,
                rlim_max: 2 << 30,
            };
            libc::setrlimit(libc::RLIMIT_CPU, &cpu);
            libc::setrlimit(libc::RLIMIT_AS, &mem);
            Ok(())
        });
    }
    let out = cmd.output()?;
    let code = match out.status.code() {
        Some(c) => c,
        None => {
            use std::os::unix::process::ExitStatusExt;
            -out.status.signal().unwrap_or(0)
        }
    };
    Ok(Outcome {
        code,
        stdout: out.stdout,
        stderr: out.stderr,
    })
}
