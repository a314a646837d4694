//! Lecture walkthroughs as data (lists of steps) and the one stepper that drives them.

pub mod count_min;
pub mod darts;
pub mod dgim;
pub mod distinct;
pub mod moments;
pub mod questions;
pub mod sampling;
pub mod skiena;
pub mod stepper;
pub mod ullman;
