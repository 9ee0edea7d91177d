//! A session of its own for every run: it cannot join the judge's process
//! group (nor signal it as a group), and at its end its leader and its
//! whole session are killed.

use std::io;

use crate::layer::{Armed, InChild, Layer, Run, last_error};

/// The session layer: always in place.
pub struct Session;

impl Layer for Session {
    fn arm<'a>(&'a self, _: &Run) -> io::Result<Box<dyn Armed + 'a>> {
        Ok(Box::new(Session))
    }
}

impl Armed for Session {
    fn in_child(&self) -> Option<InChild> {
        Some(Box::new(|| {
            // SAFETY: `setsid` has no memory preconditions.
            match unsafe { libc::setsid() } < 0 {
                true => Err(last_error()),
                false => Ok(()),
            }
        }))
    }

    fn kill(&mut self, leader: libc::pid_t) {
        // SAFETY: `leader` is our unreaped child; its session id is its pid,
        // which its zombie pins until it is reaped.
        unsafe {
            libc::kill(leader, libc::SIGKILL);
            libc::kill(-leader, libc::SIGKILL);
        }
    }
}
