//! The checker itself, on samples in memory: each rule fails where it should.

use super::{app_layer_breaks, crate_runs, layer_breaks, long_files, long_functions, ratchet, scan};

const LIB_RS: &str = "//! Layers:\n//!\n//! 1. `text`: words;\n//! 2. `engine`: the machinery;\n//! 3. `labs`: models.\n\npub mod text;\n";

fn layers() -> Vec<String> {
    scan::written_layers(LIB_RS)
}

/// A function of `body` lines between its `fn` line and its closing brace.
fn function(name: &str, body: usize) -> String {
    format!("pub fn {name}() {{\n{}}}\n", "    let _ = 1;\n".repeat(body))
}

#[test]
fn the_layers_are_read_from_lib_rs() {
    assert_eq!(layers(), ["text", "engine", "labs"]);
}

#[test]
fn a_use_of_a_later_layer_fails_and_an_earlier_one_passes() {
    let path = "crates/bloomlab-base/src/engine/filter.rs";
    let code = "use crate::text::shorten;\nuse crate::{labs::x, text};\nfn f() { crate::labs::y(); }\n";
    let breaks = layer_breaks(path, code, &layers());
    assert_eq!(breaks.len(), 2, "{breaks:?}");
    assert!(breaks[0].contains("filter.rs:2 uses labs") && breaks[1].contains("filter.rs:3 uses labs"), "{breaks:?}");
    // Comments, strings and other crates name nothing; a module uses its own layer freely.
    let fine =
        "//! see crate::labs\nuse crate::engine::x;\nconst S: &str = \"crate::labs\";\nuse bloomlab_crate::labs;\n";
    assert!(layer_breaks(path, fine, &layers()).is_empty());
    assert!(layer_breaks("crates/bloomlab-core/src/labs/a.rs", code, &layers()).is_empty());
    assert!(layer_breaks("src/views/a.rs", code, &layers()).is_empty(), "only the core has layers");
}

#[test]
fn an_app_module_that_uses_a_later_one_is_named() {
    let app = scan::written_layers("//! 1. `web`: glue;\n//! 2. `hooks`: state;\n//! 3. `app`: the root.\n");
    let code = "use crate::web;\nuse crate::app::Presenting;\n";
    let breaks = app_layer_breaks("src/hooks/stepper.rs", code, &app);
    assert_eq!(breaks, ["src/hooks/stepper.rs:2 uses app, a layer after hooks"]);
    assert!(app_layer_breaks("src/app/mod.rs", code, &app).is_empty(), "the root may use the layers below it");
    assert!(app_layer_breaks("src/web.rs", "use crate::web::x;\n", &app).is_empty(), "a file module is its layer");
    assert!(app_layer_breaks("crates/bloomlab-core/src/labs/a.rs", code, &app).is_empty(), "only src/");
}

#[test]
fn each_core_crate_holds_the_next_run_of_layers() {
    let crate_of = |name: &'static str, folders: &[&str]| (name, folders.iter().map(|f| f.to_string()).collect());
    let good = [crate_of("low", &["engine", "text"]), crate_of("top", &["labs"])];
    assert!(crate_runs(&good, &layers()).is_empty());
    // A layer in a crate below its predecessor's, a folder that is no layer, a layer with no folder.
    let swapped = [crate_of("low", &["text", "labs"]), crate_of("top", &["engine"])];
    assert_eq!(crate_runs(&swapped, &layers()).len(), 2);
    let stray = [crate_of("low", &["engine", "text", "misc"]), crate_of("top", &["labs"])];
    assert!(!crate_runs(&stray, &layers()).is_empty());
    let missing = [crate_of("low", &["engine", "text"])];
    assert_eq!(crate_runs(&missing, &layers()).len(), 1);
}

#[test]
fn a_parse_call_is_found_outside_comments_and_strings() {
    let code = "let a = v.parse::<u64>();\nlet b: u32 = t\n    .parse()\n    .ok()?;\n// x.parse()\nlet c = \"s.parse()\";\nlet d = Source::parse(v);\n\
        let e = text::parse_f64(s);\nlet q = Query::parse(s);\nlet f = parse_ullman(s);\nfn parse(s: &str) {}\n";
    assert_eq!(scan::parse_calls(&scan::blank(code), &[]), [1, 3, 7, 8, 9]);
    // A reader named as one that takes a whole text is left out, wherever it is on the line.
    assert_eq!(scan::parse_calls(&scan::blank(code), &["Query::parse("]), [1, 3, 7, 8]);
}

#[test]
fn functions_are_measured_from_fn_to_their_closing_brace() {
    let code = format!(
        "{}\n{}\ntrait T {{\n    fn declared(&self) -> [u8; 4];\n}}\nfn tricky(x: [u8; 4]) -> char {{\n    let _ = \"}}}}\";\n    let _ = '}}';\n    let _ = r#\"{{\"#;\n    // }}\n    '{{'\n}}\n",
        function("short", 78),
        function("long", 79),
    );
    let found = scan::functions(&scan::blank(&code));
    let sizes: Vec<(&str, usize)> = found.iter().map(|f| (f.name.as_str(), f.lines)).collect();
    assert_eq!(sizes, [("short", 80), ("long", 81), ("tricky", 7)]);
    assert_eq!(found[1].line, 82);
    let sources = vec![("src/a.rs".to_string(), code)];
    assert_eq!(long_functions(&sources, 80), [("src/a.rs long".to_string(), 81)]);
    // Nested functions count on their own, and inside the one around them.
    let nested = format!("fn outer() {{\n{}}}\n", function("inner", 90));
    let sizes: Vec<usize> = scan::functions(&scan::blank(&nested)).iter().map(|f| f.lines).collect();
    assert_eq!(sizes, [94, 92]);
}

#[test]
fn lifetimes_and_character_literals_are_told_apart() {
    let code = "fn f<'a>(s: &'a str) -> char {\n    if s.is_empty() { '\\'' } else { '{' }\n}\nfn g() {}\n";
    let sizes: Vec<(String, usize)> =
        scan::functions(&scan::blank(code)).into_iter().map(|f| (f.name, f.lines)).collect();
    assert_eq!(sizes, [("f".to_string(), 3), ("g".to_string(), 1)]);
}

#[test]
fn a_long_file_fails() {
    let sources =
        vec![("static/a.css".to_string(), "a {}\n".repeat(401)), ("static/b.css".to_string(), "b {}\n".repeat(400))];
    assert_eq!(long_files(&sources, 400), [("static/a.css".to_string(), 401)]);
}

#[test]
fn the_lists_only_shrink_and_never_go_stale() {
    let found = vec![("a".to_string(), 90), ("b".to_string(), 85), ("new".to_string(), 81)];
    let allowed = [("a", 90), ("b", 84), ("gone", 99)];
    let errors = ratchet("lines", &found, &allowed, 80);
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors[0].contains("b: 85 lines, more than its listed 84"), "{errors:?}");
    assert!(errors[1].contains("new: 81 lines (at most 80)"), "{errors:?}");
    assert!(errors[2].contains("gone (listed with 99) keeps the rule now"), "{errors:?}");
    let shrunk = ratchet("lines", &[("a".to_string(), 85)], &[("a", 90)], 80);
    assert!(shrunk[0].contains("lower its listed 90 to 85"), "{shrunk:?}");
    assert!(ratchet("lines", &found[..1], &allowed[..1], 80).is_empty());
}

#[test]
fn a_model_that_keeps_notices_is_named_and_a_return_value_is_not() {
    let code = "pub struct Lab {\n    m: u64,\n    said: Vec<Notice>,\n}\n\
                /// impl LinkState for Comment\n\
                impl crate::link::state::LinkState for Lab {}\n\
                pub struct ViewLink { pub notices: Vec<Notice> }\n\
                pub struct Tidy { m: Option<u64> }\nimpl Model for Tidy {}\n";
    let models = scan::model_names(code);
    assert_eq!(models, ["Lab", "Tidy"]);
    assert_eq!(scan::structs_keeping_notices(code, &models), [("Lab".to_string(), 1)]);
}
