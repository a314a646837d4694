//! The multi-layer view's comparison as a bundle of its own, fetched by the page the first time
//! the comparison is asked for (`bloomlab::views::mlbf::compare_app`); it holds no view.

fn main() {
    bloomlab::views::mlbf::compare_app::mount();
}
