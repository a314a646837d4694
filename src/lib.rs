//! Bloom Lab: an interactive Bloom filter laboratory.
//!
//! `core` is pure Rust (bit vectors, hash families, filters, formulas, URL state);
//! `components` renders it with Yew.

pub mod core;
