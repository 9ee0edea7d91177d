//! Differential fuzzer: runs our checkers, validators and generators and
//! testlib's own on the same random small cases and requires the exit code,
//! stderr and stdout to be identical byte for byte.

mod inputs;
mod programs;
mod record;
mod rng;
mod run;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;

use programs::{Case, Kind, PROGRAMS, Program};
use rng::Rng;
use run::{Outcome, find_program, run};

#[derive(Parser)]
#[command(about = "Compare our testlib programs with testlib's own on random small cases")]
struct Cli {
    /// A folder of our programs (its `examples/` is searched too); repeatable.
    #[arg(long, required = true)]
    ours: Vec<PathBuf>,
    /// A folder of programs built from testlib's own sources; repeatable.
    #[arg(long, required = true)]
    theirs: Vec<PathBuf>,
    /// Cases per program.
    #[arg(long, default_value_t = 2000)]
    cases: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Run only these programs; repeatable.
    #[arg(long)]
    only: Vec<String>,
    /// Write a conformance vector per mismatch kind (testlib's behaviour) here.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Run every case of a program even after a mismatch (default: a program
    /// stops at its first mismatch).
    #[arg(long)]
    keep_going: bool,
    /// Mismatch kinds shown in full per program.
    #[arg(long, default_value_t = 3)]
    examples: usize,
    /// Keep the examples as found instead of shrinking them.
    #[arg(long)]
    no_shrink: bool,
}

/// A class of mismatches: one example stands for all of them.
pub struct Mismatch {
    pub key: String,
    pub count: u64,
    /// The case number of the first one seen.
    pub first_case: u64,
    pub case: Case,
    pub ours: Outcome,
    pub theirs: Outcome,
}

/// The words of a message, folded so that one sort of message is told from
/// another without splitting on what it quotes: runs of digits become `#`,
/// quoted text `'…'`.
fn words(text: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(text)
        .split_whitespace()
        .map(|w| {
            if let Some(q) = w.chars().next().filter(|c| *c == '\'' || *c == '"') {
                return format!("{q}…");
            }
            let mut out = String::new();
            for c in w.chars().take(24) {
                if c.is_ascii_digit() {
                    if !out.ends_with('#') {
                        out.push('#');
                    }
                } else {
                    out.push(c);
                }
            }
            out
        })
        .collect()
}

/// The kind of a mismatch, or `None` when both runs agree: both exit codes,
/// the start of the first two words of each message and, when those agree,
/// the first words where the messages part.
fn kind_key(name: &str, ours: &Outcome, theirs: &Outcome) -> Option<String> {
    if ours == theirs {
        return None;
    }
    let (o, t) = (words(&ours.stderr), words(&theirs.stderr));
    let head = |w: &[String]| {
        w.iter()
            .take(2)
            .map(|w| w.chars().take(12).collect::<String>())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut key = format!(
        "{name} exit {}/{} [{}] vs [{}]",
        ours.code,
        theirs.code,
        head(&o),
        head(&t)
    );
    if head(&o) == head(&t) {
        let end = String::from("<end>");
        match (0..o.len().max(t.len())).find(|&i| o.get(i) != t.get(i)) {
            Some(i) => key.push_str(&format!(
                " then [{}] vs [{}]",
                o.get(i).unwrap_or(&end),
                t.get(i).unwrap_or(&end)
            )),
            None if ours.stderr != theirs.stderr => key.push_str(" (numbers or quoted text)"),
            None => key.push_str(" (stdout)"),
        }
    }
    Some(key)
}

/// Bytes as a Rust-like string literal: readable and unambiguous.
pub fn escape(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        s.extend(std::ascii::escape_default(b).map(char::from));
    }
    s.push('"');
    s
}

struct Runner {
    ours: PathBuf,
    theirs: PathBuf,
    scratch: PathBuf,
}

impl Runner {
    /// Both sides at once (two cores), each in its own fresh folder.
    fn both(&self, case: &Case) -> (Outcome, Outcome) {
        let (a, b) = std::thread::scope(|s| {
            let t = s.spawn(|| run(&self.theirs, case, &self.scratch.join("theirs")));
            let o = run(&self.ours, case, &self.scratch.join("ours"));
            (o, t.join().expect("runner thread panicked"))
        });
        let fail = |side: &str, e: std::io::Error| -> Outcome {
            eprintln!("cannot run {side}: {e}");
            std::process::exit(2);
        };
        (
            a.unwrap_or_else(|e| fail("ours", e)),
            b.unwrap_or_else(|e| fail("theirs", e)),
        )
    }
}

/// Makes the example smaller while it keeps its kind: drops chunks of bytes
/// from each file, then whole arguments of generators.
fn shrink(runner: &Runner, name: &str, m: &mut Mismatch) {
    let mut budget = 600;
    let mut try_case = |candidate: &Case, m: &mut Mismatch| -> bool {
        if budget == 0 {
            return false;
        }
        budget -= 1;
        let (o, t) = runner.both(candidate);
        if kind_key(name, &o, &t).as_deref() == Some(m.key.as_str()) {
            m.case = candidate.clone();
            m.ours = o;
            m.theirs = t;
            true
        } else {
            false
        }
    };
    for f in 0..m.case.files.len() {
        let mut chunk = m.case.files[f].1.len().div_ceil(2).max(1);
        loop {
            let mut at = 0;
            while at < m.case.files[f].1.len() {
                let mut candidate = m.case.clone();
                let data = &mut candidate.files[f].1;
                let end = (at + chunk).min(data.len());
                data.drain(at..end);
                if !try_case(&candidate, m) {
                    at += chunk;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
    }
    let mut i = 0;
    while i < m.case.args.len() && m.case.files.is_empty() {
        let mut candidate = m.case.clone();
        candidate.args.remove(i);
        if !try_case(&candidate, m) {
            i += 1;
        }
    }
}

fn print_example(m: &Mismatch) {
    println!(
        "  kind: {}  ({} cases, first: case {})",
        m.key, m.count, m.first_case
    );
    if !m.case.args.is_empty() && m.case.args != programs::CHECKER_ARGS {
        println!(
            "    args: {}",
            m.case
                .args
                .iter()
                .map(|a| escape(a.as_bytes()))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    for (name, content) in &m.case.files {
        let stdin = if m.case.stdin.as_deref() == Some(name) {
            " (stdin)"
        } else {
            ""
        };
        println!("    {name}{stdin}: {}", escape(content));
    }
    println!(
        "    ours:   exit {}, stderr {}",
        m.ours.code,
        escape(&m.ours.stderr)
    );
    println!(
        "    theirs: exit {}, stderr {}",
        m.theirs.code,
        escape(&m.theirs.stderr)
    );
    if m.ours.stdout != m.theirs.stdout {
        println!("    ours stdout:   {}", escape(&m.ours.stdout));
        println!("    theirs stdout: {}", escape(&m.theirs.stdout));
    }
}

/// Runs one program's cases; returns the cases run and the mismatch kinds.
fn fuzz_program(cli: &Cli, p: &Program, runner: &Runner) -> (u64, u64, Vec<Mismatch>) {
    let mut kinds: BTreeMap<String, Mismatch> = BTreeMap::new();
    let mut order = Vec::new();
    let mut run_count = 0;
    let mut mismatches = 0;
    for i in 0..cli.cases {
        let case = (p.make)(&mut Rng::for_case(cli.seed, p.name, i));
        let (o, t) = runner.both(&case);
        run_count += 1;
        let Some(key) = kind_key(p.name, &o, &t) else {
            continue;
        };
        mismatches += 1;
        let size =
            |c: &Case| c.files.iter().map(|f| f.1.len()).sum::<usize>() + c.args.concat().len();
        match kinds.get_mut(&key) {
            Some(m) => {
                m.count += 1;
                // Keep the smallest example: the one to shrink and show.
                if size(&case) < size(&m.case) {
                    m.case = case;
                    m.ours = o;
                    m.theirs = t;
                }
            }
            None => {
                order.push(key.clone());
                kinds.insert(
                    key.clone(),
                    Mismatch {
                        key,
                        count: 1,
                        first_case: i,
                        case,
                        ours: o,
                        theirs: t,
                    },
                );
            }
        }
        if !cli.keep_going {
            break;
        }
    }
    let mut found: Vec<Mismatch> = order.iter().map(|k| kinds.remove(k).unwrap()).collect();
    if !cli.no_shrink {
        for m in &mut found {
            shrink(runner, p.name, m);
        }
    }
    (run_count, mismatches, found)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    for name in &cli.only {
        if !PROGRAMS.iter().any(|p| p.name == name) {
            eprintln!(
                "unknown program {name}; known: {}",
                PROGRAMS
                    .iter()
                    .map(|p| p.name)
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            return ExitCode::from(2);
        }
    }
    let scratch = std::env::temp_dir().join(format!("difffuzz-{}", std::process::id()));
    let mut total_cases = 0;
    let mut total_mismatches = 0;
    let mut total_kinds = 0;
    let mut skipped = Vec::new();
    let mut recorded: Vec<(Kind, &str, Vec<Mismatch>)> = Vec::new();
    for p in PROGRAMS {
        if !cli.only.is_empty() && !cli.only.iter().any(|n| n == p.name) {
            continue;
        }
        let (ours, theirs) = (
            find_program(&cli.ours, p.name),
            find_program(&cli.theirs, p.name),
        );
        let (Some(ours), Some(theirs)) = (ours.clone(), theirs.clone()) else {
            let side = if ours.is_none() { "ours" } else { "theirs" };
            println!("{}: skipped (no program of {side})", p.name);
            skipped.push(p.name);
            continue;
        };
        let runner = Runner {
            ours,
            theirs,
            scratch: scratch.join(p.name),
        };
        let (n, mismatches, found) = fuzz_program(&cli, p, &runner);
        println!(
            "{}: {n} cases run, {mismatches} mismatches ({} kinds)",
            p.name,
            found.len()
        );
        for m in found.iter().take(cli.examples) {
            print_example(m);
        }
        for m in found.iter().skip(cli.examples) {
            println!(
                "  kind: {}  ({} cases, first: case {}; not shown)",
                m.key, m.count, m.first_case
            );
        }
        total_cases += n;
        total_mismatches += mismatches;
        total_kinds += found.len();
        if !found.is_empty() {
            recorded.push((p.kind, p.name, found));
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    println!(
        "total: {total_cases} cases run, {total_mismatches} mismatches in {total_kinds} kinds over {} programs{}",
        recorded.len(),
        if skipped.is_empty() {
            String::new()
        } else {
            format!("; skipped: {}", skipped.join(" "))
        }
    );
    if let Some(dir) = &cli.record {
        match record::write(dir, cli.seed, &recorded) {
            Ok(n) => println!("recorded {n} vectors in {}", dir.display()),
            Err(e) => {
                eprintln!("cannot record in {}: {e}", dir.display());
                return ExitCode::from(2);
            }
        }
    }
    if total_mismatches > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(code: i32, stderr: &str) -> Outcome {
        Outcome {
            code,
            stdout: Vec::new(),
            stderr: stderr.as_bytes().to_vec(),
        }
    }

    #[test]
    fn kinds_fold_numbers_and_ignore_agreement() {
        let a = outcome(1, "wrong answer expected 1.5, found 2\n");
        assert_eq!(kind_key("x", &a, &a), None);
        let k1 = kind_key(
            "x",
            &outcome(0, "ok answer is 1"),
            &outcome(1, "wrong answer expected 1"),
        );
        let k2 = kind_key(
            "x",
            &outcome(0, "ok answer is 75"),
            &outcome(1, "wrong answer expected 9"),
        );
        assert_eq!(k1, k2);
        assert_eq!(k1.unwrap(), "x exit 0/1 [ok answer] vs [wrong answer]");
        let k3 = kind_key(
            "x",
            &outcome(3, "FAIL Expected '1:' [test case 1]\n"),
            &outcome(3, "FAIL Expected '1:' [test case 1] (answer.txt)\n"),
        );
        assert_eq!(
            k3.unwrap(),
            "x exit 3/3 [FAIL Expected] vs [FAIL Expected] then [<end>] vs [(answer.txt)]"
        );
        let k4 = kind_key("x", &outcome(0, "ok -0.0"), &outcome(0, "ok 0.0"));
        assert_eq!(k4.unwrap(), "x exit 0/0 [ok -#.#] vs [ok #.#]");
        let q = kind_key(
            "x",
            &outcome(3, "FAIL found 'ab' x"),
            &outcome(3, "FAIL found 'cd' x"),
        );
        assert_eq!(
            q.unwrap(),
            "x exit 3/3 [FAIL found] vs [FAIL found] (numbers or quoted text)"
        );
        let mut out = outcome(0, "");
        out.stdout = b"1".to_vec();
        assert_eq!(
            kind_key("x", &out, &outcome(0, "")).unwrap(),
            "x exit 0/0 [] vs [] (stdout)"
        );
    }

    #[test]
    fn escapes_bytes() {
        assert_eq!(escape(b"a\0\xff\n'"), "\"a\\x00\\xff\\n\\'\"");
    }
}
