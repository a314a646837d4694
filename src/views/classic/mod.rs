//! The `classic` view.

pub mod bulk_controls;
pub mod item_list;
pub mod readouts;
pub mod view;
