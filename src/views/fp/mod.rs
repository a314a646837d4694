//! The `fp` view.

pub mod calculator;
pub mod controls;
pub mod data_table;
pub mod export_buttons;
pub mod legend;
pub mod presets;
pub mod progress;
pub mod readouts;
pub mod view;
