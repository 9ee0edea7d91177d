//! The one test kit: what the crates' tests, benches and examples share,
//! a dev-dependency (`testkit.workspace = true`) of each crate that uses
//! it.
//!
//! * [`kit`]: the kit a test runs the judge in, throw-away (the problem
//!   "sum" in C, [`kit::sum`]) or a copy of this kit's sources, with the
//!   judge's runs, their `--json` documents and the files they leave;
//! * [`run`]: a run under a watchdog, where a program that does not end
//!   waits ([`run::stuck`]), the processes a run left;
//! * [`paths`]: the kit's root, its target folder, the judge binary;
//! * [`files`]: files written, read back whole, copied;
//! * [`schema`]: the documented schema of the `--json` documents;
//! * [`tools`]: the judges' own tools (BAPCtools, problemtools, p2d,
//!   Hydro) and the testlib.h p2d ships;
//! * [`guess`]: a guessing game, the interactive problem of the judge's
//!   tests;
//! * [`cpp`]: the C++ twins of the checkers and validators, built on
//!   testlib.h and run in its calling convention;
//! * [`certify`]: a checker run under certification;
//! * [`play`]: the play harness of the interactive problems;
//! * [`bench`](mod@bench): the judge's benches' tiny problem and helpers;
//! * [`stability`]: every verdict judged round after round, quietly or
//!   beside a CPU hog: the verdicts that flip, how late the CPU limit
//!   stops a run;
//! * [`examples`]: the code testlib-rs's examples share;
//! * [`modules`]: a crate's modules as a graph of its files, which the
//!   workspace's guard (`tests/module_graph.rs`) holds to the layers of
//!   `docs/architecture.md`;
//! * [`functions`]: the functions of a file and their lengths
//!   (`tests/short_functions.rs`).
//!
//! testkit depends on no crate it tests (a crate's tests would link a
//! second copy of it) but testlib-rs, whose examples share code here and
//! link the same build of it ([`examples`] says why). The judge binary is
//! found beside the test binary ([`paths::judge`]); the checkers' binaries
//! (`env!("CARGO_BIN_EXE_..")`) and what [`play`] needs of the checkers
//! crate are given by their tests.

pub mod bench;
pub mod certify;
pub mod cpp;
pub mod examples;
pub mod files;
pub mod functions;
pub mod guess;
pub mod kit;
pub mod modules;
pub mod paths;
pub mod play;
pub mod run;
pub mod schema;
pub mod stability;
pub mod tools;
