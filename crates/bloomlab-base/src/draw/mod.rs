//! What the page draws, computed natively: grids of bits and counters as pixels, plots as shapes.

pub mod bitmap;
pub mod counter_bitmap;
pub mod plot;
pub mod qr;
