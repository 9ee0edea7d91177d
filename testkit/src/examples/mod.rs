//! What testlib-rs's example programs (`testlib/examples/`) share: each is
//! a port of an upstream testlib example or test, and some differ only in
//! a name or a switch (`probe` and `probe_ueof`, `overview-v1` to `-v4`,
//! `opts-auto-ensure` and `opts-suppressed`).
//!
//! testkit depends on testlib-rs for them, and testlib-rs has testkit as a
//! dev-dependency: a cycle cargo allows, which gives no example a second
//! testlib. An example, like an integration test, links the library as it
//! is built for dependents, and testkit is built against that same build
//! (one `libtestlib-<hash>.rlib` on both command lines), so the switches
//! an example sets before it calls in here (`enable_unexpected_eof`,
//! `suppress_ensure_no_unused_opts`) hold for the code here; the vectors
//! of `probe_ueof` and `opts-suppressed` hold them. Only testlib-rs's own
//! unit tests are the library compiled again (as a test harness), and
//! they do not use testkit.

pub mod gen_array_opts;
pub mod overview;
pub mod probe_modes;
