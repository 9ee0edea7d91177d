//! One CPU for a thread and everything it starts.
//!
//! An interactive run is a ping-pong between two processes (three, with a
//! relay). On a virtual machine, waking a process that sleeps on another
//! CPU is an interrupt through the hypervisor, billed to the waker as
//! system time: unpinned on a 2-CPU VM, problemtools measured nim-play's
//! reference at 1.64 s of CPU and took 99 s to check the problem; with the
//! tool on one CPU, 0.14 s and 16 s. [`pin_thread`] puts the calling thread
//! on the CPU the fewest pinned threads share; the threads and processes it
//! starts while pinned inherit it.

use std::io;
use std::marker::PhantomData;
use std::sync::{Mutex, OnceLock};

/// The calling thread's pin; dropping it gives the thread its CPUs back
/// (what it started meanwhile stays on the one CPU).
pub struct Pinned {
    cpu: usize,
    before: libc::cpu_set_t,
    /// A thread's pin is undone on that thread.
    _thread: PhantomData<*const ()>,
}

impl Pinned {
    /// The CPU the thread is on.
    pub fn cpu(&self) -> usize {
        self.cpu
    }
}

/// The CPUs the process may run on, each with how many threads are pinned
/// to it.
fn lent() -> &'static Mutex<Vec<(usize, usize)>> {
    static LENT: OnceLock<Mutex<Vec<(usize, usize)>>> = OnceLock::new();
    LENT.get_or_init(|| {
        let cpus = affinity()
            .map(|set| {
                (0..libc::CPU_SETSIZE as usize)
                    // SAFETY: `cpu` is below CPU_SETSIZE.
                    .filter(|&cpu| unsafe { libc::CPU_ISSET(cpu, &set) })
                    .map(|cpu| (cpu, 0))
                    .collect()
            })
            .unwrap_or_default();
        Mutex::new(cpus)
    })
}

/// The calling thread's CPUs.
fn affinity() -> io::Result<libc::cpu_set_t> {
    // SAFETY: a zeroed cpu_set_t is an empty set.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    let size = std::mem::size_of::<libc::cpu_set_t>();
    // SAFETY: `set` is a cpu_set_t of `size` bytes; 0 is the calling thread.
    match unsafe { libc::sched_getaffinity(0, size, &mut set) } {
        0 => Ok(set),
        _ => Err(io::Error::last_os_error()),
    }
}

/// Puts the calling thread on `set`.
fn set_affinity(set: &libc::cpu_set_t) -> io::Result<()> {
    let size = std::mem::size_of::<libc::cpu_set_t>();
    // SAFETY: `set` is a cpu_set_t of `size` bytes; 0 is the calling thread.
    match unsafe { libc::sched_setaffinity(0, size, set) } {
        0 => Ok(()),
        _ => Err(io::Error::last_os_error()),
    }
}

/// Pins the calling thread to the CPU of the process the fewest pinned
/// threads share.
pub fn pin_thread() -> io::Result<Pinned> {
    let before = affinity()?;
    let cpu = {
        let mut lent = lent().lock().unwrap_or_else(|e| e.into_inner());
        let Some(least) = lent.iter_mut().min_by_key(|(_, pinned)| *pinned) else {
            return Err(io::Error::other("the process may run on no CPU"));
        };
        least.1 += 1;
        least.0
    };
    let pinned = Pinned {
        cpu,
        before,
        _thread: PhantomData,
    };
    // SAFETY: a zeroed cpu_set_t is an empty set.
    let mut one: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: `cpu` came from the process's set, below CPU_SETSIZE.
    unsafe { libc::CPU_SET(cpu, &mut one) };
    // On failure, the drop gives the lent CPU back.
    set_affinity(&one)?;
    Ok(pinned)
}

impl Drop for Pinned {
    fn drop(&mut self) {
        let _ = set_affinity(&self.before);
        let mut lent = lent().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(entry) = lent.iter_mut().find(|(cpu, _)| *cpu == self.cpu) {
            entry.1 -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How many CPUs `set` holds.
    fn count(set: &libc::cpu_set_t) -> i32 {
        // SAFETY: CPU_COUNT reads the set.
        unsafe { libc::CPU_COUNT(set) }
    }

    #[test]
    fn a_pin_holds_the_thread_and_what_it_starts_on_one_cpu_until_dropped() {
        let cpus = count(&affinity().unwrap());
        let pinned = pin_thread().unwrap();
        let one = affinity().unwrap();
        assert_eq!(count(&one), 1);
        // SAFETY: the CPU is below CPU_SETSIZE.
        assert!(unsafe { libc::CPU_ISSET(pinned.cpu(), &one) });
        // A thread and a process started now inherit the CPU.
        let thread = std::thread::spawn(|| count(&affinity().unwrap()));
        assert_eq!(thread.join().unwrap(), 1);
        let process = std::process::Command::new("grep")
            .args(["Cpus_allowed_list", "/proc/self/status"])
            .output()
            .unwrap();
        let status = String::from_utf8_lossy(&process.stdout).into_owned();
        assert_eq!(
            status.split_whitespace().nth(1),
            Some(&*pinned.cpu().to_string())
        );
        // A thread pinned meanwhile goes to another CPU, where there is one.
        let other = std::thread::spawn(|| pin_thread().unwrap().cpu());
        assert_eq!(other.join().unwrap() != pinned.cpu(), cpus > 1);
        drop(pinned);
        assert_eq!(count(&affinity().unwrap()), cpus);
    }
}
