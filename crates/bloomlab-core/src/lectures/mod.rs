//! Lecture walkthroughs as data (lists of steps) and the one stepper that drives them.

pub mod darts;
pub mod skiena;
pub mod stepper;
pub mod ullman;
