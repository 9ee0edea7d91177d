//! The model: the kit and its problems as their files describe them, and
//! what the work produces. It runs nothing: the core runs what it
//! describes.

pub mod config;
pub mod edit;
pub mod event;
pub mod expect;
pub mod kit;
pub mod lang;
pub mod plain;
pub mod problem;
pub mod program;
pub mod results;
pub mod verdict;
