//! The rules the code keeps, checked by reading the source tree (`crates/bloomlab-core/src/lib.rs`
//! writes them down, with the core's layers in order):
//! - a core module uses only its own layer and those before it (`crate::…` paths); the core's
//!   crates (`CORE_CRATES`) hold the layers in that order, each a run of them;
//! - the app (`src/**`) parses no text itself (`.parse(`, `parse::<`, `parse_f64(`,
//!   `Type::parse(`): it hands a form's text to the core, and a select picks from a core list by
//!   the chosen option's index; only the core's readers of a whole text (`CORE_READERS`) are
//!   called with the text as it is;
//! - no function is longer than 80 lines, from its `fn` line to its closing brace (tests and
//!   `html!` bodies count);
//! - no source file (`.rs`, `.css`, `.mjs`, `.js`, `.html` under `src/`, `crates/`, `static/`,
//!   `tests/`) is longer than 400 lines;
//! - a view keeps no reducer of its own (`impl Reducible` under `src/views/`): it runs on the page
//!   skeleton, `hooks::page::Page<M>`; and a model (a struct of the core that implements
//!   `LinkState` or `Model`) keeps no notices (no `Vec<Notice>` field): it returns them, and the
//!   page keeps them.
//!
//! What breaks a rule today is listed below with its number now, and the lists may only shrink: a
//! listed entry that grows fails, and so does one that shrinks or keeps the rule (lower its number
//! or take it off), so a list never goes stale.

#[path = "rules/scan.rs"]
mod scan;

use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// The core's crates, lowest first: each holds a run of the layers, every folder of its `src/` one.
const CORE_CRATES: [&str; 4] =
    ["crates/bloomlab-base/src", "crates/bloomlab-plot/src", "crates/bloomlab-link/src", "crates/bloomlab-core/src"];
const MAX_FUNCTION_LINES: usize = 80;
const MAX_FILE_LINES: usize = 400;

/// Files longer than `MAX_FILE_LINES` today, with their length.
const LONG_FILES: &[(&str, usize)] = &[];

/// Functions longer than `MAX_FUNCTION_LINES` today: ("file function", lines). None today.
const LONG_FUNCTIONS: &[(&str, usize)] = &[];

/// Files of the app that still parse text themselves: (file, parse calls). None today.
const APP_FILES_THAT_PARSE: &[(&str, usize)] = &[];

/// Views that still keep a reducer of their own (`impl Reducible` under `src/views/`) instead of
/// running on the page skeleton (`hooks::page::Page<M>`): (file, impls). Migrated in issue 50's
/// order; the list only shrinks.
const VIEWS_WITH_REDUCERS: &[(&str, usize)] = &[];

/// Models that still keep their notices (a struct that implements `LinkState` or `Model` with a
/// `Vec<Notice>` field) rather than return them to the page, which keeps them: (file, structs).
/// None today.
const MODELS_WITH_NOTICES: &[(&str, usize)] = &[];

/// The core's readers of a whole text, which the app hands the text as it is: the address
/// (`Query::parse`) and the practice progress kept in the browser (`Progress::parse`). Each reads
/// all of it and leaves nothing for the page to decide about what it could not read.
const CORE_READERS: &[&str] = &["Query::parse(", "Progress::parse("];

/// Every file under `dir` (relative to the root) whose name ends in one of `exts`, as (path
/// relative to the root, text).
fn files(dir: &str, exts: &[&str]) -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.push(p);
            }
        }
    }
    let mut paths = Vec::new();
    walk(&Path::new(ROOT).join(dir), &mut paths);
    paths.sort();
    paths
        .into_iter()
        .filter(|p| exts.iter().any(|x| p.extension().is_some_and(|e| e == *x)))
        .map(|p| {
            let rel = p.strip_prefix(ROOT).unwrap().to_string_lossy().replace('\\', "/");
            (rel, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// `found` (what breaks a rule, with its number) against `allowed` (today's list): an entry not
/// listed, one over its number, one under it (lower the number) and a listed one that keeps the
/// rule now (take it off) are errors.
fn ratchet(what: &str, found: &[(String, usize)], allowed: &[(&str, usize)], limit: usize) -> Vec<String> {
    let mut errors = Vec::new();
    for (name, n) in found {
        match allowed.iter().find(|(a, _)| a == name) {
            None => errors.push(format!("{name}: {n} {what} (at most {limit})")),
            Some((_, max)) if n > max => errors.push(format!("{name}: {n} {what}, more than its listed {max}")),
            Some((_, max)) if n < max => errors.push(format!("{name}: {n} {what} now: lower its listed {max} to {n}")),
            _ => {}
        }
    }
    for (name, max) in allowed {
        if !found.iter().any(|(f, _)| f == name) {
            errors.push(format!("{name} (listed with {max}) keeps the rule now: take it off the list"));
        }
    }
    errors
}

/// The source files the length rules cover.
fn sources() -> Vec<(String, String)> {
    ["src", "crates", "static", "tests"]
        .iter()
        .flat_map(|dir| files(dir, &["rs", "css", "mjs", "js", "html"]))
        .collect()
}

/// The uses of a later layer in the core's file `path` (layers as `layers` order them).
fn layer_breaks(path: &str, code: &str, layers: &[String]) -> Vec<String> {
    let rest = CORE_CRATES.iter().find_map(|c| path.strip_prefix(c).and_then(|r| r.strip_prefix('/')));
    breaks_below(path, rest, code, layers)
}

/// The uses of a later layer in the file `path`, whose path below its source folder is `rest`
/// (its first part, a folder or a file, is its layer; `None`: no layer).
fn breaks_below(path: &str, rest: Option<&str>, code: &str, layers: &[String]) -> Vec<String> {
    let Some(rest) = rest else { return Vec::new() };
    let rank = |name: &str| layers.iter().position(|l| l == name);
    let Some(own) = rest.split(['/', '.']).next().and_then(rank) else { return Vec::new() };
    scan::layer_paths(&scan::blank(code), layers)
        .into_iter()
        .filter(|(layer, _)| rank(layer).is_some_and(|r| r > own))
        .map(|(layer, line)| format!("{path}:{line} uses {layer}, a layer after {}", layers[own]))
        .collect()
}

/// Files longer than `limit` lines, with their length.
fn long_files(sources: &[(String, String)], limit: usize) -> Vec<(String, usize)> {
    sources.iter().map(|(p, text)| (p.clone(), text.lines().count())).filter(|(_, n)| *n > limit).collect()
}

/// Functions longer than `limit` lines in the Rust files of `sources`, as ("file function", lines).
fn long_functions(sources: &[(String, String)], limit: usize) -> Vec<(String, usize)> {
    let rust = sources.iter().filter(|(p, _)| p.ends_with(".rs"));
    rust.flat_map(|(path, code)| {
        let long = scan::functions(&scan::blank(code)).into_iter().filter(|f| f.lines > limit);
        long.map(move |f| (format!("{path} {}", f.name), f.lines))
    })
    .collect()
}

/// The folders of `src` (a core crate's source), sorted.
fn folders(src: &str) -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(Path::new(ROOT).join(src))
        .unwrap()
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    out.sort();
    out
}

/// Where the core's crates (lowest first, each with its folders) break the order of `layers`:
/// each crate must hold the next run of layers, and together every layer once.
fn crate_runs(crates: &[(&str, Vec<String>)], layers: &[String]) -> Vec<String> {
    let mut errors = Vec::new();
    let mut next = 0;
    for (src, folders) in crates {
        let mut ranks: Vec<Option<usize>> = folders.iter().map(|f| layers.iter().position(|l| l == f)).collect();
        ranks.sort();
        let want: Vec<Option<usize>> = (next..next + folders.len()).map(Some).collect();
        if ranks != want {
            errors.push(format!("{src} holds {folders:?}, not the next layers of {}", layers.join(" < ")));
        }
        next += folders.len();
    }
    if next != layers.len() {
        errors.push(format!("{} layers in lib.rs, {next} folders in the core's crates", layers.len()));
    }
    errors
}

#[test]
fn the_core_uses_only_earlier_layers() {
    let layers = scan::written_layers(
        &std::fs::read_to_string(Path::new(ROOT).join("crates/bloomlab-core/src/lib.rs")).unwrap(),
    );
    // Every folder of the core's crates is a layer lib.rs places in the order, each crate the
    // next run of them (a crate never needs one above it), and every layer has its folder.
    let crates: Vec<(&str, Vec<String>)> = CORE_CRATES.iter().map(|src| (*src, folders(src))).collect();
    let misplaced = crate_runs(&crates, &layers);
    assert!(misplaced.is_empty(), "the core's crates and lib.rs's layers:\n{}", misplaced.join("\n"));
    let errors: Vec<String> = CORE_CRATES
        .iter()
        .flat_map(|src| files(src, &["rs"]))
        .flat_map(|(p, code)| layer_breaks(&p, &code, &layers))
        .collect();
    assert!(errors.is_empty(), "layer order ({}):\n{}", layers.join(" < "), errors.join("\n"));
}

/// The uses of a later layer in the app's file `path` (under `src/`; layers as `src/lib.rs` orders
/// them, each a module: a folder or a file).
fn app_layer_breaks(path: &str, code: &str, layers: &[String]) -> Vec<String> {
    breaks_below(path, path.strip_prefix("src/"), code, layers)
}

#[test]
fn the_app_uses_only_earlier_layers() {
    let lib = std::fs::read_to_string(Path::new(ROOT).join("src/lib.rs")).unwrap();
    let layers = scan::written_layers(&lib);
    // Every module lib.rs declares is a layer it places in the order, and the other way round.
    let mut declared: Vec<String> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod ").and_then(|m| m.strip_suffix(';')))
        .map(str::to_string)
        .collect();
    let mut placed = layers.clone();
    declared.sort();
    placed.sort();
    assert_eq!(declared, placed, "src/lib.rs's modules and its written layers");
    let errors: Vec<String> =
        files("src", &["rs"]).iter().flat_map(|(p, code)| app_layer_breaks(p, code, &layers)).collect();
    assert!(errors.is_empty(), "the app's layers ({}):\n{}", layers.join(" < "), errors.join("\n"));
}

/// A link to a view is built from the table of views (`View::link`, `View::pairs`), never from a
/// `("view", "…")` literal (tests may spell links out).
#[test]
fn links_name_their_view_from_the_table() {
    let errors: Vec<String> = CORE_CRATES
        .iter()
        .flat_map(|src| files(src, &["rs"]))
        .filter(|(path, _)| !path.contains("/tests/") && !path.ends_with("tests.rs"))
        .flat_map(|(path, code)| {
            let code = code.split("#[cfg(test)]").next().unwrap_or("").to_string();
            code.lines()
                .enumerate()
                .filter(|(_, l)| l.contains("(\"view\", \""))
                .map(|(n, _)| format!("{path}:{}", n + 1))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(errors.is_empty(), "a (\"view\", …) literal:\n{}", errors.join("\n"));
}

/// A widget speaks its own actions (the question box's `Answering`); the page's hooks translate
/// them, so no widget names a hook's action type.
#[test]
fn widgets_name_no_hook_action() {
    let errors: Vec<String> = files("src/widgets", &["rs"])
        .into_iter()
        .filter(|(_, code)| scan::blank(code).contains("PageAction"))
        .map(|(path, _)| format!("{path} names PageAction"))
        .collect();
    assert!(errors.is_empty(), "{}", errors.join("\n"));
}

#[test]
fn the_app_parses_nothing() {
    let found: Vec<(String, usize)> = files("src", &["rs"])
        .into_iter()
        .map(|(p, code)| (p, scan::parse_calls(&scan::blank(&code), CORE_READERS).len()))
        .filter(|(_, n)| *n > 0)
        .collect();
    let errors = ratchet("parse calls", &found, APP_FILES_THAT_PARSE, 0);
    assert!(errors.is_empty(), "the app hands text to the core, which reads it:\n{}", errors.join("\n"));
}

/// How many times each file under `dir` (`.rs`) says `needle` outside comments and strings.
fn count_in(dir: &str, needle: &str) -> Vec<(String, usize)> {
    files(dir, &["rs"])
        .into_iter()
        .map(|(p, code)| (p, scan::blank(&code).matches(needle).count()))
        .filter(|(_, n)| *n > 0)
        .collect()
}

#[test]
fn views_run_on_the_page_skeleton() {
    let errors = ratchet("reducers", &count_in("src/views", "impl Reducible for"), VIEWS_WITH_REDUCERS, 0);
    assert!(errors.is_empty(), "a view writes a model and a render; the page keeps the rest:\n{}", errors.join("\n"));
}

#[test]
fn models_return_their_notices() {
    let core: Vec<(String, String)> = CORE_CRATES.iter().flat_map(|dir| files(dir, &["rs"])).collect();
    let models: Vec<String> = core.iter().flat_map(|(_, code)| scan::model_names(code)).collect();
    assert!(models.len() > 20, "the models are found: {models:?}");
    let found: Vec<(String, usize)> = core
        .iter()
        .map(|(path, code)| (path.clone(), scan::structs_keeping_notices(code, &models).len()))
        .filter(|(_, n)| *n > 0)
        .collect();
    let errors = ratchet("models keeping notices", &found, MODELS_WITH_NOTICES, 0);
    assert!(errors.is_empty(), "a model returns its notices and never stores them:\n{}", errors.join("\n"));
}

#[test]
fn functions_are_short() {
    let errors = ratchet("lines", &long_functions(&sources(), MAX_FUNCTION_LINES), LONG_FUNCTIONS, MAX_FUNCTION_LINES);
    assert!(errors.is_empty(), "functions:\n{}", errors.join("\n"));
}

#[test]
fn files_are_short() {
    let errors = ratchet("lines", &long_files(&sources(), MAX_FILE_LINES), LONG_FILES, MAX_FILE_LINES);
    assert!(errors.is_empty(), "files:\n{}", errors.join("\n"));
}

#[path = "rules/checker_tests.rs"]
mod checker_tests;

#[path = "rules/palette.rs"]
mod palette;

/// A view's name is a class only on its own page (its root section's): `scripts/split-css.mjs`
/// counts such a class as found only in the view's own bundle, so another view using it (the
/// multi-layer view's "xor" once `view=xor` existed) loses its rules.
#[test]
fn a_view_name_is_a_class_only_in_its_own_view() {
    use bloomlab_core::link::views::View;
    let mut errors = Vec::new();
    for (path, code) in files("src", &["rs"]) {
        for (n, line) in code.lines().enumerate().filter(|(_, l)| l.contains("class=") || l.contains("classes!(")) {
            // The literal after `class="`, and those inside `classes!(…)`.
            let mut tokens: Vec<&str> = Vec::new();
            for (i, _) in line.match_indices("class=\"") {
                tokens.extend(line[i + 7..].split('"').next().unwrap_or("").split_whitespace());
            }
            for (i, _) in line.match_indices("classes!(") {
                let args = line[i..].split(')').next().unwrap_or("");
                tokens.extend(args.split('"').skip(1).step_by(2).flat_map(str::split_whitespace));
            }
            for view in View::ALL {
                let own = path.starts_with(&format!("src/views/{}/", view.name()))
                    || path == format!("src/app/{}.rs", view.name());
                if !own && tokens.contains(&view.name()) {
                    errors.push(format!("{path}:{}: class \"{}\"", n + 1, view.name()));
                }
            }
        }
    }
    assert!(errors.is_empty(), "a view's name as a class outside its view:\n{}", errors.join("\n"));
}

#[path = "rules/links.rs"]
mod links;

/// The core names no DOM selector: the page's hooks are the app's, and what a tour's note relies
/// on is checked against them from the tests (`tests/facts/`).
#[test]
fn the_core_names_no_dom_selector() {
    let errors: Vec<String> = CORE_CRATES
        .iter()
        .flat_map(|src| files(src, &["rs"]))
        .filter(|(_, code)| code.contains("[data-testid="))
        .map(|(path, _)| path)
        .collect();
    assert!(errors.is_empty(), "a DOM selector in the core:\n{}", errors.join("\n"));
}
