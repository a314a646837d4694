//! The variants bundle: the counting filter and the toolbox — the views whose row in the table of views
//! (`bloomlab_core::link::views::VIEWS`) names `Bundle::Variants`, and no others.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab_core::link::views::Bundle::Variants as usize }>();
}
