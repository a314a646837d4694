//! Bloom Lab: an interactive Bloom filter laboratory.
//!
//! `bloomlab_core` is the pure crate (filters, hashes, formulas, view models) and is tested natively. The UI
//! is grouped by role: `app` (root, navigation, home, theme), `hooks` (shared hooks and control
//! callbacks), `widgets` (what two or more views share) and `views/<view>/` (a view, its state and
//! its own parts). `bundles` says which views each shipped bundle holds; `web` is the little
//! browser glue.

pub mod app;
pub mod bundles;
pub mod hooks;
pub mod views;
pub mod web;
pub mod widgets;

/// Every bundle's allocator: talc, smaller than the default dlmalloc (see Cargo.toml). The page
/// is single-threaded (no atomics), which talc's dynamic allocator for wasm requires.
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
