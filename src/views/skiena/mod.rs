//! The `skiena` view.

pub mod chart;
pub mod view;
