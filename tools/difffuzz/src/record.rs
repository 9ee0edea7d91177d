//! Writes mismatches as conformance vectors in the layout that
//! `testlib/tests/vectors.rs` replays: the files of the run, `cmd`, and
//! `expected/` taken from testlib's program; plus the `index.json` entries.

use std::fs;
use std::io;
use std::path::Path;

use serde_json::{Value, json};

use crate::Mismatch;
use crate::programs::Kind;

/// A short name for an exit code, as testlib's verdicts go.
fn verdict(code: i32) -> String {
    match code {
        0 => "ok".into(),
        1 => "wa".into(),
        2 => "pe".into(),
        3 => "fail".into(),
        4 => "dirt".into(),
        7 => "points".into(),
        c if c < 0 => format!("sig{}", -c),
        c => format!("exit{c}"),
    }
}

/// `fuzz-<ours>-vs-<theirs>-<n>`, or `fuzz-<verdict>-msg-<n>` when only the
/// text differs.
fn short_kind(m: &Mismatch) -> String {
    if m.ours.code == m.theirs.code {
        let what = if m.ours.stderr == m.theirs.stderr {
            "stdout"
        } else {
            "msg"
        };
        format!("{}-{what}", verdict(m.theirs.code))
    } else {
        format!("{}-vs-{}", verdict(m.ours.code), verdict(m.theirs.code))
    }
}

fn first_line(text: &[u8]) -> String {
    let s = String::from_utf8_lossy(text);
    s.lines().next().unwrap_or("").chars().take(160).collect()
}

/// Writes every kind's example; returns how many vectors were written.
pub fn write(dir: &Path, seed: u64, found: &[(Kind, &str, Vec<Mismatch>)]) -> io::Result<usize> {
    let mut index = Vec::new();
    for (kind, program, mismatches) in found {
        let mut counters = std::collections::HashMap::new();
        for m in mismatches {
            // The harness cannot expect a death by signal (testlib's own
            // undefined behaviour, e.g. a segfault): such kinds are only shown.
            if m.theirs.code < 0 {
                println!(
                    "not recorded: {} (testlib's program died of signal {})",
                    m.key, -m.theirs.code
                );
                continue;
            }
            let short = short_kind(m);
            let n = counters.entry(short.clone()).or_insert(0);
            *n += 1;
            let id = format!("fuzz-{short}-{n}");
            let rel = format!("{}/{program}/{id}", kind.folder());
            let vdir = dir.join(&rel);
            let _ = fs::remove_dir_all(&vdir);
            fs::create_dir_all(vdir.join("expected"))?;
            for (name, content) in &m.case.files {
                fs::write(vdir.join(name), content)?;
            }
            let expected = vdir.join("expected");
            fs::write(expected.join("exit_code"), format!("{}\n", m.theirs.code))?;
            fs::write(expected.join("stderr"), &m.theirs.stderr)?;
            if *kind != Kind::Checker {
                fs::write(expected.join("stdout"), &m.theirs.stdout)?;
            }
            let mut cmd = std::iter::once(program.to_string())
                .chain(m.case.args.iter().cloned())
                .collect::<Vec<_>>()
                .join(" ");
            if let Some(stdin) = &m.case.stdin {
                cmd.push_str(&format!(" < {stdin}"));
            }
            if *kind == Kind::Generator {
                fs::write(
                    vdir.join("args.json"),
                    format!("{}\n", Value::from(m.case.args.clone())),
                )?;
            } else {
                fs::write(vdir.join("cmd"), format!("{cmd}\n"))?;
            }
            let note = format!(
                "difffuzz --seed {seed}, case {}: ours exit {}: {}",
                m.first_case,
                m.ours.code,
                first_line(&m.ours.stderr)
            );
            let stderr = String::from_utf8_lossy(&m.theirs.stderr);
            let stdout = String::from_utf8_lossy(&m.theirs.stdout);
            let entry = match kind {
                Kind::Checker => json!({
                    "kind": "checker", "program": program, "id": id, "dir": rel,
                    "argv": m.case.args, "exit_code": m.theirs.code, "stderr": stderr,
                    "result_file": null, "note": note,
                }),
                Kind::Validator => json!({
                    "kind": "validator", "program": program, "id": id, "dir": rel,
                    "argv": m.case.args, "stdin": m.case.stdin, "exit_code": m.theirs.code,
                    "stderr": stderr, "stdout": stdout, "note": note,
                }),
                Kind::Generator => json!({
                    "kind": "generator", "program": program, "id": id, "dir": rel,
                    "argv": m.case.args, "exit_code": m.theirs.code, "stdout": stdout,
                    "stderr": stderr, "note": note,
                }),
            };
            index.push(entry);
        }
    }
    let mut text = serde_json::to_string_pretty(&Value::from(index.clone()))?;
    text.push('\n');
    fs::write(dir.join("index-additions.json"), text)?;
    Ok(index.len())
}
