//! Generators: write one test to stdout; the random stream is seeded from
//! the arguments exactly as testlib's `registerGen(argc, argv, 1)` seeds it.

use std::sync::{Mutex, MutexGuard, TryLockError};

use crate::checker::program_args;
use crate::random::Random;
use crate::runtime::{self, Mode, fail};

static RND: Mutex<Random> = Mutex::new(Random::new());

/// The program's random generator (testlib's global `rnd`), held until the
/// guard is dropped.
pub type Rnd = MutexGuard<'static, Random>;

/// The program's random generator (testlib's global `rnd`). Unseeded until
/// [`register_gen`] runs; a program that uses it without registering fails
/// at exit, as in testlib. Keep one handle: asking again while the first is
/// alive is a FAIL rather than a deadlock.
pub fn rnd() -> Rnd {
    runtime::touch();
    match RND.try_lock() {
        Ok(guard) => guard,
        Err(TryLockError::Poisoned(p)) => p.into_inner(),
        Err(TryLockError::WouldBlock) => fail("rnd() is already in use: keep the first handle"),
    }
}

/// Registers a generator from the program's arguments: seeds [`rnd`] from
/// them, parses the options for [`crate::opt`], and returns the generator.
pub fn register_gen() -> Rnd {
    register_gen_with(&program_args(), 1)
}

/// [`register_gen`] with explicit arguments (program name first) and
/// testlib's random generator version (1, or 0 for generators written for
/// testlib before 0.8.7).
pub fn register_gen_with(args: &[String], version: i32) -> Rnd {
    runtime::register(Mode::Generator);
    let mut rnd = rnd();
    *rnd = Random::from_args(&args[1.min(args.len())..]);
    rnd.set_version(version);
    crate::opts::prepare_opts(args);
    rnd
}
