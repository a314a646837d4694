//! The `mlbf` view.

pub mod compare_app;
pub mod compare_panel;
pub mod compare_results;
pub mod compare_table;
pub mod layer_trace_table;
pub mod layer_verdict_list;
pub mod url_layer_split;
pub mod url_tree;
pub mod verdict;
pub mod view;
pub mod xor_trace_table;
