//! What passes between the two sides of an interactive run, as the judge's
//! relay and the two runs' waits see it: how many messages went by, and
//! when anything last happened — a message passed, or either side used
//! CPU or was ready to run. A run that is stopped when idle (the
//! solution's, never the interactor's) ends once nothing has happened for
//! [`IDLE_LIMIT`]: both sides are waiting for each other (a solution that
//! did not flush, or waits for input that never comes), and no amount of
//! wall time would change that. Once the interactor has ended there is no
//! deadlock to break: the solution then runs to its own limits.
//!
//! Both runs' wall limits grow with what is not the solution's time: the
//! messages the relay passed, and the time either side, or a relay thread,
//! was ready to run but waited for a CPU (a loaded machine: each message
//! wakes three in turn, and each may wait for a core).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long an exchange may stay idle before its solution is stopped.
/// Nothing counts as idle while a side is ready to run, so a starved
/// solution on a loaded machine is never taken for an idle one.
pub const IDLE_LIMIT: Duration = Duration::from_secs(1);

/// The wall time each message passed adds to both runs' wall limits: the
/// relay takes about 15 µs a message (`cargo bench --bench interaction`),
/// time that is not the solution's, three times over.
pub const PER_MESSAGE: Duration = Duration::from_micros(50);

/// One exchange, shared by the relay and both runs (clones share it).
#[derive(Clone, Debug)]
pub struct Exchange(Arc<Shared>);

#[derive(Debug)]
struct Shared {
    start: Instant,
    /// Nanoseconds from `start` to the last time anything happened.
    last: AtomicU64,
    messages: AtomicU64,
    /// Whether the side that is never stopped idle (the interactor, a
    /// manager) has ended.
    jury_ended: AtomicBool,
    /// Nanoseconds each waited for a CPU while ready to run: the solution's
    /// processes, the interactor's, the relay threads.
    waited: [AtomicU64; 3],
    /// The relay threads (their thread ids), whose waits the solution's
    /// run looks at.
    relays: Mutex<Vec<i32>>,
}

/// Whose wait for a CPU: a side of the exchange, or its relays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiter {
    Solution = 0,
    Jury = 1,
    Relays = 2,
}

impl Default for Exchange {
    fn default() -> Exchange {
        Exchange::new()
    }
}

impl Exchange {
    /// An exchange that starts now (as busy).
    pub fn new() -> Exchange {
        Exchange(Arc::new(Shared {
            start: Instant::now(),
            last: AtomicU64::new(0),
            messages: AtomicU64::new(0),
            jury_ended: AtomicBool::new(false),
            waited: Default::default(),
            relays: Mutex::new(Vec::new()),
        }))
    }

    /// `who` has waited `total` for a CPU so far, while ready to run.
    pub fn waited(&self, who: Waiter, total: Duration) {
        let nanos = total.as_nanos().min(u64::MAX as u128) as u64;
        self.0.waited[who as usize].fetch_max(nanos, Ordering::Relaxed);
    }

    /// The calling thread relays the exchange's messages.
    pub fn relay_thread(&self) {
        // SAFETY: `gettid` has no preconditions.
        let tid = unsafe { libc::gettid() };
        self.0
            .relays
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(tid);
    }

    /// The relay threads' ids.
    pub fn relays(&self) -> Vec<i32> {
        self.0
            .relays
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    /// The relay passed a message on.
    pub fn passed(&self) {
        self.0.messages.fetch_add(1, Ordering::Relaxed);
        self.stir();
    }

    /// A side used CPU time or was ready to run.
    pub fn stir(&self) {
        let now = self.0.start.elapsed().as_nanos().min(u64::MAX as u128) as u64;
        self.0.last.fetch_max(now, Ordering::Relaxed);
    }

    /// The interactor's run ended (however it ended).
    pub fn jury_ended(&self) {
        self.0.jury_ended.store(true, Ordering::SeqCst);
    }

    /// Whether the solution is stopped now for being idle: nothing has
    /// happened for [`IDLE_LIMIT`] and the interactor still runs (with it
    /// gone, the solution waits for nothing it could deadlock on).
    pub fn idle_stop(&self) -> bool {
        !self.0.jury_ended.load(Ordering::SeqCst) && self.quiet() >= IDLE_LIMIT
    }

    /// How long nothing has happened.
    pub fn quiet(&self) -> Duration {
        let last = Duration::from_nanos(self.0.last.load(Ordering::Relaxed));
        self.0.start.elapsed().saturating_sub(last)
    }

    /// The messages passed so far.
    pub fn messages(&self) -> u64 {
        self.0.messages.load(Ordering::Relaxed)
    }

    /// The wall time both runs get beyond their wall limits for the
    /// messages passed so far.
    pub fn allowance(&self) -> Duration {
        PER_MESSAGE.saturating_mul(self.messages().min(u32::MAX as u64) as u32)
    }

    /// The time the sides and the relays waited for a CPU so far, which
    /// both runs' wall limits also grow by.
    pub fn waited_in_all(&self) -> Duration {
        let waited: u64 = (self.0.waited.iter())
            .map(|w| w.load(Ordering::Relaxed))
            .fold(0, u64::saturating_add);
        Duration::from_nanos(waited)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anything_that_happens_ends_a_quiet_spell_and_messages_and_waits_buy_wall_time() {
        let exchange = Exchange::new();
        std::thread::sleep(Duration::from_millis(30));
        assert!(exchange.quiet() >= Duration::from_millis(30));
        exchange.clone().stir();
        assert!(exchange.quiet() < Duration::from_millis(30));
        for _ in 0..1000 {
            exchange.passed();
        }
        assert_eq!(exchange.messages(), 1000);
        assert_eq!(exchange.allowance(), Duration::from_millis(50));
        // Each waiter's wait so far, however often it is told.
        exchange.waited(Waiter::Solution, Duration::from_millis(7));
        exchange.waited(Waiter::Solution, Duration::from_millis(5));
        exchange.waited(Waiter::Jury, Duration::from_millis(3));
        exchange.waited(Waiter::Relays, Duration::from_millis(1));
        assert_eq!(exchange.waited_in_all(), Duration::from_millis(11));
        assert_eq!(exchange.allowance(), Duration::from_millis(50));
    }

    #[test]
    fn an_exchange_whose_interactor_ended_is_never_idle() {
        let Some(start) = Instant::now().checked_sub(IDLE_LIMIT * 2) else {
            return;
        };
        let quiet_long = Exchange(Arc::new(Shared {
            start,
            last: AtomicU64::new(0),
            messages: AtomicU64::new(0),
            jury_ended: AtomicBool::new(false),
            waited: Default::default(),
            relays: Mutex::new(Vec::new()),
        }));
        assert!(quiet_long.idle_stop());
        quiet_long.clone().jury_ended();
        assert!(!quiet_long.idle_stop());
        assert!(!Exchange::new().idle_stop());
    }
}
