//! The one test kit: what every crate's tests, benches and examples share,
//! a dev-dependency of each (`testkit.workspace = true`).
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
//! * [`bench`]: the judge's benches' tiny problem and helpers;
//! * [`modules`]: a crate's modules as a graph of its files, which the
//!   workspace's guard (`tests/module_graph.rs`) holds to the layers of
//!   `docs/architecture.md`;
//! * [`functions`]: the functions of a file and their lengths
//!   (`tests/short_functions.rs`).
//!
//! testkit depends on no crate it tests: a crate's tests would get a
//! second copy of it. The judge binary is found beside the test binary
//! ([`paths::judge`]).

pub mod bench;
pub mod files;
pub mod functions;
pub mod guess;
pub mod kit;
pub mod modules;
pub mod paths;
pub mod run;
pub mod schema;
pub mod tools;
