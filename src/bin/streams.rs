//! The streams bundle: the stream-mining chapter (moments and the AMS estimate).

fn main() {
    bloomlab::bundles::mount(bloomlab::bundles::streams);
}
