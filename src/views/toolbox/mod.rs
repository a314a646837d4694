//! The `toolbox` view: set operations, counting what is inside, a wrong n, the variants.

pub mod sets_panel;
pub mod variants_panel;
pub mod view;
