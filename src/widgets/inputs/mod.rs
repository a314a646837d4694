//! What people type and choose: items, a filter's shape, examples, presets, their own data, and
//! the lecture stepper's controls.

pub mod dataset_picker;
pub mod example_form;
pub mod filter_controls;
pub mod item_form;
pub mod number_field;
pub mod preset_links;
pub mod stepper_controls;
