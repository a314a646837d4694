//! The practice bundle's second build: the same views as `practice.rs`, built with the streams
//! chapters' drills instead of the filter chapters' (`data-cargo-features` in index.html;
//! `bloomlab::bundles::PRACTICE_STREAMS`). The loader opens a streams exercise's link on it.

fn main() {
    bloomlab::bundles::mount::<{ bloomlab_core::link::views::Bundle::Practice as usize }>();
}
