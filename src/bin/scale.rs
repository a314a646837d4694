//! The frequencies view's run at scale as a bundle of its own, fetched by the page the first time
//! the run is asked for (`bloomlab::views::frequencies::scale_app`); it holds no view.

fn main() {
    bloomlab::views::frequencies::scale_app::mount();
}
