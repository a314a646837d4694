//! The `tally` view: a class's result codes, every score recomputed, the common mistakes. The page
//! holds the form (`view`); the results are a bundle of their own (`results`, `students`).

pub mod results;
pub mod students;
pub mod view;
