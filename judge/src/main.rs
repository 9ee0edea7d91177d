//! `judge`: parse the command line, run the command, map the result to an
//! exit status (0 success, 1 a verdict other than the expected one, 2 an
//! error of the kit or of its configuration).

use std::process::ExitCode;

use clap::Parser;
use judge::cli::{Cli, Command};
use judge::commands;
use judge::kit::Kit;

fn run(cli: Cli) -> anyhow::Result<bool> {
    let kit = Kit::discover(&std::env::current_dir()?)?;
    let jobs = kit.jobs(cli.jobs);
    match &cli.command {
        Command::Build { problems, force } => {
            commands::build::run(&kit, problems, jobs, *force, cli.json)
        }
        Command::Test {
            problem,
            file,
            fail_fast,
        } => commands::test::run(&kit, problem, file, jobs, *fail_fast, cli.json),
        Command::Verify { problems } => commands::verify::run(&kit, problems, jobs, cli.json),
        Command::Check {
            problem,
            input,
            output,
            answer,
        } => commands::check::run(&kit, problem, input, output, answer.as_deref(), cli.json),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            let broken_pipe = e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>()
                    .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            });
            if broken_pipe {
                return ExitCode::SUCCESS;
            }
            let red = judge::report::Style::detect().paint("1;31", "error:");
            eprintln!("{red} {e:#}");
            ExitCode::from(2)
        }
    }
}
