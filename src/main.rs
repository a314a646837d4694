//! The web app's entry point: mounts the root component with the page's query string.

fn main() {
    let search = bloomlab::web::location_search();
    yew::Renderer::<bloomlab::app::App>::with_props(bloomlab::app::AppProps { search: search.into() }).render();
}
