//! `judge lab FAMILY`: a game tabulated (打表) by the `games` crate, the
//! period its table proves, and its P-positions. It needs no kit.

use anyhow::{Context, Result, bail};
use games::period::{self, Proof};
use games::subtraction::Subtraction;
use games::{Game, Play};

use super::conjecture;
use crate::base::fsutil;
use crate::cli::{Family, LabArgs};
use crate::core::jury::Jury;
use crate::model::event::{EventKind, Events};
use crate::model::kit::Kit;
use crate::model::results::report::{LabReport, Report, SWEPT_SHOWN, SweepRow};
use crate::model::verdict::Verdict;
use crate::report::plot;

/// Tabulates the game; false when a conjecture disagrees with the table
/// (bad parameters are errors). A conjecture is compiled by the `kit`.
pub fn run(events: &mut Events, args: &LabArgs, kit: Option<(&Kit, &Jury)>) -> Result<bool> {
    let mut table = table(args)?;
    if let (Some(source), Some((kit, jury))) = (&args.conjecture, kit) {
        let compared = conjecture::compare(kit, jury, args, &table, source)?;
        if compared.disagreements > 0 {
            table.verdict = Verdict::Wa;
        }
        table.conjecture = Some(Box::new(compared));
    }
    if let Some(path) = &args.emit_tests {
        let lines = positions_to_test(&table, args.max)?;
        fsutil::publish(path, lines.as_bytes())
            .with_context(|| format!("cannot write the positions {}", path.display()))?;
    }
    if let Some(path) = &args.plot {
        plot::write(path, &plot::svg(&table))?;
    }
    if let Some(path) = &args.html {
        crate::report::html::write(path, &plot::page(&table))?;
    }
    let report = Report::Lab(table);
    events.emit(EventKind::Finished { report: &report });
    Ok(report.verdict() == Verdict::Ac)
}

/// The positions a problem's tests should hold, a line each: `n P|N  #
/// why`, by position. Needs a one-heap table with a proven period, which
/// gives every position's outcome up to `max`.
fn positions_to_test(r: &LabReport, max: u64) -> Result<String> {
    let (Some(pre), Some(period)) = (r.preperiod, r.period) else {
        bail!(
            "--emit-tests needs a one-heap game whose period the table proves: {}",
            r.proof
        );
    };
    if r.sweep.is_some() {
        bail!("--emit-tests: one game at a time, not a sweep");
    }
    let lost_at = |n: u64| {
        let n = match n < (pre + period) as u64 {
            true => n as usize,
            false => pre + ((n - pre as u64) % period as u64) as usize,
        };
        r.outcomes.as_bytes()[n] == b'P'
    };
    let mut why: std::collections::BTreeMap<u64, &str> = std::collections::BTreeMap::new();
    let (pre, period) = (pre as u64, period as u64);
    for n in pre..pre + period {
        why.entry(n)
            .or_insert("the first period after the preperiod");
        if lost_at(n) {
            why.insert(n, "a P-position of the first period");
            for side in [n.checked_sub(1), n.checked_add(1)].into_iter().flatten() {
                why.entry(side).or_insert("beside a P-position");
            }
        }
    }
    if max >= pre {
        for r in 0..period {
            // The largest n ≤ max with n ≡ pre + r (mod period).
            let offset = (max - pre) % period;
            let n = max - (offset + period - r) % period;
            if n >= pre {
                why.entry(n)
                    .or_insert("the largest position of its residue class");
            }
        }
    }
    let mut out = String::new();
    for (n, reason) in why.into_iter().filter(|&(n, _)| n <= max) {
        let outcome = if lost_at(n) { 'P' } else { 'N' };
        out.push_str(&format!("{n} {outcome}  # {reason}\n"));
    }
    Ok(out)
}

/// The family's name, and how many positions it tabulates unless told.
fn named(family: &Family) -> (&'static str, usize) {
    match family {
        Family::Subtraction { sweep: None, .. } => ("subtraction", 100),
        // Each set's table must be long enough to prove its period.
        Family::Subtraction { sweep: Some(_), .. } => ("subtraction", 1000),
        Family::Bash { .. } => ("bash", 100),
        Family::Octal { .. } => ("octal", 100),
        Family::Wythoff => ("wythoff", 20),
        Family::Fibonacci => ("fibonacci", 50),
        Family::Circle { .. } => ("circle", 100),
        Family::Nim { .. } => ("nim", 7),
        Family::MergePiles => ("merge-piles", 12),
    }
}

/// The bytes tabulating `upto` positions of the family takes, about.
fn needs(family: &Family, upto: usize) -> u128 {
    let n = upto as u128;
    let square = n.saturating_mul(n);
    match family {
        Family::Wythoff => square.saturating_mul(2),
        // A u32 value and an outcome for each (pile, cap).
        Family::Fibonacci => square.saturating_mul(5) / 2,
        // A position's heaps and its place in the index, about 100 bytes.
        Family::Nim { heaps } => multisets(*heaps as u128, n).saturating_mul(100),
        Family::MergePiles => partitions(upto).saturating_mul(100),
        _ => n.saturating_mul(12),
    }
}

/// What this machine has free, from `/proc/meminfo`.
fn available() -> Option<u128> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u128 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

fn gib(bytes: u128) -> String {
    format!("{:.1} GiB", bytes as f64 / (1u128 << 30) as f64)
}

/// The game's table and what it proves.
pub fn table(args: &LabArgs) -> Result<LabReport> {
    let (family, default) = named(&args.family);
    let upto = args.upto.unwrap_or(default);
    let play = match args.misere {
        true => Play::Misere,
        false => Play::Normal,
    };
    if args.sg && args.misere {
        bail!("--sg with --misere: Grundy values are normal play's; ask for one of them");
    }
    let need = needs(&args.family, upto);
    if let Some(free) = available()
        && need > free
    {
        bail!(
            "--upto {upto}: the table of {family} would need about {}, and this machine has {} \
             free; expected a smaller N",
            gib(need),
            gib(free)
        );
    }
    let mut report = LabReport {
        verdict: Verdict::Ac,
        family: family.to_string(),
        game: String::new(),
        moves: None,
        code: None,
        play: match play {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
        .to_string(),
        upto,
        outcomes: String::new(),
        grundy: None,
        preperiod: None,
        period: None,
        proven: false,
        proof: String::new(),
        gaps: None,
        p_positions: Vec::new(),
        p_pairs: Vec::new(),
        p_heaps: Vec::new(),
        plane: Vec::new(),
        sweep: None,
        parameters: Vec::new(),
        sets: Vec::new(),
        conjecture: None,
    };
    match &args.family {
        Family::Subtraction {
            moves,
            sweep: Some(sweep),
        } => swept(&mut report, moves, sweep, play, args.sg)?,
        Family::Subtraction { moves, sweep: None } => {
            let moves = games::subtraction::parse_moves(moves).map_err(anyhow::Error::msg)?;
            subtraction(&mut report, &moves, args, play)?;
        }
        Family::Bash { m } => {
            if *m == 0 {
                bail!("--m 0: expected a largest move of at least 1");
            }
            subtraction(&mut report, &(1..=*m).collect::<Vec<_>>(), args, play)?;
        }
        Family::Octal { code } => {
            let game = games::octal::Octal::new(code, upto).map_err(anyhow::Error::msg)?;
            report.game = format!("code {code}");
            report.code = Some(code.clone());
            let (wins, values) = match play {
                Play::Normal => {
                    let values = game.grundy();
                    (values.iter().map(|&g| g != 0).collect(), Some(values))
                }
                Play::Misere => (outcomes(&game, play)?, None),
            };
            let proof = Proof::Octal(game.most_taken());
            let why = format!(
                "Guy and Smith: the values match for 2·preperiod + period + {} positions",
                game.most_taken()
            );
            match &values {
                Some(values) => prove(&mut report, &wins, values, proof, why),
                None => {
                    report.proof = "no theorem carries a misère table: no period claimed".into()
                }
            }
            report.outcomes = strip(&wins);
            report.p_positions = lost(&wins);
            report.grundy = values;
        }
        Family::Wythoff => {
            if args.sg || args.misere {
                bail!(
                    "wythoff: the table gives normal play's P-positions only (no --sg, --misere)"
                );
            }
            let game = games::wythoff::Wythoff { side: upto };
            report.game = "two piles".into();
            report.p_pairs = game
                .p_positions()
                .into_iter()
                .map(|(a, b)| [a, b])
                .collect();
            report.proof = "two piles: no period (the P-positions are (⌊kφ⌋, ⌊kφ²⌋))".into();
        }
        Family::Fibonacci => {
            if args.sg {
                bail!("fibonacci: --sg is not offered (a position is a pile and a cap)");
            }
            let game = games::fibonacci::Fibonacci { piles: upto };
            let table = match play {
                Play::Normal => game.wins(),
                Play::Misere => outcomes(&game, play)?,
            };
            let wins = game.first_wins(&table);
            report.game = "one pile, the first move any but all".into();
            report.outcomes = strip(&wins);
            report.p_positions = lost(&wins);
            report.proof = "no period theorem for Fibonacci Nim: no period claimed".into();
        }
        Family::Nim { heaps } => {
            if args.sg {
                bail!("nim: --sg is not offered (a heap's value is its size)");
            }
            let game = games::heaps::Heaps::nim(*heaps, upto as u64);
            report.game = format!("at most {heaps} heaps of 1 to {upto}");
            heaps_table(&mut report, &game, play)?;
        }
        Family::MergePiles => {
            if args.sg {
                bail!("merge-piles: --sg is not offered");
            }
            let game = games::heaps::Heaps::merge_piles(upto as u64);
            report.game = format!("heaps of at most {upto} tokens in all");
            heaps_table(&mut report, &game, play)?;
        }
        Family::Circle { k } => {
            if args.sg || args.misere {
                bail!("circle: the table gives normal play's outcomes only (no --sg, --misere)");
            }
            let wins = games::circle::first_wins(*k, upto).map_err(anyhow::Error::msg)?;
            // The plane's rows for the smaller k, as far as a sweep's rows
            // go: a row costs as much as the table itself.
            let shown = upto.min(SWEPT_SHOWN);
            report.plane = (1..*k)
                .map(|k| games::circle::first_wins(k, shown).map(|w| strip(&w)))
                .chain([Ok(strip(&wins[..shown]))])
                .collect::<Result<_, _>>()
                .map_err(anyhow::Error::msg)?;
            report.game = format!("k {k}");
            report.outcomes = strip(&wins);
            report.p_positions = lost(&wins);
            report.proof = "the first move leaves a row: no period theorem for the circle, no \
                            period claimed"
                .into();
        }
    }
    Ok(report)
}

/// A subtraction game's table: the outcomes (and values) and their period,
/// proven by the window of the largest move.
fn subtraction(report: &mut LabReport, moves: &[usize], args: &LabArgs, play: Play) -> Result<()> {
    let upto = report.upto;
    let game = games::subtraction::Subtraction::new(moves, upto).map_err(anyhow::Error::msg)?;
    let shown: Vec<String> = game.moves().iter().map(usize::to_string).collect();
    report.game = format!("moves {}", shown.join(","));
    report.moves = Some(game.moves().to_vec());
    let wins = game.wins(play);
    let window = game.window();
    let why = format!("each position is decided by the {window} before it (the largest move)");
    match args.sg {
        true => {
            let values = games::grundy(&game);
            prove(report, &wins, &values, Proof::Window(window), why);
            report.grundy = Some(values);
        }
        false => prove(report, &wins, &wins, Proof::Window(window), why),
    }
    report.outcomes = strip(&wins);
    report.p_positions = lost(&wins);
    Ok(())
}

/// A subtraction game for every parameter set of `sweep`: its moves from
/// the `template`, its period and gaps.
fn swept(report: &mut LabReport, template: &str, sweep: &str, play: Play, sg: bool) -> Result<()> {
    let parsed = games::sweep::Sweep::parse(sweep).map_err(anyhow::Error::msg)?;
    report.game = format!("moves {template}");
    report.sweep = Some(sweep.to_string());
    let names = parsed.names();
    report.parameters = names.iter().map(|n| n.to_string()).collect();
    for values in parsed.sets() {
        let (game, wins, found) = swept_set(template, &values, report.upto, play)?;
        // With --sg the period is the values' (a multiple of the outcomes').
        let (found, grundy) = match sg {
            true => {
                let values = games::grundy(&game);
                let found = period::proven(&values, Proof::Window(game.window()));
                (
                    found,
                    Some(values[..values.len().min(SWEPT_SHOWN)].to_vec()),
                )
            }
            false => (found, None),
        };
        let gaps = found.map(|f| period::gaps(&wins, f));
        let shown = &wins[..wins.len().min(SWEPT_SHOWN)];
        let shape = match &gaps {
            Some(gaps) => games::sweep::shape(gaps, &names, &values),
            None => "none".into(),
        };
        report.sets.push(SweepRow {
            outcomes: strip(shown),
            p_positions: lost(shown),
            grundy,
            values,
            shape,
            moves: game.moves().to_vec(),
            preperiod: found.map(|f| f.preperiod),
            period: found.map(|f| f.period),
            proven: found.is_some(),
            pattern: gaps.as_deref().map_or("none".into(), period::shown),
            gaps,
        });
    }
    report.proof = format!(
        "each set's period is proven by the window of its largest move, in a table of {} positions, or its pattern is `none`",
        report.upto
    );
    Ok(())
}

/// One parameter set of a sweep: its game, outcomes and proven period.
pub fn swept_set(
    template: &str,
    values: &games::sweep::Values,
    upto: usize,
    play: Play,
) -> Result<(Subtraction, Vec<bool>, Option<period::Period>)> {
    let moves = games::sweep::substitute(template, values);
    let game = (games::subtraction::parse_moves(&moves))
        .and_then(|m| Subtraction::new(&m, upto))
        .map_err(|e| {
            let shown: Vec<String> = values.iter().map(|(k, v)| format!("{k}={v}")).collect();
            anyhow::anyhow!("the sweep's set {}: {e}", shown.join(" "))
        })?;
    let wins = game.wins(play);
    let found = period::proven(&wins, Proof::Window(game.window()));
    Ok((game, wins, found))
}

/// A game on heaps: its P-positions.
fn heaps_table(report: &mut LabReport, game: &games::heaps::Heaps, play: Play) -> Result<()> {
    let wins = outcomes(game, play)?;
    report.p_heaps = (0..wins.len())
        .filter(|&i| !wins[i])
        .map(|i| game.position(i).to_vec())
        .collect();
    report.proof = "several heaps: no period claimed".into();
    Ok(())
}

/// The multisets of at most `k` heaps of 1 to `n` tokens: C(n + k, k),
/// saturating.
fn multisets(k: u128, n: u128) -> u128 {
    (1..=k).fold(1u128, |c, i| c.saturating_mul(n.saturating_add(i)) / i)
}

/// The multisets of heaps of at most `stones` tokens in all (the
/// partitions of 0 to `stones`).
fn partitions(stones: usize) -> u128 {
    // Past 10^4 tokens the count passes any memory.
    if stones > 10_000 {
        return u128::MAX;
    }
    let mut ways = vec![0u128; stones + 1];
    ways[0] = 1;
    for part in 1..=stones {
        for total in part..=stones {
            ways[total] = ways[total].saturating_add(ways[total - part]);
        }
    }
    ways.iter().fold(0u128, |a, &w| a.saturating_add(w))
}

fn outcomes(game: &dyn Game, play: Play) -> Result<Vec<bool>> {
    games::outcomes(game, play).map_err(anyhow::Error::msg)
}

/// The period `values` proves, with the gaps of `wins` over it, or why
/// none is claimed.
fn prove<T: PartialEq>(
    report: &mut LabReport,
    wins: &[bool],
    values: &[T],
    proof: Proof,
    why: String,
) {
    match period::proven(values, proof) {
        Some(found) => {
            report.preperiod = Some(found.preperiod);
            report.period = Some(found.period);
            report.proven = true;
            // A period of the values is one of the outcomes too.
            report.gaps = Some(period::gaps(wins, found));
            report.proof = why;
        }
        None => {
            report.proof = format!("no period found up to {}: {why}", report.upto);
        }
    }
}

/// `P` and `N`, a position each.
fn strip(wins: &[bool]) -> String {
    wins.iter().map(|&w| if w { 'N' } else { 'P' }).collect()
}

fn lost(wins: &[bool]) -> Vec<usize> {
    (0..wins.len()).filter(|&i| !wins[i]).collect()
}
