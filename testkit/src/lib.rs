//! The one test kit: what every crate's tests, benches and examples share.
//!
//! * [`modules`]: a crate's modules as a graph of its files, which the
//!   workspace's guard (`tests/module_graph.rs`) holds to the layers of
//!   `docs/architecture.md`;
//! * [`functions`]: the functions of a file and their lengths
//!   (`tests/short_functions.rs`).

pub mod functions;
pub mod modules;
