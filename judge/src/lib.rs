//! The kit's runner: `judge build`, `test`, `verify`, `check`.
//!
//! The pipeline, in the order a command meets it (`docs/architecture.md`
//! has the whole map):
//!
//! * [`kit::Kit`] finds the kit and reads `judge.toml` ([`config`]);
//!   [`problem::Problem`] resolves each `problem.toml` into the problem
//!   model; [`cargo`] builds the kit's checkers, validators and generators
//!   and [`program`] compiles single-file programs, both cached by content;
//! * [`jury::Jury`] is the judging service — generators, validators,
//!   reference answers, solutions and checkers all run through it, in a
//!   [`sandbox::Sandbox`] (the crate of its own that holds every `unsafe`
//!   block), on the one worker [`pool`];
//! * [`testset`] builds a problem's tests; [`expect`] holds what each
//!   solutions folder promises; [`verdict`] every rule that gives a verdict
//!   or a score;
//! * the core emits [`event`]s; reporters ([`report`]) are the only code
//!   that prints;
//! * [`commands`] are the glue, one per subcommand of [`cli`];
//!   [`reference`] makes the guide's page of each from its definition.

#![forbid(unsafe_code)]

pub mod base;
pub mod cli;
pub mod commands;
pub mod core;
pub mod format;
pub mod model;
pub mod reference;
pub mod report;
pub mod service;
