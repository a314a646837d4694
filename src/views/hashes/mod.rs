//! The `hashes` view.

pub mod state;
pub mod view;
