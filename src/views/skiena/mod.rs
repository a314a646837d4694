//! The `skiena` view.

pub mod view;
