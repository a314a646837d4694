//! The applications bundle: where Bloom filters earn their keep (the search comparison).

fn main() {
    bloomlab::bundles::mount(bloomlab::bundles::apps);
}
