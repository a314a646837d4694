//! The search bundle: the search comparison — the views whose row in the table of views
//! (`bloomlab_core::link::views::VIEWS`) names `Bundle::Search`, and no others.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab_core::link::views::Bundle::Search as usize }>();
}
