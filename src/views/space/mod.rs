//! The space they need (`view=space`): bits per key against the false-positive rate for eight
//! filters built and measured in the page, what each gives up, Parquet's split-block filter and a
//! ribbon filter's elimination step by step.

pub mod chart_panel;
pub mod ribbon_panel;
pub mod split_panel;
pub mod view;
