//! One folder per view: the view, its state (a reducer around a core model) and its own parts.

pub mod bench;
pub mod classic;
pub mod counting;
pub mod fp;
pub mod mlbf;
pub mod skiena;
pub mod ullman;
