//! The layers of the Linux sandbox: each contains one aspect of a run
//! (its session, its processes, its resources, its user, its files) and is
//! one file implementing [`Layer`]. The sandbox detects at start-up which
//! layers this machine allows and lists them in order; a new layer (a
//! seccomp filter, a PID namespace) is a new file and one line in
//! `LinuxSandbox::new`.
//!
//! For each run, every layer is armed in the judge before the clone
//! ([`Layer::arm`]); its [`Armed`] part then acts in the child between
//! the clone and exec (`spawn.rs`), kills what is left of the run when it ends, and adds
//! what it measured once the run's leader is reaped. Layers act in the
//! order of the list, in every phase.

use std::ffi::OsString;
use std::io;
use std::path::Path;
use std::time::Duration;

use crate::{Isolation, RunSpec};

/// A run as the layers see it, before it starts.
pub struct Run<'a> {
    pub spec: &'a RunSpec,
    /// The arguments after the program.
    pub args: &'a [OsString],
    /// Where the program is, as `exec` finds it on `PATH`.
    pub program: Option<&'a Path>,
    /// Whether any user may reach and run the program.
    pub public_program: bool,
}

/// What a layer does in the child between the clone and exec: system
/// calls only, with no allocation, no lock and no panic (the child runs in
/// the judge's memory, whose other threads go on; `spawn.rs`).
pub type InChild = Box<dyn Fn() -> io::Result<()> + Send + Sync>;

/// What the sandbox measured of a run; layers that see more add to it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Measured {
    /// User + system CPU time of all its processes.
    pub cpu: Duration,
    pub peak_memory_bytes: u64,
    /// The peak resident memory of its largest process alone.
    pub largest_process_bytes: u64,
    /// Whether it was stopped for holding more memory than its cap.
    pub memory_capped: bool,
}

/// One layer of containment, detected once.
pub trait Layer: Send + Sync {
    /// Fills in its part of what `judge doctor` shows.
    fn isolation(&self, _isolation: &mut Isolation) {}

    /// Whether it caps a run's memory itself (else the sandbox watches it).
    fn caps_memory(&self) -> bool {
        false
    }

    /// Starts a run with `spawn`, which returns the pid of its leader: a
    /// layer that must know every run the moment it starts wraps it.
    fn spawn(&self, spawn: &mut dyn FnMut() -> io::Result<libc::pid_t>) -> io::Result<libc::pid_t> {
        spawn()
    }

    /// Prepares one run, in the judge, before the clone.
    fn arm<'a>(&'a self, run: &Run) -> io::Result<Box<dyn Armed + 'a>>;
}

/// A layer's part in one run.
pub trait Armed: Send {
    /// What the child does between the clone and exec.
    fn in_child(&self) -> Option<InChild> {
        None
    }

    /// The namespaces of its own the run starts in (`CLONE_NEW*` flags).
    fn namespaces(&self) -> libc::c_int {
        0
    }

    /// The run ended, or must end now: kills what is left of it (its
    /// leader is not reaped yet, so its pid and session are still its own).
    fn kill(&mut self, _leader: libc::pid_t) {}

    /// After the leader is reaped: what this layer saw of the run.
    fn reaped(&mut self, _leader: libc::pid_t, _measured: &mut Measured) {}
}

/// The part of a layer that does nothing for this run.
pub struct Idle;

impl Armed for Idle {}

/// The last error of a system call.
pub(crate) fn last_error() -> io::Error {
    io::Error::last_os_error()
}
