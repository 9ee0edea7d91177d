//! The display for people: a line per built problem, per judged test or
//! per verified solution, summaries, the details of the first failing
//! test, and progress bars on stderr while work goes on.

use std::io::{self, Write};
use std::time::Duration;

use anstyle::AnsiColor;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::diff::{failure_details, last_words, paint, test_line, verdict};
use crate::model::event::Reporter;
use crate::model::event::{CommandKind, Event, EventKind};
use crate::model::results::SolutionRun;
use crate::model::results::VerifyRow;
use crate::model::results::report::{
    CertifyReport, ContestCell, ContestReport, Counterexample, DiffReport, ImportReport, LabReport,
    NewReport, PackageReport, Report, StandingsReport, StressReport, SweepRow, TimelimitReport,
    ValidateReport,
};
use crate::model::results::{BuildSummary, Test, spacing_summary};
use crate::model::results::{Isolation, Requirement};
use crate::model::verdict::Verdict;

/// Prints for people on `out` (stdout, which strips colours when they are
/// off); progress bars go to stderr.
pub struct TerminalReporter<W: Write> {
    out: W,
    bars: bool,
    /// A line per finished stage (each problem's tests built), for a log
    /// that has no progress bars to watch.
    stages: bool,
    command: Option<CommandKind>,
    bar: Option<ProgressBar>,
    /// The latest solution judged, for the `verify` row that follows.
    last_run: Option<SolutionRun>,
    /// Whether `verify`'s table has its header yet.
    header: bool,
}

impl<W: Write> TerminalReporter<W> {
    /// A reporter writing to `out`, with progress bars if `bars`.
    pub fn new(out: W, bars: bool) -> TerminalReporter<W> {
        TerminalReporter {
            out,
            bars,
            stages: !bars,
            command: None,
            bar: None,
            last_run: None,
            header: false,
        }
    }

    /// Whether to print a line per finished stage: always without bars,
    /// and when `out` is not a terminal (a log).
    pub fn stages(mut self, on: bool) -> TerminalReporter<W> {
        self.stages |= on;
        self
    }

    fn start_bar(&mut self, len: usize, message: String) {
        if !self.bars {
            return;
        }
        let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
        if let Ok(style) =
            ProgressStyle::with_template("{msg:>16} [{bar:40}] {pos}/{len} {elapsed}")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        bar.set_message(message);
        self.bar = Some(bar);
    }

    fn advance_bar(&self) {
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
    }

    fn clear_bar(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }

    fn built(&mut self, s: &BuildSummary) -> io::Result<()> {
        let what = if s.generated + s.validated + s.answered == 0 {
            "up to date".to_string()
        } else {
            format!(
                "{} generated, {} validated, {} answered; reference at most {} ms",
                s.generated,
                s.validated,
                s.answered,
                s.reference_max_time.as_millis()
            )
        };
        let invalid = match s.invalid_rejected {
            0 => String::new(),
            n => format!("; {n} invalid inputs rejected"),
        };
        writeln!(
            self.out,
            "{:<14} {:>3} tests  {what}{invalid}",
            s.problem, s.tests
        )?;
        let compared = s.regenerated_equal + s.regenerated_different.len();
        if compared > 0 {
            write!(
                self.out,
                "{:<14} regenerated {compared} tests the package stores: {} equal to its bytes",
                "", s.regenerated_equal
            )?;
            match s.regenerated_different.as_slice() {
                [] => writeln!(self.out)?,
                different => writeln!(self.out, ", different: {}", different.join(" "))?,
            }
        }
        for n in &s.not_compiled {
            writeln!(
                self.out,
                "{:<14} {} does not compile here ({}): the package's stored files stand in for \
                 it on {} tests",
                "", n.program, n.error, n.tests
            )?;
        }
        Ok(())
    }

    /// `judge test`'s summary and the first failure's details.
    fn judged(&mut self, run: &SolutionRun, tests: &[Test]) -> io::Result<()> {
        if let Some(message) = &run.compile_error {
            return writeln!(self.out, "{}\n{message}", verdict(run.verdict, 2));
        }
        let accepted = run.passed();
        let max_time = run.slowest();
        let max_memory = run.outcomes.iter().map(|o| o.memory_bytes).max();
        let score = match (run.score, run.max_score) {
            (Some(s), Some(max)) => format!(", score {s}/{max}"),
            (Some(s), None) => format!(", score {s}"),
            (None, _) => String::new(),
        };
        writeln!(
            self.out,
            "\n{}  {accepted}/{} tests accepted, max {:.3} s, {} MiB{score}",
            verdict(run.verdict, 2),
            tests.len(),
            max_time.as_secs_f64(),
            max_memory.unwrap_or_default() >> 20
        )?;
        if let Some(spacing) = spacing_summary(&run.outcomes) {
            writeln!(self.out, "note: {spacing}")?;
        }
        let first = run.outcomes.iter().find(|o| !o.verdict.is_accepted());
        if let Some(first) = first
            && let Some(test) = tests.iter().find(|t| t.name == first.name)
        {
            let details = failure_details(first, &test.input, &test.answer);
            write!(self.out, "{details}")?;
        }
        Ok(())
    }

    /// One row of `judge verify`'s table.
    fn verified(&mut self, row: &VerifyRow) -> io::Result<()> {
        let mut detail = match (&row.failed_test, &row.compile_error) {
            (Some(test), _) => format!("on test {test}"),
            (None, Some(_)) => "compile error".to_string(),
            (None, None) => format!("{}/{} tests", row.judged, row.tests),
        };
        let skipped = row.tests - row.judged.min(row.tests);
        match (&row.failed_test, row.is_brute_force()) {
            (Some(failed), true) if skipped > 0 => detail.push_str(&format!(
                ", finished {}/{} judged ({skipped} not smaller than test {failed} skipped)",
                row.finished, row.judged
            )),
            (_, true) => {
                detail.push_str(&format!(", finished {}/{} tests", row.finished, row.tests))
            }
            (Some(_), false) if skipped > 0 => {
                detail.push_str(&format!(", {}/{} judged", row.judged, row.tests))
            }
            _ => {}
        }
        if !row.aimed.is_empty() {
            let names: Vec<&str> = row.aimed.iter().map(|a| a.test.as_str()).collect();
            detail.push_str(&format!(", aimed {}", names.join(" ")));
        }
        if let Some(score) = row.score {
            detail.push_str(&format!(", score {score}"));
        }
        let mark = if row.ok {
            paint(AnsiColor::Green.on_default(), "ok")
        } else {
            paint(AnsiColor::Red.on_default().bold(), "MISMATCH")
        };
        writeln!(
            self.out,
            "{:<14} {:<44} {:<9} {} {detail} {mark}",
            row.problem,
            row.solution,
            row.expected,
            verdict(row.verdict, 4)
        )?;
        for problem in &row.problems {
            writeln!(self.out, "{:<14}   {problem}", "")?;
        }
        for warning in &row.warnings {
            let label = paint(AnsiColor::Yellow.on_default().bold(), "warning");
            writeln!(self.out, "{:<14}   {label}: {warning}", "")?;
        }
        if !row.ok {
            let run = self.last_run.as_ref();
            let first = run.and_then(|r| r.outcomes.iter().find(|o| !o.verdict.is_accepted()));
            if let Some(o) = first {
                let line = o.message.lines().next().unwrap_or("");
                writeln!(self.out, "{:<14}   {line}", "")?;
                let indent = format!("{:<14}   ", "");
                let words = last_words(&o.name, o.stderr.as_deref(), o.kept.as_deref(), &indent, 5);
                write!(self.out, "{words}")?;
            }
        }
        Ok(())
    }

    /// `judge doctor`'s table: each layer, what is in effect, what it means.
    fn doctor(&mut self, i: &Isolation) -> io::Result<()> {
        let rows = [
            (
                "processes",
                &i.processes,
                match i.processes.as_str() {
                    "cgroup-v1" | "cgroup-v2" => {
                        "a control group holds every process of a run: all are killed at its end, at most 256 at once, CPU time summed over all"
                    }
                    "reaper" => {
                        "the judge adopts orphans and kills each run's session and descendants; RLIMIT_NPROC caps the processes (one room for all runs at once; not for runs as root); CPU time sampled every 5 ms over all"
                    }
                    _ => "the run's session is killed; a process that leaves it escapes",
                },
            ),
            (
                "files",
                &i.files,
                if i.files.starts_with("landlock") {
                    "a run reads the system and its program, writes only its own working folder; it cannot signal or trace the judge"
                } else {
                    "not confined: a run can read the tests and answers"
                },
            ),
            (
                "memory",
                &i.memory,
                if i.memory == "cgroup" {
                    "capped a little over the limit: a run far over it is stopped at once (MLE)"
                } else {
                    "sampled every 5 ms over the run's processes; killed once over its cap (MLE)"
                },
            ),
            (
                "network",
                &i.network,
                if i.network == "isolated" {
                    "none for submissions and checkers (an empty network namespace)"
                } else {
                    "shared with the machine"
                },
            ),
            (
                "user",
                &i.user,
                if i.user == "nobody" {
                    "submissions whose program any user can reach run as nobody"
                } else {
                    "submissions run as the judge's user: only Landlock keeps them from the judge's files and processes"
                },
            ),
            (
                "pids",
                &i.pids,
                if i.pids == "namespace" {
                    "a submission sees only itself and its children: a PID namespace and /proc of its own, killed whole at its end"
                } else {
                    "a submission sees every process of the machine and their command lines"
                },
            ),
        ];
        for (layer, what, meaning) in rows {
            writeln!(self.out, "{layer:<10} {what:<11} {meaning}")?;
        }
        if !i.off.is_empty() {
            writeln!(
                self.out,
                "turned off by {}: {}",
                crate::model::results::LAYERS_OFF_ENV,
                i.off.join(", ")
            )?;
        }
        for why in &i.missing {
            writeln!(self.out, "missing: {why}")?;
        }
        Ok(())
    }

    /// What each feature needs: found where, or missing, what it breaks
    /// and how to get it.
    fn requirements(&mut self, all: &[Requirement]) -> io::Result<()> {
        writeln!(self.out, "\nwhat the kit's features need:")?;
        let width = all
            .iter()
            .map(|r| r.what.chars().count())
            .max()
            .unwrap_or(0);
        for r in all {
            match &r.found {
                Some(found) => writeln!(
                    self.out,
                    "{}  {:<width$}  {found}",
                    paint(AnsiColor::Green.on_default(), "ok     "),
                    r.what
                )?,
                None => writeln!(
                    self.out,
                    "{}  {:<width$}  needed by {}; {}",
                    paint(AnsiColor::Red.on_default().bold(), "MISSING"),
                    r.what,
                    r.needed_by,
                    r.fix.as_deref().unwrap_or("")
                )?,
            }
        }
        let missing = all.iter().filter(|r| r.found.is_none()).count();
        writeln!(self.out, "{missing} of {} missing", all.len())
    }

    fn finished(&mut self, report: &Report, elapsed: Duration) -> io::Result<()> {
        match report {
            Report::Build(r) => writeln!(
                self.out,
                "built {} problem(s) in {:.2} s",
                r.problems.len(),
                elapsed.as_secs_f64()
            ),
            Report::Verify(r) if r.verdict.is_accepted() => writeln!(
                self.out,
                "\nevery solution got the verdict its folder names"
            ),
            Report::Verify(_) => writeln!(
                self.out,
                "\n{}",
                paint(
                    AnsiColor::Red.on_default().bold(),
                    "some solutions did not get the verdict their folder names"
                )
            ),
            Report::Check(r) => writeln!(self.out, "{}  {}", verdict(r.verdict, 2), r.message),
            Report::Package(r) => self.package(r),
            Report::Doctor(r) => {
                self.doctor(&r.isolation)?;
                self.requirements(&r.requirements)
            }
            Report::Test(r) => match &r.other {
                Some(o) => writeln!(
                    self.out,
                    "\nunder {}: {}{}",
                    o.interpreter,
                    verdict(o.verdict, 2),
                    match o.differs {
                        true => format!(", not {} as first judged", r.verdict),
                        false => ", the same verdict".to_string(),
                    }
                ),
                None => Ok(()),
            },
            Report::Standings(r) => self.standings(r),
            Report::Contest(r) => self.contest(r),
            Report::Stress(r) => self.stress(r),
            Report::Certify(r) => self.certified(r),
            Report::Statement(r) => writeln!(
                self.out,
                "statement of {} problem(s) ({}, {}) written to {}",
                r.problems.len(),
                r.lang,
                r.format,
                r.out
            ),
            Report::New(r) => self.created(r),
            Report::Import(r) => self.imported(r),
            Report::Diff(r) => self.differences(r),
            Report::Timelimit(r) => self.timelimit(r),
            Report::Validate(r) => self.validated(r),
            Report::Lab(r) => self.lab(r),
        }
    }

    /// A sweep's rows grouped by the shape of their gaps, the largest group
    /// first, a few sets of each shown.
    fn swept(&mut self, r: &LabReport, sweep: &str) -> io::Result<()> {
        let mut groups: Vec<(&str, Vec<&SweepRow>)> = Vec::new();
        for row in &r.sets {
            match groups.iter_mut().find(|(p, _)| *p == row.shape) {
                Some((_, rows)) => rows.push(row),
                None => groups.push((&row.shape, vec![row])),
            }
        }
        groups.sort_by_key(|(_, rows)| std::cmp::Reverse(rows.len()));
        writeln!(
            self.out,
            "sweep {sweep}: {} sets, {} shapes of gaps",
            r.sets.len(),
            groups.len()
        )?;
        const SHOWN: usize = 6;
        for (pattern, rows) in &groups {
            writeln!(self.out, "\ngaps {pattern}: {} sets", rows.len())?;
            for row in rows.iter().take(SHOWN) {
                let values: Vec<String> = (r.parameters.iter())
                    .map(|k| format!("{k}={}", row.values[k]))
                    .collect();
                let period = match (row.period, row.preperiod) {
                    (Some(p), Some(pre)) => format!("gaps {}, period {p} from {pre}", row.pattern),
                    _ => "no period found".to_string(),
                };
                writeln!(self.out, "  {}: {period}", values.join(" "))?;
            }
            if rows.len() > SHOWN {
                writeln!(
                    self.out,
                    "  … and {} more (--json lists every set)",
                    rows.len() - SHOWN
                )?;
            }
        }
        writeln!(self.out, "\n{}", r.proof)
    }

    /// The game's table, and how a conjecture fared against it.
    fn lab(&mut self, r: &LabReport) -> io::Result<()> {
        self.tabulated(r)?;
        let Some(c) = &r.conjecture else {
            return Ok(());
        };
        let cases = match c.predicts.as_str() {
            "period" => "sets whose period is proven",
            _ => "positions",
        };
        let skipped = match c.skipped {
            0 => String::new(),
            n => format!("; {n} sets without a proven period left out"),
        };
        let (Some(first), Some(shrunk)) = (&c.first, &c.shrunk) else {
            let green = AnsiColor::Green.on_default().bold();
            return writeln!(
                self.out,
                "\n{green}conjecture {}: agrees with the table{green:#} on all {} {cases} \
                 (a case: `{}`){skipped}",
                c.program, c.compared, c.case
            );
        };
        let red = AnsiColor::Red.on_default().bold();
        writeln!(
            self.out,
            "\n{red}conjecture {}: disagrees with the table{red:#} on {} of {} {cases} (a case: \
             `{}`){skipped}",
            c.program, c.disagreements, c.compared, c.case
        )?;
        let mut shown = vec![("first", first)];
        if shrunk.case != first.case {
            shown.push(("shrunk", shrunk));
        }
        for (what, d) in shown {
            writeln!(
                self.out,
                "  {what:<6} `{}`: the table says {}, the conjecture {}",
                d.case, d.table, d.conjecture
            )?;
        }
        let found = match shrunk.case == first.case {
            true => "none smaller disagrees",
            false => "the smallest that disagrees",
        };
        writeln!(
            self.out,
            "  ({found}: the shrinker tried {} cases)",
            c.tried
        )
    }

    /// The game, its table (a P/N strip, the Grundy values, or a two-pile
    /// game's P-positions) and the period it proves.
    fn tabulated(&mut self, r: &LabReport) -> io::Result<()> {
        let play = match r.play.as_str() {
            "misere" => "misère play",
            _ => "normal play",
        };
        let tabulated = (r.span.as_ref()).map_or(String::new(), |span| format!(", {span}"));
        writeln!(self.out, "{}, {}, {play}{tabulated}", r.family, r.game)?;
        if let Some(sweep) = &r.sweep {
            return self.swept(r, sweep);
        }
        const WIDTH: usize = 50;
        for (i, chunk) in r.outcomes.as_bytes().chunks(WIDTH).enumerate() {
            let text = String::from_utf8_lossy(chunk);
            writeln!(self.out, "{:>8}  {text}", i * WIDTH)?;
        }
        if r.plane.len() > 1 {
            let across = r.plane[0].len().min(WIDTH);
            writeln!(self.out, "the (n, k) plane, n = 0..{across} across:")?;
            for (k, row) in (1..).zip(&r.plane) {
                let shown: String = row.chars().take(WIDTH).collect();
                writeln!(self.out, "{:>8}  {shown}", format!("k={k}"))?;
            }
        }
        if let Some(values) = &r.grundy {
            writeln!(self.out, "Grundy values:")?;
            for (i, chunk) in values.chunks(20).enumerate() {
                let shown: Vec<String> = chunk.iter().map(u32::to_string).collect();
                writeln!(self.out, "{:>8}  {}", i * 20, shown.join(" "))?;
            }
        }
        if !r.p_heaps.is_empty() {
            let sets: Vec<String> = (r.p_heaps.iter())
                .map(|heaps| {
                    let shown: Vec<String> = heaps.iter().map(u64::to_string).collect();
                    format!("({})", shown.join(" "))
                })
                .collect();
            writeln!(self.out, "P-positions: {}", sets.join(" "))?;
        }
        if !r.p_pairs.is_empty() {
            let pairs: Vec<String> = (r.p_pairs.iter())
                .map(|[a, b]| format!("({a}, {b})"))
                .collect();
            writeln!(self.out, "P-positions: {}", pairs.join(" "))?;
        }
        match (r.preperiod, r.period, &r.gaps) {
            (Some(pre), Some(period), Some(gaps)) => {
                let first: Vec<String> = (r.p_positions.iter())
                    .filter(|&&p| p >= pre && p < pre + period)
                    .map(usize::to_string)
                    .collect();
                let gaps: Vec<String> = gaps.iter().map(usize::to_string).collect();
                writeln!(
                    self.out,
                    "period {period} from position {pre}, proven: {}",
                    r.proof
                )?;
                writeln!(
                    self.out,
                    "P-positions of one period: {}; gaps {}",
                    if first.is_empty() {
                        "none".to_string()
                    } else {
                        first.join(" ")
                    },
                    if gaps.is_empty() {
                        "-".to_string()
                    } else {
                        gaps.join("/")
                    }
                )
            }
            _ => writeln!(self.out, "{}", r.proof),
        }
    }

    /// Each invalid input, the mutations the validator accepted, and the
    /// counts.
    fn validated(&mut self, r: &ValidateReport) -> io::Result<()> {
        let red = AnsiColor::Red.on_default().bold();
        for input in r.inputs.iter().filter(|i| !i.valid) {
            let message = input.message.as_deref().unwrap_or("");
            writeln!(
                self.out,
                "{}  {}: {message}",
                paint(red, "INVALID"),
                input.input
            )?;
        }
        for a in &r.accepted {
            writeln!(
                self.out,
                "{}  {}, line {}: {} ({})",
                paint(red, "ACCEPTED"),
                a.input,
                a.line,
                a.mutation,
                a.how
            )?;
        }
        let valid = r.inputs.iter().filter(|i| i.valid).count();
        writeln!(
            self.out,
            "{}: {valid} of {} inputs valid",
            r.problem,
            r.inputs.len()
        )?;
        if r.mutated {
            writeln!(
                self.out,
                "{} mutations made, {} rejected{}",
                r.mutations,
                r.mutations - r.accepted.len(),
                match r.reads_logged {
                    true => "; each bounded value mutated, from the validator's reads log",
                    false => "; the validator logs no reads: bounded values not mutated",
                }
            )?;
        }
        Ok(())
    }

    /// `judge test`'s standings: a row per file, in the report's order.
    fn standings(&mut self, r: &StandingsReport) -> io::Result<()> {
        let width = (r.solutions.iter())
            .map(|s| s.solution.chars().count())
            .max()
            .unwrap_or(0)
            .clamp(8, 48);
        writeln!(
            self.out,
            "\n{:<width$}  verdict  {:>9}  {:>7}  {:>8}  first failure",
            "solution", "score", "passed", "time"
        )?;
        for s in &r.solutions {
            let score = match (s.score, s.max_score) {
                (Some(v), Some(max)) => format!("{v}/{max}"),
                (Some(v), None) => v.to_string(),
                (None, _) => String::new(),
            };
            let failure = match (&s.first_failure, &s.compile_error) {
                (Some(f), _) => format!("{} {}: {}", f.test, f.verdict, f.message),
                (None, Some(e)) => e.lines().next().unwrap_or("").to_string(),
                (None, None) => String::new(),
            };
            let time = match s.results.is_empty() {
                true => String::new(),
                false => format!("{:.3} s", s.max_time.as_secs_f64()),
            };
            let line = format!(
                "{:<width$}  {}  {score:>9}  {:>7}  {time:>8}  {failure}",
                s.solution,
                verdict(s.verdict, 7),
                format!("{}/{}", s.passed, s.tests),
            );
            writeln!(self.out, "{}", line.trim_end())?;
        }
        // Each failing file's own words: the end of its error stream (its
        // last lines here, all of them in --json and --html), its files.
        for s in &r.solutions {
            let Some(f) = &s.first_failure else { continue };
            if f.stderr.is_none() && f.kept.is_none() {
                continue;
            }
            writeln!(
                self.out,
                "\n{}, test {}: {} {}",
                s.solution, f.test, f.verdict, f.message
            )?;
            let words = last_words(&f.test, f.stderr.as_deref(), f.kept.as_deref(), "  ", 3);
            write!(self.out, "{words}")?;
        }
        writeln!(
            self.out,
            "\n{} of {} files accepted{}",
            r.accepted,
            r.files,
            match r.samples_only {
                true => " on the samples",
                false => "",
            }
        )?;
        for s in &r.solutions {
            if let Some(spacing) = spacing_summary(&s.results) {
                writeln!(self.out, "note: {}: {spacing}", s.solution)?;
            }
        }
        for s in &r.solutions {
            if let Some(o) = s.other.as_ref().filter(|o| o.differs) {
                writeln!(
                    self.out,
                    "under {}: {} {}, not {} as first judged",
                    o.interpreter, s.solution, o.verdict, s.verdict
                )?;
            }
        }
        if !r.ignored.is_empty() {
            writeln!(self.out, "not judged, no source: {}", r.ignored.join(", "))?;
        }
        Ok(())
    }

    /// `judge contest`'s standings: a line per contestant, best first, a
    /// column per problem; then what went wrong for each, in its own
    /// words.
    fn contest(&mut self, r: &ContestReport) -> io::Result<()> {
        let width = (r.contestants.iter())
            .map(|c| c.name.chars().count())
            .max()
            .unwrap_or(0)
            .clamp(10, 32);
        let columns: Vec<usize> = (r.problems.iter())
            .map(|p| p.name.chars().count().max(7))
            .collect();
        let mut head = format!("\n{:>4}  {:<width$}", "rank", "contestant");
        for (p, w) in r.problems.iter().zip(&columns) {
            head.push_str(&format!("  {:>w$}", p.name));
        }
        writeln!(self.out, "{head}  {:>7}", "total")?;
        for c in &r.contestants {
            let mut line = format!("{:>4}  {:<width$}", c.rank, c.name);
            for (cell, w) in c.problems.iter().zip(&columns) {
                line.push_str(&format!("  {:>w$}", contest_cell(cell)));
            }
            writeln!(self.out, "{line}  {:>7}", c.total.to_string())?;
        }
        for c in &r.contestants {
            for cell in &c.problems {
                self.contest_failure(&c.name, cell)?;
            }
        }
        let submitted: usize = r.problems.iter().map(|p| p.submitted).sum();
        let accepted: usize = r.problems.iter().map(|p| p.accepted).sum();
        writeln!(
            self.out,
            "\n{} contestants, {} problems (at most {} points): {accepted} of {submitted} \
             submissions accepted, {} missing",
            r.contestants.len(),
            r.problems.len(),
            r.max_total,
            r.contestants.len() * r.problems.len() - submitted
        )
    }

    /// What went wrong with a contestant's submission, if anything.
    fn contest_failure(&mut self, contestant: &str, cell: &ContestCell) -> io::Result<()> {
        if let Some(why) = &cell.missing {
            return writeln!(self.out, "\n{contestant}, {}: {why}", cell.problem);
        }
        let Some(row) = cell.judged.as_ref().filter(|r| !r.verdict.is_accepted()) else {
            return Ok(());
        };
        let what = match (&row.first_failure, &row.compile_error) {
            (Some(f), _) => format!("test {}: {} {}", f.test, f.verdict, f.message),
            (None, Some(e)) => format!("{} {}", row.verdict, e.lines().next().unwrap_or("")),
            (None, None) => row.verdict.to_string(),
        };
        writeln!(
            self.out,
            "\n{contestant}, {} ({}), {what}",
            cell.problem, row.solution
        )?;
        if let Some(f) = &row.first_failure {
            let words = last_words(&f.test, f.stderr.as_deref(), f.kept.as_deref(), "  ", 3);
            write!(self.out, "{words}")?;
        }
        Ok(())
    }

    /// The proposed limit, how it was reached, and each solution's margin.
    fn timelimit(&mut self, r: &TimelimitReport) -> io::Result<()> {
        writeln!(
            self.out,
            "proposed time limit for {}: {} ms (now {} ms): {}",
            r.problem, r.proposed_ms, r.current_ms, r.rule
        )?;
        writeln!(
            self.out,
            "each accepted solution ran {} times; runs of one test differed by up to {} ms",
            r.runs, r.noise_ms
        )?;
        let width = (r.solutions.iter())
            .map(|s| s.solution.chars().count())
            .max()
            .unwrap_or(8)
            .max(8);
        writeln!(
            self.out,
            "\n{:<width$}  expected  {:>9}  {:>6}  margin",
            "solution", "slowest", "test"
        )?;
        for s in &r.solutions {
            let margin = match s.expected {
                Verdict::Ac => format!("{:.2}× room under the limit", s.margin),
                _ => format!("{:.2}× the limit", s.margin),
            };
            let mark = match &s.problem {
                Some(p) => format!(
                    "  {}: {p}",
                    paint(AnsiColor::Red.on_default().bold(), "PROBLEM")
                ),
                None => String::new(),
            };
            writeln!(
                self.out,
                "{:<width$}  {:<8}  {:>6} ms  {:>6}  {margin}{mark}",
                s.solution,
                s.expected.as_str(),
                s.slowest_ms,
                s.slowest_test.as_deref().unwrap_or("-"),
            )?;
        }
        if r.written {
            writeln!(
                self.out,
                "\nproblem.toml now says time_limit_ms = {}",
                r.proposed_ms
            )?;
        }
        Ok(())
    }

    /// The files of a new problem, and what to do next.
    fn created(&mut self, r: &NewReport) -> io::Result<()> {
        match &r.from {
            Some(from) => writeln!(
                self.out,
                "created problem {} as a copy of {from}:",
                r.problem
            )?,
            None => writeln!(self.out, "created problem {} from the template:", r.problem)?,
        }
        for file in &r.files {
            writeln!(self.out, "  {file}")?;
        }
        writeln!(self.out, "and added it to judge.toml's problems.")?;
        writeln!(
            self.out,
            "\nNext: edit the statements, the generator, validator and checker and the \
             solutions, then run"
        )?;
        for command in &r.next {
            writeln!(self.out, "  {command}")?;
        }
        Ok(())
    }

    /// What differs between two problems, one line each.
    fn differences(&mut self, r: &DiffReport) -> io::Result<()> {
        if r.differences.is_empty() {
            return writeln!(
                self.out,
                "{} and {} are the same problem ({} tests compared)",
                r.a, r.b, r.tests
            );
        }
        for d in &r.differences {
            writeln!(
                self.out,
                "{}: {} has {}, {} has {}",
                d.what, r.a, d.a, r.b, d.b
            )?;
        }
        writeln!(
            self.out,
            "{} differences between {} and {}",
            r.differences.len(),
            r.a,
            r.b
        )
    }

    /// What an import made, decided and left out.
    fn imported(&mut self, r: &ImportReport) -> io::Result<()> {
        writeln!(
            self.out,
            "imported {} ({}) as problem {}: {} tests, {} solutions; judge.toml lists it.",
            r.from, r.format, r.problem, r.tests, r.solutions
        )?;
        let t = &r.test_sources;
        writeln!(
            self.out,
            "  tests: {} stored, {} generated again and compared with the stored, {} made by \
             their recipe alone; {} answered by the reference; {} samples",
            t.stored, t.generated, t.recipe, t.answered_by_reference, t.samples
        )?;
        let f = &r.files;
        writeln!(
            self.out,
            "  files: {} in the package: {} used, {} submissions, {} kept unused, {} left out",
            f.package,
            f.used,
            f.submissions,
            f.unused.len(),
            f.left_out
        )?;
        if !f.unused.is_empty() {
            writeln!(self.out, "  kept unused: {}", f.unused.join(", "))?;
        }
        let found: Vec<String> = (r.languages.iter())
            .map(|l| format!("{} ({})", l.language, l.files))
            .collect();
        if !found.is_empty() {
            writeln!(self.out, "  submissions in {}", found.join(", "))?;
        }
        for missing in r.languages.iter().filter_map(|l| l.missing.as_ref()) {
            let label = paint(AnsiColor::Yellow.on_default().bold(), "missing");
            writeln!(self.out, "{label}: {missing}")?;
        }
        for note in &r.notes {
            writeln!(self.out, "  {note}")?;
        }
        for w in &r.warnings {
            let label = paint(AnsiColor::Yellow.on_default().bold(), "left out");
            writeln!(self.out, "{label}: {w}")?;
        }
        writeln!(self.out, "\nNext:")?;
        for command in &r.next {
            writeln!(self.out, "  {command}")?;
        }
        Ok(())
    }

    /// How many cases were checked, or where the two solutions disagree.
    fn package(&mut self, r: &PackageReport) -> io::Result<()> {
        writeln!(
            self.out,
            "{} package of {} problem(s) written to {}",
            r.format,
            r.problems.len(),
            r.out
        )?;
        for w in &r.warnings {
            let label = paint(AnsiColor::Yellow.on_default().bold(), "warning");
            writeln!(
                self.out,
                "{label}: {}: {}: {}",
                w.problem, w.judge, w.message
            )?;
        }
        Ok(())
    }

    fn certified(&mut self, r: &CertifyReport) -> io::Result<()> {
        let seconds = r.elapsed.as_secs_f64();
        let Some(f) = &r.failure else {
            return writeln!(
                self.out,
                "{}  {} cases from {}: {}, {} and the {} agree on every one ({seconds:.1} s)",
                verdict(r.verdict, 3),
                r.cases,
                r.generator,
                r.reference,
                r.brute_force,
                if r.interactive {
                    "interactor"
                } else {
                    "checker"
                }
            );
        };
        writeln!(
            self.out,
            "{}  {} disagrees with {} on the cases from {} ({seconds:.1} s): {}",
            verdict(r.verdict, 3),
            f.solution,
            f.against,
            r.generator,
            f.example.message
        )?;
        self.counterexample(&f.example)
    }

    /// How many tests were tried, and the first that failed with what
    /// makes it again.
    fn stress(&mut self, r: &StressReport) -> io::Result<()> {
        let seconds = r.elapsed.as_secs_f64();
        let rate = r.iterations as f64 / seconds.max(1e-9);
        let Some(f) = &r.failure else {
            return writeln!(
                self.out,
                "{}  {} tests, no difference from {} ({seconds:.1} s, {rate:.0} tests/s)",
                verdict(r.verdict, 3),
                r.iterations,
                r.against
            );
        };
        writeln!(
            self.out,
            "{}  on test {}, against {} ({seconds:.1} s): {}",
            verdict(r.verdict, 3),
            r.iterations,
            r.against,
            f.example.message
        )?;
        writeln!(self.out, "seed {}, made by: {}", f.seed, f.generator)?;
        self.counterexample(&f.example)?;
        if let Some(saved) = &f.saved {
            writeln!(
                self.out,
                "saved as {saved}, a new test of the problem's test plan"
            )?;
        }
        Ok(())
    }

    /// A failing input, how it was shrunk, and both outputs.
    fn counterexample(&mut self, example: &Counterexample) -> io::Result<()> {
        if let Some(s) = &example.shrinking {
            writeln!(
                self.out,
                "shrunk from {} to {} bytes ({} candidates tried, {} kept), still {}:",
                s.original_bytes,
                example.input.len(),
                s.tried,
                s.kept,
                example.verdict
            )?;
        }
        for (what, text) in [
            ("input", &example.input),
            ("output", &example.output),
            ("answer", &example.answer),
        ] {
            writeln!(self.out, "--- {what}")?;
            write!(self.out, "{text}")?;
            if !text.ends_with('\n') {
                writeln!(self.out)?;
            }
        }
        if let Some(stderr) = &example.stderr {
            writeln!(self.out, "--- the end of its error stream")?;
            writeln!(self.out, "{stderr}")?;
        }
        Ok(())
    }

    /// The progress line of a search without a known end.
    fn progress(&mut self, message: String) {
        if !self.bars {
            return;
        }
        let bar = self.bar.get_or_insert_with(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
                bar.set_style(style);
            }
            bar
        });
        bar.set_message(message);
        bar.tick();
    }
}

impl<W: Write> Reporter for TerminalReporter<W> {
    fn report(&mut self, event: &Event) -> io::Result<()> {
        let command = self.command;
        match &event.kind {
            EventKind::Started { command } => self.command = Some(*command),
            EventKind::Waiting { lock } => eprintln!(
                "waiting for another judge run on this kit to finish ({} is held)",
                lock.display()
            ),
            EventKind::ProgramsBuilt { count, elapsed } => {
                if self.stages || command == Some(CommandKind::Build) {
                    writeln!(
                        self.out,
                        "built {count} of the kit's programs with cargo in {:.1} s",
                        elapsed.as_secs_f64()
                    )?;
                }
            }
            EventKind::BuildStarted { problem, tests } => {
                self.start_bar(*tests, format!("building {problem}"));
            }
            EventKind::TestBuilt { .. } => self.advance_bar(),
            EventKind::Judging { .. } => {}
            EventKind::BuildFinished { summary, .. } => {
                self.clear_bar();
                if command == Some(CommandKind::Build) || self.stages {
                    self.built(summary)?;
                }
            }
            EventKind::SolutionStarted {
                problem,
                solution,
                tests,
            } => match command {
                Some(CommandKind::Test) => {
                    writeln!(self.out, "{solution} on {problem} ({} tests)", tests.len())?
                }
                Some(CommandKind::Standings | CommandKind::Contest | CommandKind::Timelimit) => {
                    self.start_bar(tests.len(), solution.to_string())
                }
                _ => {
                    if !self.header {
                        self.header = true;
                        writeln!(
                            self.out,
                            "{:<14} {:<44} {:<9} got",
                            "problem", "solution", "expected"
                        )?;
                    }
                    self.start_bar(tests.len(), problem.to_string());
                }
            },
            EventKind::TestFinished { outcome } => match command {
                Some(CommandKind::Test) => writeln!(self.out, "{}", test_line(outcome))?,
                _ => self.advance_bar(),
            },
            EventKind::SolutionFinished { run, tests } => {
                self.clear_bar();
                if command == Some(CommandKind::Test) {
                    self.judged(run, tests)?;
                }
                self.last_run = Some((*run).clone());
            }
            // A line per file as it is judged: a log is never silent long.
            EventKind::StandingRow { row } => writeln!(
                self.out,
                "{}  {}  {}/{} tests{}{}",
                verdict(row.verdict, 4),
                row.solution,
                row.passed,
                row.tests,
                match &row.other {
                    Some(o) => format!(", under {}: {}", o.interpreter, o.verdict),
                    None => String::new(),
                },
                match row.cached {
                    true => " (judged before)",
                    false => "",
                }
            )?,
            EventKind::SolutionVerified { row } => self.verified(row)?,
            EventKind::Stressed { tests, elapsed } => {
                let rate = *tests as f64 / elapsed.as_secs_f64().max(1e-9);
                self.progress(format!("{tests} tests, {rate:.0}/s"));
            }
            EventKind::Shrinking { tried, bytes } => {
                self.progress(format!(
                    "shrinking: {tried} candidates tried, smallest failing input {bytes} bytes"
                ));
            }
            EventKind::Finished { report } => {
                self.clear_bar();
                self.finished(report, event.elapsed)?
            }
        }
        self.out.flush()
    }
}

/// A contestant's cell: the score, and the verdict where not accepted
/// (`60 WA`); `–` where nothing was judged.
fn contest_cell(cell: &ContestCell) -> String {
    match &cell.judged {
        None => "–".to_string(),
        Some(row) => {
            let score = row.score.unwrap_or_default();
            match row.verdict {
                Verdict::Ac => score.to_string(),
                verdict => format!("{score} {verdict}"),
            }
        }
    }
}

/// Returns true if and only if progress bars can be seen: stderr is a
/// terminal and `NO_PROGRESS` is not set.
pub fn bars_wanted() -> bool {
    use std::io::IsTerminal;
    io::stderr().is_terminal() && std::env::var_os("NO_PROGRESS").is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::results::Aimed;
    use crate::model::verdict::Score;

    fn row(solution: &str, expected: &str, verdict: Verdict) -> VerifyRow {
        VerifyRow {
            problem: "bash".into(),
            solution: solution.into(),
            expected: expected.into(),
            verdict,
            score: None,
            ok: true,
            failed_test: None,
            aimed: Vec::new(),
            problems: Vec::new(),
            tests: 20,
            judged: 20,
            finished: 20,
            compile_error: None,
            results: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// What the reporter prints for `events` (colours stripped).
    fn printed(command: CommandKind, events: &[EventKind]) -> String {
        let mut out = Vec::new();
        let mut reporter = TerminalReporter::new(&mut out, false);
        let mut all = vec![EventKind::Started { command }];
        all.extend_from_slice(events);
        for kind in all {
            let event = Event {
                elapsed: Duration::ZERO,
                kind,
            };
            reporter.report(&event).unwrap();
        }
        anstream::adapter::strip_str(&String::from_utf8(out).unwrap()).to_string()
    }

    #[test]
    fn verify_rows_keep_their_layout() {
        let ac = row("accepted/bash.rs", "AC", Verdict::Ac);
        let mut wa = row("wrong_answer/int32.cpp", "WA", Verdict::Wa);
        wa.failed_test = Some("05".into());
        wa.aimed = ["11", "12"]
            .map(|t| Aimed {
                test: t.into(),
                verdict: Verdict::Wa,
            })
            .to_vec();
        wa.score = Some(Score(30.0));
        let mut brute = row("brute_force/bash_search.rs", "no WA", Verdict::Re);
        brute.failed_test = Some("05".into());
        brute.finished = 4;
        // Past its first failure, only smaller tests: 7 of the 20.
        let mut skipping = brute.clone();
        skipping.judged = 7;
        skipping.finished = 6;
        let mut tle = row("time_limit_exceeded/simulate.cpp", "TLE", Verdict::Tle);
        tle.failed_test = Some("06".into());
        tle.judged = 8;
        let mut bad = row("wrong_answer/unaimed.c", "WA", Verdict::Wa);
        bad.ok = false;
        bad.failed_test = Some("01".into());
        bad.problems = vec!["no test aims at it (`targets` in problem.toml)".into()];
        let text = printed(
            CommandKind::Verify,
            &[
                EventKind::SolutionStarted {
                    problem: "bash",
                    solution: "accepted/bash.rs",
                    tests: &[],
                },
                EventKind::SolutionVerified { row: &ac },
                EventKind::SolutionVerified { row: &wa },
                EventKind::SolutionVerified { row: &brute },
                EventKind::SolutionVerified { row: &skipping },
                EventKind::SolutionVerified { row: &tle },
                EventKind::SolutionVerified { row: &bad },
            ],
        );
        let expected = "\
problem        solution                                     expected  got
bash           accepted/bash.rs                             AC        AC   20/20 tests ok
bash           wrong_answer/int32.cpp                       WA        WA   on test 05, aimed 11 12, score 30 ok
bash           brute_force/bash_search.rs                   no WA     RE   on test 05, finished 4/20 tests ok
bash           brute_force/bash_search.rs                   no WA     RE   on test 05, finished 6/7 judged (13 not smaller than test 05 skipped) ok
bash           time_limit_exceeded/simulate.cpp             TLE       TLE  on test 06, 8/20 judged ok
bash           wrong_answer/unaimed.c                       WA        WA   on test 01 MISMATCH
                 no test aims at it (`targets` in problem.toml)
";
        assert_eq!(text, expected);
    }

    /// Without progress bars (a log), the kit's programs cargo built and
    /// each problem's built tests are a line before the judging, whatever
    /// the command.
    #[test]
    fn a_log_gets_a_line_per_built_problem() {
        let summary = BuildSummary {
            problem: "nim".into(),
            tests: 12,
            generated: 12,
            validated: 12,
            answered: 12,
            ..BuildSummary::default()
        };
        for command in [
            CommandKind::Verify,
            CommandKind::Test,
            CommandKind::Standings,
        ] {
            let text = printed(
                command,
                &[
                    EventKind::ProgramsBuilt {
                        count: 3,
                        elapsed: Duration::from_millis(1500),
                    },
                    EventKind::BuildStarted {
                        problem: "nim",
                        tests: 12,
                    },
                    EventKind::BuildFinished {
                        problem: "nim",
                        summary: &summary,
                    },
                ],
            );
            assert_eq!(
                text,
                "built 3 of the kit's programs with cargo in 1.5 s\n\
                 nim             12 tests  12 generated, 12 validated, 12 answered; reference at most 0 ms\n"
            );
        }
    }
}
