//! The test hooks in the code and in the docs are the same, both ways: every `data-testid` the app
//! writes as a literal (and every chart's `testid`) is named in the docs (`docs/**/*.md`,
//! README.md), and every hook the docs list (each view's "Hooks:" paragraph, the first column of
//! `docs/hooks.md`'s table) is written by the code, as a literal or as a declared parameter's
//! field (`format!("chunks-{}", param.name())`).

use std::path::Path;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Every file under `dir` ending in `ext`, as (path, text).
fn files(dir: &str, ext: &str) -> Vec<(String, String)> {
    fn walk(dir: &Path, ext: &str, out: &mut Vec<(String, String)>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, ext, out);
            } else if p.extension().is_some_and(|x| x == ext) {
                out.push((p.to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()));
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(ROOT).join(dir), ext, &mut out);
    out
}

/// The names quoted right after `key="` in `text` (a hook's name: lower case, digits, dashes).
fn quoted_after(text: &str, key: &str) -> Vec<String> {
    text.match_indices(key)
        .filter_map(|(i, _)| {
            let rest = &text[i + key.len()..];
            let name: String =
                rest.chars().take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '-').collect();
            (!name.is_empty() && rest[name.len()..].starts_with('"')).then_some(name)
        })
        .collect()
}

/// The names in backticks in `text` that look like hooks (not attributes: `data-…`), leaving out
/// what a parenthesis says about a hook (its attributes and values).
fn hooks_named(text: &str) -> Vec<String> {
    let mut depth = 0;
    let mut plain = String::new();
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|n| {
            !n.is_empty()
                && !n.starts_with("data-")
                && n.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        })
        .map(str::to_string)
        .collect()
}

fn docs() -> String {
    let mut all: String = files("docs", "md").into_iter().map(|(_, t)| t).collect();
    all.push_str(&std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap());
    all
}

#[test]
fn every_hook_the_code_writes_is_documented() {
    let docs = docs();
    let mut missing: Vec<String> = files("src", "rs")
        .iter()
        .flat_map(|(_, code)| quoted_after(code, "testid=\""))
        .filter(|h| !docs.contains(&format!("`{h}`")))
        .collect();
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "hooks in the code that no doc names: {missing:?}");
}

#[test]
fn every_hook_the_docs_list_is_written_by_the_code() {
    let mut listed = Vec::new();
    for (_, text) in files("docs/views", "md") {
        for para in text
            .split("\n\n")
            .filter(|p| p.starts_with("Hooks:") || p.starts_with("Also ") || p.starts_with("The cuckoo"))
        {
            listed.extend(hooks_named(para));
        }
    }
    let table = std::fs::read_to_string(Path::new(ROOT).join("docs/hooks.md")).unwrap();
    listed.extend(
        table.lines().filter_map(|l| l.strip_prefix("| `")).filter_map(|l| l.split('`').next()).map(str::to_string),
    );
    let code: String = ["src", "crates"].iter().flat_map(|d| files(d, "rs")).map(|(_, t)| t).collect::<String>()
        + &std::fs::read_to_string(Path::new(ROOT).join("index.html")).unwrap()
        + &files("static", "js").into_iter().map(|(_, t)| t).collect::<String>();
    let written = |h: &str| {
        code.contains(&format!("\"{h}\""))
            || code.contains(&format!("'{h}'"))
            || h.rfind('-').is_some_and(|i| code.contains(&format!("\"{}-{{", &h[..i])))
    };
    let mut missing: Vec<String> = listed.into_iter().filter(|h| !written(h)).collect();
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "hooks the docs list that the code does not write: {missing:?}");
}

#[test]
fn the_readers_find_hooks_and_leave_attributes_out() {
    assert_eq!(quoted_after(r#"<p data-testid="a-b" testid={x} button_testid="c1">"#, "testid=\""), ["a-b", "c1"]);
    assert_eq!(hooks_named("Hooks: `step` (`data-step`, `x`), `bit-array`, `Not`, `data-m`."), ["step", "bit-array"]);
}
