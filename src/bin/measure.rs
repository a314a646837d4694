//! The measurement bundle: the false-positive lab and the multi-layer filter.

fn main() {
    bloomlab::bundles::mount(bloomlab::bundles::measure);
}
