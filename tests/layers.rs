//! Modules point one way, in both crates of the workspace (the server's `src/` and the runtime's
//! `actors/src/`): no module imports one that imports it back, neither between top-level modules
//! (`state` → `auth` → … → `state`) nor between the files of one directory, at any depth
//! (`db/store` ↔ `db/group_commit`, `store/memory/bots` ↔ `store/memory/txn`). Read from the
//! source, so a new cycle fails the tests.
//!
//! A module names another by a path in its code: `crate::…`, `super::…` or `self::…`, in `use`
//! trees too (`use super::{a, b}`), and a bare `a::…` that a glob (`use super::*`) brings into
//! scope. Paths resolve from the module they are written in, so `use super::*` in a file's
//! `mod tests { … }` is that file itself. Comments, strings and re-exports through a parent
//! (`use super::Item` where the parent has `pub use sibling::Item`) are not followed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module's path inside its crate (`["store", "memory", "txn"]`); empty for the crate root.
type ModPath = Vec<String>;

/// One source file: the module it is, and the module paths its code names.
struct Source {
    module: ModPath,
    names: BTreeSet<ModPath>,
}

/// The module a file under a crate's source directory is: `db/mod.rs` and `db.rs` are `db`;
/// `lib.rs` and `main.rs` the crate root.
fn module_of(rel: &Path) -> ModPath {
    let mut path: ModPath = rel
        .components()
        .filter_map(|c| c.as_os_str().to_str())
        .map(|c| c.trim_end_matches(".rs").to_owned())
        .collect();
    if path.last().is_some_and(|last| last == "mod")
        || matches!(path.as_slice(), [root] if root == "lib" || root == "main")
    {
        path.pop();
    }
    path
}

/// The code of a source file as tokens (words, `::` and single punctuation), without comments,
/// strings and character literals, whose braces and paths are not code.
fn tokens(text: &str) -> Vec<String> {
    let c: Vec<char> = text.chars().collect();
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut nested = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    nested += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    nested -= 1;
                    i += 2;
                    if nested == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if ch == '"' {
            i = past_string(&c, i + 1, None);
        } else if ch == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // A character literal ('{', '\'', '\u{7b}'); otherwise a lifetime, skipped as a word.
            i += if at(i + 1) == '\\' { 3 } else { 2 };
            while i < c.len() && c[i] != '\'' {
                i += 1;
            }
            i += 1;
        } else if ch.is_alphanumeric() || ch == '_' {
            let start = i;
            while i < c.len() && (c[i].is_alphanumeric() || c[i] == '_') {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            let hashes = c[i..].iter().take_while(|&&h| h == '#').count();
            if matches!(word.as_str(), "r" | "br" | "cr") && at(i + hashes) == '"' {
                i = past_string(&c, i + hashes + 1, Some(hashes));
            } else {
                out.push(word);
            }
        } else if ch == ':' && at(i + 1) == ':' {
            out.push("::".to_owned());
            i += 2;
        } else {
            if !ch.is_whitespace() {
                out.push(ch.to_string());
            }
            i += 1;
        }
    }
    out
}

/// The index after a string literal whose contents start at `i`; `raw` is a raw string's count of
/// `#` (no escapes in it).
fn past_string(c: &[char], mut i: usize, raw: Option<usize>) -> usize {
    while i < c.len() {
        if c[i] == '\\' && raw.is_none() {
            i += 2;
        } else if c[i] == '"' && c[i + 1..].iter().take_while(|&&h| h == '#').count() >= raw.unwrap_or(0) {
            return i + 1 + raw.unwrap_or(0);
        } else {
            i += 1;
        }
    }
    i
}

fn is_word(token: &str) -> bool {
    token.starts_with(|c: char| c.is_alphabetic() || c == '_')
}

/// Reads the path or `use` tree at `toks[i..]` below `base`, adding each full path to `out` (a
/// glob ends in `*`); returns the index after it.
fn tree(toks: &[String], mut i: usize, mut base: ModPath, out: &mut Vec<ModPath>) -> usize {
    let tok = |i: usize| toks.get(i).map_or("", String::as_str);
    loop {
        match tok(i) {
            "{" => {
                i += 1;
                while i < toks.len() && tok(i) != "}" {
                    let item = i;
                    i = if tok(i) == "," { i + 1 } else { tree(toks, i, base.clone(), out) };
                    i = i.max(item + 1);
                }
                return i + 1;
            }
            "*" => {
                base.push("*".to_owned());
                i += 1;
                break;
            }
            // `{self, Item}`: the module itself.
            "self" => i += 1,
            word if is_word(word) => {
                base.push(word.to_owned());
                i += 1;
            }
            _ => break,
        }
        if tok(i) != "::" {
            break;
        }
        i += 1;
    }
    if tok(i) == "as" {
        i += 2;
    }
    out.push(base);
    i
}

/// The module paths named in `text`, the code of `module`; `known` are the crate's file modules,
/// against which a bare path brought in by a glob is resolved.
fn names(module: &[String], text: &str, known: &BTreeSet<ModPath>) -> BTreeSet<ModPath> {
    let toks = tokens(text);
    let tok = |i: usize| toks.get(i).map_or("", String::as_str);
    // The module the code at `i` is in: `module`, or an inline module (`mod tests { … }`) in it.
    let mut scope = module.to_vec();
    // The brace depth inside each open inline module.
    let mut inline: Vec<usize> = Vec::new();
    let mut depth = 0;
    let mut resolved = Vec::new();
    let mut bare = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let path_starts = tok(i + 1) == "::" && (i == 0 || tok(i - 1) != "::");
        match tok(i) {
            "mod" if tok(i + 2) == "{" => {
                scope.push(tok(i + 1).to_owned());
                depth += 1;
                inline.push(depth);
                i += 3;
            }
            "{" => {
                depth += 1;
                i += 1;
            }
            "}" => {
                if inline.last() == Some(&depth) {
                    inline.pop();
                    scope.pop();
                }
                depth = depth.saturating_sub(1);
                i += 1;
            }
            start @ ("crate" | "super" | "self") if path_starts => {
                let mut base = if start == "crate" { ModPath::new() } else { scope.clone() };
                while tok(i) == "super" && tok(i + 1) == "::" {
                    base.pop();
                    i += 2;
                }
                if start != "super" {
                    i += 2;
                }
                let mut paths = Vec::new();
                i = tree(&toks, i, base, &mut paths);
                resolved.extend(paths.into_iter().map(|p| (scope.clone(), p)));
            }
            word if path_starts && is_word(word) => {
                let mut paths = Vec::new();
                i = tree(&toks, i, ModPath::new(), &mut paths);
                bare.extend(paths.into_iter().map(|p| (scope.clone(), p)));
            }
            _ => i += 1,
        }
    }
    let globs: Vec<(&ModPath, &[String])> =
        resolved.iter().filter_map(|(scope, p)| Some((scope, p.strip_suffix(&["*".to_owned()])?))).collect();
    let mut found: BTreeSet<ModPath> =
        resolved.iter().map(|(_, p)| p.iter().filter(|s| *s != "*").cloned().collect()).collect();
    for (scope, path) in &bare {
        for (_, glob) in globs.iter().filter(|(s, _)| *s == scope) {
            let full: ModPath = glob.iter().chain(path).filter(|s| *s != "*").cloned().collect();
            if known.contains(&full[..glob.len() + 1]) {
                found.insert(full);
            }
        }
    }
    found
}

/// Every source file of a crate (`src`, `actors/src`), with the module paths it names.
fn sources(krate: &str) -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(krate);
    let mut files = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("source directory readable") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let module = module_of(path.strip_prefix(&root).expect("under the crate"));
                files.push((module, std::fs::read_to_string(&path).expect("source readable")));
            }
        }
    }
    let known: BTreeSet<ModPath> = files.iter().map(|(module, _)| module.clone()).collect();
    files.into_iter().map(|(module, text)| Source { names: names(&module, &text, &known), module }).collect()
}

/// The child of `parent` that `path` is in or under, if any.
fn child_of<'a>(path: &'a [String], parent: &[String]) -> Option<&'a String> {
    path.strip_prefix(parent)?.first()
}

/// The child modules of `parent` (the top-level modules for `[]`, the files of a directory
/// otherwise) → the siblings each names. A child is all its files: `db` is `db/mod.rs` and
/// everything under `db/`; `parent`'s own file (`mod.rs`, `lib.rs`) is none of them.
fn graph(sources: &[Source], parent: &[String]) -> BTreeMap<String, BTreeSet<String>> {
    let children: BTreeSet<&String> = sources.iter().filter_map(|s| child_of(&s.module, parent)).collect();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for source in sources {
        let Some(from) = child_of(&source.module, parent) else { continue };
        let targets = source
            .names
            .iter()
            .filter_map(|name| child_of(name, parent))
            .filter(|to| *to != from && children.contains(to))
            .cloned();
        graph.entry(from.clone()).or_default().extend(targets);
    }
    graph
}

/// Every module of a crate that has files below it (`db`, `store/memory`), the root left out.
fn directories(sources: &[Source]) -> BTreeSet<ModPath> {
    sources.iter().flat_map(|s| (1..s.module.len()).map(|n| s.module[..n].to_vec())).collect()
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

/// Fails with the first cycle of `graph`, `place` saying where it is.
fn assert_acyclic(graph: &BTreeMap<String, BTreeSet<String>>, place: &str) {
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(cycle) = cycle_from(graph, node, &mut Vec::new(), &mut done) {
            panic!("import cycle in {place}: {}", cycle.join(" → "));
        }
    }
}

#[test]
fn the_scan_resolves_paths_from_the_module_they_are_written_in() {
    let known: BTreeSet<ModPath> =
        ["a", "b", "c", "d", "x"].iter().map(|f| vec!["m".to_owned(), (*f).to_owned()]).collect();
    let text = r#"
        use super::{a, b::Item};
        use crate::m::c::{self, Other as Renamed};
        // use super::d;
        const S: &str = "super::d { ";
        fn f() -> char { '{' }
        #[cfg(test)]
        mod tests {
            use super::*;
            use super::super::*;
            fn g() { d::thing(); }
        }
    "#;
    let found = names(&["m".to_owned(), "x".to_owned()], text, &known);
    let expected: BTreeSet<ModPath> = [
        &["m", "a"][..],
        &["m", "b", "Item"],
        &["m", "c"],
        &["m", "c", "Other"],
        // `use super::*` in the file's tests: the file itself.
        &["m", "x"],
        &["m"],
        // `d` brought into the tests by the glob of `m`.
        &["m", "d", "thing"],
    ]
    .iter()
    .map(|p| p.iter().map(|s| (*s).to_owned()).collect())
    .collect();
    assert_eq!(found, expected);
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    for (krate, expected) in [("src", ["routes", "db"]), ("actors/src", ["store", "view"])] {
        let graph = graph(&sources(krate), &[]);
        assert!(expected.iter().all(|m| graph.contains_key(*m)), "the scan found the modules of {krate}");
        assert_acyclic(&graph, krate);
    }
}

#[test]
fn no_file_imports_a_sibling_that_imports_it_back() {
    for (krate, expected) in [("src", "db"), ("actors/src", "store/memory")] {
        let sources = sources(krate);
        let directories = directories(&sources);
        let expected: ModPath = expected.split('/').map(str::to_owned).collect();
        assert!(directories.contains(&expected), "the scan found the directories of {krate}");
        for dir in directories {
            assert_acyclic(&graph(&sources, &dir), &format!("{krate}/{}", dir.join("/")));
        }
    }
}

#[test]
fn the_database_layer_imports_no_edge_module() {
    let graph = graph(&sources("src"), &[]);
    let db = &graph["db"];
    for edge in ["routes", "state", "ws", "auth", "startup", "middleware"] {
        assert!(!db.contains(edge), "db imports {edge}");
    }
}

/// Routes only translate: they extract and validate a request, call one use case (`crate::app`)
/// and render its answer. No route opens a transaction, talks to the hub, or imports another
/// route file (the shared extractors and answers are in `routes/mod.rs`).
#[test]
fn routes_open_no_transaction_talk_to_no_hub_and_import_no_other_route() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src/routes"));
    let files: Vec<_> = std::fs::read_dir(dir).expect("routes").map(|e| e.expect("entry").path()).collect();
    assert!(files.len() > 20, "the scan found the routes");
    for path in files {
        let text = std::fs::read_to_string(&path).expect("source readable");
        let file = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_owned();
        assert!(!text.contains("transaction()"), "src/routes/{file} opens a transaction");
        assert!(!text.contains("hub"), "src/routes/{file} names the hub");
    }
    let sources = sources("src");
    for (file, imports) in graph(&sources, &["routes".to_owned()]) {
        assert!(imports.is_empty(), "src/routes/{file}.rs imports the route files {imports:?}");
    }
}

/// The use cases import no edge module and no adapter: what they ask of the sockets, the payment
/// providers, the outbox's channels and the other nodes is a port they own (`app::effects`,
/// `app::provider`, `app::sending`, `app::elsewhere`), implemented outside `app`.
#[test]
fn the_use_cases_import_no_edge_module_and_no_adapter() {
    let graph = graph(&sources("src"), &[]);
    let app = &graph["app"];
    for edge in
        ["routes", "state", "startup", "middleware", "ws", "local_hub", "cluster", "outbox", "payments"]
    {
        assert!(!app.contains(edge), "app imports {edge}");
    }
}

/// Every after-commit effect leaves through the port `crate::app::effects`, implemented outside
/// the use cases by `crate::local_hub`: outside the realtime module only that implementation and
/// start-up (which creates the hub and hands the port its implementation) name the hub; the use
/// cases never do.
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
    assert_eq!(naming, ["local_hub.rs", "startup/wiring.rs"], "files outside ws/ that talk to the hub");
}

/// The source of every file under `src/<dir>` (or the one file `src/<dir>.rs`), by its path.
fn texts_under(dir: &str) -> Vec<(String, String)> {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src"));
    let mut out = Vec::new();
    let file = root.join(format!("{dir}.rs"));
    if file.is_file() {
        out.push((format!("{dir}.rs"), std::fs::read_to_string(&file).expect("source readable")));
    }
    let mut stack = vec![root.join(dir)];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for entry in entries {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).expect("under src").to_string_lossy().replace('\\', "/");
                out.push((rel, std::fs::read_to_string(&path).expect("source readable")));
            }
        }
    }
    out
}

/// The use cases, the storage and the error they fail with know nothing of HTTP: no actix-web
/// type, no status code. Each error's status is given in one place at the edge (`src/answer.rs`).
#[test]
fn use_cases_and_storage_speak_no_http() {
    let mut speaking = Vec::new();
    for dir in ["app", "db", "error"] {
        for (rel, text) in texts_under(dir) {
            let code: String = text.lines().map(|l| l.split("//").next().unwrap_or_default()).collect();
            for word in ["actix_web", "StatusCode", "HttpResponse", "HttpRequest", "web::Data", "http::"] {
                if code.contains(word) {
                    speaking.push(format!("{rel}: {word}"));
                }
            }
        }
    }
    assert!(speaking.is_empty(), "HTTP under src/app, src/db or src/error.rs:\n{}", speaking.join("\n"));
}

/// A use case reaches its handles one way: its module's named `Handles` (lent by `app::core::Core`)
/// or plain parameters, never a positional tuple of handles such as `(pool, effects): (&Pool, &dyn
/// Effects)`.
#[test]
fn use_cases_take_no_tuple_of_handles() {
    let mut tuples = Vec::new();
    for (rel, text) in texts_under("app") {
        let code: String = text.lines().map(|l| l.split("//").next().unwrap_or_default()).collect();
        for handle in ["(&Pool", "(&'a Pool", "&dyn Effects)", "&Payments)", "&Outbox)"] {
            if code.contains(handle) {
                tuples.push(format!("{rel}: {handle}"));
            }
        }
    }
    assert!(tuples.is_empty(), "handles passed as a tuple:\n{}", tuples.join("\n"));
}

/// The edge's state stays small: the use cases' `Core` and what only the edge keeps (sessions,
/// throttles, sockets). A new handle for the use cases goes into `app::core::Core`.
#[test]
fn app_state_holds_at_most_ten_fields() {
    let (_, text) =
        texts_under("state").into_iter().find(|(rel, _)| rel == "state.rs").expect("src/state.rs");
    let body = text.split("pub struct AppState {").nth(1).expect("AppState is declared");
    let body = &body[..body.find("\n}").expect("AppState's fields end")];
    let fields = body.lines().filter(|l| l.trim_start().starts_with("pub ") && l.contains(':')).count();
    assert!(fields <= 10, "AppState has {fields} fields (at most 10)");
}
