//! The `practice` view: run an algorithm by hand, each step graded, mistakes named.

#[cfg(feature = "filter-drills")]
pub mod built;
pub mod course;
pub mod lms;
pub mod parts;
pub mod view;
