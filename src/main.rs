//! The first bundle (home and the classic filter): the views whose row in the table of views
//! (`bloomlab_core::link::views::VIEWS`) names `Bundle::Filters`, and no others.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab_core::link::views::Bundle::Filters as usize }>();
}
