//! Charts and formulas: the plotters canvas (with its numbers as a table), legends, and a
//! formula's row beside a measurement.

pub mod chart_canvas;
pub mod chart_legend;
pub mod export;
pub mod theory;
