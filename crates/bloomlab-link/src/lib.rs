//! The core's cold layers: `link` (the address as state, notices, the table of views, tours) and
//! `lectures` (walkthroughs as data, their stepper and questions), above the layers of
//! `bloomlab-base`. They run once per click, not per item, so they are built at opt-level "z"
//! for size (the workspace's `Cargo.toml`). `bloomlab-core`'s `lib.rs` writes down the order of
//! the layers and the rules, and re-exports both modules.

// The lower layers under the names the code uses (`crate::engine::…`), as in `bloomlab-core`.
use bloomlab_base::{engine, text};
use bloomlab_plot::plot;

pub mod lectures;
pub mod link;
