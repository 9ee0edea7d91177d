//! The kit's runner: `judge build`, `test`, `verify`, `check`.
//!
//! The pipeline: [`kit::Kit`] finds the kit and loads `judge.toml` and each
//! `problem.toml` ([`config`]); [`program`] compiles single-file programs
//! once (cached by a content hash) and [`kit::Kit::build_cargo_programs`] builds
//! the testlib-rs checkers, validators and generators; [`testset`] turns the
//! test plan into built tests; [`exec`] judges a solution on them in
//! parallel through [`sandbox`], which runs each untrusted program under its
//! limits; [`report`] shows the results.

pub mod cli;
pub mod commands;
pub mod config;
pub mod exec;
pub mod fsutil;
pub mod kit;
pub mod program;
pub mod progress;
pub mod report;
pub mod sandbox;
pub mod testset;
pub mod verdict;
