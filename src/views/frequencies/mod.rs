//! The `frequencies` view: count-min with both updates, the count sketch, the counting filter of
//! the same memory and the error bound, on one stream.

pub mod estimates;
pub mod grid;
pub mod hitters;
pub mod scale_app;
pub mod scale_panel;
pub mod sizing;
pub mod view;
pub mod walk;
