//! The guide (`book/`, built with mdBook) against the code and itself:
//! its command reference is what the command line's definitions say
//! (`judge::reference`; `UPDATE_GUIDE=1 cargo test -p judge --test guide`
//! writes the pages anew), every command is in its summary and named in
//! its chapters with every long option, every relative link of the guide
//! and of the README reaches a file and, with an `#anchor`, a heading of
//! that page as mdBook names it, and the README stays short.

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};

use judge::cli::Cli;
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// The most lines the README may have: the rest is the guide's.
const README_LINES: usize = 200;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn src() -> PathBuf {
    root().join("book/src")
}

/// Every Markdown file under `dir`, sorted.
fn markdown_under(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap().into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_reference_is_what_the_command_line_says() {
    let dir = src().join("reference");
    let pages = judge::reference::pages();
    let update = std::env::var_os("UPDATE_GUIDE").is_some();
    let generated: BTreeSet<&str> = pages.iter().map(|p| p.file.as_str()).collect();
    let mut wrong = Vec::new();
    for page in &pages {
        let path = dir.join(&page.file);
        if std::fs::read_to_string(&path).ok().as_deref() != Some(&page.text) {
            match update {
                true => std::fs::write(&path, &page.text).unwrap(),
                false => wrong.push(format!("{} differs", page.file)),
            }
        }
    }
    for path in markdown_under(&dir) {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !generated.contains(name.as_str()) {
            match update {
                true => std::fs::remove_file(&path).unwrap(),
                false => wrong.push(format!("{name} is no command's page")),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "book/src/reference/ is not what the command line says ({}): \
         run UPDATE_GUIDE=1 cargo test -p judge --test guide",
        wrong.join(", ")
    );
}

/// Each command as typed (`judge lab octal`) with its long options
/// (`--help` and `--version` aside).
fn commands() -> BTreeMap<String, Vec<String>> {
    fn walk(prefix: &str, command: &clap::Command, out: &mut BTreeMap<String, Vec<String>>) {
        let name = format!("{prefix}{}", command.get_name());
        let longs = (command.get_arguments())
            .filter(|a| !a.is_hide_set())
            .filter_map(|a| a.get_long())
            .filter(|l| !["help", "version"].contains(l))
            .map(|l| format!("--{l}"))
            .collect();
        out.insert(name.clone(), longs);
        for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
            walk(&format!("{name} "), sub, out);
        }
    }
    let mut command = Cli::command_with(games::lab::FAMILIES);
    command.build();
    let mut out = BTreeMap::new();
    walk("", &command, &mut out);
    out
}

/// Whether `text` holds `word` with no letter, digit, `-` or `_` right
/// after it (`--sg` is not in `--sgx`).
fn holds(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let next = text[at + word.len()..].chars().next();
        !next.is_some_and(|c| c.is_alphanumeric() || c == '-' || c == '_')
    })
}

#[test]
fn every_command_and_long_option_is_in_the_guide() {
    let summary = read(&src().join("SUMMARY.md"));
    let chapters: String = (markdown_under(&src()).iter())
        .filter(|p| !p.starts_with(src().join("reference")))
        .map(|p| read(p))
        .collect::<Vec<_>>()
        .join("\n");
    let mut missing = Vec::new();
    for (command, longs) in commands() {
        let page = format!("reference/{}.md", command.replace(' ', "-"));
        if !summary.contains(&format!("]({page})")) {
            missing.push(format!("SUMMARY.md does not link {page}"));
        }
        let reference = read(&src().join(&page));
        if command != "judge" && !holds(&chapters, &command) {
            missing.push(format!("no chapter names `{command}`"));
        }
        for long in longs {
            if !holds(&chapters, &long) {
                missing.push(format!("no chapter names `{command} {long}`"));
            }
            if !holds(&reference, &long) {
                missing.push(format!("{page} does not name {long}"));
            }
        }
    }
    assert!(missing.is_empty(), "the guide:\n{}", missing.join("\n"));
}

/// The ids mdBook gives the headings of a page: the heading's text
/// lower-cased, white space made `-`, every other character that is not
/// a letter, a digit, `-` or `_` dropped; a repeated id gets `-1`, `-2`...
fn heading_ids(markdown: &str) -> HashSet<String> {
    let mut ids = HashSet::new();
    let mut heading: Option<String> = None;
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(t) | Event::Code(t) if heading.is_some() => {
                heading.as_mut().unwrap().push_str(&t)
            }
            Event::End(TagEnd::Heading(_)) => {
                let text = heading.take().unwrap();
                let id: String = (text.trim().to_lowercase().chars())
                    .filter_map(|c| match c {
                        c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
                        c if c.is_whitespace() => Some('-'),
                        _ => None,
                    })
                    .collect();
                let mut unique = id.clone();
                let mut n = 0;
                while !ids.insert(unique.clone()) {
                    n += 1;
                    unique = format!("{id}-{n}");
                }
            }
            _ => {}
        }
    }
    ids
}

/// The Markdown extensions mdBook reads a page with.
fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
}

/// The destinations of the links and images of `markdown`, and the files
/// its `{{#include}}` lines name.
fn links(markdown: &str) -> Vec<String> {
    let mut out: Vec<String> = Parser::new_ext(markdown, options())
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                Some(dest_url.to_string())
            }
            _ => None,
        })
        .collect();
    for line in markdown.lines() {
        if let Some(rest) = line.trim().strip_prefix("{{#include ") {
            out.push(rest.trim_end_matches("}}").trim().to_string());
        }
    }
    out
}

/// What is wrong with the link `link` of the file `from`, if anything.
fn broken(from: &Path, link: &str, book: bool) -> Option<String> {
    if link.contains("://") || link.starts_with("mailto:") {
        return None;
    }
    let (path, anchor) = match link.split_once('#') {
        Some((path, anchor)) => (path, Some(anchor)),
        None => (link, None),
    };
    let target = match path {
        "" => from.to_path_buf(),
        path => from.parent().unwrap().join(path),
    };
    if !target.exists() {
        return Some(format!("{link}: no such file"));
    }
    let markdown = target.extension().is_some_and(|e| e == "md");
    let target = target.canonicalize().unwrap();
    if book && markdown && !target.starts_with(src().canonicalize().unwrap()) {
        return Some(format!(
            "{link}: a page outside book/src (mdBook would link its .html)"
        ));
    }
    match anchor {
        Some(anchor) if markdown && !heading_ids(&read(&target)).contains(anchor) => Some(format!(
            "{link}: no heading of that page has the id `{anchor}`"
        )),
        _ => None,
    }
}

#[test]
fn every_link_of_the_guide_and_the_readme_reaches_its_target() {
    let readme = root().join("README.md");
    let mut files = markdown_under(&src());
    files.push(readme.clone());
    let mut wrong = Vec::new();
    for file in &files {
        for link in links(&read(file)) {
            if let Some(why) = broken(file, &link, *file != readme) {
                let shown = file.strip_prefix(root()).unwrap().display().to_string();
                wrong.push(format!("{shown}: {why}"));
            }
        }
    }
    assert!(wrong.is_empty(), "broken links:\n{}", wrong.join("\n"));
}

#[test]
fn every_page_of_the_guide_is_in_its_summary() {
    let summary = src().join("SUMMARY.md");
    let linked: BTreeSet<PathBuf> = (links(&read(&summary)).iter())
        .map(|l| src().join(l))
        .collect();
    let unlinked: Vec<PathBuf> = (markdown_under(&src()).into_iter())
        .filter(|p| *p != summary && !linked.contains(p))
        .collect();
    assert!(unlinked.is_empty(), "not in SUMMARY.md: {unlinked:?}");
}

#[test]
fn the_readme_is_short_and_leads_to_the_guide() {
    let readme = read(&root().join("README.md"));
    let lines = readme.lines().count();
    assert!(
        lines <= README_LINES,
        "README.md has {lines} lines, more than {README_LINES}: move the rest to the guide"
    );
    let chapters = ["coach.md", "setter.md", "admin.md", "reference/judge.md"];
    for chapter in chapters {
        assert!(readme.contains(&format!("book/src/{chapter}")), "{chapter}");
    }
    let h1 = Parser::new(&readme)
        .filter(|e| {
            matches!(
                e,
                Event::Start(Tag::Heading {
                    level: HeadingLevel::H1,
                    ..
                })
            )
        })
        .count();
    assert_eq!(h1, 1, "one title");
}
