//! The `skiena` view.

pub mod state;
pub mod view;
