//! The class tally's bundle: the views whose row in the table of views (`bloomlab_core::link::views::VIEWS`)
//! names `Bundle::Tally`, and no others.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab_core::link::views::Bundle::Tally as usize }>();
}
