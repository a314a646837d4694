//! Filters built once (`view=xor`): the xor and binary fuse filters' walkthrough, their sizes
//! and the build-success sweep.

pub mod panels;
pub mod stage;
pub mod view;
