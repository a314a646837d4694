//! The exercise sheets bundle: the views whose row in the table of views (`bloomlab_core::link::views::VIEWS`)
//! names `Bundle::Exercises`, and no others.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab_core::link::views::Bundle::Exercises as usize }>();
}
