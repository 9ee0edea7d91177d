//! `judge lab --conjecture FILE`: the setter's rule, a program, against
//! the table. The program reads a case per line (a sweep's parameter
//! values, then with `--positions` a position) and prints an answer per
//! line (the period, or `P`/`N`); every case is compared with the table,
//! and the first disagreement is shrunk, with the kit's shrinker, to the
//! smallest case that still disagrees.

use std::collections::HashSet;
use std::path::Path;

use anyhow::{Context, Result, bail};
use games::Play;
use games::heaps::Heaps;
use games::sweep::{Sweep, Values};

use crate::base::shrink;
use crate::cli::{Family, LabArgs};
use crate::core::jury::Jury;
use crate::model::kit::Kit;
use crate::model::results::report::{ConjectureReport, Disagreement, LabReport};

/// What the program prints for a case.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Predicts {
    /// The period of a sweep's set.
    Period,
    /// `P` or `N`.
    Outcome,
}

impl Predicts {
    fn name(self) -> &'static str {
        match self {
            Predicts::Period => "period",
            Predicts::Outcome => "outcome",
        }
    }

    fn expected(self) -> &'static str {
        match self {
            Predicts::Period => "a period (a positive integer)",
            Predicts::Outcome => "P or N",
        }
    }

    /// The answer as the table writes it, if `printed` is one.
    fn read(self, printed: &str) -> Option<String> {
        match self {
            Predicts::Period => (printed.parse::<usize>().ok())
                .filter(|&p| p > 0)
                .map(|p| p.to_string()),
            Predicts::Outcome => (printed == "P" || printed == "N").then(|| printed.to_string()),
        }
    }
}

/// Candidates the shrinker puts to the program in one run, and in all.
const BATCH: usize = 64;
const BUDGET: usize = 2000;

/// Compares the conjecture at `source` with the table `report` holds.
pub fn compare(
    kit: &Kit,
    jury: &Jury,
    args: &LabArgs,
    report: &LabReport,
    source: &Path,
) -> Result<ConjectureReport> {
    let oracle = Oracle::of(args, report)?;
    let program = jury.compile(source, false)?;
    let scratch = kit.work_dir().join("lab");
    crate::base::fsutil::create_dir_all(&scratch)?;
    let scratch = tempfile::Builder::new()
        .prefix("conjecture")
        .tempdir_in(&scratch)
        .with_context(|| format!("cannot make a folder in {}", scratch.display()))?;
    let asking = Asking {
        jury,
        program: &program,
        name: source.display().to_string(),
        scratch: scratch.path(),
        predicts: oracle.predicts(),
    };
    let (cases, skipped) = oracle.cases(report)?;
    let lines: Vec<&str> = cases.iter().map(|(line, _)| line.as_str()).collect();
    let answers = asking.ask(&lines)?;
    let wrong: Vec<usize> = (0..cases.len())
        .filter(|&i| answers[i] != cases[i].1)
        .collect();
    let mut result = ConjectureReport {
        program: asking.name.clone(),
        predicts: oracle.predicts().name().to_string(),
        case: oracle.case(),
        compared: cases.len(),
        skipped,
        disagreements: wrong.len(),
        first: None,
        shrunk: None,
        tried: 0,
    };
    let Some(&first) = wrong.first() else {
        return Ok(result);
    };
    let (line, table) = &cases[first];
    result.first = Some(Disagreement {
        case: line.clone(),
        table: table.clone(),
        conjecture: answers[first].clone(),
    });
    let shrunk = shrink::shrink(
        &format!("{line}\n"),
        answers[first].clone(),
        None,
        BATCH,
        BUDGET,
        |texts| {
            // Only cases the table covers are put to the program.
            let candidates: Vec<(usize, String, String)> = (texts.iter().enumerate())
                .filter_map(|(i, text)| {
                    let line = text.trim_end().to_string();
                    oracle.truth(&line).map(|truth| (i, line, truth))
                })
                .collect();
            if candidates.is_empty() {
                return Ok(None);
            }
            let lines: Vec<&str> = candidates.iter().map(|(_, l, _)| l.as_str()).collect();
            let answers = asking.ask(&lines)?;
            Ok((candidates.iter().zip(answers))
                .find(|((_, _, truth), answer)| answer != truth)
                .map(|((i, _, _), answer)| (*i, answer)))
        },
    )?;
    let line = shrunk.input.trim_end().to_string();
    result.shrunk = Some(Disagreement {
        table: oracle.truth(&line).unwrap_or_default(),
        case: line,
        conjecture: shrunk.failure,
    });
    result.tried = shrunk.tried;
    Ok(result)
}

/// The program and how to put cases to it.
struct Asking<'a> {
    jury: &'a Jury<'a>,
    program: &'a crate::model::program::Program,
    name: String,
    scratch: &'a Path,
    predicts: Predicts,
}

impl Asking<'_> {
    /// The program's answer to each of `lines`, in one run.
    fn ask(&self, lines: &[&str]) -> Result<Vec<String>> {
        let input = self.scratch.join("cases");
        let output = self.scratch.join("answers");
        let mut text = lines.join("\n");
        text.push('\n');
        std::fs::write(&input, text)
            .with_context(|| format!("cannot write {}", input.display()))?;
        self.jury.consult(
            &format!("the conjecture {}", self.name),
            self.program,
            (&input, &output),
            self.scratch,
        )?;
        let printed =
            std::fs::read(&output).with_context(|| format!("cannot read {}", output.display()))?;
        let printed = String::from_utf8_lossy(&printed);
        let answers: Vec<&str> = printed.lines().map(str::trim).collect();
        let mut out = Vec::with_capacity(lines.len());
        for (i, case) in lines.iter().enumerate() {
            let what = || {
                format!(
                    "the conjecture {}, line {} of its output (for the case `{case}`)",
                    self.name,
                    i + 1
                )
            };
            let Some(&answer) = answers.get(i) else {
                bail!(
                    "{}: expected {}, and it printed only {} lines for {} cases",
                    what(),
                    self.predicts.expected(),
                    answers.len(),
                    lines.len()
                );
            };
            let Some(read) = self.predicts.read(answer) else {
                bail!(
                    "{}: expected {}, got `{answer}`",
                    what(),
                    self.predicts.expected()
                );
            };
            out.push(read);
        }
        if answers[lines.len()..].iter().any(|a| !a.is_empty()) {
            bail!(
                "the conjecture {}: printed more than {} lines, one answer per case",
                self.name,
                lines.len()
            );
        }
        Ok(out)
    }
}

/// What the table says of any case it covers.
enum Oracle {
    /// One heap or pile: each position's outcome, `true` where the player
    /// to move wins.
    Strip(Vec<bool>),
    /// Two piles, `side` × `side`: the P-positions, `a ≤ b`.
    Pairs {
        side: usize,
        lost: HashSet<[usize; 2]>,
    },
    /// Several heaps: the game's positions and outcomes.
    Heaps { game: Heaps, wins: Vec<bool> },
    /// A subtraction game for each set of the sweep.
    Sweep {
        /// Where the shrinker's sets may lie.
        domain: Sweep,
        template: String,
        names: Vec<String>,
        upto: usize,
        play: Play,
        positions: bool,
    },
}

impl Oracle {
    fn of(args: &LabArgs, report: &LabReport) -> Result<Oracle> {
        let play = match args.misere {
            true => Play::Misere,
            false => Play::Normal,
        };
        if let Family::Subtraction {
            moves,
            sweep: Some(sweep),
        } = &args.family
        {
            return Ok(Oracle::Sweep {
                // Sets in the sweep's order are compared first to last, so
                // none smaller in each parameter lies inside it: the
                // shrinker looks below its numbers' lower ends too.
                domain: Sweep::parse(sweep).map_err(anyhow::Error::msg)?.relaxed(),
                template: moves.clone(),
                names: report.parameters.clone(),
                upto: report.upto,
                play,
                positions: args.positions,
            });
        }
        if !args.positions {
            bail!(
                "--conjecture on one game predicts its positions' outcomes: expected --positions \
                 (or a --sweep, whose sets' periods it predicts)"
            );
        }
        Ok(match &args.family {
            Family::Wythoff => Oracle::Pairs {
                side: report.upto,
                lost: report.p_pairs.iter().copied().collect(),
            },
            Family::Nim { heaps } => Oracle::heaps(Heaps::nim(*heaps, report.upto as u64), play)?,
            Family::MergePiles => Oracle::heaps(Heaps::merge_piles(report.upto as u64), play)?,
            _ => Oracle::Strip(report.outcomes.bytes().map(|c| c == b'N').collect()),
        })
    }

    fn heaps(game: Heaps, play: Play) -> Result<Oracle> {
        let wins = games::outcomes(&game, play).map_err(anyhow::Error::msg)?;
        Ok(Oracle::Heaps { game, wins })
    }

    fn predicts(&self) -> Predicts {
        match self {
            Oracle::Sweep {
                positions: false, ..
            } => Predicts::Period,
            _ => Predicts::Outcome,
        }
    }

    /// What a case's line holds, in words.
    fn case(&self) -> String {
        match self {
            Oracle::Strip(_) => "n".into(),
            Oracle::Pairs { .. } => "a b".into(),
            Oracle::Heaps { .. } => "k h1 … hk".into(),
            Oracle::Sweep {
                names, positions, ..
            } => {
                let mut words = names.clone();
                if *positions {
                    words.push("n".into());
                }
                words.join(" ")
            }
        }
    }

    /// Every case of the table with its answer, and how many sets were
    /// left out (no period proven).
    fn cases(&self, report: &LabReport) -> Result<(Vec<(String, String)>, usize)> {
        let outcome = |wins: bool| if wins { "N" } else { "P" }.to_string();
        let mut cases = Vec::new();
        let mut skipped = 0;
        match self {
            Oracle::Strip(wins) => {
                cases.extend((wins.iter().enumerate()).map(|(n, &w)| (n.to_string(), outcome(w))))
            }
            Oracle::Pairs { side, lost } => {
                for a in 0..*side {
                    for b in 0..*side {
                        let p = lost.contains(&[a.min(b), a.max(b)]);
                        cases.push((format!("{a} {b}"), outcome(!p)));
                    }
                }
            }
            Oracle::Heaps { game, wins } => {
                for (i, &w) in wins.iter().enumerate() {
                    cases.push((heaps_line(game.position(i)), outcome(w)));
                }
            }
            Oracle::Sweep {
                template,
                names,
                upto,
                play,
                positions,
                ..
            } => {
                for set in &report.sets {
                    let values: Vec<String> =
                        names.iter().map(|k| set.values[k].to_string()).collect();
                    let values = values.join(" ");
                    match (positions, set.period) {
                        (false, Some(period)) => cases.push((values, period.to_string())),
                        (false, None) => skipped += 1,
                        (true, _) => {
                            let (_, wins, _) =
                                super::lab::swept_set(template, &set.values, *upto, *play)?;
                            for (n, &w) in wins.iter().enumerate() {
                                cases.push((format!("{values} {n}"), outcome(w)));
                            }
                        }
                    }
                }
            }
        }
        Ok((cases, skipped))
    }

    /// The table's answer to `line`, if the table covers it (the shrinker
    /// makes lines the table may not cover).
    fn truth(&self, line: &str) -> Option<String> {
        let numbers: Vec<i64> = (line.split_ascii_whitespace())
            .map(|t| t.parse().ok())
            .collect::<Option<_>>()?;
        let index = |v: i64| usize::try_from(v).ok();
        let outcome = |wins: bool| Some(if wins { "N" } else { "P" }.to_string());
        match self {
            Oracle::Strip(wins) => match numbers[..] {
                [n] => outcome(*wins.get(index(n)?)?),
                _ => None,
            },
            Oracle::Pairs { side, lost } => match numbers[..] {
                [a, b] => {
                    let (a, b) = (index(a)?, index(b)?);
                    (a < *side && b < *side).then_some(())?;
                    outcome(!lost.contains(&[a.min(b), a.max(b)]))
                }
                _ => None,
            },
            Oracle::Heaps { game, wins } => {
                let (&k, heaps) = numbers.split_first()?;
                let heaps: Vec<u64> = (heaps.iter())
                    .map(|&h| u64::try_from(h).ok().filter(|&h| h > 0))
                    .collect::<Option<_>>()?;
                (index(k)? == heaps.len()).then_some(())?;
                outcome(wins[game.index(&heaps)?])
            }
            Oracle::Sweep {
                domain,
                template,
                names,
                upto,
                play,
                positions,
            } => {
                let given = names.len() + usize::from(*positions);
                if numbers.len() != given {
                    return None;
                }
                let values: Values = names.iter().cloned().zip(numbers.iter().copied()).collect();
                if !domain.contains(&values) {
                    return None;
                }
                let (_, wins, found) =
                    super::lab::swept_set(template, &values, *upto, *play).ok()?;
                match positions {
                    false => found.map(|f| f.period.to_string()),
                    true => outcome(*wins.get(index(numbers[names.len()])?)?),
                }
            }
        }
    }
}

/// A position of several heaps as a case: `k h1 … hk`.
fn heaps_line(heaps: &[u64]) -> String {
    let mut words = vec![heaps.len().to_string()];
    words.extend(heaps.iter().map(u64::to_string));
    words.join(" ")
}
