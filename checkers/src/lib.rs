//! The game logic behind the kit's checkers, as a library so that the
//! certification tests can run it exhaustively in-process. Each module
//! decides answers from the game's rules; the binaries in `src/bin/` read
//! the files with testlib-rs and report verdicts. testlib's standard
//! checkers are here too (`standard`), for a host that runs them in its own
//! process.

// The standard checkers' binaries name this crate as their users do.
extern crate self as checkers;

pub mod fibonacci;
pub mod fibonacci_play;
pub mod nim;
pub mod nim_play;
pub mod read;
pub mod standard;
pub mod stock;
pub mod winner;
pub mod wythoff;
