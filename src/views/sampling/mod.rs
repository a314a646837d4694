//! The `sampling` view: sampling a stream by position against by key.

pub mod stage;
pub mod view;
