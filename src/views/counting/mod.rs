//! The `counting` view.

pub mod counter_canvas;
pub mod experiment_panel;
pub mod multiset_table;
pub mod readouts;
pub mod trace_table;
pub mod verdict;
pub mod view;
