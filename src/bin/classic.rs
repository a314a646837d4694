//! The classic filter's bundle: the views whose row in the table of views
//! (`bloomlab_core::link::views::VIEWS`) names `Bundle::Classic`, and no others.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab_core::link::views::Bundle::Classic as usize }>();
}
