//! A crate's modules as a graph of its files, read from the source as
//! text: which module names which (`crate::a::b`, `super::x`, a child by
//! its bare name), so that a test can hold the code to its layers.
//!
//! A module is a file: `lib.rs` is the crate's root (``), `a/mod.rs` or
//! `a.rs` is `a`, `a/b.rs` is `a::b`. A path names the longest module it
//! starts with: `crate::core::jury::Jury` names `core::jury`, and
//! `crate::format::Format` names `format` (its `mod.rs`). A module's
//! naming of its own descendants is no edge: a parent declares, assembles
//! and re-exports its children, which may use what it defines. Comments
//! are left out (doc links name nothing).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The modules of one crate and what each names.
#[derive(Debug, Default)]
pub struct Graph {
    /// Module → the modules of the crate it names (never itself).
    pub uses: BTreeMap<String, BTreeSet<String>>,
    /// Module → the other crates it names, of those asked about.
    pub crates: BTreeMap<String, BTreeSet<String>>,
    /// Module → its file.
    pub files: BTreeMap<String, PathBuf>,
}

impl Graph {
    /// The graph of the library under `src` (its `lib.rs` and every module
    /// file below), noting which of `crates` each module names.
    pub fn of_library(src: &Path, crates: &[&str]) -> Graph {
        let mut graph = Graph::default();
        for file in rust_files(src) {
            if let Some(module) = module_of(src, &file) {
                graph.files.insert(module, file);
            }
        }
        let modules: BTreeSet<String> = graph.files.keys().cloned().collect();
        for (module, file) in &graph.files {
            let text = code(&std::fs::read_to_string(file).unwrap());
            let mut uses = BTreeSet::new();
            for path in paths(&text) {
                let absolute = resolve(module, &path, &modules);
                if let Some(named) = absolute.and_then(|p| longest_module(&p, &modules))
                    && !is_within(&named, module)
                {
                    uses.insert(named);
                }
            }
            let named: BTreeSet<String> = (crates.iter())
                .filter(|c| names_crate(&text, c))
                .map(|c| c.to_string())
                .collect();
            graph.uses.insert(module.clone(), uses);
            graph.crates.insert(module.clone(), named);
        }
        graph
    }

    /// A circle of modules naming each other, if there is one, as the path
    /// that closes it (`a -> b -> a`).
    pub fn circle(&self) -> Option<Vec<String>> {
        circle(&self.uses)
    }

    /// The graph of the top-level modules (`core`, `model`, ...): each
    /// module stands for every file under it; the crate's root is left
    /// out.
    pub fn top_level(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut top: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (module, uses) in &self.uses {
            let Some(part) = top_of(module) else {
                continue;
            };
            let entry = top.entry(part.to_string()).or_default();
            entry.extend(
                (uses.iter().filter_map(|u| top_of(u)))
                    .filter(|u| *u != part)
                    .map(str::to_string),
            );
        }
        top
    }

    /// The other crates the files under the top-level module `part` name.
    pub fn crates_of(&self, part: &str) -> BTreeSet<String> {
        (self.crates.iter())
            .filter(|(m, _)| top_of(m) == Some(part))
            .flat_map(|(_, c)| c.iter().cloned())
            .collect()
    }
}

/// Whether `inner` is `outer` or one of its descendants: a parent
/// declares, assembles and re-exports its children, so naming them is no
/// edge (the children may name what it defines).
fn is_within(inner: &str, outer: &str) -> bool {
    outer.is_empty() || inner == outer || inner.starts_with(&format!("{outer}::"))
}

/// The top-level module `module` lies in (`core` for `core::jury`).
pub fn top_of(module: &str) -> Option<&str> {
    module.split("::").next().filter(|m| !m.is_empty())
}

/// Every `.rs` file under `dir`, in order.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The module a file of a library's `src` is, if it is one of the
/// library's (`main.rs` and `bin/` are programs of their own).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?;
    let parts: Vec<String> = (rel.iter())
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.first().is_some_and(|p| p == "bin") || rel == Path::new("main.rs") {
        return None;
    }
    if rel == Path::new("lib.rs") {
        return Some(String::new());
    }
    let mut names: Vec<String> = parts;
    let last = names.pop()?;
    match last.as_str() {
        "mod.rs" => {}
        _ => names.push(last.trim_end_matches(".rs").to_string()),
    }
    Some(names.join("::"))
}

/// The code of a file without its comments: line comments (doc comments
/// included) and block comments.
pub fn code(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let line = rest.find("//");
        let block = rest.find("/*");
        match (line, block) {
            (Some(l), b) if b.is_none_or(|b| l < b) => {
                out.push_str(&rest[..l]);
                rest = &rest[l..];
                rest = &rest[rest.find('\n').unwrap_or(rest.len())..];
            }
            (_, Some(b)) => {
                out.push_str(&rest[..b]);
                rest = &rest[b + 2..];
                rest = &rest[rest.find("*/").map_or(rest.len(), |e| e + 2)..];
            }
            _ => {
                out.push_str(rest);
                return out;
            }
        }
    }
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every path the code writes with `::`, as its segments, with each
/// `{a, b::c}` group expanded: `crate::x::Y` gives `[crate, x, Y]`.
pub fn paths(code: &str) -> Vec<Vec<String>> {
    let mut all = Vec::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while let Some(found) = code[at..].find("::") {
        let colons = at + found;
        // The identifier before the first `::` of a path.
        let mut start = colons;
        while start > 0 && is_ident(bytes[start - 1] as char) {
            start -= 1;
        }
        let before = code[..start].chars().next_back();
        let continues = before.is_some_and(|c| c == ':' || is_ident(c));
        if start < colons && !continues {
            let (found, end) = expand(code, start);
            all.extend(found.into_iter().filter(|p| p.len() > 1));
            at = end.max(colons + 2);
        } else {
            at = colons + 2;
        }
    }
    all
}

/// The paths written from `start` (an identifier, then `::...`), with
/// groups expanded, and where they end.
fn expand(code: &str, start: usize) -> (Vec<Vec<String>>, usize) {
    let bytes = code.as_bytes();
    let mut prefix = Vec::new();
    let mut at = start;
    loop {
        let begin = at;
        while at < bytes.len() && is_ident(bytes[at] as char) {
            at += 1;
        }
        if begin == at {
            break;
        }
        prefix.push(code[begin..at].to_string());
        let after = code[at..].trim_start();
        let skipped = code.len() - at - after.len();
        if !after.starts_with("::") {
            return (vec![prefix], at);
        }
        at += skipped + 2;
        at += code[at..].len() - code[at..].trim_start().len();
        if code[at..].starts_with('{') {
            let close = matching_brace(code, at);
            let mut all = Vec::new();
            for item in split_top(&code[at + 1..close]) {
                let offset = code[at + 1..].find(item).map_or(0, |o| o + at + 1);
                let trimmed = item.trim();
                if trimmed.is_empty() || trimmed == "self" || trimmed == "*" {
                    all.push(prefix.clone());
                    continue;
                }
                let lead = item.len() - item.trim_start().len();
                let (inner, _) = expand(code, offset + lead);
                for path in inner {
                    let mut whole = prefix.clone();
                    whole.extend(path);
                    all.push(whole);
                }
            }
            return (all, close + 1);
        }
        if code[at..].starts_with('*') {
            return (vec![prefix], at + 1);
        }
    }
    (vec![prefix], at)
}

/// Where the brace that `open` opens closes.
fn matching_brace(code: &str, open: usize) -> usize {
    let mut depth = 0;
    for (i, c) in code[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return open + i;
                }
            }
            _ => {}
        }
    }
    code.len()
}

/// The items of a `{...}` group's inside, split at its top-level commas.
fn split_top(inside: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut from) = (0, 0);
    for (i, c) in inside.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inside[from..i]);
                from = i + 1;
            }
            _ => {}
        }
    }
    items.push(&inside[from..]);
    items
}

/// The path from the crate's root that `path`, written in `module`, is, if
/// it is one of the crate's: `crate::`, `super::`, `self::` or a child of
/// `module` by its bare name.
fn resolve(module: &str, path: &[String], modules: &BTreeSet<String>) -> Option<Vec<String>> {
    let mut here: Vec<String> = match module.is_empty() {
        true => Vec::new(),
        false => module.split("::").map(str::to_string).collect(),
    };
    let first = path.first()?;
    let rest = match first.as_str() {
        "crate" => {
            here.clear();
            &path[1..]
        }
        "self" => &path[1..],
        "super" => {
            let supers = path.iter().take_while(|s| *s == "super").count();
            for _ in 0..supers {
                here.pop()?;
            }
            &path[supers..]
        }
        child => {
            let mut candidate = here.clone();
            candidate.push(child.to_string());
            if !modules.contains(&candidate.join("::")) {
                return None;
            }
            path
        }
    };
    here.extend(rest.iter().cloned());
    Some(here)
}

/// The longest module of `modules` that `path` starts with.
fn longest_module(path: &[String], modules: &BTreeSet<String>) -> Option<String> {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].join("::"))
        .find(|m| modules.contains(m))
}

/// Whether `code` names the crate `name` (`name::...`, `use name`), not as
/// the tail of a longer path or identifier.
pub fn names_crate(code: &str, name: &str) -> bool {
    let patterns = [format!("{name}::"), format!("use {name};")];
    patterns.iter().any(|p| {
        code.match_indices(p.as_str()).any(|(at, _)| {
            let before = code[..at].chars().next_back();
            p.starts_with("use ") || !before.is_some_and(|c| is_ident(c) || c == ':')
        })
    })
}

/// A circle in `graph`, if there is one, as the path that closes it.
pub fn circle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|n| n == node) {
            let mut circle = path[start..].to_vec();
            circle.push(node.to_string());
            return Some(circle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(circle) = visit(next, graph, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    (graph.keys()).find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(paths: Vec<Vec<String>>) -> Vec<String> {
        paths.into_iter().map(|p| p.join("::")).collect()
    }

    #[test]
    fn paths_and_groups_are_read() {
        let code = "use crate::{x::Y, z::{self, W}}; crate::w::f(); let a = b.c::<u8>();\n\
                    use super::super::q; std::io::Write";
        assert_eq!(
            names(paths(code)),
            [
                "crate::x::Y",
                "crate::z",
                "crate::z::W",
                "crate::w::f",
                "super::super::q",
                "std::io::Write"
            ]
        );
    }

    #[test]
    fn comments_name_nothing() {
        let text = "use a::b; // crate::x\n/// [`crate::y`]\n/* crate::z */ fn f() {}";
        assert_eq!(names(paths(&code(text))), ["a::b"]);
    }

    #[test]
    fn paths_resolve_to_the_longest_module() {
        let modules: BTreeSet<String> = ["", "core", "core::jury", "model", "model::kit"]
            .map(String::from)
            .into();
        let at = |module: &str, path: &str| {
            let path: Vec<String> = path.split("::").map(String::from).collect();
            resolve(module, &path, &modules).and_then(|p| longest_module(&p, &modules))
        };
        assert_eq!(
            at("core::jury", "crate::model::kit::Kit").unwrap(),
            "model::kit"
        );
        assert_eq!(at("core::jury", "super::Thing").unwrap(), "core");
        assert_eq!(at("model", "kit::Kit").unwrap(), "model::kit");
        assert_eq!(at("model::kit", "std::fs::File"), None);
    }

    #[test]
    fn circles_are_found() {
        let graph: BTreeMap<String, BTreeSet<String>> = [("a", "b"), ("b", "c"), ("c", "a")]
            .map(|(m, d)| (m.to_string(), BTreeSet::from([d.to_string()])))
            .into();
        assert_eq!(circle(&graph).unwrap(), ["a", "b", "c", "a"]);
        assert!(names_crate("use sandbox::{Limits};", "sandbox"));
        assert!(!names_crate("my_sandbox::x; crate::sandbox::y", "sandbox"));
    }
}
