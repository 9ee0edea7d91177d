//! The modules of `src/` depend on each other one way only: a module never
//! names (`crate::m`) a module that names it back, directly or not. The
//! runtime at the bottom learns about the streams, options and program kinds
//! through hooks instead.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The top-level modules declared in `lib.rs` (`mod name;`).
fn modules(src: &Path) -> BTreeSet<String> {
    let lib = std::fs::read_to_string(src.join("lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| l.strip_prefix("mod ")?.strip_suffix(';'))
        .map(str::to_string)
        .collect()
}

fn identifier(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
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

/// Module → the modules its files name.
fn graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules(src);
    let mut graph = BTreeMap::new();
    for module in &modules {
        let file = src.join(format!("{module}.rs"));
        let files = if file.exists() {
            vec![file]
        } else {
            std::fs::read_dir(src.join(module))
                .unwrap()
                .map(|e| e.unwrap().path())
                .collect()
        };
        let mut deps = BTreeSet::new();
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            deps.extend(
                crate_paths(&text)
                    .into_iter()
                    .filter(|name| modules.contains(*name) && name != module)
                    .map(str::to_string),
            );
        }
        graph.insert(module.clone(), deps);
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
        for next in &graph[node] {
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

#[test]
fn modules_depend_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = graph(&src);
    assert!(graph.len() > 10, "modules not found: {graph:?}");
    if let Some(cycle) = cycle(&graph) {
        panic!("module cycle: {}\ngraph: {graph:#?}", cycle.join(" -> "));
    }
    // The layering the runtime's hooks exist for.
    for low in ["outcome", "format", "protocol", "runtime"] {
        for high in ["stream", "opts", "validator", "checker", "interactor"] {
            assert!(!graph[low].contains(high), "{low} names {high}");
        }
    }
}

#[test]
fn cycles_are_found() {
    let graph: BTreeMap<String, BTreeSet<String>> = [("a", "b"), ("b", "c"), ("c", "a")]
        .map(|(m, d)| (m.to_string(), BTreeSet::from([d.to_string()])))
        .into();
    assert_eq!(cycle(&graph).unwrap(), ["a", "b", "c", "a"]);
    assert_eq!(
        crate_paths("use crate::{x::Y, z}; crate::w::f()"),
        ["x", "z", "w"]
    );
}
