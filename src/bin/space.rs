//! The space bundle (every filter built and measured): the views whose row in the table of views
//! (`bloomlab_core::link::views::VIEWS`) names `Bundle::Space`, and no others.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab_core::link::views::Bundle::Space as usize }>();
}
