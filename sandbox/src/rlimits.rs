//! Resource limits set in the child before `exec`: CPU time (a kernel
//! timer, `ITIMER_PROF`, that kills the program with SIGPROF once all its
//! threads together have used [`timer_for`] the limit, however busy the
//! machine and the judge are; `RLIMIT_CPU` one second past the limit, for
//! a program that catches SIGPROF or resets the timer; the judge's samples
//! stop the run at the limit itself, over all its processes, when its
//! thread gets the CPU to look), the size of files it writes (its
//! output), no core dumps,
//! its stack (as large as its memory limit, so that deep recursion is a
//! memory verdict, not a crash) and, without control groups, the number of
//! processes. Never above the judge's own hard limits: a `setrlimit` above
//! them fails, and every spawn with it.

use std::io;
use std::time::Duration;

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

/// The CPU time at which the kernel stops a program whose limit is
/// `limit`: a quarter more, and ten clock ticks (4 ms each here). The
/// kernel's timers count the program's clock ticks, a whole tick for
/// whichever task the tick finds running: on a busy machine that count ran
/// ahead of the exact time (`wait4`'s, which the verdict reads) by up to 4%
/// of a 500 ms limit (481–489 ms when the timer fired at 501) and by 34 ms
/// of a 200 ms one (186 ms when it fired at 220), so a timer near the limit
/// stops programs that are within it. The judge's samples stop the run at
/// the limit; the timer is the backstop that bounds how late that can be
/// (and a run it stopped short of the limit is judged again, alone).
pub fn timer_for(limit: Duration) -> Duration {
    (limit.saturating_add(limit / 4)).saturating_add(Duration::from_millis(40))
}

/// Has the kernel send SIGPROF (whose default action ends the program)
/// once the process has used `cpu` of CPU time, user and system, over all
/// its threads. An interval timer, unlike a POSIX timer, outlives `execve`.
fn stop_after_cpu(cpu: libc::timeval) -> io::Result<()> {
    let timer = libc::itimerval {
        it_interval: libc::timeval {
            tv_sec: 0,
            tv_usec: 0,
        },
        it_value: cpu,
    };
    // SAFETY: `setitimer` reads the struct we pass; no old value asked.
    if unsafe { libc::setitimer(libc::ITIMER_PROF, &timer, std::ptr::null_mut()) } != 0 {
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
    /// The CPU time after which the kernel stops the program.
    timer: libc::timeval,
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
        let stop_at = timer_for(limits.time);
        Ok(Box::new(Limited {
            hard,
            timer: libc::timeval {
                tv_sec: stop_at.as_secs().min(i32::MAX as u64) as libc::time_t,
                tv_usec: stop_at.subsec_micros() as libc::suseconds_t,
            },
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
            timer,
            cpu,
            fsize,
            stack,
            process_cap,
        } = *self;
        Some(Box::new(move || {
            stop_after_cpu(timer)?;
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
