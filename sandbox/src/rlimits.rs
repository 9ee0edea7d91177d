//! Resource limits set in the child before `exec`: CPU time (a backstop
//! one second past the limit: the wall clock and the control group do the
//! real work), the size of files it writes (its output), no core dumps,
//! its stack (as large as its memory limit, so that deep recursion is a
//! memory verdict, not a crash) and, without control groups, the number of
//! processes. Never above the judge's own hard limits: a `setrlimit` above
//! them fails, and every spawn with it.

use std::io;

use crate::layer::{Armed, InChild, Layer, Run, last_error};

/// The judge's own hard limits, read once.
#[derive(Clone, Copy, Debug)]
struct Hard {
    cpu: u64,
    fsize: u64,
    stack: u64,
    nproc: u64,
}

fn hard_limit(resource: libc::__rlimit_resource_t) -> u64 {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `lim` is a valid out-pointer.
    if unsafe { libc::getrlimit(resource, &mut lim) } != 0 {
        return libc::RLIM_INFINITY;
    }
    lim.rlim_max
}

/// Sets a resource limit; between the clone and exec, so only `setrlimit`.
fn set_limit(resource: libc::__rlimit_resource_t, soft: u64, hard: u64) -> io::Result<()> {
    let lim = libc::rlimit {
        rlim_cur: soft.min(hard),
        rlim_max: hard,
    };
    // SAFETY: `setrlimit` reads the struct we pass and nothing else.
    if unsafe { libc::setrlimit(resource, &lim) } != 0 {
        return Err(last_error());
    }
    Ok(())
}

/// The resource-limits layer: always in place.
pub struct Rlimits {
    hard: Hard,
    /// `RLIMIT_NPROC` of every run, where no control group caps processes.
    process_cap: Option<u64>,
}

impl Rlimits {
    /// Limits under the judge's own; `process_cap` where nothing else
    /// caps the processes of a run.
    pub fn new(process_cap: Option<u64>) -> Rlimits {
        Rlimits {
            hard: Hard {
                cpu: hard_limit(libc::RLIMIT_CPU),
                fsize: hard_limit(libc::RLIMIT_FSIZE),
                stack: hard_limit(libc::RLIMIT_STACK),
                nproc: hard_limit(libc::RLIMIT_NPROC),
            },
            process_cap,
        }
    }
}

/// One run's limits.
struct Limited {
    hard: Hard,
    cpu: u64,
    fsize: u64,
    stack: u64,
    process_cap: Option<u64>,
}

impl Layer for Rlimits {
    fn arm<'a>(&'a self, run: &Run) -> io::Result<Box<dyn Armed + 'a>> {
        let limits = run.spec.limits;
        let hard = self.hard;
        // RLIMIT_CPU has one-second granularity: SIGXCPU one second past
        // the limit, SIGKILL a second later.
        Ok(Box::new(Limited {
            hard,
            cpu: limits.time.as_secs().saturating_add(2).min(hard.cpu),
            fsize: limits.output_bytes.saturating_add(1).min(hard.fsize),
            stack: limits.memory_bytes.max(64 << 20).min(hard.stack),
            process_cap: self.process_cap,
        }))
    }
}

impl Armed for Limited {
    fn in_child(&self) -> Option<InChild> {
        let Limited {
            hard,
            cpu,
            fsize,
            stack,
            process_cap,
        } = *self;
        Some(Box::new(move || {
            set_limit(libc::RLIMIT_CPU, cpu, cpu.saturating_add(1).min(hard.cpu))?;
            set_limit(libc::RLIMIT_FSIZE, fsize, fsize)?;
            set_limit(libc::RLIMIT_CORE, 0, 0)?;
            set_limit(libc::RLIMIT_STACK, stack, stack)?;
            if let Some(cap) = process_cap {
                set_limit(libc::RLIMIT_NPROC, cap, cap.min(hard.nproc))?;
            }
            Ok(())
        }))
    }
}
