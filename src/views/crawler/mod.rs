//! The `crawler` view: why a crawler restarts its filter.

pub mod results;
pub mod view;
