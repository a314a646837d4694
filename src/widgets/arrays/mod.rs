//! Drawing a filter's array: the pixel-buffer canvas, the cell painter, the trace of an item's
//! positions, and the verdict of a lookup.

pub mod bit_array_canvas;
pub mod grid_paint;
pub mod trace_table;
pub mod verdict_banner;
