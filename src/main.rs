//! The first bundle (the home page, and any view no bundle names): the views whose row in the
//! table of views (`bloomlab_core::link::views::VIEWS`) names `Bundle::Home`, and no others.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab_core::link::views::Bundle::Home as usize }>();
}
