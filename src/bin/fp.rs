//! The false-positive lab's bundle: the views whose row in the table of views (`bloomlab_core::link::views::VIEWS`)
//! names `Bundle::Fp`, and no others.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab_core::link::views::Bundle::Fp as usize }>();
}
