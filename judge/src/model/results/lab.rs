//! `judge lab`'s report made of the `games` crate's table, whatever the
//! family: a P/N strip for one heap, the P-positions of two piles or of
//! several heaps, the plane's rows, a sweep's sets.

use games::lab::Lab;
use games::period::Period;
use games::table::Positions;

use super::report::{LabReport, SweepRow};
use crate::model::verdict::Verdict;

impl LabReport {
    /// The report of `lab`'s table, accepted (a conjecture may say else).
    pub fn of(lab: Lab) -> LabReport {
        let Lab {
            family, ask, table, ..
        } = lab;
        let (preperiod, period, proven) = period_of(table.period);
        let mut report = LabReport {
            verdict: Verdict::Ac,
            family: family.name().to_string(),
            span: table.span(ask.upto),
            game: table.game,
            moves: table.moves,
            code: table.code,
            play: match ask.play {
                games::Play::Normal => "normal",
                games::Play::Misere => "misere",
            }
            .to_string(),
            upto: ask.upto,
            budget: ask.budget,
            outcomes: String::new(),
            grundy: table.grundy,
            preperiod,
            period,
            proven,
            proof: table.proof,
            gaps: table.gaps,
            p_positions: Vec::new(),
            p_pairs: Vec::new(),
            p_heaps: Vec::new(),
            plane: table.plane.iter().map(|row| strip(row)).collect(),
            sweep: None,
            parameters: Vec::new(),
            sets: Vec::new(),
            conjecture: None,
            layout: table.layout,
        };
        match table.positions {
            Positions::OneHeap(wins) => {
                report.outcomes = strip(&wins);
                report.p_positions = lost(&wins);
            }
            Positions::TwoPiles(lost) => report.p_pairs = lost,
            Positions::Heaps { positions, wins } => {
                report.p_heaps = (positions.into_iter().zip(wins))
                    .filter(|(_, wins)| !wins)
                    .map(|(heaps, _)| heaps)
                    .collect();
            }
            Positions::Sets(swept) => {
                report.sweep = Some(swept.sweep);
                report.parameters = swept.names;
                report.sets = (swept.rows.into_iter())
                    .map(|row| {
                        let (preperiod, period, proven) = period_of(row.period);
                        SweepRow {
                            outcomes: strip(&row.wins),
                            p_positions: lost(&row.wins),
                            grundy: row.grundy,
                            values: row.values,
                            shape: row.shape,
                            moves: row.moves,
                            preperiod,
                            period,
                            proven,
                            pattern: row.pattern,
                            gaps: row.gaps,
                        }
                    })
                    .collect();
            }
        }
        report
    }
}

/// A proven period's fields: preperiod, period, and whether there is one.
fn period_of(found: Option<Period>) -> (Option<usize>, Option<usize>, bool) {
    (
        found.map(|f| f.preperiod),
        found.map(|f| f.period),
        found.is_some(),
    )
}

/// `P` and `N`, a position each.
fn strip(wins: &[bool]) -> String {
    wins.iter().map(|&w| if w { 'N' } else { 'P' }).collect()
}

fn lost(wins: &[bool]) -> Vec<usize> {
    (0..wins.len()).filter(|&i| !wins[i]).collect()
}
