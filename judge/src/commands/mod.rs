//! One module per command: thin glue that takes the command's arguments,
//! asks the kit and the jury for the work, and ends with the command's
//! report. A new command is one more file here (and its arguments in
//! `cli.rs`). Its outputs are reporters, chosen here alone ([`outputs`]).

pub mod build;
pub mod certify;
pub mod check;
pub mod conjecture;
pub mod contest;
pub mod diff;
pub mod doctor;
pub mod import;
pub mod lab;
pub mod new;
pub mod package;
pub mod statement;
pub mod stress;
pub mod test;
pub mod timelimit;
pub mod validate;
pub mod verify;

use std::io::BufWriter;
use std::path::PathBuf;

use anyhow::Result;
use games::family::Family;

use crate::cli::{Cli, Command, IsolationChoice};
use crate::core::jury::{Containment, Jury};
use crate::model::event::Reporter;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::report::fanout::Fanout;
use crate::report::file::{FileReporter, Render};
use crate::report::json::JsonReporter;
use crate::report::terminal::{TerminalReporter, bars_wanted};
use crate::report::{csv, junit, pages, plot};

/// Runs the command line's command, reporting on stdout. Returns true if
/// and only if the command's verdict is the one hoped for (every test
/// accepted, every solution as its folder says, ...).
pub fn run(cli: &Cli) -> Result<bool> {
    let mut reporter: Box<dyn Reporter> = if cli.global.json {
        Box::new(JsonReporter::new(BufWriter::new(std::io::stdout())))
    } else {
        use std::io::IsTerminal;
        let log = !std::io::stdout().is_terminal();
        let stdout = anstream::AutoStream::new(std::io::stdout(), cli.global.color.for_stream());
        Box::new(TerminalReporter::new(stdout, bars_wanted()).stages(log))
    };
    run_with(cli, &mut *reporter, games::lab::FAMILIES)
}

/// [`run`] with the reporter on stdout, and `judge lab`'s families,
/// given: the kit's (`games::lab::FAMILIES`), or a test's (a family of its
/// own added to them, as `Cli::try_parse_with` parsed it).
pub fn run_with(
    cli: &Cli,
    reporter: &mut dyn Reporter,
    families: &[&'static dyn Family],
) -> Result<bool> {
    let mut outputs = outputs(&cli.command, reporter);
    let mut events = Events::new(&mut outputs);
    events.emit(EventKind::Started {
        command: cli.command.kind(),
    });
    let result = match &cli.command {
        // The lab needs no kit, unless a conjecture is compiled.
        Command::Lab(args) if args.conjecture.is_none() => {
            lab::run(&mut events, args, None, families)
        }
        command => in_kit(cli, command, &mut events, families),
    };
    // A closed stdout (`judge test | head`) does not change the verdict.
    let output = events.finish();
    let ok = result?;
    output?;
    Ok(ok)
}

/// The command's outputs, chosen here alone: each file it was asked for,
/// a reporter that writes it whole when the report comes, in the order
/// they are written; then `stdout`, the terminal's report or `--json`'s.
fn outputs<'r>(command: &Command, stdout: &'r mut dyn Reporter) -> Fanout<'r> {
    let mut files: Vec<(Option<&PathBuf>, Box<dyn Render>)> = Vec::new();
    match command {
        Command::Test(args) => files.push((args.csv.as_ref(), Box::new(csv::Csv))),
        Command::Contest(args) => {
            files.push((args.csv.as_ref(), Box::new(csv::Csv)));
            files.push((args.html.as_ref(), Box::<pages::Page>::default()));
        }
        Command::Lab(args) => {
            files.push((args.plot.as_ref(), Box::new(plot::Plot)));
            files.push((args.html.as_ref(), Box::new(plot::Page)));
        }
        _ => {}
    }
    if let Some(out) = command.outputs() {
        files.push((out.html.as_ref(), Box::<pages::Page>::default()));
        files.push((out.junit.as_ref(), Box::<junit::Junit>::default()));
    }
    let mut all = Fanout::default();
    for (path, format) in files {
        if let Some(path) = path {
            all.push(FileReporter::new(path, format));
        }
    }
    all.push(stdout);
    all
}

/// Runs a command on the kit around the current folder.
fn in_kit(
    cli: &Cli,
    command: &Command,
    events: &mut Events,
    families: &[&'static dyn Family],
) -> Result<bool> {
    let kit = Kit::discover(&std::env::current_dir()?).map_err(|e| match command {
        Command::Lab(_) => {
            e.context("judge lab --conjecture compiles its program with a kit's languages")
        }
        _ => e,
    })?;
    let containment = match cli.global.isolation {
        IsolationChoice::Full => Containment::Full {
            uncapped_memory: cli.global.unsafe_no_memory_cap,
        },
        IsolationChoice::None => Containment::None,
    };
    let jury = Jury::native(&kit, kit.jobs(cli.global.jobs), containment)?;
    match command {
        Command::Build(args) => build::run(&kit, &jury, events, args),
        Command::Test(args) => test::run(&kit, &jury, events, args),
        Command::Contest(args) => contest::run(&kit, &jury, events, args),
        Command::Verify(args) => verify::run(&kit, &jury, events, args),
        Command::Check(args) => check::run(&kit, &jury, events, args),
        Command::Package(args) => package::run(&kit, &jury, events, args),
        Command::Doctor => doctor::run(&kit, &jury, events),
        Command::Stress(args) => stress::run(&kit, &jury, events, args),
        Command::Certify(args) => certify::run(&kit, &jury, events, args),
        Command::Statement(args) => statement::run(&kit, &jury, events, args),
        Command::New(args) => new::run(&kit, events, args),
        Command::Import(args) => import::run(&kit, &jury, events, args),
        Command::Diff(args) => diff::run(&kit, &jury, events, args),
        Command::Timelimit(args) => timelimit::run(&kit, &jury, events, args),
        Command::Validate(args) => validate::run(&kit, &jury, events, args),
        Command::Lab(args) => lab::run(events, args, Some((&kit, &jury)), families),
    }
}
