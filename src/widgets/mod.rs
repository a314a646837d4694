//! What two or more views share: bit-array canvas, trace table, verdict, notices, stepper controls.

pub mod bit_array_canvas;
pub mod chart_canvas;
pub mod chart_legend;
pub mod dataset_picker;
pub mod example_form;
pub mod filter_controls;
pub mod grid_paint;
pub mod item_form;
pub mod notice_list;
pub mod preset_links;
pub mod stepper_controls;
pub mod theory;
pub mod trace_table;
pub mod verdict_banner;
