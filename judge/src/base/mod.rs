//! The base: tools that know nothing of problems or judges. File writes
//! that appear whole ([`fsutil`]), the ordered worker pool ([`pool`]), and
//! two pure edits of inputs: shrinking a failing one ([`shrink`]) and
//! making invalid ones from a valid one ([`mutate`]); and which known name
//! a mistyped one was meant to be ([`suggest`]).

pub mod fsutil;
pub mod mutate;
pub mod pool;
pub mod shrink;
pub mod suggest;
