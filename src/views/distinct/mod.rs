//! The `distinct` view: Flajolet–Martin step by step, combining estimates at scale, and
//! neighbourhood sizes.

pub mod combine_panel;
pub mod graph_panel;
pub mod panels;
pub mod sketch_panel;
pub mod stage;
pub mod view;
