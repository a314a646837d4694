//! What two or more views share: bit-array canvas, trace table, verdict, notices, stepper controls.

pub mod bit_array_canvas;
pub mod grid_paint;
pub mod hash_trace_table;
pub mod notice_list;
pub mod stepper_controls;
pub mod verdict_banner;
