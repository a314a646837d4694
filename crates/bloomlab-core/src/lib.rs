//! The pure core: no Yew, no web-sys. Everything here is tested natively with `cargo test`.
//!
//! The core is four crates, so that each can be built for what it does (the workspace's
//! `Cargo.toml`): `bloomlab-base` holds the layers with the hot loops (`text`, `engine`, `data`,
//! `draw`), built at opt-level "s"; `bloomlab-plot` (the charts, laid out once per drawing) and
//! `bloomlab-link` (`link`, `lectures`: reading the address, tours, walkthroughs as data) hold the
//! cold layers above them, built at "z" for size; this crate holds `labs` and names every layer,
//! so `bloomlab_core::engine` and `crate::engine` read the same wherever the layer lives.
//!
//! Folders name the layers, lowest first:
//!
//! 1. `text`: numbers and text written and read (decimals, digit groups, sentences), for every layer;
//! 2. `engine`: the machinery (filters, hashes, formulas, statistics, sketches, frequency moments,
//!    sliced work);
//! 3. `data`: what the labs run on (generated items and URLs, people's own files, URL layers);
//! 4. `draw`: what the page draws, computed natively (pixel buffers, QR codes);
//! 5. `plot`: charts as data (curves, measured points and intervals, marks, axes, legends), laid
//!    out as shapes and drawn through plotters' backends (the canvas, SVG for exports);
//! 6. `link`: the address as state (query strings, notices, the shared readers, the table of
//!    views, tours);
//! 7. `lectures`: walkthroughs as data, the one stepper that drives them (with `Stepped`, a
//!    walkthrough's step in the link) and the questions they ask;
//! 8. `labs`: one model per view, each built from the layers above (a lab that shows a walkthrough
//!    holds it; a lab's own questions are the lab's).
//!
//! The rules, checked by `tests/rules.rs` at the workspace root (which reads the source tree):
//!
//! - a module uses its own layer and the layers before it, never one after it (`crate::…` paths):
//!   `link` and `lectures` never name `labs`, `engine` never names `data`; a test that needs a
//!   later layer sits with that layer, or in `tests/` (outside the layers);
//! - no view (`src/views/**`) parses text (no `.parse` / `parse::<`): a form hands its field's text
//!   to the core, which reads, range-checks and writes link values, with the notices a link gets;
//! - no function is longer than 80 lines (from its `fn` line to its closing brace, tests and
//!   `html!` bodies included), and no source file is longer than 400 lines; what breaks either
//!   today is listed in the test with its length, which may shrink and never grow.

pub use bloomlab_base::{data, draw, engine, text};
pub use bloomlab_link::{lectures, link};
pub use bloomlab_plot::plot;

pub mod labs;
