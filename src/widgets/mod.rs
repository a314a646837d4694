//! What two or more views share, by role: the array drawings, the charts, the inputs, and the
//! notices.

pub mod arrays;
pub mod cells;
pub mod charts;
pub mod inputs;
pub mod notice_list;
pub mod progress_line;
pub mod question;
