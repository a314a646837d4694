//! Bloom Lab: an interactive Bloom filter laboratory.
//!
//! `bloomlab_core` is the pure crate (filters, hashes, formulas, view models) and is tested
//! natively. This crate is the page, in layers named by its modules, lowest first:
//!
//! 1. `web`: the little browser glue (the address, storage, files, timers, events);
//! 2. `context`: the page context every part reads (the theme, presenter mode, a tour's stop);
//! 3. `parts`: the bundles a page fetches on first use (the lecturer's tools, a run at scale),
//!    mounted beside the view that asks for them;
//! 4. `hooks`: state and effects views share: the page skeleton (`page`: a model, its notices, its
//!    runs, its stepper and question, the address), long runs in slices, the open question as the
//!    keys see it, grids, plots kept between renders;
//! 5. `widgets`: what two or more views draw (bit arrays, charts, forms, the question box);
//! 6. `views`: one folder per view: a render of its core model (and its own parts);
//! 7. `app`: the root: navigation, home, tours, presenter mode, the speaker's notes;
//! 8. `bundles`: which views each shipped bundle holds, and mounting it.
//!
//! The rules, checked by `tests/rules.rs`:
//!
//! - a module uses its own layer and the layers before it, never one after it (`crate::…`
//!   paths): no hook draws a widget (the question box wires itself to a page through
//!   `hooks::question`), no view names the app, the app names no bundle;
//! - deliberately absent: a widget never names a hook's action type (it speaks its own, such as
//!   `Answering`, which the page's hooks translate); no view parses text (a form hands its field's
//!   text to the core, which reads it as the link's value);
//! - deliberately absent, outside the app: the core names no DOM selector (what a tour's note
//!   relies on is checked from `tests/facts/`), writes no colour of its own (`draw::palette` is
//!   the one palette, and the style sheet's custom properties are its swatches), and spells no
//!   parameter's name outside its declaration (`N.name`), nor a notice's `name = “value”`
//!   (`Notice::bad` writes it);
//! - a panel a link can point to (`focus`) takes its heading's id from its typed value
//!   (`link::page::Panel`);
//! - every view runs on the page skeleton (`hooks::page`) and its model returns its notices (the
//!   lists of exceptions in the test are empty and may not grow).

pub mod app;
pub mod bundles;
pub mod context;
pub mod hooks;
pub mod parts;
pub mod views;
pub mod web;
pub mod widgets;

/// Every bundle's allocator: talc, smaller than the default dlmalloc (see Cargo.toml). The page
/// is single-threaded (no atomics), which talc's dynamic allocator for wasm requires.
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
