//! The `hashes` view.

pub mod view;
