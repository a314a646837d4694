//! The `moments` view: the surprise number, the AMS walkthrough and reservoir, the estimator at
//! scale.

pub mod ams_panel;
pub mod reservoir_panel;
pub mod scale_panel;
pub mod surprise_panel;
pub mod view;
