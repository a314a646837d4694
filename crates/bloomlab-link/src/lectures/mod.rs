//! Lecture walkthroughs as data (lists of steps), the one stepper that drives them, and a view's
//! model as the page skeleton runs it (`model`).

pub mod count_min;
pub mod darts;
pub mod dgim;
pub mod distinct;
pub mod model;
pub mod moments;
pub mod questions;
pub mod sampling;
pub mod skiena;
pub mod stepper;
pub mod ullman;
