//! The workspace's one module-graph guard. In every crate's library no two
//! files name each other, directly or through others (submodules
//! included), and the judge's top-level modules depend on each other one
//! way only, layer by layer, as the table in `docs/architecture.md`
//! (between its `layers:` markers) says: a module names only modules of
//! lower layers, and the table's "Uses" column is what the code uses, so
//! that the map cannot drift from the territory. Besides, each crate's
//! nevers below hold.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use testkit::modules::{self, Graph};

/// The crates a judge module may name besides its own, as the table's
/// "Uses" column lists them.
const CRATES: [&str; 2] = ["sandbox", "games"];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The workspace's members (`members = [...]` in its Cargo.toml).
fn members() -> Vec<PathBuf> {
    let root = workspace();
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let list = manifest.split("members = [").nth(1).unwrap();
    let list = &list[..list.find(']').unwrap()];
    (list.split(','))
        .map(|m| m.trim().trim_matches('"'))
        .filter(|m| !m.is_empty())
        .map(|m| root.join(m))
        .collect()
}

#[test]
fn no_crate_has_files_that_name_each_other() {
    let mut circles = Vec::new();
    let mut read = 0;
    for member in members() {
        let src = member.join("src");
        if !src.join("lib.rs").exists() {
            continue;
        }
        let graph = Graph::of_library(&src, &[]);
        read += graph.files.len();
        if let Some(circle) = graph.circle() {
            circles.push(format!("{}: {}", member.display(), circle.join(" -> ")));
        }
    }
    assert!(read > 100, "modules not found: {read}");
    assert!(circles.is_empty(), "circles:\n{}", circles.join("\n"));
}

/// A row of the layer table: the module's layer and what it uses.
#[derive(Debug, PartialEq)]
struct Row {
    layer: u32,
    uses: BTreeSet<String>,
}

/// The names in backticks of a table cell (`—` for none), without a
/// trailing `.rs` or `/`.
fn backticked(cell: &str) -> BTreeSet<String> {
    (cell.split('`').skip(1).step_by(2))
        .map(|name| (name.trim_end_matches(".rs").trim_end_matches('/')).to_string())
        .collect()
}

/// The layer table of `doc`: `| layer | module | holds | uses |` rows
/// between the lines `<!-- layers: begin -->` and `<!-- layers: end -->`.
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
        let uses = backticked(cells[4]);
        rows.insert(module, Row { layer, uses });
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

fn judge() -> Graph {
    Graph::of_library(&workspace().join("judge/src"), &CRATES)
}

#[test]
fn the_judge_depends_one_way_by_layer_as_the_architecture_table_says() {
    let graph = judge();
    let top = graph.top_level();
    assert!(top.len() > 5, "modules not found: {top:?}");
    let doc = std::fs::read_to_string(workspace().join("docs/architecture.md")).unwrap();
    let table = table(&doc);
    let documented: BTreeSet<&String> = table.keys().collect();
    let declared: BTreeSet<&String> = top.keys().collect();
    assert_eq!(documented, declared, "the table's modules are lib.rs's");
    let mut wrong = Vec::new();
    for (module, uses) in &top {
        let row = &table[module];
        let mut all = uses.clone();
        all.extend(graph.crates_of(module));
        if row.uses != all {
            wrong.push(format!(
                "`{module}` uses {} (the table says {})",
                cell(&all),
                cell(&row.uses)
            ));
        }
        for used in uses {
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
fn the_judge_keeps_its_nevers() {
    let graph = judge();
    let mut broken = Vec::new();
    for (module, crates) in &graph.crates {
        let top = modules::top_of(module).unwrap_or_default();
        // The model describes what the core runs; commands ask the core.
        if ["base", "model", "commands", "report"].contains(&top) && crates.contains("sandbox") {
            broken.push(format!("{module} names the sandbox crate"));
        }
    }
    for (module, uses) in &graph.uses {
        // No format reads another's files: each judge's format is its own.
        let format = |m: &str| {
            let parts: Vec<&str> = m.split("::").collect();
            (parts.len() > 2 && parts[0] == "format").then(|| parts[1].to_string())
        };
        if let Some(own) = format(module) {
            for used in uses.iter().filter_map(|u| format(u)) {
                if used != own {
                    broken.push(format!("{module} names the format {used}"));
                }
            }
        }
    }
    for (module, file) in &graph.files {
        let text = modules::code(&std::fs::read_to_string(file).unwrap());
        if text.contains("std::process") || text.contains("Command::new") {
            broken.push(format!(
                "{module} ({}) starts a process itself: start it through the sandbox crate",
                file.display()
            ));
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// The files `docs/architecture.md` names in its file map (between the
/// `files:` markers): each row's first cell.
fn file_map(doc: &str) -> BTreeSet<String> {
    let begin = doc
        .find("<!-- files: begin -->")
        .expect("the files: begin marker");
    let end = doc
        .find("<!-- files: end -->")
        .expect("the files: end marker");
    (doc[begin..end].lines())
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split('`').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_file_map_names_every_file_of_the_judge_and_the_sandbox() {
    let root = workspace();
    let doc = std::fs::read_to_string(root.join("docs/architecture.md")).unwrap();
    let named = file_map(&doc);
    let mut present = BTreeSet::new();
    for dir in ["judge/src", "sandbox/src"] {
        for file in modules::rust_files(&root.join(dir)) {
            let rel = file
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            present.insert(rel);
        }
    }
    let missing: Vec<&String> = present.difference(&named).collect();
    let gone: Vec<&String> = named.difference(&present).collect();
    assert!(
        missing.is_empty() && gone.is_empty(),
        "docs/architecture.md's file map: not named {missing:?}; named but not there {gone:?}"
    );
}

#[test]
fn testlib_learns_of_its_streams_through_hooks() {
    let graph = Graph::of_library(&workspace().join("testlib/src"), &[]);
    let top = graph.top_level();
    // The runtime at the bottom learns about the streams, options and
    // program kinds through hooks instead.
    for low in ["outcome", "format", "protocol", "runtime"] {
        for high in ["stream", "opts", "validator", "checker", "interactor"] {
            assert!(!top[low].contains(high), "{low} names {high}");
        }
    }
}

#[test]
fn a_circle_through_submodules_fails_the_guard() {
    let dir = std::env::temp_dir().join(format!("module-graph-{}", std::process::id()));
    let src = dir.join("src");
    std::fs::create_dir_all(src.join("commands")).unwrap();
    let write = |rel: &str, text: &str| std::fs::write(src.join(rel), text).unwrap();
    write("lib.rs", "pub mod commands;\n");
    write("commands/mod.rs", "pub mod lab;\npub mod conjecture;\n");
    write("commands/lab.rs", "use super::conjecture::compare;\n");
    write(
        "commands/conjecture.rs",
        "use crate::commands::lab::swept_set;\n",
    );
    let circle = Graph::of_library(&src, &[]).circle();
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(
        circle.unwrap(),
        [
            "commands::conjecture",
            "commands::lab",
            "commands::conjecture"
        ]
    );
}
