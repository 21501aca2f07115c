//! The architecture, checked: no file of `src/` (or of a tool, an example) imports a file
//! that imports it back, through any number of files, and no file of `src/` imports a layer
//! above its own. The layers are those `docs/architecture.md` lists in its `layers` block,
//! read here, so that the document and the code cannot tell different stories.
//!
//! The imports are read from the source text, with no compiler: every `use` path and every
//! path written in the code (`crate::…`, `super::…`, `self::…`, a child module's or an
//! imported module's name followed by `::`), comments and strings left out. A path is
//! followed to the file that defines the item it names, through the `pub use` re-exports
//! of the modules on its way, so that importing `crate::rules::Position` depends on the
//! file that defines `Position`, not on `rules/mod.rs`, which only passes it on. A re-export
//! is a dependency of the file that makes it only where that file uses the name itself.
//! A `mod` declaration only places a file in the tree: a parent declaring its children
//! does not depend on them until it uses them.

mod graph;
mod layers;
mod lexer;
mod modules;

use graph::{Edge, Graph};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Known cycles, to be removed: each entry is the set of files of one cycle that the test
/// lets pass for now. An entry that no longer matches a cycle fails the test, so that it is
/// deleted once the cycle is gone.
const KNOWN_CYCLES: &[&[&str]] = &[];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every crate whose files the test reads: the library, the programs beside it, the tools
/// and the examples.
fn crate_roots(root: &Path) -> Vec<PathBuf> {
    let mut roots = vec![root.join("src/lib.rs"), root.join("src/main.rs")];
    roots.extend(rust_files(&root.join("src/bin")));
    for dir in sorted_entries(&root.join("tools")) {
        if dir.join("main.rs").is_file() {
            roots.push(dir.join("main.rs"));
        }
    }
    for entry in sorted_entries(&root.join("examples")) {
        if entry.extension().is_some_and(|e| e == "rs") {
            roots.push(entry);
        } else if entry.join("main.rs").is_file() {
            roots.push(entry.join("main.rs"));
        }
    }
    roots
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(read) => read.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(_) => Vec::new(),
    };
    entries.sort();
    entries
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    sorted_entries(dir)
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect()
}

/// The import graph of every crate of the repository, its files named relative to `root`.
fn repository_graph(root: &Path) -> Graph {
    let mut graph = Graph::default();
    for crate_root in crate_roots(root) {
        let tree = modules::Tree::read(root, &crate_root).unwrap_or_else(|why| {
            panic!("cannot read the crate of {}: {why}", crate_root.display())
        });
        graph.extend(tree.edges());
    }
    graph
}

#[test]
fn no_file_imports_a_file_that_imports_it_back() {
    let graph = repository_graph(&root());
    let known: Vec<BTreeSet<String>> = KNOWN_CYCLES
        .iter()
        .map(|files| files.iter().map(|f| f.to_string()).collect())
        .collect();
    let cycles = graph.cycles();
    let mut report = String::new();
    for cycle in &cycles {
        if !known.contains(&cycle.files) {
            report += &graph.describe_cycle(cycle);
        }
    }
    for entry in &known {
        if !cycles.iter().any(|c| &c.files == entry) {
            report += &format!(
                "KNOWN_CYCLES lists {entry:?}, which is no longer a cycle as such: \
                 delete the entry (or correct it to the cycle reported above)\n\n"
            );
        }
    }
    assert!(report.is_empty(), "\n{report}");
}

/// The layer order `docs/architecture.md` states.
fn documented_order(root: &Path) -> layers::Order {
    layers::Order::read(&root.join("docs/architecture.md"))
        .unwrap_or_else(|why| panic!("docs/architecture.md: {why}"))
}

#[test]
fn no_file_imports_a_layer_above_its_own() {
    let root = root();
    let order = documented_order(&root);
    let declared = layers::library_modules(&root.join("src/lib.rs"))
        .unwrap_or_else(|why| panic!("src/lib.rs: {why}"));
    if let Err(why) = order.covers(&declared) {
        panic!("the layers of docs/architecture.md and the modules of src/lib.rs differ: {why}");
    }
    let graph = repository_graph(&root);
    let mut report = String::new();
    for edge in graph.edges() {
        if let Some(why) = order.forbids(&edge.from, &edge.to) {
            report += &describe_upward(edge, &why);
        }
    }
    assert!(
        report.is_empty(),
        "\nimports against the layer order of docs/architecture.md \
         (a module imports only modules on earlier lines of its `layers` block):\n{report}"
    );
}

#[test]
fn the_library_lists_its_layers_in_the_documented_order() {
    let root = root();
    let order = documented_order(&root);
    let listed = layers::doc_comment_list(&root.join("src/lib.rs"))
        .unwrap_or_else(|why| panic!("src/lib.rs: {why}"));
    assert_eq!(
        listed,
        order.flattened(),
        "the layer list of src/lib.rs's doc comment (left) and the `layers` block of \
         docs/architecture.md (right) must name the same modules in the same order"
    );
}

fn describe_upward(edge: &Edge, why: &str) -> String {
    format!(
        "  {}:{} uses `{}` of {}: {why}\n",
        edge.from, edge.line, edge.path, edge.to
    )
}
