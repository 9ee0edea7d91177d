//! Events: the only way the core tells the world what it does.
//!
//! The core (building tests, judging solutions, verifying folders) emits an
//! [`Event`] at each step through [`Events`]; reporters (`report/`) turn
//! them into a terminal display, a JSON document or the files asked for
//! beside them. Events are emitted on
//! the command's own thread — the worker pool hands results back there — so
//! a reporter never sees two events at once.

use std::io;
use std::time::{Duration, Instant};

use crate::model::results::VerifyRow;
use crate::model::results::report::Report;
use crate::model::results::{BuildSummary, Test};
use crate::model::results::{SolutionRun, Standing, TestOutcome};
use crate::model::verdict::Group;

/// The commands, as reporters tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandKind {
    Build,
    Test,
    /// `judge test` of several files.
    Standings,
    Contest,
    Verify,
    Check,
    Package,
    Doctor,
    Stress,
    Certify,
    Statement,
    New,
    Import,
    Diff,
    Timelimit,
    Validate,
    Lab,
}

/// Something that happened, and when (since the command started).
#[derive(Debug)]
pub struct Event<'a> {
    pub elapsed: Duration,
    pub kind: EventKind<'a>,
}

/// What happened.
#[derive(Clone, Copy, Debug)]
pub enum EventKind<'a> {
    /// The command starts; always the first event.
    Started { command: CommandKind },
    /// Another judge run on this kit holds `lock`: this one waits for it.
    Waiting { lock: &'a std::path::Path },
    /// cargo built this many of the kit's checkers, validators and
    /// generators (none when they were up to date).
    ProgramsBuilt { count: usize, elapsed: Duration },
    /// Building a problem's tests starts.
    BuildStarted { problem: &'a str, tests: usize },
    /// One test of the plan is built, or found up to date.
    TestBuilt { problem: &'a str, test: &'a str },
    /// A problem's tests are built.
    BuildFinished {
        problem: &'a str,
        summary: &'a BuildSummary,
    },
    /// Solutions are judged next on `problem`'s `tests` (after
    /// `--samples`): what a report laid out by test needs besides the
    /// results (the tests' groups and targets, the problem's groups and
    /// time limit).
    Judging {
        problem: &'a str,
        time_limit: Duration,
        groups: &'a [Group],
        tests: &'a [Test],
    },
    /// Judging a solution starts (before it is compiled).
    SolutionStarted {
        problem: &'a str,
        solution: &'a str,
        tests: &'a [Test],
    },
    /// A test is judged (in test order).
    TestFinished { outcome: &'a TestOutcome },
    /// A solution is judged (or did not compile).
    SolutionFinished {
        run: &'a SolutionRun,
        tests: &'a [Test],
    },
    /// A file of `judge test`'s standings has its row: judged, found
    /// judged before, or not compiled.
    StandingRow { row: &'a Standing },
    /// `verify` compared a solution's run with its folder's promise.
    SolutionVerified { row: &'a VerifyRow },
    /// `stress` has judged this many tests so far, in `elapsed`.
    Stressed { tests: u64, elapsed: Duration },
    /// Shrinking has tried this many candidates; the smallest failing
    /// input found so far has `bytes` bytes.
    Shrinking { tried: usize, bytes: usize },
    /// The command's report; always the last event.
    Finished { report: &'a Report },
}

impl<'a> EventKind<'a> {
    /// Judging on `problem`'s `tests` starts.
    pub fn judging(problem: &'a crate::model::problem::Problem, tests: &'a [Test]) -> Self {
        EventKind::Judging {
            problem: &problem.name,
            time_limit: problem.limits.time,
            groups: &problem.groups,
            tests,
        }
    }
}

/// Emits events to one reporter. A reporter that fails (a closed pipe, a
/// full disk) gets no more events, but the work goes on to its end so that
/// every program started is reaped; [`Events::finish`] gives the error.
pub struct Events<'r> {
    reporter: &'r mut dyn Reporter,
    start: Instant,
    error: Option<io::Error>,
}

impl<'r> Events<'r> {
    /// Events for `reporter`, timed from now.
    pub fn new(reporter: &'r mut dyn Reporter) -> Events<'r> {
        Events {
            reporter,
            start: Instant::now(),
            error: None,
        }
    }

    /// Hands `kind` to the reporter.
    pub fn emit(&mut self, kind: EventKind) {
        if self.error.is_some() {
            return;
        }
        let event = Event {
            elapsed: self.start.elapsed(),
            kind,
        };
        if let Err(e) = self.reporter.report(&event) {
            self.error = Some(e);
        }
    }

    /// The reporter's failure, if any; a closed pipe (`judge test | head`)
    /// is not one.
    pub fn finish(self) -> io::Result<()> {
        let error = match self.error {
            Some(e) => Some(e),
            None => self.reporter.finish().err(),
        };
        match error {
            Some(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e),
            _ => Ok(()),
        }
    }
}

/// Turns events into output.
pub trait Reporter {
    /// Handles one event; an error stops further events to this reporter.
    fn report(&mut self, event: &Event) -> io::Result<()>;

    /// After the last event: an error kept until now (a fan-out keeps its
    /// reporters' so that the others go on).
    fn finish(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A reporter lent: a fan-out holds the command's own among its files'.
impl<R: Reporter + ?Sized> Reporter for &mut R {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        (**self).report(event)
    }

    fn finish(&mut self) -> io::Result<()> {
        (**self).finish()
    }
}

/// A reporter that drops everything (for tests and quiet runs).
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Reporter for Silent {
    fn report(&mut self, _: &Event) -> io::Result<()> {
        Ok(())
    }
}
