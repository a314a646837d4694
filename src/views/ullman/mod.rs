//! The `ullman` view.

pub mod binary_split;
pub mod darts_panel;
pub mod slide_table;
pub mod view;
