//! The pure core: no Yew, no web-sys. Everything here is tested natively with `cargo test`.

pub mod bitmap;
pub mod bitvec;
pub mod calculator;
pub mod classic;
pub mod counter_bitmap;
pub mod counting;
pub mod counting_experiment;
pub mod counting_lab;
pub mod counting_presets;
pub mod darts;
pub mod experiment;
pub mod filter;
pub mod formulas;
pub mod fp_lab;
pub mod generate;
pub mod hashing;
pub mod notice;
pub mod page;
pub mod plot;
pub mod query;
pub mod skiena;
pub mod text;
pub mod ullman;
pub mod walkthrough;
