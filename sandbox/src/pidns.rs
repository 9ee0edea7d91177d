//! A PID namespace of its own for every submission, with the `/proc` that
//! shows it: a run sees no process but itself, its children and its parent,
//! the namespace's init (not the judge, not the other runs and their
//! command lines); it cannot signal its parent, and what it leaves is
//! killed by the init when it ends (`home.rs`: each thread keeps one home
//! for its runs, one after another). As root; an unprivileged judge gets it
//! once it is inside its own user namespace (`LinuxSandbox::isolate_network`
//! makes it). Only for code the kit did not write: the kit's own programs
//! need no hiding.

use std::io;
use std::sync::OnceLock;

use crate::Isolation;
use crate::home;
use crate::layer::{Armed, Idle, Layer, Measured, Run};

/// The namespaces a run gets: the mount namespace carries its `/proc`.
const NAMESPACES: libc::c_int = libc::CLONE_NEWPID | libc::CLONE_NEWNS;

/// The PID namespace layer; whether the machine allows it is found at the
/// first run that may have it.
#[derive(Default)]
pub struct PidNamespace {
    works: OnceLock<bool>,
}

impl PidNamespace {
    /// Whether runs can have it now: as root, or as root of the judge's
    /// user namespace; asked of the kernel once, the first time.
    fn works(&self) -> bool {
        // SAFETY: `geteuid` has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            return false;
        }
        *self.works.get_or_init(|| home::namespaces_work(NAMESPACES))
    }
}

/// One run in its own namespaces.
struct Own;

impl Layer for PidNamespace {
    fn isolation(&self, isolation: &mut Isolation) {
        if self.works() {
            isolation.pids = "namespace".to_string();
        }
    }

    fn arm<'a>(&'a self, run: &Run) -> io::Result<Box<dyn Armed + 'a>> {
        match run.spec.access.untrusted && self.works() {
            true => Ok(Box::new(Own)),
            false => Ok(Box::new(Idle)),
        }
    }
}

impl Armed for Own {
    fn namespaces(&self) -> libc::c_int {
        NAMESPACES
    }

    /// Everything in the namespace dies with the run: the program and
    /// what it left, adopted by the init.
    fn kill(&mut self, _leader: libc::pid_t) {
        home::sweep();
    }

    /// Once the program is reaped its children are the init's, which
    /// reaps them: a killed process can take a while to end on a loaded
    /// machine, and the run is not over until none is left.
    fn reaped(&mut self, _leader: libc::pid_t, _measured: &mut Measured) {
        home::sweep();
    }
}
