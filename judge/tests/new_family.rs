//! A new game family is one file and one registration line, and nothing
//! else of the kit: this file is the file (the family, [`TakeOneOrK`], a
//! type implementing `games::family::Family`) and [`families`] holds the
//! line (the kit's registry, `games::lab::FAMILIES`, and this family).
//!
//! How that proves it: `judge`'s `main` is `Cli::parse_with(FAMILIES)` then
//! `commands::run`, which calls `commands::run_with` with a reporter on
//! stdout and the same registry. The registry is a static slice compiled
//! into the binary, so the test cannot add the toy to the binary; it goes
//! through those two library entry points instead, with its own registry:
//! the command line parsed by the CLI built from the registry
//! (`Cli::try_parse_with`), then `run_with`, whose `judge lab` tabulates,
//! proves the period, reports on the terminal or as JSON (checked against
//! docs/report.schema.json) and draws the plot. The CLI's definitions,
//! `commands/lab.rs`, the report, the terminal, the plot and the schema
//! know nothing of the toy: what they show comes from its data.

use games::Game;
use games::family::{Ask, Family, Kind, Param, Params};
use games::period::Proof;
use games::table::Table;
use judge::cli::Cli;
use judge::report::json::JsonReporter;
use judge::report::terminal::TerminalReporter;
use serde_json::Value;

use testkit::schema::assert_documented;

/// Take 1 or `k` tokens from one heap: with `k` even, a position is lost
/// exactly when it is even and below `k` modulo `k + 1`; with `k` odd,
/// when it is even.
struct TakeOneOrK;

/// The game on heaps `0..size`.
struct Game1K {
    k: usize,
    size: usize,
}

impl Game for Game1K {
    fn size(&self) -> usize {
        self.size
    }

    fn options(&self, position: usize, option: &mut dyn FnMut(&[usize])) {
        for take in [1, self.k].into_iter().filter(|&t| t <= position) {
            option(&[position - take]);
        }
    }
}

impl Family for TakeOneOrK {
    fn name(&self) -> &'static str {
        "take-one-or-k"
    }

    fn about(&self) -> &'static str {
        "Take 1 or K tokens from one heap"
    }

    fn params(&self) -> &'static [Param] {
        const PARAMS: &[Param] =
            &[Param::required("k", Kind::Count, "The larger move").defaults_to("4")];
        PARAMS
    }

    fn upto(&self, _: &Params) -> usize {
        30
    }

    fn table(&self, params: &Params, ask: &Ask) -> Result<Table, String> {
        let k = params.count("k")?;
        if k < 2 {
            return Err(format!("--k {k}: expected a larger move of at least 2"));
        }
        let game = Game1K { k, size: ask.upto };
        let mut table = Table::one_heap(format!("moves 1,{k}"), games::outcomes(&game, ask.play)?)
            .proven_by(
                Proof::Window(k),
                format!("each position is decided by the {k} before it"),
            );
        if ask.sg {
            table = table.with_grundy(games::grundy(&game));
        }
        Ok(table)
    }
}

/// The kit's families and the toy: its one registration line.
fn families() -> Vec<&'static dyn Family> {
    [games::lab::FAMILIES, &[&TakeOneOrK]].concat()
}

/// `judge ARGS` as the binary runs it, with the toy registered: the exit
/// code `main` would give (0, 1, or 2 for an error, whose message is
/// returned) and what it printed.
fn judge(args: &[&str]) -> (i32, String) {
    let families = families();
    let argv = [&["judge"], args].concat();
    let cli = match Cli::try_parse_with(&families, argv) {
        Ok(cli) => cli,
        Err(e) => return (e.exit_code(), e.to_string()),
    };
    let mut out = Vec::new();
    let result = match cli.global.json {
        true => judge::commands::run_with(&cli, &mut JsonReporter::new(&mut out), &families),
        false => {
            let mut terminal = TerminalReporter::new(anstream::StripStream::new(&mut out), false);
            judge::commands::run_with(&cli, &mut terminal, &families)
        }
    };
    match result {
        Ok(ok) => (i32::from(!ok), String::from_utf8(out).unwrap()),
        Err(e) => (2, format!("{e:#}")),
    }
}

fn json(args: &[&str]) -> Value {
    let (code, out) = judge(&[&["lab", "--json"], args].concat());
    assert_eq!(code, 0, "{out}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_documented(&report);
    report
}

/// Whether the player to move loses `n`, by the rule.
fn lost(k: usize, n: usize) -> bool {
    let r = n % (k + 1);
    match k.is_multiple_of(2) {
        true => r.is_multiple_of(2) && r < k,
        false => n.is_multiple_of(2),
    }
}

#[test]
fn the_command_line_is_built_from_the_registry() {
    let (code, help) = judge(&["lab", "--help"]);
    assert_eq!(code, 0);
    assert!(
        help.contains("take-one-or-k  Take 1 or K tokens from one heap"),
        "{help}"
    );
    let (_, help) = judge(&["lab", "take-one-or-k", "--help"]);
    assert!(help.contains("--k <K>"), "{help}");
    assert!(help.contains("The larger move [default: 4]"), "{help}");
    let (code, error) = judge(&["lab", "take-one-or-k", "--k", "x"]);
    assert_eq!(code, 2);
    assert!(error.contains("invalid value 'x' for '--k <K>'"), "{error}");
    // A refusal of the family's own is an error as the kit's are.
    let (code, error) = judge(&["lab", "take-one-or-k", "--k", "1"]);
    assert_eq!(code, 2);
    assert_eq!(error, "--k 1: expected a larger move of at least 2");
    // The kit's registry alone does not know it.
    let unknown = Cli::try_parse_with(games::lab::FAMILIES, ["judge", "lab", "take-one-or-k"]);
    assert!(unknown.is_err());
}

#[test]
fn its_table_period_and_proof_are_reported() {
    let (code, text) = judge(&["lab", "take-one-or-k"]);
    assert_eq!(code, 0, "{text}");
    let strip: String = (0..30)
        .map(|n| if lost(4, n) { 'P' } else { 'N' })
        .collect();
    for line in [
        "take-one-or-k, moves 1,4, normal play, positions 0..30",
        &format!("       0  {strip}"),
        "period 5 from position 0, proven: each position is decided by the 4 before it",
        "P-positions of one period: 0 2; gaps 2/3",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }

    let report = json(&["take-one-or-k", "--k", "6", "--upto", "40", "--sg"]);
    assert_eq!(report["family"], "take-one-or-k");
    assert_eq!(report["game"], "moves 1,6");
    let expected: Vec<usize> = (0..40).filter(|&n| lost(6, n)).collect();
    assert_eq!(report["p_positions"], serde_json::json!(expected));
    assert_eq!(
        (&report["preperiod"], &report["period"], &report["proven"]),
        (&0.into(), &7.into(), &true.into())
    );
    assert_eq!(report["gaps"], serde_json::json!([2, 2, 3]));
    assert_eq!(report["grundy"].as_array().unwrap().len(), 40);

    // With k odd the period is 2; misère play has its own table.
    let odd = json(&["take-one-or-k", "--k", "3"]);
    assert_eq!(
        (&odd["period"], &odd["gaps"]),
        (&2.into(), &serde_json::json!([2]))
    );
    let misere = json(&["take-one-or-k", "--misere", "--upto", "12"]);
    assert_eq!(misere["play"], "misere");
    assert_eq!(misere["outcomes"], "NPNPNNPNPNNP");
}

#[test]
fn its_picture_page_and_tests_come_from_its_data() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("toy.svg");
    let page = dir.path().join("toy.html");
    let positions = dir.path().join("positions.txt");
    let (code, out) = judge(&[
        "lab",
        "take-one-or-k",
        "--plot",
        svg.to_str().unwrap(),
        "--html",
        page.to_str().unwrap(),
        "--emit-tests",
        positions.to_str().unwrap(),
        "--max",
        "100",
    ]);
    assert_eq!(code, 0, "{out}");
    // One heap: rows of whole periods (two of 5: a row has 10 at least),
    // a square per P-position.
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(
        svg.contains("rows of 10 (2 periods): period 5 from 0, proven"),
        "{svg}"
    );
    let drawn: Vec<usize> = (svg.split("<rect class=\"p\" data-n=\"").skip(1))
        .map(|rect| rect[..rect.find('"').unwrap()].parse().unwrap())
        .collect();
    assert_eq!(drawn, (0..30).filter(|&n| lost(4, n)).collect::<Vec<_>>());
    let page = std::fs::read_to_string(page).unwrap();
    assert!(
        page.contains("<p id=\"summary\" data-proven=\"true\" data-period=\"5\""),
        "{page}"
    );
    assert!(page.contains(&svg), "the page holds the picture");
    // The first period, then the largest position of each residue class.
    let text = std::fs::read_to_string(positions).unwrap();
    let lines: Vec<(usize, bool)> = (text.lines())
        .map(|l| {
            let mut words = l.split_whitespace();
            let n = words.next().unwrap().parse().unwrap();
            (n, words.next() == Some("P"))
        })
        .collect();
    let shown: Vec<usize> = lines.iter().map(|l| l.0).collect();
    assert_eq!(shown, [0, 1, 2, 3, 4, 96, 97, 98, 99, 100]);
    assert!(lines.iter().all(|&(n, p)| p == lost(4, n)), "{text}");
}
