//! Bloom Lab: an interactive Bloom filter laboratory.
//!
//! `core` is pure Rust (bit vectors, hash families, filters, formulas, URL state) and is
//! tested natively; `components` renders it with Yew; `web` is the little browser glue.

pub mod components;
pub use bloomlab_core as core;
pub mod web;
