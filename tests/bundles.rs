//! The table of views (`core::link::views::VIEWS`) is the one list of views: the build writes the
//! loader's map into `index.html` and the end-to-end suite's list (`DIST/views.json`) from it, and
//! the bundles follow it. When a check here fails after adding a view, the message says what to
//! write where.

use bloomlab::bundles::{loader_map, views_json, with_loader_map, BUNDLES, LOADER_MAP_MARK};
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::query::Query;
use bloomlab_core::link::views::{Bundle, View, VIEWS};

#[path = "facts/mod.rs"]
mod facts;

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn the_loader_gets_its_map_from_the_table_at_build_time() {
    let html = read("index.html");
    assert!(
        html.contains(LOADER_MAP_MARK),
        "index.html keeps the mark the build writes the map over: {LOADER_MAP_MARK}"
    );
    let built = with_loader_map(&html).expect("the map is written");
    let map = loader_map();
    assert!(built.contains(&map) && !built.contains(LOADER_MAP_MARK));
    for b in Bundle::ALL {
        assert!(html.contains(&format!("data-bin=\"{}\"", b.file())), "{} is built", b.file());
        let views: Vec<String> = b.views().map(|v| format!("'{}'", v.name())).collect();
        assert!(map.contains(&format!("'{}': [{}]", b.file(), views.join(", "))), "{map}");
    }
    assert!(html.contains(&format!("|| '{}'", Bundle::Home.file())), "views of no chapter load the first bundle");
    // Every view has its prerendered page, and the map names every view once: the loader takes
    // its list of pages from the map.
    assert!(html.contains("const pages = Object.values(chapters).flat();"), "the pages are the map's views");
    for v in View::ALL {
        assert_eq!(map.matches(&format!("'{}'", v.name())).count(), 1, "{v:?} in exactly one bundle");
    }
}

#[test]
fn the_e2e_list_is_the_table() {
    let json = views_json();
    let rows: Vec<&str> = json.lines().filter(|l| l.contains("\"name\"")).collect();
    assert_eq!(rows.len(), VIEWS.len());
    for (row, line) in VIEWS.iter().zip(rows) {
        for part in [
            format!("\"name\": \"{}\"", row.name),
            format!("\"bundle\": \"{}\"", row.bundle.file()),
            format!("\"listed\": {}", row.listed),
        ] {
            assert!(line.contains(&part), "{line} has {part}");
        }
    }
    assert!(
        !std::path::Path::new(&format!("{}/tests/e2e/views.json", env!("CARGO_MANIFEST_DIR"))).exists(),
        "the list is written by the build, not kept by hand"
    );
}

/// The committed file `path` is `want` (`UPDATE_VIEWS=1` writes it first).
fn committed_as(path: &str, want: &str) {
    if std::env::var_os("UPDATE_VIEWS").is_some() {
        std::fs::write(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")), want).unwrap();
    }
    assert_eq!(read(path), want, "run `UPDATE_VIEWS=1 cargo test --test bundles` to write {path}");
}

#[test]
fn every_view_is_drawn_by_exactly_its_bundle() {
    for v in View::ALL {
        let q = Query::parse(&format!("?view={}", v.name()));
        let page = PageParams::from_query(&q);
        let holders: Vec<Bundle> =
            BUNDLES.iter().filter(|(_, draw)| draw(&page, &q).is_some()).map(|(b, _)| *b).collect();
        assert_eq!(holders, [v.bundle()], "{v:?}");
        assert_eq!(View::parse(v.name()), Some(v));
    }
    for (i, (b, _)) in BUNDLES.iter().enumerate() {
        assert_eq!(*b as usize, i, "BUNDLES follows Bundle::ALL");
    }
}

/// The end-to-end suite's list of what every built-in stop's note and every home card's "watch for"
/// rely on (`tests/facts/`), as JSON: the tour and stop (or the card's view), the link to
/// open, the element the note talks about, and the facts.
fn e2e_facts() -> String {
    let json = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let rows: Vec<String> = facts::all()
        .map(|f| {
            let link = match (f.tour, f.view) {
                (_, Some(_)) | ("moment", _) => format!("?{}", f.link),
                (tour, None) => format!("?tour={tour}&stop={}", f.stop),
            };
            let facts: Vec<String> = f
                .facts
                .iter()
                .map(|c| format!(
                        "{{ \"select\": {}, \"op\": {}, \"attr\": {}, \"value\": {} }}",
                        json(c.select),
                        json(c.op),
                        json(c.attr),
                        json(c.value)
                    ))
                .collect();
            format!(
                "  {{ \"tour\": {}, \"stop\": {}, \"view\": {}, \"link\": {}, \"shows\": {},\n    \"facts\": [\n      {}\n    ] }}",
                json(f.tour),
                f.stop,
                json(f.view.map_or("", View::name)),
                json(&link),
                json(f.shows),
                facts.join(",\n      ")
            )
        })
        .collect();
    format!("[\n{}\n]\n", rows.join(",\n"))
}

#[test]
fn the_e2e_facts_follow_the_core() {
    committed_as("tests/e2e/tour-facts.json", &e2e_facts());
}

#[test]
fn the_docs_list_every_view_of_the_table() {
    // docs/views/README.md has a row per view; README.md says how many views the chapters hold.
    let list = read("docs/views/README.md");
    for row in VIEWS {
        assert!(list.contains(&format!("| `{}` |", row.name)), "docs/views/README.md has no row for `{}`", row.name);
        // A chapter's view is in its chapter's line of the list of pages.
        if row.chapter.is_some() {
            let named = list.lines().any(|l| l.starts_with("- [") && l.contains(&format!("`{}`", row.name)));
            assert!(named, "docs/views/README.md names `{}` in no chapter's page", row.name);
        }
    }
    let taught = VIEWS.iter().filter(|r| r.chapter.is_some()).count();
    // Said in words, from fifteen up.
    let words = ["Fifteen", "Sixteen", "Seventeen", "Eighteen", "Nineteen", "Twenty", "Twenty-one", "Twenty-two"];
    let word = taught.checked_sub(15).and_then(|i| words.get(i)).expect("a count the test can write in words");
    let chapters = ["five", "six", "seven"][bloomlab_core::link::views::Chapter::ALL.len() - 5];
    let said = format!("{word} views in {chapters} teaching chapters");
    assert!(read("README.md").contains(&said), "README.md should say \u{201c}{said}\u{201d}");
}

/// The wasm target's panic locations are written without cargo's registry prefix
/// (`.cargo/config.toml`, docs/figures.md: 200-470 bytes a page, which the moments page needs).
/// The prefix names this machine's registry: were cargo's home elsewhere, the remap would match
/// nothing and every page would quietly grow, so say so here rather than in the page budget.
#[test]
fn the_remapped_registry_is_this_machines() {
    let config = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/.cargo/config.toml")).unwrap();
    let prefix = config.split("--remap-path-prefix=").nth(1).and_then(|r| r.split('=').next()).expect("a remap");
    let home = std::env::var("CARGO_HOME").unwrap_or_else(|_| format!("{}/.cargo", std::env::var("HOME").unwrap()));
    assert!(prefix.starts_with(&format!("{home}/registry/src/")), "{prefix} is not under {home}");
    assert!(std::path::Path::new(prefix).is_dir(), "{prefix}: no such registry here");
}
