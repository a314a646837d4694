//! What the page draws, computed natively: grids of bits and counters as pixels, QR codes (the
//! charts are the next layer, `plot`, in `bloomlab-plot`).

pub mod bitmap;
pub mod counter_bitmap;
pub mod palette;
pub mod qr;
