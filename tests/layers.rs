//! The edge's modules point one way: no module of `src/` imports one that imports it back, neither
//! between top-level modules (`state` → `auth` → … → `state`) nor between the files of one module
//! (`db/store` ↔ `db/group_commit`). Read from the source, so a new cycle fails the tests.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Top-level module (`auth`, `db`, …) of a file under `src/`.
fn module_of(rel: &Path) -> String {
    let first = rel.components().next().and_then(|c| c.as_os_str().to_str()).unwrap_or_default();
    first.trim_end_matches(".rs").to_owned()
}

/// Top-level modules named by `crate::<module>` in code (comments skipped).
fn references(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or_default();
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let rel = path.strip_prefix(root).expect("under src");
            let from = module_of(rel);
            if from == "main" || from == "lib" {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("source readable");
            let targets: Vec<String> = references(&text).into_iter().filter(|t| *t != from).collect();
            graph.entry(from).or_default().extend(targets);
        }
    }
    graph
}

fn cycle_from(
    graph: &BTreeMap<String, BTreeSet<String>>,
    node: &str,
    path: &mut Vec<String>,
    done: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    if let Some(at) = path.iter().position(|n| n == node) {
        let mut cycle = path[at..].to_vec();
        cycle.push(node.to_owned());
        return Some(cycle);
    }
    if done.contains(node) {
        return None;
    }
    path.push(node.to_owned());
    for next in graph.get(node).into_iter().flatten() {
        if let Some(cycle) = cycle_from(graph, next, path, done) {
            return Some(cycle);
        }
    }
    path.pop();
    done.insert(node.to_owned());
    None
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let graph = graph();
    assert!(graph.contains_key("routes") && graph.contains_key("db"), "the scan found the modules");
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(cycle) = cycle_from(&graph, node, &mut Vec::new(), &mut done) {
            panic!("import cycle: {}", cycle.join(" → "));
        }
    }
}

/// Files of one module directory (`src/<dir>/*.rs`) → the sibling files each names with
/// `super::<file>` or `crate::<dir>::<file>` in code.
fn sibling_graph(dir: &str) -> BTreeMap<String, BTreeSet<String>> {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")).join(dir);
    let files: BTreeSet<String> = std::fs::read_dir(&root)
        .expect("module dir")
        .filter_map(|e| e.ok()?.path().file_stem()?.to_str().map(str::to_owned))
        .filter(|name| name != "mod")
        .collect();
    let mut graph = BTreeMap::new();
    for file in &files {
        let path = root.join(format!("{file}.rs"));
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let mut names = BTreeSet::new();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or_default();
            for prefix in ["super::".to_owned(), format!("crate::{dir}::")] {
                let mut rest = code;
                while let Some(at) = rest.find(&prefix) {
                    rest = &rest[at + prefix.len()..];
                    let name: String =
                        rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                    if files.contains(&name) && name != *file {
                        names.insert(name);
                    }
                }
            }
        }
        graph.insert(file.clone(), names);
    }
    graph
}

#[test]
fn no_file_imports_a_sibling_that_imports_it_back() {
    for dir in ["db", "auth", "ws", "routes"] {
        let graph = sibling_graph(dir);
        let mut done = BTreeSet::new();
        for node in graph.keys() {
            if let Some(cycle) = cycle_from(&graph, node, &mut Vec::new(), &mut done) {
                panic!("import cycle in src/{dir}: {}", cycle.join(" → "));
            }
        }
    }
}

#[test]
fn the_database_layer_imports_no_edge_module() {
    let graph = graph();
    let db = &graph["db"];
    for edge in ["routes", "state", "ws", "auth", "startup", "middleware"] {
        assert!(!db.contains(edge), "db imports {edge}");
    }
}

/// Every file of `src/<dir>`, with its name and its text.
fn files_of(dir: &str) -> Vec<(String, String)> {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")).join(dir);
    let mut files: Vec<(String, String)> = std::fs::read_dir(&root)
        .expect("module dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .map(|p| {
            let name = p.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
            (name, std::fs::read_to_string(&p).expect("source readable"))
        })
        .collect();
    files.sort();
    files
}

/// Routes only translate: they extract and validate a request, call one use case (`crate::app`)
/// and render its answer. No route opens a transaction, talks to the hub, or imports another
/// route file (the shared extractors and answers are in `routes/mod.rs`).
#[test]
fn routes_open_no_transaction_talk_to_no_hub_and_import_no_other_route() {
    let files = files_of("routes");
    let names: BTreeSet<&str> = files.iter().map(|(n, _)| n.as_str()).filter(|n| *n != "mod").collect();
    assert!(names.contains("auctions") && names.contains("payment_callback"), "the scan found the routes");
    for (file, text) in &files {
        assert!(!text.contains("transaction()"), "src/routes/{file}.rs opens a transaction");
        assert!(!text.contains("hub"), "src/routes/{file}.rs names the hub");
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or_default();
            for prefix in ["super::", "crate::routes::"] {
                let mut rest = code;
                while let Some(at) = rest.find(prefix) {
                    rest = &rest[at + prefix.len()..];
                    let name: String =
                        rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                    assert!(
                        !names.contains(name.as_str()) || name == *file,
                        "src/routes/{file}.rs imports the route file {name}"
                    );
                    let braced: String = rest
                        .strip_prefix('{')
                        .map(|r| r.split('}').next().unwrap_or_default().to_owned())
                        .unwrap_or_default();
                    for item in braced.split(',').map(|i| i.trim().split("::").next().unwrap_or_default()) {
                        assert!(!names.contains(item), "src/routes/{file}.rs imports the route file {item}");
                    }
                }
            }
        }
    }
}

#[test]
fn the_use_cases_import_no_edge_module() {
    let graph = graph();
    let app = &graph["app"];
    for edge in ["routes", "state", "startup", "middleware"] {
        assert!(!app.contains(edge), "app imports {edge}");
    }
}

/// Every after-commit effect leaves through `crate::app::effects`: outside the realtime module
/// itself, only the effects port (and start-up, which creates the hub) names it.
#[test]
fn only_the_effects_port_talks_to_the_hub() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut stack = vec![root.to_path_buf()];
    let mut naming = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            let rel = path.strip_prefix(root).expect("under src").to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&path).expect("source readable");
            let code: String = text.lines().map(|l| l.split("//").next().unwrap_or_default()).collect();
            if !rel.starts_with("ws/") && code.contains("hub::") {
                naming.push(rel);
            }
        }
    }
    naming.sort();
    assert_eq!(naming, ["app/effects.rs", "startup.rs"], "files outside ws/ that talk to the hub");
}
