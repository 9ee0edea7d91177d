//! The core: everything that runs a program. The [`jury::Jury`] owns the
//! sandbox and compiles and runs every program through it; building tests
//! ([`testset`]), judging solutions and rounds of stress ([`round`]) are
//! made of its work.

pub mod browser;
pub mod cargo;
pub mod compile;
pub mod contest;
pub mod interact;
pub mod jury;
pub mod pandoc;
pub mod plan;
pub mod programs;
pub mod requirements;
pub mod round;
pub mod rules;
pub mod scratch;
pub mod standings;
pub mod testset;
pub mod timelimit;
pub mod toolchain;
pub mod verify;
