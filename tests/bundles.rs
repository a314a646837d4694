//! The table of views (`core::link::views::VIEWS`) is the one list of views: the loader in
//! `index.html`, the end-to-end suite's list (`tests/e2e/views.json`) and the bundles follow it.
//! When a check here fails after adding a view, the message says what to write where.

use bloomlab::bundles::BUNDLES;
use bloomlab_core::link::page::PageParams;
use bloomlab_core::link::query::Query;
use bloomlab_core::link::tours::facts::FACTS;
use bloomlab_core::link::views::{Bundle, View, VIEWS};

fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The loader's map as the table says it should be written.
fn loader_map() -> String {
    let mut out = String::from("const chapters = {\n");
    for b in &Bundle::ALL {
        let views: Vec<String> = b.views().map(|v| format!("'{}'", v.name())).collect();
        out += &format!("        '{}': [{}],\n", b.file(), views.join(", "));
    }
    out + "      };"
}

#[test]
fn the_loader_follows_the_table() {
    let html = read("index.html");
    let want = loader_map();
    assert!(
        html.contains(&want),
        "index.html's loader must list the chapters as the table of views does:\n      {want}"
    );
    for b in Bundle::ALL {
        assert!(html.contains(&format!("data-bin=\"{}\"", b.file())), "{} is built", b.file());
    }
    assert!(html.contains(&format!("|| '{}'", Bundle::Filters.file())), "views of no chapter load the first bundle");
    // Every view has its prerendered page, and the map names every view once: the loader takes
    // its list of pages from the map.
    assert!(html.contains("const pages = Object.values(chapters).flat();"), "the pages are the map's views");
    let mut listed: Vec<View> = Bundle::ALL.iter().flat_map(|b| b.views()).collect();
    listed.sort_by_key(|v| v.name());
    let mut all = View::ALL.to_vec();
    all.sort_by_key(|v| v.name());
    assert_eq!(listed, all, "every view in exactly one bundle");
}

/// The end-to-end suite's list of views as the table says it should be written.
fn e2e_views() -> String {
    let rows: Vec<String> = VIEWS
        .iter()
        .map(|r| {
            format!(
                "  {{ \"name\": \"{}\", \"title\": \"{}\", \"bundle\": \"{}\", \"listed\": {} }}",
                r.name,
                r.title,
                r.bundle.file(),
                r.listed
            )
        })
        .collect();
    format!("[\n{}\n]\n", rows.join(",\n"))
}

/// The committed file `path` is `want` (`UPDATE_VIEWS=1` writes it first).
fn committed_as(path: &str, want: &str) {
    if std::env::var_os("UPDATE_VIEWS").is_some() {
        std::fs::write(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")), want).unwrap();
    }
    assert_eq!(read(path), want, "run `UPDATE_VIEWS=1 cargo test --test bundles` to write {path}");
}

#[test]
fn the_e2e_list_follows_the_table() {
    committed_as("tests/e2e/views.json", &e2e_views());
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
/// rely on (`link::tours::facts`), as JSON: the tour and stop (or the card's view), the link to
/// open, the element the note talks about, and the facts.
fn e2e_facts() -> String {
    let json = |s: &str| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let rows: Vec<String> = FACTS
        .iter()
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
