//! The pure core: no Yew, no web-sys. Everything here is tested natively with `cargo test`.
//!
//! Folders name the layers: `engine` (filters, hashes, formulas, statistics), `data` (generated
//! and parsed inputs), `link` (the address as state), `draw` (pixels, plots), `labs` (one model per
//! view) and `lectures` (walkthroughs as data); `text` writes numbers and text for every layer.

pub mod data;
pub mod draw;
pub mod engine;
pub mod labs;
pub mod lectures;
pub mod link;
pub mod text;
