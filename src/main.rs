//! The first bundle: home, classic, Ullman's example, Skiena's comparison, counting, benchmark.

fn main() {
    bloomlab::bundles::mount(bloomlab::bundles::filters);
}
