//! `judge test --csv` and `judge contest --csv`: the standings as a table
//! for spreadsheets, a row per file or per contestant, written in one go.

use std::path::Path;

use anyhow::{Context, Result};

use super::file::Render;
use crate::model::results::Standing;
use crate::model::results::report::{ContestReport, Report};

/// `--csv PATH`: the standings' rows.
#[derive(Clone, Copy, Debug, Default)]
pub struct Csv;

impl Render for Csv {
    fn what(&self) -> &'static str {
        "the CSV"
    }

    fn render(&self, report: &Report, _: &Path) -> Result<Option<Vec<u8>>> {
        match report {
            Report::Standings(r) => table(&r.solutions).map(Some),
            Report::Contest(r) => contest(r).map(Some),
            _ => Ok(None),
        }
    }
}

/// The columns, in order.
const HEADER: [&str; 11] = [
    "solution",
    "verdict",
    "score",
    "max_score",
    "passed",
    "tests",
    "max_time_ms",
    "first_failure",
    "message",
    "other_interpreter",
    "other_verdict",
];

/// `rows` as CSV (RFC 4180).
pub fn table(rows: &[Standing]) -> Result<Vec<u8>> {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(HEADER)?;
    for row in rows {
        let (test, message) = match (&row.first_failure, &row.compile_error) {
            // `test 01`: a spreadsheet would read a bare `01` as the number 1.
            (Some(f), _) => (
                format!("test {}", f.test),
                format!("{}: {}", f.verdict, f.message),
            ),
            (None, Some(e)) => (String::new(), e.lines().next().unwrap_or("").to_string()),
            (None, None) => (String::new(), String::new()),
        };
        let text =
            |v: Option<crate::model::verdict::Score>| v.map(|s| s.to_string()).unwrap_or_default();
        out.write_record([
            row.solution.clone(),
            row.verdict.to_string(),
            text(row.score),
            text(row.max_score),
            row.passed.to_string(),
            row.tests.to_string(),
            row.max_time.as_millis().to_string(),
            test,
            message,
            row.other
                .as_ref()
                .map(|o| o.interpreter.clone())
                .unwrap_or_default(),
            row.other
                .as_ref()
                .map(|o| o.verdict.to_string())
                .unwrap_or_default(),
        ])?;
    }
    out.into_inner().context("cannot write the CSV")
}

/// A contest's standings as CSV: rank, contestant, each problem's score
/// (empty where nothing was judged), the total.
pub fn contest(r: &ContestReport) -> Result<Vec<u8>> {
    let mut out = csv::Writer::from_writer(Vec::new());
    let mut header = vec!["rank".to_string(), "contestant".to_string()];
    header.extend(r.problems.iter().map(|p| p.name.clone()));
    header.push("total".to_string());
    out.write_record(&header)?;
    for c in &r.contestants {
        let mut record = vec![c.rank.to_string(), c.name.clone()];
        record.extend(c.problems.iter().map(|cell| {
            let score = cell
                .judged
                .as_ref()
                .map(|row| row.score.unwrap_or_default());
            score.map(|s| s.to_string()).unwrap_or_default()
        }));
        record.push(c.total.to_string());
        out.write_record(&record)?;
    }
    out.into_inner().context("cannot write the CSV")
}
