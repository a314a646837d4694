//! The architecture tree (docs/architecture.md, linked from the README) is the map of the code: everything it names exists, and it names
//! every folder and file down to a set depth (the core's crates: `src/<layer>/<entry>`; app: `src/<role>/<entry>`
//! and the top-level `tests/` files). Rewrite the tree when this fails. The README, DEVELOPERS.md and
//! the reference documents under `docs/` name only files that exist, and their links lead to files
//! and headings that exist.

use std::collections::BTreeSet;
use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The paths the tree names (folders end in `/`), from its indentation: two spaces a level; an
/// entry is the text before the first run of two spaces; several entries on a line are separated
/// by spaces or commas.
fn tree_paths() -> BTreeSet<String> {
    let block = std::fs::read_to_string(Path::new(ROOT).join("docs/architecture.md")).unwrap();
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
    assert!(missing.is_empty(), "docs/architecture.md's tree names what does not exist: {missing:?}");

    let mut want = BTreeSet::new();
    for core in [
        "crates/bloomlab-base/src/",
        "crates/bloomlab-plot/src/",
        "crates/bloomlab-link/src/",
        "crates/bloomlab-core/src/",
    ] {
        entries(core, 2, &mut want);
    }
    entries("src/", 2, &mut want);
    entries("tests/", 1, &mut want);
    for p in ["crates/bloomlab-core/tests/", "crates/bloomlab-core/benches/"] {
        want.insert(p.to_string());
    }
    let unlisted: Vec<&String> = want.iter().filter(|p| !p.ends_with("/mod.rs") && !tree.contains(*p)).collect();
    assert!(unlisted.is_empty(), "docs/architecture.md's tree leaves out: {unlisted:?}");
}

/// The README, DEVELOPERS.md and the reference documents under `docs/` (which hold what the README
/// used to), as (path from the root, text).
fn documents() -> Vec<(String, String)> {
    let mut paths = vec!["README.md".to_string(), "DEVELOPERS.md".to_string()];
    let mut dirs = vec!["docs/".to_string()];
    while let Some(dir) = dirs.pop() {
        let read = std::fs::read_dir(Path::new(ROOT).join(&dir)).expect("a docs/ folder");
        for e in read.flatten() {
            let name = e.file_name().to_string_lossy().to_string();
            if e.file_type().map(|t| t.is_dir()).unwrap_or(false) {
                dirs.push(format!("{dir}{name}/"));
            } else if name.ends_with(".md") {
                paths.push(format!("{dir}{name}"));
            }
        }
    }
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(Path::new(ROOT).join(&p)).unwrap();
            (p, text)
        })
        .collect()
}

#[test]
fn every_path_the_readme_names_exists() {
    let mut missing = Vec::new();
    for (doc, text) in documents() {
        let gone = text
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|s| ["crates/", "src/", "tests/", "scripts/", "static/"].iter().any(|p| s.starts_with(p)))
            .filter(|s| !s.contains([' ', '<', '*']) && !Path::new(ROOT).join(s).exists())
            .map(|s| format!("{doc}: {s}"));
        missing.extend(gone);
    }
    assert!(missing.is_empty(), "the README, DEVELOPERS.md and docs/ name files that are gone: {missing:?}");
}

/// GitHub's anchor for a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || [' ', '-', '_'].contains(c))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

#[test]
fn every_link_between_the_documents_leads_somewhere() {
    let docs = documents();
    let mut broken = Vec::new();
    for (doc, text) in &docs {
        let dir = Path::new(doc).parent().unwrap_or(Path::new(""));
        for target in text.split("](").skip(1).filter_map(|rest| rest.split(')').next()) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
            // Resolved against the document's folder; a link that leaves the repository (the
            // shared contract beside it) is not checked.
            let mut resolved = Vec::new();
            let mut leaves = false;
            for part in dir.join(file).components() {
                match part {
                    std::path::Component::ParentDir => leaves |= resolved.pop().is_none(),
                    std::path::Component::Normal(p) => resolved.push(p.to_string_lossy().to_string()),
                    _ => {}
                }
            }
            if leaves {
                continue;
            }
            let path = if file.is_empty() { doc.clone() } else { resolved.join("/") };
            if !Path::new(ROOT).join(&path).exists() {
                broken.push(format!("{doc}: {target}"));
                continue;
            }
            if !fragment.is_empty() {
                let linked = std::fs::read_to_string(Path::new(ROOT).join(&path)).unwrap_or_default();
                if !anchors(&linked).iter().any(|a| a == fragment) {
                    broken.push(format!("{doc}: {target}"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "links in the README, DEVELOPERS.md and docs/ that lead nowhere: {broken:?}");
}
