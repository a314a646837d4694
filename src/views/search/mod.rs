//! The `search` view: the MLBF paper's comparison of search methods, measured in the page.

pub mod results;
pub mod view;
