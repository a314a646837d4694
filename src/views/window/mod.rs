//! Counting ones in a window (`view=window`): the DGIM walkthrough on a typed or generated bit
//! stream, and its errors measured at every t of a generated stream.

pub mod scale_panel;
pub mod stream_panel;
pub mod view;
