//! The judge's modules depend on each other one way only, layer by layer,
//! as the table in `docs/architecture.md` (between its `layers:` markers)
//! says: a module names (`crate::m`) only modules of lower layers, never
//! one that names it back, and the table's "Uses" column is what the code
//! uses, so that the map cannot drift from the territory. Besides, only
//! the modules the table lets name the `sandbox` crate do, and no module
//! starts a process itself (every process starts in the sandbox crate).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The pseudo-module that stands for the sandbox crate in the graph.
const SANDBOX: &str = "sandbox";

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The top-level modules declared in `lib.rs` (`pub mod name;`).
fn modules(src: &Path) -> BTreeSet<String> {
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| l.strip_prefix("pub mod ")?.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

fn identifier(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The code of a file without its comments (line comments only: the
/// crate writes no block comments).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(at) => &l[..at],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every name right after `crate::` in `text`, including each first name of
/// a `crate::{a, b::c}` group.
fn crate_paths(text: &str) -> Vec<&str> {
    let mut names = Vec::new();
    for (at, _) in text.match_indices("crate::") {
        let rest = &text[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            names.extend(group.split(',').map(|item| identifier(item.trim())));
        } else {
            names.push(identifier(rest));
        }
    }
    names
}

/// Whether `text` names the sandbox crate (`sandbox::...`, `use sandbox`).
fn names_sandbox(text: &str) -> bool {
    text.match_indices("sandbox::").any(|(at, _)| {
        let before = text[..at].chars().next_back();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
    })
}

/// The files of a module: `m.rs`, or everything under `m/`.
fn files_of(src: &Path, module: &str) -> Vec<PathBuf> {
    let file = src.join(format!("{module}.rs"));
    if file.exists() {
        return vec![file];
    }
    let mut files = Vec::new();
    let mut dirs = vec![src.join(module)];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            match path.is_dir() {
                true => dirs.push(path),
                false => files.push(path),
            }
        }
    }
    files
}

/// Module → the modules (and [`SANDBOX`]) its files name.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules(src);
    let mut graph = BTreeMap::new();
    for module in &modules {
        let mut uses = BTreeSet::new();
        for file in files_of(src, module) {
            let text = code(&std::fs::read_to_string(&file).unwrap());
            uses.extend(
                crate_paths(&text)
                    .into_iter()
                    .filter(|name| modules.contains(*name) && name != module)
                    .map(str::to_string),
            );
            if names_sandbox(&text) {
                uses.insert(SANDBOX.to_string());
            }
        }
        graph.insert(module.clone(), uses);
    }
    graph
}

/// A cycle in `graph`, if there is one, as the path that closes it.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|n| n == node) {
            let mut cycle = path[start..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, path, done) {
                return Some(cycle);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

/// A row of the layer table: the module's layer and what it uses.
#[derive(Debug, PartialEq)]
struct Row {
    layer: u32,
    uses: BTreeSet<String>,
}

/// The names in backticks of a table cell (`—` for none).
fn backticked(cell: &str) -> BTreeSet<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(|name| {
            name.trim_end_matches(".rs")
                .trim_end_matches('/')
                .to_string()
        })
        .collect()
}

/// The layer table of `docs/architecture.md`: `| layer | module | holds |
/// uses |` rows between the lines `<!-- layers: begin -->` and
/// `<!-- layers: end -->`.
fn table(doc: &str) -> BTreeMap<String, Row> {
    let begin = doc
        .find("<!-- layers: begin -->")
        .expect("the layers: begin marker");
    let end = doc
        .find("<!-- layers: end -->")
        .expect("the layers: end marker");
    let mut rows = BTreeMap::new();
    for line in doc[begin..end].lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 6 {
            continue;
        }
        let Ok(layer) = cells[1].parse::<u32>() else {
            continue;
        };
        let module = backticked(cells[2]).into_iter().next().expect("a module");
        rows.insert(
            module,
            Row {
                layer,
                uses: backticked(cells[4]),
            },
        );
    }
    rows
}

/// The table's "Uses" cell for `uses`, as the doc writes it.
fn cell(uses: &BTreeSet<String>) -> String {
    match uses.is_empty() {
        true => "—".to_string(),
        false => (uses.iter().map(|u| format!("`{u}`")))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

#[test]
fn modules_depend_one_way_by_layer_as_the_architecture_table_says() {
    let src = src();
    let graph = graph(&src);
    assert!(graph.len() > 20, "modules not found: {graph:?}");
    if let Some(cycle) = cycle(&graph) {
        panic!("module cycle: {}", cycle.join(" -> "));
    }
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/architecture.md");
    let table = table(&std::fs::read_to_string(doc).unwrap());
    let documented: BTreeSet<&String> = table.keys().collect();
    let declared: BTreeSet<&String> = graph.keys().collect();
    assert_eq!(documented, declared, "the table's modules are lib.rs's");
    let mut wrong = Vec::new();
    for (module, uses) in &graph {
        let row = &table[module];
        if row.uses != *uses {
            wrong.push(format!(
                "`{module}` uses {} (the table says {})",
                cell(uses),
                cell(&row.uses)
            ));
        }
        for used in uses.iter().filter(|u| *u != SANDBOX) {
            let below = table[used].layer;
            if below >= row.layer {
                wrong.push(format!(
                    "`{module}` (layer {}) uses `{used}` (layer {below}): only lower layers",
                    row.layer
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "docs/architecture.md:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn commands_never_see_the_sandbox_and_no_module_starts_a_process() {
    let src = src();
    let graph = graph(&src);
    assert!(
        !graph["commands"].contains(SANDBOX),
        "commands name the sandbox"
    );
    for module in modules(&src) {
        for file in files_of(&src, &module) {
            let text = code(&std::fs::read_to_string(&file).unwrap());
            assert!(
                !text.contains("std::process") && !text.contains("Command::new"),
                "{} starts a process itself: start it through the sandbox crate",
                file.display()
            );
        }
    }
}

#[test]
fn cycles_and_paths_are_found() {
    let graph: BTreeMap<String, BTreeSet<String>> = [("a", "b"), ("b", "c"), ("c", "a")]
        .map(|(m, d)| (m.to_string(), BTreeSet::from([d.to_string()])))
        .into();
    assert_eq!(cycle(&graph).unwrap(), ["a", "b", "c", "a"]);
    assert_eq!(
        crate_paths("use crate::{x::Y, z}; crate::w::f()"),
        ["x", "z", "w"]
    );
    assert!(names_sandbox("use sandbox::{Limits};"));
    assert!(!names_sandbox("let s = my_sandbox::x; crate::sandbox::y"));
    assert_eq!(
        backticked("`event`, `fsutil.rs`, `report/`"),
        BTreeSet::from(["event".into(), "fsutil".into(), "report".into()])
    );
}
