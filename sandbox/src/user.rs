//! As root, a submission runs as `nobody`: it can write neither the kit
//! nor the build cache, nor signal the judge. Only code the kit did not
//! write (`Access::untrusted`) whose program `nobody` can reach; its
//! working folder becomes `nobody`'s.

use std::ffi::CString;
use std::io;
use std::os::unix::ffi::OsStrExt;

use crate::Isolation;
use crate::layer::{Armed, Idle, InChild, Layer, Run, last_error};

/// The user submissions run as.
pub const NOBODY: (libc::uid_t, libc::gid_t) = (65534, 65534);

/// The user layer: in place when the judge is root.
pub struct Nobody;

/// One run as `nobody`.
struct AsNobody;

impl Layer for Nobody {
    fn isolation(&self, isolation: &mut Isolation) {
        isolation.user = "nobody".to_string();
    }

    fn arm<'a>(&'a self, run: &Run) -> io::Result<Box<dyn Armed + 'a>> {
        if !(run.spec.access.untrusted && run.public_program) {
            return Ok(Box::new(Idle));
        }
        if let Some(dir) = &run.spec.cwd {
            let path = CString::new(dir.as_os_str().as_bytes()).map_err(io::Error::other)?;
            // SAFETY: `path` is a valid C string.
            if unsafe { libc::chown(path.as_ptr(), NOBODY.0, NOBODY.1) } != 0 {
                let e = last_error();
                return Err(io::Error::new(e.kind(), format!("{}: {e}", dir.display())));
            }
        }
        Ok(Box::new(AsNobody))
    }
}

impl Armed for AsNobody {
    fn in_child(&self) -> Option<InChild> {
        Some(Box::new(|| {
            let (uid, gid) = NOBODY;
            // Raw system calls: the C library's wrappers act on every
            // thread they know of, in this child the judge's (`spawn.rs`).
            // SAFETY: plain system calls; no pointer but a null list.
            let failed = unsafe {
                libc::syscall(libc::SYS_setgroups, 0, std::ptr::null::<libc::gid_t>()) != 0
                    || libc::syscall(libc::SYS_setgid, gid) != 0
                    || libc::syscall(libc::SYS_setuid, uid) != 0
            };
            match failed {
                true => Err(last_error()),
                false => Ok(()),
            }
        }))
    }
}
