//! The core's chart layer, `plot`: a chart as data (curves, measured points with intervals, marks,
//! axes, legend), laid out as shapes and drawn through plotters' backends. It comes after `draw`
//! and before `link` in the order `bloomlab-core`'s `lib.rs` writes down, which re-exports it. A
//! chart is laid out once per drawing, never per item, so the crate is built at opt-level "z" for
//! size (the workspace's `Cargo.toml`).

// The lower layers under the names the code uses (`crate::text::…`), as in `bloomlab-core`.
use bloomlab_base::text;

pub mod plot;
