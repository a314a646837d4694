//! The lecturer's tools' bundle: Embed's dialog and the tour editor, fetched by a page the first
//! time a lecturer uses one (`bloomlab::app::tools`); it holds no view.

fn main() {
    bloomlab::app::tools::mount();
}
