//! The README's Architecture tree is the map of the code: everything it names exists, and it names
//! every folder and file down to a set depth (core: `src/<layer>/<entry>`; app: `src/<role>/<entry>`
//! and the top-level `tests/` files). Rewrite the tree when this fails.

use std::collections::BTreeSet;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The paths the tree names (folders end in `/`), from its indentation: two spaces a level; an
/// entry is the text before the first run of two spaces; several entries on a line are separated
/// by spaces or commas.
fn tree_paths() -> BTreeSet<String> {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let start = readme.find("## Architecture").expect("an Architecture section");
    let block = &readme[start..];
    let open = block.find("```\n").expect("the tree's code block") + 4;
    let body = &block[open..open + block[open..].find("```").unwrap()];
    let mut stack: Vec<(usize, String)> = Vec::new();
    let mut paths = BTreeSet::new();
    for line in body.lines().filter(|l| !l.trim().is_empty()) {
        let indent = line.len() - line.trim_start().len();
        let names_part = line.trim_start().split("  ").next().unwrap_or("");
        // A line whose text starts far right of its parent's names only continues a description.
        let names: Vec<&str> = names_part.split([' ', ',']).filter(|n| !n.is_empty()).collect();
        if names.iter().any(|n| !n.ends_with('/') && !n.contains('.')) {
            continue;
        }
        while stack.last().is_some_and(|(i, _)| *i >= indent) {
            stack.pop();
        }
        let parent = stack.last().map(|(_, p)| p.clone()).unwrap_or_default();
        for name in &names {
            paths.insert(format!("{parent}{name}"));
        }
        if let [one] = names.as_slice() {
            if one.ends_with('/') {
                stack.push((indent, format!("{parent}{one}")));
            }
        }
    }
    paths
}

/// Entries of `dir` (relative to the root) down to `depth` levels, folders ending in `/`.
fn entries(dir: &str, depth: usize, out: &mut BTreeSet<String>) {
    let Ok(read) = std::fs::read_dir(Path::new(ROOT).join(dir)) else { return };
    for e in read.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let is_dir = e.file_type().map(|t| t.is_dir()).unwrap_or(false);
        let path = format!("{dir}{name}{}", if is_dir { "/" } else { "" });
        out.insert(path.clone());
        if is_dir && depth > 1 {
            entries(&path, depth - 1, out);
        }
    }
}

#[test]
fn the_architecture_tree_matches_the_files() {
    let tree = tree_paths();
    let missing: Vec<&String> = tree.iter().filter(|p| !Path::new(ROOT).join(p).exists()).collect();
    assert!(missing.is_empty(), "the README's tree names what does not exist: {missing:?}");

    let mut want = BTreeSet::new();
    entries("crates/bloomlab-core/src/", 2, &mut want);
    entries("src/", 2, &mut want);
    entries("tests/", 1, &mut want);
    for p in ["crates/bloomlab-core/tests/", "crates/bloomlab-core/benches/"] {
        want.insert(p.to_string());
    }
    let unlisted: Vec<&String> = want.iter().filter(|p| !p.ends_with("/mod.rs") && !tree.contains(*p)).collect();
    assert!(unlisted.is_empty(), "the README's tree leaves out: {unlisted:?}");
}

#[test]
fn every_path_the_readme_names_exists() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let missing: Vec<&str> = readme
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| ["crates/", "src/", "tests/", "scripts/", "static/"].iter().any(|p| s.starts_with(p)))
        .filter(|s| !s.contains([' ', '<', '*']) && !Path::new(ROOT).join(s).exists())
        .collect();
    assert!(missing.is_empty(), "the README names files that are gone: {missing:?}");
}
