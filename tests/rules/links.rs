//! Links are the state: a parameter's name comes from its declaration, a notice about its value
//! is worded in one place, and a panel a link points to takes its id from its typed value.

use super::{files, CORE_CRATES};

/// The reader adds the name: a notice about a value given for a parameter starts `name = “value”`,
/// written by `link::notice::about_value` alone (`Notice::bad`, `Notes::bad`), so no model spells
/// a parameter's name and quotes into its message.
#[test]
fn notices_name_their_value_in_one_place() {
    let mut errors = Vec::new();
    for (path, code) in files("crates", &["rs"]).into_iter().filter(|(p, _)| p.contains("/src/")) {
        let body = code.split("#[cfg(test)]").next().unwrap_or("");
        if path.ends_with("link/notice.rs") || path.contains("test") {
            continue;
        }
        for (n, line) in body.lines().enumerate().filter(|(_, l)| l.contains("= \\u{201c}{")) {
            errors.push(format!("{path}:{}: {}", n + 1, line.trim()));
        }
    }
    assert!(errors.is_empty(), "write these with Notice::bad (the reader adds the name):\n{}", errors.join("\n"));
}

/// A panel a link can point to (`focus`) takes its heading's id from its typed value
/// (`link::page::Panel::title_id`), never from a literal.
#[test]
fn focus_panels_take_their_ids_from_their_values() {
    let mut errors = Vec::new();
    for (path, code) in files("src/views", &["rs"]) {
        for &(view, panel) in &bloomlab_core::link::page::PANELS {
            let own = path.starts_with(&format!("src/views/{}/", view.name()));
            for attr in ["id", "aria-labelledby"] {
                if own && code.contains(&format!("{attr}=\"{}\"", panel.title_id)) {
                    errors.push(format!("{path}: {attr}=\"{}\"", panel.title_id));
                }
            }
        }
    }
    assert!(errors.is_empty(), "write these ids as the panel's title_id:\n{}", errors.join("\n"));
}

/// A parameter's name comes from its declaration (`N.name`): no reader, link or address change
/// spells one (`q.raw("n")`, `with_param(…, "quiz", …)`, `.pairs(vec![("m", …)])`).
#[test]
fn parameter_names_come_from_their_declarations() {
    const SPELLED: [&str; 11] = [
        "q.raw(\"",
        "q.get(\"",
        "query.raw(\"",
        "query.get(\"",
        ".pairs(vec![(\"",
        ".link(vec![(\"",
        "build(&[(\"",
        "pairs.push((\"",
        "pairs = vec![(\"",
        ".without(&[\"",
        ".then(|| (\"",
    ];
    let mut errors = Vec::new();
    let sources = CORE_CRATES.iter().flat_map(|src| files(src, &["rs"])).chain(files("src", &["rs"]));
    for (path, code) in sources.filter(|(p, _)| !p.contains("/tests/") && !p.ends_with("tests.rs")) {
        let code = code.split("#[cfg(test)]").next().unwrap_or("");
        for (n, line) in code.lines().enumerate() {
            let with_param =
                line.contains("with_param(") && line.split("with_param(").nth(1).is_some_and(|a| a.contains(", \""));
            if with_param || SPELLED.iter().any(|s| line.contains(s)) {
                errors.push(format!("{path}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(errors.is_empty(), "a parameter's name spelled out:\n{}", errors.join("\n"));
}
