//! The measurement bundle: the views whose row in the table of views (`bloomlab_core::link::page::VIEWS`)
//! names `Bundle::Measure`, and no others.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab::core::link::page::Bundle::Measure as usize }>();
}
