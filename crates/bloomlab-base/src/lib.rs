//! The core's lower layers, where its hot loops run: `text` < `engine` < `data` < `draw` (the
//! order and the rules are written in `bloomlab-core`'s `lib.rs`, which re-exports each of them).
//! Built at opt-level "s" (the workspace's `Cargo.toml`); no Yew, no web-sys, tested natively.

pub mod data;
pub mod draw;
pub mod engine;
pub mod text;
