//! Every view's declared link parameters (`labs::links::params`): each bad example of each
//! parameter gets a notice naming it, the full link of examples reads with no notice, and the
//! reference tables in `docs/views/` are the ones the declarations generate (run with
//! `BLESS=1` to rewrite them after changing a declaration).

use std::path::PathBuf;

use bloomlab_core::labs::links::{params, read};
use bloomlab_core::link::page::declared::PAGE_PARAMS;
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::params::declare::{full_link, table};
use bloomlab_core::link::params::Declared;
use bloomlab_core::link::query::Query;
use bloomlab_core::link::views::{View, VIEWS};

fn declaring() -> impl Iterator<Item = View> {
    VIEWS.iter().map(|r| r.view).filter(|v| !params(*v).is_empty())
}

#[test]
fn every_view_with_a_link_declares_its_parameters() {
    for row in VIEWS {
        let none = matches!(row.view, View::Home | View::Bench | View::Tally);
        assert_eq!(params(row.view).is_empty(), none, "{}", row.name);
    }
}

#[test]
fn every_bad_value_gets_its_notice_and_the_full_link_none() {
    for view in declaring() {
        let full = full_link(view.name(), params(view));
        let ok = read(view, &Query::parse(&full));
        assert!(ok.notices.is_empty(), "{full}: {:?}", ok.notices);
        let mut names: Vec<&str> = params(view).iter().map(|p| p.name()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), params(view).len(), "{}: a parameter declared twice", view.name());
        for p in params(view) {
            for bad in p.bad_examples() {
                let link = format!("?view={}&{}={bad}", view.name(), p.name());
                let got = read(view, &Query::parse(&link));
                assert!(
                    got.notices.iter().any(|n| n.param.as_deref() == Some(p.name())),
                    "{link}: no notice about {} in {:?}",
                    p.name(),
                    got.notices
                );
            }
        }
    }
}

fn docs() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/views")
}

/// The table between `<!-- params KEY -->` and `<!-- /params -->` in `text`, as a range (KEY is
/// `view=NAME`, or `page` for the parameters every page shares).
fn marked(text: &str, key: &str) -> Option<std::ops::Range<usize>> {
    let open = format!("<!-- params {key} -->\n");
    let start = text.find(&open)? + open.len();
    let end = start + text[start..].find("<!-- /params -->")?;
    Some(start..end)
}

#[test]
fn the_reference_tables_are_generated_from_the_declarations() {
    let bless = std::env::var_os("BLESS").is_some();
    let files: Vec<PathBuf> = std::fs::read_dir(docs())
        .expect("docs/views")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    let mut tables: Vec<(String, &[&dyn Declared])> = vec![("page".into(), PAGE_PARAMS)];
    tables.extend(declaring().map(|v| (format!("view={}", v.name()), params(v))));
    let files: Vec<PathBuf> = files.into_iter().chain([docs().join("../links.md")]).collect();
    for (key, declared) in tables {
        let want = table(declared);
        let mut found = 0;
        for path in &files {
            let mut text = std::fs::read_to_string(path).expect("a docs page");
            let Some(range) = marked(&text, &key) else { continue };
            found += 1;
            if text[range.clone()] != want {
                assert!(bless, "{}: the table of {key} is not current; run BLESS=1 cargo test", path.display());
                text.replace_range(range, &want);
                std::fs::write(path, text).expect("write the docs page");
            }
        }
        assert_eq!(found, 1, "{key}: one marked table in docs/");
    }
}

/// The parameters every page shares: each bad example gets its notice (a tour's parameters are
/// read with a tour: `stops` with a custom one, the others with a built-in one).
#[test]
fn every_bad_page_value_gets_its_notice() {
    for p in PAGE_PARAMS {
        let base = match p.name() {
            "tour" => "view=ullman",
            "stops" => "view=ullman&tour=custom",
            _ => "view=ullman&tour=bloom-filters",
        };
        for bad in p.bad_examples() {
            let link = format!(
                "?{}&{}={bad}",
                base.split('&').filter(|kv| !kv.starts_with(&format!("{}=", p.name()))).collect::<Vec<_>>().join("&"),
                p.name()
            );
            let page = PageParams::from_query(&Query::parse(&link));
            assert!(page.notices.iter().any(|n| n.param.as_deref() == Some(p.name())), "{link}: {:?}", page.notices);
        }
    }
}
