//! The statements tell the truth: in both languages, each sample's input is
//! the sample file `problems/<p>/samples/<k>.in`, and each sample's output
//! is exactly what the reference solution prints on it. An interactive
//! problem's sample is a play, which the page renders from the reference's
//! play and whose prose `statement_pages.rs` checks against it: its
//! Markdown must have no sample blocks of its own.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use testkit::paths::root as kit_root;

/// The problems listed in judge.toml.
fn problems(root: &Path) -> Vec<String> {
    let config: toml::Table = std::fs::read_to_string(root.join("judge.toml"))
        .unwrap()
        .parse()
        .unwrap();
    config["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect()
}

/// The fenced code blocks of a Markdown text, in order.
fn code_blocks(markdown: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            match current.take() {
                Some(block) => blocks.push(block),
                None => current = Some(String::new()),
            }
        } else if let Some(block) = &mut current {
            block.push_str(line);
            block.push('\n');
        }
    }
    blocks
}

/// Whether the problem in `dir` is interactive (names an interactor).
fn interactive(dir: &Path) -> bool {
    let config: toml::Table = std::fs::read_to_string(dir.join("problem.toml"))
        .unwrap()
        .parse()
        .unwrap();
    config.contains_key("interactor")
}

/// Compiles the problem's reference solution (named in problem.toml).
fn reference(root: &Path, problem: &str, out: &Path) -> PathBuf {
    let config: toml::Table =
        std::fs::read_to_string(root.join("problems").join(problem).join("problem.toml"))
            .unwrap()
            .parse()
            .unwrap();
    let source = root
        .join("solutions")
        .join(problem)
        .join(config["reference"].as_str().unwrap());
    let binary = out.join(problem);
    let status = Command::new("rustc")
        .args(["-O", "--edition", "2021", "-o"])
        .arg(&binary)
        .arg(&source)
        .status()
        .unwrap();
    assert!(status.success(), "cannot compile {}", source.display());
    binary
}

fn run(binary: &Path, input: &str) -> String {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(child.stdin.as_mut().unwrap(), input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn statement_samples_match_the_sample_files_and_the_reference() {
    let root = kit_root();
    let scratch = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for problem in problems(&root) {
        let dir = root.join("problems").join(&problem);
        if interactive(&dir) {
            for language in ["en", "zh"] {
                let path = dir.join(format!("statement.{language}.md"));
                let text = std::fs::read_to_string(&path).unwrap();
                assert_eq!(
                    code_blocks(&text),
                    Vec::<String>::new(),
                    "{}: an interactive sample is the rendered play, not a code block",
                    path.display()
                );
            }
            continue;
        }
        let binary = reference(&root, &problem, scratch.path());
        for language in ["en", "zh"] {
            let path = dir.join(format!("statement.{language}.md"));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|_| panic!("{} is missing", path.display()));
            let blocks = code_blocks(&text);
            assert!(
                !blocks.is_empty() && blocks.len().is_multiple_of(2),
                "{}: samples come as input/output pairs",
                path.display()
            );
            for (k, pair) in blocks.chunks(2).enumerate() {
                let sample = dir.join("samples").join(format!("{}.in", k + 1));
                let file = std::fs::read_to_string(&sample)
                    .unwrap_or_else(|_| panic!("{} is missing", sample.display()));
                assert_eq!(
                    pair[0],
                    file,
                    "{}: sample {} input differs from {}",
                    path.display(),
                    k + 1,
                    sample.display()
                );
                assert_eq!(
                    pair[1],
                    run(&binary, &file),
                    "{}: sample {} output is not the reference's",
                    path.display(),
                    k + 1
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 16, "only {checked} samples found");
}
