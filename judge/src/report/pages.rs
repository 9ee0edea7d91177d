//! `--html PATH`: which page each report gets — the invocation matrix of
//! `judge test` on one file and of `judge verify` (`html.rs`), the
//! standings of a class (`standings_page.rs`), a contest's
//! (`contest_page.rs`).

use std::path::Path;

use anyhow::Result;

use super::file::{Problems, Render};
use super::html::{Column, Matrix, matrix, render};
use super::{contest_page, standings_page};
use crate::model::event::EventKind;
use crate::model::results::report::Report;

/// `--html PATH`: the page of `judge test` (a column for the file judged,
/// or the standings of several), `judge verify` (a matrix per problem) or
/// `judge contest` (contestants × problems).
#[derive(Clone, Debug, Default)]
pub struct Page {
    problems: Problems,
}

impl Render for Page {
    fn what(&self) -> &'static str {
        "the HTML report"
    }

    fn gather(&mut self, event: &EventKind) {
        self.problems.gather(event);
    }

    fn render(&self, report: &Report, _: &Path) -> Result<Option<Vec<u8>>> {
        let page = match report {
            Report::Test(r) => {
                let other = (r.other.as_ref()).map(|o| Column::other(&r.solution, o));
                let columns = std::iter::once(Column::tested(r)).chain(other).collect();
                let matrix = matrix(self.problems.named(&r.problem)?, columns);
                let title = format!("judge test {} {}", r.problem, r.solution);
                render(&title, r.verdict.as_str(), r.verdict.as_str(), &[matrix])
            }
            Report::Standings(r) => standings_page::render(r, self.problems.named(&r.problem)?),
            Report::Contest(r) => contest_page::render(r),
            Report::Verify(r) => {
                let matrices: Vec<Matrix> = (self.problems.all().iter())
                    .map(|p| {
                        let rows = r.solutions.iter().filter(|r| r.problem == p.name);
                        matrix(p, rows.map(Column::verified).collect())
                    })
                    .collect();
                render(
                    "judge verify",
                    r.verdict.as_str(),
                    r.verdict.as_str(),
                    &matrices,
                )
            }
            _ => return Ok(None),
        };
        Ok(Some(page.into_bytes()))
    }
}
