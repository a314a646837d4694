//! The streams bundle: the views whose row in the table of views (`bloomlab_core::link::views::VIEWS`)
//! names `Bundle::Streams`, and no others.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab_core::link::views::Bundle::Streams as usize }>();
}
