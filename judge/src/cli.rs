//! The command line: definitions only, no logic. Each subcommand has its
//! own argument struct, which its module in `commands/` takes. `judge
//! lab`'s families are no definitions of this file: their subcommands
//! are built from the games crate's registry, from each family's
//! parameters as it declares them (`FamilyArgs`).

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use games::family::{Family, Kind};

use crate::model::event::CommandKind;

/// Builds, validates and judges competitive-programming problems: tests,
/// checkers, validators and solutions; imports and exports ICPC, Polygon,
/// CMS and Hydro packages.
#[derive(Debug, Parser)]
#[command(name = "judge", version)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// The command line, `judge lab`'s families those of `families` (the
    /// kit's, `games::lab::FAMILIES`, and any a test adds to them).
    pub fn command_with(families: &[&'static dyn Family]) -> clap::Command {
        <Cli as clap::CommandFactory>::command()
            .mut_subcommand("lab", |lab| with_families(lab, families))
    }

    /// Parses `args` (the program's name first) with `families`.
    pub fn try_parse_with<I, T>(
        families: &[&'static dyn Family],
        args: I,
    ) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let mut command = Cli::command_with(families);
        let mut matches = command.try_get_matches_from_mut(args)?;
        <Cli as clap::FromArgMatches>::from_arg_matches_mut(&mut matches)
            .map_err(|e| e.format(&mut command))
    }

    /// Parses the process's arguments with `families`; on an error, or
    /// `--help`, prints it and exits as clap does.
    pub fn parse_with(families: &[&'static dyn Family]) -> Cli {
        Cli::try_parse_with(families, std::env::args_os()).unwrap_or_else(|e| e.exit())
    }
}

/// The heading of the options every command takes but the containment's:
/// under it, after the command's own options.
pub const GLOBAL_HEADING: &str = "Global options";

/// The heading of the options that say how submissions are contained.
pub const CONTAINMENT_HEADING: &str = "Containment";

/// The heading of the options every family of `judge lab` takes, after
/// the family's own parameters.
pub const LAB_HEADING: &str = "Table options";

/// Options every command takes, each under its heading (clap lists a
/// command's own options first, then the headings in this order).
#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// Parallel jobs (default: judge.toml's `jobs`, else the number of cores).
    #[arg(short, long, global = true, help_heading = GLOBAL_HEADING)]
    pub jobs: Option<usize>,
    /// Print one JSON object on stdout (schema 2, described in the guide:
    /// book/src/json.md) instead of the human report.
    #[arg(long, global = true, help_heading = GLOBAL_HEADING)]
    pub json: bool,
    /// When to colour the output; `auto` colours a terminal unless
    /// `NO_COLOR` is set, deciding for stdout and stderr separately.
    #[arg(
        long,
        global = true,
        value_enum,
        default_value_t = ColorChoice::Auto,
        help_heading = GLOBAL_HEADING
    )]
    pub color: ColorChoice,
    /// How runs are contained: `full`, by every layer this machine allows
    /// (`judge doctor` lists them); `none`, by their limits only (no
    /// control group, Landlock, other user or network namespace): for
    /// trusted programs on a machine of your own, and to measure what
    /// containment costs.
    #[arg(
        long,
        global = true,
        value_enum,
        default_value_t = IsolationChoice::Full,
        help_heading = CONTAINMENT_HEADING
    )]
    pub isolation: IsolationChoice,
    /// Judge submissions even where no control group caps their memory
    /// (`judge doctor` says `memory watcher` and why): the watcher then
    /// samples it every 5 ms, and a run that allocates fast can take more
    /// than its limit for a moment. Without it, such a judge refuses.
    /// The variable takes what people write: `1`, `yes`, `true`, `on`
    /// (and `0`, `no`, `false`, `off`).
    #[arg(
        long,
        global = true,
        env = "JUDGE_UNSAFE_NO_MEMORY_CAP",
        value_parser = clap::builder::BoolishValueParser::new(),
        help_heading = CONTAINMENT_HEADING
    )]
    pub unsafe_no_memory_cap: bool,
}

/// How runs are contained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum IsolationChoice {
    Full,
    None,
}

/// When to colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// The same choice for `anstream`.
    pub fn for_stream(self) -> anstream::ColorChoice {
        match self {
            ColorChoice::Auto => anstream::ColorChoice::Auto,
            ColorChoice::Always => anstream::ColorChoice::Always,
            ColorChoice::Never => anstream::ColorChoice::Never,
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Build the programs, then generate, validate and answer every test.
    Build(BuildArgs),
    /// Judge a solution on every test of a problem, or many (several files,
    /// or a folder of a class's submissions) into standings: a row per
    /// file, with its verdict, score and first failing test.
    Test(TestArgs),
    /// Judge a contest as LemonLime and Arbiter do: a folder per
    /// contestant, a file or folder per problem; standings of contestants
    /// × problems, with totals and ranks.
    Contest(ContestArgs),
    /// Judge every solution under solutions/<problem>/<verdict>/ and check
    /// that each gets the verdict its folder names.
    #[command(after_help = VERDICT_FOLDERS)]
    Verify(VerifyArgs),
    /// Run a problem's checker by hand.
    Check(CheckArgs),
    /// Export problems as a package a judge imports (a contest when more
    /// than one, or none, is named).
    Package(PackageArgs),
    /// Say how submissions are contained on this machine, layer by layer.
    Doctor,
    /// Judge a solution on random tests, with another solution's outputs as
    /// the answers, until it fails (对拍).
    Stress(StressArgs),
    /// Check the reference against a brute force on every small input up
    /// to the problem's bounds, with the checker on both answers.
    Certify(CertifyArgs),
    /// Render a problem's statement as a standalone HTML page (or PDF),
    /// or every problem as a contest booklet.
    Statement(StatementArgs),
    /// Create a new problem that builds and verifies as it is: the kit's
    /// template, or a copy of another problem.
    New(NewArgs),
    /// Make a problem of another judge's package: ICPC (2025-09 or legacy),
    /// Polygon, CMS (italy_yaml) or Hydro; its tests, jury programs,
    /// submissions and statements.
    Import(ImportArgs),
    /// Say what differs between two problems: limits, groups, each built
    /// test, the jury programs and the solutions (a round trip's check).
    Diff(DiffArgs),
    /// Run the accepted and the too-slow solutions several times and
    /// propose a time limit (twice the slowest accepted test, rounded up to
    /// 100 ms; each too-slow solution above it, by a margin).
    Timelimit(TimelimitArgs),
    /// Run a problem's validator on its tests or on files, and with
    /// --mutate on invalid inputs made from each valid one (a line end, a
    /// space, a token, the case count, a value just outside its bounds, a
    /// leading zero or sign): each one it accepts is reported.
    Validate(ValidateArgs),
    /// Tabulate a game's positions (打表): the P/N strip or Grundy values,
    /// the period the table proves, the P-positions.
    Lab(LabArgs),
}

/// The verdict folders, for `verify --help` (`expect::FOLDERS` in words).
pub const VERDICT_FOLDERS: &str = "\
The folders of solutions/<problem>/ and what each promises:
  accepted/               AC on every test
  partially_accepted/     a score below the most: above 0, or with AC
  wrong_answer/           WA (and on every test aimed at it)
  presentation_error/     PE (and on every test aimed at it)
  time_limit_exceeded/    TLE (and on every test aimed at it)
  memory_limit_exceeded/  MLE (and on every test aimed at it)
  runtime_error/          RE (and on every test aimed at it)
  brute_force/            no wrong answer wherever it finishes
Another folder, or a file in no language of judge.toml, is an error unless
problem.toml's [expected] names the file.";

impl Command {
    /// The command, as the core's events name it.
    pub fn kind(&self) -> CommandKind {
        match self {
            Command::Build(_) => CommandKind::Build,
            Command::Test(args) if args.standings() => CommandKind::Standings,
            Command::Test(_) => CommandKind::Test,
            Command::Contest(_) => CommandKind::Contest,
            Command::Verify(_) => CommandKind::Verify,
            Command::Check(_) => CommandKind::Check,
            Command::Package(_) => CommandKind::Package,
            Command::Doctor => CommandKind::Doctor,
            Command::Stress(_) => CommandKind::Stress,
            Command::Certify(_) => CommandKind::Certify,
            Command::Statement(_) => CommandKind::Statement,
            Command::New(_) => CommandKind::New,
            Command::Import(_) => CommandKind::Import,
            Command::Diff(_) => CommandKind::Diff,
            Command::Timelimit(_) => CommandKind::Timelimit,
            Command::Validate(_) => CommandKind::Validate,
            Command::Lab(_) => CommandKind::Lab,
        }
    }

    /// The files the command writes beside its report, if it takes them.
    pub fn outputs(&self) -> Option<&Outputs> {
        match self {
            Command::Test(args) => Some(&args.out),
            Command::Verify(args) => Some(&args.out),
            _ => None,
        }
    }
}

#[derive(Debug, Args)]
pub struct BuildArgs {
    /// Problems to build (default: all).
    pub problems: Vec<String>,
    /// Rebuild the cargo programs even if their sources look unchanged.
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct TestArgs {
    /// The problem (a name from judge.toml).
    pub problem: String,
    /// The solutions: source files in languages of judge.toml, or folders
    /// (every such file under them). More than one file makes standings:
    /// a row per file.
    #[arg(required = true, value_name = "FILE|DIR")]
    pub files: Vec<PathBuf>,
    /// Stop judging a file at its first test that is not accepted.
    #[arg(long)]
    pub fail_fast: bool,
    /// Judge on the sample tests only.
    #[arg(long)]
    pub samples: bool,
    /// Judge a file again under its language's other interpreter (PyPy
    /// for Python, as most judges run it; judge.toml's `other`), and say
    /// whether the verdict differs.
    #[arg(long)]
    pub both_pythons: bool,
    /// The standings' order: by file name, or by score (best first).
    #[arg(long, value_enum, default_value_t = SortBy::Name)]
    pub sort: SortBy,
    /// Judge every file again, even those whose last judging still holds
    /// (the same file, tests, checker and limits).
    #[arg(long)]
    pub rejudge: bool,
    /// Also write the standings as CSV to PATH.
    #[arg(long, value_name = "PATH")]
    pub csv: Option<PathBuf>,
    #[command(flatten)]
    pub out: Outputs,
}

#[derive(Debug, Args)]
pub struct ContestArgs {
    /// The contest's folder: the contestants' folders, in `source/`
    /// (LemonLime), `players/` (Arbiter) or the folder itself; each holds
    /// for problem `p` a file `p.<ext>` or a folder `p/` with `p.<ext>`.
    pub dir: PathBuf,
    /// The problems (default: every problem of judge.toml).
    pub problems: Vec<String>,
    /// Stop judging a submission at its first test that is not accepted.
    #[arg(long)]
    pub fail_fast: bool,
    /// Judge every submission again, even those whose last judging still
    /// holds (the same file, tests, checker and limits).
    #[arg(long)]
    pub rejudge: bool,
    /// Also write the standings as CSV to PATH.
    #[arg(long, value_name = "PATH")]
    pub csv: Option<PathBuf>,
    /// Also write the standings as a self-contained HTML page to PATH:
    /// contestants × problems, and each contestant's judgings.
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,
}

/// The files `judge test` and `judge verify` write beside their report, a
/// reporter each (`commands/mod.rs` chooses them).
#[derive(Debug, Default, Args)]
pub struct Outputs {
    /// Also write the results as a self-contained HTML page to PATH: the
    /// invocation matrix, tests × solutions judged; for several files,
    /// the standings, a row per file.
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,
    /// Also write the results as JUnit XML to PATH, for CI: a test suite
    /// per solution, a test case per test.
    #[arg(long, value_name = "PATH")]
    pub junit: Option<PathBuf>,
}

impl TestArgs {
    /// Whether the files make standings rather than one solution's run.
    pub fn standings(&self) -> bool {
        self.files.len() > 1 || self.files.iter().any(|f| f.is_dir()) || self.csv.is_some()
    }
}

/// How standings are ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SortBy {
    Name,
    Score,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Problems to verify (default: all).
    pub problems: Vec<String>,
    /// Judge each file whose language has another interpreter (PyPy for
    /// Python) under it too: a verdict that differs is a warning.
    #[arg(long)]
    pub both_pythons: bool,
    #[command(flatten)]
    pub out: Outputs,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The problem (a name from judge.toml).
    pub problem: String,
    /// The test's input.
    pub input: PathBuf,
    /// The output to check.
    pub output: PathBuf,
    /// The jury's answer (default: the reference solution's output on INPUT).
    pub answer: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct PackageArgs {
    /// Problems to export (default: all, as a contest).
    pub problems: Vec<String>,
    /// The judge's format.
    #[arg(long, value_enum)]
    pub format: crate::format::Format,
    /// Where to write it: a folder, or a file ending in `.zip`.
    #[arg(long)]
    pub out: PathBuf,
    /// The testlib.h a Polygon package ships (default: `TESTLIB_H`, else
    /// `testlib_h` in judge.toml, else p2d's copy in the tools venv).
    #[arg(long, value_name = "PATH")]
    pub testlib_h: Option<PathBuf>,
    /// Leave out the PDF statements (Polygon, ICPC and CMS packages hold
    /// them, printed by a headless Chromium).
    #[arg(long)]
    pub no_pdf: bool,
    /// Hydro only: problem ids `PREFIX-<id>`, for a domain that has the
    /// namespace PREFIX (default: `<id>`, which every domain accepts).
    #[arg(long, value_name = "PREFIX")]
    pub pid_prefix: Option<String>,
    /// Export what the format can carry and list, as warnings, the input
    /// validators it leaves out (without it, one the format cannot carry
    /// is an error; a checker or interactor is never left out).
    #[arg(long)]
    pub lossy: bool,
}

#[derive(Debug, Args)]
pub struct StressArgs {
    /// The problem (a name from judge.toml).
    pub problem: String,
    /// The solution to stress: one source file in a language of judge.toml.
    pub file: PathBuf,
    /// The solution whose outputs are the answers (default: the problem's
    /// `[stress] against`, else its reference).
    #[arg(long, value_name = "FILE")]
    pub against: Option<PathBuf>,
    /// Stop after this many tests.
    #[arg(long, default_value_t = 1000)]
    pub iterations: u64,
    /// Stop after this many seconds instead.
    #[arg(long, value_name = "SECONDS")]
    pub time: Option<f64>,
    /// The seed of the first test; each next test takes the next seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Report the failing test as found, without shrinking it.
    #[arg(long)]
    pub no_shrink: bool,
    /// Add the shrunk failing test to the problem's test plan, aimed at FILE.
    #[arg(long)]
    pub save: bool,
    /// The generator's arguments instead of the problem's `[stress] args`;
    /// `{seed}` becomes each test's seed. Give them last.
    #[arg(
        long = "gen",
        num_args = 1..,
        allow_hyphen_values = true,
        value_name = "ARG"
    )]
    pub generator_args: Vec<String>,
}

#[derive(Debug, Args)]
pub struct CertifyArgs {
    /// The problem (a name from judge.toml).
    pub problem: String,
    /// A bound of the problem's `[certify]` table, instead of its default
    /// (repeat for several).
    #[arg(long = "bound", value_name = "NAME=VALUE")]
    pub bounds: Vec<String>,
    /// The solution to compare the reference with (default: the table's
    /// `against`, else `[stress] against`).
    #[arg(long, value_name = "FILE")]
    pub against: Option<PathBuf>,
    /// Report a disagreement on the input as generated, without shrinking it.
    #[arg(long)]
    pub no_shrink: bool,
}

#[derive(Debug, Args)]
pub struct StatementArgs {
    /// The problem (default: every problem of judge.toml, as one contest
    /// booklet).
    pub problem: Option<String>,
    /// The statement's language, by its code: `en` or `zh` for the kit's
    /// problems, any language of its package for an imported one.
    #[arg(long, default_value_t = crate::model::lang::Lang::EN)]
    pub lang: crate::model::lang::Lang,
    /// Print it to PDF with a headless Chromium instead of writing HTML.
    #[arg(long)]
    pub pdf: bool,
    /// Where to write it (default:
    /// `target/judge/statements/<problem or contest>.<lang>.<html or pdf>`).
    #[arg(long, value_name = "PATH")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct NewArgs {
    /// The new problem's name: lower-case letters, digits and `-`, starting
    /// with a letter, at most 32 characters.
    pub name: String,
    /// Copy this problem (its folder, solutions and the programs named
    /// after it) instead of the template.
    #[arg(long, value_name = "PROBLEM")]
    pub from: Option<String>,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The package: a folder, or a zip.
    pub path: PathBuf,
    /// The problem's name in the kit (default: the package's, made a name).
    #[arg(long)]
    pub name: Option<String>,
    /// The package's format (default: found from its files).
    #[arg(long, value_enum)]
    pub format: Option<crate::format::Format>,
    /// Import what the kit can represent and list, as warnings, what it
    /// leaves out (without it, anything left out is an error).
    #[arg(long)]
    pub lossy: bool,
}

#[derive(Debug, Args)]
pub struct TimelimitArgs {
    /// The problem (a name from judge.toml).
    pub problem: String,
    /// How many times each accepted solution runs on every test.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=20))]
    pub runs: u32,
    /// Write the proposed limit into problem.toml (`time_limit_ms`).
    #[arg(long)]
    pub write: bool,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The problem (a name from judge.toml).
    pub problem: String,
    /// Input files to validate (default: the problem's tests).
    pub files: Vec<PathBuf>,
    /// Also make invalid inputs from each valid one and report each one
    /// the validator accepts.
    #[arg(long)]
    pub mutate: bool,
}

/// The options after the family: under their own heading, so that a
/// family's own parameters come first in its help.
#[derive(Debug, Args)]
#[command(next_help_heading = LAB_HEADING)]
pub struct LabArgs {
    #[command(subcommand)]
    pub family: FamilyArgs,
    /// Tabulate the positions 0..N (for two-pile games, N × N; for
    /// Fibonacci Nim, piles 0..N). Without it, a table whose period its
    /// theorem has not proven yet doubles, up to the family's budget.
    #[arg(long, global = true, value_name = "N")]
    pub upto: Option<usize>,
    /// Also give the Grundy values (normal play).
    #[arg(long, global = true)]
    pub sg: bool,
    /// Misère play: the player who takes the last token loses.
    #[arg(long, global = true)]
    pub misere: bool,
    /// Also draw the P-positions as an SVG picture at PATH: rows of a
    /// period, the grid of two piles, or a row per set of a sweep.
    #[arg(long, global = true, value_name = "PATH")]
    pub plot: Option<PathBuf>,
    /// Also write one self-contained page to PATH: the table, the period
    /// it proves (or why none), a sweep's sets and the picture.
    #[arg(long, global = true, value_name = "PATH")]
    pub html: Option<PathBuf>,
    /// Write the positions a problem's tests should hold to PATH, a line
    /// each with its outcome and why (one heap, a proven period): the first
    /// period after the preperiod, both sides of each of its P-positions,
    /// and the largest position up to --max of each residue class.
    #[arg(long, global = true, value_name = "PATH")]
    pub emit_tests: Option<PathBuf>,
    /// Compare a conjecture with the table: a program (any language the
    /// kit judges; needs a kit) that reads a case per line and prints its
    /// answer per line. A sweep's case is its parameters' values in order,
    /// and the answer the period (sets whose period is proven); with
    /// --positions, a position follows and the answer is P or N. The first
    /// disagreement is shrunk to the smallest case that still disagrees.
    #[arg(long, global = true, value_name = "FILE")]
    pub conjecture: Option<PathBuf>,
    /// The conjecture predicts each position's outcome (P or N): a case is
    /// the position (`n`; two piles `a b`; heaps `k h1 … hk`), after a
    /// sweep's values.
    #[arg(long, global = true, requires = "conjecture")]
    pub positions: bool,
    /// The largest position the problem allows, for --emit-tests.
    #[arg(
        long,
        global = true,
        value_name = "N",
        default_value_t = 1_000_000_000_000_000_000
    )]
    pub max: u64,
}

/// The family `judge lab` tabulates and its parameters as given: the
/// subcommands are the families of a registry (`games::lab::FAMILIES`,
/// or a test's), each built from its parameters' data, and the family is
/// found again by its name when the command runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyArgs {
    pub name: String,
    /// Each argument given to the family's subcommand (or defaulted), by
    /// name, as text.
    pub given: Vec<(String, String)>,
}

/// `judge lab`'s subcommand for `family`: its help and its parameters,
/// as the family declares them.
fn family_command(family: &dyn Family) -> clap::Command {
    let params = family.params().iter().map(|p| {
        let mut arg = clap::Arg::new(p.name)
            .value_name(p.name.to_uppercase().replace('-', "_"))
            .required(p.default.is_none() && !p.optional);
        if !p.help.is_empty() {
            arg = arg.help(p.help);
        }
        if let Some(default) = p.default {
            arg = arg.default_value(default);
        }
        match p.kind {
            Kind::Count => arg.long(p.name).value_parser(clap::value_parser!(usize)),
            Kind::Text => arg.long(p.name),
            Kind::Positional => arg,
        }
    });
    // `default().name()`: what `new` does, in words the module rules do
    // not take for starting a process.
    clap::Command::default()
        .name(family.name())
        .about(family.about())
        .args(params)
}

/// `lab` with a subcommand for each of `families` it lacks.
fn with_families(lab: clap::Command, families: &[&'static dyn Family]) -> clap::Command {
    families
        .iter()
        .fold(lab, |lab, f| match lab.find_subcommand(f.name()) {
            Some(_) => lab,
            None => lab.subcommand(family_command(*f)),
        })
}

impl clap::FromArgMatches for FamilyArgs {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        Self::from_arg_matches_mut(&mut matches.clone())
    }

    fn from_arg_matches_mut(matches: &mut clap::ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, family)) = matches.remove_subcommand() else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::MissingSubcommand,
                "expected a game family",
            ));
        };
        let given = (family.ids())
            .filter_map(|id| {
                let text = family.try_get_raw(id.as_str()).ok()??.next()?;
                Some((id.to_string(), text.to_string_lossy().into_owned()))
            })
            .collect();
        Ok(FamilyArgs { name, given })
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Subcommand for FamilyArgs {
    fn augment_subcommands(lab: clap::Command) -> clap::Command {
        with_families(lab, games::lab::FAMILIES)
    }

    fn augment_subcommands_for_update(lab: clap::Command) -> clap::Command {
        Self::augment_subcommands(lab)
    }

    fn has_subcommand(name: &str) -> bool {
        games::lab::find(games::lab::FAMILIES, name).is_ok()
    }
}

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// A problem (a name from judge.toml).
    pub a: String,
    /// The problem to compare it with.
    pub b: String,
}

#[cfg(test)]
mod tests {
    use super::{CONTAINMENT_HEADING, Cli, GLOBAL_HEADING, LAB_HEADING};

    /// What `judge ARGS --help` prints.
    fn help(args: &[&str]) -> String {
        let argv = ["judge"].iter().chain(args).chain(&["--help"]);
        match Cli::try_parse_with(games::lab::FAMILIES, argv) {
            Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelp => e.render().to_string(),
            other => panic!("{args:?}: no help: {other:?}"),
        }
    }

    /// Where `text` first is in `help`.
    fn at(help: &str, text: &str) -> usize {
        help.find(text)
            .unwrap_or_else(|| panic!("no {text:?} in:\n{help}"))
    }

    #[test]
    fn every_commands_own_options_come_before_the_global_and_containment_ones() {
        let command = Cli::command_with(games::lab::FAMILIES);
        let mut paths: Vec<Vec<&str>> = vec![vec![]];
        for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
            paths.push(vec![sub.get_name()]);
            for family in sub.get_subcommands() {
                paths.push(vec![sub.get_name(), family.get_name()]);
            }
        }
        assert!(paths.len() > 20, "{paths:?}");
        for path in paths {
            let help = help(&path);
            let (global, containment) = (
                at(&help, &format!("\n{GLOBAL_HEADING}:\n")),
                at(&help, &format!("\n{CONTAINMENT_HEADING}:\n")),
            );
            assert!(
                at(&help, "\nOptions:\n") < global
                    && global < at(&help, "--jobs")
                    && at(&help, "--color") < containment
                    && containment < at(&help, "--isolation")
                    && containment < at(&help, "--unsafe-no-memory-cap"),
                "{path:?}:\n{help}"
            );
        }
    }

    #[test]
    fn a_lab_family_lists_its_own_parameters_first() {
        let help = help(&["lab", "subtraction"]);
        let table = at(&help, &format!("\n{LAB_HEADING}:\n"));
        assert!(
            at(&help, "--moves") < at(&help, "--sweep")
                && at(&help, "--sweep") < table
                && table < at(&help, "--upto")
                && at(&help, "--upto") < at(&help, "--jobs"),
            "{help}"
        );
    }

    #[test]
    fn the_summaries_say_what_each_command_does() {
        let top = help(&[]);
        assert!(!top.contains("game problems"), "{top}");
        let line = |name: &str| {
            let start = at(&top, &format!("\n  {name} "));
            top[start..].lines().nth(1).unwrap_or_default().to_string()
        };
        // The five formats `judge import` reads (`format::Format::ALL`).
        let import = line("import");
        for format in ["ICPC", "2025-09", "legacy", "Polygon", "CMS", "Hydro"] {
            assert!(import.contains(format), "{format}: {import}");
        }
        assert_eq!(crate::format::Format::ALL.len(), 5);
        assert!(line("test").contains("standings"), "{top}");
    }
}
