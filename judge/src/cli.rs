//! The command line: definitions only, no logic.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// Builds, validates and judges the kit's game problems.
#[derive(Debug, Parser)]
#[command(name = "judge", version, about)]
pub struct Cli {
    /// Parallel jobs (default: judge.toml's `jobs`, else the number of cores).
    #[arg(short, long, global = true)]
    pub jobs: Option<usize>,
    /// Print one JSON object on stdout instead of the human report.
    #[arg(long, global = true)]
    pub json: bool,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build the programs, then generate, validate and answer every test.
    Build {
        /// Problems to build (default: all).
        problems: Vec<String>,
        /// Rebuild the cargo programs even if their sources look unchanged.
        #[arg(long)]
        force: bool,
    },
    /// Judge one solution on every test of a problem.
    Test {
        problem: String,
        file: PathBuf,
        /// Stop at the first test that is not accepted.
        #[arg(long)]
        fail_fast: bool,
    },
    /// Judge every solution under solutions/<problem>/<verdict>/ and check
    /// that each gets the verdict its folder names.
    Verify {
        /// Problems to verify (default: all).
        problems: Vec<String>,
    },
    /// Run a problem's checker by hand.
    Check {
        problem: String,
        input: PathBuf,
        output: PathBuf,
        /// The jury's answer (default: the reference solution's output on INPUT).
        answer: Option<PathBuf>,
    },
}
