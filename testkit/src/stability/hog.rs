//! A bounded CPU hog: threads of the running test or bench that spin
//! until told to stop, or until their bound has passed anyway, so that a
//! test that fails (or forgets) never leaves them running.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Spinning threads; stopped (and joined) by [`Hog::stop`] or when
/// dropped, a panicking test's unwinding included.
pub struct Hog {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
}

impl Hog {
    /// Starts `threads` threads that spin until stopped, each for at most
    /// `bound`.
    pub fn start(threads: usize, bound: Duration) -> Hog {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..threads)
            .map(|i| {
                let stop = Arc::clone(&stop);
                std::thread::Builder::new()
                    .name(format!("cpu-hog-{i}"))
                    .spawn(move || spin(&stop, bound))
                    .unwrap()
            })
            .collect();
        Hog { stop, threads }
    }

    /// Stops the threads and waits for them.
    pub fn stop(self) {
        drop(self);
    }
}

impl Drop for Hog {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// Busy work until `stop` is set or `bound` has passed.
fn spin(stop: &AtomicBool, bound: Duration) {
    let start = Instant::now();
    let mut x = 0x9e37_79b9_7f4a_7c15_u64;
    while !stop.load(Ordering::Relaxed) && start.elapsed() < bound {
        for _ in 0..100_000 {
            // A step of xorshift: work the optimiser cannot remove.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        std::hint::black_box(x);
    }
}
