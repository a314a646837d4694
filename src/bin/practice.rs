//! The practice bundle: running an algorithm by hand — the views whose row in the table of views
//! (`bloomlab_core::link::views::VIEWS`) names `Bundle::Practice`, and no others.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab_core::link::views::Bundle::Practice as usize }>();
}
