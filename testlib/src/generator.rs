//! Generators: write one test to stdout; the random stream is seeded from
//! the arguments exactly as testlib's `registerGen(argc, argv, 1)` seeds it.

use std::sync::{Mutex, MutexGuard, TryLockError};

use crate::args::program_args;
use crate::random::Random;
use crate::runtime::{self, Mode, fail};

static RND: Mutex<Random> = Mutex::new(Random::new());

/// The program's random generator (testlib's global `rnd`), held until the
/// handle is dropped. Unlike a bare lock guard it may be dropped at once:
/// `register_gen();` on its own is the idiom for programs that draw with
/// [`rnd`] everywhere.
pub struct Rnd(MutexGuard<'static, Random>);

impl std::ops::Deref for Rnd {
    type Target = Random;
    fn deref(&self) -> &Random {
        &self.0
    }
}

impl std::ops::DerefMut for Rnd {
    fn deref_mut(&mut self) -> &mut Random {
        &mut self.0
    }
}

/// The program's random generator (testlib's global `rnd`). Unseeded until
/// [`register_gen`] runs; a program that uses it without registering fails
/// at exit, as in testlib.
///
/// Helper functions draw from it without being passed a handle, as C++
/// helpers use the global `rnd`: register without keeping the handle, and
/// call `rnd()` for each draw. A handle is held until it is dropped; asking
/// again on the same thread while one is alive is a FAIL rather than a
/// deadlock.
///
/// ```no_run
/// use testlib::prelude::*;
///
/// fn weight() -> i64 {
///     rnd().next_range(1, 1_000_000_000)
/// }
///
/// fn main() {
///     register_gen();
///     let n = rnd().next_range(1, 10);
///     let w: Vec<i64> = (0..n).map(|_| weight()).collect();
///     println((n, w));
/// }
/// ```
pub fn rnd() -> Rnd {
    runtime::touch();
    match RND.try_lock() {
        Ok(guard) => Rnd(guard),
        Err(TryLockError::Poisoned(p)) => Rnd(p.into_inner()),
        Err(TryLockError::WouldBlock) => fail(
            "rnd() is already in use: drop the first handle (call `register_gen();` without keeping it) or draw into a variable first",
        ),
    }
}

/// Registers a generator from the program's arguments: seeds [`rnd`] from
/// them, parses the options for [`crate::opt`], and returns the generator.
pub fn register_gen() -> Rnd {
    // testlib hashes the raw bytes of `argv`: an argument that is not UTF-8
    // must not be replaced by U+FFFD before seeding.
    let raw: Vec<Vec<u8>> = std::env::args_os()
        .map(std::ffi::OsString::into_encoded_bytes)
        .collect();
    register(&program_args(), &raw, 1)
}

/// [`register_gen`] with explicit arguments (program name first) and
/// testlib's random generator version (1, or 0 for generators written for
/// testlib before 0.8.7).
pub fn register_gen_with(args: &[String], version: i32) -> Rnd {
    register(args, args, version)
}

/// Registers with the options parsed from `args` and the generator seeded
/// from `raw` (both with the program name first).
fn register<S: AsRef<[u8]>>(args: &[String], raw: &[S], version: i32) -> Rnd {
    runtime::register(Mode::Generator);
    let mut rnd = rnd();
    *rnd = seeded(raw);
    rnd.set_version(version);
    crate::opts::prepare_opts(args);
    rnd
}

/// The generator `registerGen` seeds from `argv` (the program name is skipped).
fn seeded<S: AsRef<[u8]>>(raw: &[S]) -> Random {
    Random::from_args(&raw[1.min(raw.len())..])
}

/// Sends stdout to a new file named after `test` (testlib's `startTest`),
/// for generators that write several tests in one run.
pub fn start_test(test: i32) {
    use std::io::Write;
    use std::os::fd::AsRawFd;
    let _ = std::io::stdout().flush();
    let name = test.to_string();
    let file = std::fs::File::create(&name)
        .unwrap_or_else(|_| fail(format!("Unable to write file '{name}'")));
    // SAFETY: both descriptors are open; dup2 atomically replaces stdout.
    if unsafe { libc::dup2(file.as_raw_fd(), 1) } < 0 {
        fail(format!("Unable to write file '{name}'"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_from_raw_argument_bytes() {
        // `igen` with a Latin-1 `café`: the byte 0xE9 is hashed as is.
        let raw: [&[u8]; 2] = [b"igen", b"caf\xe9"];
        let lossy: Vec<String> = raw
            .iter()
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        let from_raw = seeded(&raw).next_range(1, 1_000_000);
        assert_eq!(
            from_raw,
            Random::from_args(&[b"caf\xe9"]).next_range(1, 1_000_000)
        );
        assert_ne!(from_raw, seeded(&lossy).next_range(1, 1_000_000));
        // Valid UTF-8 seeds alike either way (vector generators/igen/05).
        assert_eq!(seeded(&["igen", "café"]).next_range(1, 1_000_000), 719015);
    }
}
