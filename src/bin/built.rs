//! The built bundle (filters built once): the views whose row in the table of views (`bloomlab_core::link::views::VIEWS`)
//! names `Bundle::Built`, and no others.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab_core::link::views::Bundle::Built as usize }>();
}
