//! Renders each view's page as a bare link opens it (`?view=NAME`) with Yew's server renderer,
//! into `DIST/prerender/NAME.html` (its navigation left for the shell's), and puts the site's
//! navigation into `DIST/index.html`'s body as the shell painted before any of them arrives
//! (`bloomlab::app::prerender`); writes the loader's bundle map into `DIST/index.html` and the
//! table of views as `DIST/views.json` (the end-to-end suite's list), both from the table of
//! views (`bloomlab::bundles`), and the built-in tours' text as `DIST/tours.txt`
//! (`bloomlab_core::link::tours::loaded`). Trunk runs it after every build on its staging folder
//! (`Trunk.toml`):
//!   cargo run --example prerender -- DIST

use bloomlab::app::prerender::{inert_copy, with_shell, without_nav, FOLDER};
use bloomlab::app::{App, AppProps};
use bloomlab_core::link::views::View;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let Some(dist) = std::env::args().nth(1) else {
        eprintln!("usage: prerender DIST_FOLDER");
        std::process::exit(2);
    };
    let out = format!("{dist}/{FOLDER}");
    if let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("prerender: cannot create {out}: {e}");
        std::process::exit(1);
    }
    let mut shell = None;
    for view in View::ALL {
        let search = format!("?view={}", view.name());
        let html = yew::ServerRenderer::<App>::with_props(move || AppProps {
            search: search.clone().into(),
            views: bloomlab::bundles::all,
        })
        .render()
        .await;
        let path = format!("{out}/{}.html", view.name());
        let page = inert_copy(&html);
        if view == View::Home {
            shell = Some(page.clone());
        }
        if let Err(e) = std::fs::write(&path, without_nav(&page)) {
            eprintln!("prerender: cannot write {path}: {e}");
            std::process::exit(1);
        }
    }
    let index = format!("{dist}/index.html");
    let patched = std::fs::read_to_string(&index)
        .ok()
        .zip(shell)
        .and_then(|(html, home)| with_shell(&html, &home))
        .and_then(|html| bloomlab::bundles::with_loader_map(&html));
    let views = format!("{dist}/views.json");
    if let Err(e) = std::fs::write(&views, bloomlab::bundles::views_json()) {
        eprintln!("prerender: cannot write {views}: {e}");
        std::process::exit(1);
    }
    let tours = format!("{dist}/tours.txt");
    if let Err(e) = std::fs::write(&tours, bloomlab_core::link::tours::loaded::write()) {
        eprintln!("prerender: cannot write {tours}: {e}");
        std::process::exit(1);
    }
    match patched.map(|html| std::fs::write(&index, html)) {
        Some(Ok(())) => println!(
            "prerender: {} pages in {out}, the shell and the loader's map in {index}, {views}, {tours}",
            View::ALL.len()
        ),
        _ => {
            eprintln!("prerender: cannot put the shell into {index}");
            std::process::exit(1);
        }
    }
}
