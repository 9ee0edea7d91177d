//! A checker that may judge on another thread: `THREAD=spawned thread-quit
//! input output answer` reads and quits from a spawned thread, through the
//! global streams; without `THREAD` it does the same on the main thread.
//! `tests/threads.rs` requires both to end alike.
use testlib::prelude::*;

/// Compares one integer, reading the answer first (a bad output is then the
/// contestant's fault); OK also checks that nothing is left in the output.
fn judge() {
    let expected = ans().read_long();
    let found = ouf().read_long();
    quitif!(found != expected, WA, "expected {expected}, found {found}");
    quitf!(OK, "answer is {found}");
}

fn main() {
    register_checker();
    if std::env::var_os("THREAD").is_some_and(|v| v == "spawned") {
        // The verdict ends the process from the thread: `join` never returns.
        let _ = std::thread::spawn(judge).join();
        unreachable!("the thread ended without a verdict");
    }
    judge();
}
